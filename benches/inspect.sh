#!/usr/bin/env bash
# Benchmarks `delineate inspect --json` with hyperfine and /usr/bin/time:
#   * the 334 NLTK UDHR files in many legacy encodings (files/s),
#   * a 1 GB UTF-8 file and a 1 GB windows-1252 file (MB/s, peak RSS).
# Usage: benches/inspect.sh   (needs hyperfine; the 1 GB inputs are written to $BENCH_DIR,
# default /tmp/delineate-bench, once). Targets (issue 2): ≥ 2,000 small files/s; a 1 GB file
# in < 2 s with RSS < 100 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=target/release/delineate
UDHR=../shared/data/udhr/nltk-udhr-2008
DIR=${BENCH_DIR:-/tmp/delineate-bench}
mkdir -p "$DIR"
cargo build --release --quiet

if [ ! -f "$DIR/1g-utf8.txt" ] || [ ! -f "$DIR/1g-cp1252.txt" ]; then
  python3 - "$DIR" <<'PY'
import glob, os, sys
d = sys.argv[1]
core = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(".")), "shared/data/udhr/core/*.txt")))
utf8 = b"".join(open(f, "rb").read() for f in core) or ("Grüße, résumé, Привет мир, 中文 " * 50000).encode()
latin = "".join(open(f, encoding="utf-8").read() for f in core if os.path.basename(f)[:3] in ("eng", "fra", "deu", "spa", "por", "ita", "nld")) or "Grüße, résumé, café " * 50000
cp1252 = latin.encode("cp1252", errors="replace")
for name, unit in (("1g-utf8.txt", utf8), ("1g-cp1252.txt", cp1252)):
    with open(os.path.join(d, name), "wb") as out:
        n = 0
        while n < 1_000_000_000:
            out.write(unit); n += len(unit)
PY
fi

if [ -d "$UDHR" ]; then
  n=$(ls "$UDHR" | grep -vc manifest)
  echo "== $n UDHR files"
  hyperfine --warmup 2 --runs 15 --export-json "$DIR/udhr.json" \
    "$BIN inspect --json $UDHR/* > /dev/null" 
  python3 -c "import json;r=json.load(open('$DIR/udhr.json'))['results'][0];print(f'median {r[\"median\"]*1000:.0f} ms -> {$n/r[\"median\"]:.0f} files/s')"
fi
for f in 1g-utf8.txt 1g-cp1252.txt; do
  echo "== $f"
  hyperfine --warmup 1 --runs 5 --export-json "$DIR/$f.json" "$BIN inspect --json $DIR/$f > /dev/null"
  python3 -c "import json,os;r=json.load(open('$DIR/$f.json'))['results'][0];s=os.path.getsize('$DIR/$f');print(f'median {r[\"median\"]:.2f} s -> {s/1e6/r[\"median\"]:.0f} MB/s')"
  /usr/bin/time -f "peak RSS %M KB" "$BIN" inspect --json "$DIR/$f" > /dev/null
done
