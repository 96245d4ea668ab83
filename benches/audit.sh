#!/usr/bin/env bash
# Benchmarks `delineate audit` against issue 7's yardsticks, every command in one hyperfine run
# (the machine's load then hits all of them alike; quote the ratios, not the absolute times):
#   * Reuters NLTK, 10,788 small files: audit vs `cat` of the same files vs the Python
#     baseline (scripts/audit_baseline.py). Targets: <= 2x cat, >= 5x faster than Python.
#   * 11 synthetic files of 30 MB (scripts/make_synthetic_corpus.py): audit vs cat vs Python.
#     Targets: >= 20x faster than Python, <= 3x cat.
#   * with --big, a 2 GB synthetic corpus of 1 MB files: peak RSS (target < 1 GB).
# Beside them runs `floor` (examples/audit_floor.rs): the audit's tokenizer and a plain hash map
# counting tf and df on all cores, with none of the audit's analysis. No audit with this
# tokenizer on this machine can beat it, so its ratios bound what the targets can ask here.
# Usage: benches/audit.sh [--big] [--runs N]. Needs hyperfine, python3 and ../shared/data; the
# synthetic corpora are written to $BENCH_DIR (default /tmp/delineate-bench) once.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/delineate
FLOOR=target/release/examples/audit_floor
R=../shared/data/reuters21578/nltk-apte
DIR=${BENCH_DIR:-/tmp/delineate-bench}
BIG=0
RUNS=15
while [ $# -gt 0 ]; do
  case "$1" in
    --big) BIG=1 ;;
    --runs) RUNS=$2; shift ;;
    *) echo "usage: benches/audit.sh [--big] [--runs N]" >&2; exit 2 ;;
  esac
  shift
done
if [ ! -d "$R" ]; then
  echo "benches/audit.sh: $R not found (the shared data is not on this machine)" >&2
  exit 1
fi
mkdir -p "$DIR"
cargo build --release --quiet
cargo build --release --quiet --example audit_floor

# Prints each command's median and the audit's ratios to cat and to Python.
ratios() {
  python3 - "$1" <<'PY'
import json, sys
r = {x["command"]: x["median"] for x in json.load(open(sys.argv[1]))["results"]}
for name, t in r.items():
    print(f"  {name:<8} median {t:8.3f} s")
print(f"  audit / cat = {r['audit'] / r['cat']:.1f}x;  python / audit = {r['python'] / r['audit']:.1f}x")
print(f"  floor / cat = {r['floor'] / r['cat']:.1f}x;  python / floor = {r['python'] / r['floor']:.1f}x")
PY
}

echo "== Reuters NLTK (10,788 files)"
hyperfine --warmup 2 --runs "$RUNS" --export-json "$DIR/audit-reuters.json" \
  -n audit "$BIN audit $R/test $R/training --json > /dev/null" \
  -n floor "$FLOOR $R/test $R/training --top 10 > /dev/null" \
  -n cat "cat $R/test/* $R/training/* > /dev/null" \
  -n python "python3 scripts/audit_baseline.py $R/test $R/training --top 10 > /dev/null" > /dev/null
ratios "$DIR/audit-reuters.json"

LARGE="$DIR/large"
if [ ! -d "$LARGE" ]; then
  python3 scripts/make_synthetic_corpus.py "$LARGE" 320 30000
fi
echo "== $(find -L "$LARGE" -type f | wc -l) synthetic files of 30 MB"
hyperfine --runs 3 --export-json "$DIR/audit-large.json" \
  -n audit "$BIN audit $LARGE --top 10 > /dev/null" \
  -n floor "$FLOOR $LARGE --top 10 > /dev/null" \
  -n cat "cat $LARGE/*/* > /dev/null" \
  -n python "python3 scripts/audit_baseline.py $LARGE --top 10 > /dev/null" > /dev/null
ratios "$DIR/audit-large.json"

if [ "$BIG" = 1 ]; then
  HUGE="$DIR/2g"
  if [ ! -d "$HUGE" ]; then
    python3 scripts/make_synthetic_corpus.py "$HUGE" 2048 1024
  fi
  echo "== 2 GB synthetic corpus"
  /usr/bin/time -f "  %e s, peak RSS %M KB" "$BIN" audit "$HUGE" --top 20 > /dev/null
fi
