#!/usr/bin/env python3
"""Damaged copies of an encoding dev set (scripts/make_encoding_devset.py): text in an ISO 8859
part or a Windows code page edited on Windows, with windows-125x curly quotes („…“, “…”), dashes
and letters (`š` as 9A, `ž` as 9E in windows-1250) typed in. ISO 8859 reads those bytes as C1
controls; the Windows code page, as its own characters. Issue 18's likely verdict must still
read every letter of the ISO file right (the truth is the ISO text, controls included), and
must not take a Windows file with quotes for ISO.

Only single-encoding files of 256 bytes and longer in the parts and code pages below are
copied; each gets damage at one rate of 0.3 %, 1 %, 2 % or 4 % of its bytes above 7F (one
place at least). The manifest keeps the source's columns; `damage` says what was typed in.

  scripts/make_damaged_devset.py SRC_DEVSET OUT [--seed 1]
"""
import argparse
import os
import random

ISO = {"ISO-8859-2": "cp1250", "ISO-8859-3": "cp1252", "ISO-8859-4": "cp1257",
       "ISO-8859-10": "cp1252", "ISO-8859-13": "cp1257", "ISO-8859-14": "cp1252",
       "ISO-8859-15": "cp1252", "ISO-8859-16": "cp1250", "ISO-8859-5": "cp1251",
       "ISO-8859-7": "cp1253"}
WINDOWS = {"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1257"}
PY = {"ISO-8859-2": "iso8859_2", "ISO-8859-3": "iso8859_3", "ISO-8859-4": "iso8859_4",
      "ISO-8859-10": "iso8859_10", "ISO-8859-13": "iso8859_13", "ISO-8859-14": "iso8859_14",
      "ISO-8859-15": "iso8859_15", "ISO-8859-16": "iso8859_16", "ISO-8859-5": "iso8859_5",
      "ISO-8859-7": "iso8859_7"}
RATES = [0.003, 0.01, 0.02, 0.04]


def windows_letters(iso, windows):
    """Byte positions of letters that the Windows code page writes at 80–9F: (ISO byte,
    windows byte), e.g. ISO-8859-2's B9 `š` and windows-1250's 9A."""
    out = {}
    for w in range(0x80, 0xA0):
        try:
            ch = bytes([w]).decode(windows)
        except UnicodeDecodeError:
            continue
        if not ch.isalpha():
            continue
        try:
            i = ch.encode(PY[iso])
        except (UnicodeEncodeError, KeyError):
            continue
        out[i[0]] = w
    return out


def damage(data, enc, rate, rng):
    """`data` with windows bytes typed in at `rate` of its bytes above 7F; and what was done."""
    b = bytearray(data)
    high = sum(1 for x in b if x > 0x7F)
    n = max(1, round(rate * high))
    letters = windows_letters(enc, ISO[enc]) if enc in ISO else {}
    spots = [i for i, x in enumerate(b) if x in letters]
    spaces = [i for i, x in enumerate(b) if x == 0x20]
    done = {"quotes": 0, "dashes": 0, "letters": 0}
    # Letters first (what the Lithuanian UDHR file has), then quotes and dashes.
    for i in rng.sample(spots, min(len(spots), n // 2)):
        b[i] = letters[b[i]]
        done["letters"] += 1
    inserts = []
    while done["letters"] + done["quotes"] + done["dashes"] < n and len(spaces) > 2:
        k = rng.randrange(len(spaces) - 1)
        if rng.random() < 0.75:
            i, j = spaces[k], spaces[k + 1]
            pair = rng.choice([(0x84, 0x93), (0x93, 0x94)])
            inserts += [(j, bytes([pair[1]])), (i + 1, bytes([pair[0]]))]
            done["quotes"] += 2
        else:
            inserts.append((spaces[k] + 1, b"\x96 "))
            done["dashes"] += 1
    for at, piece in sorted(inserts, reverse=True):
        b[at:at] = piece
    return bytes(b), ",".join(f"{k}={v}" for k, v in done.items() if v)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(os.path.join(a.out, "files"), exist_ok=True)
    lines = open(os.path.join(a.src, "manifest.tsv"), encoding="utf-8").read().splitlines()
    head = lines[0].split("\t")
    rows = []
    for line in lines[1:]:
        c = line.split("\t")
        row = dict(zip(head, c))
        enc = row["encoding"]
        if row.get("segments") or row["length"] == "64" or (enc not in ISO and enc not in WINDOWS):
            continue
        data = open(os.path.join(a.src, "files", c[0]), "rb").read()
        if not any(x > 0x7F for x in data):
            continue
        out, what = damage(data, enc, rng.choice(RATES), rng)
        with open(os.path.join(a.out, "files", c[0]), "wb") as f:
            f.write(out)
        c[head.index("truth_text_sha1")] = ""
        rows.append("\t".join(c + [what]))
    with open(os.path.join(a.out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("\t".join(head + ["damage"]) + "\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(rows)} files in {a.out}")


if __name__ == "__main__":
    main()
