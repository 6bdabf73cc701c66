#!/usr/bin/env bash
# Processes against threads on this machine (issue #29, docs/scale-out.md): 1 process of 2 threads
# and 2 processes of 1 thread (mpirun -np 2) on the same work, in one run, interleaved ROUNDS times:
# the exploration of the 3x4 sliding puzzle, and `pdb solve 24-6666` on Korf and Felner's 24-puzzles
# 40, 25 and 38 (the databases built first, outside the timings). Wall and CPU seconds (user + system
# of every process and the launcher).
# Env: PLUMB (the program). Optional: ROUNDS (default 2).
set -euo pipefail
: "${PLUMB:?set PLUMB to the plumb binary}"
if ! command -v mpirun >/dev/null; then echo "mpirun not found: skipped"; exit 0; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
  OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_orte_execute_quiet=1
data=${PLUMB_DATA:-$(dirname "$(realpath "$0")")/../../../data}
instances=$(mktemp)
trap 'rm -f "$instances"' EXIT
grep -E '^(40|25|38) ' "$data/korf24.txt" >"$instances"
"$PLUMB" pdb build 24-6666 >/dev/null 2>&1
measure() {  # LABEL COMMAND...
  local label=$1 times
  shift
  times=$(mktemp)
  /usr/bin/time -f '%e %U %S' -o "$times" "$@" </dev/null >/dev/null 2>&1
  awk -v label="$label" '{ printf "%-44s %7.1f s wall  %7.1f CPU s\n", label, $1, $2 + $3 }' "$times"
  rm -f "$times"
}
for round in $(seq "${ROUNDS:-2}"); do
  echo "round $round"
  measure "explore sliding 3x4, 1 x 2" "$PLUMB" explore sliding --size 3x4 --threads 2
  measure "explore sliding 3x4, 2 x 1" mpirun -np 2 --bind-to none "$PLUMB" explore sliding \
    --size 3x4 --threads 1
  measure "pdb solve 24-6666 40 25 38, 1 x 2" "$PLUMB" pdb solve 24-6666 "$instances" --threads 2
  measure "pdb solve 24-6666 40 25 38, 2 x 1" mpirun -np 2 --bind-to none "$PLUMB" pdb solve \
    24-6666 "$instances" --threads 1
done
