// plumb/puzzles/pegs_io.hpp: the contest format of Moving Pegs (UVa 1533): reading the cases and
// writing answers, and a drawing of a position as a triangle.
//
// Input: a count T, then T empty holes (1-based, one per line in the contest; any white space is
// accepted). Every error is an io::InputError naming the file and line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/pegs.hpp"

namespace plumb::puzzles {

// The number of cases T (0 <= T).
long long read_pegs_count(io::TextInput& in);
// The next case's empty hole, 0-based; fails when it is missing or not a hole of the board.
int read_pegs_case(io::TextInput& in, const PegBoard& board);
// Fails when anything but white space follows the T cases.
void expect_pegs_end(io::TextInput& in, long long count);

// The contest answer: the number of moves, then `from to` pairs (1-based) on one line; or
// IMPOSSIBLE.
std::string format_pegs_answer(const std::optional<std::vector<PegMove>>& moves);

// The position as a centred triangle, one row a line: `o` a peg, `.` an empty hole.
std::string draw_pegs(const PegBoard& board, PegSet pegs);

}  // namespace plumb::puzzles
