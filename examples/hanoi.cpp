// A puzzle of one's own in one file: the Towers of Hanoi with any number of discs and pegs, solved
// optimally by the plumb engine. Writing the domain type is all it takes; every algorithm follows.
//
//   hanoi [DISCS] [PEGS]     (default 8 discs, 3 pegs)
//
// A state gives each disc's peg (disc 0 the smallest); a move takes the top disc of one peg to another
// peg whose top disc is larger. With three pegs the optimum is 2^n - 1 moves; with four, the
// Frame-Stewart numbers (1, 3, 5, 9, 13, 17, 25, 33, ...).
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"

struct Hanoi {
  struct Move {
    std::uint8_t from = 0, to = 0;
    bool operator==(const Move&) const = default;
  };
  using State = std::array<std::uint8_t, 16>;  // the peg of each disc; unused discs stay on peg 0

  int discs = 8;
  int pegs = 3;

  State start() const { return State{}; }
  bool is_goal(const State& s) const {
    for (int d = 0; d < discs; ++d) {
      if (s[d] != pegs - 1) return false;
    }
    return true;
  }
  template <class F>
  void for_each_goal(F&& f) const {
    State goal{};
    for (int d = 0; d < discs; ++d) goal[d] = static_cast<std::uint8_t>(pegs - 1);
    f(goal);
  }
  // The smallest disc on each peg is its top; a move may put it on any peg with a larger top.
  template <class F>
  void for_each_move(const State& s, F&& f) const {
    std::array<int, 16> top;
    top.fill(discs);
    for (int d = discs - 1; d >= 0; --d) top[s[d]] = d;
    for (int from = 0; from < pegs; ++from) {
      for (int to = 0; to < pegs; ++to) {
        if (top[from] < top[to]) f(Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
      }
    }
  }
  void apply(State& s, const Move& m) const {
    for (int d = 0; d < discs; ++d) {
      if (s[d] == m.from) {
        s[d] = m.to;
        return;
      }
    }
  }
  void undo(State& s, const Move& m) const { apply(s, inverse(m)); }
  Move inverse(const Move& m) const { return Move{m.to, m.from}; }
  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for_each_move(s, [&](const Move& m) {
      State next = s;
      apply(next, m);
      f(m, next);
    });
  }
  // Two bits a disc: the engine's hash tables store one word a state.
  std::uint64_t pack(const State& s) const {
    std::uint64_t key = 0;
    for (int d = 0; d < discs; ++d) key |= std::uint64_t{s[d]} << (2 * d);
    return key;
  }
};

// Admissible: every disc not yet on the last peg must move at least once.
struct DiscsAway {
  const Hanoi* hanoi;
  int operator()(const Hanoi::State& s) const {
    int away = 0;
    for (int d = 0; d < hanoi->discs; ++d) away += s[d] != hanoi->pegs - 1;
    return away;
  }
};

int main(int argc, char** argv) {
  Hanoi hanoi;
  if (argc > 1) hanoi.discs = std::atoi(argv[1]);
  if (argc > 2) hanoi.pegs = std::atoi(argv[2]);
  if (hanoi.discs < 1 || hanoi.discs > 16 || hanoi.pegs < 3 || hanoi.pegs > 4) {
    std::cerr << "usage: hanoi [DISCS 1-16] [PEGS 3-4]\n";
    return 2;
  }
  const auto by_bfs = plumb::search::bfs(hanoi, hanoi.start());
  const auto by_bidirectional = plumb::search::bidirectional_bfs(hanoi, hanoi.start());
  const auto by_astar = plumb::search::astar(hanoi, hanoi.start(), DiscsAway{&hanoi});
  if (!by_bfs.solved() || by_bidirectional.cost != by_bfs.cost || by_astar.cost != by_bfs.cost) {
    std::cerr << "the algorithms disagree\n";
    return 1;
  }
  std::string moves;
  for (const auto& m : *by_bfs.moves) moves += std::to_string(m.from + 1) + std::to_string(m.to + 1) + ' ';
  std::cout << hanoi.discs << " discs, " << hanoi.pegs << " pegs: " << by_bfs.cost << " moves, optimal\n"
            << moves << '\n'
            << "expanded: bfs " << by_bfs.stats.expanded << ", bidirectional " << by_bidirectional.stats.expanded
            << ", A* " << by_astar.stats.expanded << '\n';
  return 0;
}
