#!/usr/bin/env bash
# End-to-end `plumb solve block` on large random boards (parse, build the network, max flow, cut).
# The boards are puzzles::random_block_board's (30% holes, 0.2% starts, the goal in the centre, a
# start near the top left corner), written here by awk with the same Park-Miller generator.
# Env: PLUMB (the program). Usage: PLUMB=build/plumb bash puzzles/block/bench/block.sh [SIDE...]
set -euo pipefail
plumb=${PLUMB:?set PLUMB to the plumb program}
sides=("${@:-500 1000 2000 3000}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# board ROWS COLS HOLES_PER_MILLE STARTS_PER_MILLE SEED
board() {
  awk -v R="$1" -v C="$2" -v H="$3" -v S="$4" -v seed="$5" 'BEGIN {
    M = 2147483647; x = seed % M; if (x == 0) x = 1
    gr = int(R / 2); gc = int(C / 2); cr = gr % 3; cc = gc % 3
    print R, C
    for (r = 0; r < R; r++) {
      row = ""
      for (c = 0; c < C; c++) {
        x = (x * 48271) % M; d = x % 1000
        cell = d < H ? "H" : (d < H + S ? "b" : ".")
        if (r == cr && c == cc) cell = "b"
        if (r == gr && c == gc) cell = "$"
        row = row cell
      }
      print row
    }
  }'
}

TIMEFORMAT=%R
printf '%-11s %-14s %8s %10s\n' board algo answer seconds
for side in ${sides[*]}; do
  board "$side" "$side" 300 2 1 > "$work/board.txt"
  for algo in dinic bk; do
    answer=$( { time "$plumb" solve block --algo "$algo" "$work/board.txt" > "$work/out"; } 2> "$work/time"; cat "$work/out")
    printf '%-11s %-14s %8s %10s\n' "${side}x${side}" "$algo" "$answer" "$(cat "$work/time")"
  done
done
