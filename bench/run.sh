#!/usr/bin/env bash
# Runs every benchmark: the Google Benchmark kernels, then the end-to-end workloads in bench/e2e/.
# Usage: bench/run.sh BUILD_DIR [FILTER]   (FILTER: run only bench/e2e scripts matching it)
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
for script in "$here"/e2e/*.sh; do
  [ -e "$script" ] || continue
  case "$(basename "$script")" in *"$filter"*) ;; *) continue ;; esac
  echo; echo "## $(basename "$script" .sh)"
  PLUMB="$build/plumb" BENCH_BIN="$build/bench" bash "$script"
done
