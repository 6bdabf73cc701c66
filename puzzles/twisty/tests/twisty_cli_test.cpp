// The twisty puzzle's table builds under the program's limits, end to end: a time limit, a memory
// limit and an interrupt stop a build (or the search after it) cleanly: exit status 3, the
// message saying which; a table refused for memory leaves nothing in the cache. And --all, every
// optimal solution, a batch solved side by side, the tables built ahead by `plumb tables build`,
// and the 2x2x2's God's number.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

// A table of half the 3x3x3's edges with their turns: 42,577,920 entries (a chunk of a set: not
// reduced by symmetry), seconds of breadth-first search on any machine of today, and 20 MB.
const std::vector<std::string> kEdgesTable{"solve", "twisty",   "--def",
                                           "3x3x3", "--tables", "EDGES:0-5"};
// The superflip, 20 moves from solved: if a build ends before a limit or a signal, the search
// after it goes on for hours, so the limit or the signal always stops something.
const std::string kSuperflip =
    "Scramble superflip\nEDGES\n1 2 3 4 5 6 7 8 9 10 11 12\n1 1 1 1 1 1 1 1 1 1 1 1\nEnd\n";

std::vector<std::string> with(std::vector<std::string> words, std::vector<std::string> more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

TEST(TwistyCli, ATableBuildStopsAtTheTimeAndMemoryLimits) {
  const TemporaryCache cache;
  // 20 MB cannot fit in 20 with the program's own: refused before anything is built (its move
  // tables neither), and nothing kept.
  const auto small = run_plumb(with(kEdgesTable, {"--max-memory", "20M"}), kSuperflip);
  EXPECT_EQ(small.status, 3) << small.err;
  EXPECT_NE(small.err.find("stopped by the memory limit"), std::string::npos) << small.err;
  EXPECT_TRUE(std::filesystem::is_empty(cache.path()));
  const auto timed = run_plumb(with(kEdgesTable, {"--time-limit", "0.05"}), kSuperflip);
  EXPECT_EQ(timed.status, 3) << timed.err;
  EXPECT_NE(timed.err.find("plumb: building pruning table of 3x3x3"), std::string::npos);
  EXPECT_NE(timed.err.find("stopped by the time limit"), std::string::npos) << timed.err;
}

TEST(TwistyCli, AnInterruptStopsATableBuild) {
  const TemporaryCache cache;
  StartedProgram started(with({PLUMB_BINARY}, kEdgesTable), kSuperflip);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (started.err().find("building pruning table") == std::string::npos &&
         std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  started.signal(SIGINT);
  const ProgramRun run = started.finish();
  EXPECT_EQ(run.status, 3) << run.err;
  EXPECT_NE(run.err.find("plumb: interrupted after "), std::string::npos) << run.err;
}

// --all: every optimal solution a line, then their count in a comment line; the JSON record lists
// the same solutions; each of them, made after the position, leaves the puzzle solved. Explore
// takes no --all.
TEST(TwistyCli, AllListsEveryOptimalSolutionThenTheirCount) {
  const TemporaryCache cache;
  const std::vector<std::string> all{"solve", "twisty", "--def", "2x2x2", "--all"};
  const auto text = run_plumb(all, "R U R' U'\n");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out, "U L F' L'\nU R U' R'\nD B D' R'\n# 3 optimal solutions of 4 moves\n");
  const auto json = run_plumb(with(all, {"--format", "json"}), "R U R' U'\n");
  ASSERT_EQ(json.status, 0) << json.err;
  const auto solutions = nlohmann::json::parse(json.out).at("solutions");
  ASSERT_EQ(solutions.size(), 3U) << json.out;
  std::string replays;
  for (const auto& solution : solutions) {
    EXPECT_EQ(solution.size(), 4U);
    replays += "R U R' U'";
    for (const auto& move : solution) replays += " " + move.get<std::string>();
    replays += "\n";
  }
  const auto replayed = run_plumb({"solve", "twisty", "--def", "2x2x2"}, replays);
  EXPECT_EQ(replayed.out, "\n\n\n") << "each leaves the puzzle solved";
  EXPECT_EQ(run_plumb({"solve", "twisty", "--def", "2x2x2", "--all"}, "R R'\n").out,
            "\n# 1 optimal solution of 0 moves\n");
  EXPECT_EQ(run_plumb({"explore", "twisty", "--def", "floppy", "--all"}).status, 2);
}

// The 2x2x2's God's number, explored over its positions' indices reduced by its 24 symmetries: the
// counts of every distance (twsearch's -g counts the same), and a deepest position shown, solved,
// is 11 moves from solved.
TEST(TwistyCli, ExploresThe2x2x2ReducedBySymmetry) {
  const TemporaryCache cache;
  const auto run = run_plumb({"explore", "twisty", "--def", "2x2x2", "--format", "json"});
  ASSERT_EQ(run.status, 0) << run.err;
  const auto explored = nlohmann::json::parse(run.out);
  EXPECT_EQ(explored.at("layers"), nlohmann::json({1, 18, 243, 2874, 28000, 205416, 1168516,
                                                   5402628, 20776176, 45391616, 15139616, 64736}));
  EXPECT_EQ(explored.at("total"), 88179840);
  const auto& corners = explored.at("deepest").at(0).at(0);
  std::string position = "Scramble deepest\nCORNERS\n";
  for (const char* line : {"pieces", "turns"}) {
    for (const auto& value : corners.at(line)) position += std::to_string(value.get<int>()) + " ";
    position += "\n";
  }
  const auto solved = run_plumb({"solve", "twisty", "--def", "2x2x2"}, position + "End\n");
  ASSERT_EQ(solved.status, 0) << solved.err;
  std::istringstream moves(solved.out);
  EXPECT_EQ(std::distance(std::istream_iterator<std::string>(moves),
                          std::istream_iterator<std::string>()),
            11)
      << solved.out;
}

// A batch solved side by side (cold, its tables built by its searches on the way) answers as one
// thread does, in input order, each answer solving its position; the bad line after it ends both
// runs alike, after the answers.
TEST(TwistyCli, ABatchSolvedSideBySideAnswersAsOneThreadDoes) {
  const TemporaryCache cache;
  const std::vector<std::string> names{"U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"};
  std::mt19937 random(5);
  std::string batch;
  for (int position = 0; position < 24; ++position) {
    for (int move = 0; move < 9; ++move) batch += names[random() % names.size()] + " ";
    batch += "\n";
  }
  const auto side_by_side =
      run_plumb({"solve", "twisty", "--def", "2x2x2", "--threads", "3"}, batch + "R X\n");
  const auto in_order =
      run_plumb({"solve", "twisty", "--def", "2x2x2", "--threads", "1"}, batch + "R X\n");
  EXPECT_EQ(side_by_side.status, 2) << side_by_side.err;
  EXPECT_EQ(in_order.err, "plumb: <stdin>:25: no move named 'X' in 2x2x2\n");
  EXPECT_TRUE(side_by_side.err.ends_with(in_order.err)) << side_by_side.err;  // after the builds'
  EXPECT_EQ(side_by_side.out, in_order.out);
  std::istringstream scrambles(batch), answers(side_by_side.out);
  std::string replays, scramble, answer;
  while (std::getline(scrambles, scramble) && std::getline(answers, answer))
    replays += scramble + answer + "\n";
  EXPECT_EQ(run_plumb({"solve", "twisty", "--def", "2x2x2"}, replays).out, std::string(24, '\n'));
}

// A shipped definition's tables, built ahead by `plumb tables build`, listed, described, and then
// found in the cache by a solve, which builds nothing.
TEST(TwistyCli, TablesAreBuiltAheadForAShippedDefinition) {
  const TemporaryCache cache;
  const auto build = run_plumb({"tables", "build", "twisty-skewb"});
  ASSERT_EQ(build.status, 0) << build.err;
  EXPECT_NE(build.out.find("twisty-skewb table 1 ("), std::string::npos) << build.out;
  EXPECT_NE(build.out.find("twisty-skewb table 2 ("), std::string::npos) << build.out;
  const std::string listed =
      std::regex_replace(run_plumb({"tables", "list"}).out, std::regex(" +"), " ");
  EXPECT_NE(listed.find("twisty-skewb skewb 2/2 tables"), std::string::npos) << listed;
  const auto info = run_plumb({"tables", "info", "twisty-skewb"});
  ASSERT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("twisty-pruning version 2"), std::string::npos) << info.out;
  EXPECT_NE(info.out.find("moves to solved (moves:entries): 0:1 "), std::string::npos) << info.out;
  const auto solved =
      run_plumb({"solve", "twisty", "--def", "skewb", "--stats", "--format", "json"},
                "R L' B R' L B' R L B' R L'\n");
  ASSERT_EQ(solved.status, 0) << solved.err;
  EXPECT_EQ(solved.err.find("building"), std::string::npos) << solved.err;
  EXPECT_NE(solved.out.find("\"length\":"), std::string::npos) << solved.out;
}

}  // namespace
}  // namespace plumb::testing
