#!/usr/bin/env bash
# Prints the last fuzz run (fuzz/logs/*.log) as a Markdown table.
cd "$(dirname "$0")"
echo "| target | seconds | executions | exec/s | slowest input | peak RSS | corpus | crashes, timeouts, OOMs |"
echo "|---|---|---|---|---|---|---|---|"
for f in logs/*.log; do
  t=$(basename "$f" .log)
  done_line=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$f" | tail -1)
  runs=$(echo "$done_line" | awk '{print $2}')
  secs=$(echo "$done_line" | awk '{print $5}')
  slow=$(grep -o 'slowest_unit_time_sec: *[0-9]*' "$f" | awk '{print $2}')
  rss=$(grep -o 'peak_rss_mb: *[0-9]*' "$f" | awk '{print $2}')
  corpus=$(ls "corpus/$t" 2>/dev/null | wc -l)
  bad=$(ls "artifacts/$t" 2>/dev/null | wc -l)
  rate=""
  [ -n "$runs" ] && [ -n "$secs" ] && [ "$secs" -gt 0 ] && rate=$((runs / secs))
  echo "| $t | ${secs:-–} | ${runs:-–} | ${rate:-–} | ${slow:-–} s | ${rss:-–} MB | $corpus | $bad |"
done
