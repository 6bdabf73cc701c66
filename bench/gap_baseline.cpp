// gap_baseline: the textbook solution of the Gap solitaire, as the baseline plumb is measured
// against: breadth-first search over unpacked layouts (a vector of two-digit cards, the ace column
// included), duplicates detected with a std::map from layout to depth, successors found by scanning
// the layout for the gaps and for each card to move.
//
//   gap_baseline --print-deals [--deals N] [--seed S] [--suits S --values V]
//       writes N random deals (seeds S, S+1, ...; plumb's generator) in the contest format
//   gap_baseline [--deals N] [--seed S] [--suits S --values V]
//       solves the same deals, one answer a line, and a summary (deals, states, seconds) on stderr
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "plumb/puzzles/gap_io.hpp"

namespace {

using Layout =
    std::vector<int>;  // rows of V + 1 cards, suit * 10 + value (or suit * 100 + value), 0 = gap

struct Textbook {
  int suits, values, base;

  // The layout after the aces moved to the left column.
  Layout start(const plumb::puzzles::GapDeal& deal) const {
    Layout layout(static_cast<std::size_t>(suits * (values + 1)), 0);
    for (int row = 0; row < suits; ++row) {
      layout[row * (values + 1)] = (row + 1) * base + 1;
      for (int column = 1; column <= values; ++column) {
        const auto& card = deal[row * values + column - 1];
        if (card.value != 1) layout[row * (values + 1) + column] = card.suit * base + card.value;
      }
    }
    return layout;
  }

  Layout goal() const {
    Layout layout(static_cast<std::size_t>(suits * (values + 1)), 0);
    for (int row = 0; row < suits; ++row) {
      for (int column = 0; column < values; ++column)
        layout[row * (values + 1) + column] = (row + 1) * base + column + 1;
    }
    return layout;
  }

  // The fewest moves, or -1; `states` counts the layouts stored.
  int solve(const Layout& start_layout, std::size_t& states) const {
    const Layout target = goal();
    std::map<Layout, int> depth{{start_layout, 0}};
    std::deque<Layout> queue{start_layout};
    int answer = start_layout == target ? 0 : -1;
    while (!queue.empty() && answer < 0) {
      const Layout layout = queue.front();
      queue.pop_front();
      const int d = depth[layout];
      for (std::size_t gap = 0; gap < layout.size() && answer < 0; ++gap) {
        if (layout[gap] != 0) continue;
        const int left = layout[gap - 1];  // column 0 is never a gap
        if (left == 0 || left % base == values) continue;
        for (std::size_t from = 0; from < layout.size(); ++from) {
          if (layout[from] != left + 1) continue;
          Layout next = layout;
          next[gap] = left + 1;
          next[from] = 0;
          if (depth.emplace(next, d + 1).second) {
            if (next == target) answer = d + 1;
            queue.push_back(std::move(next));
          }
          break;
        }
      }
    }
    states += depth.size();
    return answer;
  }
};

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
  const Textbook textbook{suits, values, values > 9 ? 100 : 10};
  std::size_t states = 0;
  const auto begin = std::chrono::steady_clock::now();
  for (int d = 0; d < deals; ++d) {
    std::printf(
        "%d\n",
        textbook.solve(textbook.start(plumb::puzzles::random_gap_deal(shape, seed + d)), states));
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::fprintf(stderr, "baseline: %d deals, %zu states stored, %.3f s, %.0f states/s\n", deals,
               states, seconds, states / seconds);
  return 0;
}
