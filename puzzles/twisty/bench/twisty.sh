#!/usr/bin/env bash
# Twisty puzzles end to end, side by side with twsearch where one is given: the 2x2x2's God's
# number (plumb explore; twsearch -g), and batches of random positions of shipped definitions
# solved cold (tables built, in an empty cache) and warm (tables cached); wall time each.
# The positions are made here from a seeded shuffle of moves, as ScrambleAlg blocks, which both
# programs read. Env: PLUMB (the program). Optional: TWSEARCH (twsearch's binary, built from its
# public repository with its Makefile), THREADS (default 2), TWISTY_PUZZLES (random positions:
# default "2x2x2 skewb pyraminx"), TWISTY_POSITIONS (default 20), TWISTY_SHORT_PUZZLES (scrambles
# of 10 to 12 moves: default "3x3x3"), TWISTY_SHORT_POSITIONS (default 10), TWISTY_DEFINITIONS
# (the folder of the .tws files, default this folder's ../definitions).
set -euo pipefail
: "${PLUMB:?set PLUMB to the plumb binary}"
here=$(cd "$(dirname "$0")" && pwd)
definitions=${TWISTY_DEFINITIONS:-$here/../definitions}
threads=${THREADS:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

seconds() {  # command...: runs it, prints its wall time in seconds
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}

# ScrambleAlg blocks of 40 moves each, from the definition's base moves (a seeded shuffle).
scrambles() {  # puzzle count
  awk -v count="$2" '
    /^Move / { moves[n++] = $2 }
    END { srand(7); for (p = 1; p <= count; ++p) {
            printf "ScrambleAlg p%02d\n", p
            line = ""; for (i = 0; i < 40; ++i) line = line " " moves[int(rand() * n)]
            print line; print "End" } }' "$definitions/$1.tws"
}

printf '%-10s %-28s %10s %10s\n' puzzle what plumb twsearch
god_plumb=$(seconds "$PLUMB" explore twisty --def "$definitions/2x2x2.tws" --threads "$threads")
god_tw=-
[ -n "${TWSEARCH:-}" ] && god_tw=$(seconds "$TWSEARCH" -t "$threads" -M 2048 -g "$definitions/2x2x2.tws")
printf '%-10s %-28s %10s %10s\n' 2x2x2 "God's number (explore, -g)" "$god_plumb" "$god_tw"
# Short scrambles, of 10 to 12 quarter turns without a base move twice in a row, for the puzzles
# too large for random positions.
short_scrambles() {  # puzzle count
  awk -v count="$2" '
    /^Move / { moves[n++] = $2 }
    END { srand(11); for (p = 1; p <= count; ++p) {
            printf "ScrambleAlg s%02d\n", p
            line = ""; last = -1
            for (i = 0; i < 10 + (p - 1) % 3; ++i) {
              do m = int(rand() * n); while (m == last)
              last = m; line = line " " moves[m] (rand() < 0.5 ? "" : "\047") }
            print line; print "End" } }' "$definitions/$1.tws"
}

side_by_side() {  # puzzle what positions.scr
  for state in cold warm; do
    [ "$state" = cold ] && rm -rf "$work/plumb-cache" "$work/twsearch-cache"
    p=$(PLUMB_CACHE="$work/plumb-cache" seconds "$PLUMB" solve twisty --def "$definitions/$1.tws" \
          --threads "$threads" "$3")
    t=-
    [ -n "${TWSEARCH:-}" ] && t=$(seconds "$TWSEARCH" -t "$threads" -M 2048 --cachedir "$work/twsearch-cache" \
          "$definitions/$1.tws" "$3")
    printf '%-10s %-28s %10s %10s\n' "$1" "$2, $state" "$p" "$t"
  done
}

for puzzle in ${TWISTY_PUZZLES:-2x2x2 skewb pyraminx}; do
  scrambles "$puzzle" "${TWISTY_POSITIONS:-20}" > "$work/$puzzle.scr"
  side_by_side "$puzzle" "${TWISTY_POSITIONS:-20} positions" "$work/$puzzle.scr"
done
for puzzle in ${TWISTY_SHORT_PUZZLES:-3x3x3}; do
  short_scrambles "$puzzle" "${TWISTY_SHORT_POSITIONS:-10}" > "$work/$puzzle-short.scr"
  side_by_side "$puzzle" "${TWISTY_SHORT_POSITIONS:-10} of 10-12 moves" "$work/$puzzle-short.scr"
done
