// The program under its limits, end to end (docs/reliability.md, "Limits, memory and threads"):
// memory it cannot have is exit status 4 naming the size, --max-memory holds the peak resident
// memory near the limit, block stops at --time-limit and --max-memory, --threads is capped, and
// the progress display never mixes with answers.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/large_gap_deal.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

// A 9 x 13 Gap deal whose search fills hundreds of megabytes.
const std::string kLargeGapDeal = "1\n" + kLargeGapDealRows;

// Sanitized builds (PLUMB_SANITIZED) reserve address space and memory of their own and report
// failed allocations themselves: the memory tests are skipped there.
bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

// A side x side block board of plain cells, a start in the corner and the goal in the middle.
std::string open_block_board(int side) {
  std::string board = std::to_string(side) + "\n";
  for (int r = 0; r < side; ++r) {
    std::string row(static_cast<std::size_t>(side), '.');
    if (r == 0) row[0] = 'b';
    if (r == side / 2) row[static_cast<std::size_t>(side / 2)] = '$';
    board += row + "\n";
  }
  return board;
}

TEST(LimitsCli, TableTooLargeForTheMachineIsExit4WithItsSize) {
  if (sanitized()) GTEST_SKIP() << "sanitizers change how memory is allocated";
  const auto run = run_plumb({"solve", "pegs", "--rows", "10", "--algo", "table"}, "1\n1\n");
  EXPECT_EQ(run.status, 4) << run.err;
  EXPECT_EQ(run.err, "plumb: out of memory: the distance table needs 32.0 PiB\n");
  const auto limited = run_plumb(
      {"solve", "pegs", "--rows", "10", "--algo", "table", "--max-memory", "100M"}, "1\n1\n");
  EXPECT_EQ(limited.status, 3) << limited.err;
  EXPECT_NE(limited.err.find("stopped by the memory limit"), std::string::npos) << limited.err;
}

TEST(LimitsCli, HashTableGrowthPastTheAddressSpaceIsExit4) {
  if (sanitized()) GTEST_SKIP() << "sanitizers change how memory is allocated";
  const auto run = run_plumb({"explore", "cubic", "--size", "3x7"}, "", "", 400 * kMiB);
  // Whichever allocation meets the end of the address space fails: the table's growth (then the
  // message names its size) or any other (then it is std::bad_alloc's "out of memory").
  EXPECT_EQ(run.status, 4) << run.err;
  EXPECT_TRUE(run.err.starts_with("plumb: out of memory")) << run.err;
}

// The peak resident memory of a search under --max-memory stays within 10% of the limit plus the
// program's own size (measured: the peak of a tiny solve).
TEST(LimitsCli, MaxMemoryHoldsThePeakNearTheLimit) {
  if (sanitized()) GTEST_SKIP() << "sanitizers change how memory is allocated";
  const auto floor_run = run_plumb({"solve", "gap"}, read_file(sample_path("gap", "sample.in")));
  ASSERT_EQ(floor_run.status, 0) << floor_run.err;
  const std::uint64_t floor = floor_run.peak_resident_bytes;
  for (const auto& [limit, bytes] : {std::pair{"1M", 1 * kMiB}, std::pair{"100M", 100 * kMiB}}) {
    for (const char* algo : {"bfs", "bidir"}) {
      const auto run = run_plumb({"solve", "gap", "--suits", "9", "--values", "13", "--algo", algo,
                                  "--max-memory", limit, "--time-limit", "120"},
                                 kLargeGapDeal);
      EXPECT_EQ(run.status, 3) << run.err;
      EXPECT_NE(run.err.find("memory limit"), std::string::npos) << run.err;
      EXPECT_LE(run.peak_resident_bytes, bytes + bytes / 10 + floor)
          << algo << " at " << limit << ": floor " << floor;
    }
  }
  const auto explored = run_plumb({"explore", "gap", "--suits", "9", "--values", "13",
                                   "--max-memory", "100M", "--time-limit", "120", "-"},
                                  kLargeGapDeal);
  EXPECT_EQ(explored.status, 3) << explored.err;
  EXPECT_LE(explored.peak_resident_bytes, 110 * kMiB + floor);
}

TEST(LimitsCli, BlockStopsAtTheMemoryAndTimeLimits) {
  const std::string board = open_block_board(3000);
  const auto memory = run_plumb({"solve", "block", "--max-memory", "40M"}, board);
  EXPECT_EQ(memory.status, 3) << memory.err;
  EXPECT_NE(memory.err.find("stopped by the memory limit"), std::string::npos) << memory.err;
  if (!sanitized()) {  // under the sanitizers, their shadow memory counts in the resident size
    EXPECT_LE(memory.peak_resident_bytes, 60 * kMiB);
  }
  const auto time = run_plumb({"solve", "block", "--time-limit", "0.01"}, board);
  EXPECT_EQ(time.status, 3) << time.err;
  EXPECT_NE(time.err.find("stopped by the time limit"), std::string::npos) << time.err;
  const auto reach = run_plumb({"explore", "block", "--max-memory", "1M", "-"}, board);
  EXPECT_EQ(reach.status, 3) << reach.err;
}

TEST(LimitsCli, BlockSizeMessageNamesTheLimitThatApplies) {
  const auto side = run_plumb({"solve", "block"}, "1 100000000\n");
  EXPECT_EQ(side.status, 2);
  EXPECT_EQ(side.err, "plumb: <stdin>:1: bad board size 1 x 100000000 (at most 1000000 a side)\n");
  const auto cells = run_plumb({"solve", "block"}, "1000000 1000\n");
  EXPECT_EQ(cells.status, 2);
  EXPECT_EQ(cells.err,
            "plumb: <stdin>:1: bad board size 1000000 x 1000 (at most 400000000 cells)\n");
}

TEST(LimitsCli, ThreadsAreCappedWithOneWarning) {
  const auto plain = run_plumb({"explore", "sliding", "--size", "3x3"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  const auto many = run_plumb({"explore", "sliding", "--size", "3x3", "--threads", "100000"});
  EXPECT_EQ(many.status, 0) << many.err;
  EXPECT_EQ(many.out, plain.out);
  const unsigned cap = std::min(256u, 4 * std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_EQ(many.err, "plumb: warning: --threads 100000 is more than this machine can use; using " +
                          std::to_string(cap) + "\n");
  // With room for the program and its libraries (about 20 MiB) but not for eight threads' stacks
  // (8 MiB each), starting one fails: status 4.
  if (!sanitized()) {
    const auto starved =
        run_plumb({"explore", "sliding", "--size", "3x3", "--threads", "8"}, "", "", 32 * kMiB);
    EXPECT_EQ(starved.status, 4) << starved.err;
    EXPECT_TRUE(starved.err.starts_with("plumb: cannot start worker thread")) << starved.err;
  }
  const TemporaryCache cache;
  const auto build = run_plumb({"pdb", "build", "7-34", "--threads", "100000"});
  EXPECT_EQ(build.status, 0) << build.err;
  EXPECT_TRUE(build.err.starts_with("plumb: warning: --threads 100000")) << build.err;
}

// --threads 0 is one thread a core for `pdb build` and `pdb solve` as for every other command.
TEST(LimitsCli, ZeroThreadsIsOneACoreForThePatternDatabases) {
  const TemporaryCache cache;
  const auto build = run_plumb({"pdb", "build", "7-34", "--threads", "0"});
  EXPECT_EQ(build.status, 0) << build.err;
  EXPECT_EQ(build.err.find("warning"), std::string::npos) << build.err;
  const auto rebuilt = run_plumb({"pdb", "build", "7-34", "--threads", "0", "--force"});
  EXPECT_EQ(rebuilt.status, 0) << rebuilt.err;
  const auto negative = run_plumb({"pdb", "build", "7-34", "--threads", "-1"});
  EXPECT_EQ(negative.status, 2) << negative.err;
}

// One of the two 8-puzzles farthest from the goal (31 moves), by breadth-first search over all
// 181,440 boards: with a progress line at every check of the limits (PLUMB_PROGRESS_INTERVAL=0), it
// draws several before its answer however fast the machine is.
const std::string kFarthestEightPuzzle = "8 6 7 2 5 4 3 x 1";

std::vector<std::string> progress_at_every_check(const std::vector<std::string>& args) {
  std::vector<std::string> words{"env", "PLUMB_PROGRESS_INTERVAL=0", PLUMB_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

TEST(LimitsCli, ForcedProgressIntoAFileIsPlainLines) {
  const auto run =
      run_command(progress_at_every_check({"solve", "sliding", "--algo", "bfs", "--progress"}),
                  kFarthestEightPuzzle + "\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find('\r'), std::string::npos) << run.err;
  EXPECT_TRUE(run.err.starts_with("plumb: depth ")) << run.err;
  EXPECT_TRUE(run.err.ends_with("\n")) << run.err;
  ASSERT_EQ(lines_of(run.out).size(), 1u) << run.out;
  EXPECT_EQ(lines_of(run.out)[0].size(), 31u) << run.out;
}

TEST(LimitsCli, AProgressIntervalThatIsNotANumberIsOneWarning) {
  for (const char* bad : {"abc", "-1", "nan", "1s"}) {
    const auto run = run_command({"env", std::string("PLUMB_PROGRESS_INTERVAL=") + bad,
                                  PLUMB_BINARY, "solve", "sliding", "--progress"},
                                 "1 2 3 4 5 6 7 x 8\n");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.err, std::string("plumb: warning: PLUMB_PROGRESS_INTERVAL='") + bad +
                           "' is not a number of seconds (0 or more); using 0.5\n");
    EXPECT_EQ(run.out, "r\n");
  }
}

// On a terminal (a pseudo-terminal from script(1)) the progress line is erased before the answer.
TEST(LimitsCli, ProgressLineIsErasedBeforeTheAnswerOnATerminal) {
  if (std::system("command -v script >/dev/null 2>&1") != 0) GTEST_SKIP() << "no script(1)";
  std::string command = "printf '%s\\n' " + shell_quote(kFarthestEightPuzzle) + " |";
  for (const std::string& word : progress_at_every_check({"solve", "sliding", "--algo", "bfs"}))
    command += " " + shell_quote(word);
  const auto terminal =
      std::filesystem::temp_directory_path() / ("plumb-tty-" + std::to_string(::getpid()));
  const std::string script = "script -qec " + shell_quote(command) + " /dev/null > " +
                             shell_quote(terminal.string()) + " 2>&1";
  ASSERT_EQ(std::system(script.c_str()), 0);
  const std::string text = read_file(terminal);
  std::filesystem::remove(terminal);
  const std::size_t drawn = text.find("\r\x1b[Kplumb: depth");
  ASSERT_NE(drawn, std::string::npos) << "no progress was drawn: " << text;
  const std::size_t answer = text.rfind("\x1b[K");
  ASSERT_GT(answer, drawn) << text;
  EXPECT_EQ(text.substr(answer + 3).find("plumb"), std::string::npos) << text;
  EXPECT_TRUE(text.ends_with("\r\n")) << text;
  EXPECT_EQ(text.size() - answer - 3, 31u + 2) << "the answer alone on its line: " << text;
}

}  // namespace
}  // namespace plumb::testing
