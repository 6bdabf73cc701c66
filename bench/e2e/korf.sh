#!/usr/bin/env bash
# The sliding-puzzle pattern databases end to end: the one-time builds of the 15-puzzle's 7-8 and
# the 24-puzzle's 6-6-6-6 databases, then Korf's 100 15-puzzles (every length checked against the
# published optimum) and the easiest of Korf and Felner's 50 24-puzzles, through `plumb pdb`.
# Env: PLUMB (the program), SHARED (data/korf100.txt, data/korf24.txt). Optional: KORF24_COUNT (how
# many of the 24-puzzles, easiest first; default 10; 0 skips the 24-puzzle), PDB_THREADS (default:
# all cores), PLUMB_CACHE (where the databases are kept; default ~/.cache/plumb).
set -euo pipefail
: "${PLUMB:?set PLUMB to the plumb binary}" "${SHARED:?set SHARED to the shared directory}"
threads=${PDB_THREADS:-$(nproc)}
count=${KORF24_COUNT:-10}
timed() {  # label command...: runs it, prints its output and its wall time
  local start end
  start=$(date +%s.%N)
  "${@:2}"
  end=$(date +%s.%N)
  awk -v label="$1" -v a="$start" -v b="$end" 'BEGIN { printf "%s: %.2f s wall\n", label, b - a }'
}
timed "build 15-7-8" "$PLUMB" pdb build 15-7-8 --threads "$threads"
timed "korf100" "$PLUMB" pdb solve 15-7-8 "$SHARED/data/korf100.txt" --threads "$threads" | grep -E '^total|MISMATCH|wall'
if [ "$count" -gt 0 ]; then
  timed "build 24-6666" "$PLUMB" pdb build 24-6666 --threads "$threads"
  easiest=$(mktemp)
  grep -v '^#' "$SHARED/data/korf24.txt" | sort -k2,2n -k1,1n | head -n "$count" >"$easiest"
  timed "korf24 easiest $count" "$PLUMB" pdb solve 24-6666 "$easiest" --threads "$threads"
  rm -f "$easiest"
fi
