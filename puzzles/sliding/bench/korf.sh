#!/usr/bin/env bash
# The sliding-puzzle pattern databases end to end: the one-time builds of the 15-puzzle's 7-8 and
# the 24-puzzle's 6-6-6-6 databases, then Korf's 100 15-puzzles (every length checked against the
# published optimum) and the easiest of Korf and Felner's 50 24-puzzles, through `plumb pdb`.
# Env: PLUMB (the program). Instances: the repository's data/korf100.txt and data/korf24.txt. Optional: KORF24_IDS (which
# 24-puzzles, by id; default: the ones BENCHMARKS.md reports, each under 10 minutes on 2 cores; empty
# skips the 24-puzzle), KORF24_LIMIT (seconds an instance, default 600: one that runs longer is
# reported as stopped), PDB_THREADS (default: all cores), PLUMB_CACHE (where the databases are
# kept; default ~/.cache/plumb).
set -euo pipefail
: "${PLUMB:?set PLUMB to the plumb binary}"
data=${PLUMB_DATA:-$(dirname "$(realpath "$0")")/../../../data}
threads=${PDB_THREADS:-$(nproc)}
ids=${KORF24_IDS-40 38 25 32 44 30 5 37 28 13 1 22 16 47}
timed() {  # label command...: runs it, prints its output and its wall time; returns its status
  local start end status=0
  start=$(date +%s.%N)
  "${@:2}" || status=$?
  end=$(date +%s.%N)
  awk -v label="$1" -v a="$start" -v b="$end" 'BEGIN { printf "%s: %.2f s wall\n", label, b - a }'
  return "$status"
}
timed "build 15-7-8" "$PLUMB" pdb build 15-7-8 --threads "$threads"
timed "korf100" "$PLUMB" pdb solve 15-7-8 "$data/korf100.txt" --threads "$threads" | grep -E '^total|MISMATCH|wall'
if [ -n "$ids" ]; then
  timed "build 24-6666" "$PLUMB" pdb build 24-6666 --threads "$threads"
  chosen=$(mktemp)
  for id in $ids; do grep "^$id " "$data/korf24.txt"; done >"$chosen"
  timed "korf24 ids $ids" "$PLUMB" pdb solve 24-6666 "$chosen" --threads "$threads" \
    --time-limit "${KORF24_LIMIT:-600}" || [ "$?" -eq 3 ]  # 3: an instance was stopped
  rm -f "$chosen"
fi
