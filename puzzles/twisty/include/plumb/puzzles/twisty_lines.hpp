// plumb/puzzles/twisty_lines.hpp: the lines of twsearch's files (definitions and positions) as
// words, with their numbers, for the readers of both.
//
// A line's words are split at white space; a line whose first word starts with `#` is a comment.
// Blank lines and comments are skipped. Every error is an io::InputError at the input's name and
// the line it concerns.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_definition.hpp"

namespace plumb::puzzles::twisty {

struct Line {
  int number = 0;
  std::vector<std::string> tokens;  // never empty for a line Lines::next() gives
};

class Lines {
 public:
  explicit Lines(io::TextInput& in) : in_(in) {}

  // The next line with words, or null at the end of the input; valid until the next call.
  const Line* next();
  // The next line's words without taking it (null at the end): what comes after a block.
  const Line* peek();

  [[noreturn]] void fail(const Line& line, const std::string& message) const {
    fail_at(line.number, message);
  }
  [[noreturn]] void fail_at(int line, const std::string& message) const {
    throw io::InputError(in_.name(), line, message);
  }
  // An error found at the end of the input (a block left open, a part missing).
  [[noreturn]] void fail_whole(const std::string& message) const {
    throw io::InputError(in_.name(), in_.line_number(), message);
  }

 private:
  io::TextInput& in_;
  Line line_;
  bool peeked_ = false, ended_ = false;
};

// `token` as an integer in [min, max]; else an error at `line` saying what it should be.
int read_number(const Lines& lines, const Line& line, const std::string& token, int min, int max,
                std::string_view what);

// The index of the set `line` names (its one word); else an error.
int set_named(const Lines& lines, const std::vector<PieceSet>& sets, const Line& line);

// One set's numbers in a block: its perm line and, when given, its ori line (-1 for a `?`).
struct SetLines {
  std::vector<int> perm;
  std::optional<std::vector<int>> ori;
  int perm_line = 0, ori_line = 0;
};

// The lines of a block (Solved, Move, Scramble) after its keyword, up to and with its End: per set
// listed, its name, then one or two lines of numbers, a number a slot. Pieces are 0 to 255;
// orientations within the set's, or `?` where `wild_ori`. By set index; sets left out are absent.
std::map<int, SetLines> read_set_block(Lines& lines, const std::vector<PieceSet>& sets,
                                       bool wild_ori);

}  // namespace plumb::puzzles::twisty
