#!/usr/bin/env bash
# The proof that a puzzle is one folder (puzzles/README.md), run by `make test`: builds plumb from
# this tree with one more puzzle folder, the tests' Tower of Hanoi (tests/fixtures/hanoi; CMake
# preset extra-puzzle, into build-extra-puzzle/), no source outside that folder naming it (the
# docs that explain the proof do), and checks that the puzzle appears and answers in the program,
# then runs every test that loops over the registered puzzles (label every_puzzle: conventions, exit statuses, the JSON schema, robustness,
# the manual page, `mpirun -np N plumb explore`, the registry, the web service's API and page
# modules) and the Python package's tests, which cover it by its registration alone.
set -euo pipefail
cd "$(dirname "$0")/.."
fixture=tests/fixtures/hanoi
plumb=build-extra-puzzle/plumb

if git grep -qw hanoi -- src include web puzzles tests ":!$fixture" ':!*.md'; then
  echo "check-extra-puzzle: these files outside $fixture name it:" >&2
  git grep -lw hanoi -- src include web puzzles tests ":!$fixture" ':!*.md' >&2
  exit 1
fi
cmake --preset extra-puzzle >/dev/null
cmake --build --preset extra-puzzle

fail() { echo "check-extra-puzzle: $*" >&2; exit 1; }
"$plumb" list | grep -q '^hanoi ' || fail "plumb list does not list hanoi"
diff <("$plumb" solve hanoi "$fixture/samples/sample.in") "$fixture/samples/sample.out" ||
  fail "plumb solve hanoi does not answer its sample"
"$plumb" explore hanoi --discs 3 --format json | grep -q '"total":27' ||
  fail "plumb explore hanoi --discs 3 does not count 27 positions"
python=$(sed -n 's/^Python3_EXECUTABLE:[A-Z]*=//p' build-extra-puzzle/CMakeCache.txt)
PYTHONPATH=build-extra-puzzle/python "${python:-python3}" -c '
import plumb
assert "hanoi" in [puzzle.name for puzzle in plumb.puzzles()], "plumb.puzzles() lacks hanoi"
assert plumb.solve("hanoi", text="AAA\n")[0].length == 7, "plumb.solve answers AAA wrongly"' ||
  fail "the Python package does not offer hanoi"
ctest --preset extra-puzzle
echo "check-extra-puzzle: a puzzle folder added alone is in every front end and every test of every puzzle"
