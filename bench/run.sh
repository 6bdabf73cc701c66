#!/usr/bin/env bash
# Runs every benchmark: the Google Benchmark kernels, then the end-to-end workloads in bench/e2e/.
# Usage: bench/run.sh BUILD_DIR SHARED_DIR [FILTER]   (FILTER: run only bench/e2e scripts matching it)
set -euo pipefail
build=$(realpath "$1") shared=$(realpath "$2") filter=${3:-}
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
  PLUMB="$build/plumb" BENCH_BIN="$build/bench" SHARED="$shared" bash "$script"
done
