#!/usr/bin/env python3
"""Right text on peers' test suites (README, "Right text on two peers' test suites"): the
test files that ship with chardet 5.2.0 (tests/, 425 files, from its PyPI source archive),
with uchardet 0.0.8 (test/, 127 files, from Debian's source archive) and with
charset-normalizer 3.5.3 (data/, 18 files with the encodings tests/test_full_detection.py
states, from its PyPI source archive). They are fetched into a
scratch folder and read in place: never copied into this repository, and used to find classes
of failure, not to fit weights.

Score: the file decoded under the detector's answer equals the file decoded under the folder's
(chardet) or file's (uchardet) encoding, with WHATWG's supersets (GB2312 as GB18030, TIS-620 as
windows-874, Shift_JIS as CP932, EUC-KR as CP949). VISCII and EUC-TW, which Python has no
codec for, are decoded by glibc's iconv.

Usage: scripts/peer_suites_eval.py [--bin DELINEATE] [--cache DIR] [-v]
(needs network for the first fetch, pip, curl; chardet in the running Python for its column)"""
import codecs, os, re, subprocess, sys, tarfile

from scratch_suites import archive, arguments, inspect

CHARDET_SDIST = "chardet==5.2.0"
CN_SDIST = ("https://files.pythonhosted.org/packages/c2/c3/"
            "cae6d3bdefd96a941ffc247c714ac4babc488a69012e11c058f6c17c6c47/charset_normalizer-3.5.3.tar.gz")
UCHARDET_TAR = "http://deb.debian.org/debian/pool/main/u/uchardet/uchardet_0.0.8.orig.tar.xz"

# Detector answers → Python codecs (WHATWG names and their supersets).
ANSWER = {"x-mac-cyrillic": "mac_cyrillic", "macintosh": "mac_roman", "iso-8859-8-i": "iso8859_8",
          "replacement": None, "x-user-defined": None, "utf-16le": "utf-16-le", "utf-16be": "utf-16-be",
          "utf-32le": "utf-32-le", "utf-32be": "utf-32-be", "gbk": "gb18030", "gb2312": "gb18030",
          "shift_jis": "cp932", "euc-kr": "cp949", "windows-874": "cp874", "tis-620": "cp874",
          "big5": "big5hkscs", "hz-gb-2312": "hz", "iso-2022-cn": None, "ibm855": "cp855",
          "ibm852": "cp852", "ibm850": "cp850", "ibm437": "cp437", "ibm865": "cp865",
          "x-mac-ce": "mac_latin2", "johab": "johab", "viscii": "viscii", "euc-tw": "euc-tw", "iso-8859-1": "latin-1", "ascii": "ascii"}
# Truth labels (folder or file names) → Python codecs.
TRUTH = {"iso-2022-jp": "iso2022_jp", "iso-2022-kr": "iso2022_kr", "maccyrillic": "mac_cyrillic",
         "macroman": "mac_roman", "euc-tw": "euc-tw", "viscii": "viscii", "johab": "johab", "cp949": "cp949",
         "cp932": "cp932", "gb2312": "gb18030", "tis-620": "cp874", "shift_jis": "cp932",
         "euc-kr": "cp949", "mac-centraleurope": "mac_latin2", "ibm852": "cp852", "ibm865": "cp865",
         "ibm866": "cp866", "ibm855": "cp855", "uhc": "cp949", "iso-8859-11": "cp874",
         "mac-cyrillic": "mac_cyrillic", "gb18030": "gb18030", "big5": "big5hkscs",
         "iso-8859-1": "latin-1"}
# Encodings Python has no codec for, decoded by glibc's iconv.
ICONV = {"viscii": "VISCII", "euc-tw": "EUC-TW"}
LANGS = ("-croatian", "-czech", "-hungarian", "-polish", "-slovak", "-slovene", "-romanian",
         "-bulgarian", "-russian", "-arabic", "-greek", "-turkish", "-hebrew")


def codec(name, table):
    if not name:
        return None
    n = name.lower()
    n = table.get(n, n)
    if n is None:
        return None
    if n in ICONV:
        return n
    try:
        return codecs.lookup(n).name
    except LookupError:
        return None


def fetch(cache):
    os.makedirs(cache, exist_ok=True)
    cd = os.path.join(cache, "chardet-5.2.0")
    if not os.path.isdir(cd):
        subprocess.run([sys.executable, "-m", "pip", "download", CHARDET_SDIST, "--no-binary", ":all:",
                        "--no-deps", "-d", cache], check=True, capture_output=True)
        with tarfile.open(os.path.join(cache, "chardet-5.2.0.tar.gz")) as t:
            t.extractall(cache)
    ud = archive(cache, UCHARDET_TAR, "uchardet-0.0.8", "uchardet.tar.xz")
    cn = archive(cache, CN_SDIST, "charset_normalizer-3.5.3")
    return os.path.join(cd, "tests"), os.path.join(ud, "test"), cn


def cn_rows(root):
    """charset-normalizer's data/ files with the encodings its test_full_detection.py states."""
    test = open(os.path.join(root, "tests", "test_full_detection.py"), encoding="utf-8").read()
    rows = []
    for name, enc in re.findall(r'\("(sample-[^"]+)",\s*"([^"]+)"', test):
        enc = {"utf_8": "utf-8-sig" if "bom" in name else "utf-8"}.get(enc, enc)
        rows.append((name, os.path.join(root, "data", name), codec(enc, TRUTH)))
    return rows


def chardet_rows(root):
    rows = []
    for d in sorted(os.listdir(root)):
        p = os.path.join(root, d)
        if not os.path.isdir(p):
            continue
        base = d
        for suffix in LANGS:
            base = base.removesuffix(suffix)
        truth = codec(base, TRUTH)
        rows += [(f"{d}/{f}", os.path.join(p, f), truth) for f in sorted(os.listdir(p))]
    return rows


def uchardet_rows(root):
    rows = []
    for lang in sorted(os.listdir(root)):
        p = os.path.join(root, lang)
        if not os.path.isdir(p):
            continue
        for f in sorted(os.listdir(p)):
            enc, ext = f.rsplit(".", 1)
            if enc in ("utf-32", "utf-16"):
                enc += "-be" if ext == "be" else "-le"
            rows.append((f"{lang}/{f}", os.path.join(p, f), codec(enc, TRUTH)))
    return rows


def text(b, c):
    if c is None:
        return None
    if c in ICONV:
        r = subprocess.run(["iconv", "-f", ICONV[c], "-t", "UTF-8"], input=b, capture_output=True)
        return r.stdout.decode("utf-8") if r.returncode == 0 else None
    try:
        return b.decode(c, errors="replace").lstrip("\ufeff")
    except Exception:
        return None


def score(rows, answers, verbose, name):
    right = 0
    for (label, path, truth), a in zip(rows, answers):
        b = open(path, "rb").read()
        want, got = text(b, truth), text(b, codec(a, ANSWER))
        if want is not None and got == want:
            right += 1
        elif verbose:
            print(f"   {name} wrong: {label} -> {a}")
    return right


def main():
    a = arguments(__doc__)
    suites = fetch(a.cache)
    try:
        import chardet
    except ImportError:
        chardet = None
    for name, rows in (("chardet 5.2.0 tests", chardet_rows(suites[0])), ("uchardet 0.0.8 test", uchardet_rows(suites[1])),
                       ("charset-normalizer 3.5.3 data", cn_rows(suites[2]))):
        js = inspect(a.bin, [p for _, p, _ in rows])
        n = len(rows)
        print(f"== {name}: {n} files")
        for label, answers in (("delineate likely", [j["likely"]["name"] for j in js]),
                               ("delineate decision", [j["encoding"]["name"] for j in js])):
            r = score(rows, answers, a.v and label == "delineate likely", label)
            print(f"   {label:22} {r:4} ({100 * r / n:5.1f} %)")
        if chardet:
            answers = [chardet.detect(open(p, "rb").read())["encoding"] for _, p, _ in rows]
            r = score(rows, answers, a.v, "chardet")
            print(f"   {'chardet ' + chardet.__version__:22} {r:4} ({100 * r / n:5.1f} %)")


if __name__ == "__main__":
    main()
