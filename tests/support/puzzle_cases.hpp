// tests/support/puzzle_cases.hpp: what the tests that check every puzzle need to run each one,
// kept in the puzzle's folder. Each puzzles/NAME/tests/cases.cpp registers its PuzzleCases
// (PuzzleCasesRegistration); the cross-puzzle tests (tests/cli/exit_codes_test.cpp,
// json_schema_test.cpp) loop over the registered puzzles and take each one's cases with cases_of(),
// which fails the test, naming the file to write, for a puzzle that registers none.
#pragma once

#include <cstdlib>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace plumb::testing {

// A puzzle command's options and its standard input.
struct CommandRun {
  std::vector<std::string> args;
  std::string input;
};

struct PuzzleCases {
  // Datasets with no answer, whose JSON records carry nulls, and their status: no_solution, or
  // none_within_bound for a puzzle whose bound on the length rules the answer out.
  CommandRun no_answer;
  std::string no_answer_status = "no_solution";
  CommandRun explore;               // a small exploration, complete in milliseconds
  // Options under which a scramble's starts (Instance::scramble) solve in a second at most.
  std::vector<std::string> scrambled;
  std::string searching_algorithm;  // an algorithm that searches every dataset (no table lookup)
  std::string bad_input;            // input that fails at line `bad_line`
  int bad_line = 0;
  std::vector<std::string> bad_option;  // an option and a value the puzzle refuses
  // Options (the time limit last, as "--time-limit", seconds) under which `limit_input` stops at
  // its last dataset. The datasets before it take microseconds; the last takes hours on any
  // machine, or at least far longer than the limit, so that neither a fast machine nor a slow one
  // changes where it stops.
  std::vector<std::string> limited;
  std::string limit_input;
  std::string answers_before_limit;  // what is written before the limit stops it
};

namespace detail {
using MakeCases = PuzzleCases (*)();
inline std::map<std::string, MakeCases>& registered_cases() {
  static std::map<std::string, MakeCases> cases;
  return cases;
}
}  // namespace detail

// Registers `make` as the cases of `puzzle`: a namespace-scope object of cases.cpp.
struct PuzzleCasesRegistration {
  PuzzleCasesRegistration(const std::string& puzzle, detail::MakeCases make) {
    detail::registered_cases()[puzzle] = make;
  }
};

// The cases of `puzzle`; throws if its folder registers none.
inline PuzzleCases cases_of(const std::string& puzzle) {
  const auto found = detail::registered_cases().find(puzzle);
  if (found == detail::registered_cases().end())
    throw std::logic_error("the puzzle " + puzzle + " registers no test cases: write puzzles/" +
                           puzzle + "/tests/cases.cpp (tests/support/puzzle_cases.hpp)");
  return found->second();
}

// A time limit of `seconds`, five times longer in the sanitizer builds (PLUMB_SANITIZED), which run
// every search several times slower; as --time-limit takes it.
inline std::string time_limit(double seconds) {
  return std::to_string(std::getenv("PLUMB_SANITIZED") != nullptr ? 5 * seconds : seconds);
}

}  // namespace plumb::testing
