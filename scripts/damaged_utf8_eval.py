#!/usr/bin/env python3
"""UTF-8 with a few damaged sequences (issue 18): text a byte-oriented tool cut or patched,
which must still read as UTF-8 with U+FFFD exactly at the damage, not as a legacy encoding
that misreads every valid letter, nor cut into a segment for each lone byte.

From the plain 1 KB and 10 KB UTF-8 files of a dev set (scripts/make_encoding_devset.py) it
builds N files of whole lines (cut near 256 B, 512 B, 1 KB or 4 KB), each with 1, 2, 3 or 5
multi-byte characters damaged one way:
  cut     the character's last byte dropped (a fixed-width byte field, a cut at a byte count);
  latin1  the character written in windows-1252 instead (a word typed in another encoding);
  stray   a byte 80-FF inserted before it (a stray byte from elsewhere).
Scores the text decoded segment by segment (or under the likely verdict when there are no
segments) against the undamaged text: the characters of the truth missed (difflib) beyond the
damage itself (one character a damaged sequence may cost for `cut` and `stray`; none for
`latin1`, whose windows-1252 byte reads right as a part of its own), by kind and by the valid
multi-byte characters left; and how often the file reads as UTF-8 with no segments. With
--others, chardet's and charset-normalizer's whole-file guesses on the same terms (run it with
a Python that has them).

  scripts/damaged_utf8_eval.py DEVSET_DIR OUT_DIR [--bin target/release/delineate] [--n 1500]
                               [--seed 1] [--misses N] [--others]
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from encoding_eval import decode as decode_label  # noqa: E402
from joins_eval import sources  # noqa: E402
from pasted_eval import decoded, measure, missed_characters  # noqa: E402

KINDS = ("cut", "latin1", "stray")
BANDS = [("<8", 7), ("8-19", 19), ("20-59", 59), ("60+", 1 << 60)]


def multibyte(b):
    """(offset, length) of each multi-byte sequence of valid UTF-8 `b`."""
    out, i = [], 0
    while i < len(b):
        n = 1 if b[i] < 0x80 else 2 if b[i] < 0xE0 else 3 if b[i] < 0xF0 else 4
        if n > 1:
            out.append((i, n))
        i += n
    return out


def damage(b, kind, picks, rnd):
    """`b` with the sequences at `picks` damaged (last first, so offsets hold); None when a
    character has no windows-1252 byte for `latin1`."""
    b = bytearray(b)
    for at, n in sorted(picks, reverse=True):
        if kind == "cut":
            del b[at + n - 1]
        elif kind == "latin1":
            try:
                b[at:at + n] = b[at:at + n].decode("utf-8").encode("cp1252")
            except UnicodeEncodeError:
                return None
        else:
            b[at:at] = bytes([rnd.choice([0xA0, 0xE9, 0x92, 0x96, 0xB0, 0xFC])])
    return bytes(b)


def build(devset, out_dir, n, seed):
    """Writes the files; returns {path: (kind, damaged count, valid characters left, truth)}."""
    rnd = random.Random(seed)
    enc = sources(devset, ("1k", "10k"))
    utf8 = sorted(p for p, e in enc.items() if e == "UTF-8")
    os.makedirs(out_dir, exist_ok=True)
    truth = {}
    while len(truth) < n:
        with open(rnd.choice(utf8), "rb") as f:
            data = f.read()
        end = data.rfind(b"\n", 0, rnd.choice([256, 512, 1024, 4096])) + 1
        kind, d = rnd.choice(KINDS), rnd.choice([1, 2, 3, 5])
        seqs = multibyte(data[:end])
        if end < 64 or len(seqs) <= d:
            continue
        damaged = damage(data[:end], kind, rnd.sample(seqs, d), rnd)
        if damaged is None:
            continue
        path = os.path.join(out_dir, "%04d.txt" % len(truth))
        with open(path, "wb") as f:
            f.write(damaged)
        truth[path] = (kind, d, len(seqs) - d, data[:end].decode("utf-8"))
    return truth


def main():
    a, truth, got, others = measure(1, build, n=1500)
    band = lambda k: next(c for c, top in BANDS if k <= top)  # noqa: E731
    # (detector, kind, band) -> [files, within the damage, characters missed beyond it]
    rows = {}
    whole = [0, 0]
    misses = []
    for path, (kind, d, valid, want) in truth.items():
        with open(path, "rb") as f:
            data = f.read()
        segs, likely = got[path]
        text = decoded(data, segs, likely)
        whole[0] += 1
        whole[1] += likely == "UTF-8" and not segs
        texts = {"delineate": text}
        texts.update({name: decode_label(data, ans[path]) for name, ans in others.items()})
        allowed = 0 if kind == "latin1" else d
        for name, t in texts.items():
            beyond = max(0, missed_characters(want, t) - allowed)
            for key in [(name, kind, band(valid)), (name, kind, "all"), (name, "all", "all")]:
                r = rows.setdefault(key, [0, 0, 0])
                r[0] += 1
                r[1] += beyond == 0
                r[2] += beyond
            if name == "delineate" and beyond and len(misses) < a.misses:
                misses.append("%s %s x%d, %d valid: %d characters beyond the damage; %s" % (
                    path, kind, d, valid, beyond,
                    [(g["byte_span"]["start"], g["encoding"]) for g in segs] or likely))
    print("%d files; read as UTF-8 with no segments: %d (%.1f %%)" % (
        whole[0], whole[1], 100 * whole[1] / whole[0]))
    print("| detector | damage | valid characters left | files | no character lost beyond the damage"
          " | characters lost beyond it |")
    print("|---|---|---|---|---|---|")
    order = {c: i for i, (c, _) in enumerate(BANDS + [("all", 0)])}
    for key in sorted(rows, key=lambda k: (k[0] != "delineate", k[0], k[1] == "all", k[1],
                                           order[k[2]])):
        n, ok, lost = rows[key]
        print("| %s | %s | %s | %d | %d (%.1f %%) | %d |" % (*key, n, ok, 100 * ok / n, lost))
    for m in misses:
        print("miss: " + m)


if __name__ == "__main__":
    main()
