#!/usr/bin/env python3
"""What Python users run today, on the same snippets as `cargo bench --bench langid`.

Reads target/langid-snippets.tsv (code<TAB>snippet, written by the bench), classifies every
snippet with py3langid and langid.py restricted to the nine languages (their own models,
set_languages), and prints snippets/s (median of 3 runs, one thread) and accuracy. Then runs the
delineate binary's `langid --lines` on the same snippets for the end-to-end figure.

Needs: pip install py3langid langid; cargo build --release; cargo bench --bench langid."""
import statistics, subprocess, sys, time

NINE = ["en", "de", "fr", "es", "pt", "it", "nl", "ms", "id"]


def load(path="target/langid-snippets.tsv"):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            code, text = line.rstrip("\n").split("\t", 1)
            rows.append((code, text))
    return rows


def bench(name, classify, rows):
    rates, right = [], 0
    for run in range(3):
        t = time.perf_counter()
        ok = 0
        for code, text in rows:
            ok += classify(text) == code
        rates.append(len(rows) / (time.perf_counter() - t))
        right = ok
    print(f"{name:<28} {statistics.median(rates):>9.0f} snippets/s   accuracy {right * 100 / len(rows):.1f} %")


def main():
    rows = load()
    print(f"{len(rows)} snippets of at least 20 characters, nine languages")
    try:
        import py3langid
        py3langid.set_languages(NINE)
        bench("py3langid (nine languages)", lambda t: py3langid.classify(t)[0], rows)
    except ImportError:
        print("py3langid not installed (pip install py3langid)")
    try:
        import langid
        langid.set_languages(NINE)
        bench("langid.py (nine languages)", lambda t: langid.classify(t)[0], rows)
    except ImportError:
        print("langid.py not installed (pip install langid)")
    # delineate end to end: one process classifying every line.
    text = "\n".join(t for _, t in rows) + "\n"
    for method in ["ct", "nb"]:
        t = time.perf_counter()
        out = subprocess.run(
            ["target/release/delineate", "langid", "--lines", "--no-abstain", "--method", method,
             "--only", ",".join(NINE), "-"],
            input=text, capture_output=True, text=True, check=True).stdout
        dt = time.perf_counter() - t
        got = [l.split("\t")[1] for l in out.splitlines()]
        right = sum(g == c for g, (c, _) in zip(got, rows))
        print(f"{'delineate --method ' + method + ' (process)':<28} {len(rows) / dt:>9.0f} snippets/s   accuracy {right * 100 / len(rows):.1f} %")


if __name__ == "__main__":
    sys.exit(main())
