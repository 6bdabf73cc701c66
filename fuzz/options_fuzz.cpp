// Fuzz target: the command line. The bytes, split at line ends, are the words after `plumb solve`
// (e.g. "sliding\n--size\n3x4", "cubic\n--size\n2x5", "sliding\n--max-memory\n1.5G",
// "sliding\n--goal\nblank-first", "sliding\n--pdb\n15-555"), followed by `-- EMPTY-FILE`: the real
// CLI11 app parses and checks every option value (--size, --goal, --pdb, --max-memory, ...), then
// solves an empty input, which runs no search. Bad usage (exit status 2) is an expected outcome.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <vector>

#include "cli/app.hpp"
#include "fuzz/harness.hpp"

namespace {

// Sends the program's messages (usage errors, help) nowhere; a sanitizer still reports on stderr.
void silence_output() {
  static std::ofstream nowhere("/dev/null");
  std::cout.rdbuf(nowhere.rdbuf());
  std::cerr.rdbuf(nowhere.rdbuf());
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  silence_output();
  std::ofstream(plumb::fuzz::scratch_directory() / "empty.in");
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string empty_input = (plumb::fuzz::scratch_directory() / "empty.in").string();
  std::vector<std::string> words{"plumb", "solve"};
  const std::string_view text = plumb::fuzz::text_of(data, size);
  for (std::size_t begin = 0; begin <= text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    words.emplace_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  words.insert(words.end(), {"--", empty_input});
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  plumb::cli::run_program(static_cast<int>(words.size()), argv.data());
  return 0;
}
