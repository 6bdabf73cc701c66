// Cubic's cases for the tests that check every puzzle (tests/support/puzzle_cases.hpp).
#include "tests/support/puzzle_cases.hpp"

namespace plumb::testing {
namespace {

PuzzleCases cubic_cases() {
  PuzzleCases cases;
  // The answer is -1 for more than --max-moves moves.
  cases.no_answer = {{"--max-moves", "1"}, "2 1\nR B W\nR W W\nE W W\n0 0\n"};
  cases.no_answer_status = "none_within_bound";
  cases.explore = {{"--size", "2x2"}, ""};
  cases.scrambled = {"--size", "2x3"};
  cases.searching_algorithm = "ida";
  cases.bad_input = "1 2\nW W W\nE W W\nW W W\n2 1\nR B Q\nR W W\nE W W\n0 0\n";
  cases.bad_line = 6;
  cases.bad_option = {"--size", "99x99"};
  // A 4 x 5 board whose every die must show blue, by IDA* to 200 moves.
  cases.limited = {"--size",      "4x5", "--algo",       "ida",
                   "--max-moves", "200", "--time-limit", time_limit(0.3)};
  cases.limit_input =
      "1 1\nE W W W W\nW W W W W\nW W W W W\nW W W W W\n"
      "1 1\nB B B B B\nB B B B B\nB B B B B\nB B B B E\n0 0\n";
  cases.answers_before_limit = "0\n";
  return cases;
}

const PuzzleCasesRegistration registration("cubic", &cubic_cases);

}  // namespace
}  // namespace plumb::testing
