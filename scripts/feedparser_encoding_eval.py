#!/usr/bin/env python3
"""XML declarations on feedparser's encoding tests (README, "XML declarations on feedparser's
encoding tests"): the feeds of `tests/encoding/` in feedparser 6.0.14's PyPI source archive,
fetched into a scratch folder and read in place (never copied into this repository; used to
find classes of failure, not to fit anything). Two groups are scored:

* one-byte feeds (`x80_*.xml`): an XML declaration naming a code page in one of its many
  spellings (`cp1251`, `windows_1251`, `ms-cyrl`, `437`, `maccyrillic`…) over a `<title>` of
  the single byte 80; the case states the character (`feed['title'] == '\\u0402'`). Scored: the
  title decoded under the decision and under the likely verdict is that character. Python
  (the scorer's decoder) lacks VISCII and TCVN 5712: those titles are decoded by glibc's iconv.
* wide feeds (UTF-16 and UTF-32, with or without a byte order mark or a declaration): the
  encoding their first four bytes give by XML 1.0 Appendix F's table. Scored: the decision.

Usage: scripts/feedparser_encoding_eval.py [--bin DELINEATE] [--cache DIR] [-v]
(needs network for the first fetch: curl)"""
import codecs, glob, os, re, subprocess

from scratch_suites import archive, arguments, inspect

SDIST = ("https://files.pythonhosted.org/packages/37/8a/"
         "a53da4a77352045d277978a2df322d5379369f9deb1707178899ff7e1121/feedparser-6.0.14.tar.gz")
# Answers → Python codecs, where the name is not one Python knows.
PY = {"x-mac-cyrillic": "mac_cyrillic", "macintosh": "mac_roman", "x-mac-ce": "mac_latin2",
      "x-mac-greek": "mac_greek", "x-mac-turkish": "mac_turkish",
      "x-mac-icelandic": "mac_iceland", "x-mac-romanian": "mac_romanian",
      "x-mac-croatian": "mac_croatian", "ibm737": "cp737", "ibm856": "cp856",
      "windows-874": "cp874"}
# Answers Python has no codec for → glibc iconv's names.
ICONV = {"viscii": "VISCII", "tcvn5712-1": "TCVN5712-1"}
# XML 1.0 Appendix F: the first four bytes and the form they show.
FORMS = [(b"\x00\x00\xfe\xff", "UTF-32BE"), (b"\xff\xfe\x00\x00", "UTF-32LE"),
         (b"\x00\x00\x00<", "UTF-32BE"), (b"<\x00\x00\x00", "UTF-32LE"),
         (b"\xfe\xff", "UTF-16BE"), (b"\xff\xfe", "UTF-16LE"),
         (b"\x00<\x00?", "UTF-16BE"), (b"<\x00?\x00", "UTF-16LE")]


def fetch(cache):
    return os.path.join(archive(cache, SDIST, "feedparser-6.0.14"), "tests", "encoding")


def decoded(b, name):
    if name.lower() in ICONV:
        r = subprocess.run(["iconv", "-f", ICONV[name.lower()], "-t", "UTF-8"], input=b,
                           capture_output=True)
        return r.stdout.decode() if r.returncode == 0 else None
    try:
        return b.decode(codecs.lookup(PY.get(name.lower(), name)).name)
    except (LookupError, UnicodeDecodeError):
        return None


def title(b, name):
    text = decoded(b, name)
    m = text and re.search(r"<title>(.*?)</title>", text)
    return m and m.group(1)


def main():
    a = arguments(__doc__)
    folder = fetch(a.cache)
    # One-byte feeds whose declaration is in ASCII (the EBCDIC ones are not).
    one = [p for p in sorted(glob.glob(os.path.join(folder, "x80_*.xml")))
           if b'encoding="' in open(p, "rb").read()]
    right_d = right_l = 0
    for p, j in zip(one, inspect(a.bin, one)):
        b = open(p, "rb").read()
        want = re.search(r"feed\['title'\] == '([^']*)'", b.decode("latin-1")).group(1)
        want = want.encode("latin-1").decode("unicode_escape")
        d, l = title(b, j["encoding"]["name"]) == want, title(b, j["likely"]["name"]) == want
        right_d += d
        right_l += l
        if a.v and not l:
            label = re.search(rb'encoding="([^"]+)"', b).group(1).decode()
            print(f"   one-byte {os.path.basename(p)} ({label}): wants {want!r}; decision "
                  f"{j['encoding']['name']}, likely {j['likely']['name']} {j['likely']['confidence']}")
    print(f"== feedparser 6.0.14 one-byte feeds: {len(one)}")
    print(f"   decision right {right_d}, likely right {right_l}")
    wide = []
    for p in sorted(glob.glob(os.path.join(folder, "*.xml"))):
        head = open(p, "rb").read(4)
        form = next((f for prefix, f in FORMS if head.startswith(prefix)), None)
        if form:
            wide.append((p, form))
    right = 0
    for (p, form), j in zip(wide, inspect(a.bin, [p for p, _ in wide])):
        ok = j["encoding"]["name"] == form
        right += ok
        if a.v and not ok:
            print(f"   wide {os.path.basename(p)}: wants {form}; decision {j['encoding']['name']} "
                  f"({j['encoding']['decided_by']})")
    print(f"== feedparser 6.0.14 wide feeds (UTF-16, UTF-32): {len(wide)}")
    print(f"   decision right {right}")


if __name__ == "__main__":
    main()
