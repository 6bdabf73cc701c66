// The `cubic` puzzle through the puzzle interface's Instance API: the samples in contest format
// with every algorithm, every solution replayed through the domain, the renderings of today's
// program byte for byte, bad datasets and options, limits under each call's own context, and
// exploration.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "tests/support/one_set_lender.hpp"
#include "tests/support/puzzle_interface_run.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

namespace cubic = puzzles::cubic;
using puzzle_interface::Format;

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

// Every test keeps its tables in a fresh temporary cache.
class CubicPuzzle : public ::testing::Test {
 protected:
  std::unique_ptr<puzzle_interface::Instance> configure(
      const puzzle_interface::OptionValues& options = {}) {
    return puzzle_->configure(options);
  }

  TemporaryCache cache_;
  std::unique_ptr<puzzle_interface::Puzzle> puzzle_ =
      puzzle_interface::make_builtin_puzzle("cubic");
};

const std::string kSmall =
    "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n0 0\n";
const std::string kTwoByThree = "3 1\nW W E\nW W W\n3 1\nWWW\nWWE\n3 1\nRRR\nRRE\n0 0\n";

// A state's JSON drawn back as cubic::draw_state draws the state: rows of space-separated dice.
std::string drawn(const nlohmann::json& state) {
  std::string text;
  for (const auto& row : state) {
    for (std::size_t i = 0; i < row.size(); ++i)
      text += (i == 0 ? "" : " ") + row[i].get<std::string>();
    text += '\n';
  }
  return text;
}

// Plays the solution's moves from the dataset's start: each state it lists is the one reached, and
// the last shows the goal.
void expect_replays(const cubic::Board& board, const puzzle_interface::Dataset& dataset,
                    const puzzle_interface::Solution& solution) {
  expect_consistent(solution);
  const auto& data = puzzle_interface::data_of<cubic::Dataset>(dataset);
  const cubic::CubicDomain domain(board, data.goal);
  cubic::State state = cubic::start_state(board, data);
  EXPECT_EQ(drawn(solution.states.front()), cubic::draw_state(board, state));
  if (!solution.length) return;
  for (std::size_t i = 0; i < solution.moves.size(); ++i) {
    const auto letter = solution.moves[i].get<std::string>();
    ASSERT_EQ(letter.size(), 1u);
    const auto direction = std::string_view("udlr").find(letter[0]);
    ASSERT_NE(direction, std::string_view::npos) << letter;
    const auto move = static_cast<cubic::Direction>(direction);
    ASSERT_GE(domain.neighbour(state.empty, move), 0) << "an illegal roll " << letter;
    domain.apply(state, move);
    EXPECT_EQ(drawn(solution.states[i + 1]), cubic::draw_state(board, state)) << i;
  }
  EXPECT_TRUE(domain.is_goal(state));
}

TEST_F(CubicPuzzle, DeclaresItself) {
  const puzzle_interface::PuzzleInfo& info = puzzle_->info();
  EXPECT_EQ(info.name, "cubic");
  EXPECT_EQ(info.dataset_noun, "Dataset");
  EXPECT_EQ(info.algorithms, (std::vector<std::string>{"auto", "table", "bidir", "ida"}));
  ASSERT_EQ(info.options.size(), 2u);
  EXPECT_EQ(info.options[0].name, "size");
  EXPECT_EQ(info.options[1].name, "max-moves");
  EXPECT_EQ(info.options[1].max, 254);
  EXPECT_NE(info.description.find("--algo auto|table|bidir|ida"), std::string::npos);
}

TEST_F(CubicPuzzle, SamplesInContestFormatWithEveryAlgorithm) {
  const auto instance = configure();
  std::vector<std::string> algorithms{"bidir", "ida"};
  if (!sanitized()) algorithms.insert(algorithms.end(), {"table", "auto"});  // auto finds the table
  expect_samples_answered(*instance, "cubic", algorithms,
                          [](const auto& dataset, const auto& solution) {
                            expect_replays(cubic::Board{}, dataset, solution);
                          });
  const auto bounded = configure({{"max-moves", "23"}});
  const auto input = read_file(sample_path("cubic", "sample.in"));
  EXPECT_EQ(render_all(*bounded, solve_all(*bounded, input, "ida"), Format::contest),
            "0\n3\n13\n23\n-1\n-1\n-1\n-1\n");
}

TEST_F(CubicPuzzle, GeneralizedBoardsAgreeAcrossAlgorithms) {
  const auto instance = configure({{"size", "2x3"}});
  const auto datasets = read_datasets(*instance, kTwoByThree);
  ASSERT_EQ(datasets.size(), 3u);
  std::vector<std::optional<std::uint64_t>> lengths;
  for (const std::string algorithm : {"bidir", "ida", "table", "auto"}) {
    for (std::size_t i = 0; i < datasets.size(); ++i) {
      const puzzle_interface::Solution solution = instance->solve(datasets[i], algorithm, {});
      expect_replays(cubic::Board{2, 3}, datasets[i], solution);
      if (lengths.size() < datasets.size()) {
        lengths.push_back(solution.length);
      } else {
        EXPECT_EQ(solution.length, lengths[i]) << algorithm << " " << i;
      }
    }
  }
  EXPECT_EQ(lengths.front(), 0u);
}

// A board whose table is a declared set (2x4) reads the table its front end lends, and builds
// none; a board without one (2x3) builds its own as before, asking the lender nothing.
TEST_F(CubicPuzzle, ADeclaredBoardsTableIsBorrowedFromTheLender) {
  const auto lender = std::make_shared<const OneSetLender>("cubic", "views-2x4");
  lender->forget_cached_files();
  const auto lent = puzzle_interface::make_builtin_puzzle("cubic", lender);
  const std::string input = "4 1\nW W W W\nW W W E\n1 2\nR B W W\nR W W E\n0 0\n";
  const auto instance = lent->configure({{"size", "2x4"}});
  const auto by_table = solve_all(*instance, input, "table");
  const auto by_ida = solve_all(*instance, input, "ida");
  ASSERT_EQ(by_table.size(), 2U);
  for (std::size_t i = 0; i < by_table.size(); ++i) {
    EXPECT_EQ(by_table[i].length, by_ida[i].length) << i;
    EXPECT_EQ(by_table[i].method, "table");
  }
  EXPECT_EQ(lender->lent(), 1);
  EXPECT_FALSE(lender->in_cache());

  const auto other = lent->configure({{"size", "2x3"}});
  EXPECT_EQ(solve_all(*other, kTwoByThree, "table").size(), 3U);
  EXPECT_EQ(lender->lent(), 1);
  EXPECT_TRUE(std::filesystem::exists(cubic::ViewTable::cache_path(cubic::Board{2, 3})));
}

TEST_F(CubicPuzzle, DatasetsKnowTheirLines) {
  const auto datasets = read_datasets(*configure(), "\n" + kSmall);
  ASSERT_EQ(datasets.size(), 3u);
  for (std::size_t i = 0; i < datasets.size(); ++i) {
    EXPECT_EQ(datasets[i].number, i + 1);
    EXPECT_EQ(datasets[i].line, 2 + 4 * i);
  }
}

TEST_F(CubicPuzzle, BadDatasetsThrowWithTheirLine) {
  const auto instance = configure();
  const std::string first = "1 2\nWWW\nEWW\nWWW\n";
  EXPECT_EQ(failing_line(*instance, first + "1 1\nW W W\nW X W\nW W E\n"), 7);
  EXPECT_EQ(failing_line(*instance, first + "1 1\nW W W\nW W W\nW W W\n"), 8);
  EXPECT_EQ(failing_line(*instance, first + "1 1\nW W W\nW W E\n"), 7);
  EXPECT_EQ(failing_line(*instance, "4 1\nWWW\nEWW\nWWW\n"), 1);
  EXPECT_EQ(failing_line(*instance, kSmall), -1);
}

TEST_F(CubicPuzzle, BadOptionsNameTheOption) {
  const std::vector<std::pair<puzzle_interface::OptionValues, std::string>> cases{
      {{{"size", "5x5"}}, "size"},
      {{{"size", "3"}}, "size"},
      {{{"size", "0x3"}}, "size"},
      {{{"max-moves", "255"}}, "max-moves"},
      {{{"max-moves", "-1"}}, "max-moves"},
      {{{"max-moves", "many"}}, "max-moves"},
      {{{"rows", "3"}}, "rows"},
  };
  for (const auto& [options, option] : cases) {
    try {
      configure(options);
      ADD_FAILURE() << option << " accepted";
    } catch (const puzzle_interface::UsageError& error) {
      EXPECT_EQ(error.option(), option) << error.what();
    }
  }
  const auto instance = configure({{"size", "3x4"}});
  const auto dataset = read_datasets(*instance, "1 1\nEWWW\nWWWW\nWWWW\n").front();
  expect_algorithms_refused(*instance, dataset, {"table", "fastest", ""});
}

// A game played on: the start after some of an optimal solution's moves, given in full, is as many
// moves nearer the goal by every method, and its record starts from it.
TEST_F(CubicPuzzle, AStartGivenInFullIsAnsweredFromThere) {
  const auto instance = configure();
  const auto contest = read_datasets(*instance, kSmall).back();  // 13 moves
  const puzzle_interface::Solution whole = instance->solve(contest, "bidir", {});
  ASSERT_EQ(whole.length, 13u);
  const std::string played = drawn(whole.states[4]) + "W B W\nB R E\nR B R\n";
  for (const char* algorithm : {"auto", "table", "bidir", "ida"}) {
    const auto dataset = read_datasets(*instance, played).front();
    const puzzle_interface::Solution rest = instance->solve(dataset, algorithm, {});
    EXPECT_EQ(rest.length, 9u) << algorithm;
    EXPECT_EQ(rest.states.front(), whole.states[4]);
    expect_replays(cubic::Board{}, dataset, rest);
  }
}

TEST_F(CubicPuzzle, LimitsStopEachSolveUnderItsOwnContext) {
  const auto instance = configure();
  const auto datasets = read_datasets(*instance, read_file(sample_path("cubic", "sample.in")));
  const puzzle_interface::Dataset& hardest = datasets[5];  // 30 moves
  EXPECT_EQ(instance->solve(datasets[1], "ida", {}).length, 3u);
  for (const char* algorithm : {"ida", "bidir", "auto"}) {
    search::SearchLimits nodes;
    nodes.max_nodes = 100;
    const puzzle_interface::Solution stopped = instance->solve(hardest, algorithm, nodes);
    EXPECT_EQ(stopped.stats.reason, search::StopReason::node_limit) << algorithm;
    EXPECT_FALSE(stopped.length);
    EXPECT_FALSE(stopped.optimal);
    expect_consistent(stopped);
  }
  search::SearchLimits time;
  time.max_seconds = 1e-4;
  EXPECT_EQ(instance->solve(hardest, "ida", time).stats.reason, search::StopReason::time_limit);
  const search::SearchContext cancelled;
  cancelled.cancel();
  EXPECT_EQ(instance->solve(hardest, "auto", cancelled).stats.reason,
            search::StopReason::cancelled);
  EXPECT_EQ(instance->solve(hardest, "auto", {}).length, 30u);
}

TEST_F(CubicPuzzle, ATableBuildStoppedByALimitIsTriedAgainUnderTheNextCallsContext) {
  const auto instance = configure({{"size", "2x3"}});
  const auto dataset = read_datasets(*instance, kTwoByThree).back();
  search::SearchLimits nodes;
  nodes.max_nodes = 10;
  EXPECT_EQ(instance->solve(dataset, "table", nodes).stats.reason, search::StopReason::node_limit);
  const puzzle_interface::Solution solved = instance->solve(dataset, "table", {});
  EXPECT_EQ(solved.stats.reason, search::StopReason::solved);
  EXPECT_TRUE(solved.length);
}

TEST_F(CubicPuzzle, PrettyAndJsonRenderings) {
  const auto instance = configure();
  const auto solutions = solve_all(*instance, kSmall, "bidir");
  ASSERT_EQ(solutions.size(), 3u);
  EXPECT_EQ(instance->render(solutions[1], Format::pretty),
            "Dataset 2, by bidir: 3 moves\nGoal, seen from above:\nR B W\nR W W\nE W W\nStart:\n"
            "WRB ... WRB\nWRB WRB WRB\nWRB WRB WRB\n\n"
            "Move 1: l\n... BRW WRB\nWRB WRB WRB\nWRB WRB WRB\n\n"
            "Move 2: d\nRWB BRW WRB\n... WRB WRB\nWRB WRB WRB\n\n"
            "Move 3: d\nRWB BRW WRB\nRWB WRB WRB\n... WRB WRB\n\n");
  const auto record = nlohmann::json::parse(instance->render(solutions[1], Format::json));
  EXPECT_EQ(record["puzzle"], "cubic");
  EXPECT_EQ(record["dataset"], 2);
  EXPECT_EQ(record["line"], 5);
  EXPECT_EQ(record["length"], 3);
  EXPECT_EQ(record["optimal"], true);
  EXPECT_EQ(record["moves"], nlohmann::json({"l", "d", "d"}));
  EXPECT_EQ(record["start"], solutions[1].states.front());
  EXPECT_EQ(record["goal"],
            nlohmann::json::parse(R"([["R","B","W"],["R","W","W"],["E","W","W"]])"));
  EXPECT_EQ(record["method"], "bidir");
  EXPECT_EQ(record["stats"]["reason"], "solved");
  const auto bounded = configure({{"max-moves", "2"}});
  const auto unsolved = bounded->solve(read_datasets(*bounded, kSmall)[1], "ida", {});
  EXPECT_FALSE(unsolved.length);
  EXPECT_EQ(bounded->render(unsolved, Format::contest), "-1\n");
  EXPECT_NE(bounded->render(unsolved, Format::pretty).find(": more than 2 moves needed\n"),
            std::string::npos);
  EXPECT_TRUE(nlohmann::json::parse(bounded->render(unsolved, Format::json))["moves"].is_null());
}

TEST_F(CubicPuzzle, ExploreCountsStatesAndTopViewsAsTheProgramDid) {
  const auto instance = configure({{"size", "2x2"}});
  const puzzle_interface::Exploration exploration = instance->explore(nullptr, {});
  EXPECT_TRUE(exploration.complete());
  EXPECT_EQ(instance->render(exploration, Format::contest),
            "2x2 board, from the empty cell at (2, 2), every die white up:\n"
            "depth  states     top views first reached\n"
            "    0  1          1\n    1  2          2\n    2  2          2\n    3  2          2\n"
            "    4  2          2\n    5  2          2\n    6  2          2\n    7  2          2\n"
            "    8  2          2\n    9  2          2\n   10  2          2\n   11  2          2\n"
            "   12  2          0\n   13  2          0\n   14  2          0\n   15  2          0\n"
            "   16  2          2\n   17  2          2\n   18  1          1\n"
            "total  36         28\n"
            "a deepest state (18; top, north-south, east-west colours):\n... WRB\nWRB WRB\n"
            "the hardest top views (18 moves):\nE W\nW W\n\n");
  const auto record = nlohmann::json::parse(instance->render(exploration, Format::json));
  EXPECT_EQ(record["puzzle"], "cubic");
  EXPECT_EQ(record["total"], 36);
  EXPECT_EQ(record["depth"], 18);
  EXPECT_EQ(record["size"], "2x2");
  EXPECT_EQ(record["deepest"][0], nlohmann::json::parse(R"([["...","WRB"],["WRB","WRB"]])"));

  // The 2x2 board's states are one cycle of 36: from a start given in full (one roll from the
  // contest's) the same layers.
  const auto rolled = read_datasets(*instance, "WRB ...\nWRB RWB\nE W\nW W\n").front();
  const puzzle_interface::Exploration from_rolled = instance->explore(&rolled, {});
  EXPECT_EQ(from_rolled.origin, "the start given in full (the empty cell at (2, 1))");
  EXPECT_EQ(from_rolled.layer_sizes, exploration.layer_sizes);
  EXPECT_EQ(from_rolled.start, nlohmann::json::parse(R"([["WRB","..."],["WRB","RWB"]])"));

  const auto two_by_three = configure({{"size", "2x3"}});
  const auto start = read_datasets(*two_by_three, kTwoByThree).front();
  const puzzle_interface::Exploration from_start = two_by_three->explore(&start, {});
  EXPECT_EQ(from_start.origin, "the empty cell at (3, 1), every die white up");
  EXPECT_EQ(
      from_start.layer_sizes,
      (std::vector<std::uint64_t>{1,    2,    3,    5,    6,    7,   11,  16,  19,  25,  38,  51,
                                  63,   88,   127,  164,  209,  288, 385, 481, 617, 806, 996, 1172,
                                  1381, 1586, 1601, 1454, 1253, 900, 493, 221, 82,  24,  5}));
  EXPECT_EQ(from_start.total(), 14580u);
  search::SearchLimits nodes;
  nodes.max_nodes = 100;
  EXPECT_TRUE(search::is_limit(two_by_three->explore(&start, nodes).stats.reason));
}

}  // namespace
}  // namespace plumb::testing
