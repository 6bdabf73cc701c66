#!/usr/bin/env bash
# Moving Pegs end to end: every start hole of the 5-, 6- and 7-row triangles through `plumb solve pegs`
# (default meet-in-the-middle solver), and the 5- and 6-row ones by the distance table for comparison;
# wall time, and the positions expanded and stored as --stats reports them.
# Env: PLUMB (the program). Optional: PEGS_ROWS (default "5 6 7"), PEGS_TABLE_ROWS (default "5 6").
set -euo pipefail
: "${PLUMB:?set PLUMB to the plumb binary}"
every_hole() { local holes=$(($1 * ($1 + 1) / 2)); echo "$holes"; seq 1 "$holes"; }
run() {  # rows algo
  local err; err=$(mktemp)
  local start end
  start=$(date +%s.%N)
  every_hole "$1" | "$PLUMB" solve pegs --rows "$1" --algo "$2" --stats >/dev/null 2>"$err"
  end=$(date +%s.%N)
  awk -v rows="$1" -v algo="$2" -v secs="$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" '
    { for (i = 1; i <= NF; ++i) { if ($(i) == "expanded,") e += $(i - 1); if ($(i) == "stored") s += $(i - 1); } n++ }
    END { printf "rows %d  %-5s  %2d holes  %8.3f s  %12d expanded  %12d stored at peak (sum over holes)\n", rows, algo, n, secs, e, s }' "$err"
  rm -f "$err"
}
for rows in ${PEGS_ROWS:-5 6 7}; do run "$rows" meet; done
for rows in ${PEGS_TABLE_ROWS:-5 6}; do run "$rows" table; done
