// plumb/puzzles/pegs_io.hpp: the contest format of Moving Pegs (UVa 1533): reading the cases and
// writing answers, and a drawing of a position as a triangle.
//
// Input: a count T, then T cases (one per line in the contest; any white space is accepted). A
// case is the empty hole of a contest start (1-based), or a position given in full as
// `HOLE:ROWS`: the hole the last peg must end in, then the holes row by row from the apex, `o` a
// peg and `.` an empty hole, the rows separated by `/` (`5:o/oo/o.o/oooo/ooooo` is the contest's
// case 5). Every error is an io::InputError naming the file and line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/pegs.hpp"

namespace plumb::puzzles {

// The number of cases T (0 <= T).
long long read_pegs_count(io::TextInput& in);
// A case: where it starts, and the hole (0-based) its last peg must end in.
struct PegsCase {
  PegSet start = 0;
  int goal = 0;
  friend bool operator==(const PegsCase&, const PegsCase&) = default;
};

// The next case; fails when it is missing, its hole is not on the board or its position is not
// the board's shape.
PegsCase read_pegs_case(io::TextInput& in, const PegBoard& board);
// Fails when anything but white space follows the T cases.
void expect_pegs_end(io::TextInput& in, long long count);

// The contest answer: the number of moves, then `from to` pairs (1-based) on one line; or
// IMPOSSIBLE.
std::string format_pegs_answer(const std::optional<std::vector<PegMove>>& moves);

// The position as a centred triangle, one row a line: `o` a peg, `.` an empty hole.
std::string draw_pegs(const PegBoard& board, PegSet pegs);

}  // namespace plumb::puzzles
