// The registry of puzzles (puzzle_interface/builtin.hpp, written by the build from puzzles/*/ and
// any PLUMB_EXTRA_PUZZLES): every registered puzzle is found by name and has the parts of a
// puzzle's folder (puzzles/README.md), and README.md's table of puzzles lists exactly the shipped
// ones (the folders of puzzles/), in their order, each with its folder's guide.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::puzzle_interface {
namespace {

using testing::puzzle_folder;

std::vector<std::string> registered_names() {
  return testing::puzzle_names();
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
    const std::filesystem::path folder = puzzle_folder(name);
    EXPECT_EQ(folder.filename(), name);
    for (const char* part : {"README.md", "CMakeLists.txt", "page.js", "schema.json",
                             "samples/sample.in", "samples/sample.out", "tests/cases.cpp"}) {
      EXPECT_TRUE(std::filesystem::is_regular_file(folder / part)) << folder / part;
    }
  }
}

// The rows of README.md's table of puzzles: "| `NAME` | ... | GUIDE... |", the puzzles plumb ships.
TEST(Registry, TheReadmeTableListsTheShippedPuzzles) {
  std::ifstream readme(std::filesystem::path(PLUMB_PUZZLES_DIR).parent_path() / "README.md");
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
  EXPECT_EQ(listed, testing::shipped_puzzle_names());
}

}  // namespace
}  // namespace plumb::puzzle_interface
