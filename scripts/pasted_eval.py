#!/usr/bin/env python3
"""Lines pasted into a file in another encoding (issue 18, "a UTF-8 file with a windows-1252
paragraph pasted in"): a third measure of segmentation beside the dev set's concatenations
(two whole texts) and scripts/joins_eval.py (pieces of random files one after another).

From the plain 10 KB single-encoding files of a dev set (scripts/make_encoding_devset.py; UTF-16
left out) it builds N files: 6 to 20 whole lines of a host file, with 1 to 3 whole lines of a
file in another encoding pasted between two of its lines (the host UTF-8 in half of them, the
pasted lines UTF-8 in a quarter). Runs `delineate inspect --json` and reports, by the pasted
part's non-ASCII bytes and by which side is UTF-8: how often the text decoded segment by segment (or
under the likely verdict when there are no segments) is the truth, and how often both
boundaries lie within 16 bytes of the joins (a join beside a part of the host that is all ASCII
asks for none: no boundary can be seen there, nor is one needed); and the boundaries near no
join. Only files where neither encoding alone reads the whole file right are scored. Last,
per detector: files decoded right, files within three characters of the truth, and the
characters of the truth missed (difflib); with --others, chardet's and charset-normalizer's
whole-file guesses beside delineate's segments (run it with a Python that has them).

  scripts/pasted_eval.py DEVSET_DIR OUT_DIR [--bin target/release/delineate] [--n 1000] [--seed 7]
                         [--misses N] [--others]
"""
import difflib
import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from make_encoding_devset import PY  # noqa: E402
from encoding_eval import decode as decode_label  # noqa: E402
from joins_eval import arguments, inspect, sources  # noqa: E402


def lines_of(path, k, rnd):
    """k whole lines from a random place in the file (the last, possibly cut, line left out)."""
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")[:-1]
    lines = [x for x in lines if x.strip()]
    if len(lines) < k:
        return None
    a = rnd.randrange(len(lines) - k + 1)
    return lines[a:a + k]


def build(devset, out_dir, n, seed):
    """Writes the files; returns {path: (start, end, host encoding, pasted encoding)}."""
    rnd = random.Random(seed)
    enc = sources(devset, ("10k",))
    utf8 = sorted(p for p, e in enc.items() if e == "UTF-8")
    legacy = sorted(p for p, e in enc.items() if e != "UTF-8")
    os.makedirs(out_dir, exist_ok=True)
    truth = {}
    i = 0
    while len(truth) < n:
        r = rnd.random()
        host, pasted = ((rnd.choice(utf8), rnd.choice(legacy)) if r < 0.5 else
                        (rnd.choice(legacy), rnd.choice(utf8)) if r < 0.75 else
                        tuple(rnd.sample(legacy, 2)))
        if enc[host] == enc[pasted]:
            continue
        h = lines_of(host, rnd.randint(6, 20), rnd)
        p = lines_of(pasted, rnd.randint(1, 3), rnd)
        if not h or not p:
            continue
        cut = rnd.randint(1, len(h) - 1)
        before = b"\n".join(h[:cut]) + b"\n"
        middle = b"\n".join(p) + b"\n"
        after = b"\n".join(h[cut:]) + b"\n"
        path = os.path.join(out_dir, "%04d.txt" % i)
        i += 1
        with open(path, "wb") as f:
            f.write(before + middle + after)
        truth[path] = (len(before), len(before) + len(middle), enc[host], enc[pasted])
    return truth


def high(b):
    return sum(x >= 0x80 for x in b)


def missed_characters(want, got):
    """Characters of the truth the decoded text does not reproduce (difflib's matching blocks)."""
    if got is None:
        return len(want)
    m = difflib.SequenceMatcher(None, want, got, autojunk=False)
    return len(want) - sum(b.size for b in m.get_matching_blocks())


def peers(paths):
    """The whole-file guesses of chardet and charset-normalizer (when importable), by name."""
    out = {}
    try:
        import chardet
        out["chardet " + chardet.__version__] = {p: chardet.detect(open(p, "rb").read())["encoding"]
                                                 for p in paths}
    except ImportError:
        pass
    try:
        import charset_normalizer
        cn = {}
        for p in paths:
            b = charset_normalizer.from_bytes(open(p, "rb").read()).best()
            cn[p] = b.encoding if b else None
        out["charset-normalizer " + charset_normalizer.__version__] = cn
    except ImportError:
        pass
    return out


def measure(seed, build_files, n=1000):
    """A measure's arguments (with --misses and --others), its files built by `build_files(devset,
    out_dir, n, seed)` as {path: truth}, delineate's (segments, likely name) on each, and with
    --others the peers' whole-file guesses. (This measure and scripts/damaged_utf8_eval.py.)"""
    ap = arguments(seed)
    ap.set_defaults(n=n)
    ap.add_argument("--misses", type=int, default=0, help="print this many misses")
    ap.add_argument("--others", action="store_true",
                    help="also chardet and charset-normalizer (their whole-file guesses)")
    a = ap.parse_args()
    truth = build_files(a.devset, a.out_dir, a.n, a.seed)
    got = {p: (o.get("segments") or [], o["likely"]["name"]) for p, o in inspect(a.bin, truth).items()}
    return a, truth, got, peers(truth) if a.others else {}


def decoded(data, segs, likely):
    """What a user gets: each segment decoded with its own verdict, or the whole under `likely`."""
    if segs:
        return "".join(decode_label(data[g["byte_span"]["start"]:g["byte_span"]["end"]],
                                    g["encoding"]) or "" for g in segs)
    return decode_label(data, likely)


def main():
    a, truth, got, others = measure(7, build)
    classes = [("1-3", 3), ("4-16", 16), ("17+", 1 << 60)]
    cls = lambda k: next(c for c, top in classes if k <= top)  # noqa: E731
    rows = {}
    # Per detector: files right, files within 3 characters of the truth, characters missed.
    chars = {name: [0, 0, 0] for name in ["delineate", *others]}
    stray = 0
    misses = []
    for path, (s, e, eh, ep) in truth.items():
        with open(path, "rb") as f:
            data = f.read()
        want = decode_label(data[:s], eh) + decode_label(data[s:e], ep) + decode_label(data[e:], eh)
        if decode_label(data, eh) == want or decode_label(data, ep) == want:
            continue
        segs, likely = got[path]
        text = decoded(data, segs, likely)
        texts = {"delineate": text}
        texts.update({name: decode_label(data, ans[path]) for name, ans in others.items()})
        for name, t in texts.items():
            k = missed_characters(want, t)
            chars[name][0] += t == want
            chars[name][1] += k <= 3
            chars[name][2] += k
        starts = [g["byte_span"]["start"] for g in segs][1:]
        # A boundary is asked for only where the host's part on that side holds a non-ASCII
        # byte: beside ASCII alone no boundary can be seen, nor is one needed.
        asked = [j for j, part in ((s, data[:s]), (e, data[e:])) if high(part) > 0]
        both = all(any(abs(x - j) <= 16 for x in starts) for j in asked)
        stray += sum(1 for x in starts if abs(x - s) > 16 and abs(x - e) > 16)
        kind = ("UTF-8 host" if eh == "UTF-8" else "UTF-8 pasted" if ep == "UTF-8"
                else "legacy in legacy")
        for key in [(kind, cls(high(data[s:e]))), (kind, "all"), ("all", "all")]:
            r = rows.setdefault(key, [0, 0, 0])
            r[0] += 1
            r[1] += text == want
            r[2] += both
        if text != want and len(misses) < a.misses:
            misses.append("%s %s in %s (%d non-ASCII bytes pasted at %d-%d): %s" % (
                path, ep, eh, high(data[s:e]), s, e,
                [(g["byte_span"]["start"], g["encoding"]) for g in segs] or likely))
    scored = rows[("all", "all")][0]
    print("%d files; scored: %d (the rest read right in one encoding)" % (len(truth), scored))
    print("| host, pasted | pasted non-ASCII bytes | files | text right | both boundaries within 16 B |")
    print("|---|---|---|---|---|")
    for key in sorted(rows, key=lambda k: (k[0] == "all", k[0], k[1] == "all", k[1])):
        n, ok, both = rows[key]
        print("| %s | %s | %d | %d (%.1f %%) | %d (%.1f %%) |" % (
            key[0], key[1], n, ok, 100 * ok / n, both, 100 * both / n))
    print("boundaries near no join: %d" % stray)
    print("| detector | text right | within 3 characters of the truth | characters missed |")
    print("|---|---|---|---|")
    for name, (ok, near, k) in chars.items():
        print("| %s | %d (%.1f %%) | %d (%.1f %%) | %d |" % (
            name, ok, 100 * ok / scored, near, 100 * near / scored, k))
    for m in misses:
        print("miss: " + m)


if __name__ == "__main__":
    main()
