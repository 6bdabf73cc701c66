// plumb/puzzles/twisty_symmetry.hpp: the symmetries of a twisty puzzle, found from its moves alone.
//
// A symmetry is a relabelling of each set's slots, with a turn added in each, under which every
// move is a move (the cube's R becomes its U under a quarter rotation) and the solved state stays
// solved. Viewing a position through one (conjugating it) gives a position exactly as far from
// solved: a pruning table may then hold one entry for all of them, or be read at several of them.
// Only symmetries that keep each move's sense are found (a puzzle's rotations, not its mirror
// images): the cube's 24, the tetrahedron's 12, the dodecahedron's 60, whatever the definition
// names its moves and numbers its slots, with or without rotations in it.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "plumb/puzzles/twisty_definition.hpp"

namespace plumb::puzzles::twisty {

struct Symmetry {
  // As a position made from the identity: slot i of the view is slot effect[i] of the puzzle, with
  // effect's turn there added.
  Position effect;
  std::vector<std::size_t> moves;  // move i (in definition.moves) viewed through it is moves[i]
};

// Every symmetry of `definition` as above, one for each way of mapping the moves (two that map
// every move alike view every position alike), the identity first; just the identity where the
// search would take too long (more than 64 base moves, too many ways to try, more than
// kMaxSymmetries) or the definition has Illegal rules.
std::vector<Symmetry> find_symmetries(const TwistyDefinition& definition);

// find_symmetries(), found once a definition's content in a process (the last few kept: a server
// may see many definitions).
std::shared_ptr<const std::vector<Symmetry>> symmetries_of(const TwistyDefinition& definition);

inline constexpr std::size_t kMaxSymmetries = 1024;

// `position` viewed through `symmetry` (symmetry^-1 * position * symmetry): as far from solved.
Position conjugated(const TwistyDefinition& definition, const Position& position,
                    const Symmetry& symmetry);

// One symmetry's view of one set, made once to view many positions' parts in that set quickly.
class SetView {
 public:
  SetView(const TwistyDefinition& definition, int set, const Symmetry& symmetry);
  // Writes the view of `position`'s part in the set (every label a piece's) into `result`'s.
  void apply(const Position& position, Position& result) const;

 private:
  const Position* solved_;
  std::size_t perm_ = 0, ori_ = 0;
  int orientations_ = 1;
  std::vector<int> from_;  // per slot of the view: the puzzle's slot it shows
  std::vector<int> turn_;  // per slot of the view: the turn the symmetry adds there
  std::vector<int> back_;  // per label: the slot of the view its home (first slot) goes to
};

}  // namespace plumb::puzzles::twisty
