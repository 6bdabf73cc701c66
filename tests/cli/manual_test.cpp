// The manual page plumb(1) (`plumb help --man`, src/cli/manual.cpp) against what it is written
// from: every option and positional that any command's help lists, each puzzle's own options as the
// puzzle interface declares them (in that puzzle's section), every exit status; and groff renders
// it without a warning.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/exit_code.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

std::string manual() {
  const ProgramRun run = run_plumb({"help", "--man"});
  EXPECT_EQ(run.status, 0) << run.err;
  return run.out;
}

// A name as the page writes it: in bold for an option, every dash a minus sign; in italics for a
// positional.
std::string in_roff(const std::string& name) {
  std::string escaped;
  for (const char c : name) escaped += c == '-' ? std::string("\\-") : std::string(1, c);
  return (name.starts_with('-') ? "\\fB" : "\\fI") + escaped + "\\fR";
}

// The lines of one section of a help ("Options:", "Positionals:", "Subcommands:", "Puzzles:"): its
// entries start with two spaces, their continuations with more.
std::vector<std::string> help_entries(const std::string& help, const std::string& section) {
  std::vector<std::string> firsts;
  std::istringstream lines(help);
  bool inside = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] != ' ') {
      inside = line == section;
      continue;
    }
    if (inside && line.size() > 2 && line[2] != ' ') {
      std::string first = line.substr(2, line.find(' ', 2) - 2);
      std::istringstream names(first);
      for (std::string name; std::getline(names, name, ',');) firsts.push_back(name);
    }
  }
  return firsts;
}

// Every command path (`{}`, `{"solve"}`, `{"solve", "sliding"}`, ...) and its help, from the helps.
void each_help(const std::vector<std::string>& path,
               std::vector<std::pair<std::vector<std::string>, std::string>>& helps) {
  std::vector<std::string> args = path;
  args.push_back("--help");
  const ProgramRun run = run_plumb(args);
  ASSERT_EQ(run.status, 0) << run.err;
  helps.emplace_back(path, run.out);
  for (const char* heading : {"Subcommands:", "Puzzles:"}) {  // solve's and explore's: "Puzzles:"
    for (const std::string& sub : help_entries(run.out, heading)) {
      std::vector<std::string> next = path;
      next.push_back(sub);
      each_help(next, helps);
    }
  }
}

// The part of the page from the line `start` to the next section or subsection.
std::string section(const std::string& page, const std::string& start) {
  const std::size_t begin = page.find(start + "\n");
  if (begin == std::string::npos) return "";
  const std::size_t end = page.find("\n.S", begin + start.size());
  return page.substr(begin, end - begin);
}

TEST(Manual, HasEveryOptionOfEveryCommand) {
  const std::string page = manual();
  std::vector<std::pair<std::vector<std::string>, std::string>> helps;
  each_help({}, helps);
  ASSERT_GT(helps.size(), 20u);  // the commands, every puzzle's twice, pdb's and cache's
  std::size_t checked = 0;
  for (const auto& [path, help] : helps) {
    std::string command = "plumb";
    for (const std::string& word : path) command += " " + word;
    for (const char* section : {"Options:", "Positionals:"}) {
      for (const std::string& name : help_entries(help, section)) {
        EXPECT_NE(page.find(in_roff(name)), std::string::npos)
            << command << ": " << name << " is not in plumb(1)";
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100u);
}

TEST(Manual, HasEachPuzzlesOwnOptionsInItsSection) {
  const std::string page = manual();
  for (const auto& puzzle : puzzle_interface::builtin_puzzles()) {
    const puzzle_interface::PuzzleInfo& info = puzzle->info();
    const std::string text = section(page, ".SS " + info.name);
    ASSERT_FALSE(text.empty()) << "no section for " << info.name;
    for (const puzzle_interface::OptionSpec& option : info.options) {
      EXPECT_NE(text.find(in_roff("--" + option.name)), std::string::npos)
          << info.name << ": --" << option.name << " is not in its section of plumb(1)";
      for (const std::string& choice : option.choices)
        EXPECT_NE(text.find(choice), std::string::npos) << info.name << " --" << option.name;
    }
    for (const std::string& algorithm : info.algorithms)
      EXPECT_NE(text.find(algorithm), std::string::npos) << info.name << ": --algo " << algorithm;
  }
}

TEST(Manual, HasEveryExitStatus) {
  const std::string text = section(manual(), ".SH \"EXIT STATUS\"");
  for (const puzzle_interface::ExitCodeMeaning& each : puzzle_interface::kExitCodes) {
    EXPECT_NE(text.find(".B " + std::to_string(puzzle_interface::status(each.code)) + "\n"),
              std::string::npos)
        << each.meaning;
  }
}

TEST(Manual, GroffRendersItWithoutWarnings) {
  const std::filesystem::path folder = fresh_folder("manual");
  std::filesystem::create_directories(folder);
  const std::filesystem::path file = folder / "plumb.1";
  { std::ofstream(file) << manual(); }
  const ProgramRun run = run_command({"groff", "-man", "-Tutf8", "-ww", "-z", file.string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.err, "");
  std::filesystem::remove_all(folder);
}

TEST(Manual, ThePageAndTheCompletionsThatCannotBeWrittenAreExit4) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"help", "--man"},
                                               {"completion", "bash"},
                                               {"completion", "zsh"},
                                               {"completion", "fish"}}) {
    const ProgramRun run = run_plumb(args, "", "/dev/full");
    EXPECT_EQ(run.status, static_cast<int>(puzzle_interface::ExitCode::environment)) << args[0];
    EXPECT_NE(run.err.find("plumb: cannot write the output"), std::string::npos) << run.err;
  }
}

TEST(Manual, ManWithAPuzzleIsAUsageError) {
  const ProgramRun run = run_plumb({"help", "--man", "sliding"});
  EXPECT_EQ(run.status, static_cast<int>(puzzle_interface::ExitCode::bad_input));
  EXPECT_NE(run.err.find("--man"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace plumb::testing
