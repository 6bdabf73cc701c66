// gap_baseline: the contest's own approach to the Gap solitaire (POJ 2046), as the baseline plumb
// is measured against: breadth-first search whose visited set is a std::map keyed by the layout
// packed into bits (5 bits a cell, 32 cells, 160 bits for the contest's 4 x 8 layout, the ace
// column included), each layout unpacked into a grid to find its moves: for each gap, the card to
// its left, and a scan of the grid for that card's successor.
//
//   gap_baseline --print-deals [--deals N] [--seed S] [--suits S --values V]
//       writes N random deals (seeds S, S+1, ...; plumb's generator) in the contest format
//   gap_baseline [--deals N] [--seed S] [--suits S --values V]
//       solves the same deals, one answer a line, and a summary (deals, states, seconds) on stderr
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "plumb/puzzles/gap_io.hpp"

namespace {

// A card is suit * (values + 1) + value (suits from 0, values from 1), 0 a gap; a layout is the
// rows of values + 1 cells, row-major, packed `bits` to a cell into the words of a Packed.
template <std::size_t Words>
struct Contest {
  using Packed = std::array<std::uint64_t, Words>;
  int suits, values, bits;

  int width() const { return values + 1; }
  int cells() const { return suits * width(); }

  Packed pack(const std::vector<int>& grid) const {
    Packed packed{};
    for (int cell = 0; cell < cells(); ++cell) {
      const int bit = cell * bits;
      packed[bit / 64] |= static_cast<std::uint64_t>(grid[cell]) << (bit % 64);
      if (bit % 64 + bits > 64)
        packed[bit / 64 + 1] |= static_cast<std::uint64_t>(grid[cell]) >> (64 - bit % 64);
    }
    return packed;
  }

  void unpack(const Packed& packed, std::vector<int>& grid) const {
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
    for (int cell = 0; cell < cells(); ++cell) {
      const int bit = cell * bits;
      std::uint64_t code = packed[bit / 64] >> (bit % 64);
      if (bit % 64 + bits > 64) code |= packed[bit / 64 + 1] << (64 - bit % 64);
      grid[cell] = static_cast<int>(code & mask);
    }
  }

  // The layout after the aces moved to the left column.
  std::vector<int> start(const plumb::puzzles::GapDeal& deal) const {
    std::vector<int> grid(static_cast<std::size_t>(cells()), 0);
    for (int row = 0; row < suits; ++row) {
      grid[row * width()] = row * width() + 1;
      for (int column = 1; column <= values; ++column) {
        const auto& card = deal[row * values + column - 1];
        if (card.value != 1) grid[row * width() + column] = (card.suit - 1) * width() + card.value;
      }
    }
    return grid;
  }

  std::vector<int> goal() const {
    std::vector<int> grid(static_cast<std::size_t>(cells()), 0);
    for (int row = 0; row < suits; ++row) {
      for (int column = 0; column < values; ++column)
        grid[row * width() + column] = row * width() + column + 1;
    }
    return grid;
  }

  // The fewest moves, or -1; `states` counts the layouts stored.
  int solve(const std::vector<int>& start_grid, std::size_t& states) const {
    const Packed target = pack(goal());
    const Packed first = pack(start_grid);
    std::map<Packed, int> depth{{first, 0}};
    std::deque<std::pair<Packed, int>> queue{{first, 0}};
    std::vector<int> grid(static_cast<std::size_t>(cells()));
    int answer = first == target ? 0 : -1;
    while (!queue.empty() && answer < 0) {
      const auto [layout, d] = queue.front();
      queue.pop_front();
      unpack(layout, grid);
      for (int gap = 0; gap < cells() && answer < 0; ++gap) {
        if (grid[gap] != 0) continue;
        const int left = grid[gap - 1];  // column 0 is never a gap
        if (left == 0 || left % width() == values) continue;
        for (int from = 0; from < cells(); ++from) {
          if (grid[from] != left + 1) continue;
          grid[gap] = left + 1;
          grid[from] = 0;
          const Packed next = pack(grid);
          grid[from] = left + 1;
          grid[gap] = 0;
          if (depth.emplace(next, d + 1).second) {
            if (next == target) answer = d + 1;
            queue.emplace_back(next, d + 1);
          }
          break;
        }
      }
    }
    states += depth.size();
    return answer;
  }
};

// Solves `deals` deals from `seed` with the layout packed into Words words; returns the states
// stored.
template <std::size_t Words>
std::size_t solve_deals(const plumb::puzzles::GapShape& shape, int bits, int deals,
                        std::uint64_t seed) {
  const Contest<Words> contest{shape.suits, shape.values, bits};
  std::size_t states = 0;
  for (int d = 0; d < deals; ++d)
    std::printf(
        "%d\n",
        contest.solve(contest.start(plumb::puzzles::random_gap_deal(shape, seed + d)), states));
  return states;
}

}  // namespace

int main(int argc, char** argv) {
  int deals = 1000, suits = 4, values = 7;
  std::uint64_t seed = 1;
  bool print_deals = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto next = [&] { return i + 1 < argc ? std::strtoll(argv[++i], nullptr, 10) : 0LL; };
    if (arg == "--deals")
      deals = static_cast<int>(next());
    else if (arg == "--seed")
      seed = static_cast<std::uint64_t>(next());
    else if (arg == "--suits")
      suits = static_cast<int>(next());
    else if (arg == "--values")
      values = static_cast<int>(next());
    else if (arg == "--print-deals")
      print_deals = true;
    else {
      std::fprintf(
          stderr,
          "usage: gap_baseline [--print-deals] [--deals N] [--seed S] [--suits S --values V]\n");
      return 2;
    }
  }
  const plumb::puzzles::GapShape shape{suits, values};
  if (print_deals) {
    std::printf("%d\n", deals);
    for (int d = 0; d < deals; ++d) {
      std::printf("%s\n", plumb::puzzles::format_gap_deal(
                              shape, plumb::puzzles::random_gap_deal(shape, seed + d))
                              .c_str());
    }
    return 0;
  }
  // 5 bits a cell for the contest's 4 x 7 deck (codes up to 31), more for larger decks.
  const int bits = std::bit_width(static_cast<unsigned>(suits * (values + 1) - 1));
  const int words = (suits * (values + 1) * bits + 63) / 64;
  const auto begin = std::chrono::steady_clock::now();
  const std::size_t states = words <= 3   ? solve_deals<3>(shape, bits, deals, seed)
                             : words <= 6 ? solve_deals<6>(shape, bits, deals, seed)
                                          : solve_deals<14>(shape, bits, deals, seed);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::fprintf(stderr, "baseline: %d deals, %zu states stored, %.3f s, %.0f states/s\n", deals,
               states, seconds, states / seconds);
  return 0;
}
