// Twisty puzzles' cases for the tests that check every puzzle (tests/support/puzzle_cases.hpp).
#include "tests/support/puzzle_cases.hpp"

namespace plumb::testing {
namespace {

PuzzleCases twisty_cases() {
  PuzzleCases cases;
  // One edge flipped, the corners in place: the flips' parity must be the corners' (each move
  // swaps two corners and flips one edge), which the Floppy Cube's complete table shows.
  cases.no_answer = {{"--definition", "floppy"},
                     "Scramble one_flip\nEDGES\n1 2 3 4\n1 0 0 0\nEnd\n"};
  cases.explore = {{"--definition", "floppy"}, ""};
  cases.scrambled = {"--definition", "2x2x2"};
  cases.searching_algorithm = "ida";
  cases.bad_input = "R U\nR Q\n";
  cases.bad_line = 2;
  cases.bad_option = {"--metric", "full"};
  // The superflip is 20 moves from solved: hours of IDA* on the quick tables, then the large
  // tables' builds, on any machine. Nothing comes before it.
  cases.limited = {"--time-limit", time_limit(0.3)};
  cases.limit_input =
      "Scramble superflip\nEDGES\n1 2 3 4 5 6 7 8 9 10 11 12\n1 1 1 1 1 1 1 1 1 1 1 1\nEnd\n";
  cases.answers_before_limit = "";
  return cases;
}

const PuzzleCasesRegistration registration("twisty", &twisty_cases);

}  // namespace
}  // namespace plumb::testing
