#!/usr/bin/env bash
# Minimises each target's grown corpus (fuzz/corpus/<target>) in place with `cargo fuzz cmin`
# and copies the result to fuzz/corpus-min/<target>, which is committed and replayed by
# tests/fuzz_replay.rs (so inputs that reached new code in the 10-minute runs are re-run in CI).
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
  rm -rf "corpus-min/$t"; mkdir -p "corpus-min/$t"
  cp "corpus/$t"/* "corpus-min/$t/"
  echo "$t: $(ls "corpus-min/$t" | wc -l) inputs, $(du -sh "corpus-min/$t" | cut -f1)"
done
