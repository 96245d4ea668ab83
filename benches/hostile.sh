#!/usr/bin/env bash
# Issue 17's acceptance, measured: `delineate audit` over a folder of every hostile input
# (scripts/make_hostile_corpus.py) beside three good files. Prints the audit's wall time and
# peak RSS (/usr/bin/time -v), each hostile file's named error or diagnostic, and checks that
# the good files' figures are those of an audit of the good files alone.
#   benches/hostile.sh [DIR]      (DIR defaults to a fresh temporary folder)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-$(mktemp -d)}
bin=target/release/delineate
cargo build --release --quiet
python3 scripts/make_hostile_corpus.py "$dir"
echo "== corpus: $(find "$dir" -type f | wc -l) files, $(du -sh "$dir" | cut -f1)"

/usr/bin/time -v "$bin" audit --json --root "$dir" "$dir" > "$dir.all.json" 2> "$dir.time" || true
/usr/bin/time -v "$bin" audit --json --root "$dir" "$dir/good" > "$dir.good.json" 2> /dev/null
grep -E "Elapsed|Maximum resident" "$dir.time" | sed 's/^\s*/  /'
python3 - "$dir.all.json" "$dir.good.json" <<'EOF'
import json, sys
def safe(s):
    # The names are hostile on purpose: this report must not carry their controls either.
    return "".join(c if c.isprintable() else "\\x%02X" % ord(c) if ord(c) < 256 else "\\u%04X" % ord(c) for c in s)
all_, good = (json.load(open(p)) for p in sys.argv[1:3])
print("  files audited: %d, units %d, errors %d" % (all_["summary"]["files"], all_["summary"]["units"], len(all_["summary"]["errors"])))
print("== what each hostile file became")
seen = set()
for e in all_["summary"]["errors"]:
    print("  error   %-28s %s" % (safe(e["path"].split("/")[-1][:28]), safe(e["error"][:110])))
    seen.add(e["path"])
for d in all_["documents"]:
    if "/hostile/" in d["path"] and d["path"] not in seen:
        why = "; ".join(d["reasons"])[:110] or "(no damage)"
        print("  %-7s %-28s %s" % (safe(d["unit"][:7]), safe(d["path"].split("/")[-1][:28]), safe(why)))
def docs(a):
    return {(d["path"], d["unit"]): d for d in a["documents"] if "/good/" in d["path"]}
g_all, g_alone = docs(all_), docs(good)
same = g_all == g_alone and len(g_alone) == 3
print("== good files' figures unchanged beside the hostile ones: %s" % ("yes" if same else "NO"))
sys.exit(0 if same else 1)
EOF
