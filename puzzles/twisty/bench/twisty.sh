#!/usr/bin/env bash
# Twisty puzzles end to end, side by side with twsearch where one is given: the 2x2x2's God's
# number (plumb explore; twsearch -g), and batches of random positions of shipped definitions
# solved cold (tables built, in an empty cache) and warm (tables cached); wall time each.
# The positions are made here from a seeded shuffle of moves, as ScrambleAlg blocks, which both
# programs read. Env: PLUMB (the program). Optional: TWSEARCH (twsearch's binary, built from its
# public repository with its Makefile), THREADS (default 2), TWISTY_PUZZLES (default
# "2x2x2 skewb pyraminx"), TWISTY_POSITIONS (default 20), TWISTY_DEFINITIONS (the folder of the
# .tws files, default this folder's ../definitions).
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
for puzzle in ${TWISTY_PUZZLES:-2x2x2 skewb pyraminx}; do
  scrambles "$puzzle" "${TWISTY_POSITIONS:-20}" > "$work/$puzzle.scr"
  for state in cold warm; do
    [ "$state" = cold ] && rm -rf "$work/plumb-cache" "$work/twsearch-cache"
    p=$(PLUMB_CACHE="$work/plumb-cache" seconds "$PLUMB" solve twisty --def "$definitions/$puzzle.tws" \
          --threads "$threads" "$work/$puzzle.scr")
    t=-
    [ -n "${TWSEARCH:-}" ] && t=$(seconds "$TWSEARCH" -t "$threads" -M 2048 --cachedir "$work/twsearch-cache" \
          "$definitions/$puzzle.tws" "$work/$puzzle.scr")
    printf '%-10s %-28s %10s %10s\n' "$puzzle" "${TWISTY_POSITIONS:-20} positions, $state" "$p" "$t"
  done
done
