// plumb/puzzles/cubic.hpp: the Cubic Eight-Puzzle (AOJ 1268, UVa 1604, POJ 3131) on boards of R x C
// cells: R*C-1 identical dice and one empty cell; a move rolls a die over its edge into the empty
// cell.
//
// A die's opposite faces share a colour, so its orientation is the colour facing up, the one facing
// north-south and the one facing east-west: one of the 3! = 6 permutations, numbered so that
// orientation / 2 is the top colour. Rolling north or south swaps the top and north-south colours,
// rolling east or west the top and east-west ones; both are lookups in kRoll, and both are
// involutions.
//
// A State is one 64-bit word of 3-bit cell fields (an orientation 0..5, or kEmptyCode) plus the
// empty cell's index, so a board has at most 21 cells. The top view of a state (a colour or
// kEmptyView a cell) is then one shift and one mask, and a goal test is one comparison. A move is
// the direction the empty cell moves (the die beside it rolls the opposite way); its inverse is the
// opposite direction. Every operation is O(1) except rank/unrank and for_each_goal (O(cells),
// O(2^dice)).
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

namespace plumb::puzzles::cubic {

enum Colour : std::uint8_t { kWhite = 0, kRed = 1, kBlue = 2 };
inline constexpr int kColours = 3;
inline constexpr int kOrientations = 6;
inline constexpr unsigned kEmptyCode = 7;  // a state's cell field with no die
inline constexpr unsigned kEmptyView = 3;  // a top view's cell field with no die
inline constexpr int kMaxCells = 21;       // 3 bits a cell in 64 bits

// The orientation with `top` up and `north_south` facing north and south.
constexpr unsigned orientation_of(unsigned top, unsigned north_south) {
  const unsigned low = top == 0 ? 1 : 0;  // the smaller of the two colours not on top
  return 2 * top + (north_south == low ? 0 : 1);
}
constexpr unsigned top_colour(unsigned orientation) {
  return orientation / 2;
}
constexpr unsigned north_south_colour(unsigned orientation) {
  const unsigned top = orientation / 2, low = top == 0 ? 1 : 0, high = top == 2 ? 1 : 2;
  return orientation % 2 == 0 ? low : high;
}
constexpr unsigned east_west_colour(unsigned orientation) {
  return 3 - top_colour(orientation) - north_south_colour(orientation);
}

// The contest's starting orientation: white up, red north-south, blue east-west.
inline constexpr unsigned kInitialOrientation = orientation_of(kWhite, kRed);

enum class Axis : std::uint8_t { north_south = 0, east_west = 1 };

// kRoll[axis][orientation]: the orientation after rolling once along that axis.
inline constexpr auto kRoll = [] {
  std::array<std::array<std::uint8_t, kOrientations>, 2> roll{};
  for (unsigned o = 0; o < kOrientations; ++o) {
    roll[0][o] = static_cast<std::uint8_t>(orientation_of(north_south_colour(o), top_colour(o)));
    roll[1][o] =
        static_cast<std::uint8_t>(orientation_of(east_west_colour(o), north_south_colour(o)));
  }
  return roll;
}();

// The direction the empty cell moves; the die that rolls moves the opposite way.
enum class Direction : std::uint8_t { up = 0, down = 1, left = 2, right = 3 };
inline constexpr std::array<Direction, 4> kDirections = {Direction::up, Direction::down,
                                                         Direction::left, Direction::right};

constexpr Direction opposite(Direction d) {
  return static_cast<Direction>(static_cast<unsigned>(d) ^ 1U);
}
constexpr Axis axis_of(Direction d) {
  return d == Direction::up || d == Direction::down ? Axis::north_south : Axis::east_west;
}
constexpr char letter_of(Direction d) {
  return "udlr"[static_cast<unsigned>(d)];
}

// The board's shape: cells are numbered row by row from the top left, 0 .. rows*cols-1.
struct Board {
  int rows = 3;
  int cols = 3;

  constexpr int cells() const { return rows * cols; }
  constexpr int row_of(int cell) const { return cell / cols; }
  constexpr int col_of(int cell) const { return cell % cols; }
  // The cell beside `cell` in direction d, or -1 off the board.
  constexpr int neighbour(int cell, Direction d) const {
    const int r = row_of(cell), c = col_of(cell);
    switch (d) {
      case Direction::up:
        return r > 0 ? cell - cols : -1;
      case Direction::down:
        return r + 1 < rows ? cell + cols : -1;
      case Direction::left:
        return c > 0 ? cell - 1 : -1;
      case Direction::right:
        return c + 1 < cols ? cell + 1 : -1;
    }
    return -1;
  }
  constexpr int distance(int a, int b) const {
    const int dr = row_of(a) - row_of(b), dc = col_of(a) - col_of(b);
    return (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
  }
  constexpr bool operator==(const Board&) const = default;
};

// Words of 3-bit fields, one per cell.
constexpr unsigned field(std::uint64_t word, int cell) {
  return static_cast<unsigned>(word >> (3 * cell)) & 7U;
}
constexpr std::uint64_t with_field(std::uint64_t word, int cell, unsigned value) {
  return (word & ~(std::uint64_t{7} << (3 * cell))) | (std::uint64_t{value} << (3 * cell));
}
// The word with `value` in the first `cells` fields.
constexpr std::uint64_t repeat_field(unsigned value, int cells) {
  std::uint64_t word = 0;
  for (int cell = 0; cell < cells; ++cell) word = with_field(word, cell, value);
  return word;
}

struct State {
  std::uint64_t cells = 0;  // 3 bits a cell: an orientation, or kEmptyCode at `empty`
  std::uint8_t empty = 0;
  constexpr bool operator==(const State&) const = default;
};

// What is seen from above: a colour or kEmptyView in each cell's 3-bit field, exactly one
// kEmptyView.
struct TopView {
  std::uint64_t fields = 0;
  int empty = 0;
  constexpr bool operator==(const TopView&) const = default;
};

// The top view of a state: each field's orientation halved (kEmptyCode 7 becomes kEmptyView 3).
constexpr std::uint64_t top_view_fields(const State& s, int cells) {
  return (s.cells >> 1) & repeat_field(3, cells);
}

// One bit (the lowest of its field) for every cell where two words of views differ.
constexpr std::uint64_t differing_cells(std::uint64_t a, std::uint64_t b, int cells) {
  const std::uint64_t x = a ^ b;
  return (x | (x >> 1) | (x >> 2)) & repeat_field(1, cells);
}

// The domain of search: the rules on one board, with a goal top view (or none, for exploring).
class CubicDomain {
 public:
  using State = cubic::State;
  using Move = Direction;

  // A goal with `empty` < 0 means none: is_goal is always false.
  explicit CubicDomain(Board board, TopView goal = {0, -1}) : board_(board), goal_(goal) {
    assert(board.rows >= 1 && board.cols >= 1 && board.cells() >= 2 && board.cells() <= kMaxCells);
    for (int cell = 0; cell < board.cells(); ++cell) {
      for (Direction d : kDirections)
        neighbours_[cell][static_cast<unsigned>(d)] =
            static_cast<std::int8_t>(board.neighbour(cell, d));
    }
    view_mask_ = repeat_field(3, board.cells());
  }

  const Board& board() const { return board_; }
  const TopView& goal() const { return goal_; }

  // Every die in the initial orientation, the empty cell at `empty`.
  State start(int empty) const {
    State s{repeat_field(kInitialOrientation, board_.cells()), static_cast<std::uint8_t>(empty)};
    s.cells = with_field(s.cells, empty, kEmptyCode);
    return s;
  }

  TopView top_view(const State& s) const { return {(s.cells >> 1) & view_mask_, s.empty}; }
  bool is_goal(const State& s) const {
    return goal_.empty >= 0 && ((s.cells >> 1) & view_mask_) == goal_.fields;
  }

  int neighbour(int cell, Direction d) const { return neighbours_[cell][static_cast<unsigned>(d)]; }

  template <class F>
  void for_each_move(const State& s, F&& f) const {
    for (Direction d : kDirections) {
      if (neighbour(s.empty, d) >= 0) f(d);
    }
  }

  // The die beside the empty cell in direction m rolls into it.
  void apply(State& s, Move m) const {
    const int from = neighbour(s.empty, m);
    assert(from >= 0);
    const unsigned rolled = kRoll[static_cast<unsigned>(axis_of(m))][field(s.cells, from)];
    s.cells = with_field(with_field(s.cells, s.empty, rolled), from, kEmptyCode);
    s.empty = static_cast<std::uint8_t>(from);
  }
  // Rolls are involutions, so rolling the die back the opposite way restores the orientation.
  void undo(State& s, Move m) const { apply(s, opposite(m)); }
  Move inverse(Move m) const { return opposite(m); }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for_each_move(s, [&](Move m) {
      State next = s;
      apply(next, m);
      f(m, static_cast<const State&>(next));
    });
  }

  // Every state whose top view is the goal: each die has 2 orientations with its top colour.
  template <class F>
  void for_each_goal(F&& f) const {
    if (goal_.empty < 0) return;
    std::array<int, kMaxCells> dice{};
    int count = 0;
    std::uint64_t lowest = 0;
    for (int cell = 0; cell < board_.cells(); ++cell) {
      if (cell == goal_.empty) continue;
      dice[count++] = cell;
      lowest = with_field(lowest, cell, 2 * field(goal_.fields, cell));
    }
    lowest = with_field(lowest, goal_.empty, kEmptyCode);
    for (std::uint64_t choice = 0; choice < (std::uint64_t{1} << count); ++choice) {
      State s{lowest, static_cast<std::uint8_t>(goal_.empty)};
      for (int i = 0; i < count; ++i) s.cells |= ((choice >> i) & 1U) << (3 * dice[i]);
      f(static_cast<const State&>(s));
    }
  }

  std::uint64_t pack(const State& s) const { return s.cells; }

  // Ranks: empty * 6^dice + the dice's orientations as base-6 digits, in cell order.
  std::uint64_t num_states() const {
    return board_.cells() * power(kOrientations, board_.cells() - 1);
  }
  std::uint64_t rank(const State& s) const {
    std::uint64_t digits = 0;
    for (int cell = board_.cells() - 1; cell >= 0; --cell) {
      if (cell != s.empty) digits = digits * kOrientations + field(s.cells, cell);
    }
    return s.empty * power(kOrientations, board_.cells() - 1) + digits;
  }
  State unrank(std::uint64_t r) const {
    const std::uint64_t per_empty = power(kOrientations, board_.cells() - 1);
    State s{0, static_cast<std::uint8_t>(r / per_empty)};
    r %= per_empty;
    for (int cell = 0; cell < board_.cells(); ++cell) {
      if (cell == s.empty) {
        s.cells = with_field(s.cells, cell, kEmptyCode);
      } else {
        s.cells = with_field(s.cells, cell, static_cast<unsigned>(r % kOrientations));
        r /= kOrientations;
      }
    }
    return s;
  }

  static constexpr std::uint64_t power(std::uint64_t base, int exponent) {
    std::uint64_t p = 1;
    while (exponent-- > 0) p *= base;
    return p;
  }

 private:
  Board board_;
  TopView goal_;
  std::uint64_t view_mask_ = 0;
  std::array<std::array<std::int8_t, 4>, kMaxCells> neighbours_{};
};

}  // namespace plumb::puzzles::cubic
