#!/usr/bin/env bash
# Minimises each target's grown corpus (fuzz/corpus/<target>, not committed: 1-24 MB per
# target even minimised) in place with `cargo fuzz cmin`, so that tests/fuzz_replay.rs, which
# replays a local corpus when there is one, stays quick. CI replays the committed seeds and
# regressions only.
#   fuzz/cmin.sh [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(encoding mojibake anomalies normalize tokens format html xml office pdf email mbox sgml langid)
fi
for t in "${targets[@]}"; do
  [ -d "corpus/$t" ] || continue
  cargo +nightly fuzz cmin -O "$t" "corpus/$t" -- -timeout=1 -rss_limit_mb=2048 > "logs/cmin-$t.log" 2>&1
  echo "$t: $(ls "corpus/$t" | wc -l) inputs, $(du -sh "corpus/$t" | cut -f1)"
done
