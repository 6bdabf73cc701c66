// The sliding-tile domain, its ranked view and its heuristics: the tables built once per board.
#include "plumb/puzzles/sliding.hpp"

#include <algorithm>
#include <cassert>
#include <cstdlib>

#include "plumb/puzzle_interface/random_draws.hpp"
#include "plumb/puzzles/sliding_heuristics.hpp"
#include "plumb/puzzles/sliding_ranked.hpp"

namespace plumb::puzzles {

SlidingState ordered_sliding_goal(int rows, int cols, BlankPlace place) {
  assert(is_valid_sliding_size(rows, cols));
  const int n = rows * cols;
  SlidingState goal;
  for (int i = 0; i < n; ++i) {
    goal.cells[i] = static_cast<std::uint8_t>(place == BlankPlace::last ? (i + 1) % n : i);
  }
  goal.blank = static_cast<std::uint8_t>(place == BlankPlace::last ? n - 1 : 0);
  return goal;
}

SlidingDomain::SlidingDomain(int rows, int cols, const State& goal)
    : rows_(rows), cols_(cols), cell_bits_(rows * cols <= 16 ? 4 : 5), goal_(goal) {
  assert(is_valid_sliding_size(rows, cols));
  const int n = cells();
  for (int i = 0; i < n; ++i) goal_cell_of_[goal.cells[i]] = static_cast<std::uint8_t>(i);
  assert(goal.cells[goal.blank] == 0);
  for (int cell = 0; cell < n; ++cell) {
    const int r = cell / cols, c = cell % cols;
    auto& next = neighbors_[cell];
    next[static_cast<int>(Move::up)] = static_cast<std::int8_t>(r > 0 ? cell - cols : -1);
    next[static_cast<int>(Move::down)] = static_cast<std::int8_t>(r + 1 < rows ? cell + cols : -1);
    next[static_cast<int>(Move::left)] = static_cast<std::int8_t>(c > 0 ? cell - 1 : -1);
    next[static_cast<int>(Move::right)] = static_cast<std::int8_t>(c + 1 < cols ? cell + 1 : -1);
  }
  offsets_ = {static_cast<std::int8_t>(-cols), static_cast<std::int8_t>(cols), -1, 1};
  goal_class_ = parity_class(goal_);
}

std::optional<SlidingState> SlidingDomain::replay(State s, std::string_view letters) const {
  for (char letter : letters) {
    const std::size_t index = kSlidingMoveLetters.find(letter);
    if (index == std::string_view::npos || neighbors_[s.blank][index] < 0) return std::nullopt;
    apply(s, static_cast<Move>(index));
  }
  return s;
}

std::optional<SlidingState> SlidingDomain::replay(State s, std::span<const Move> moves) const {
  for (Move move : moves) {
    if (neighbor(s.blank, move) < 0) return std::nullopt;
    apply(s, move);
  }
  return s;
}

int SlidingDomain::parity_class(const State& s) const {
  const int n = cells();
  std::array<std::uint8_t, kMaxSlidingCells> to_goal;  // cell -> where its tile stands in the goal
  for (int i = 0; i < n; ++i) to_goal[i] = goal_cell_of_[s.cells[i]];
  const int target = goal_.blank;
  const int blank_distance =
      std::abs(s.blank / cols_ - target / cols_) + std::abs(s.blank % cols_ - target % cols_);
  return (encode::permutation_parity(std::span(to_goal.data(), n)) + blank_distance) & 1;
}

// A uniform arrangement (Fisher-Yates) whose first two tiles (not the blank) are swapped if it does
// not reach the goal: the swap pairs each board that cannot with one that can, the blank in the
// same cell, so the result is uniform.
SlidingState SlidingDomain::random_solvable(std::mt19937_64& random) const {
  const int n = cells();
  State board;
  for (int cell = 0; cell < n; ++cell) board.cells[cell] = static_cast<std::uint8_t>(cell);
  std::span arranged(board.cells.data(), static_cast<std::size_t>(n));
  puzzle_interface::shuffle(random, arranged);
  while (board.cells[board.blank] != 0) ++board.blank;
  if (!is_solvable(board)) {
    const int first = board.blank == 0 ? 1 : 0;
    const int second = board.blank <= 1 ? 2 : 1;
    std::swap(board.cells[first], board.cells[second]);
  }
  return board;
}

RankedSlidingDomain::RankedSlidingDomain(int rows, int cols, const State& goal,
                                         const State& reference)
    : SlidingDomain(rows, cols, goal), half_(encode::count_permutations(rows * cols - 1) / 2) {
  const int n = cells();
  assert(n <= kMaxRankedSlidingCells);
  int label = 0;
  for (int i = 0; i < n; ++i) {
    if (i == reference.blank) continue;
    label_of_[reference.cells[i]] = static_cast<std::uint8_t>(label);
    tile_of_label_[label] = reference.cells[i];
    ++label;
  }
  // With the blank at `blank` and the tiles in reference order (even labels), the state is in the
  // reference's class exactly when even labels belong with that blank cell.
  const int reference_class = parity_class(reference);
  for (int blank = 0; blank < n; ++blank) {
    State s;
    s.blank = static_cast<std::uint8_t>(blank);
    int j = 0;
    for (int i = 0; i < n; ++i) {
      if (i != blank) s.cells[i] = tile_of_label_[j++];
    }
    label_parity_[blank] = parity_class(s) == reference_class ? 0 : 1;
  }
}

namespace {

int taxicab(int a, int b, int cols) {
  return std::abs(a / cols - b / cols) + std::abs(a % cols - b % cols);
}

constexpr int kMaxConflictLine = 5;

// 2 * (the tiles of a line that must leave it), by line key: digit p (base L+1, least significant
// first) is 0 for a cell holding no tile of this line, else 1 + that tile's goal place in the line.
std::vector<std::uint8_t> conflict_table(int length) {
  if (length > kMaxConflictLine) return {0};
  int keys = 1;
  for (int i = 0; i < length; ++i) keys *= length + 1;
  std::vector<std::uint8_t> extra(static_cast<std::size_t>(keys));
  for (int key = 0; key < keys; ++key) {
    std::array<int, kMaxConflictLine> goals{};
    int tiles = 0;
    for (int p = 0, rest = key; p < length; ++p, rest /= length + 1) {
      if (rest % (length + 1) != 0) goals[tiles++] = rest % (length + 1);
    }
    std::array<int, kMaxConflictLine> longest{};  // longest increasing run ending at each tile
    int best = 0;
    for (int i = 0; i < tiles; ++i) {
      longest[i] = 1;
      for (int j = 0; j < i; ++j) {
        if (goals[j] < goals[i]) longest[i] = std::max(longest[i], longest[j] + 1);
      }
      best = std::max(best, longest[i]);
    }
    extra[static_cast<std::size_t>(key)] = static_cast<std::uint8_t>(2 * (tiles - best));
  }
  return extra;
}

}  // namespace

SlidingManhattan::SlidingManhattan(const SlidingDomain& domain) : cells_(domain.cells()) {
  for (int tile = 1; tile < cells_; ++tile) {
    for (int cell = 0; cell < cells_; ++cell) {
      distance_[tile][cell] =
          static_cast<std::uint8_t>(taxicab(cell, domain.goal_cell(tile), domain.cols()));
    }
  }
}

SlidingLinearConflicts::SlidingLinearConflicts(const SlidingDomain& domain)
    : rows_(domain.rows()),
      cols_(domain.cols()),
      cells_(domain.cells()),
      row_extra_(conflict_table(cols_)),
      col_extra_(conflict_table(rows_)) {
  for (int cell = 0; cell < cells_; ++cell) {
    row_of_[cell] = static_cast<std::uint8_t>(cell / cols_);
    col_of_[cell] = static_cast<std::uint8_t>(cell % cols_);
  }
  auto power = [](int base, int exponent) {
    int value = 1;
    while (exponent-- > 0) value *= base;
    return value;
  };
  for (int tile = 1; tile < cells_; ++tile) {
    const int goal = domain.goal_cell(tile);
    const int goal_row = goal / cols_, goal_col = goal % cols_;
    for (int cell = 0; cell < cells_; ++cell) {
      const int row = cell / cols_, col = cell % cols_;
      Entry& e = entries_[tile][cell];
      e.distance = static_cast<std::uint8_t>(taxicab(cell, goal, cols_));
      if (row == goal_row && cols_ <= kMaxConflictLine) {
        e.row_key = static_cast<std::uint16_t>((1 + goal_col) * power(cols_ + 1, col));
      }
      if (col == goal_col && rows_ <= kMaxConflictLine) {
        e.col_key = static_cast<std::uint16_t>((1 + goal_row) * power(rows_ + 1, row));
      }
    }
  }
}

}  // namespace plumb::puzzles
