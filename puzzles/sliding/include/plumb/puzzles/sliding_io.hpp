// plumb/puzzles/sliding_io.hpp: reading and writing sliding-puzzle boards as text.
//
// A board is R*C white-space separated tokens, row by row: the tiles 1 .. R*C-1 and the blank,
// written `x` or `0` (the contest's `2 3 4 1 5 x 7 6 8`). Reading never allocates on success, so a
// line of input costs one pass over its characters. Errors come back as a message for the caller to
// place (the program adds the file and line).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "plumb/puzzles/sliding.hpp"

namespace plumb::puzzles {

// The number of white-space separated tokens of `line`.
int count_tokens(std::string_view line);

// The square board of `tokens` cells (9 -> 3x3), or nothing when it is not a square of 2 .. 5.
std::optional<SlidingSize> square_size(int tokens);

// The size as "RxC" (rows x columns), the inverse of read_grid_size (grid_size.hpp), which reads
// sizes within kSlidingBounds.
std::string size_name(SlidingSize size);

// Reads the board of `size` from `line` into `board`. Returns an empty string on success, else what
// is wrong: a wrong number of tokens, an unknown or repeated tile, a missing or second blank.
std::string read_board(std::string_view line, SlidingSize size, SlidingState& board);

// Appends the moves as letters (u d l r) to `out`.
void append_moves(std::string& out, const SlidingMove* moves, std::size_t count);

// Appends the board as R lines of C right-aligned tiles, `x` for the blank, each line ended by
// '\n'.
void append_board(std::string& out, const SlidingState& board, SlidingSize size);

// The board as one line of tokens, `x` for the blank ("1 2 3 4 5 6 7 8 x").
std::string board_line(const SlidingState& board, SlidingSize size);

}  // namespace plumb::puzzles
