// plumb/puzzles/sliding.hpp: the sliding-tile puzzle (the 8-, 15- and 24-puzzles and every board of
// R x C cells, R, C >= 2, R*C <= 25) as a search domain.
//
// A state holds the tile of every cell, row by row (0 is the blank), and the blank's cell. A move
// is named by the direction the *blank* moves: up, down, left, right (u d l r). SlidingDomain meets
// Domain, ReversibleDomain (apply/undo in O(1)), GoalEnumerable (its one goal) and PackedDomain (4
// bits a cell in one 64-bit word up to 16 cells, 5 bits a cell in two words beyond), and
// pdb::PlacementDomain (piece_at, slide_of: pattern databases read move by move). The ranked
// view over the goal's parity class, for dense tables, is RankedSlidingDomain (sliding_ranked.hpp).
//
// Solvability: exactly half of all arrangements reach a given goal. The invariant is the parity of
// the permutation taking the goal's cells to the state's (the blank counted as a tile) plus the
// parity of the blank's taxicab distance from its goal cell: every move changes both.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string_view>

#include "plumb/encode/packed_state.hpp"
#include "plumb/puzzles/grid_size.hpp"

namespace plumb::puzzles {

inline constexpr int kMaxSlidingCells = 25;

// Moves in the order the domain generates them; inverse pairs differ in the lowest bit.
enum class SlidingMove : std::uint8_t { up = 0, down = 1, left = 2, right = 3 };

inline constexpr std::string_view kSlidingMoveLetters = "udlr";
constexpr char to_letter(SlidingMove move) {
  return kSlidingMoveLetters[static_cast<int>(move)];
}

struct SlidingState {
  std::array<std::uint8_t, kMaxSlidingCells>
      cells{};             // the tile in each cell; 0 the blank and unused cells
  std::uint8_t blank = 0;  // the blank's cell
  friend bool operator==(const SlidingState&, const SlidingState&) = default;
};

// Where the blank stands in the ordered goals: after the last tile (1 2 ... x), or before the first
// (x 1 2 ..., the convention of Korf's benchmark sets).
enum class BlankPlace { last, first };

using SlidingSize = GridSize;

// The boards plumb handles: 2 <= rows, cols and rows * cols <= 25.
inline constexpr GridBounds kSlidingBounds{
    .min_side = 2, .min_cells = 4, .max_cells = kMaxSlidingCells};

// Whether a board of rows x cols is one plumb handles (the product is never an int's: 3x1431655766
// is no 2-cell board).
constexpr bool is_valid_sliding_size(int rows, int cols) {
  return kSlidingBounds.admit(rows, cols);
}

// The tiles 1 .. rows*cols-1 in row order with the blank at `place`.
SlidingState ordered_sliding_goal(int rows, int cols, BlankPlace place);

class SlidingDomain {
 public:
  using State = SlidingState;
  using Move = SlidingMove;
  using Key = encode::PackedCells<2>;
  static constexpr std::size_t kMaxMoves = 4;

  // Preconditions: is_valid_sliding_size(rows, cols); goal holds every tile 0 .. rows*cols-1 once.
  SlidingDomain(int rows, int cols, const State& goal);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }
  const State& goal() const { return goal_; }

  bool is_goal(const State& s) const { return s == goal_; }

  // The cell the blank moves to from `cell` by `move`, or -1 off the board.
  int neighbor(int cell, Move move) const { return neighbors_[cell][static_cast<int>(move)]; }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    for (int m = 0; m < 4; ++m) {
      if (neighbors_[s.blank][m] >= 0) f(static_cast<Move>(m));
    }
  }
  // Precondition: the move keeps the blank on the board.
  // (The blank's new cell is its cell plus the move's offset: a load that does not wait for the
  // blank's cell, as a look-up in neighbors_ would.)
  void apply(State& s, Move m) const {
    const auto to = static_cast<std::uint8_t>(s.blank + offsets_[static_cast<int>(m)]);
    s.cells[s.blank] = s.cells[to];
    s.cells[to] = 0;
    s.blank = to;
  }
  void undo(State& s, Move m) const { apply(s, inverse(m)); }
  static Move inverse(Move m) { return static_cast<Move>(static_cast<int>(m) ^ 1); }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for (int m = 0; m < 4; ++m) {
      if (neighbors_[s.blank][m] < 0) continue;
      State next = s;
      apply(next, static_cast<Move>(m));
      f(static_cast<Move>(m), static_cast<const State&>(next));
    }
  }
  // The view of pattern databases (pdb/additive_heuristic.hpp): the tile on each cell (0, the
  // blank, is in no pattern), and the cells a move slides a tile from and to (the blank's cell).
  unsigned piece_at(const State& s, unsigned cell) const { return s.cells[cell]; }
  struct Slide {
    int from, to;
  };
  Slide slide_of(const State& s, Move m) const {
    return {neighbors_[s.blank][static_cast<int>(m)], s.blank};
  }

  template <class F>
  void for_each_goal(F&& f) const {
    f(goal_);
  }

  Key pack(const State& s) const {
    Key key;
    for (int i = 0; i < cells(); ++i) key.set(static_cast<std::size_t>(i), cell_bits_, s.cells[i]);
    return key;
  }

  // The parity invariant of s (0 or 1): s reaches the goal exactly when it equals the goal's.
  int parity_class(const State& s) const;
  bool is_solvable(const State& s) const { return parity_class(s) == goal_class_; }
  // A board drawn uniformly among those that reach the goal (puzzle_interface/random_draws.hpp).
  State random_solvable(std::mt19937_64& random) const;

  // The cell where `tile` stands in the goal.
  int goal_cell(int tile) const { return goal_cell_of_[tile]; }

  // The state that the moves (letters u d l r) lead to from `s`; nothing if a letter is not a move
  // or a move would take the blank off the board. Checks printed solutions.
  std::optional<State> replay(State s, std::string_view letters) const;
  std::optional<State> replay(State s, std::span<const Move> moves) const;

 private:
  int rows_, cols_;
  unsigned cell_bits_;
  State goal_;
  int goal_class_;
  std::array<std::uint8_t, kMaxSlidingCells> goal_cell_of_{};
  std::array<std::array<std::int8_t, 4>, kMaxSlidingCells> neighbors_{};
  std::array<std::int8_t, 4> offsets_{};  // the blank's step by each move, on the board
};

}  // namespace plumb::puzzles
