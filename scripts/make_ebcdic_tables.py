#!/usr/bin/env python3
"""Writes src/decode/ebcdic_tables.rs: the whole 256-byte tables of the EBCDIC code pages of the
Latin-1 repertoire that the tool decodes (IBM's country pages, the open-systems IBM1047, and
the euro pages IBM1140–IBM1149), from glibc's iconv, whose charmaps are IBM's CDRA tables. Each
byte maps to one character; no byte is undefined.

  python3 scripts/make_ebcdic_tables.py [--check]

With --check, exits 1 when the file differs from what it would write. Needs glibc's `iconv`.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "src", "decode", "ebcdic_tables.rs")

# (Rust constant, iconv name, what it is)
PAGES = [
    ("IBM037", "IBM037", "IBM037, EBCDIC US/Canada (also Netherlands, Portugal, Brazil)"),
    ("IBM273", "IBM273", "IBM273, EBCDIC Germany and Austria"),
    ("IBM277", "IBM277", "IBM277, EBCDIC Denmark and Norway"),
    ("IBM278", "IBM278", "IBM278, EBCDIC Finland and Sweden"),
    ("IBM280", "IBM280", "IBM280, EBCDIC Italy"),
    ("IBM284", "IBM284", "IBM284, EBCDIC Spain and Latin America"),
    ("IBM285", "IBM285", "IBM285, EBCDIC United Kingdom"),
    ("IBM297", "IBM297", "IBM297, EBCDIC France"),
    ("IBM500", "IBM500", "IBM500, EBCDIC International (Belgium, Switzerland)"),
    ("IBM871", "IBM871", "IBM871, EBCDIC Iceland"),
    ("IBM1047", "IBM1047", "IBM1047, EBCDIC Latin-1 of open systems (z/OS UNIX)"),
    ("IBM1140", "IBM1140", "IBM1140, IBM037 with the euro sign"),
    ("IBM1141", "IBM1141", "IBM1141, IBM273 with the euro sign"),
    ("IBM1142", "IBM1142", "IBM1142, IBM277 with the euro sign"),
    ("IBM1143", "IBM1143", "IBM1143, IBM278 with the euro sign"),
    ("IBM1144", "IBM1144", "IBM1144, IBM280 with the euro sign"),
    ("IBM1145", "IBM1145", "IBM1145, IBM284 with the euro sign"),
    ("IBM1146", "IBM1146", "IBM1146, IBM285 with the euro sign"),
    ("IBM1147", "IBM1147", "IBM1147, IBM297 with the euro sign"),
    ("IBM1148", "IBM1148", "IBM1148, IBM500 with the euro sign"),
    ("IBM1149", "IBM1149", "IBM1149, IBM871 with the euro sign"),
]


def table(name):
    out = []
    for b in range(256):
        r = subprocess.run(["iconv", "-f", name, "-t", "UTF-32BE"], input=bytes([b]),
                           capture_output=True, check=True)
        assert len(r.stdout) == 4, (name, b)
        out.append(int.from_bytes(r.stdout, "big"))
    assert len(set(out)) == 256, name
    return out


def render():
    lines = [
        "//! The EBCDIC code pages of the Latin-1 repertoire, all 256 bytes each (byte → UTF-16",
        "//! code unit, every one in the Basic Multilingual Plane), from glibc's iconv charmaps",
        "//! (IBM's CDRA tables). Written by `scripts/make_ebcdic_tables.py`: do not edit.",
        "",
    ]
    for const, name, what in PAGES:
        t = table(name)
        lines.append(f"/// {what}; iconv's `{name}`.")
        lines.append("#[rustfmt::skip]")
        lines.append(f"pub(super) const {const}: [u16; 256] = [")
        for row in range(16):
            cells = ", ".join(f"0x{c:04X}" for c in t[row * 16:row * 16 + 16])
            lines.append(f"    {cells},")
        lines.append("];")
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    text = render()
    if args.check:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print(f"{OUT} differs from what the script writes", file=sys.stderr)
                sys.exit(1)
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
