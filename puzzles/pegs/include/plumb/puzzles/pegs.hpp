// plumb/puzzles/pegs.hpp: Moving Pegs (UVa 1533) on a triangle of N rows: the board, its jumps and
// PegsDomain, the engine's view of it.
//
// Holes are numbered row by row from the apex, left to right; inside the library they are 0-based
// (hole k of the contest is index k - 1). A position is a PegSet: bit i set when hole i holds a
// peg, so 10 rows (55 holes) is the most a 64-bit word holds. A jump moves a peg along one of the
// six lattice directions over one or more adjacent pegs, lands in the first empty hole after them
// and removes every peg it passed; (from, to) names it uniquely, and applying it is one XOR with
// the mask of the holes from `from` to `to`.
//
// Moves are always enumerated in increasing (from, to) order, which the lexicographic tie-break of
// the contest relies on. Enumeration is O(pegs * 6 * rows) per position.
//
// The board is self-dual: s -> t is a jump exactly when ~t -> ~s is one (the complement swaps pegs
// and holes and reverses a jump), and the start (all but hole h) is the complement of the goal
// (only hole h). So the distance from a position x to the goal equals the distance from the start
// to ~x; solve_pegs (pegs_solve.hpp) searches from the start alone and meets in the middle through
// it.
#pragma once

#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <utility>
#include <vector>

namespace plumb::puzzles {

using PegSet = std::uint64_t;

struct PegMove {
  std::uint8_t from = 0;  // 0-based holes
  std::uint8_t to = 0;
  friend auto operator<=>(const PegMove&, const PegMove&) = default;
};

class PegBoard {
 public:
  static constexpr int kMaxRows = 10;  // 55 holes: the most that fit in a PegSet

  // A triangle of `rows` rows, 1 <= rows <= kMaxRows.
  explicit PegBoard(int rows);

  int rows() const { return rows_; }
  int holes() const { return holes_; }
  int row_of(int hole) const { return row_[hole]; }
  int column_of(int hole) const { return column_[hole]; }
  PegSet all_holes() const { return all_; }
  // Every hole pegged but `empty`, and the goal: one peg, in `empty`.
  PegSet start(int empty) const { return all_ & ~bit(empty); }
  PegSet goal(int empty) const { return bit(empty); }
  // The complement inside the board (pegs <-> holes); see the self-duality above.
  PegSet complement(PegSet s) const { return all_ & ~s; }

  // Calls f(move, next) for every jump in `s`, in increasing (from, to) order.
  template <class F>
  void for_each_move(PegSet s, F&& f) const {
    for (PegSet pegs = s; pegs != 0; pegs &= pegs - 1) {
      const int from = std::countr_zero(pegs);
      std::array<std::pair<PegMove, PegSet>, 6> found;
      int count = 0;
      for (const Ray& ray : rays_[from]) {
        int passed = 0;
        while (passed < ray.length && (s & bit(ray.holes[passed])) != 0) ++passed;
        if (passed == 0 || passed == ray.length) continue;
        const int to = ray.holes[passed];
        found[count++] = {PegMove{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)},
                          s ^ line(from, to)};
      }
      for (int i = 1; i < count; ++i) {  // insertion sort by landing hole: at most 6 jumps
        for (int j = i; j > 0 && found[j].first.to < found[j - 1].first.to; --j) {
          std::swap(found[j], found[j - 1]);
        }
      }
      for (int i = 0; i < count; ++i) f(found[i].first, found[i].second);
    }
  }

  // Calls f(move, previous) for every position `previous` from which the jump `move` leads to s.
  template <class F>
  void for_each_unmove(PegSet s, F&& f) const {
    for (PegSet pegs = s; pegs != 0; pegs &= pegs - 1) {
      const int to = std::countr_zero(pegs);
      for (const Ray& ray : rays_[to]) {  // the jump came from along this ray over empty holes
        for (int k = 0; k < ray.length && (s & bit(ray.holes[k])) == 0; ++k) {
          if (k == 0) continue;  // at least one peg was passed
          const int from = ray.holes[k];
          f(PegMove{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)},
            s ^ line(from, to));
        }
      }
    }
  }

  // Whether `move` is a legal jump in s.
  bool is_legal(PegSet s, PegMove move) const;
  PegSet apply(PegSet s, PegMove move) const { return s ^ line(move.from, move.to); }
  // The jumps in s, in increasing order.
  std::vector<PegMove> moves(PegSet s) const;

 private:
  struct Ray {  // the holes met walking from a hole in one direction, nearest first
    std::array<std::uint8_t, kMaxRows> holes{};
    int length = 0;
  };
  static PegSet bit(int hole) { return PegSet{1} << hole; }
  // The holes from `from` to `to` inclusive, when they are on one line (0 otherwise).
  PegSet line(int from, int to) const { return lines_[from * holes_ + to]; }

  int rows_;
  int holes_;
  PegSet all_;
  std::vector<int> row_, column_;
  std::vector<std::array<Ray, 6>> rays_;  // per hole, one per direction (length 0 at an edge)
  std::vector<PegSet> lines_;             // holes_ * holes_
};

// The engine's view (search/domain.hpp): a Domain, GoalEnumerable, BackwardDomain and RankedDomain
// (rank = the PegSet itself, so num_states is 2^holes), so the generic bfs, bidirectional_bfs and
// explore run on it and cross-check solve_pegs.
class PegsDomain {
 public:
  using State = PegSet;
  using Move = PegMove;

  PegsDomain(const PegBoard& board, int empty) : board_(board), goal_(board.goal(empty)) {}

  const PegBoard& board() const { return board_; }
  bool is_goal(State s) const { return s == goal_; }
  template <class F>
  void for_each_successor(State s, F&& f) const {
    board_.for_each_move(s, f);
  }
  template <class F>
  void for_each_predecessor(State s, F&& f) const {
    board_.for_each_unmove(s, f);
  }
  template <class F>
  void for_each_goal(F&& f) const {
    f(goal_);
  }
  std::uint64_t num_states() const { return std::uint64_t{1} << board_.holes(); }
  std::uint64_t rank(State s) const { return s; }
  State unrank(std::uint64_t r) const { return r; }

 private:
  const PegBoard& board_;
  State goal_;
};

}  // namespace plumb::puzzles
