#!/usr/bin/env bash
# Gap solitaire, end to end. (a) plumb against the contest's approach (puzzles/gap/bench/gap_baseline.cpp: BFS
# with a std::map over packed layouts) on the same 1,000 random 4 x 7 deals, answers compared;
# each algorithm's time and its throughput ratio to the baseline. (b) With GAP_GROWTH=1, growth
# over larger decks: reachable layouts (explore) and solving times for random deals of each shape.
# Env: PLUMB (the program), BENCH_BIN (bench executables), DEALS (default 1000), GAP_GROWTH,
# GROWTH_DEALS (default 25), GROWTH_SHAPES (default "4x7 4x8 4x9 5x8 4x10 4x11 4x12 4x13").
set -euo pipefail
deals=${DEALS:-1000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
# Runs a command, writing its CPU seconds (user + system) to $tmp/cpu: wall time is too noisy on a
# shared machine.
cpu() { /usr/bin/time -f '%U + %S' -o "$tmp/cpu" "$@"; }

"$BENCH_BIN/gap_baseline" --print-deals --deals "$deals" >"$tmp/deals.txt"
cpu "$BENCH_BIN/gap_baseline" --deals "$deals" >"$tmp/baseline.out" 2>"$tmp/baseline.err"
baseline=$(bc -l <"$tmp/cpu")
cat "$tmp/baseline.err"
printf 'baseline (std::map BFS)  %8.3f s CPU for %d deals of 4 x 7\n' "$baseline" "$deals"
for algo in bfs astar bidir; do
  cpu "$PLUMB" solve gap "$tmp/deals.txt" --algo "$algo" >"$tmp/$algo.out"
  seconds=$(bc -l <"$tmp/cpu")
  cmp -s "$tmp/baseline.out" "$tmp/$algo.out" || { echo "gap: $algo disagrees with the baseline"; exit 1; }
  printf 'plumb --algo %-6s       %8.3f s CPU %6.1fx the baseline'"'"'s throughput\n' "$algo" "$seconds" \
    "$(echo "$baseline / $seconds" | bc -l)"
done
echo "answers: $(grep -c -- '^-1$' "$tmp/baseline.out") of $deals deals unsolvable, all algorithms agree"

[ "${GAP_GROWTH:-0}" = 1 ] || exit 0
echo
echo "growth: random deals (seeds 1..${GROWTH_DEALS:-25}), every layout reachable (explore) and the bfs solve"
printf '%-6s %5s %12s %12s %10s %10s %10s %10s\n' shape words "median-reach" "worst-reach" "med-s" "worst-s" \
  "solve-med" "solve-worst"
for shape in ${GROWTH_SHAPES:-4x7 4x8 4x9 5x8 4x10 4x11 4x12 4x13}; do
  suits=${shape%x*} values=${shape#*x}
  : >"$tmp/reach" && : >"$tmp/solve"
  for seed in $(seq 1 "${GROWTH_DEALS:-25}"); do
    "$PLUMB" explore gap --suits "$suits" --values "$values" --seed "$seed" --format json \
      --time-limit 60 --max-memory 16G >>"$tmp/reach" || echo '{"total":-1,"stats":{"seconds":60}}' >>"$tmp/reach"
    "$BENCH_BIN/gap_baseline" --print-deals --deals 1 --seed "$seed" --suits "$suits" --values "$values" >"$tmp/one.txt"
    start=$(now)
    "$PLUMB" solve gap "$tmp/one.txt" --suits "$suits" --values "$values" --time-limit 60 --max-memory 16G >/dev/null || true
    echo "$(now) - $start" | bc -l >>"$tmp/solve"
  done
  python3 - "$tmp/reach" "$tmp/solve" "$suits" "$values" <<'PY'
import json, math, statistics, sys
reach = [json.loads(line) for line in open(sys.argv[1])]
solve = [float(line) for line in open(sys.argv[2])]
s, v = int(sys.argv[3]), int(sys.argv[4])
words = math.ceil(s * v * (s * (v - 1)).bit_length() / 64)
totals = [r["total"] for r in reach]
secs = [r["stats"]["seconds"] for r in reach]
print(f"{s}x{v:<4} {words:5} {int(statistics.median(totals)):12} {max(totals):12} "
      f"{statistics.median(secs):10.3f} {max(secs):10.3f} {statistics.median(solve):10.3f} {max(solve):10.3f}")
PY
done
