#!/usr/bin/env python3
"""A synthetic corpus for the audit's speed and memory benchmarks: the Reuters NLTK stories and
the UDHR texts replicated with variations until SIZE bytes, in files of about FILE bytes.

Variations keep the term table honest: each copy renames some words (a random suffix on 2 % of
tokens, so the vocabulary keeps growing), and sprinkles the damage the audit looks for
(`&amp;` entities, a mojibake word, a zero-width space) at known rates.

    python3 scripts/make_synthetic_corpus.py OUT_DIR SIZE_MB FILE_KB [SEED]
"""
import os
import random
import re
import sys

out, size_mb, file_kb = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
shared = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data")
texts = []
for sub in ("reuters21578/nltk-apte/training", "reuters21578/nltk-apte/test"):
    d = os.path.join(shared, sub)
    for f in sorted(os.listdir(d)):
        texts.append(open(os.path.join(d, f), "rb").read().decode("utf-8", "replace"))
d = os.path.join(shared, "udhr", "core")
for f in sorted(os.listdir(d)):
    if f.endswith(".txt"):
        texts.append(open(os.path.join(d, f), encoding="utf-8").read())
word = re.compile(r"\w+")
letters = "abcdefghijklmnopqrstuvwxyz"


def vary(t):
    def sub(m):
        w = m.group(0)
        r = rng.random()
        if r < 0.02:
            return w + "".join(rng.choice(letters) for _ in range(rng.randint(1, 3)))
        if r < 0.0025 + 0.02:
            return "&amp;"
        if r < 0.003 + 0.02:
            return "rÃ©sumÃ©"
        if r < 0.0032 + 0.02:
            return w[:1] + "\u200b" + w[1:]
        return w
    return word.sub(sub, t)


os.makedirs(out, exist_ok=True)
total, n = 0, 0
target = size_mb * 1024 * 1024
while total < target:
    parts, size = [], 0
    while size < file_kb * 1024:
        t = vary(rng.choice(texts))
        parts.append(t)
        size += len(t.encode("utf-8"))
    data = "\n\n".join(parts).encode("utf-8")
    sub = os.path.join(out, f"s{n % 8}")
    os.makedirs(sub, exist_ok=True)
    with open(os.path.join(sub, f"doc{n:06}.txt"), "wb") as fh:
        fh.write(data)
    total += len(data)
    n += 1
print(f"{n} files, {total} bytes in {out}")
