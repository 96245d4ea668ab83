#!/usr/bin/env bash
# Draws the README's screenshots from the real explorer: each line of assets/screens/screens.tsv
# (name, what to open, keys) becomes assets/screens/NAME.svg, the frame the program draws at
# 120x34 after those keys (`--headless … --svg`), in colour. tests/demo.rs fails when an SVG is
# no longer what the program draws: run this script and commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
BIN=target/release/delineate
while IFS=$'\t' read -r name what keys; do
  case "$name" in ''|'#'*) continue ;; esac
  NO_COLOR= "$BIN" --color always $what --headless 120x34 --keys "$keys" --svg > "assets/screens/$name.svg"
  echo "assets/screens/$name.svg"
done < assets/screens/screens.tsv
