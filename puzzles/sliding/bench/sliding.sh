#!/usr/bin/env bash
# End-to-end runs of `plumb solve sliding` and `plumb explore sliding`:
#  1. 10,000 random 3x3 instances (about half unsolvable, sliding_instances.py) against the
#     baseline puzzles/sliding/bench/sliding_baseline.cpp (one bidirectional BFS per instance); both outputs must
#     give the same lengths; prints both throughputs and their ratio. plumb runs twice: with its
#     distance table not yet cached (the build counted) and cached.
#  2. explore 3x3 and 3x4: states per second.
#  3. IDA* (Manhattan + linear conflicts) on the 50 easiest of Korf's 100 15-puzzles (by published
#     length): every length must equal the published optimum; nodes, nodes/s and time.
# Env: PLUMB (the program), BENCH_BIN (dir of sliding_baseline). Instances: the
# repository's data/korf100.txt.
# SLIDING_SKIP_3X4=1 skips the 3x4 exploration (minutes).
set -euo pipefail
here=$(dirname "$(realpath "$0")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PLUMB_CACHE="$work/cache"

# "WALL CPU": the seconds (wall clock, and user + system) a command takes, the best of 5 runs each
# (bash's `time`; on a shared machine the CPU time is the steadier figure).
seconds() {
  local best_wall="" best_cpu="" t
  for _ in 1 2 3 4 5; do
    t=$( { TIMEFORMAT='%R %U %S'; time eval "$1" >/dev/null 2>&1; } 2>&1 )
    read -r best_wall best_cpu < <(awk -v t="$t" -v w="$best_wall" -v c="$best_cpu" 'BEGIN {
      split(t, f, " "); cpu = f[2] + f[3]
      if (w == "" || f[1] < w) w = f[1]; if (c == "" || cpu < c) c = cpu; printf "%.3f %.3f\n", w, c }')
  done
  echo "$best_wall $best_cpu"
}

echo "### 10,000 random 3x3 instances"
python3 "$here/sliding_instances.py" 10000 1 >"$work/in.txt"
"$BENCH_BIN/sliding_baseline" <"$work/in.txt" >"$work/baseline.out"
"$PLUMB" solve sliding <"$work/in.txt" >"$work/plumb.out"
if ! cmp -s <(awk '{ print length($0) }' "$work/baseline.out") <(awk '{ print length($0) }' "$work/plumb.out"); then
  echo "MISMATCH: plumb and the baseline disagree on some length" >&2
  exit 1
fi
echo "answers agree: $(grep -c unsolvable "$work/plumb.out") unsolvable, the rest of equal lengths"
read -r base_wall base_cpu < <(seconds "'$BENCH_BIN/sliding_baseline' <'$work/in.txt'")
read -r cold_wall cold_cpu < <(seconds "rm -rf '$PLUMB_CACHE'; '$PLUMB' solve sliding <'$work/in.txt'")
read -r warm_wall warm_cpu < <(seconds "'$PLUMB' solve sliding <'$work/in.txt'")
awk -v bw="$base_wall" -v bc="$base_cpu" -v cw="$cold_wall" -v cc="$cold_cpu" -v ww="$warm_wall" -v wc="$warm_cpu" '
  function line(name, wall, cpu) {
    printf "%-44s %6.3f s wall %6.3f s cpu  %8.0f instances/s (cpu)  %6.1fx the baseline (cpu), %6.1fx (wall)\n",
      name, wall, cpu, 10000 / (cpu > 0 ? cpu : 0.001), bc / (cpu > 0 ? cpu : 0.001), bw / wall
  }
  BEGIN {
    line("baseline (bidirectional BFS per instance)", bw, bc)
    line("plumb, distance table built in the run", cw, cc)
    line("plumb, distance table cached on disk", ww, wc)
  }'

echo; echo "### explore"
sizes="3x3 3x4"
[ "${SLIDING_SKIP_3X4:-0}" = 1 ] && sizes="3x3"
for size in $sizes; do
  "$PLUMB" explore sliding --size "$size" --stats >"$work/explore.out" 2>"$work/explore.err"
  grep '^total' "$work/explore.out"
  grep '^explore' "$work/explore.err"
done

echo; echo "### IDA* on the 50 easiest of Korf's 100 (15-puzzle, blank first)"
grep -v '^#' "${PLUMB_DATA:-$(dirname "$(realpath "$0")")/../../../data}/korf100.txt" | sort -n -k2,2 -k1,1 | head -50 >"$work/korf50.txt"
cut -d' ' -f3- "$work/korf50.txt" >"$work/korf50.in"
start=$(date +%s.%N)
"$PLUMB" solve sliding --goal blank-first --algo ida --stats <"$work/korf50.in" >"$work/korf50.out" 2>"$work/korf50.err"
elapsed=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f", e - s }')
paste -d' ' <(cut -d' ' -f1,2 "$work/korf50.txt") <(awk '{ print length($0) }' "$work/korf50.out") >"$work/korf50.lengths"
if awk '$2 != $3 { bad = 1; print "instance " $1 ": published " $2 ", plumb " $3 } END { exit bad }' "$work/korf50.lengths"; then
  echo "all 50 lengths equal the published optima ($(cut -d' ' -f2 "$work/korf50.txt" | sort -n | sed -n '1p;$p' | paste -sd- ) moves)"
else
  echo "MISMATCH with the published optima" >&2
  exit 1
fi
awk -v wall="$elapsed" '{ for (i = 1; i <= NF; ++i) if ($(i + 1) == "expanded,") { nodes += $i; } }
  { for (i = 1; i <= NF; ++i) if ($(i + 1) == "s,") seconds += $i }
  END { printf "%d instances, %.0f nodes expanded, %.2f s searching (%.2f s wall), %.2fM nodes/s\n", NR, nodes, seconds, wall, nodes / seconds / 1e6 }' \
  "$work/korf50.err"
