#!/usr/bin/env bash
# The Python package (docs/python.md) against the program and against plain Python:
# bench/python_bench.py, then the batched domains against plain Python (bench/batch_bench.py), with
# the module built beside the benchmarks (BENCH_BIN/../python).
# Env: PLUMB (the program), BENCH_BIN, PYTHON (default /usr/bin/python3), PYTHON_BENCH_THREADS
# (default 2). Needs the pattern databases 15-7-8 (built into the cache on first use: 1.5 minutes).
set -euo pipefail
here=$(dirname "$(realpath "$0")")
python_dir=$(dirname "$BENCH_BIN")/python
[ -e "$python_dir/plumb/__init__.py" ] || { echo "no Python module in $python_dir: skipped"; exit 0; }
PYTHONPATH="$python_dir" "${PYTHON:-/usr/bin/python3}" "$here/../python_bench.py" "$PLUMB" \
  "${PYTHON_BENCH_THREADS:-2}"
PYTHONPATH="$python_dir" "${PYTHON:-/usr/bin/python3}" "$here/../batch_bench.py"
