#!/usr/bin/env bash
# Exploration across processes (docs/scale-out.md): the 3x4 sliding puzzle and 7-row pegs explored by
# `plumb explore` alone (its threads, one a core) and by 1, 2 and 4 processes of an MPI job on this
# machine, each of 1 thread and, with EXPLORE_THREADS="1 2", of 2 (processes x threads); wall time, CPU time (all processes, the launcher's included), states a second of wall time,
# the largest process's peak resident memory, and the --stats line of the processes (bytes sent
# between them, per state; each one's peak memory).
# Env: PLUMB (the program). Optional: EXPLORE_PROCESSES (default "1 2 4"), EXPLORE_THREADS (threads
# a process, default "1"), EXPLORE_WORKLOADS (lines).
set -euo pipefail
: "${PLUMB:?set PLUMB to the plumb binary}"
if ! command -v mpirun >/dev/null; then echo "mpirun not found: skipped"; exit 0; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
  OMPI_MCA_btl=self,vader OMPI_MCA_btl_vader_single_copy_mechanism=none OMPI_MCA_orte_execute_quiet=1
measure() {  # LABEL COMMAND...
  local label=$1 err start end
  shift
  err=$(mktemp)
  start=$(date +%s.%N)
  /usr/bin/time -f 'peak %M cpu %U %S' "$@" --stats </dev/null >/dev/null 2>"$err"
  end=$(date +%s.%N)
  awk -v label="$label" -v secs="$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" '
    /^explore:/ { for (i = 1; i <= NF; ++i) if ($(i) == "expanded,") states = $(i - 1) }
    /^cluster:/ { sub(/^cluster: /, ""); cluster = $0 }
    /^peak / { peak = $2 / 1024; cpu = $4 + $5 }
    END { printf "%-32s %7.1f s  %7.1f CPU s  %6.2fM states/s  peak %5.0f MiB  %s\n", label, secs, cpu, states / secs / 1e6, peak, cluster }' "$err"
  rm -f "$err"
}
workloads=${EXPLORE_WORKLOADS:-$'sliding --size 3x4\npegs --rows 7'}
while read -r workload; do
  # shellcheck disable=SC2086 # the workload is words
  measure "$workload, alone" "$PLUMB" explore $workload
  for processes in ${EXPLORE_PROCESSES:-1 2 4}; do
    for threads in ${EXPLORE_THREADS:-1}; do
      # shellcheck disable=SC2086
      measure "$workload, $processes x $threads threads" mpirun -np "$processes" --bind-to none \
        "$PLUMB" explore $workload --threads "$threads"
    done
  done
done <<<"$workloads"
