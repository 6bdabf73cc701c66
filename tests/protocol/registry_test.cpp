// The registry of puzzles (protocol/builtin.hpp, written by the build from puzzles/*/): every
// registered puzzle is found by name and has the parts of a puzzle's folder (puzzles/README.md),
// and README.md's table of puzzles lists exactly the registered ones, in their order, each with
// its folder's guide.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "plumb/protocol/builtin.hpp"

namespace plumb::protocol {
namespace {

const std::filesystem::path kPuzzles = PLUMB_PUZZLES_DIR;

std::vector<std::string> registered_names() {
  std::vector<std::string> names;
  for (const auto& puzzle : builtin_puzzles()) names.push_back(puzzle->info().name);
  return names;
}

TEST(Registry, EveryPuzzleIsFoundByName) {
  const std::vector<std::string> names = registered_names();
  ASSERT_FALSE(names.empty());
  for (const std::string& name : names) {
    const auto puzzle = make_builtin_puzzle(name);
    ASSERT_NE(puzzle, nullptr) << name;
    EXPECT_EQ(puzzle->info().name, name);
  }
  EXPECT_EQ(make_builtin_puzzle("nosuch"), nullptr);
}

TEST(Registry, EveryPuzzleFolderHasItsParts) {
  for (const std::string& name : registered_names()) {
    const std::filesystem::path folder = kPuzzles / name;
    for (const char* part : {"README.md", "CMakeLists.txt", "page.js", "schema.json",
                             "samples/sample.in", "samples/sample.out", "tests/cases.cpp"}) {
      EXPECT_TRUE(std::filesystem::is_regular_file(folder / part)) << folder / part;
    }
  }
}

// The rows of README.md's table of puzzles: "| `NAME` | ... | GUIDE... |".
TEST(Registry, TheReadmeTableListsTheRegisteredPuzzles) {
  std::ifstream readme(kPuzzles.parent_path() / "README.md");
  ASSERT_TRUE(readme) << "README.md";
  std::vector<std::string> listed;
  bool in_table = false;
  for (std::string line; std::getline(readme, line);) {
    if (line.starts_with("| puzzle |")) {
      in_table = true;
    } else if (in_table && line.starts_with("| `")) {
      const std::string name = line.substr(3, line.find('`', 3) - 3);
      listed.push_back(name);
      EXPECT_NE(line.find("puzzles/" + name + "/README.md"), std::string::npos) << line;
    } else if (in_table && !line.starts_with("| ---")) {
      break;
    }
  }
  EXPECT_EQ(listed, registered_names());
}

}  // namespace
}  // namespace plumb::protocol
