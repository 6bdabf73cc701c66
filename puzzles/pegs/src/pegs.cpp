// Moving Pegs: the triangular board's geometry, and the contest format (pegs.hpp, pegs_io.hpp).
#include "plumb/puzzles/pegs.hpp"

#include <fmt/format.h>

#include <cassert>
#include <optional>
#include <string_view>

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

namespace {

// The hole of a case's token (1-based text, 0-based result); fails when it is not on the board.
int read_hole(io::TextInput& in, std::string_view text, std::string_view what,
              const PegBoard& board) {
  const std::optional<long long> hole = io::parse_int(text);
  if (!hole) in.fail(fmt::format("expected {}, found {}", what, io::quote(text)));
  if (*hole < 1 || *hole > board.holes()) {
    in.fail(fmt::format("hole {} is not on the board: holes are 1 to {} with {} rows", *hole,
                        board.holes(), board.rows()));
  }
  return static_cast<int>(*hole - 1);
}

// A position written row by row, `o` a peg and `.` an empty hole, the rows separated by `/`
// (or not separated at all); fails naming what is wrong.
PegSet read_position(io::TextInput& in, std::string_view text, const PegBoard& board) {
  PegSet pegs = 0;
  int hole = 0, row = 0, in_row = 0;
  const bool rows_marked = text.find('/') != std::string_view::npos;
  const auto end_row = [&] {
    if (in_row != row + 1) {
      in.fail(fmt::format("row {} of the position {} has {} holes, expected {}", row + 1,
                          io::quote(text), in_row, row + 1));
    }
    ++row, in_row = 0;
  };
  for (const char c : text) {
    if (c == '/') {
      end_row();
      continue;
    }
    if (c != 'o' && c != '.') {
      in.fail(fmt::format("expected 'o' (a peg), '.' (an empty hole) or '/' in the position {}",
                          io::quote(text)));
    }
    if (hole < board.holes() && c == 'o') pegs |= PegSet{1} << hole;
    ++hole, ++in_row;
  }
  if (rows_marked) {
    end_row();
    if (row != board.rows()) {
      in.fail(fmt::format("the position {} has {} rows, the board {}", io::quote(text), row,
                          board.rows()));
    }
  } else if (hole != board.holes()) {
    in.fail(fmt::format("the position {} has {} holes, the board {} ({} rows)", io::quote(text),
                        hole, board.holes(), board.rows()));
  }
  if (pegs == 0) in.fail(fmt::format("the position {} has no peg", io::quote(text)));
  return pegs;
}

}  // namespace

PegsCase read_pegs_case(io::TextInput& in, const PegBoard& board) {
  const std::optional<std::string> token = in.next_token();
  if (!token) in.fail("unexpected end of input: expected an empty hole");
  const std::size_t colon = token->find(':');
  if (colon == std::string::npos) {
    const int empty = read_hole(in, *token, "an empty hole", board);
    return {board.start(empty), empty};
  }
  const std::string_view text = *token;
  const int goal = read_hole(in, text.substr(0, colon), "the last peg's hole before ':'", board);
  return {read_position(in, text.substr(colon + 1), board), goal};
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
