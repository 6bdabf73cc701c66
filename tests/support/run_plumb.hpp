// tests/support/run_plumb.hpp: runs the built plumb program as a user would, for end-to-end tests.
//
// run_plumb({"solve", "sliding"}, "1 2 3 4 5 6 7 8 x\n") feeds the text to standard input and
// returns the exit status with everything written to standard output and standard error, and the
// program's peak resident memory (its rusage, read by wait4). An address-space limit, if given, is
// set in the child before the program starts (as `ulimit -v` would). run_command runs any command
// the same way (a launcher, `env`, then the program); StartedProgram is such a run in the
// background, for a test that signals it or watches for its end.
#pragma once

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"

namespace plumb::testing {

struct ProgramRun {
  int status = -1;  // the exit status; -1 if the program did not exit (a signal killed it)
  std::string out;
  std::string err;
  std::uint64_t peak_resident_bytes = 0;
};

// The lines of a program's output, without their line ends.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// Quotes one argument for /bin/sh.
inline std::string shell_quote(const std::string& word) {
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

// A command (its words: the program, found on PATH unless a path, then its arguments) started in
// the background: standard input from `input`, standard output to `output` when given (say
// /dev/full; out() is then empty) and standard error to files of its own. `address_space_limit`,
// when not 0, is its RLIMIT_AS in bytes. A test may read its output so far and send it a signal;
// finish() waits for its end.
class StartedProgram {
 public:
  explicit StartedProgram(std::vector<std::string> words, const std::string& input = "",
                          const std::string& output = "", std::uint64_t address_space_limit = 0)
      : dir_(std::filesystem::temp_directory_path() /
             ("plumb-test-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()))),
        out_path_(output.empty() ? dir_ / "out" : std::filesystem::path(output)) {
    std::filesystem::create_directories(dir_);
    { std::ofstream(dir_ / "in") << input; }
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);
    const std::string in_path = dir_ / "in", out_path = out_path_, err_path = dir_ / "err";
    child_ = ::fork();  // the child only makes system calls: no allocation after a fork
    if (child_ == 0) {
      if (address_space_limit != 0) {
        const rlimit limit{address_space_limit, address_space_limit};
        ::setrlimit(RLIMIT_AS, &limit);
      }
      const bool redirected =
          redirect(in_path.c_str(), STDIN_FILENO, O_RDONLY) &&
          redirect(out_path.c_str(), STDOUT_FILENO, O_WRONLY | O_CREAT | O_TRUNC) &&
          redirect(err_path.c_str(), STDERR_FILENO, O_WRONLY | O_CREAT | O_TRUNC);
      if (redirected) ::execvp(argv[0], argv.data());
      ::_exit(127);
    }
  }
  StartedProgram(const StartedProgram&) = delete;
  StartedProgram& operator=(const StartedProgram&) = delete;
  ~StartedProgram() {
    if (child_ > 0) {
      ::kill(child_, SIGKILL);
      ::waitpid(child_, nullptr, 0);
    }
    std::filesystem::remove_all(dir_);
  }

  // What it has written to standard output and standard error so far.
  std::string out() const { return read_file(out_path_); }
  std::string err() const { return read_file(dir_ / "err"); }
  void signal(int number) const { ::kill(child_, number); }
  // Whether it has ended (it is still waited for by finish()).
  bool ended() const {
    siginfo_t info{};
    return ::waitid(P_PID, static_cast<id_t>(child_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           info.si_pid == child_;
  }

  // Waits for its end.
  ProgramRun finish() {
    ProgramRun run;
    int raw = 0;
    rusage usage{};
    ::wait4(child_, &raw, 0, &usage);
    child_ = -1;
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    run.peak_resident_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
    run.out = read_file(dir_ / "out");
    run.err = read_file(dir_ / "err");
    return run;
  }

 private:
  static bool redirect(const char* path, int target, int flags) {
    const int fd = ::open(path, flags, 0644);
    return fd >= 0 && ::dup2(fd, target) == target && ::close(fd) == 0;
  }

  std::filesystem::path dir_;
  std::filesystem::path out_path_;
  pid_t child_ = -1;
};

// The words that run the plumb program with `args`.
inline std::vector<std::string> plumb_words(const std::vector<std::string>& args) {
  std::vector<std::string> words{PLUMB_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

// Runs a command to its end (see StartedProgram for the arguments).
inline ProgramRun run_command(const std::vector<std::string>& words, const std::string& input = "",
                              const std::string& output = "",
                              std::uint64_t address_space_limit = 0) {
  return StartedProgram(words, input, output, address_space_limit).finish();
}

// Runs the plumb program with `args` to its end.
inline ProgramRun run_plumb(const std::vector<std::string>& args, const std::string& input = "",
                            const std::string& output = "", std::uint64_t address_space_limit = 0) {
  return run_command(plumb_words(args), input, output, address_space_limit);
}

// The text with trailing white space removed from every line and trailing blank lines dropped, for
// comparing outputs "byte for byte apart from trailing white space".
inline std::string trim_trailing_space(const std::string& text) {
  std::string result, line;
  std::istringstream lines(text);
  while (std::getline(lines, line)) {
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    result += line + "\n";
  }
  while (result.size() >= 2 && result.ends_with("\n\n")) result.pop_back();
  return result;
}

// The folder of a puzzle plumb is built with, as the build lists them (cmake/puzzles.cmake):
// puzzles/NAME, or a folder of PLUMB_EXTRA_PUZZLES.
inline std::filesystem::path puzzle_folder(const std::string& puzzle) {
  std::ifstream list(PLUMB_PUZZLE_FOLDERS);
  for (std::string line; std::getline(list, line);) {
    const std::size_t tab = line.find('\t');
    if (line.substr(0, tab) == puzzle) return line.substr(tab + 1);
  }
  throw std::invalid_argument("no puzzle folder of " + puzzle + " in " PLUMB_PUZZLE_FOLDERS);
}

// The published sample of a built-in puzzle: FOLDER/samples/sample.in or .out.
inline std::filesystem::path sample_path(const std::string& puzzle, const std::string& file) {
  return puzzle_folder(puzzle) / "samples" / file;
}

// The names of the puzzles plumb is built with, in `plumb list`'s order: the registry's, so that a
// test looping over them covers a new puzzle by its registration alone.
inline std::vector<std::string> puzzle_names() {
  std::vector<std::string> names;
  for (const auto& puzzle : puzzle_interface::builtin_puzzles())
    names.push_back(puzzle->info().name);
  return names;
}

// Those of them that plumb ships, the folders of puzzles/ (not a build's PLUMB_EXTRA_PUZZLES): the
// puzzles README.md and docs/plumb-output.schema.json describe.
inline std::vector<std::string> shipped_puzzle_names() {
  std::vector<std::string> names;
  for (const std::string& name : puzzle_names()) {
    if (puzzle_folder(name).parent_path() == std::filesystem::path(PLUMB_PUZZLES_DIR))
      names.push_back(name);
  }
  return names;
}

}  // namespace plumb::testing
