#!/usr/bin/env bash
# Solves the published sample of every built-in puzzle and checks each answer against the expected one.
# Fails, naming it, if a puzzle has no sample or an answer differs.
# Usage: scripts/demo.sh PLUMB_BINARY PUZZLES_DIR   (the repository's puzzles/: NAME/samples/ a puzzle)
set -euo pipefail
plumb=$1 puzzles=$2
status=0
for puzzle in $("$plumb" list --names); do
  sample="$puzzles/$puzzle/samples"
  if [ ! -f "$sample/sample.in" ] || [ ! -f "$sample/sample.out" ]; then
    echo "demo: no sample for $puzzle: $sample/sample.in and sample.out are missing" >&2
    status=1
    continue
  fi
  echo "== plumb solve $puzzle $sample/sample.in"
  actual=$("$plumb" solve "$puzzle" "$sample/sample.in")
  echo "$actual"
  if diff <(sed 's/[[:space:]]*$//' <<<"$actual") <(sed 's/[[:space:]]*$//' "$sample/sample.out") >/dev/null; then
    echo "   (matches the expected output)"
  else
    echo "demo: MISMATCH with $sample/sample.out" >&2
    status=1
  fi
done
exit $status
