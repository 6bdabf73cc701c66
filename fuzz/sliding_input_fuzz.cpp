// Fuzz target: sliding-puzzle boards, one a line, read as `plumb solve sliding` reads them: blank
// lines skipped, the size inferred from a square token count, each board by read_board.
#include "fuzz/harness.hpp"
#include "plumb/puzzles/sliding_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  plumb::fuzz::read_text(data, size, [](plumb::io::TextInput& in) {
    std::string line;
    plumb::puzzles::SlidingState board;
    while (in.next_line(line)) {
      if (line.find_first_not_of(" \t\r\f\v") == std::string::npos) continue;
      const auto board_size = plumb::puzzles::square_size(plumb::puzzles::count_tokens(line));
      if (!board_size) in.fail("not a square board");
      if (const std::string error = plumb::puzzles::read_board(line, *board_size, board);
          !error.empty()) {
        in.fail(error);
      }
    }
  });
  return 0;
}
