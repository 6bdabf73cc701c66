#!/usr/bin/env bash
# Solves the published sample of every built-in puzzle and checks each answer against the expected one.
# Usage: scripts/demo.sh PLUMB_BINARY SHARED_DIR
set -euo pipefail
plumb=$1 shared=$2
status=0
for puzzle in $("$plumb" list --names); do
  sample="$shared/data/samples/$puzzle"
  [ -f "$sample/sample.in" ] || continue
  echo "== plumb solve $puzzle $sample/sample.in"
  actual=$("$plumb" solve "$puzzle" "$sample/sample.in")
  echo "$actual"
  if diff <(sed 's/[[:space:]]*$//' <<<"$actual") <(sed 's/[[:space:]]*$//' "$sample/sample.out") >/dev/null; then
    echo "   (matches the expected output)"
  else
    echo "   MISMATCH with $sample/sample.out" >&2
    status=1
  fi
done
exit $status
