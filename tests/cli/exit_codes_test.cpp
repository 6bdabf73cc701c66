// The exit-status contract (plumb/puzzle_interface/exit_code.hpp) end to end, for every puzzle: 0
// for its sample, 2 for bad input (the message names FILE:LINE) and for a bad option value (the
// message names the option), 3 for a limit or an interrupt with the answers before it written (an
// interrupt while the program waits for input too), 4 for output that cannot be written; and never
// a crash (a signal, or 134/139 from a shell).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "plumb/puzzle_interface/exit_code.hpp"
#include "tests/support/puzzle_cases.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

using puzzle_interface::ExitCode;

// What each puzzle is run with for each status: its folder's cases (tests/support/puzzle_cases.hpp).
struct PuzzleCase : PuzzleCases {
  std::string name;
};

std::vector<PuzzleCase> puzzle_cases() {
  std::vector<PuzzleCase> cases;
  for (const std::string& name : puzzle_names()) cases.push_back({cases_of(name), name});
  return cases;
}

// The status, which must be one of the contract's (never a signal or a shell's 128 + signal).
ExitCode status_of(const ProgramRun& run) {
  bool known = false;
  for (const auto& each : puzzle_interface::kExitCodes)
    known = known || puzzle_interface::status(each.code) == run.status;
  EXPECT_TRUE(known) << "status " << run.status << ": " << run.err;
  return static_cast<ExitCode>(run.status);
}

TEST(ExitCodes, DoneForEverySample) {
  for (const PuzzleCase& puzzle : puzzle_cases()) {
    const ProgramRun run =
        run_plumb({"solve", puzzle.name, sample_path(puzzle.name, "sample.in").string()});
    EXPECT_EQ(status_of(run), ExitCode::done) << puzzle.name << ": " << run.err;
    EXPECT_EQ(trim_trailing_space(run.out),
              trim_trailing_space(read_file(sample_path(puzzle.name, "sample.out"))))
        << puzzle.name;
  }
}

TEST(ExitCodes, BadInputNamesTheFileAndLine) {
  const auto file = std::filesystem::temp_directory_path() /
                    ("plumb-exit-codes-" + std::to_string(::getpid()) + ".in");
  for (const PuzzleCase& puzzle : puzzle_cases()) {
    { std::ofstream(file) << puzzle.bad_input; }
    const ProgramRun run = run_plumb({"solve", puzzle.name, file.string()});
    EXPECT_EQ(status_of(run), ExitCode::bad_input) << puzzle.name;
    const std::string where =
        "plumb: " + file.string() + ":" + std::to_string(puzzle.bad_line) + ": ";
    EXPECT_NE(run.err.find(where), std::string::npos) << puzzle.name << ": " << run.err;
  }
  std::filesystem::remove(file);
}

TEST(ExitCodes, BadOptionValueNamesTheOption) {
  for (const PuzzleCase& puzzle : puzzle_cases()) {
    std::vector<std::string> args{"solve", puzzle.name};
    args.insert(args.end(), puzzle.bad_option.begin(), puzzle.bad_option.end());
    const ProgramRun run = run_plumb(args, "");
    EXPECT_EQ(status_of(run), ExitCode::bad_input) << puzzle.name;
    EXPECT_EQ(run.err.rfind("plumb: " + puzzle.bad_option.front() + ": ", 0), 0u)
        << puzzle.name << ": " << run.err;
    EXPECT_EQ(run.err.find(":0:"), std::string::npos) << puzzle.name << ": " << run.err;
  }
  // Options a puzzle checks once its values are combined are reported the same way.
  const ProgramRun goal = run_plumb({"solve", "sliding", "--size", "2x3", "--goal", "1 2 3"}, "");
  EXPECT_EQ(status_of(goal), ExitCode::bad_input);
  EXPECT_EQ(goal.err.rfind("plumb: --goal: ", 0), 0u) << goal.err;
  const ProgramRun explore = run_plumb({"explore", "sliding", "--size", "5x5"});
  EXPECT_EQ(status_of(explore), ExitCode::bad_input);
  EXPECT_EQ(explore.err.rfind("plumb: --size: a 5x5 board has", 0), 0u) << explore.err;
}

TEST(ExitCodes, LimitAfterTheAnswersBeforeIt) {
  for (const PuzzleCase& puzzle : puzzle_cases()) {
    std::vector<std::string> args{"solve", puzzle.name};
    args.insert(args.end(), puzzle.limited.begin(), puzzle.limited.end());
    const ProgramRun run = run_plumb(args, puzzle.limit_input);
    EXPECT_EQ(status_of(run), ExitCode::limit) << puzzle.name << ": " << run.err;
    EXPECT_NE(run.err.find("stopped by the time limit"), std::string::npos)
        << puzzle.name << ": " << run.err;
    EXPECT_EQ(run.out, puzzle.answers_before_limit) << puzzle.name;
  }
}

// Ctrl-C (SIGINT) or SIGTERM in the search of the last dataset: the search stops cleanly, as at a
// limit, after the answers before it. The signal goes once those answers are out and the last
// search has drawn progress (at every check, PLUMB_PROGRESS_INTERVAL=0), so it reaches that search,
// which no machine finishes first.
TEST(ExitCodes, InterruptAfterTheAnswersBeforeIt) {
  int signal_number = SIGINT;
  for (const PuzzleCase& puzzle : puzzle_cases()) {
    std::vector<std::string> args{
        "env", "PLUMB_PROGRESS_INTERVAL=0", PLUMB_BINARY, "solve", puzzle.name, "--progress"};
    args.insert(args.end(), puzzle.limited.begin(), puzzle.limited.end() - 2);  // no limit
    StartedProgram started(args, puzzle.limit_input);
    // The answers are written (flushed before the next read at the latest), then a progress line
    // comes after them: the last search's, as reading draws none.
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    const auto wait_until = [&](const std::function<bool()>& event) {
      while (!event() && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    };
    wait_until([&] { return started.out() == puzzle.answers_before_limit; });
    const std::size_t before = started.err().size();
    wait_until([&] { return started.err().find("plumb: depth ", before) != std::string::npos; });
    started.signal(signal_number);
    const ProgramRun run = started.finish();
    EXPECT_EQ(status_of(run), ExitCode::limit) << puzzle.name << ": " << run.err;
    EXPECT_NE(run.err.find("plumb: interrupted after "), std::string::npos)
        << puzzle.name << ": " << run.err;
    EXPECT_EQ(run.out, puzzle.answers_before_limit) << puzzle.name;
    signal_number = signal_number == SIGINT ? SIGTERM : SIGINT;
  }
}

// Standard input that stays open, as `(echo ...; sleep 60) | plumb ...` gives it: a FIFO that the
// test writes to (at most a pipe's 64 KiB, which never waits) and holds open to the end.
class HeldInput {
 public:
  HeldInput()
      : path_(std::filesystem::temp_directory_path() /
              ("plumb-held-input-" + std::to_string(::getpid()) + "-" + std::to_string(++made_))) {
    std::filesystem::remove(path_);
    EXPECT_EQ(::mkfifo(path_.c_str(), 0600), 0);
    writer_ = ::open(path_.c_str(), O_RDWR);  // at once on Linux, and a writer from then on
    EXPECT_GE(writer_, 0);
  }
  ~HeldInput() {
    ::close(writer_);
    std::filesystem::remove(path_);
  }
  HeldInput(const HeldInput&) = delete;
  HeldInput& operator=(const HeldInput&) = delete;

  void write(const std::string& text) const {
    EXPECT_EQ(::write(writer_, text.data(), text.size()), static_cast<ssize_t>(text.size()));
  }

  // The words that run plumb with `args` reading this input, through sh, which writes its process
  // id (then plumb's: sh execs it) on a line of standard output first.
  std::vector<std::string> plumb_words_reading(const std::vector<std::string>& args) const {
    std::vector<std::string> words{"sh", "-c", "echo $$; exec \"$0\" \"$@\" <" + shell_quote(path_),
                                   PLUMB_BINARY};
    words.insert(words.end(), args.begin(), args.end());
    return words;
  }

 private:
  static inline int made_ = 0;  // for a path of its own
  std::filesystem::path path_;
  int writer_ = -1;
};

// Whether the program that HeldInput::plumb_words_reading started catches SIGINT and SIGTERM, as it
// does once it has started its command: waits for that (its signal mask SigCgt in /proc) for at
// most 60 s, so that a signal cannot come before the program is ready for it, however slow the
// machine.
bool catches_interrupts(const StartedProgram& started) {
  const std::uint64_t wanted =
      (std::uint64_t{1} << (SIGINT - 1)) | (std::uint64_t{1} << (SIGTERM - 1));
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (; std::chrono::steady_clock::now() < give_up;
       std::this_thread::sleep_for(std::chrono::milliseconds(10))) {
    const std::string out = started.out();
    if (out.find('\n') == std::string::npos) continue;
    std::ifstream status("/proc/" + out.substr(0, out.find('\n')) + "/status");
    for (std::string line; std::getline(status, line);) {
      if (line.starts_with("SigCgt:") &&
          (std::stoull(line.substr(7), nullptr, 16) & wanted) == wanted)
        return true;
    }
  }
  return false;
}

// Ctrl-C or SIGTERM while plumb waits for input on a pipe that stays open: exit 3, "interrupted",
// not "the input is empty" (for nothing read yet) or exit 0 (after the answers to what came): the
// wait is part of the work, as a search is. The answer to the board that came is written before the
// program waits for the next.
TEST(ExitCodes, InterruptWhileWaitingForInput) {
  for (const int signal_number : {SIGINT, SIGTERM}) {
    const HeldInput nothing;
    StartedProgram waiting(nothing.plumb_words_reading({"solve", "sliding"}));
    ASSERT_TRUE(catches_interrupts(waiting)) << waiting.err();
    waiting.signal(signal_number);
    const ProgramRun empty = waiting.finish();
    EXPECT_EQ(status_of(empty), ExitCode::limit) << empty.err;
    EXPECT_EQ(empty.err, "plumb: interrupted while reading line 1 of <stdin>\n");

    const HeldInput one_board;
    one_board.write("8 1 3 4 x 2 7 6 5\n");
    StartedProgram answered(one_board.plumb_words_reading({"solve", "sliding"}));
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (answered.out().find("rdlluurdldrurd\n") == std::string::npos &&
           std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    answered.signal(signal_number);
    const ProgramRun run = answered.finish();
    EXPECT_EQ(status_of(run), ExitCode::limit) << run.err;
    EXPECT_TRUE(run.out.ends_with("\nrdlluurdldrurd\n")) << run.out;
    EXPECT_EQ(run.err, "plumb: interrupted while reading line 2 of <stdin>\n");
  }
}

// A signal in the middle of a long line (a block board's, which may be 512 MiB) that has not ended
// yet: exit 3 at once, not the part read taken for the whole line.
TEST(ExitCodes, InterruptWhileReadingALongLine) {
  const HeldInput input;
  input.write("{\"" + std::string(60'000, '.'));
  StartedProgram started(input.plumb_words_reading({"solve", "block"}));
  ASSERT_TRUE(catches_interrupts(started)) << started.err();
  started.signal(SIGINT);
  const ProgramRun run = started.finish();
  EXPECT_EQ(status_of(run), ExitCode::limit) << run.err;
  EXPECT_EQ(run.err, "plumb: interrupted while reading line 1 of <stdin>\n");
}

// A limit that stops a table's build reports the time it took, not twice that (cubic's table said
// "after 2.0 s" for a 1 s limit): at least the limit, and no more than the whole run took (0.05 s
// for the message's rounding to tenths). The 3x3 table takes 2.5 s on the 2-core development
// machine, over ten times the limit.
TEST(ExitCodes, ALimitStoppingATableBuildSaysTheTimeItTook) {
  const TemporaryCache empty_cache;
  const auto started = std::chrono::steady_clock::now();
  const ProgramRun run = run_plumb({"solve", "cubic", "--algo", "table", "--time-limit", "0.2",
                                    sample_path("cubic", "sample.in").string()});
  const double measured =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_EQ(status_of(run), ExitCode::limit) << run.err;
  const std::string before = "plumb: stopped by the time limit after ";
  const auto at = run.err.find(before);
  ASSERT_NE(at, std::string::npos) << run.err;
  const double reported = std::stod(run.err.substr(at + before.size()));
  EXPECT_GE(reported, 0.2) << run.err;
  EXPECT_LE(reported, measured + 0.05) << run.err << "(the run took " << measured << " s)";
}

TEST(ExitCodes, EnvironmentWhenTheOutputCannotBeWritten) {
  for (const PuzzleCase& puzzle : puzzle_cases()) {
    const ProgramRun run = run_plumb(
        {"solve", puzzle.name, sample_path(puzzle.name, "sample.in").string()}, "", "/dev/full");
    EXPECT_EQ(status_of(run), ExitCode::environment) << puzzle.name;
    EXPECT_NE(run.err.find("cannot write the output"), std::string::npos)
        << puzzle.name << ": " << run.err;
  }
}

}  // namespace
}  // namespace plumb::testing
