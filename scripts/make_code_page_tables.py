#!/usr/bin/env python3
"""Writes src/decode/pages.rs: the high halves (bytes 0x80–0xFF) of the DOS and Mac code pages
outside WHATWG that the tool decodes and that the `oem_cp` crate lacks or ships incomplete, from
Python's codecs (which are generated from the vendors' mapping tables that Unicode publishes:
VENDORS/MICSFT/PC for the DOS pages, VENDORS/APPLE for the Mac ones). A byte the page leaves
undefined is written U+FFFD here and decoded as an error (`OemPage::undefined`).

  python3 scripts/make_code_page_tables.py [--check]

With --check, exits 1 when the file differs from what it would write (CI-friendly).
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "decode", "pages.rs")

# (Rust constant, Python codec, what it is)
PAGES = [
    ("CP857", "cp857", "IBM857, DOS Turkish (0xD5, 0xE7 and 0xF2 undefined)"),
    ("CP1125", "cp1125", "CP1125 (RUSCII), DOS Ukrainian: IBM866 with Ґ Є І Ї"),
    ("MAC_GREEK", "mac_greek", "Mac OS Greek (Apple's `GREEK.TXT`)"),
    ("MAC_TURKISH", "mac_turkish", "Mac OS Turkish (Apple's `TURKISH.TXT`)"),
    ("MAC_ICELANDIC", "mac_iceland", "Mac OS Icelandic (Apple's `ICELAND.TXT`)"),
    ("MAC_ROMANIAN", "mac_romanian", "Mac OS Romanian (Apple's `ROMANIAN.TXT`)"),
    ("MAC_CROATIAN", "mac_croatian", "Mac OS Croatian (Apple's `CROATIAN.TXT`)"),
    ("CP856", "cp856", "IBM856, DOS Hebrew (letters at 0x80–0x9A; most of the rest undefined)"),
    ("CP864", "cp864", "IBM864, DOS Arabic (the letters' presentation forms; 0x25 is `٪`)"),
    ("KOI8_T", "koi8_t", "KOI8-T, Tajik Cyrillic (KOI8-R's letters with Ғ Ӣ Қ Ӯ Ҳ Ҷ)"),
]


def table(codec):
    out = []
    for b in range(0x80, 0x100):
        try:
            c = bytes([b]).decode(codec)
        except UnicodeDecodeError:
            c = "\ufffd"
        assert len(c) == 1, (codec, hex(b), c)
        out.append(c)
    return out


def low_letters(codec):
    """The bytes below 0x80 the codec does not read as ASCII, with their characters."""
    return [(b, bytes([b]).decode(codec)) for b in range(0x80) if bytes([b]).decode(codec) != chr(b)]


def render():
    lines = [
        "//! The high halves (bytes 0x80–0xFF) of DOS and Mac code pages outside WHATWG that the",
        "//! `oem_cp` crate lacks or ships incomplete, from Python's codecs (the vendors' mapping",
        "//! tables Unicode publishes). Written by `scripts/make_code_page_tables.py`: do not edit.",
        "//! U+FFFD marks a byte the page leaves undefined.",
        "",
    ]
    for const, codec, what in PAGES:
        t = table(codec)
        lines.append("/// %s; Python's `%s`." % (what, codec))
        lines.append("pub(super) const %s: [char; 128] = [" % const)
        for row in range(0, 128, 8):
            cells = " ".join("'\\u{%04X}'," % ord(c) for c in t[row:row + 8])
            lines.append("    " + cells)
        lines.append("];")
        low = low_letters(codec)
        if low:
            lines.append("/// The bytes below 0x80 that %s does not read as ASCII." % const)
            # On one line, as rustfmt writes a short array.
            cells = ", ".join("(0x%02X, '\\u{%04X}')" % (b, ord(c)) for b, c in low)
            lines.append("pub(super) const %s_LOW: [(u8, char); %d] = [%s];" % (const, len(low), cells))
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = render()
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            same = f.read() == text
        print("pages.rs is %s" % ("up to date" if same else "stale"))
        sys.exit(0 if same else 1)
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote", OUT)


if __name__ == "__main__":
    main()
