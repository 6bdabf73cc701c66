#!/usr/bin/env bash
# Runs every benchmark: the Google Benchmark kernels, then the end-to-end workloads: those of the
# front ends in bench/e2e/, then each registered puzzle's, its folder's bench/*.sh (the build lists
# the folders in BUILD_DIR/generated/puzzle_folders.tsv).
# Usage: bench/run.sh BUILD_DIR [FILTER]   (FILTER: run only the scripts whose name matches it)
# The workloads read their instances from the repository's data/ folder.
set -euo pipefail
build=$(realpath "$1") filter=${2:-}
here=$(dirname "$(realpath "$0")")
echo "# plumb benchmarks on $(hostname), $(nproc) cores, $(date -u +%Y-%m-%d)"
grep -m1 'model name' /proc/cpuinfo || true
if [ -z "$filter" ]; then
  for kernel in "$build"/bench/*_bench; do
    [ -x "$kernel" ] || continue
    echo; echo "## $(basename "$kernel")"
    "$kernel" --benchmark_min_time=0.2
  done
fi
scripts=("$here"/e2e/*.sh)
while IFS=$'\t' read -r _ folder; do
  for script in "$folder"/bench/*.sh; do [ -e "$script" ] && scripts+=("$script"); done
done <"$build/generated/puzzle_folders.tsv"
for script in "${scripts[@]}"; do
  [ -e "$script" ] || continue
  case "$(basename "$script")" in *"$filter"*) ;; *) continue ;; esac
  echo; echo "## $(basename "$script" .sh)"
  PLUMB="$build/plumb" BENCH_BIN="$build/bench" bash "$script"
done
