#!/usr/bin/env python3
"""Writes assets/encoding/cns11643.bin, the CNS 11643-1992 table that `decode::euc_tw` reads
EUC-TW with (planes 1–7; EUC-TW is not a WHATWG encoding, and encoding_rs has no table for it).

The mapping comes from glibc's EUC-TW converter (iconv; CNS 11643-1992), read in this process
through libc's iconv(3): each of the 7 × 94 × 94 codes `8E A<plane> <row> <cell>` is converted
alone. Python has no EUC-TW codec.

Format: for plane 1..7, row 0xA1..0xFE, cell 0xA1..0xFE in that order, the code point in three
bytes little-endian, 0 where the plane defines nothing (185,556 bytes). glibc 2.36 gives 48,721
characters: plane 1 5,867, plane 2 7,650, plane 3 6,394, plane 4 7,286, plane 5 8,601, plane 6
6,386, plane 7 6,537 (24,237 of them outside the BMP).

Run from the repository root: python3 scripts/make_cns11643.py"""
import ctypes, ctypes.util, os

libc = ctypes.CDLL(ctypes.util.find_library("c"))
libc.iconv_open.restype = ctypes.c_void_p
libc.iconv_open.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
libc.iconv.restype = ctypes.c_size_t
libc.iconv.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t),
                       ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_size_t)]
cd = libc.iconv_open(b"UTF-32BE", b"EUC-TW")
if cd == ctypes.c_void_p(-1).value:
    raise SystemExit("this libc has no EUC-TW converter")


def convert(code):
    """The one code point `code` converts to, or None."""
    libc.iconv(cd, None, None, None, None)
    inb, outb = ctypes.create_string_buffer(code, len(code)), ctypes.create_string_buffer(16)
    ip, op = ctypes.c_char_p(ctypes.addressof(inb)), ctypes.c_char_p(ctypes.addressof(outb))
    il, ol = ctypes.c_size_t(len(code)), ctypes.c_size_t(16)
    r = libc.iconv(cd, ctypes.byref(ip), ctypes.byref(il), ctypes.byref(op), ctypes.byref(ol))
    out = outb.raw[:16 - ol.value]
    if r == ctypes.c_size_t(-1).value or il.value or len(out) != 4:
        return None
    return int.from_bytes(out, "big")


table = bytearray()
count = 0
for plane in range(1, 8):
    for row in range(0xA1, 0xFF):
        for cell in range(0xA1, 0xFF):
            cp = convert(bytes([0x8E, 0xA0 + plane, row, cell])) or 0
            count += cp != 0
            table += cp.to_bytes(3, "little")
os.makedirs("assets/encoding", exist_ok=True)
with open("assets/encoding/cns11643.bin", "wb") as f:
    f.write(table)
print(f"wrote assets/encoding/cns11643.bin: {len(table)} bytes, {count} characters")
