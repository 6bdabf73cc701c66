// puzzle_cases_json: prints every registered puzzle's cases (puzzle_cases.hpp, each folder's
// tests/cases.cpp) as one JSON object by puzzle name, for the tests that are not C++: the Python
// package's tests loop over them as the program's tests do (tests/python/conftest.py).
#include <iostream>
#include <nlohmann/json.hpp>

#include "plumb/puzzle_interface/builtin.hpp"
#include "tests/support/puzzle_cases.hpp"

namespace {

nlohmann::json command_json(const plumb::testing::CommandRun& run) {
  return {{"args", run.args}, {"input", run.input}};
}

}  // namespace

int main() {
  nlohmann::json all = nlohmann::json::object();
  for (const auto& puzzle : plumb::puzzle_interface::builtin_puzzles()) {
    const std::string& name = puzzle->info().name;
    const plumb::testing::PuzzleCases cases = plumb::testing::cases_of(name);
    all[name] = {{"no_answer", command_json(cases.no_answer)},
                 {"no_answer_status", cases.no_answer_status},
                 {"explore", command_json(cases.explore)},
                 {"scrambled", cases.scrambled},
                 {"searching_algorithm", cases.searching_algorithm},
                 {"bad_input", cases.bad_input},
                 {"bad_line", cases.bad_line},
                 {"bad_option", cases.bad_option}};
  }
  std::cout << all.dump(2) << '\n';
  return std::cout ? 0 : 1;
}
