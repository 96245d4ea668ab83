#!/usr/bin/env python3
"""Compare encoding decisions on the NLTK UDHR files: delineate vs chardet, charset-normalizer
and uchardet. Score = "right text": the file decoded under the detector's answer equals the file
decoded under the manifest's checked best-fit codec (ISO-8859-2 and windows-1250 agree on most
bytes, so labels alone would be unfair). Files whose encoding has no decoder are skipped.

Usage: scripts/udhr_detectors.py [DELINEATE_BINARY]   (needs pip chardet charset-normalizer,
apt uchardet; a detector that is missing is skipped)"""
import codecs, json, os, subprocess, sys, time

DIR = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "udhr", "nltk-udhr-2008")
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "target", "release", "delineate")

PY = {"x-mac-cyrillic": "mac_cyrillic", "macintosh": "mac_roman", "x-user-defined": None,
      "utf-16le": "utf-16-le", "utf-16be": "utf-16-be", "utf-32le": "utf-32-le", "utf-32be": "utf-32-be",
      "iso-8859-8-i": "iso8859_8", "replacement": None}

def pycodec(label):
    if not label:
        return None
    l = label.lower()
    l = PY.get(l, l)
    if l is None:
        return None
    try:
        return codecs.lookup(l).name
    except LookupError:
        return None

def text(b, codec):
    if codec is None:
        return None
    if codec.startswith("utf-16") or codec.startswith("utf-32") or codec == "utf-8":
        for bom in (codecs.BOM_UTF8, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            pass
    try:
        t = b.decode(codec, errors="replace")
    except Exception:
        return None
    return t.lstrip("\ufeff")

rows = []
for line in open(os.path.join(DIR, "manifest.tsv"), encoding="utf-8").read().splitlines()[1:]:
    c = line.split("\t")
    truth = pycodec(c[4]) if c[4] else None
    if truth is None or c[5].startswith("replacement"):
        continue
    rows.append((c[0], truth))
files = [os.path.join(DIR, f) for f, _ in rows]
blobs = {f: open(os.path.join(DIR, f), "rb").read() for f, _ in rows}

def score(name, answers, secs):
    right = 0
    wrong = []
    for (f, truth), ans in zip(rows, answers):
        want = text(blobs[f], truth)
        got = text(blobs[f], pycodec(ans))
        if got == want:
            right += 1
        else:
            wrong.append(f"{f} ({ans} for {truth})")
    print(f"{name:20} {right:4}/{len(rows)}  {100*right/len(rows):5.1f} %   {secs:6.2f} s")
    return wrong

results = {}
t = time.time()
out = subprocess.run([BIN, "inspect", "--json", *files], capture_output=True, text=True).stdout
secs = time.time() - t
js = [json.loads(l) for l in out.splitlines()]
results["delineate decision"] = score("delineate decision", [j["encoding"]["name"] for j in js], secs)
results["delineate likely"] = score("delineate likely", [j["likely"]["name"] for j in js], secs)

try:
    import chardet
    t = time.time(); ans = [chardet.detect(blobs[f])["encoding"] for f, _ in rows]
    results["chardet"] = score(f"chardet {chardet.__version__}", ans, time.time() - t)
except ImportError:
    print("chardet: not installed")
try:
    import charset_normalizer
    t = time.time()
    ans = []
    for f, _ in rows:
        best = charset_normalizer.from_bytes(blobs[f]).best()
        ans.append(best.encoding if best else None)
    results["charset-normalizer"] = score(f"charset-normalizer {charset_normalizer.__version__}", ans, time.time() - t)
except ImportError:
    print("charset-normalizer: not installed")
try:
    t = time.time()
    out = subprocess.run(["uchardet", *files], capture_output=True, text=True).stdout.splitlines()
    ans = [l.rsplit(": ", 1)[-1].strip() for l in out]
    results["uchardet"] = score("uchardet", ans, time.time() - t)
except FileNotFoundError:
    print("uchardet: not installed")

if "-v" in sys.argv:
    for k, w in results.items():
        print(f"\n{k} wrong:")
        for x in w:
            print("  ", x)
