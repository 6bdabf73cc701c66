// `mpirun -np N plumb pdb solve` and `mpirun -np N plumb solve sliding` end to end, N = 1 to 4,
// the processes sharing each instance's IDA*: Korf's 100 15-puzzles on the 15-555 databases (a
// quarter of them at each process count, so that each is solved once) and the 24-puzzles 40, 25
// and 38 of Korf and Felner with their published lengths (pdb solve exits 1 on a mismatch, and
// replays every solution), the answers of `solve sliding` byte for byte one process's (JSON's
// statistics apart), and a time limit or a Ctrl-C at the launcher stopping every process with one
// message. The databases (15-555 and 24-6666, 512 MB) are kept in one folder of the build tree,
// PLUMB_PDB_TEST_CACHE, so that a build directory builds them once; the first test to need a set
// builds it there (process 0 builds, the others wait, then map the files). 15-555 builds in a
// second where 15-7-8 takes minutes, and the sharing is the same. The tests skip in a build without
// MPI.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_mpi.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

const std::string kCache = "PLUMB_CACHE=" PLUMB_PDB_TEST_CACHE;

// Why these tests do not run here, or null: a build without MPI, or one under the sanitizers, where
// building the databases and searching them four times over would take most of an hour (the
// engine's sharing is tested there on a group of threads,
// tests/search/distributed_ida_star_test.cpp).
const char* reason_to_skip() {
  if (!have_mpi()) return "built without MPI";
  if (std::getenv("PLUMB_SANITIZED") != nullptr)
    return "the pattern databases' searches under the sanitizers";
  return nullptr;
}

// The words that run the plumb program alone with `args`, with `environment` (NAME=VALUE) added.
std::vector<std::string> with_environment(const std::vector<std::string>& environment,
                                          const std::vector<std::string>& args) {
  std::vector<std::string> words{"env"};
  words.insert(words.end(), environment.begin(), environment.end());
  words.push_back(PLUMB_BINARY);
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

std::string data_file(const std::string& name) {
  return (std::filesystem::path(PLUMB_DATA_DIR) / name).string();
}

// The lines of data/SOURCE with these ids, in this order, as a benchmark file of its own.
std::string benchmark_file(const std::string& source, const std::vector<std::string>& ids,
                           const std::string& name) {
  const std::filesystem::path folder = fresh_folder(name);
  std::filesystem::create_directories(folder);
  const std::filesystem::path path = folder / source;
  std::ofstream out(path);
  for (const std::string& id : ids) {
    std::ifstream in(data_file(source));
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with(id + " ")) out << line << '\n';
    }
  }
  return path.string();
}

std::string korf24_file(const std::vector<std::string>& ids, const std::string& name) {
  return benchmark_file("korf24.txt", ids, name);
}

// Builds the set into the tests' cache if it is not there: once a build tree, on every core (a
// solve of one thread would build it on one).
void build(const std::string& set) {
  const ProgramRun built = run_command(with_environment({kCache}, {"pdb", "build", set}));
  ASSERT_EQ(built.status, 0) << built.err;
}

// Runs `pdb solve SET FILE` on 1 to 4 processes of `threads` threads each, FILE being
// file_for(processes): every run succeeds, which pdb solve says only when every solution replays to
// the goal with the published length.
void expect_every_process_count_solves(const std::string& set,
                                       const std::function<std::string(int)>& file_for,
                                       const std::string& instances, const std::string& threads) {
  ASSERT_NO_FATAL_FAILURE(build(set));
  for (int processes = 1; processes <= 4; ++processes) {
    const std::vector<std::string> args{"pdb",       "solve", set, file_for(processes),
                                        "--threads", threads};
    const ProgramRun shared = run_mpi(processes, args, {kCache});
    EXPECT_EQ(shared.status, 0) << processes << ": " << shared.err << shared.out;
    EXPECT_NE(shared.out.find("total: " + instances + " instances, 0 wrong, 0 stopped"),
              std::string::npos)
        << processes << ": " << shared.out;
  }
}

// Korf's instances 25 (N - 1) + 1 to 25 N on N processes: all 100 once, every process count seen.
TEST(MpiSolveCli, Korf100AtEveryProcessCount) {
  if (const char* why = reason_to_skip()) GTEST_SKIP() << why;
  std::vector<std::filesystem::path> folders;
  const auto quarter = [&folders](int processes) {
    std::vector<std::string> ids;
    for (int id = 25 * (processes - 1) + 1; id <= 25 * processes; ++id)
      ids.push_back(std::to_string(id));
    const std::string file =
        benchmark_file("korf100.txt", ids, "mpi-korf100-" + std::to_string(processes));
    folders.push_back(std::filesystem::path(file).parent_path());
    return file;
  };
  expect_every_process_count_solves("15-555", quarter, "25", "2");
  for (const std::filesystem::path& folder : folders) std::filesystem::remove_all(folder);
}

// Why a test on the 24-puzzles' databases does not run here, or null: building them (510 MB) takes
// 3.5 minutes on 2 cores, so those tests run only where PLUMB_LONG_TESTS is set (`make
// test-long`); make test keeps to CI's budget. (The engine's limits and cancellation across a
// group are tested on threads, tests/search/distributed_ida_star_test.cpp.)
const char* reason_to_skip_24() {
  if (const char* why = reason_to_skip()) return why;
  if (std::getenv("PLUMB_LONG_TESTS") == nullptr)
    return "the 24-puzzles' databases take minutes to build: run make test-long";
  return nullptr;
}

TEST(MpiSolveCli, TwentyFourPuzzles40_25_38AtEveryProcessCount) {
  if (const char* why = reason_to_skip_24()) GTEST_SKIP() << why;
  const std::string file = korf24_file({"40", "25", "38"}, "mpi-korf24");
  expect_every_process_count_solves(
      "24-6666", [&file](int) { return file; }, "3", "1");
  std::filesystem::remove_all(std::filesystem::path(file).parent_path());
}

// JSON answers without their statistics ("stats":{...}): the node counts of several threads or
// processes vary from run to run (parallel_ida_star.hpp), the moves do not.
std::string without_stats(std::string out) {
  const std::string key = "\"stats\":{";
  for (std::size_t at = out.find(key); at != std::string::npos; at = out.find(key, at)) {
    const std::size_t end = out.find('}', at);
    out.erase(at, end + 1 - at);
  }
  return out;
}

TEST(MpiSolveCli, SolveSlidingGivesOneProcesssJson) {
  if (const char* why = reason_to_skip()) GTEST_SKIP() << why;
  ASSERT_NO_FATAL_FAILURE(build("15-555"));
  // Korf's 1 to 6 as boards of the blank-first goal.
  std::ifstream in(data_file("korf100.txt"));
  std::string boards;
  int count = 0;
  for (std::string line; count < 6 && std::getline(in, line);) {
    if (line.starts_with("#")) continue;
    std::istringstream words(line);
    std::string id, length, cell;
    words >> id >> length;
    while (words >> cell) boards += cell + " ";
    boards += '\n';
    ++count;
  }
  const std::filesystem::path folder = fresh_folder("mpi-solve-sliding");
  std::filesystem::create_directories(folder);
  const std::string file = (folder / "boards.txt").string();
  std::ofstream(file) << boards;
  for (const std::string format : {"json", "contest"}) {
    const std::vector<std::string> args{"solve",     "sliding", "--goal",   "blank-first",
                                        "--pdb",     "15-555",  "--format", format,
                                        "--threads", "2",       file};
    const ProgramRun alone = run_command(with_environment({kCache}, args));
    ASSERT_EQ(alone.status, 0) << alone.err;
    ASSERT_NE(alone.out.find("\"optimal\":true"), format == "json" ? std::string::npos : 0);
    for (int processes = 1; processes <= 4; ++processes) {
      const ProgramRun shared = run_mpi(processes, args, {kCache});
      EXPECT_EQ(shared.status, 0) << processes << ": " << shared.err;
      EXPECT_EQ(without_stats(shared.out), without_stats(alone.out)) << format << " " << processes;
      EXPECT_EQ(shared.err, alone.err) << processes;
    }
  }
  // Standard input reaches process 0 alone: a FILE is needed.
  const ProgramRun piped =
      run_command(mpi_words(2, {"solve", "sliding", "--goal", "blank-first"}, {kCache}), boards);
  EXPECT_EQ(piped.status, 2);
  EXPECT_NE(piped.err.find("reads its datasets from a FILE"), std::string::npos) << piped.err;
  std::filesystem::remove_all(folder);
}

// Korf and Felner's 24-puzzle 1: hours of search, so a limit or an interrupt comes first.
TEST(MpiSolveCli, ATimeLimitStopsEveryProcess) {
  if (const char* why = reason_to_skip_24()) GTEST_SKIP() << why;
  ASSERT_NO_FATAL_FAILURE(build("24-6666"));
  const std::string file = korf24_file({"1"}, "mpi-korf24-limit");
  const std::vector<std::string> args{"pdb",       "solve", "24-6666",      file,
                                      "--threads", "1",     "--time-limit", "1"};
  for (int processes = 2; processes <= 3; ++processes) {
    const ProgramRun shared = run_mpi(processes, args, {kCache});
    EXPECT_EQ(shared.status, 3) << shared.err << shared.out;
    EXPECT_NE(shared.out.find("1 - 95 "), std::string::npos) << shared.out;
    EXPECT_NE(shared.out.find("stopped: time limit"), std::string::npos) << shared.out;
    EXPECT_NE(shared.out.find("total: 1 instances, 0 wrong, 1 stopped"), std::string::npos)
        << shared.out;
  }
  std::filesystem::remove_all(std::filesystem::path(file).parent_path());
}

TEST(MpiSolveCli, AnInterruptAtTheLauncherStopsEveryProcess) {
  if (const char* why = reason_to_skip_24()) GTEST_SKIP() << why;
  ASSERT_NO_FATAL_FAILURE(build("24-6666"));
  const std::string file = korf24_file({"1"}, "mpi-korf24-interrupt");
  StartedProgram started(
      mpi_words(2, {"pdb", "solve", "24-6666", file, "--threads", "1", "--progress"}, {kCache}));
  // A progress line of the search, past the databases' (whose depths are at most 36 layers):
  // instance 1's bounds start at 70 or so.
  const auto searching = [&started] {
    const std::string err = started.err();
    const std::string said = "plumb: depth ";
    for (std::size_t at = err.find(said); at != std::string::npos; at = err.find(said, at + 1)) {
      if (std::atoi(err.c_str() + at + said.size()) >= 50) return true;
    }
    return false;
  };
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (!searching() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  started.signal(SIGINT);
  const ProgramRun run = started.finish();
  EXPECT_NE(run.status, 0);
  EXPECT_NE(run.out.find("stopped: cancellation"), std::string::npos) << run.out << run.err;
  EXPECT_NE(run.out.find("total: 1 instances, 0 wrong, 1 stopped"), std::string::npos) << run.out;
  std::filesystem::remove_all(std::filesystem::path(file).parent_path());
}

}  // namespace
}  // namespace plumb::testing
