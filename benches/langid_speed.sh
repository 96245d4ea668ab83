#!/usr/bin/env bash
# Issue 20's speed target, in one hyperfine run on this machine: `delineate langid --lines` over
# the language dev set ten times over (dev3: seed 20 of scripts/make_langid_devset.py, Debian's
# software translations; 1,704 snippets, 17,040 lines) against py3langid classifying the same
# lines one by one, each as a whole process. delineate runs on one thread and on all cores: the
# README quotes both, and the CPU time beside the wall time.
#
#   benches/langid_speed.sh [RUNS]
#
# Makes the dev set under ${WORK:-/tmp/langid-speed} and py3langid's venv under
# ${VENV:-/tmp/venv-lang} when they are missing. Needs hyperfine and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
work=${WORK:-/tmp/langid-speed}
venv=${VENV:-/tmp/venv-lang}
bin=${BIN:-target/release/delineate}
mkdir -p "$work"
if [ ! -s "$work/dev10.txt" ]; then
    python3 scripts/make_langid_devset.py "$work/dev3.tsv" --seed 20 > /dev/null
    cut -f3 "$work/dev3.tsv" > "$work/dev1.txt"
    for _ in $(seq 10); do cat "$work/dev1.txt"; done > "$work/dev10.txt"
fi
if [ ! -x "$venv/bin/python3" ] || ! "$venv/bin/python3" -c 'import py3langid' 2> /dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q py3langid==0.4.0
fi
cat > "$work/py3langid_lines.py" <<'PY'
import sys
import py3langid as langid
out = [langid.classify(line.rstrip("\n"))[0] for line in open(sys.argv[1], encoding="utf-8")]
sys.stdout.write("\n".join(out) + "\n")
PY
[ -x "$bin" ] || cargo build --release
echo "$(wc -l < "$work/dev10.txt") lines in $work/dev10.txt"
hyperfine -N -w 3 -r "$runs" \
    -n "delineate langid --lines --threads 1" "$bin langid --lines --threads 1 $work/dev10.txt" \
    -n "delineate langid --lines" "$bin langid --lines $work/dev10.txt" \
    -n "py3langid" "$venv/bin/python3 $work/py3langid_lines.py $work/dev10.txt"
