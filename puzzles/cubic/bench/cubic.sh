#!/usr/bin/env bash
# The Cubic Eight-Puzzle end to end: 400 random goals (seeded; some need more than 30 moves), solved by
# the baseline (plain IDA* with the mismatch bound, puzzles/cubic/bench/cubic_baseline.cpp) and by `plumb solve cubic`
# with each --algo; the answers must agree. Prints CPU seconds and the speed-up over the baseline
# (0 where the time is below the clock's resolution of 10 ms).
# Env: PLUMB (the program), BENCH_BIN (the bench executables). COUNT and SEED override 400 and 1.
set -euo pipefail
count=${COUNT:-400} seed=${SEED:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PLUMB_CACHE="$work/cache"

"$BENCH_BIN/cubic_baseline" --generate "$count" "$seed" >"$work/in"
# timed OUT COMMAND...: runs the command with its output in OUT; prints the CPU seconds (user + system)
# it took, which a shared, busy machine disturbs less than wall-clock time.
timed() {
  local out=$1 TIMEFORMAT='%U %S'
  shift
  { time "$@" >"$out" 2>/dev/null; } 2>&1 | awk '{ print $1 + $2 }'
}

base=$(timed "$work/baseline.out" "$BENCH_BIN/cubic_baseline" "$work/in")
echo "$count random goals, seed $seed: $(grep -c -- -1 "$work/baseline.out") need more than 30 moves"
printf '%-34s %9s %9s\n' "method" "CPU s" "speed-up"
printf '%-34s %9.3f %9s\n' "baseline (IDA*, mismatch bound)" "$base" "1.0"
run() {
  local label=$1; shift
  local t=$(timed "$work/out" "$PLUMB" solve cubic "$@" "$work/in")
  cmp -s "$work/out" "$work/baseline.out" || { echo "cubic: $label disagrees with the baseline" >&2; exit 1; }
  printf '%-34s %9.3f %9.1f\n' "$label" "$t" "$(awk -v a="$base" -v b="$t" 'BEGIN { print (b > 0 ? a / b : 0) }')"
}
run "ida (walk bound)" --algo ida
run "bidir" --algo bidir
run "table, built now (cold cache)" --algo table
run "table, cached" --algo table
run "auto, cached" --algo auto
rm -rf "$PLUMB_CACHE"
run "auto, cold cache" --algo auto
