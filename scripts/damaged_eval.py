#!/usr/bin/env python3
"""Scores the likely verdict on a damaged dev set (scripts/make_damaged_devset.py): a file is
read right when the text decoded under `likely` has every letter of the truth's, where the
truth (an ISO 8859 text with windows-125x bytes typed in) may read a typed byte as a C1 control
(windows-1252's `“` for ISO-8859-15's U+0093 is right). A file given segments counts as wrong;
a line says how many of them `decode --encoding likely` (each segment with its own verdict)
nonetheless reads with every letter.
Prints accuracy per kind (ISO 8859 damaged, Windows with its own quotes) and length, the
confusions, and the reliability of the confidence.

  scripts/damaged_eval.py DAMAGED_DEVSET [--bin target/release/delineate] [--others]

--others scores chardet and charset-normalizer too (their Python APIs, when importable), on
the same terms.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from encoding_eval import decode  # noqa: E402


def letters_right(got, want):
    return (got is not None and len(got) == len(want)
            and all(x == y or "\x80" <= y <= "\x9f" for x, y in zip(got, want)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("devset")
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "delineate"))
    ap.add_argument("--others", action="store_true")
    a = ap.parse_args()
    lines = open(os.path.join(a.devset, "manifest.tsv"), encoding="utf-8").read().splitlines()
    head = lines[0].split("\t")
    rows = [dict(zip(head, l.split("\t"))) for l in lines[1:]]
    right = collections.Counter()
    total = collections.Counter()
    confusions = collections.Counter()
    bins = collections.defaultdict(lambda: [0, 0, 0.0])
    segmented = [0, 0]
    for start in range(0, len(rows), 500):
        part = rows[start:start + 500]
        paths = [os.path.join(a.devset, "files", r["file"]) for r in part]
        out = subprocess.run([a.bin, "inspect", "--json"] + paths, capture_output=True, check=False)
        for r, line, path in zip(part, out.stdout.decode("utf-8").splitlines(), paths):
            j = json.loads(line)
            data = open(path, "rb").read()
            ok = not j.get("segments") and letters_right(decode(data, j["likely"]["name"]), decode(data, r["encoding"]))
            if j.get("segments"):
                # What a user gets: each segment decoded with its own verdict.
                got = subprocess.run([a.bin, "decode", "--encoding", "likely", path],
                                     capture_output=True, check=False).stdout.decode("utf-8", "replace")
                segmented[0] += 1
                segmented[1] += letters_right(got, decode(data, r["encoding"]))
            kind = ("ISO damaged" if r["encoding"].startswith("ISO") else "Windows, own quotes", r["length"])
            total[kind] += 1
            right[kind] += ok
            if not ok:
                confusions[(r["encoding"], j["likely"]["name"] + (" (segments)" if j.get("segments") else ""))] += 1
            c = j["likely"]["confidence"]
            b = bins[min(int(c * 10), 9)]
            b[0] += 1
            b[1] += ok
            b[2] += c
    for k in sorted(total):
        print(f"  {k[0]:22} {k[1]:>4}: {right[k]:5} / {total[k]:5}  {100 * right[k] / total[k]:5.1f} %")
    n = sum(total.values())
    print(f"  all: {sum(right.values())} / {n}  {100 * sum(right.values()) / n:.1f} %")
    print(f"  files given segments (counted wrong above): {segmented[0]}; decoded segment by segment"
          f" (`decode --encoding likely`) with every letter of the truth: {segmented[1]}")
    print("  confusions:", ", ".join(f"{t}→{g} {c}" for (t, g), c in confusions.most_common(12)))
    ece = 0.0
    for k in sorted(bins):
        files, ok, conf = bins[k]
        ece += abs(conf - ok) / n
        print(f"    {k / 10:.1f}–{(k + 1) / 10:.1f} {files:6} {conf / files:6.3f} {ok / files:6.3f}")
    print(f"  expected calibration error: {ece:.3f}")
    if a.others:
        others(a.devset, rows)


def others(devset, rows):
    """chardet and charset-normalizer, when importable, scored as above."""
    detectors = []
    try:
        import chardet
        detectors.append((f"chardet {chardet.__version__}", lambda b: chardet.detect(b)["encoding"]))
    except ImportError:
        print("chardet: not installed")
    try:
        import charset_normalizer

        def cn(b):
            best = charset_normalizer.from_bytes(b).best()
            return best.encoding if best else None
        detectors.append((f"charset-normalizer {charset_normalizer.__version__}", cn))
    except ImportError:
        print("charset-normalizer: not installed")
    for name, detect in detectors:
        right = collections.Counter()
        total = collections.Counter()
        for r in rows:
            data = open(os.path.join(devset, "files", r["file"]), "rb").read()
            label = detect(data)
            kind = "ISO damaged" if r["encoding"].startswith("ISO") else "Windows, own quotes"
            total[kind] += 1
            right[kind] += bool(label) and letters_right(decode(data, label), decode(data, r["encoding"]))
        n = sum(total.values())
        parts = ", ".join(f"{k} {right[k]} / {total[k]}" for k in sorted(total))
        print(f"  {name}: {sum(right.values())} / {n} ({100 * sum(right.values()) / n:.1f} %): {parts}")


if __name__ == "__main__":
    main()
