#!/usr/bin/env python3
"""Compares delineate's PDF text with poppler's pdftotext, the reference (issue 5's quality bar).

For each PDF: words (lower-case runs of letters and digits, after NFKC) as a bag, F1 of the two
bags; and word bigrams, F1 of those — bigrams break where columns are interleaved or lines run
together, so the bigram score is the reading-order check. Gzipped PDFs are unpacked to /tmp.

Usage: python3 scripts/pdf_f1.py [PDF ...]   (default: /usr/share/doc PDFs + tests/fixtures)
Needs pdftotext (apt-get install poppler-utils) and a release build (cargo build --release)."""
import collections, glob, gzip, json, os, re, subprocess, sys, time, unicodedata

BIN = "target/release/delineate"


def words(text):
    text = unicodedata.normalize("NFKC", text).lower()
    return re.findall(r"[^\W_]+", text)


def f1(a, b):
    ca, cb = collections.Counter(a), collections.Counter(b)
    overlap = sum((ca & cb).values())
    if not a or not b:
        return 0.0
    return 2 * overlap / (len(a) + len(b))


def bigrams(w):
    return list(zip(w, w[1:]))


def main():
    paths = sys.argv[1:] or (
        sorted(glob.glob("/usr/share/doc/**/*.pdf", recursive=True))
        + sorted(glob.glob("/usr/share/doc/**/*.pdf.gz", recursive=True))
        + ["tests/fixtures/formats/twocol.pdf", "tests/fixtures/formats/twocol-gs.pdf"]
    )
    rows = []
    seen = set()
    for p in paths:
        key = os.path.realpath(p)
        if key in seen:
            continue
        seen.add(key)
        src = p
        if p.endswith(".gz"):
            src = "/tmp/" + os.path.basename(p)[:-3]
            with gzip.open(p) as g, open(src, "wb") as f:
                f.write(g.read())
        t0 = time.time()
        r = subprocess.run([BIN, "extract", "--json", "--unit", "file", src], capture_output=True, text=True)
        ours_ms = (time.time() - t0) * 1000
        try:
            d = json.loads(r.stdout.splitlines()[0])
            ours = "\n".join(u["text"] for u in d["units"])
        except Exception:
            ours = ""
        t0 = time.time()
        ref = subprocess.run(["pdftotext", src, "-"], capture_output=True, text=True).stdout
        ref_ms = (time.time() - t0) * 1000
        wa, wb = words(ours), words(ref)
        rows.append((os.path.basename(src), f1(wa, wb), f1(bigrams(wa), bigrams(wb)), len(wa), len(wb), ours_ms, ref_ms))
    print(f"{'pdf':<34} {'word F1':>8} {'bigram F1':>9} {'words':>8} {'pdftotext':>9} {'ms':>7} {'ref ms':>7}")
    for name, a, b, n, m, t, rt in rows:
        print(f"{name:<34} {a:8.3f} {b:9.3f} {n:8d} {m:9d} {t:7.0f} {rt:7.0f}")
    total_a = sum(r[1] * r[4] for r in rows) / max(1, sum(r[4] for r in rows))
    print(f"word-weighted mean word F1: {total_a:.3f}")


if __name__ == "__main__":
    main()
