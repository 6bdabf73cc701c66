// plumb/puzzles/twisty_ranked.hpp: a pattern's ranks as the engine's search::RankedDomain, so that
// the engine's exploration (search/explore.hpp) walks a twisty puzzle where it has what the
// puzzle's own breadth-first search (twisty_search.hpp) has not: processes under mpirun, and
// checkpoints of every layer to resume from. A state is a rank of the pattern; its successors are
// the ranks the metric's moves lead to (by the coordinates' move tables where they all have one,
// else through a position), those an Illegal rule forbids left out.
#pragma once

#include <cstdint>
#include <vector>

#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"

namespace plumb::puzzles::twisty {

// The rank of `position`'s projection on `pattern` (what the pattern follows of it).
std::uint64_t projected_rank(const TwistyDefinition& definition, const Pattern& pattern,
                             const Position& position);

class RankedPuzzle {
 public:
  using State = std::uint64_t;
  using Move = std::size_t;

  // `definition` and `pattern` must outlive it; `moves` are indices into definition.moves, closed
  // under inverses; `goal` is the rank is_goal() names.
  RankedPuzzle(const TwistyDefinition& definition, const Pattern& pattern,
               std::vector<std::size_t> moves, std::uint64_t goal)
      : definition_(definition),
        pattern_(pattern),
        moves_(std::move(moves)),
        goal_(goal),
        by_table_(pattern.moves_by_table()),
        checks_legality_(pattern.follows_illegal_rules()) {}

  bool is_goal(State rank) const { return rank == goal_; }
  std::uint64_t num_states() const { return pattern_.size(); }
  std::uint64_t rank(State state) const { return state; }
  State unrank(std::uint64_t rank) const { return rank; }

  template <class Visit>
  void for_each_successor(State rank, Visit&& visit) const {
    // (Each thread's scratch, kept from one call to the next: a call a state expanded.)
    thread_local std::vector<std::uint64_t> digits, child;
    thread_local Position parent, reached;
    digits.resize(pattern_.coordinates().size());
    child.resize(digits.size());
    parent.resize(definition_.bytes);  // unrank() writes every byte
    reached.resize(definition_.bytes);
    if (by_table_) {
      pattern_.split(rank, digits.data());
    } else {
      pattern_.unrank(rank, parent);
    }
    for (const std::size_t move : moves_) {
      std::uint64_t next = 0;
      if (by_table_) {
        next = pattern_.after(digits.data(), move);
      } else {
        compose(definition_, parent, definition_.moves[move].effect, reached);
        next = pattern_.rank(reached, true);
      }
      if (checks_legality_) {
        pattern_.split(next, child.data());
        if (!pattern_.legal(child.data())) continue;
      }
      visit(move, next);
    }
  }

 private:
  const TwistyDefinition& definition_;
  const Pattern& pattern_;
  std::vector<std::size_t> moves_;
  std::uint64_t goal_;
  bool by_table_, checks_legality_;
};

}  // namespace plumb::puzzles::twisty
