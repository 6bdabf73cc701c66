// Fuzz target: BlockTheBlockPuzzle boards (an optional count, then sized boards or {"..."} array
// literals), read by the BlockReader that `plumb solve block` uses, to the end of the input.
#include "fuzz/harness.hpp"
#include "plumb/puzzles/block.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  plumb::fuzz::read_text(data, size, [](plumb::io::TextInput& in) {
    plumb::puzzles::BlockReader reader(in);
    while (reader.next()) {
    }
  });
  return 0;
}
