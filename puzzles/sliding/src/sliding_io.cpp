// Reading and writing sliding-puzzle boards as text.
#include "plumb/puzzles/sliding_io.hpp"

#include <charconv>

#include "plumb/io/text_input.hpp"

namespace plumb::puzzles {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n';
}

// Calls f(token) for each token of `line` until f returns false.
template <class F>
void for_each_token(std::string_view line, F&& f) {
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (j > i && !f(line.substr(i, j - i))) return;
    i = j;
  }
}

}  // namespace

int count_tokens(std::string_view line) {
  int count = 0;
  for_each_token(line, [&](std::string_view) { return ++count, true; });
  return count;
}

std::optional<SlidingSize> square_size(int tokens) {
  for (int side = 2; side * side <= kMaxSlidingCells; ++side) {
    if (side * side == tokens) return SlidingSize{side, side};
  }
  return std::nullopt;
}

std::string size_name(SlidingSize size) {
  return std::to_string(size.rows) + "x" + std::to_string(size.cols);
}

std::string read_board(std::string_view line, SlidingSize size, SlidingState& board) {
  const int n = size.rows * size.cols;
  const int tokens = count_tokens(line);
  if (tokens != n) {
    return "expected " + std::to_string(n) + " tokens (a " + size_name(size) + " board), found " +
           std::to_string(tokens);
  }
  board = SlidingState{};
  std::string error;
  int cell = 0, blanks = 0;
  std::uint32_t seen = 0;  // bit t: tile t was read
  int repeated = 0;
  for_each_token(line, [&](std::string_view token) {
    int tile = -1;
    if (token == "x" || token == "X") {
      tile = 0;
    } else {
      auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), tile);
      if (ec != std::errc{} || end != token.data() + token.size() || tile < 0 || tile >= n) {
        error = "unknown tile " + io::quote(token) + " (expected 1 to " + std::to_string(n - 1) +
                ", or x or 0 for the blank)";
        return false;
      }
    }
    if (tile == 0) {
      ++blanks;
      board.blank = static_cast<std::uint8_t>(cell);
    } else if ((seen >> tile & 1) != 0 && repeated == 0) {
      repeated = tile;
    }
    seen |= std::uint32_t{1} << tile;
    board.cells[cell++] = static_cast<std::uint8_t>(tile);
    return true;
  });
  if (!error.empty()) return error;
  if (blanks == 0) return "no blank (x or 0) on the board";
  if (blanks > 1) return "more than one blank (x or 0) on the board";
  if (repeated != 0) return "tile " + std::to_string(repeated) + " appears more than once";
  return {};
}

void append_moves(std::string& out, const SlidingMove* moves, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) out += to_letter(moves[i]);
}

void append_board(std::string& out, const SlidingState& board, SlidingSize size) {
  const int width = size.rows * size.cols > 10 ? 2 : 1;
  for (int r = 0; r < size.rows; ++r) {
    for (int c = 0; c < size.cols; ++c) {
      const int tile = board.cells[r * size.cols + c];
      if (c > 0) out += ' ';
      const std::string text = tile == 0 ? "x" : std::to_string(tile);
      out.append(static_cast<std::size_t>(width) - text.size(), ' ');
      out += text;
    }
    out += '\n';
  }
}

std::string board_line(const SlidingState& board, SlidingSize size) {
  std::string line;
  for (int i = 0; i < size.rows * size.cols; ++i) {
    if (i > 0) line += ' ';
    line += board.cells[i] == 0 ? "x" : std::to_string(board.cells[i]);
  }
  return line;
}

}  // namespace plumb::puzzles
