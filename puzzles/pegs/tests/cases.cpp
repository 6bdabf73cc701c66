// Moving Pegs' cases for the tests that check every puzzle (tests/support/puzzle_cases.hpp).
#include "tests/support/puzzle_cases.hpp"

namespace plumb::testing {
namespace {

PuzzleCases pegs_cases() {
  PuzzleCases cases;
  cases.no_answer = {{"--rows", "4"}, "1\n1\n"};
  cases.explore = {{"--rows", "4"}, ""};
  cases.searching_algorithm = "meet";
  cases.bad_input = "2\n1\n99\n";
  cases.bad_line = 3;
  cases.bad_option = {"--rows", "11"};
  // Every case of a triangle with more than 7 rows takes seconds at least: nothing comes before.
  cases.limited = {"--rows", "9", "--time-limit", time_limit(0.3)};
  cases.limit_input = "1\n1\n";
  cases.answers_before_limit = "";
  return cases;
}

const PuzzleCasesRegistration registration("pegs", &pegs_cases);

}  // namespace
}  // namespace plumb::testing
