// Fuzz target: Moving Pegs cases (a count, then the empty holes) on the 5-row triangle, read as
// `plumb solve pegs` reads them.
#include "fuzz/harness.hpp"
#include "plumb/puzzles/pegs_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const plumb::puzzles::PegBoard board(5);
  plumb::fuzz::read_text(data, size, [](plumb::io::TextInput& in) {
    const long long count = plumb::puzzles::read_pegs_count(in);
    for (long long number = 0; number < count; ++number) plumb::puzzles::read_pegs_case(in, board);
    plumb::puzzles::expect_pegs_end(in, count);
  });
  return 0;
}
