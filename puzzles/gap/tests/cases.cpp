// Gap's cases for the tests that check every puzzle (tests/support/puzzle_cases.hpp).
#include <string>

#include "tests/support/large_gap_deal.hpp"
#include "tests/support/puzzle_cases.hpp"

namespace plumb::testing {
namespace {

// A solved 9 x 13 deal, then a deal whose breadth-first search fills gigabytes.
std::string gap_limit_input() {
  std::string input = "2\n";
  for (int suit = 1; suit <= 9; ++suit) {
    for (int value = 2; value <= 13; ++value)
      input += std::to_string(suit) + "." + std::to_string(value) + " ";
    input += std::to_string(suit % 9 + 1) + ".1\n";
  }
  return input + kLargeGapDealRows;
}

PuzzleCases gap_cases() {
  PuzzleCases cases;
  cases.no_answer = {{"--suits", "2", "--values", "3"}, "1\n11 12 13\n23 21 22\n"};
  cases.explore = {{"--suits", "2", "--values", "4", "--seed", "3"}, ""};
  cases.searching_algorithm = "bfs";
  cases.bad_input =
      "2\n12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 "
      "11\n11 12\n";
  cases.bad_line = 6;
  cases.bad_option = {"--suits", "0"};
  cases.limited = {"--suits", "9", "--values", "13", "--time-limit", time_limit(0.3)};
  cases.limit_input = gap_limit_input();
  cases.answers_before_limit = "0\n";
  return cases;
}

const PuzzleCasesRegistration registration("gap", &gap_cases);

}  // namespace
}  // namespace plumb::testing
