// The built-in puzzles driven directly, as any front end would (no program): every built-in puzzle
// declares itself, refuses bad option values and unknown algorithms with a UsageError naming the
// option, reads datasets with their numbers and lines, solves to structured Solutions and renders
// them; sliding and gap in detail (sliding with ida, which uses no cached table).
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "tests/support/puzzle_interface_run.hpp"

namespace plumb::puzzle_interface {
namespace {

using testing::expect_algorithms_refused;
using testing::read_datasets;

std::unique_ptr<Puzzle> puzzle_named(const std::string& name) {
  for (auto& puzzle : builtin_puzzles()) {
    if (puzzle->info().name == name) return std::move(puzzle);
  }
  return nullptr;
}

// The option a configure() call refuses, or "" when it accepts the values.
std::string refused_option(const Puzzle& puzzle, const OptionValues& values) {
  try {
    puzzle.configure(values);
  } catch (const UsageError& error) {
    return error.option();
  }
  return "";
}

TEST(BuiltinPuzzles, EachDeclaresItselfOnce) {
  std::set<std::string> names;
  for (const auto& puzzle : builtin_puzzles()) {
    const PuzzleInfo& info = puzzle->info();
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_FALSE(info.description.empty()) << info.name;
    EXPECT_FALSE(info.dataset_noun.empty()) << info.name;
    EXPECT_FALSE(info.algorithms.empty()) << info.name;
    for (const OptionSpec& option : info.options) {
      EXPECT_EQ(refused_option(*puzzle, {{option.name, option.default_value}}), "")
          << info.name << " --" << option.name << " at its default";
    }
  }
  EXPECT_TRUE(names.contains("sliding"));
  EXPECT_TRUE(names.contains("gap"));
}

TEST(BuiltinPuzzles, BadOptionValuesNameTheirOption) {
  const auto sliding = puzzle_named("sliding");
  EXPECT_EQ(refused_option(*sliding, {{"size", "1x9"}}), "size");
  EXPECT_EQ(refused_option(*sliding, {{"size", "three"}}), "size");
  EXPECT_EQ(refused_option(*sliding, {{"goal", "1 2 3"}}), "goal");
  EXPECT_EQ(refused_option(*sliding, {{"pdb", "nosuch"}}), "pdb");
  EXPECT_EQ(refused_option(*sliding, {{"size", "2x3"}, {"goal", "1 2 3 4 5 x"}}), "");
  const auto gap = puzzle_named("gap");
  EXPECT_EQ(refused_option(*gap, {{"suits", "0"}}), "suits");
  EXPECT_EQ(refused_option(*gap, {{"values", "14"}}), "values");
  EXPECT_EQ(refused_option(*gap, {{"seed", "-1"}}), "seed");
  EXPECT_EQ(refused_option(*gap, {{"suits", "abc"}}), "suits");
}

// No silent fallback: an algorithm the puzzle does not have is refused, for "algo".
TEST(BuiltinPuzzles, AnUnknownAlgorithmIsAUsageErrorForAlgo) {
  const std::vector<std::pair<std::string, std::string>> inputs{{"sliding", "1 2 3 4 5 6 7 x 8\n"},
                                                                {"gap", "1\n11 12\n21 22\n"}};
  for (const auto& [name, text] : inputs) {
    const auto puzzle = puzzle_named(name);
    const auto instance = puzzle->configure(
        name == "gap" ? OptionValues{{"suits", "2"}, {"values", "2"}} : OptionValues{});
    const auto datasets = read_datasets(*instance, text);
    ASSERT_EQ(datasets.size(), 1u) << name;
    expect_algorithms_refused(*instance, datasets.front(), {"nosuch"});
    const std::string known = name == "sliding" ? "ida" : puzzle->info().algorithms.back();
    EXPECT_TRUE(instance->solve(datasets.front(), known, {}).length.has_value()) << name;
  }
}

TEST(BuiltinPuzzles, SlidingSolvesToMovesAndStates) {
  const auto puzzle = puzzle_named("sliding");
  const auto instance = puzzle->configure({});
  const auto datasets = read_datasets(*instance, "\n1 2 3 4 5 6 7 x 8\n\n2 1 3 4 5 6 7 8 x\n");
  ASSERT_EQ(datasets.size(), 2u);
  EXPECT_EQ(datasets[0].number, 1u);
  EXPECT_EQ(datasets[0].line, 2u);
  EXPECT_EQ(datasets[1].line, 4u);
  EXPECT_EQ(datasets[1].source, "input");

  const Solution solved = instance->solve(datasets[0], "ida", {});
  EXPECT_EQ(solved.length, 1u);
  EXPECT_EQ(solved.moves, nlohmann::json::parse(R"(["r"])"));
  ASSERT_EQ(solved.states.size(), 2u);
  EXPECT_EQ(solved.states[1], nlohmann::json::parse("[1,2,3,4,5,6,7,8,0]"));
  EXPECT_EQ(instance->render(solved, Format::contest), "r\n");

  const Solution unsolvable = instance->solve(datasets[1], "ida", {});
  EXPECT_FALSE(unsolvable.length);
  EXPECT_TRUE(unsolvable.moves.is_null());
  EXPECT_EQ(instance->render(unsolvable, Format::contest), "unsolvable\n");
  EXPECT_EQ(solution_json(puzzle->info(), unsolvable)["length"], nullptr);
}

TEST(BuiltinPuzzles, WithTheLengthAloneOnlyTheJsonIsLeftOut) {
  const auto instance = puzzle_named("sliding")->configure({});
  const auto datasets = read_datasets(*instance, "1 2 3 4 5 6 7 x 8\n");
  instance->set_path_recording(PathRecording::length);
  const Solution solution = instance->solve(datasets.front(), "ida", {});
  EXPECT_EQ(solution.length, 1u);
  EXPECT_TRUE(solution.moves.is_null());
  EXPECT_TRUE(solution.states.empty());
  EXPECT_EQ(instance->render(solution, Format::contest), "r\n");
}

// A deferred path, recorded later, is the path solve() records at once: the same moves, states and
// renderings, for every sample of every puzzle.
TEST(BuiltinPuzzles, ADeferredPathIsRecordedAsSolveRecordsIt) {
  for (const auto& puzzle : builtin_puzzles()) {
    const std::string& name = puzzle->info().name;
    const auto instance = puzzle->configure({});
    for (const testing::Sample& sample : testing::samples_of(name)) {
      const auto full = testing::solve_all(*instance, sample.input, puzzle->info().algorithms[0]);
      instance->set_path_recording(PathRecording::deferred);
      auto deferred = testing::solve_all(*instance, sample.input, puzzle->info().algorithms[0]);
      instance->set_path_recording(PathRecording::full);
      ASSERT_EQ(full.size(), deferred.size()) << name;
      for (std::size_t i = 0; i < full.size(); ++i) {
        EXPECT_TRUE(deferred[i].moves.is_null()) << name;
        EXPECT_TRUE(deferred[i].states.empty()) << name;
        EXPECT_EQ(instance->render(deferred[i], Format::contest),
                  instance->render(full[i], Format::contest))
            << name;
        instance->record_path(deferred[i]);
        instance->record_path(deferred[i]);  // a second time changes nothing
        EXPECT_EQ(deferred[i].moves, full[i].moves) << name << " dataset " << i + 1;
        EXPECT_EQ(deferred[i].states, full[i].states) << name << " dataset " << i + 1;
        EXPECT_EQ(instance->render(deferred[i], Format::pretty),
                  instance->render(full[i], Format::pretty))
            << name;
      }
    }
  }
}

TEST(BuiltinPuzzles, GapReadsItsCountAndDealsAndRefusesWhatFollows) {
  const auto instance = puzzle_named("gap")->configure({{"suits", "2"}, {"values", "3"}});
  const auto datasets = read_datasets(*instance, "2\n21 23 12\n11 22 13\n\n11 12 13\n23 21 22\n");
  ASSERT_EQ(datasets.size(), 2u);
  EXPECT_EQ(datasets[0].line, 2u);
  EXPECT_EQ(datasets[1].line, 5u);
  const Solution four = instance->solve(datasets[0], "bfs", {});
  EXPECT_EQ(four.length, 4u);
  EXPECT_EQ(four.moves.size(), 4u);
  EXPECT_EQ(four.states.size(), 5u);
  EXPECT_EQ(four.moves[0], nlohmann::json::parse(R"({"card":"12","from":[1,4],"to":[1,2]})"));
  const Solution none = instance->solve(datasets[1], "astar", {});
  EXPECT_FALSE(none.length);
  EXPECT_EQ(instance->render(none, Format::contest), "-1\n");
  EXPECT_THROW(read_datasets(*instance, "1\n21 23 12\n11 22 13\n11\n"), io::InputError);
}

TEST(BuiltinPuzzles, ExplorationsCountEveryLayer) {
  const auto instance = puzzle_named("sliding")->configure({{"size", "2x2"}});
  const Exploration exploration = instance->explore(nullptr, {});
  EXPECT_EQ(exploration.total(), 12u);
  EXPECT_TRUE(exploration.complete());
  EXPECT_EQ(exploration.origin, "the goal");
  EXPECT_EQ(exploration_json(puzzle_named("sliding")->info(), exploration)["depth"], 6);
}

}  // namespace
}  // namespace plumb::puzzle_interface
