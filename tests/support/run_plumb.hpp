// tests/support/run_plumb.hpp: runs the built plumb program as a user would, for end-to-end tests.
//
// run_plumb({"solve", "sliding"}, "1 2 3 4 5 6 7 8 x\n") feeds the text to standard input and
// returns the exit status with everything written to standard output and standard error, and the
// program's peak resident memory (its rusage, read by wait4). An address-space limit, if given, is
// set in the child before the program starts (as `ulimit -v` would). run_command runs any command the
// same way (a launcher, `env`, then the program).
#pragma once

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace plumb::testing {

struct ProgramRun {
  int status = -1;  // the exit status; -1 if the program did not exit (a signal killed it)
  std::string out;
  std::string err;
  std::uint64_t peak_resident_bytes = 0;
};

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

// `output`, when given, is where standard output goes instead (say /dev/full); `out` is then empty.
// `address_space_limit`, when not 0, is the child's RLIMIT_AS in bytes.
inline ProgramRun run_command(const std::vector<std::string>& words, const std::string& input = "",
                              const std::string& output = "", std::uint64_t address_space_limit = 0) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("plumb-test-" + std::to_string(::getpid()) + "-" + std::to_string(std::rand()));
  std::filesystem::create_directories(dir);
  { std::ofstream(dir / "in") << input; }
  std::string command;
  for (const auto& word : words) command += (command.empty() ? "" : " ") + shell_quote(word);
  command += " <" + shell_quote((dir / "in").string()) + " >" +
             shell_quote(output.empty() ? (dir / "out").string() : output) + " 2>" +
             shell_quote((dir / "err").string());
  ProgramRun run;
  const pid_t child = ::fork();
  if (child == 0) {
    if (address_space_limit != 0) {
      const rlimit limit{address_space_limit, address_space_limit};
      ::setrlimit(RLIMIT_AS, &limit);
    }
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int raw = 0;
  rusage usage{};
  ::wait4(child, &raw, 0, &usage);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.peak_resident_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
  run.out = read_file(dir / "out");
  run.err = read_file(dir / "err");
  std::filesystem::remove_all(dir);
  return run;
}

inline ProgramRun run_plumb(const std::vector<std::string>& args, const std::string& input = "",
                            const std::string& output = "", std::uint64_t address_space_limit = 0) {
  std::vector<std::string> words{PLUMB_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  return run_command(words, input, output, address_space_limit);
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

// The published sample of a built-in puzzle: data/samples/<puzzle>/sample.in or .out.
inline std::filesystem::path sample_path(const std::string& puzzle, const std::string& file) {
  return std::filesystem::path(PLUMB_DATA_DIR) / "samples" / puzzle / file;
}

}  // namespace plumb::testing
