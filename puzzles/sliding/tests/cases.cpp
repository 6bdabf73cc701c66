// The sliding puzzle's cases for the tests that check every puzzle (tests/support/puzzle_cases.hpp).
#include "tests/support/puzzle_cases.hpp"

namespace plumb::testing {
namespace {

PuzzleCases sliding_cases() {
  PuzzleCases cases;
  cases.no_answer = {{}, "2 1 3 4 5 6 7 8 x\n"};  // the other parity class
  cases.explore = {{"--size", "2x3"}, ""};
  cases.searching_algorithm = "ida";
  cases.bad_input = "1 2 3 4 5 6 7 x 8\n1 2 3\n";
  cases.bad_line = 2;
  cases.bad_option = {"--size", "0x3"};
  // Korf and Felner's 24-puzzle #1 by IDA* with the Manhattan distance alone.
  cases.limited = {"--size",     "5x5", "--goal",       "blank-first", "--algo",
                   "ida",        "--time-limit", time_limit(0.3)};
  cases.limit_input =
      "1 x 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\n"
      "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13\n";
  cases.answers_before_limit = "l\n";
  return cases;
}

const PuzzleCasesRegistration registration("sliding", &sliding_cases);

}  // namespace
}  // namespace plumb::testing
