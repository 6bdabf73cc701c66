// tests/support/puzzle_interface_run.hpp: drives a puzzle's Instance as a front end does, for the
// tests of the puzzle interface: reads every dataset of a text, solves and renders them, and finds
// the published samples with their expected outputs.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plumb/puzzle_interface/puzzle.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {

// Every dataset of `text` (called "input"), read to the reader's end.
inline std::vector<puzzle_interface::Dataset> read_datasets(
    const puzzle_interface::Instance& instance, const std::string& text) {
  std::istringstream stream(text);
  io::TextInput in(stream, "input");
  const auto reader = instance.read(in);
  std::vector<puzzle_interface::Dataset> datasets;
  while (auto dataset = reader->next()) datasets.push_back(std::move(*dataset));
  return datasets;
}

// The line of the io::InputError that reading `text` throws, or -1 when it reads without one.
inline int failing_line(const puzzle_interface::Instance& instance, const std::string& text) {
  try {
    read_datasets(instance, text);
  } catch (const io::InputError& error) {
    return error.line();
  }
  return -1;
}

// Every dataset of `text` solved with `algorithm` under `context`.
inline std::vector<puzzle_interface::Solution> solve_all(
    const puzzle_interface::Instance& instance, const std::string& text, std::string_view algorithm,
    const search::SearchContext& context = {}) {
  std::vector<puzzle_interface::Solution> solutions;
  for (const puzzle_interface::Dataset& dataset : read_datasets(instance, text))
    solutions.push_back(instance.solve(dataset, algorithm, context));
  return solutions;
}

// The solutions rendered in `format`, one after another.
inline std::string render_all(const puzzle_interface::Instance& instance,
                              const std::vector<puzzle_interface::Solution>& solutions,
                              puzzle_interface::Format format) {
  std::string text;
  for (const puzzle_interface::Solution& solution : solutions)
    text += instance.render(solution, format);
  return text;
}

struct Sample {
  std::string name;      // the input's file name
  std::string input;     // its text
  std::string expected;  // the text of the .out beside it
};

// Every published sample of a puzzle: puzzles/<puzzle>/samples/*.in, each with its .out.
inline std::vector<Sample> samples_of(const std::string& puzzle) {
  std::vector<Sample> samples;
  for (const auto& entry : std::filesystem::directory_iterator(sample_path(puzzle, ""))) {
    if (entry.path().extension() != ".in") continue;
    std::filesystem::path out = entry.path();
    samples.push_back({entry.path().filename().string(), read_file(entry.path()),
                       read_file(out.replace_extension(".out"))});
  }
  return samples;
}

// Every published sample of `puzzle` solved with each of `algorithms`: its contest rendering must
// be the sample's expected output, and `check(dataset, solution)` is called for each dataset.
template <class Check>
void expect_samples_answered(const puzzle_interface::Instance& instance, const std::string& puzzle,
                             const std::vector<std::string>& algorithms, Check check) {
  for (const Sample& sample : samples_of(puzzle)) {
    const auto datasets = read_datasets(instance, sample.input);
    for (const std::string& algorithm : algorithms) {
      const auto solutions = solve_all(instance, sample.input, algorithm);
      EXPECT_EQ(render_all(instance, solutions, puzzle_interface::Format::contest),
                trim_trailing_space(sample.expected))
          << sample.name << " " << algorithm;
      ASSERT_EQ(datasets.size(), solutions.size()) << sample.name;
      for (std::size_t i = 0; i < datasets.size(); ++i) check(datasets[i], solutions[i]);
    }
  }
}

// Each of `names` refused by solve() as a UsageError for "algo": no silent fallback.
inline void expect_algorithms_refused(const puzzle_interface::Instance& instance,
                                      const puzzle_interface::Dataset& dataset,
                                      const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    try {
      instance.solve(dataset, name, {});
      ADD_FAILURE() << "algorithm '" << name << "' accepted";
    } catch (const puzzle_interface::UsageError& error) {
      EXPECT_EQ(error.option(), "algo") << error.what();
    }
  }
}

// What holds for every solution: a length exactly when there are moves, as many as the moves, and
// a state for the start and after each move.
inline void expect_consistent(const puzzle_interface::Solution& solution) {
  ASSERT_FALSE(solution.states.empty());
  if (!solution.length) {
    EXPECT_TRUE(solution.moves.is_null());
    EXPECT_EQ(solution.states.size(), 1u);
    return;
  }
  ASSERT_TRUE(solution.moves.is_array());
  EXPECT_EQ(*solution.length, solution.moves.size());
  EXPECT_EQ(solution.states.size(), solution.moves.size() + 1);
  EXPECT_TRUE(solution.optimal);
}

}  // namespace plumb::testing
