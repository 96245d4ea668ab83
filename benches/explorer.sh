#!/usr/bin/env bash
# Benchmarks the explorer without a terminal (`--headless`, which runs the same model and views
# against ratatui's TestBackend): time to the first frame on a 1 GB file (process start, open,
# instant sample analysis, window decode, one render), a 100 MB single-line file scrolled, and
# the peak RSS of the whole-file background scan. Targets (issue 3): first frame ≤ 150 ms,
# RSS ≤ 100 MB. Inputs are made by benches/inspect.sh in $BENCH_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/delineate
DIR=${BENCH_DIR:-/tmp/delineate-bench}
cargo build --release --quiet
[ -f "$DIR/1g-utf8.txt" ] || benches/inspect.sh >/dev/null
if [ ! -f "$DIR/100m-line.txt" ]; then
  python3 -c "
with open('$DIR/100m-line.txt','wb') as f:
    unit=('word résumé naïve café ' * 1000).encode()
    n=0
    while n < 100_000_000:
        f.write(unit); n+=len(unit)"
fi
hyperfine --warmup 2 --runs 20 -N \
  "$BIN $DIR/1g-utf8.txt --headless 120x40" \
  "$BIN $DIR/1g-cp1252.txt --headless 80x24" \
  "$BIN $DIR/100m-line.txt --headless 120x40 --keys 'PageDown PageDown PageDown G PageUp PageUp'"
/usr/bin/time -f "first frame only: %e s, peak RSS %M KB" "$BIN" "$DIR/1g-utf8.txt" --headless 120x40 > /dev/null
/usr/bin/time -f "with the whole-file background scan: %e s, peak RSS %M KB" "$BIN" "$DIR/1g-utf8.txt" --headless 120x40 --keys wait > /dev/null
