#!/usr/bin/env bash
# Issue 18's speed target, in one hyperfine run on this machine: `delineate inspect --json` over
# the generated mixed-encoding corpus (about 2,000 files, 50 MB) against charset-normalizer's
# `normalizer` and chardet's `chardetect` over the same files.
#
#   benches/encoding_speed.sh [CORPUS_DIR] [RUNS]
#
# Makes the corpus with scripts/make_speed_corpus.py (from ../shared/data) when CORPUS_DIR does
# not exist, and the peers' venv (chardet 7.7.0, charset-normalizer 3.5.3) under
# ${VENV:-/tmp/venv-detect} when it lacks them. Needs hyperfine and a release build.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${1:-/tmp/speed}
runs=${2:-5}
venv=${VENV:-/tmp/venv-detect}
bin=${BIN:-target/release/delineate}
if [ ! -d "$corpus" ]; then
    python3 scripts/make_speed_corpus.py "$corpus"
fi
if [ ! -x "$venv/bin/normalizer" ] || [ ! -x "$venv/bin/chardetect" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q chardet==7.7.0 charset-normalizer==3.5.3
fi
[ -x "$bin" ] || cargo build --release
# The least a verdict that keeps chardetng as one voter can do (examples/encoding_floor.rs): where
# the targets stand against this machine, not only against the peers.
floor=${FLOOR:-target/release/examples/encoding_floor}
[ -x "$floor" ] || cargo build --release --example encoding_floor
files=("$corpus"/*)
echo "${#files[@]} files, $(du -sh "$corpus" | cut -f1) in $corpus"
hyperfine -w 1 -r "$runs" \
    -n "delineate inspect --json" "$bin inspect --json ${corpus}/* > /dev/null" \
    -n normalizer "$venv/bin/normalizer ${corpus}/* > /dev/null" \
    -n chardetect "$venv/bin/chardetect ${corpus}/* > /dev/null" \
    -n "floor (chardetng guess, decode)" "$floor ${corpus}/* > /dev/null" \
    -n "floor + one reading's n-grams" "$floor --ngram ${corpus}/* > /dev/null"
