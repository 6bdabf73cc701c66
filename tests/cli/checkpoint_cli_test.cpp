// `plumb explore --checkpoint` and `--resume` end to end: a damaged checkpoint is exit 4 naming the
// damaged file, never a resumed run with wrong counts; every registered puzzle either honours the
// options or refuses them (exit 2, as block does); resuming from a folder that does not exist is
// exit 4 naming it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/fresh_folder.hpp"
#include "tests/support/puzzle_cases.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

TEST(CheckpointCli, ADamagedPartIsExit4NamingTheFile) {
  const auto folder = fresh_folder("damaged-cli");
  const ProgramRun lost =
      run_command({"env", "PLUMB_CRASH_AFTER_LAYER=20", PLUMB_BINARY, "explore", "sliding",
                   "--size", "3x3", "--checkpoint", folder.string()});
  ASSERT_NE(lost.status, 0);
  const auto part = folder / "layer-10.part-0-of-1";
  std::string bytes = read_file(part);
  ASSERT_GT(bytes.size(), 16u);
  bytes[16] = static_cast<char>(bytes[16] ^ 1);
  std::ofstream(part, std::ios::binary | std::ios::trunc) << bytes;
  const ProgramRun resumed =
      run_plumb({"explore", "sliding", "--size", "3x3", "--resume", folder.string()});
  EXPECT_EQ(resumed.status, 4);
  EXPECT_EQ(resumed.out, "");
  EXPECT_EQ(resumed.err,
            "plumb: the checkpoint file " + part.string() + " is damaged (a bad checksum)\n");
  std::filesystem::remove_all(folder);
}

// Every registered puzzle's small exploration (its cases.cpp) either keeps a checkpoint and
// resumes from it to the same answer, or refuses both options (exit 2: its exploration keeps none),
// leaving no folder.
TEST(CheckpointCli, EveryPuzzleHonoursTheOptionsOrRefusesThem) {
  const auto folder = fresh_folder("options-cli");
  for (const std::string& name : puzzle_names()) {
    const CommandRun explore = cases_of(name).explore;
    const auto with = [&](const std::string& option) {
      std::vector<std::string> args{"explore", name};
      args.insert(args.end(), explore.args.begin(), explore.args.end());
      args.insert(args.end(), {option, folder.string()});
      return run_plumb(args, explore.input);
    };
    const ProgramRun missing = with("--resume");
    if (missing.status == 2) {
      for (const std::string option : {"--checkpoint", "--resume"}) {
        const ProgramRun refused = option == "--resume" ? missing : with(option);
        EXPECT_EQ(refused.status, 2) << name << " " << option;
        EXPECT_EQ(refused.out, "") << name << " " << option;
        EXPECT_EQ(refused.err.rfind(
                      "plumb: " + option + ": " + name + "'s exploration keeps no checkpoints", 0),
                  0u)
            << refused.err;
        EXPECT_FALSE(std::filesystem::exists(folder)) << name << " " << option;
      }
      continue;
    }
    EXPECT_EQ(missing.status, 4) << name;
    EXPECT_EQ(missing.err,
              "plumb: no checkpoint to resume from: " + folder.string() + " does not exist\n");
    const ProgramRun kept = with("--checkpoint");
    EXPECT_EQ(kept.status, 0) << name << ": " << kept.err;
    EXPECT_TRUE(std::filesystem::exists(folder / "manifest")) << name;
    const ProgramRun resumed = with("--resume");
    EXPECT_EQ(resumed.status, 0) << name << ": " << resumed.err;
    EXPECT_EQ(resumed.out, kept.out) << name;
    std::filesystem::remove_all(folder);
  }
  const ProgramRun unnamed = run_plumb({"explore", "sliding", "--checkpoint", ""});
  EXPECT_EQ(unnamed.status, 2);
  EXPECT_NE(unnamed.err.find("an empty name is no folder"), std::string::npos) << unnamed.err;
}

}  // namespace
}  // namespace plumb::testing
