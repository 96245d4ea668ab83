#!/usr/bin/env bash
# Runs every fuzz target for SECONDS (default 600), JOBS at a time (default 2), with a 1 s
# per-input timeout and a 2 GB memory limit; new inputs go to fuzz/corpus/<target>/, crashes to
# fuzz/artifacts/<target>/, logs to fuzz/logs/. Prints one summary line per target.
#   fuzz/run.sh [SECONDS] [JOBS] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-600}; jobs=${2:-2}; shift 2 2>/dev/null || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(encoding mojibake anomalies normalize tokens format html xml office pdf email mbox sgml langid)
fi
mkdir -p logs corpus
run_one() {
  local t=$1
  local max_len=16384
  case $t in office|pdf|format) max_len=262144 ;; esac
  mkdir -p "corpus/$t" "artifacts/$t"
  cargo +nightly fuzz run -O "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$secs" -timeout=1 -rss_limit_mb=2048 -max_len="$max_len" \
    -print_final_stats=1 > "logs/$t.log" 2>&1
  local rc=$?
  local runs; runs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "logs/$t.log" | tail -1)
  echo "$t: exit $rc, ${runs:-no summary (see fuzz/logs/$t.log)}"
}
export -f run_one; export secs
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}'
