// The program in two parts (src/cli/companion.hpp): the lean plumb loads neither the web service's
// libraries nor MPI's, hands `plumb serve` to plumb-full (the serve tests run through it), and
// without its companion says what is missing and exits with status 4.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "plumb/puzzle_interface/exit_code.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

TEST(CompanionCli, TheLeanProgramNeedsNeitherTheWebServiceNorMpi) {
  const ProgramRun dynamic = run_command({"readelf", "--dynamic", PLUMB_BINARY});
  ASSERT_EQ(dynamic.status, 0) << dynamic.err;
  EXPECT_NE(dynamic.out.find("(NEEDED)"), std::string::npos) << dynamic.out;
  for (const char* library : {"httplib", "libssl", "libcrypto", "libmpi", "libopen-"}) {
    EXPECT_EQ(dynamic.out.find(library), std::string::npos) << library << " in\n" << dynamic.out;
  }
  const ProgramRun full = run_command({"readelf", "--dynamic", PLUMB_COMPANION_BINARY});
  ASSERT_EQ(full.status, 0) << full.err;
  EXPECT_NE(full.out.find("httplib"), std::string::npos) << full.out;
}

TEST(CompanionCli, ServeWithoutTheCompanionSaysWhatIsMissing) {
  const std::filesystem::path folder = fresh_folder("companion");
  std::filesystem::create_directories(folder);
  const std::filesystem::path alone = folder / "plumb";
  std::filesystem::copy_file(PLUMB_BINARY, alone);
  const ProgramRun run = run_command({alone.string(), "serve", "--port", "0"});
  EXPECT_EQ(run.status, static_cast<int>(puzzle_interface::ExitCode::environment)) << run.err;
  EXPECT_NE(run.err.find("plumb serve needs the program plumb-full"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find((folder / "plumb-full").string()), std::string::npos) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
  // What needs no companion still works.
  EXPECT_EQ(run_command({alone.string(), "serve", "--help"}).status, 0);
  EXPECT_EQ(run_command({alone.string(), "solve", "sliding"}, "1 2 3 4 5 6 7 8 x\n").out, "\n");
  std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace plumb::testing
