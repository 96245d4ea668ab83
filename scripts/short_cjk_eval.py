#!/usr/bin/env python3
"""Short Chinese, Japanese and Korean text (issue 18, session 41): one to three words drawn from
the wordfreq lists of `../shared/data/wordfreq` (ja, zh, ko; the 5,000 most frequent words of two
to eight characters, all outside ASCII), each written alone into a file in the legacy encodings
its language uses (EUC-JP and Shift_JIS, GBK and Big5, EUC-KR): titles, labels and cells of 4 to
30 bytes, where the few bytes leave little to weigh. Korean words are joined by a space, the
others by nothing. No newline.

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's" per
encoding and per length in bytes, with the mean confidence and the expected calibration error;
with `--others`, chardet beside it (its Python API, when importable).

  scripts/short_cjk_eval.py [--bin target/release/delineate] [--per 60] [--seed 7] [--others] [-v]
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
WORDFREQ = os.path.join(ROOT, "..", "shared", "data", "wordfreq")
PLAN = [("ja", ["euc_jp", "shift_jis"]), ("zh", ["gbk", "big5"]), ("ko", ["euc_kr"])]
# Answers (WHATWG names) → Python codecs, with WHATWG's supersets.
PY = {"euc-jp": "euc_jp", "shift_jis": "cp932", "gbk": "gb18030", "gb2312": "gb18030",
      "gb18030": "gb18030", "big5": "big5hkscs", "euc-kr": "cp949", "x-mac-cyrillic": "mac_cyrillic",
      "macintosh": "mac_roman", "x-mac-ce": "mac_latin2", "windows-874": "cp874", "johab": "johab",
      "utf-16le": "utf-16-le", "utf-16be": "utf-16-be", "ibm866": "cp866", "iso-8859-8-i": "iso8859_8",
      "ibm852": "cp852", "ibm850": "cp850", "ibm437": "cp437", "ibm865": "cp865", "ibm855": "cp855"}
LENGTHS = [(4, "4 B"), (6, "5-6 B"), (8, "7-8 B"), (12, "9-12 B"), (10**9, "13+ B")]


def words(lang):
    out = []
    with open(os.path.join(WORDFREQ, f"{lang}.tsv"), encoding="utf-8") as f:
        next(f)
        for line in f:
            w = line.split("\t")[0]
            if 2 <= len(w) <= 8 and all(ord(c) > 0x2E80 for c in w):
                out.append(w)
    return out[:5000]


def make(folder, per, seed):
    rng = random.Random(seed)
    rows = []
    for lang, encodings in PLAN:
        ws = words(lang)
        for enc in encodings:
            made = 0
            while made < per:
                text = (" " if lang == "ko" else "").join(rng.choice(ws) for _ in range(rng.choice([1, 1, 2, 3])))
                try:
                    data = text.encode(enc)
                except UnicodeEncodeError:
                    continue
                path = os.path.join(folder, f"{len(rows):04d}-{lang}-{enc}.txt")
                with open(path, "wb") as f:
                    f.write(data)
                rows.append((path, enc, text, len(data)))
                made += 1
    return rows


def decode(data, name):
    if not name:
        return None
    n = name.lower()
    try:
        return data.decode(PY.get(n, n))
    except (LookupError, UnicodeDecodeError):
        return None


def length_class(n):
    return next(label for top, label in LENGTHS if n <= top)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=60, help="files per encoding")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--others", action="store_true")
    ap.add_argument("-v", action="store_true", help="list the misses")
    args = ap.parse_args()
    if not os.path.isdir(WORDFREQ):
        sys.exit(f"skipped: {WORDFREQ} is absent (the wordfreq lists of ../shared/data)")
    chardet = None
    if args.others:
        try:
            import chardet  # noqa: F811
        except ImportError:
            print("chardet: not installed")
    with tempfile.TemporaryDirectory() as folder:
        rows = make(folder, args.per, args.seed)
        out = subprocess.run([args.bin, "inspect", "--json"] + [r[0] for r in rows],
                             capture_output=True, text=True, check=True).stdout
        likely = {}
        for line in out.splitlines():
            d = json.loads(line)
            likely[d["path"]] = d["likely"]
        per_enc = collections.defaultdict(lambda: [0, 0, 0])
        per_len = collections.defaultdict(lambda: [0, 0, 0, 0.0])
        bins = collections.defaultdict(lambda: [0, 0, 0.0])
        for path, enc, text, n in rows:
            with open(path, "rb") as f:
                data = f.read()
            v = likely[path]
            right = decode(data, v["name"]) == text
            theirs = chardet is not None and decode(data, chardet.detect(data)["encoding"]) == text
            per_enc[enc][0] += 1
            per_enc[enc][1] += right
            per_enc[enc][2] += theirs
            c = per_len[length_class(n)]
            c[0] += 1
            c[1] += right
            c[2] += theirs
            c[3] += v["confidence"]
            b = bins[min(int(v["confidence"] * 10), 9)]
            b[0] += 1
            b[1] += right
            b[2] += v["confidence"]
            if args.v and not right:
                print(f"   {os.path.basename(path)} {n} B {text} -> {v['name']} ({v['confidence']:.2f})")
    other = " / chardet" if chardet else ""
    print(f"== short CJK text: {len(rows)} files, seed {args.seed}; right (delineate likely{other})")
    for enc, (n, r, t) in per_enc.items():
        print(f"   {enc:10s} {r:4d}{' / %d' % t if chardet else ''} of {n}")
    for _, label in LENGTHS:
        if label in per_len:
            n, r, t, conf = per_len[label]
            print(f"   {label:10s} {r:4d}{' / %d' % t if chardet else ''} of {n}   mean confidence {conf / n:.2f}")
    total = sum(v[1] for v in per_enc.values())
    theirs = sum(v[2] for v in per_enc.values())
    print(f"   all        {total:4d}{' / %d' % theirs if chardet else ''} of {len(rows)}")
    ece = sum(abs(r - s) for _, r, s in bins.values()) / len(rows)
    print(f"   expected calibration error of likely: {ece:.3f}")


if __name__ == "__main__":
    main()
