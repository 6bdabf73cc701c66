// End-to-end tests of `plumb solve cubic` and `plumb explore cubic`: the published sample byte for
// byte with every algorithm, limits, generalized boards, JSON solutions replayed, and bad input.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

namespace cubic = puzzles::cubic;

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

// Every test runs the program with PLUMB_CACHE in a fresh temporary directory.
class CubicCli : public ::testing::Test {
 protected:
  plumb::testing::TemporaryCache cache_;
};

const std::string kSmall =
    "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n0 0\n";

TEST_F(CubicCli, SampleByteForByte) {
  const std::string input = read_file(sample_path("cubic", "sample.in"));
  const std::string expected = trim_trailing_space(read_file(sample_path("cubic", "sample.out")));
  for (std::string algo : {"auto", "bidir"}) {
    const ProgramRun run = run_plumb({"solve", "cubic", "--algo", algo}, input);
    EXPECT_EQ(run.status, 0) << algo << run.err;
    EXPECT_EQ(trim_trailing_space(run.out), expected) << algo;
  }
  if (sanitized()) return;
  for (std::string algo : {"ida", "table", "auto"}) {  // the last one finds the table cached
    const ProgramRun run = run_plumb({"solve", "cubic", "--algo", algo}, input);
    EXPECT_EQ(run.status, 0) << algo << run.err;
    EXPECT_EQ(trim_trailing_space(run.out), expected) << algo;
  }
  EXPECT_TRUE(std::filesystem::exists(cache_.path() / "cubic-views-3x3.tbl"));
  const ProgramRun limited = run_plumb({"solve", "cubic", "--max-moves", "23"}, input);
  EXPECT_EQ(limited.out, "0\n3\n13\n23\n-1\n-1\n-1\n-1\n");
}

TEST_F(CubicCli, BadInputKeepsEarlierAnswers) {
  const std::pair<std::string, std::string> cases[] = {
      {"W W W\nW X W\nW W E\n", ":7: unknown letter 'X'"},
      {"W W W\nW W W\nW W W\n", ":8: the goal must have exactly one E, found 0"},
      {"W W W\nW W E\n", ":7: unexpected end of input"},
  };
  for (const auto& [goal, message] : cases) {
    const ProgramRun run = run_plumb({"solve", "cubic"}, "1 2\nWWW\nEWW\nWWW\n1 1\n" + goal);
    EXPECT_EQ(run.status, 2);
    EXPECT_EQ(run.out, "0\n");
    EXPECT_NE(run.err.find("plumb: <stdin>" + message), std::string::npos) << run.err;
  }
  const ProgramRun outside = run_plumb({"solve", "cubic"}, "4 1\nWWW\nEWW\nWWW\n");
  EXPECT_EQ(outside.status, 2);
  EXPECT_NE(outside.err.find("plumb: <stdin>:1: the empty cell (4, 1) is outside"),
            std::string::npos);
  const ProgramRun no_table = run_plumb({"solve", "cubic", "--size", "3x4", "--algo", "table"}, "");
  EXPECT_EQ(no_table.status, 2);
  EXPECT_EQ(run_plumb({"solve", "cubic", "--size", "5x5"}, "").status, 2);
}

TEST_F(CubicCli, JsonSolutionsReplayToTheGoal) {
  const ProgramRun run =
      run_plumb({"solve", "cubic", "--format", "json", "--algo", "bidir"}, kSmall);
  ASSERT_EQ(run.status, 0) << run.err;
  std::istringstream lines(run.out);
  std::string line;
  const std::vector<int> expected = {0, 3, 13};
  std::istringstream input(kSmall);
  io::TextInput in(input, "input");
  for (int answer : expected) {
    ASSERT_TRUE(std::getline(lines, line));
    const auto json = nlohmann::json::parse(line);
    const auto dataset = cubic::read_dataset(in, cubic::Board{});
    ASSERT_TRUE(dataset);
    EXPECT_EQ(json["length"], answer);
    EXPECT_EQ(json["method"], "bidir");
    std::vector<cubic::Direction> path;
    for (const auto& move : json["moves"]) {
      path.push_back(
          static_cast<cubic::Direction>(std::string("udlr").find(move.get<std::string>())));
    }
    ASSERT_EQ(static_cast<int>(path.size()), answer);
    ASSERT_EQ(json["states"].size(), path.size() + 1);
    const cubic::CubicDomain domain(cubic::Board{}, dataset->goal);
    EXPECT_TRUE(domain.is_goal(cubic::replay(cubic::Board{}, *dataset, path)));
  }
  const ProgramRun pretty = run_plumb({"solve", "cubic", "--format", "pretty"}, kSmall);
  EXPECT_EQ(pretty.status, 0);
  EXPECT_NE(pretty.out.find("Move 13:"), std::string::npos);
}

// -1 (more than --max-moves moves) is "none_within_bound" whichever method answered, the table's
// lookup as the searches' bound.
TEST_F(CubicCli, AnAnswerBeyondMaxMovesIsNoneWithinTheBound) {
  for (const char* algo : {"table", "bidir", "ida", "auto"}) {
    const ProgramRun run = run_plumb(
        {"solve", "cubic", "--format", "json", "--max-moves", "2", "--algo", algo}, kSmall);
    ASSERT_EQ(run.status, 0) << run.err;
    std::istringstream lines(run.out);
    std::vector<std::string> statuses;
    for (std::string line; std::getline(lines, line);)
      statuses.push_back(nlohmann::json::parse(line)["status"]);
    EXPECT_EQ(statuses,
              (std::vector<std::string>{"solved", "none_within_bound", "none_within_bound"}))
        << algo;
  }
}

TEST_F(CubicCli, GeneralizedBoards) {
  // 2 rows of 3: the empty cell starts at the top right.
  const std::string input = "3 1\nW W E\nW W W\n3 1\nWWW\nWWE\n3 1\nRRR\nRRE\n0 0\n";
  const ProgramRun bidir = run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "bidir"}, input);
  const ProgramRun ida = run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "ida"}, input);
  const ProgramRun table = run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "table"}, input);
  EXPECT_EQ(bidir.status, 0);
  EXPECT_EQ(bidir.out.substr(0, 2), "0\n");
  EXPECT_EQ(bidir.out, ida.out);
  EXPECT_EQ(bidir.out, table.out);
}

TEST_F(CubicCli, Explore) {
  const ProgramRun small = run_plumb({"explore", "cubic", "--size", "2x2"});
  ASSERT_EQ(small.status, 0) << small.err;
  EXPECT_NE(small.out.find("2x2 board, from the empty cell at (2, 2)"), std::string::npos)
      << small.out;
  EXPECT_NE(small.out.find("    0  1          1\n"), std::string::npos) << small.out;
  if (sanitized()) return;
  const std::filesystem::path file = cache_.path() / "start.in";
  std::ofstream(file) << "1 1\nWWW\nWWW\nWWE\n0 0\n";
  const ProgramRun run = run_plumb({"explore", "cubic", "--format", "json", file.string()});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  EXPECT_EQ(json["start"][0][0], "...");  // the empty cell at (1, 1)
  EXPECT_EQ(json["start"][2][2], "WRB");
  EXPECT_EQ(json["origin"], "the empty cell at (1, 1), every die white up");
  EXPECT_EQ(json["size"], "3x3");
  std::uint64_t views = 0;
  for (std::uint64_t count : json["top_view_layers"]) views += count;
  EXPECT_LE(views, 59049U);
  EXPECT_EQ(json["layers"][1], 2);  // two dice can roll into a corner
}

}  // namespace
}  // namespace plumb::testing
