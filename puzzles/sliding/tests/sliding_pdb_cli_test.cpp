// `plumb solve sliding` with pattern databases end to end: --algo pdb against ida and the table,
// astar-ida against pdb (every printed solution replayed, every length equal), auto's choice, the
// goals it takes and refuses, --pdb and its errors, the notice before a build, and a limit during
// one. The databases
// are the small sets (15-555, 8-44, 7-34), each test in a fresh temporary cache.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "puzzles/sliding/tests/sliding_boards.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb {
namespace {

using puzzles::BlankPlace;
using puzzles::SlidingSize;
using puzzles::SlidingState;
using testing::lines_of;
using testing::run_plumb;

constexpr std::string_view kBuilding = "plumb: building pattern database";

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

class SlidingPdbCli : public ::testing::Test {
 protected:
  testing::TemporaryCache cache_;
};

// Boards `steps_low` to `steps_high` random moves from `goal`, one a line.
std::vector<std::string> scrambled(const SlidingState& goal, SlidingSize size, int count,
                                   int steps_low, int steps_high, std::uint64_t seed) {
  const puzzles::SlidingDomain d(size.rows, size.cols, goal);
  std::mt19937_64 random(seed);
  std::vector<std::string> boards;
  for (int i = 0; i < count; ++i) {
    const int steps = steps_low + static_cast<int>(random() % (steps_high - steps_low + 1));
    boards.push_back(puzzles::board_line(testing::scramble(d, steps, random), size));
  }
  return boards;
}

// Uniformly random arrangements of a board, solvable or not, one a line.
std::vector<std::string> shuffled(SlidingSize size, int count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  SlidingState s;
  const int cells = size.rows * size.cols;
  std::vector<std::string> boards;
  for (int i = 0; i < count; ++i) {
    for (int c = 0; c < cells; ++c) s.cells[c] = static_cast<std::uint8_t>(c);
    std::shuffle(s.cells.begin(), s.cells.begin() + cells, random);
    s.blank =
        static_cast<std::uint8_t>(std::find(s.cells.begin(), s.cells.end(), 0) - s.cells.begin());
    boards.push_back(puzzles::board_line(s, size));
  }
  return boards;
}

std::string joined(const std::vector<std::string>& boards) {
  std::string text;
  for (const auto& board : boards) text += board + "\n";
  return text;
}

// The answers of `plumb solve sliding ARGS` to the boards; a failed run fails the test.
std::vector<std::string> answers(std::vector<std::string> args,
                                 const std::vector<std::string>& boards) {
  args.insert(args.begin(), {"solve", "sliding"});
  const auto run = run_plumb(args, joined(boards));
  EXPECT_EQ(run.status, 0) << run.err;
  auto lines = lines_of(run.out);
  EXPECT_EQ(lines.size(), boards.size()) << run.out << run.err;
  lines.resize(boards.size());
  return lines;
}

// Each answer replays from its board to `goal_line`, or both say `unsolvable`, and its length is
// the reference's.
void expect_optimal(const std::vector<std::string>& boards, SlidingSize size,
                    const std::string& goal_line, const std::vector<std::string>& tested,
                    const std::vector<std::string>& reference) {
  for (std::size_t i = 0; i < boards.size(); ++i) {
    if (reference[i] == "unsolvable") {
      EXPECT_EQ(tested[i], "unsolvable") << boards[i];
      continue;
    }
    EXPECT_EQ(testing::play(boards[i], size, tested[i]), goal_line) << boards[i];
    EXPECT_EQ(tested[i].size(), reference[i].size()) << boards[i];
  }
}

TEST_F(SlidingPdbCli, AgreesWithIdaOnScrambledFifteenPuzzles) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const SlidingSize size{4, 4};
  for (const BlankPlace place : {BlankPlace::last, BlankPlace::first}) {
    const std::string goal = place == BlankPlace::last ? "blank-last" : "blank-first";
    const SlidingState goal_board = puzzles::ordered_sliding_goal(4, 4, place);
    const auto boards = scrambled(goal_board, size, 6, 30, 60, 1985);
    const auto pdb = answers({"--algo", "pdb", "--pdb", "15-555", "--goal", goal}, boards);
    expect_optimal(boards, size, puzzles::board_line(goal_board, size), pdb,
                   answers({"--algo", "ida", "--goal", goal}, boards));
    // The moves do not depend on the thread count.
    EXPECT_EQ(
        answers({"--algo", "pdb", "--pdb", "15-555", "--goal", goal, "--threads", "1"}, boards),
        pdb);
  }
}

// --algo astar-ida (A* then IDA* from its frontier) gives pdb's lengths, with A*'s default budget
// and with the budget a quarter of --max-memory holds, and the same moves on one thread or two.
TEST_F(SlidingPdbCli, AStarIdaAgreesWithPdb) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const SlidingSize size{4, 4};
  const SlidingState goal_board = puzzles::ordered_sliding_goal(4, 4, BlankPlace::first);
  const auto boards = scrambled(goal_board, size, 6, 40, 70, 2019);
  const std::vector<std::string> common{"--pdb", "15-555", "--goal", "blank-first"};
  const auto with = [&common](std::vector<std::string> args) {
    args.insert(args.end(), common.begin(), common.end());
    return args;
  };
  const auto pdb = answers(with({"--algo", "pdb"}), boards);
  const auto hybrid = answers(with({"--algo", "astar-ida", "--threads", "2"}), boards);
  expect_optimal(boards, size, puzzles::board_line(goal_board, size), hybrid, pdb);
  EXPECT_EQ(answers(with({"--algo", "astar-ida", "--threads", "1"}), boards), hybrid);
  const auto small = answers(with({"--algo", "astar-ida", "--max-memory", "256M"}), boards);
  expect_optimal(boards, size, puzzles::board_line(goal_board, size), small, pdb);
}

// Progress on (as on a terminal) with two threads. Under ThreadSanitizer (make tsan) Korf's #67,
// some 1.6 million expansions, takes seconds: the search draws its progress line many times while
// both threads work, and a race in the drawing fails the run.
TEST_F(SlidingPdbCli, ProgressWithTwoThreads) {
  const std::string board = "7 1 2 4 8 3 6 11 10 15 0 5 14 12 13 9";  // Korf's #67: 50 moves
  const auto run = run_plumb({"solve", "sliding", "--goal", "blank-first", "--algo", "pdb", "--pdb",
                              "15-555", "--threads", "2", "--progress"},
                             board + "\n");
  ASSERT_EQ(run.status, 0) << run.err;
  const auto moves = lines_of(run.out);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(moves[0].size(), 50u);
  const SlidingSize size{4, 4};
  EXPECT_EQ(testing::play(board, size, moves[0]),
            puzzles::board_line(puzzles::ordered_sliding_goal(4, 4, BlankPlace::first), size));
}

// The easiest of Korf's 100 (blank-first), by auto: their published optimal lengths.
TEST_F(SlidingPdbCli, AutoSolvesKorfsEasiestInstances) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const auto path = std::filesystem::path(PLUMB_DATA_DIR) / "korf100.txt";
  std::ifstream file(path);
  ASSERT_TRUE(file) << "cannot read " << path;
  std::vector<std::pair<std::size_t, std::string>> instances;  // length, board
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::size_t id = 0, length = 0;
    fields >> id >> length;
    std::string board;
    std::getline(fields, board);
    instances.emplace_back(length, board);
  }
  ASSERT_EQ(instances.size(), 100u);
  std::sort(instances.begin(), instances.end());
  instances.resize(4);
  std::vector<std::string> boards;
  for (const auto& [length, board] : instances) boards.push_back(board);
  const auto run =
      run_plumb({"solve", "sliding", "--goal", "blank-first", "--pdb", "15-555"}, joined(boards));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.err.find(kBuilding), std::string::npos) << "auto did not choose pdb: " << run.err;
  const auto moves = lines_of(run.out);
  ASSERT_EQ(moves.size(), boards.size());
  const std::string goal =
      puzzles::board_line(puzzles::ordered_sliding_goal(4, 4, BlankPlace::first), {4, 4});
  for (std::size_t i = 0; i < boards.size(); ++i) {
    EXPECT_EQ(moves[i].size(), instances[i].first) << boards[i];
    EXPECT_EQ(testing::play(boards[i], {4, 4}, moves[i]), goal) << boards[i];
  }
}

TEST_F(SlidingPdbCli, CustomGoalWithTheBlankInACorner) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const SlidingSize size{4, 4};
  const std::string goal = "15 14 13 x 12 11 10 9 8 7 6 5 4 3 2 1";
  SlidingState goal_board;
  ASSERT_EQ(puzzles::read_board(goal, size, goal_board), "");
  const auto boards = scrambled(goal_board, size, 5, 30, 50, 24);
  expect_optimal(boards, size, goal,
                 answers({"--algo", "pdb", "--pdb", "15-555", "--goal", goal}, boards),
                 answers({"--algo", "ida", "--goal", goal}, boards));
}

// auto takes ida, building nothing; --algo pdb refuses with a reason.
TEST_F(SlidingPdbCli, GoalWithTheBlankInside) {
  const SlidingSize size{4, 4};
  const std::string goal = "1 2 3 4 5 x 6 7 8 9 10 11 12 13 14 15";
  SlidingState goal_board;
  ASSERT_EQ(puzzles::read_board(goal, size, goal_board), "");
  const auto boards = scrambled(goal_board, size, 4, 16, 24, 7);
  const auto run =
      run_plumb({"solve", "sliding", "--pdb", "15-555", "--goal", goal}, joined(boards));
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(lines_of(run.out), answers({"--algo", "ida", "--goal", goal}, boards));
  const auto refused = run_plumb(
      {"solve", "sliding", "--algo", "pdb", "--pdb", "15-555", "--goal", goal}, joined(boards));
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("plumb: <stdin>:1: the pattern databases need a goal with the blank "
                             "in a corner; use --algo ida"),
            std::string::npos)
      << refused.err;
  EXPECT_EQ(refused.err.find(kBuilding), std::string::npos) << refused.err;
}

TEST_F(SlidingPdbCli, AnnouncesTheBuildOnceOnly) {
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const std::string board = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n";
  EXPECT_EQ(run_plumb({"solve", "sliding", "--algo", "ida"}, board).err, "");
  const auto first = run_plumb({"solve", "sliding", "--pdb", "15-555", "--algo", "pdb"}, board);
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(first.out, "r\n");
  const std::string cached = "; once, then cached in " + cache_.path().string() + ")\n";
  EXPECT_EQ(first.err,
            "plumb: building pattern database 1 of 3 of 15-555 (524,160 entries" + cached +
                "plumb: building pattern database 2 of 3 of 15-555 (524,160 entries" + cached +
                "plumb: building pattern database 3 of 3 of 15-555 (524,160 entries" + cached);
  const auto second = run_plumb({"solve", "sliding", "--pdb", "15-555", "--algo", "pdb"}, board);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(second.out, "r\n");
  EXPECT_EQ(second.err, "");
}

// auto answers a board that a short IDA* on linear conflicts solves without the databases: none
// is built and no file written, even from an empty cache. A board that needs them still builds
// them, showing the share done and the time left (a line at every check: several on any machine).
TEST_F(SlidingPdbCli, AnEasyBoardIsAnsweredWithoutBuildingDatabases) {
  const auto files = [&] {
    return std::distance(std::filesystem::directory_iterator(cache_.path()),
                         std::filesystem::directory_iterator());
  };
  std::filesystem::create_directories(cache_.path());
  const auto easy = run_plumb({"solve", "sliding", "--format", "json"},
                              "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15\n");
  ASSERT_EQ(easy.status, 0) << easy.err;
  EXPECT_EQ(easy.err, "");
  const nlohmann::json answer = nlohmann::json::parse(easy.out);
  EXPECT_EQ(answer["length"], 2);
  EXPECT_EQ(answer["method"], "ida");
  EXPECT_EQ(answer["status"], "solved");
  EXPECT_EQ(files(), 0);
  if (sanitized()) GTEST_SKIP() << "builds the 15-555 databases";
  const std::string hard = "7 1 2 4 8 3 6 11 10 15 0 5 14 12 13 9\n";  // Korf's #67: 50 moves
  const auto built = testing::run_command(
      {"env", "PLUMB_PROGRESS_INTERVAL=0", PLUMB_BINARY, "solve", "sliding", "--goal",
       "blank-first", "--pdb", "15-555", "--format", "json", "--threads", "1", "--progress"},
      hard);
  ASSERT_EQ(built.status, 0) << built.err;
  EXPECT_EQ(nlohmann::json::parse(built.out)["method"], "pdb");
  EXPECT_EQ(nlohmann::json::parse(built.out)["length"], 50);
  EXPECT_EQ(files(), 3);
  EXPECT_NE(built.err.find(kBuilding), std::string::npos) << built.err;
  int shares = 0, times_left = 0;
  for (const std::string& line : lines_of(built.err)) {
    double percent = 0;
    if (std::sscanf(line.c_str(), "plumb: %lf%% | ", &percent) != 1) continue;
    ++shares;
    EXPECT_GE(percent, 0) << line;
    EXPECT_LE(percent, 100) << line;
    times_left += line.find(" s left | depth ") != std::string::npos ? 1 : 0;
  }
  EXPECT_GE(shares, 3) << built.err;
  EXPECT_GE(times_left, 1) << built.err;
}

TEST_F(SlidingPdbCli, SmallSetsAgreeWithTheTable) {
  const int count = sanitized() ? 6 : 30;
  for (const auto& [size, set] :
       {std::pair{SlidingSize{3, 3}, "8-44"}, std::pair{SlidingSize{2, 4}, "7-34"}}) {
    const std::string size_text = std::to_string(size.rows) + "x" + std::to_string(size.cols);
    for (const BlankPlace place : {BlankPlace::last, BlankPlace::first}) {
      const std::string goal = place == BlankPlace::last ? "blank-last" : "blank-first";
      const auto boards = shuffled(size, count, 1077);
      expect_optimal(
          boards, size,
          puzzles::board_line(puzzles::ordered_sliding_goal(size.rows, size.cols, place), size),
          answers({"--algo", "pdb", "--pdb", set, "--size", size_text, "--goal", goal}, boards),
          answers({"--algo", "table", "--size", size_text, "--goal", goal}, boards));
    }
  }
}

TEST_F(SlidingPdbCli, UnknownSetAndSizeMismatch) {
  const std::string board = "1 2 3 4 5 6 7 x 8\n";
  auto run = run_plumb({"solve", "sliding", "--pdb", "nope"}, board);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("--pdb: no pattern database set named 'nope'; the sets: 15-7-8 (4x4), "
                         "24-6666 (5x5), 15-555 (4x4), 8-44 (3x3), 7-34 (2x4)"),
            std::string::npos)
      << run.err;
  run = run_plumb({"solve", "sliding", "--algo", "pdb", "--pdb", "15-555"}, board);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("plumb: <stdin>:1: the pattern databases 15-555 are for 4x4 boards, not "
                         "3x3"),
            std::string::npos)
      << run.err;
  run = run_plumb({"solve", "sliding", "--algo", "pdb", "--size", "3x4"},
                  "1 2 3 4 5 6 7 8 9 10 x 11\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("plumb: <stdin>:1: no pattern databases for 3x4 boards"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find(kBuilding), std::string::npos) << run.err;
}

// Answered by parity before any database is needed.
TEST_F(SlidingPdbCli, UnsolvableBoards) {
  const auto run = run_plumb({"solve", "sliding", "--algo", "pdb", "--pdb", "15-555"},
                             "2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 x\n"
                             "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 x\n"
                             "x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "unsolvable\nunsolvable\nunsolvable\n");
  EXPECT_EQ(run.err, "");
}

// A cache directory that cannot be made: the databases are built in memory, with one warning.
TEST_F(SlidingPdbCli, UnusableCacheDirectory) {
  ::setenv("PLUMB_CACHE", "/proc/plumb-cannot-be-made", 1);
  const auto run =
      run_plumb({"solve", "sliding", "--algo", "pdb", "--pdb", "8-44"}, "1 2 3 4 5 6 7 x 8\n");
  ::setenv("PLUMB_CACHE", cache_.path().c_str(), 1);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "r\n");
  EXPECT_EQ(run.err,
            "plumb: warning: the cache directory /proc/plumb-cannot-be-made cannot be used (No "
            "such file or directory); tables are kept in memory for this run only\n"
            "plumb: building pattern database 1 of 2 of 8-44 (3,024 entries; for this run only)\n"
            "plumb: building pattern database 2 of 2 of 8-44 (3,024 entries; for this run only)\n");
}

// A 15-555 database takes far more than a millisecond to build: exit 3, nothing answered.
TEST_F(SlidingPdbCli, TimeLimitDuringTheBuild) {
  const auto run =
      run_plumb({"solve", "sliding", "--algo", "pdb", "--pdb", "15-555", "--time-limit", "0.001"},
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n");
  EXPECT_EQ(run.status, 3) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("building pattern database 1 of 3 of 15-555"), std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("time limit"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace plumb
