#!/usr/bin/env python3
"""Scores encoding verdicts on the dev set of scripts/make_encoding_devset.py (issue 18).

For each file: the text decoded under the detector's answer is compared with the text decoded
under the truth ("text-identical": ISO-8859-15 and windows-1252 are both right for bytes on
which they agree), and the label with the truth's ("label-exact"). Prints accuracy per length
and per encoding, the confusion pairs, the reliability table of `likely.confidence` with its
expected calibration error, and for concatenated files whether `segments[]` found the boundary
within 16 bytes. Detectors: delineate's decision (`encoding`), its `likely` verdict, and, when
importable, chardet and charset-normalizer (their Python APIs, in this process).

  scripts/encoding_eval.py DEVSET_DIR [--bin target/release/delineate] [--others] [--limit N]
"""
import argparse
import codecs
import collections
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from make_encoding_devset import PY  # noqa: E402

ALIASES = {"iso-8859-1": "windows-1252", "ascii": "windows-1252", "utf-8-sig": "UTF-8",
           "utf_8": "UTF-8", "shift_jis": "Shift_JIS", "cp932": "Shift_JIS", "euc-kr": "EUC-KR",
           "cp949": "EUC-KR", "gb2312": "GBK", "big5": "Big5", "iso-8859-8-i": "ISO-8859-8",
           "iso-8859-9": "windows-1254", "tis-620": "windows-874", "koi8-r": "KOI8-R",
           "mac-cyrillic": "x-mac-cyrillic", "maccyrillic": "x-mac-cyrillic",
           "mac_cyrillic": "x-mac-cyrillic", "mac-roman": "macintosh", "mac_roman": "macintosh"}


def codec_of(label):
    """A Python codec for a detector's label (WHATWG names, Python names)."""
    if not label:
        return None
    for k, v in PY.items():
        if k.lower() == label.lower():
            return v
    low = label.lower().replace("_", "-")
    if low in ALIASES:
        return PY.get(ALIASES[low])
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode(data, label):
    c = codec_of(label)
    if c is None:
        return None
    try:
        t = data.decode(c, errors="replace")
    except Exception:
        return None
    return t[1:] if t.startswith("\ufeff") else t


def canonical(label):
    c = codec_of(label)
    for k, v in PY.items():
        if v == c:
            return k
    return label


def run_delineate(binary, paths, chunk=400):
    out = {}
    for i in range(0, len(paths), chunk):
        part = paths[i:i + chunk]
        r = subprocess.run([binary, "inspect", "--json"] + part, capture_output=True)
        for line in r.stdout.decode("utf-8").splitlines():
            j = json.loads(line)
            out[j["path"]] = j
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("devset")
    ap.add_argument("--bin", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "delineate"))
    ap.add_argument("--others", action="store_true", help="also chardet and charset-normalizer")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--show", type=int, default=12, help="confusions shown")
    ap.add_argument("--misses", default="", help="print the likely verdict's misses at these lengths (e.g. 1k,10k)")
    a = ap.parse_args()
    rows = [l.split("\t") for l in open(os.path.join(a.devset, "manifest.tsv"), encoding="utf-8").read().splitlines()[1:]]
    if a.limit:
        rows = rows[:a.limit]
    files = {r[0]: open(os.path.join(a.devset, "files", r[0]), "rb").read() for r in rows}
    paths = [os.path.join(a.devset, "files", r[0]) for r in rows]
    t = time.time()
    res = run_delineate(a.bin, paths)
    secs = time.time() - t
    answers = {"decision": {}, "likely": {}}
    conf = {}
    segs = {}
    for r, p in zip(rows, paths):
        j = res.get(p)
        if j is None:
            continue
        answers["decision"][r[0]] = j["encoding"]["name"]
        lk = j.get("likely") or {}
        answers["likely"][r[0]] = lk.get("name", j["encoding"]["name"])
        conf[r[0]] = lk.get("confidence")
        segs[r[0]] = j.get("segments") or []
    print("delineate inspect --json: %d files in %.2f s" % (len(res), secs))
    if a.others:
        try:
            import chardet
            t = time.time()
            answers["chardet"] = {r[0]: (chardet.detect(files[r[0]])["encoding"]) for r in rows}
            print("chardet %s: %.2f s" % (chardet.__version__, time.time() - t))
        except ImportError:
            pass
        try:
            import charset_normalizer
            t = time.time()
            cn = {}
            for r in rows:
                b = charset_normalizer.from_bytes(files[r[0]]).best()
                cn[r[0]] = b.encoding if b else None
            answers["charset-normalizer"] = cn
            print("charset-normalizer %s: %.2f s" % (charset_normalizer.__version__, time.time() - t))
        except ImportError:
            pass
    single = [r for r in rows if not r[7]]
    truth_text = {r[0]: decode(files[r[0]], r[1]) for r in single}
    for name, ans in answers.items():
        by_len = collections.defaultdict(lambda: [0, 0])
        by_enc = collections.defaultdict(lambda: [0, 0])
        by_wrap = collections.defaultdict(lambda: [0, 0])
        confusions = collections.Counter()
        exact = 0
        for r in single:
            got = ans.get(r[0])
            ok = got is not None and decode(files[r[0]], got) == truth_text[r[0]]
            exact += canonical(got or "") == r[1]
            for d, k in ((by_len, r[3]), (by_enc, r[1]), (by_wrap, r[4])):
                d[k][0] += ok
                d[k][1] += 1
            if not ok:
                confusions[(r[1], canonical(got or "none"))] += 1
        total = sum(v[0] for v in by_len.values()), sum(v[1] for v in by_len.values())
        print("\n== %s: %.1f %% text-identical (%d/%d), %.1f %% label-exact" % (
            name, 100 * total[0] / total[1], total[0], total[1], 100 * exact / total[1]))
        print("   by length: " + ", ".join("%s %.1f %%" % (k, 100 * v[0] / v[1]) for k, v in sorted(by_len.items(), key=lambda kv: {"64": 0, "256": 1, "1k": 2, "10k": 3}.get(kv[0], 9))))
        print("   by wrapper: " + ", ".join("%s %.1f %%" % (k, 100 * v[0] / v[1]) for k, v in sorted(by_wrap.items())))
        worst = sorted(by_enc.items(), key=lambda kv: kv[1][0] / kv[1][1])[:10]
        print("   weakest encodings: " + ", ".join("%s %.0f %% (%d)" % (k, 100 * v[0] / v[1], v[1]) for k, v in worst))
        print("   confusions: " + ", ".join("%s→%s %d" % (k[0], k[1], n) for k, n in confusions.most_common(a.show)))
    if a.misses:
        want = set(a.misses.split(","))
        print("\n== likely misses at %s" % a.misses)
        for r in single:
            if r[3] in want and decode(files[r[0]], answers["likely"][r[0]]) != truth_text[r[0]]:
                print("   %s: truth %s, likely %s (%.2f)" % (r[0], r[1], answers["likely"][r[0]], conf.get(r[0]) or 0))
    # Calibration of likely.confidence.
    bins = collections.defaultdict(lambda: [0, 0, 0.0])
    n = 0
    for r in single:
        c = conf.get(r[0])
        if c is None:
            continue
        ok = decode(files[r[0]], answers["likely"][r[0]]) == truth_text[r[0]]
        b = min(int(c * 10), 9)
        bins[b][0] += ok
        bins[b][1] += 1
        bins[b][2] += c
        n += 1
    if n:
        print("\n== calibration of likely.confidence (%d files)" % n)
        print("   confidence   files   mean conf   right")
        ece = 0.0
        for b in sorted(bins):
            ok, cnt, s = bins[b]
            ece += cnt / n * abs(ok / cnt - s / cnt)
            print("   %.1f–%.1f    %6d   %8.3f   %6.3f" % (b / 10, (b + 1) / 10, cnt, s / cnt, ok / cnt))
        print("   expected calibration error: %.3f" % ece)
    # Segmentation of concatenated files, and false splits of single ones.
    mixed = [r for r in rows if r[7]]
    if mixed:
        within = same_text = separable = sep_within = 0
        misses = []
        for r in mixed:
            data = files[r[0]]
            (s1, s2) = r[7].split(";")
            boundary = int(s2.split("-")[0])
            e1, e2 = s1.split(":")[1], s2.split(":")[1]
            truth = decode(data[:boundary], e1) + decode(data[boundary:], e2)
            got = segs.get(r[0]) or []
            starts = [s["byte_span"]["start"] for s in got][1:]
            ok = any(abs(s - boundary) <= 16 for s in starts)
            within += ok
            if got:
                text = "".join(decode(data[s["byte_span"]["start"]:s["byte_span"]["end"]], s["encoding"]) or "" for s in got)
            else:
                text = decode(data, answers["likely"][r[0]])
            same_text += text == truth
            # Separable: neither encoding alone reads the whole file as the truth.
            if decode(data, e1) != truth and decode(data, e2) != truth:
                separable += 1
                sep_within += ok
                if not ok:
                    misses.append("%s (truth %d, got %s)" % (r[0], boundary, starts))
        print("\n== segmentation of %d concatenated files" % len(mixed))
        print("   boundary within 16 bytes: %d (%.1f %%)" % (within, 100 * within / len(mixed)))
        print("   separable (neither encoding reads all of it right): %d, boundary within 16 bytes in %d (%.1f %%)" % (
            separable, sep_within, 100 * sep_within / max(separable, 1)))
        print("   decoded text identical to the truth (segments, or the likely verdict when none): %d (%.1f %%)" % (
            same_text, 100 * same_text / len(mixed)))
        for m in misses[:a.show]:
            print("   miss: " + m)
    split = [r[0] for r in single if segs.get(r[0])]
    print("\n== single-encoding files given segments (false splits): %d of %d" % (len(split), len(single)))
    for n in split[:a.show]:
        print("   " + n + " " + ",".join("%d-%d:%s" % (s["byte_span"]["start"], s["byte_span"]["end"], s["encoding"]) for s in segs[n]))

if __name__ == "__main__":
    main()
