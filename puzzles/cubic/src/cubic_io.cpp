// The Cubic Eight-Puzzle's contest format: datasets in, drawings out (see cubic_io.hpp).
#include "plumb/puzzles/cubic_io.hpp"

#include <stdexcept>

namespace plumb::puzzles::cubic {
namespace {

// The view field of a letter, or -1.
int field_of_letter(char letter) {
  switch (letter) {
    case 'W':
      return kWhite;
    case 'R':
      return kRed;
    case 'B':
      return kBlue;
    case 'E':
      return kEmptyView;
    default:
      return -1;
  }
}

// Reads one row of `board.cols` letters into `view`; returns an error message, or "" if it is good.
std::string read_row(const Board& board, const std::string& line, int row, TopView& view,
                     int& empties) {
  int col = 0;
  for (char letter : line) {
    if (letter == ' ' || letter == '\t') continue;
    const int value = field_of_letter(letter);
    if (value < 0)
      return "unknown letter " + io::quote(std::string_view(&letter, 1)) +
             " (expected W, R, B or E)";
    if (col == board.cols) return "more than " + std::to_string(board.cols) + " letters in a row";
    const int cell = row * board.cols + col++;
    view.fields = with_field(view.fields, cell, static_cast<unsigned>(value));
    if (value == static_cast<int>(kEmptyView)) view.empty = cell, ++empties;
  }
  if (col < board.cols)
    return "expected " + std::to_string(board.cols) + " letters in a row, found " +
           std::to_string(col);
  return "";
}

}  // namespace

std::optional<Dataset> read_dataset(io::TextInput& in, const Board& board) {
  std::string line;
  if (!in.next_nonblank_line(line)) return std::nullopt;
  const auto tokens = io::split_tokens(line);
  const auto x = tokens.size() == 2 ? io::parse_int(tokens[0]) : std::nullopt;
  const auto y = tokens.size() == 2 ? io::parse_int(tokens[1]) : std::nullopt;
  if (!x || !y) in.fail("expected the empty cell's column and row `x y`, found " + io::quote(line));
  if (*x == 0 && *y == 0) return std::nullopt;
  if (*x < 1 || *x > board.cols || *y < 1 || *y > board.rows) {
    in.fail("the empty cell (" + std::to_string(*x) + ", " + std::to_string(*y) +
            ") is outside the " + std::to_string(board.cols) + "x" + std::to_string(board.rows) +
            " board (columns x rows)");
  }
  Dataset dataset;
  dataset.start_empty = static_cast<int>((*y - 1) * board.cols + (*x - 1));
  int empties = 0;
  for (int row = 0; row < board.rows; ++row) {
    if (!in.next_nonblank_line(line)) {
      in.fail("unexpected end of input: expected row " + std::to_string(row + 1) + " of the goal");
    }
    if (std::string error = read_row(board, line, row, dataset.goal, empties); !error.empty())
      in.fail(error);
  }
  if (empties != 1) in.fail("the goal must have exactly one E, found " + std::to_string(empties));
  return dataset;
}

TopView parse_top_view(const Board& board, const std::string& rows) {
  TopView view;
  int empties = 0, row = 0;
  std::size_t begin = 0;
  while (begin < rows.size()) {
    std::size_t end = rows.find('\n', begin);
    if (end == std::string::npos) end = rows.size();
    const std::string line = rows.substr(begin, end - begin);
    begin = end + 1;
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    if (row == board.rows)
      throw std::invalid_argument("more than " + std::to_string(board.rows) + " rows");
    if (std::string error = read_row(board, line, row++, view, empties); !error.empty()) {
      throw std::invalid_argument(error);
    }
  }
  if (row != board.rows || empties != 1) throw std::invalid_argument("not a top view of the board");
  return view;
}

char colour_letter(unsigned view_field) {
  return "WRBE"[view_field & 3U];
}

std::string draw_top_view(const Board& board, const TopView& view) {
  std::string text;
  for (int cell = 0; cell < board.cells(); ++cell) {
    text += colour_letter(field(view.fields, cell));
    text += board.col_of(cell) + 1 == board.cols ? '\n' : ' ';
  }
  return text;
}

std::string draw_state(const Board& board, const State& state) {
  std::string text;
  for (int cell = 0; cell < board.cells(); ++cell) {
    const unsigned o = field(state.cells, cell);
    if (cell == state.empty) {
      text += "...";
    } else {
      text += {colour_letter(top_colour(o)), colour_letter(north_south_colour(o)),
               colour_letter(east_west_colour(o))};
    }
    text += board.col_of(cell) + 1 == board.cols ? '\n' : ' ';
  }
  return text;
}

}  // namespace plumb::puzzles::cubic
