#!/usr/bin/env python3
"""Segmentation on files joined at line ends (issue 18): a second measure beside the dev set's
concatenations, which are two whole 1,024-byte texts joined mid-line.

From the plain 1 KB and 10 KB single-encoding files of a dev set (scripts/make_encoding_devset.py;
UTF-16 left out, since files with NUL bytes are never cut) it builds N files of two or three
pieces, each 3, 6 or 12 whole lines from a random file (as concatenated mails or logs are), with
the joins recorded; runs `delineate inspect --json` on them and reports, for each join between
two encodings that read either piece differently, whether a segment boundary lies within 16
bytes of it — by the fewer non-ASCII bytes of the two pieces, since a piece with one accented
letter is left as damage by design — and how many boundaries lie near no join.

  scripts/joins_eval.py DEVSET_DIR OUT_DIR [--bin target/release/delineate] [--n 1000] [--seed 321]
"""
import argparse
import json
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from make_encoding_devset import PY  # noqa: E402


def sources(devset, lengths=("1k", "10k")):
    """Plain files of these lengths in one encoding, not UTF-16, with their encodings."""
    out = {}
    with open(os.path.join(devset, "manifest.tsv"), encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            c = line.split("\t")
            if len(c) < 8 or c[2] == "mixed" or c[7] or c[4] != "plain":
                continue
            if c[3] not in lengths or c[1].startswith("UTF-16") or c[1] not in PY:
                continue
            out[os.path.join(devset, "files", c[0])] = c[1]
    return out


def build(devset, out_dir, n, seed):
    """Writes the joined files and returns {path: [(offset, encoding before, after)]}."""
    rnd = random.Random(seed)
    enc = sources(devset)
    paths = sorted(enc)
    os.makedirs(out_dir, exist_ok=True)
    truth = {}
    for i in range(n):
        data, joins, prev = b"", [], None
        for p in rnd.sample(paths, rnd.choice([2, 2, 3])):
            with open(p, "rb") as f:
                lines = f.read().split(b"\n")
            a = rnd.randrange(len(lines))
            piece = b"\n".join(lines[a:a + rnd.choice([3, 6, 12])])
            if len(piece) < 200:
                continue
            if data:
                joins.append((len(data), enc[prev], enc[p]))
            data += piece + b"\n"
            prev = p
        path = os.path.join(out_dir, "%04d.bin" % i)
        with open(path, "wb") as f:
            f.write(data)
        truth[path] = joins
    return truth


def decode(b, e):
    return b.decode(PY[e], errors="replace")


def arguments(seed):
    """The arguments of a measure built from a dev set (this one and scripts/pasted_eval.py)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("devset")
    ap.add_argument("out_dir")
    ap.add_argument("--bin", default="target/release/delineate")
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=seed)
    return ap


def inspect(binary, paths):
    """`delineate inspect --json` of each path, as {path: report}."""
    out = subprocess.run([binary, "inspect", "--json", *paths], capture_output=True, check=True,
                         text=True).stdout
    return {o["path"]: o for o in map(json.loads, out.splitlines())}


def main():
    a = arguments(321).parse_args()
    truth = build(a.devset, a.out_dir, a.n, a.seed)
    found = {p: [s["byte_span"]["start"] for s in (o.get("segments") or [])][1:]
             for p, o in inspect(a.bin, truth).items()}
    classes = [("at most 3", 3), ("4 to 16", 16), ("17 or more", 1 << 60)]
    seen = {c: 0 for c, _ in classes}
    hit = {c: 0 for c, _ in classes}
    stray = 0
    for path, joins in truth.items():
        with open(path, "rb") as f:
            data = f.read()
        ends = [0] + [j[0] for j in joins] + [len(data)]
        for k, (at, ea, eb) in enumerate(joins):
            left, right = data[ends[k]:at], data[at:ends[k + 2]]
            if ea == eb or (decode(left, eb) == decode(left, ea)
                            and decode(right, ea) == decode(right, eb)):
                continue
            fewer = min(sum(x >= 128 for x in left), sum(x >= 128 for x in right))
            c = next(c for c, top in classes if fewer <= top)
            seen[c] += 1
            hit[c] += any(abs(g - at) <= 16 for g in found[path])
        stray += sum(1 for g in found[path] if not any(abs(g - j[0]) <= 16 for j in joins))
    total = sum(seen.values())
    print("%d files, %d joins between encodings that read a piece differently" % (len(truth), total))
    for c, _ in classes:
        print("   fewer non-ASCII bytes %-10s %4d joins, boundary within 16 bytes %4d (%.1f %%)" % (
            c, seen[c], hit[c], 100 * hit[c] / max(seen[c], 1)))
    print("   all: %d of %d (%.1f %%); boundaries near no join: %d" % (
        sum(hit.values()), total, 100 * sum(hit.values()) / max(total, 1), stray))


if __name__ == "__main__":
    main()
