// `plumb pdb solve --checkpoint` and `--resume` end to end, on a few of Korf's 100 with the 15-555
// databases (built once, in a temporary cache the tests share) and one thread, so that node counts
// are the same from run to run: a batch killed (SIGKILL) in the middle of an instance, or at any
// of its checkpoints (PLUMB_CRASH_AFTER_CHECKPOINT), even twice, resumes to the table of an
// uninterrupted run, times aside, and to its answers on any number of processes; a damaged
// checkpoint, one of another batch and a folder that is not there are errors that name them, with
// nothing on standard output.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "plumb/io/checkpoint_file.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_mpi.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

// The lines of Korf's 100 with these ids, in this order, as a benchmark file of the test's own.
std::filesystem::path korf_file(const std::string& name, const std::vector<std::string>& ids) {
  std::ifstream korf(std::filesystem::path(PLUMB_DATA_DIR) / "korf100.txt");
  std::vector<std::string> lines;
  for (std::string line; std::getline(korf, line);) lines.push_back(line);
  const auto path = std::filesystem::temp_directory_path() /
                    ("plumb-" + name + "-" + std::to_string(::getpid()) + ".txt");
  std::ofstream file(path);
  for (const std::string& id : ids) {
    for (const std::string& line : lines) {
      if (line.starts_with(id + " ")) file << line << '\n';
    }
  }
  return path;
}

// A table cut down to what a comparison keeps: of each instance's line, its first `columns` words
// but the one numbered `dropped` (the header whole); of the total's line, what comes before
// `total_end`.
std::string cut(const std::string& table, int columns, int dropped, const std::string& total_end) {
  std::istringstream lines(table);
  std::string kept;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("total:")) {
      kept += line.substr(0, line.find(total_end)) + '\n';
      continue;
    }
    std::istringstream words(line);
    std::string word;
    for (int column = 0; column < columns && words >> word; ++column) {
      if (column != dropped || line.starts_with("id ")) kept += word + ' ';
    }
    kept += '\n';
  }
  return kept;
}

// A table with its times left out: each instance's seconds, and the total's seconds and rate.
std::string without_times(const std::string& table) {
  return cut(table, 1000, 6, " generated, ");
}

// A table's answers alone: each instance's id, length, expected length and first bound, and the
// total's counts of instances, wrong and stopped (the node counts of a search shared by processes
// differ a little from one process's, where a later item was cut short).
std::string answers(const std::string& table) {
  return cut(table, 4, -1, " stopped");
}

std::vector<std::string> solve_args(const std::filesystem::path& file,
                                    std::vector<std::string> more) {
  std::vector<std::string> args{"pdb", "solve", "15-555", file.string(), "--threads", "1"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

class PdbCheckpointCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    cache_ = new TemporaryCache;
    if (!sanitized()) {
      ASSERT_EQ(run_plumb({"pdb", "build", "15-555"}).status, 0);
    }
  }
  static void TearDownTestSuite() {
    delete cache_;
    cache_ = nullptr;
  }
  void SetUp() override {
    if (sanitized()) GTEST_SKIP() << "searches Korf's instances with the 15-555 databases";
  }
  static TemporaryCache* cache_;
};
TemporaryCache* PdbCheckpointCli::cache_ = nullptr;

// Killed from outside once its checkpoint shows an instance finished and the next one part
// searched: instance 82 (62 moves, 24M expansions, about 2 s on one core of the development
// machine) is still to come, over a thousand times the millisecond the polling takes to see the
// checkpoint, so the kill comes in the middle of the batch on any machine.
TEST_F(PdbCheckpointCli, ABatchKilledMidSearchResumesToTheSameTable) {
  const auto file = korf_file("killed", {"55", "12", "82"});
  const auto folder = fresh_folder("pdb-killed");
  const ProgramRun whole = run_plumb(solve_args(file, {}));
  ASSERT_EQ(whole.status, 0) << whole.err;
  StartedProgram lost(plumb_words(solve_args(file, {"--checkpoint", folder.string()})));
  const auto shows_progress = [&] {
    const std::string text = read_file(folder / "batch");
    return text.find("\ndone ") != std::string::npos && text.find("\nbound ") != std::string::npos;
  };
  while (!shows_progress() && !lost.ended())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  // A second run on the folder meanwhile is refused at once, and leaves the first's file alone.
  const ProgramRun second = run_plumb(solve_args(file, {"--checkpoint", folder.string()}));
  EXPECT_EQ(second.status, 4);
  EXPECT_EQ(second.err, "plumb: the checkpoint folder " + folder.string() +
                            " is in use by another plumb run\n");
  lost.signal(SIGKILL);
  const ProgramRun killed = lost.finish();
  ASSERT_EQ(killed.status, -1) << "the batch ended before the kill: " << killed.out << killed.err;
  const std::string checkpoint = read_file(folder / "batch");
  const ProgramRun resumed = run_plumb(solve_args(file, {"--resume", folder.string()}));
  EXPECT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_EQ(without_times(resumed.out), without_times(whole.out)) << checkpoint;
  // The lines of the instances finished before the kill are printed again as they were.
  std::istringstream records(checkpoint);
  int finished = 0;
  for (std::string record; std::getline(records, record);) {
    if (!record.starts_with("done ")) continue;
    ++finished;
    std::size_t line = 0;
    for (int word = 0; word < 5; ++word) line = record.find(' ', line) + 1;
    EXPECT_NE(killed.out.find('\n' + record.substr(line) + '\n'), std::string::npos) << record;
    EXPECT_NE(resumed.out.find('\n' + record.substr(line) + '\n'), std::string::npos) << record;
  }
  EXPECT_GE(finished, 1) << checkpoint;
  std::filesystem::remove_all(folder);
  std::filesystem::remove(file);
}

// A checkpoint does not depend on the number of processes: a batch lost on one process resumes on
// three, and one lost on two processes (the writing process killed at its third write, which ends
// the job) resumes on one, each to the answers of an uninterrupted run.
TEST_F(PdbCheckpointCli, ABatchResumesOnAnyNumberOfProcesses) {
  if (!have_mpi()) GTEST_SKIP() << "a build without MPI";
  const auto file = korf_file("processes", {"55", "42", "12"});
  const auto folder = fresh_folder("pdb-processes");
  const ProgramRun whole = run_plumb(solve_args(file, {}));
  ASSERT_EQ(whole.status, 0) << whole.err;
  const std::string crash = "PLUMB_CRASH_AFTER_CHECKPOINT=3";

  std::vector<std::string> alone = plumb_words(solve_args(file, {"--checkpoint", folder.string()}));
  alone.insert(alone.begin(), {"env", crash});
  ASSERT_EQ(run_command(alone).status, -1);
  const ProgramRun on_three = run_mpi(3, solve_args(file, {"--resume", folder.string()}));
  EXPECT_EQ(on_three.status, 0) << on_three.err;
  EXPECT_EQ(answers(on_three.out), answers(whole.out));

  std::filesystem::remove_all(folder);
  const ProgramRun lost = run_mpi(2, solve_args(file, {"--checkpoint", folder.string()}), {crash});
  ASSERT_NE(lost.status, 0) << lost.out;
  const ProgramRun on_one = run_plumb(solve_args(file, {"--resume", folder.string()}));
  EXPECT_EQ(on_one.status, 0) << on_one.err;
  EXPECT_EQ(answers(on_one.out), answers(whole.out));
  std::filesystem::remove_all(folder);
  std::filesystem::remove(file);
}

// Lost at each checkpoint in turn (the start, every iteration, every instance's end), and once
// again while resuming: every resumed batch prints the uninterrupted run's table and exit status.
TEST_F(PdbCheckpointCli, ABatchLostAtAnyCheckpointResumesToTheSameTable) {
  const auto file = korf_file("crashed", {"55", "42", "12"});
  const auto folder = fresh_folder("pdb-crashed");
  const ProgramRun whole = run_plumb(solve_args(file, {}));
  ASSERT_EQ(whole.status, 0) << whole.err;
  int losses = 0;
  for (int write = 1;; ++write) {
    std::filesystem::remove_all(folder);
    const std::string crash = "PLUMB_CRASH_AFTER_CHECKPOINT=" + std::to_string(write);
    std::vector<std::string> words =
        plumb_words(solve_args(file, {"--checkpoint", folder.string()}));
    words.insert(words.begin(), {"env", crash});
    const ProgramRun lost = run_command(words);
    if (lost.status != -1) {  // fewer writes than that: the batch ran to its end
      EXPECT_EQ(lost.status, 0) << lost.err;
      EXPECT_EQ(without_times(lost.out), without_times(whole.out));
      break;
    }
    ++losses;
    if (write == 4) {  // lost again, two writes into the resumed batch
      std::vector<std::string> again = plumb_words(solve_args(file, {"--resume", folder.string()}));
      again.insert(again.begin(), {"env", "PLUMB_CRASH_AFTER_CHECKPOINT=2"});
      EXPECT_EQ(run_command(again).status, -1);
    }
    const ProgramRun resumed = run_plumb(solve_args(file, {"--resume", folder.string()}));
    EXPECT_EQ(resumed.status, 0) << write << ": " << resumed.err;
    EXPECT_EQ(without_times(resumed.out), without_times(whole.out))
        << "lost after write " << write << " of\n"
        << read_file(folder / "batch");
  }
  EXPECT_GE(losses, 8) << "three instances of four iterations or more each";
  std::filesystem::remove_all(folder);
  std::filesystem::remove(file);
}

TEST_F(PdbCheckpointCli, ADamagedCheckpointOrOneOfAnotherBatchIsExit4NamingIt) {
  const auto file = korf_file("damaged", {"55", "42"});
  const auto other = korf_file("other", {"55"});
  const auto folder = fresh_folder("pdb-damaged");
  const ProgramRun kept = run_plumb(solve_args(file, {"--checkpoint", folder.string()}));
  ASSERT_EQ(kept.status, 0) << kept.err;
  const ProgramRun again = run_plumb(solve_args(file, {"--resume", folder.string()}));
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, kept.out);  // a finished batch prints its table again, times and all

  // A length forged and the file resealed (its checksum is no secret) is refused, naming the line.
  const auto batch = folder / "batch";
  const std::string written = read_file(batch);
  const std::size_t record = written.find(" 55 41 41 ");
  ASSERT_NE(record, std::string::npos) << written;
  const std::string body = written.substr(0, written.rfind("checksum "));
  for (const std::string_view forged : {" 55 40 41 ", " 55 40 40 "}) {
    std::string text = body;
    text.replace(record, forged.size(), forged);
    std::ofstream(batch, std::ios::binary | std::ios::trunc) << io::with_checksum_line(text);
    const ProgramRun refused = run_plumb(solve_args(file, {"--resume", folder.string()}));
    EXPECT_EQ(refused.status, 4);
    EXPECT_EQ(refused.out, "");
    EXPECT_EQ(refused.err.rfind("plumb: the checkpoint file " + batch.string() +
                                    " is damaged (line 5: the record of instance 55 "
                                    "(published length 41) ",
                                0),
              0u)
        << refused.err;
  }
  std::ofstream(batch, std::ios::binary | std::ios::trunc) << written;

  for (const auto& [args, why] : {
           std::pair{solve_args(other, {"--resume", folder.string()}), "another batch"},
           std::pair{solve_args(file, {"--resume", folder.string(), "--astar-states", "100"}),
                     "another batch"},
       }) {
    const ProgramRun refused = run_plumb(args);
    EXPECT_EQ(refused.status, 4);
    EXPECT_EQ(refused.out, "");
    EXPECT_EQ(refused.err.rfind("plumb: " + folder.string() + " holds the checkpoint of " + why, 0),
              0u)
        << refused.err;
  }
  std::vector<std::string> other_set = solve_args(file, {"--resume", folder.string()});
  other_set[2] = "15-7-8";
  const ProgramRun refused = run_plumb(other_set);
  EXPECT_EQ(refused.status, 4);
  EXPECT_NE(refused.err.find("holds the checkpoint of another batch, 15-555 on"), std::string::npos)
      << refused.err;

  std::string bytes = read_file(batch);
  const std::size_t changed = bytes.find("\ndone ") + 8;
  bytes[changed] = static_cast<char>(bytes[changed] ^ 1);
  std::ofstream(batch, std::ios::binary | std::ios::trunc) << bytes;
  const ProgramRun damaged = run_plumb(solve_args(file, {"--resume", folder.string()}));
  EXPECT_EQ(damaged.status, 4);
  EXPECT_EQ(damaged.out, "");
  EXPECT_EQ(damaged.err,
            "plumb: the checkpoint file " + batch.string() + " is damaged (a bad checksum)\n");
  std::filesystem::resize_file(batch, bytes.size() / 2);
  EXPECT_EQ(run_plumb(solve_args(file, {"--resume", folder.string()})).status, 4);

  // --checkpoint without --resume starts again, as `explore --checkpoint` does.
  const ProgramRun fresh = run_plumb(solve_args(file, {"--checkpoint", folder.string()}));
  EXPECT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_EQ(without_times(fresh.out), without_times(kept.out));
  std::filesystem::remove_all(folder);
  const ProgramRun missing = run_plumb(solve_args(file, {"--resume", folder.string()}));
  EXPECT_EQ(missing.status, 4);
  EXPECT_EQ(missing.err,
            "plumb: no checkpoint to resume from: " + folder.string() + " does not exist\n");
  const ProgramRun two = run_plumb(solve_args(file, {"--checkpoint", "a", "--resume", "b"}));
  EXPECT_EQ(two.status, 2);
  std::filesystem::remove(file);
  std::filesystem::remove(other);
}

}  // namespace
}  // namespace plumb::testing
