// plumb/puzzles/twisty_definition.hpp: a twisty puzzle as data (its sets of pieces, its solved
// state, its moves), and positions of it, in the representation of ksolve and twsearch.
//
// A position is passive (twsearch's docs/ksolveformat.txt): for each set of pieces, slot i holds
// the piece labelled perm[i] turned by ori[i] (0 .. orientations-1). Identical pieces share a
// label; labels are 0 .. k-1 in the order the solved state first uses them. A position is one flat
// array of bytes, each set's perm then its ori, the sets in the definition's order. A move is kept
// as the position it makes from the identity, so that making move m in position p gives q with
//   q.perm[i] = p.perm[m.perm[i]],   q.ori[i] = (p.ori[m.perm[i]] + m.ori[i]) mod orientations,
// which is compose(p, m). Every power of a move the definition gives is a move of its own, named
// as twsearch names it ("R", "R2", "R'"; "R2'" for the fifths of a megaminx face).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace plumb::puzzles::twisty {

using Position = std::vector<std::uint8_t>;

struct PieceSet {
  std::string name;          // "CORNERS"
  int size = 0;              // its slots
  int orientations = 1;      // 1 .. 127
  std::size_t offset = 0;    // where its perm starts in a position; its ori follows at offset+size
  int labels = 0;            // distinct pieces: size unless some are identical
  std::vector<bool> wild;    // per label: its orientation does not matter (a `?` in Solved)
  std::vector<int> written;  // per label: its number in the definition's Solved (from 1)
};

struct Move {
  std::string name;   // "R2"
  int base = 0;       // the index of the move it is a power of, in TwistyDefinition::base_moves
  int power = 1;      // 1 .. order-1
  int quarter_turns;  // its cost in the quarter metric: the power, or order minus it if less
  Position effect;    // the position it makes from the identity
};

struct BaseMove {
  std::string name;  // "R"
  int order = 1;     // the least number of turns that is the identity
};

// A slot that must not hold a piece: twsearch's `Illegal SET SLOT LABEL...` (Square-1's blocked
// turns). Positions holding one are never entered by a search.
struct Illegal {
  std::size_t byte = 0;  // the slot's byte in a position
  std::uint8_t label = 0;
};

struct TwistyDefinition {
  std::string name;
  std::vector<PieceSet> sets;
  std::size_t bytes = 0;  // a position's size
  Position identity;      // every slot its own piece (labels 0..size-1), unturned
  Position solved;        // the goal, with its labels
  std::vector<BaseMove> base_moves;
  std::vector<Move> moves;      // every power of every base move, grouped by base move
  std::vector<Move> rotations;  // whole-puzzle turns (x, y, z, Uv...): in positions, not searched
  std::vector<Illegal> illegal;
  std::uint64_t content_hash = 0;  // of the definition's text: names the tables built for it

  // The move named `name`, else the rotation; nothing if neither.
  std::optional<Position> effect_of(std::string_view name) const;
  const Move* find_move(std::string_view name) const;
  bool is_solved(const Position& position) const;
  bool is_legal(const Position& position) const;
  // Whether some move moves the set's pieces to other slots.
  bool permutes(const PieceSet& set) const;
};

// q = p then m (compose above); q must not alias p.
void compose(const TwistyDefinition& definition, const Position& p, const Position& m, Position& q);
// The same for one set's bytes alone.
void compose_set(const PieceSet& set, const Position& p, const Position& m, Position& q);
Position composed(const TwistyDefinition& definition, const Position& p, const Position& m);

// Reads the ksolve/twsearch text format: `Name`, `Set NAME COUNT ORIENTATIONS`, `Solved` (or
// `StartState`, 0-based) ... `End`, `Move NAME` (ksolve's move convention) or `MoveTransformation
// NAME` (0-based, a position) ... `End`, `MoveAlias NAME MOVES`, `MoveSequence NAME MOVES...`,
// `Illegal SET SLOT LABEL...`, `#` comments. Throws io::InputError naming `source` and the line.
TwistyDefinition read_ksolve(std::string_view text, const std::string& source);

// The moves of a line ("R U2 F'", commas allowed between them), each a move or a rotation;
// io::InputError at `source`:`line` for an unknown name.
std::vector<std::string> split_moves(std::string_view line);

}  // namespace plumb::puzzles::twisty
