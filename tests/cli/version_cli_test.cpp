// `plumb --version`: one line, the version the CMake project declares and the git commit the
// program was built from ("unknown" outside a git checkout, "-dirty" when the tree had changes).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

#include "cli/git_commit.hpp"
#include "plumb/version.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

// "1.0.0": three numbers and two dots.
bool is_version(std::string_view text) {
  return std::count(text.begin(), text.end(), '.') == 2 && !text.starts_with('.') &&
         !text.ends_with('.') && text.find("..") == std::string_view::npos &&
         std::all_of(text.begin(), text.end(), [](char c) { return c == '.' || std::isdigit(c); });
}

// "unknown", or seven hexadecimal digits or more, with "-dirty" or not.
bool is_commit(std::string_view text) {
  if (text == "unknown") return true;
  if (text.ends_with("-dirty")) text.remove_suffix(6);
  return text.size() >= 7 && std::all_of(text.begin(), text.end(), [](char c) {
           return std::isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

TEST(VersionCli, IsOneLineWithTheVersionAndTheCommit) {
  const ProgramRun run = run_plumb({"--version"});
  EXPECT_EQ(run.status, 0) << run.err;
  const std::string_view line = run.out;
  ASSERT_TRUE(line.starts_with("plumb ") && line.ends_with(")\n")) << run.out;
  const std::size_t git = line.find(" (git ");
  ASSERT_NE(git, std::string_view::npos) << run.out;
  EXPECT_TRUE(is_version(line.substr(6, git - 6))) << run.out;
  EXPECT_TRUE(is_commit(line.substr(git + 6, line.size() - git - 8))) << run.out;
  EXPECT_EQ(run.out,
            "plumb " + std::string(version()) + " (git " + std::string(cli::git_commit()) + ")\n");
}

TEST(VersionCli, TheCommitIsOneOfTheCheckoutsWhenBuiltInOne) {
  const std::string built(cli::git_commit());
  if (built == "unknown") GTEST_SKIP() << "not built in a git checkout";
  const std::string commit = built.substr(0, built.find('-'));
  const ProgramRun run =
      run_command({"git", "-C", PLUMB_DATA_DIR, "cat-file", "-e", commit + "^{commit}"});
  EXPECT_EQ(run.status, 0) << commit << ": " << run.err;
}

}  // namespace
}  // namespace plumb::testing
