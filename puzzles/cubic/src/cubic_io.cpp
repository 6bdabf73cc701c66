// The Cubic Eight-Puzzle's contest format: datasets in, drawings out (see cubic_io.hpp).
#include "plumb/puzzles/cubic_io.hpp"

#include <stdexcept>
#include <string_view>
#include <utility>

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

// Whether a token is a die's three letters or the empty cell's `...` (not a header's number).
bool looks_like_a_die(std::string_view token) {
  return token.size() == 3 && token.find_first_not_of("WRB.") == std::string_view::npos;
}

// The orientation of a die drawn as its top, north-south and east-west colours, or -1.
int orientation_of_drawn(std::string_view die) {
  if (die.size() != 3) return -1;
  const int top = field_of_letter(die[0]), north_south = field_of_letter(die[1]),
            east_west = field_of_letter(die[2]);
  const auto colour = [](int field) { return field >= 0 && field < kColours; };
  if (!colour(top) || !colour(north_south) || !colour(east_west) || top == north_south ||
      top == east_west || north_south == east_west)
    return -1;
  return static_cast<int>(
      orientation_of(static_cast<unsigned>(top), static_cast<unsigned>(north_south)));
}

// A start given in full: `first` (its first row, already read) and the rest of its rows.
State read_position(io::TextInput& in, const Board& board, std::string first) {
  State start;
  int empties = 0;
  std::string line = std::move(first);
  for (int row = 0; row < board.rows; ++row) {
    if (row > 0 && !in.next_nonblank_line(line)) {
      in.fail("unexpected end of input: expected row " + std::to_string(row + 1) + " of the start");
    }
    const auto dice = io::split_tokens(line);
    if (dice.size() != static_cast<std::size_t>(board.cols)) {
      in.fail("expected " + std::to_string(board.cols) + " dice in a row of the start, found " +
              std::to_string(dice.size()) + ": " + io::quote(line));
    }
    for (int col = 0; col < board.cols; ++col) {
      const int cell = row * board.cols + col;
      if (dice[col] == "...") {
        start.cells = with_field(start.cells, cell, kEmptyCode);
        start.empty = static_cast<std::uint8_t>(cell);
        ++empties;
        continue;
      }
      const int orientation = orientation_of_drawn(dice[col]);
      if (orientation < 0) {
        in.fail(
            "a die is its top, north-south and east-west colours, each of W, R and B once "
            "(as WRB), or ... the empty cell; found " +
            io::quote(dice[col]));
      }
      start.cells = with_field(start.cells, cell, static_cast<unsigned>(orientation));
    }
  }
  if (empties != 1) {
    in.fail("the start must have exactly one empty cell `...`, found " + std::to_string(empties));
  }
  return start;
}

}  // namespace

std::optional<Dataset> read_dataset(io::TextInput& in, const Board& board) {
  std::string line;
  if (!in.next_nonblank_line(line)) return std::nullopt;
  const auto tokens = io::split_tokens(line);
  Dataset dataset;
  if (!tokens.empty() && looks_like_a_die(tokens[0])) {
    dataset.position = read_position(in, board, line);
    dataset.start_empty = dataset.position->empty;
    if (*dataset.position == CubicDomain(board).start(dataset.start_empty))
      dataset.position.reset();  // the contest's start, written in full
  } else {
    const auto x = tokens.size() == 2 ? io::parse_int(tokens[0]) : std::nullopt;
    const auto y = tokens.size() == 2 ? io::parse_int(tokens[1]) : std::nullopt;
    if (!x || !y) {
      in.fail(
          "expected the empty cell's column and row `x y`, or the start's first row of dice "
          "(`WRB ... WRB`), found " +
          io::quote(line));
    }
    if (*x == 0 && *y == 0) return std::nullopt;
    if (*x < 1 || *x > board.cols || *y < 1 || *y > board.rows) {
      in.fail("the empty cell (" + std::to_string(*x) + ", " + std::to_string(*y) +
              ") is outside the " + std::to_string(board.cols) + "x" + std::to_string(board.rows) +
              " board (columns x rows)");
    }
    dataset.start_empty = static_cast<int>((*y - 1) * board.cols + (*x - 1));
  }
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

State start_state(const Board& board, const Dataset& dataset) {
  return dataset.position ? *dataset.position : CubicDomain(board).start(dataset.start_empty);
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
