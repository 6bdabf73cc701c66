// `plumb explore --checkpoint` and `--resume` end to end: a damaged checkpoint is exit 4 naming the
// damaged file, never a resumed run with wrong counts; every puzzle that explores either honours
// the options or refuses them (block, exit 2); resuming from a folder that does not exist is exit 4
// naming it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/fresh_folder.hpp"
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

TEST(CheckpointCli, EveryPuzzleHonoursTheOptionsOrRefusesThem) {
  const auto folder = fresh_folder("options-cli");
  for (const std::string option : {"--checkpoint", "--resume"}) {
    const ProgramRun block = run_plumb({"explore", "block", option, folder.string()});
    EXPECT_EQ(block.status, 2) << option;
    EXPECT_EQ(block.out, "") << option;
    EXPECT_EQ(block.err.rfind("plumb: " + option + ": block's exploration keeps no checkpoints", 0),
              0u)
        << block.err;
    EXPECT_FALSE(std::filesystem::exists(folder)) << option;
  }
  for (const std::vector<std::string>& explore :
       {std::vector<std::string>{"explore", "sliding", "--size", "2x3"},
        {"explore", "gap", "--suits", "2", "--values", "3"},
        {"explore", "cubic", "--size", "2x2"},
        {"explore", "pegs", "--rows", "4"}}) {
    const auto with = [&](const std::string& option) {
      std::vector<std::string> args = explore;
      args.insert(args.end(), {option, folder.string()});
      return args;
    };
    const ProgramRun missing = run_plumb(with("--resume"));
    EXPECT_EQ(missing.status, 4) << explore[1];
    EXPECT_EQ(missing.err,
              "plumb: no checkpoint to resume from: " + folder.string() + " does not exist\n");
    const ProgramRun kept = run_plumb(with("--checkpoint"));
    EXPECT_EQ(kept.status, 0) << explore[1] << ": " << kept.err;
    EXPECT_TRUE(std::filesystem::exists(folder / "manifest")) << explore[1];
    const ProgramRun resumed = run_plumb(with("--resume"));
    EXPECT_EQ(resumed.status, 0) << explore[1] << ": " << resumed.err;
    EXPECT_EQ(resumed.out, kept.out) << explore[1];
    std::filesystem::remove_all(folder);
  }
  const ProgramRun unnamed = run_plumb({"explore", "sliding", "--checkpoint", ""});
  EXPECT_EQ(unnamed.status, 2);
  EXPECT_NE(unnamed.err.find("an empty name is no folder"), std::string::npos) << unnamed.err;
}

}  // namespace
}  // namespace plumb::testing
