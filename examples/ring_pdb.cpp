// A puzzle of one's own with pattern databases, in one file: the engine's parallel IDA* with an
// additive pattern-database heuristic and its reflection, checked against breadth-first search.
//
//   ring_pdb [THREADS]     (default 2)
//
// The ring: tokens 1..8 and a gap on a ring of 9 cells; a token 1 or 2 cells away from the gap,
// either way round, jumps into it. The goal puts token t on cell t (the gap on cell 0). The domain
// is a PlacementDomain (pieces on cells, each move slides one piece to the free cell), so
// pdb::AdditivePdbHeuristic reads its databases move by move. Each database counts only the jumps
// of its pattern's tokens (a 0-1 breadth-first search: the other tokens jump for free), so the
// two add up to a lower bound; the ring's mirror image (cell c to -c, token t to -t) is as far from
// the goal as the state, so the larger of the two sums is one too.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <iostream>
#include <random>
#include <span>
#include <vector>

#include "plumb/pdb/additive_heuristic.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/parallel_ida_star.hpp"

namespace {

constexpr unsigned kCells = 9;
constexpr std::array kJumps{-2, -1, 1, 2};  // where the jumping token is, from the gap

unsigned cell_at(unsigned cell, int offset) {
  constexpr int kRing = static_cast<int>(kCells);
  return static_cast<unsigned>((static_cast<int>(cell) + offset + kRing) % kRing);
}

struct Ring {
  struct State {
    std::array<std::uint8_t, kCells> token{};  // 0 on the gap's cell
    std::uint8_t gap = 0;
    bool operator==(const State&) const = default;
  };
  using Move = int;  // one of kJumps
  static constexpr std::size_t kMaxMoves = kJumps.size();

  static State goal() {
    State s;
    for (unsigned cell = 0; cell < kCells; ++cell) s.token[cell] = static_cast<std::uint8_t>(cell);
    return s;
  }
  bool is_goal(const State& s) const { return s == goal(); }
  template <class F>
  void for_each_move(const State&, F&& f) const {
    for (Move m : kJumps) f(m);
  }
  void apply(State& s, Move m) const {
    const unsigned from = cell_at(s.gap, m);
    s.token[s.gap] = s.token[from];
    s.token[from] = 0;
    s.gap = static_cast<std::uint8_t>(from);
  }
  void undo(State& s, Move m) const { apply(s, inverse(m)); }
  Move inverse(Move m) const { return -m; }
  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for (Move m : kJumps) {
      State next = s;
      apply(next, m);
      f(m, next);
    }
  }
  std::uint64_t pack(const State& s) const {  // for bfs's table: 4 bits a cell
    std::uint64_t key = 0;
    for (std::uint8_t token : s.token) key = key << 4 | token;
    return key;
  }

  // What pdb::PlacementDomain asks for.
  unsigned piece_at(const State& s, unsigned cell) const { return s.token[cell]; }
  struct Slide {
    unsigned from, to;
  };
  Slide slide_of(const State& s, Move m) const { return {cell_at(s.gap, m), s.gap}; }
};

// The database of a pattern: for every placement of its tokens (ranked by pdb::PlacementIndex),
// the fewest jumps of those tokens that bring them home, wherever the gap is. A 0-1 breadth-first
// search from the goal over (placement, gap cell): a jump reversed costs what it cost.
plumb::pdb::NibbleArray build_database(const std::vector<std::uint8_t>& pattern) {
  const plumb::pdb::PlacementIndex index(kCells, static_cast<unsigned>(pattern.size()));
  constexpr std::uint8_t kUnseen = 255;
  std::vector<std::uint8_t> distance(index.size() * kCells, kUnseen);
  std::deque<std::uint64_t> queue{index.rank(std::span(pattern)) * kCells};  // the gap on cell 0
  distance[queue.front()] = 0;
  while (!queue.empty()) {
    const std::uint64_t state = queue.front();
    queue.pop_front();
    const unsigned gap = state % kCells;
    std::array<std::uint8_t, kCells> cell_of{};
    index.unrank(state / kCells, std::span(cell_of.data(), pattern.size()));
    for (int jump : kJumps) {
      const unsigned from = cell_at(gap, jump);
      std::array<std::uint8_t, kCells> next_cells = cell_of;
      std::uint8_t cost = 0;
      for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (next_cells[i] == from) {
          next_cells[i] = static_cast<std::uint8_t>(gap);
          cost = 1;
        }
      }
      const std::uint64_t next =
          index.rank(std::span<const std::uint8_t>(next_cells.data(), pattern.size())) * kCells +
          from;
      if (distance[state] + cost >= distance[next]) continue;
      distance[next] = static_cast<std::uint8_t>(distance[state] + cost);
      if (cost == 0) {
        queue.push_front(next);
      } else {
        queue.push_back(next);
      }
    }
  }
  plumb::pdb::NibbleArray entries(index.size());
  for (std::uint64_t rank = 0; rank < index.size(); ++rank) {
    std::uint8_t least = 15;  // (the 4-bit entries saturate: still a lower bound)
    for (unsigned gap = 0; gap < kCells; ++gap) least = std::min(least, distance[rank * kCells + gap]);
    entries.set(rank, least);
  }
  return entries;
}

}  // namespace

int main(int argc, char** argv) {
  namespace pdb = plumb::pdb;
  const unsigned threads = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 2;
  const std::vector<std::vector<std::uint8_t>> patterns{{1, 2, 3, 5}, {4, 6, 7, 8}};
  std::vector<pdb::NibbleArray> databases;
  std::vector<const pdb::NibbleArray*> database_of;
  for (const auto& pattern : patterns) databases.push_back(build_database(pattern));
  for (const pdb::NibbleArray& database : databases) database_of.push_back(&database);
  pdb::Reflection mirror;
  for (unsigned cell = 0; cell < kCells; ++cell)
    mirror.cell[cell] = mirror.piece[cell] = static_cast<std::uint8_t>((kCells - cell) % kCells);
  // Entries are whole distances: no additive part (base costs 0), scale 1.
  const pdb::AdditivePdb heuristic(kCells, patterns, database_of, {}, 1, mirror);

  const Ring ring;
  std::mt19937 random(9);
  bool all_optimal = true;
  for (int instance = 1; instance <= 5; ++instance) {
    Ring::State start = Ring::goal();
    for (int step = 0; step < 100; ++step) ring.apply(start, kJumps[random() % kJumps.size()]);
    const auto found = plumb::search::parallel_ida_star(
        ring, start, pdb::AdditivePdbHeuristic(ring, heuristic, start), {}, threads);
    const auto shortest = plumb::search::bfs(ring, start);
    const std::size_t length = found.moves ? found.moves->size() : 0;
    const bool optimal = found.moves && length == shortest.moves->size();
    all_optimal = all_optimal && optimal;
    std::cout << "instance " << instance << ": " << length << " jumps ("
              << (optimal ? "optimal" : "NOT OPTIMAL") << "), bound "
              << pdb::AdditivePdbHeuristic(ring, heuristic, start).value() << ", "
              << found.stats.expanded << " expanded (bfs " << shortest.stats.expanded << ")\n";
  }
  std::cout << (all_optimal ? "all optimal\n" : "a solution was not optimal\n");
  return all_optimal ? 0 : 1;
}
