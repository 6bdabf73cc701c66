// Fuzz target: Gap solitaire deals in the contest format (a count, then deals of 4 rows of 7
// cards), read as `plumb solve gap` reads them, each deal then laid out with its aces moved.
#include "fuzz/harness.hpp"
#include "plumb/puzzles/gap_io.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  plumb::fuzz::read_text(data, size, [](plumb::io::TextInput& in) {
    const plumb::puzzles::GapShape shape;
    const long long count = plumb::puzzles::read_gap_count(in);
    for (long long deal = 0; deal < count; ++deal)
      plumb::puzzles::gap_start_layout(shape, plumb::puzzles::read_gap_deal(in, shape));
    plumb::puzzles::expect_gap_end(in, count);
  });
  return 0;
}
