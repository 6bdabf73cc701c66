// plumb/puzzles/cubic_io.hpp: the contest format of the Cubic Eight-Puzzle (AOJ 1268): reading
// datasets, and drawing top views and states for people.
//
// A dataset is a line `x y` (the initially empty cell: column 1..C from the left, row 1..R from the
// top), then R lines of C letters W, R, B or E (the goal's top view; exactly one E, anywhere: the
// sample's goals need not leave the empty cell where it started), written with or without spaces
// between letters. `0 0`, or the end of the input, ends the datasets. Blank lines are skipped.
//
// A dataset may instead give its start in full, as draw_state draws it (a game played on from a
// contest start): R lines of C dice, each its top, north-south and east-west colours (`WRB`, each
// colour once) or `...` for the one empty cell, then the goal's R lines. Its first token (three
// letters or `...`, not a number) tells it from `x y`. A start given in full with every die as
// the contest's is read as the contest's start.
// Anything else is an io::InputError naming the line.
#pragma once

#include <optional>
#include <string>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/cubic.hpp"

namespace plumb::puzzles::cubic {

struct Dataset {
  int start_empty = 0;  // the cell the empty starts in
  // The dice of a start given in full (its empty == start_empty), some not in kInitialOrientation;
  // none for a contest's start, every die in kInitialOrientation.
  std::optional<State> position;
  TopView goal;
};

// The dataset's start: its position, else the contest's start from its empty cell.
State start_state(const Board& board, const Dataset& dataset);

// The next dataset, or nothing at `0 0` or the end of the input.
std::optional<Dataset> read_dataset(io::TextInput& in, const Board& board);

// The goal view from R rows of letters ("WWW\nEWW\nWWW" or with spaces); throws
// std::invalid_argument.
TopView parse_top_view(const Board& board, const std::string& rows);

char colour_letter(unsigned view_field);  // W, R, B, or E for kEmptyView

// The view as R lines of C letters separated by spaces, each line ending in a newline.
std::string draw_top_view(const Board& board, const TopView& view);
// The state as R lines, each die as its top, north-south and east-west colours ("WRB"), "..."
// empty.
std::string draw_state(const Board& board, const State& state);

}  // namespace plumb::puzzles::cubic
