// Block's cases for the tests that check every puzzle (tests/support/puzzle_cases.hpp).
#include <string>

#include "tests/support/puzzle_cases.hpp"

namespace plumb::testing {
namespace {

// A small board, then a 3000 x 3000 one whose cut takes over a second.
std::string block_limit_input() {
  std::string input = "2\n4\nb..$\n....\nHHHH\nHHHH\n3000\n";
  for (int row = 0; row < 3000; ++row) {
    std::string cells(3000, '.');
    if (row == 0) cells[0] = 'b';
    if (row == 1500) cells[1500] = '$';
    input += cells + "\n";
  }
  return input;
}

PuzzleCases block_cases() {
  PuzzleCases cases;
  cases.no_answer = {{}, "1 4\nbb.$\n"};
  cases.explore = {{"-"}, "1\n4\nb..$\n....\nHHHH\nHHHH\n"};
  cases.searching_algorithm = "bk";
  cases.bad_input = "2\n4\nb..$\n....\nHHHH\nHHHH\n2\nbZ\n$.\n";
  cases.bad_line = 8;
  cases.bad_option = {"--algo", "nosuch"};
  cases.limited = {"--time-limit", time_limit(0.05)};
  cases.limit_input = block_limit_input();
  cases.answers_before_limit = "2\n";
  return cases;
}

const PuzzleCasesRegistration registration("block", &block_cases);

}  // namespace
}  // namespace plumb::testing
