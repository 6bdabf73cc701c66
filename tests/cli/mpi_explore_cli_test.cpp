// `mpirun -np N plumb explore PUZZLE` end to end, for the small exploration of every registered
// puzzle's cases and N = 1 to 4 (and processes of several threads, `--threads T`): the same output
// (the time apart), messages and exit status as `plumb explore PUZZLE` alone; a run that
// loses a process resumes from its checkpoint, with another number of processes, to the same
// output; a Ctrl-C at the launcher stops every process; a checkpoint folder in use by another run
// is refused. The tests that need MPI skip in a build without it; checkpoints work without MPI too.
#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "plumb/io/checkpoint_file.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/puzzle_cases.hpp"
#include "tests/support/run_mpi.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

// Two explorations the tests below take apart: a ranked puzzle's (its codes shared by a process's
// threads) and a hashed one's (its sets sharded among them).
const std::vector<std::string> kRanked = {"explore", "sliding", "--size", "3x3"};
const std::vector<std::string> kHashed = {"explore",  "gap", "--suits", "3",
                                          "--values", "5",   "--seed",  "2"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// JSON output without the one value that differs between runs: "seconds":N.
std::string timeless(std::string out) {
  const std::string key = "\"seconds\":";
  for (std::size_t at = out.find(key); at != std::string::npos; at = out.find(key, at)) {
    const std::size_t end = out.find_first_of(",}", at);
    out.erase(at, end - at);
  }
  return out;
}

// The small exploration each puzzle's cases give (tests/support/puzzle_cases.hpp), the input it
// reads as "-" put in a file: under MPI only the first process has standard input.
std::vector<std::string> exploration_of(const std::string& puzzle,
                                        const std::filesystem::path& folder) {
  const CommandRun run = cases_of(puzzle).explore;
  std::vector<std::string> args{"explore", puzzle};
  for (const std::string& arg : run.args) {
    if (arg != "-") {
      args.push_back(arg);
      continue;
    }
    const std::filesystem::path input = folder / (puzzle + ".in");
    std::ofstream(input) << run.input;
    args.push_back(input.string());
  }
  return args;
}

TEST(MpiExploreCli, EveryPuzzleGivesWhatOneProcessGives) {
  if (!have_mpi()) GTEST_SKIP() << "built without MPI";
  const auto inputs = fresh_folder("explore-inputs");
  std::filesystem::create_directories(inputs);
  for (const std::string& name : puzzle_names()) {
    const std::vector<std::string> args = exploration_of(name, inputs);
    const ProgramRun alone = run_plumb(with(args, {"--format", "json"}));
    ASSERT_EQ(alone.status, 0) << name << ": " << alone.err;
    for (int processes = 1; processes <= 4; ++processes) {
      const ProgramRun shared = run_mpi(processes, with(args, {"--format", "json"}));
      EXPECT_EQ(shared.status, 0) << name << " " << processes << ": " << shared.err;
      EXPECT_EQ(timeless(shared.out), timeless(alone.out)) << name << " " << processes;
      EXPECT_EQ(shared.err, "") << name << " " << processes;
    }
    const ProgramRun contest_alone = run_plumb(args);
    const ProgramRun contest = run_mpi(3, args);
    EXPECT_EQ(contest.out, contest_alone.out) << name;
  }
}

// Processes of several threads each: a ranked puzzle (its codes shared by a process's threads) and
// a hashed one (its sets sharded among them).
TEST(MpiExploreCli, ProcessesOfSeveralThreadsGiveWhatOneProcessGives) {
  if (!have_mpi()) GTEST_SKIP() << "built without MPI";
  for (const auto& args : {kRanked, kHashed}) {
    const std::string name = args[1];
    const ProgramRun alone = run_plumb(with(args, {"--format", "json"}));
    const ProgramRun shared = run_mpi(2, with(args, {"--threads", "2", "--format", "json"}));
    EXPECT_EQ(shared.status, 0) << name << ": " << shared.err;
    EXPECT_EQ(timeless(shared.out), timeless(alone.out)) << name;
    EXPECT_EQ(shared.err, "") << name;
    const ProgramRun contest = run_mpi(3, with(args, {"--threads", "2"}));
    EXPECT_EQ(contest.out, run_plumb(args).out) << name;
  }
}

TEST(MpiExploreCli, MessagesAndExitStatusesAreThoseOfOneProcess) {
  if (!have_mpi()) GTEST_SKIP() << "built without MPI";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"explore", "sliding", "--size", "5x5"},          // bad usage: 2
           {"explore", "sliding", "--max-memory", "1M"},     // a limit: 3
           {"explore", "pegs", "--rows", "4", "/nonexistent"}}) {  // bad input: 2
    const ProgramRun alone = run_plumb(args);
    const ProgramRun shared = run_mpi(2, args);
    EXPECT_NE(alone.status, 0) << args[1];
    EXPECT_EQ(shared.status, alone.status) << args[1] << ": " << shared.err;
    EXPECT_EQ(shared.out, alone.out) << args[1];
    EXPECT_EQ(shared.err.substr(0, 30), alone.err.substr(0, 30)) << args[1];
    EXPECT_EQ(shared.err.find('\n'), shared.err.rfind('\n')) << "one message: " << shared.err;
  }
  // solve shares its searches too (mpi_solve_cli_test.cpp), with one process's messages.
  const ProgramRun solve_alone = run_plumb({"solve", "sliding", "/dev/null"});
  const ProgramRun solve = run_mpi(2, {"solve", "sliding", "/dev/null"});
  EXPECT_EQ(solve.status, solve_alone.status);
  EXPECT_EQ(solve.err, solve_alone.err);
  EXPECT_EQ(run_mpi(2, {"solve", "sliding", "-"}).status, 2);  // standard input: process 0's alone
}

TEST(MpiExploreCli, StatsAddTheClustersLine) {
  if (!have_mpi()) GTEST_SKIP() << "built without MPI";
  const ProgramRun shared = run_mpi(2, {"explore", "sliding", "--size", "3x3", "--stats"});
  EXPECT_EQ(shared.status, 0) << shared.err;
  EXPECT_NE(shared.err.find("explore: exhausted, depth 31, 181440 expanded"), std::string::npos) << shared.err;
  EXPECT_NE(shared.err.find("cluster: 2 processes, "), std::string::npos) << shared.err;
  EXPECT_NE(shared.err.find(" s a process in the exchange"), std::string::npos) << shared.err;
}

// Ctrl-C at the launcher: mpirun passes it on to every process as SIGTERM, each stops at its next
// round, and the first process alone says so; mpirun's own exit status is Open MPI's for a job it
// ended (1), not the 3 of a process alone. mpirun sends the SIGTERM a while after the Ctrl-C and
// kills the processes still running as long after it (odls_base_sigkill_timeout, a second by
// default): here 5 s each, so that a loaded machine's slower stop still ends with the message.
TEST(MpiExploreCli, AnInterruptAtTheLauncherStopsEveryProcess) {
  if (!have_mpi()) GTEST_SKIP() << "built without MPI";
  StartedProgram started(mpi_words(2, {"explore", "sliding", "--size", "3x4", "--progress"},
                                   {"OMPI_MCA_odls_base_sigkill_timeout=5"}));
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (started.err().empty() && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  started.signal(SIGINT);
  const ProgramRun run = started.finish();  // mpirun ends after every process it started
  EXPECT_NE(run.status, 0);
  const std::string said = "plumb: interrupted after ";
  const std::size_t at = run.err.find(said);
  EXPECT_NE(at, std::string::npos) << run.err;
  EXPECT_EQ(run.err.find(said, at + 1), std::string::npos) << "said once: " << run.err;
  EXPECT_EQ(run.out, "");
}

// A run that loses a process after `layer`'s checkpoint (PLUMB_CRASH_AFTER_LAYER), then resumed.
ProgramRun lose_and_resume(const std::vector<std::string>& args, int lost_processes, int resumed_processes,
                           const std::string& name) {
  const auto folder = fresh_folder(name);
  const std::vector<std::string> crash{"PLUMB_CRASH_AFTER_LAYER=5"};
  const auto keep = with(args, {"--checkpoint", folder.string()});
  const ProgramRun lost = lost_processes == 0
                              ? run_command(with(with({"env"}, crash), with({PLUMB_BINARY}, keep)))
                              : run_mpi(lost_processes, keep, crash);
  EXPECT_NE(lost.status, 0) << name;
  EXPECT_TRUE(std::filesystem::exists(folder / "manifest")) << name;
  const auto resume = with(args, {"--resume", folder.string()});
  ProgramRun resumed = resumed_processes == 0 ? run_plumb(resume) : run_mpi(resumed_processes, resume);
  std::filesystem::remove_all(folder);
  return resumed;
}

TEST(MpiExploreCli, ALostRunResumesFromItsCheckpoint) {
  for (const auto& args : {kRanked, kHashed}) {
    const auto json = with(args, {"--format", "json"});
    const ProgramRun alone = run_plumb(json);
    const ProgramRun resumed = lose_and_resume(json, 0, 0, args[1] + "-alone");
    EXPECT_EQ(resumed.status, 0) << resumed.err;
    EXPECT_EQ(timeless(resumed.out), timeless(alone.out)) << args[1];
    if (!have_mpi()) continue;
    for (const auto& [lost, again] : {std::pair{2, 3}, std::pair{4, 1}}) {
      const ProgramRun shared = lose_and_resume(json, lost, again, args[1] + "-shared");
      EXPECT_EQ(shared.status, 0) << shared.err;
      EXPECT_EQ(timeless(shared.out), timeless(alone.out)) << args[1] << " " << lost << " then " << again;
    }
    const ProgramRun threaded =
        lose_and_resume(with(json, {"--threads", "2"}), 2, 3, args[1] + "-threads");
    EXPECT_EQ(threaded.status, 0) << threaded.err;
    EXPECT_EQ(timeless(threaded.out), timeless(alone.out)) << args[1] << ", processes of 2 threads";
  }
}

TEST(MpiExploreCli, ACheckpointFolderInUseByAnotherRunIsRefused) {
  const auto folder = fresh_folder("explore-in-use");
  const auto args = with(kRanked, {"--checkpoint", folder.string()});
  {
    const io::CheckpointFolderLock another_run(folder, true);
    for (int processes = have_mpi() ? 2 : 0; processes >= 0; processes -= 2) {
      const ProgramRun refused = processes == 0 ? run_plumb(args) : run_mpi(processes, args);
      EXPECT_EQ(refused.status, 4) << processes << ": " << refused.err;
      const std::string said = folder.string() + " is in use by another plumb run";
      const std::size_t at = refused.err.find(said);
      EXPECT_NE(at, std::string::npos) << processes << ": " << refused.err;
      EXPECT_EQ(refused.err.find(said, at + 1), std::string::npos) << "said once: " << refused.err;
      EXPECT_FALSE(std::filesystem::exists(folder / "manifest")) << processes;
    }
  }
  EXPECT_EQ(run_plumb(args).status, 0);
  EXPECT_TRUE(std::filesystem::exists(folder / "manifest"));
  std::filesystem::remove_all(folder);
}

TEST(MpiExploreCli, CheckpointOptionsAreChecked) {
  const ProgramRun nothing = run_plumb({"explore", "pegs", "--rows", "4", "--resume", "/nonexistent"});
  EXPECT_EQ(nothing.status, 4);
  EXPECT_NE(nothing.err.find("no checkpoint to resume from"), std::string::npos) << nothing.err;
  const ProgramRun two = run_plumb({"explore", "pegs", "--checkpoint", "/a", "--resume", "/b"});
  EXPECT_EQ(two.status, 2);
  EXPECT_NE(two.err.find("give one folder"), std::string::npos) << two.err;
}

}  // namespace
}  // namespace plumb::testing
