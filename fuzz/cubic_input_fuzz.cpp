// Fuzz target: Cubic Eight-Puzzle datasets (`x y`, then the goal's rows of W R B E) on the 3x3
// board, read as `plumb solve cubic` reads them, up to `0 0` or the end.
#include "fuzz/harness.hpp"
#include "plumb/puzzles/cubic_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  plumb::fuzz::read_text(data, size, [](plumb::io::TextInput& in) {
    const plumb::puzzles::cubic::Board board;
    while (plumb::puzzles::cubic::read_dataset(in, board)) {
    }
  });
  return 0;
}
