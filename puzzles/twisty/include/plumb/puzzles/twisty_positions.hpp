// plumb/puzzles/twisty_positions.hpp: positions of a twisty puzzle as twsearch reads them, the
// datasets of `plumb solve twisty`.
//
// An input is a sequence of positions, each one of
//   Scramble NAME ... End         a position: per set its pieces (numbered as in the definition's
//                                 Solved, from 1) and, optionally, their orientations; a set left
//                                 out is as solved (ScrambleState or StartState: numbered from 0)
//   ScrambleAlg NAME ... End      moves made from the solved state, on any number of lines
//   R U2 F'                       a line of moves, the same without a name (the shorthand)
// Blank lines and `#` comments are skipped. A position must hold the solved state's pieces, as
// many of each; anything else is an io::InputError at its line.
#pragma once

#include <optional>
#include <string>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_lines.hpp"

namespace plumb::puzzles::twisty {

struct NamedPosition {
  std::string name;  // the block's name, or "" for a line of moves
  Position position;
  int line = 0;  // where it starts
};

class PositionReader {
 public:
  // `definition` must outlive the reader.
  PositionReader(io::TextInput& in, const TwistyDefinition& definition)
      : lines_(in), definition_(definition) {}

  // The next position, or nothing at the end of the input.
  std::optional<NamedPosition> next();

 private:
  Position read_state(bool zero_based);
  Position apply_moves(const Line& line, std::size_t first_word, Position position) const;

  Lines lines_;
  const TwistyDefinition& definition_;
};

}  // namespace plumb::puzzles::twisty
