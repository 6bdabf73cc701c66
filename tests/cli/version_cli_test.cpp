// `plumb --version`: one line, the version the CMake project declares and the git commit the
// program was built from ("unknown" outside a git checkout, "-dirty" when the tree had changes).
#include <gtest/gtest.h>

#include <regex>

#include "cli/git_commit.hpp"
#include "plumb/version.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

TEST(VersionCli, IsOneLineWithTheVersionAndTheCommit) {
  const ProgramRun run = run_plumb({"--version"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_TRUE(std::regex_match(
      run.out,
      std::regex(R"(plumb [0-9]+\.[0-9]+\.[0-9]+ \(git ([0-9a-f]{7,}(-dirty)?|unknown)\)\n)")))
      << run.out;
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
