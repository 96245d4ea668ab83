#!/usr/bin/env python3
"""Writes assets/encoding/jisx0213.bin, the JIS X 0213:2004 table that `decode::jis_x_0213`
reads Shift_JIS-2004 and EUC-JIS-2004 with (neither is a WHATWG encoding, and encoding_rs has
no table for them).

The mapping comes from Python's `euc_jis_2004` codec: each code of plane 1 (`<row> <cell>`,
each A1–FE) and plane 2 (`8F <row> <cell>`) is decoded alone. 25 codes decode to two code
points (a kana or letter and a combining mark: `か゚` is U+304B U+309A).

Format: for plane 1..2, row 1..94, cell 1..94 in that order, two code points of three bytes
little-endian each (the second 0 when the code has one; both 0 where the plane defines
nothing): 106,032 bytes.

The script also checks the Shift_JIS-2004 arithmetic `decode::jis_x_0213` uses (JIS X 0213
annex 1: a lead byte covers two rows, plane 2's leads F0–F4 the rows 1/8, 3/4, 5/12, 13/14,
15/78) against Python's `shift_jis_2004` codec on every two-byte code (but 81 5F and 81 B0, see below).

Run from the repository root: python3 scripts/make_jis_x_0213.py"""
import os


def euc(plane, row, cell):
    """The code's EUC-JIS-2004 bytes."""
    b = bytes([0xA0 + row, 0xA0 + cell])
    return b"\x8f" + b if plane == 2 else b


def decode(b, codec):
    try:
        s = b.decode(codec)
    except UnicodeDecodeError:
        return None
    return s if 1 <= len(s) <= 2 else None


PLANE2_ROWS = {0xF0: (1, 8), 0xF1: (3, 4), 0xF2: (5, 12), 0xF3: (13, 14), 0xF4: (15, 78)}


def sjis_code(lead, trail):
    """(plane, row, cell) of a Shift_JIS-2004 code, or None (the arithmetic of the Rust side)."""
    if 0x81 <= lead <= 0x9F or 0xE0 <= lead <= 0xEF:
        plane = 1
        odd = (lead - 0x81) * 2 + 1 if lead <= 0x9F else (lead - 0xE0) * 2 + 63
        rows = (odd, odd + 1)
    elif 0xF0 <= lead <= 0xFC:
        plane = 2
        rows = PLANE2_ROWS.get(lead, ((lead - 0xF5) * 2 + 79, (lead - 0xF5) * 2 + 80))
    else:
        return None
    if 0x40 <= trail <= 0x7E:
        return plane, rows[0], trail - 0x3F
    if 0x80 <= trail <= 0x9E:
        return plane, rows[0], trail - 0x40
    if 0x9F <= trail <= 0xFC:
        return plane, rows[1], trail - 0x9E
    return None


def main():
    out = bytearray()
    count = two = 0
    table = {}
    for plane in (1, 2):
        for row in range(1, 95):
            for cell in range(1, 95):
                s = decode(euc(plane, row, cell), "euc_jis_2004")
                cps = [ord(c) for c in s] if s else [0, 0]
                if s:
                    count += 1
                    two += len(s) == 2
                    table[(plane, row, cell)] = s
                cps += [0] * (2 - len(cps))
                for cp in cps:
                    out += cp.to_bytes(3, "little")
    checked = 0
    differ = []
    for lead in list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)):
        for trail in range(0x40, 0xFD):
            code = sjis_code(lead, trail)
            want = decode(bytes([lead, trail]), "shift_jis_2004")
            got = table.get(code) if code else None
            if want != got:
                differ.append((hex(lead), hex(trail), want, got))
            checked += want is not None
    # Python's shift_jis_2004 reads bytes 5C and 7E as JIS X 0201's ¥ and ‾, and so gives the
    # ASCII backslash and tilde to the double-byte codes 81 5F and 81 B0; this tool keeps
    # ASCII as ASCII (as WHATWG's Shift_JIS does) and the double-byte codes as EUC-JIS-2004
    # and CP932 read them, full-width.
    assert differ == [("0x81", "0x5f", "\\", "＼"), ("0x81", "0xb0", "~", "～")], differ
    path = os.path.join(os.path.dirname(__file__), "..", "assets", "encoding", "jisx0213.bin")
    with open(path, "wb") as f:
        f.write(out)
    print(f"{path}: {len(out)} bytes, {count} codes ({two} of two code points); "
          f"Shift_JIS-2004 arithmetic checked on {checked} codes")


main()
