// Moving Pegs: the triangular board's geometry, and the contest format (pegs.hpp, pegs_io.hpp).
#include "plumb/puzzles/pegs.hpp"

#include <fmt/format.h>

#include <cassert>

#include "plumb/puzzles/pegs_io.hpp"

namespace plumb::puzzles {

PegBoard::PegBoard(int rows)
    : rows_(rows),
      holes_(rows * (rows + 1) / 2),
      all_((PegSet{1} << holes_) - 1),
      lines_(static_cast<std::size_t>(holes_ * holes_), 0) {
  assert(rows >= 1 && rows <= kMaxRows);
  for (int row = 0; row < rows; ++row) {
    for (int column = 0; column <= row; ++column) row_.push_back(row), column_.push_back(column);
  }
  // The six lattice directions as (row, column) steps: along the row, and along both diagonals.
  constexpr int kSteps[6][2] = {{0, -1}, {0, 1}, {-1, -1}, {-1, 0}, {1, 0}, {1, 1}};
  rays_.resize(static_cast<std::size_t>(holes_));
  for (int hole = 0; hole < holes_; ++hole) {
    for (int direction = 0; direction < 6; ++direction) {
      Ray& ray = rays_[hole][direction];
      PegSet line = bit(hole);
      int row = row_[hole] + kSteps[direction][0], column = column_[hole] + kSteps[direction][1];
      for (; row >= 0 && row < rows && column >= 0 && column <= row;
           row += kSteps[direction][0], column += kSteps[direction][1]) {
        const int next = row * (row + 1) / 2 + column;
        ray.holes[ray.length++] = static_cast<std::uint8_t>(next);
        line |= bit(next);
        lines_[static_cast<std::size_t>(hole * holes_ + next)] = line;
      }
    }
  }
}

std::vector<PegMove> PegBoard::moves(PegSet s) const {
  std::vector<PegMove> result;
  for_each_move(s, [&](PegMove move, PegSet) { result.push_back(move); });
  return result;
}

bool PegBoard::is_legal(PegSet s, PegMove move) const {
  bool legal = false;
  for_each_move(s, [&](PegMove candidate, PegSet) { legal = legal || candidate == move; });
  return legal;
}

long long read_pegs_count(io::TextInput& in) {
  const long long count = in.expect_int("the number of cases");
  if (count < 0) in.fail(fmt::format("the number of cases must not be negative, found {}", count));
  return count;
}

int read_pegs_case(io::TextInput& in, const PegBoard& board) {
  const long long hole = in.expect_int("an empty hole");
  if (hole < 1 || hole > board.holes()) {
    in.fail(fmt::format("hole {} is not on the board: holes are 1 to {} with {} rows", hole,
                        board.holes(), board.rows()));
  }
  return static_cast<int>(hole - 1);
}

void expect_pegs_end(io::TextInput& in, long long count) {
  if (auto extra = in.next_token()) {
    in.fail(fmt::format("{} follows the {} case{} the count announced", io::quote(*extra), count,
                        count == 1 ? "" : "s"));
  }
}

std::string format_pegs_answer(const std::optional<std::vector<PegMove>>& moves) {
  if (!moves) return "IMPOSSIBLE\n";
  std::string text = fmt::format("{}\n", moves->size());
  for (std::size_t i = 0; i < moves->size(); ++i) {
    text += fmt::format("{}{} {}", i == 0 ? "" : " ", (*moves)[i].from + 1, (*moves)[i].to + 1);
  }
  return text + "\n";
}

std::string draw_pegs(const PegBoard& board, PegSet pegs) {
  std::string text;
  for (int hole = 0; hole < board.holes(); ++hole) {
    const int row = board.row_of(hole);
    if (board.column_of(hole) == 0)
      text += std::string(static_cast<std::size_t>(board.rows() - 1 - row), ' ');
    text += (pegs >> hole & 1) != 0 ? 'o' : '.';
    text += board.column_of(hole) == row ? '\n' : ' ';
  }
  return text;
}

}  // namespace plumb::puzzles
