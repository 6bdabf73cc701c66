// Fuzz target, one for each registered puzzle (NAME_input_fuzz; PLUMB_FUZZ_PUZZLE names it): the
// bytes read as `plumb solve NAME` reads a file, by the puzzle's own dataset reader with its
// default options (puzzle_interface::Instance::read), to the end of the input. The seeds are the
// puzzle's samples and its tests/corpus/ (scripts/fuzz.sh).
#include <memory>

#include "fuzz/harness.hpp"
#include "plumb/puzzle_interface/builtin.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::unique_ptr<plumb::puzzle_interface::Instance> instance =
      plumb::puzzle_interface::make_builtin_puzzle(PLUMB_FUZZ_PUZZLE)->configure({});
  plumb::fuzz::read_text(data, size, [](plumb::io::TextInput& in) {
    const std::unique_ptr<plumb::puzzle_interface::DatasetReader> reader = instance->read(in);
    while (reader->next()) {
    }
  });
  return 0;
}
