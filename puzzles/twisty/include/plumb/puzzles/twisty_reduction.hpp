// plumb/puzzles/twisty_reduction.hpp: a pattern's index reduced by the puzzle's symmetries, one
// entry for each class of projections that are views of one another (so exactly as far from
// solved): about 1/|symmetries| of the pattern's entries. Kociemba's symmetry coordinates (his
// Cube Explorer's pruning tables) made from a definition's own symmetries (twisty_symmetry.hpp).
//
// The pattern's largest placement is its key. The key's ranks fall into classes, each rank's views
// one class, whose representative is the least of them. A projection's index is its key's class
// and its other coordinates viewed through the symmetry that takes its key to the representative:
// a placement through a table of its views' ranks; an orientation as its digits moved to the
// view's slots, plus the turns the view adds where its set's pieces stand (which depend only on
// the set's placement: a table per placement rank). The tables are made by viewing positions
// (SetView), the key's classes from each representative. When a representative is its own view
// through several symmetries (its stabilizer), its other coordinates have as many indices, views
// of one another (views()): a breadth-first search marks them all.
//
// A pattern reduces when the definition has symmetries and no Illegal rules, each of its
// coordinates sees its whole set (a placement of distinct pieces, or the turns of every slot), the
// turns of a set its moves permute come with its placement, and the tables are small enough
// (kMaxReductionEntries). A search over its indices moves each coordinate by its move table.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"
#include "plumb/puzzles/twisty_symmetry.hpp"

namespace plumb::puzzles::twisty {

// The most entries of one view table or table of turns (symmetries times ranks): 2^25, 128 MiB.
inline constexpr std::uint64_t kMaxReductionEntries = std::uint64_t{1} << 25;
// The most coordinates of a pattern that reduces.
inline constexpr std::size_t kMaxReducedCoordinates = 64;

class SymmetryReduction {
 public:
  // Whether the pattern is of the shape that reduces (see above), before the symmetries are known.
  static bool reducible(const TwistyDefinition& definition, const Pattern& pattern);
  // Null when the pattern does not reduce (see above), or no symmetry but the identity keeps it.
  static std::shared_ptr<const SymmetryReduction> make(const TwistyDefinition& definition,
                                                       const Pattern& pattern,
                                                       const std::vector<Symmetry>& symmetries);

  std::uint64_t size() const { return size_; }
  std::size_t symmetries() const { return symmetries_; }
  std::uint64_t classes() const { return representatives_.size(); }
  // The key ranks of a class: as many projections as each of its indices stands for (one view of
  // the other coordinates for each key rank).
  std::uint64_t class_size(std::uint64_t class_index) const { return class_sizes_[class_index]; }

  // What an index takes from its key's rank: its class, and the symmetry (with the turns it adds
  // to the key's set there) that views the other coordinates. A breadth-first search finds it
  // once for the moves of each class's representative.
  struct Key {
    std::uint32_t class_index, symmetry, turns;
  };
  std::size_t key_coordinate() const { return key_; }
  const Key& key(std::uint64_t key_rank) const { return keys_[key_rank]; }

  // The index of a projection from its coordinates' ranks (in the pattern's order; the key's
  // given by key(), which ignores `digits`' own).
  std::uint64_t index(const Key& key, const std::uint64_t* digits) const {
    std::uint64_t index = key.class_index;
    for (const Part& part : parts_)
      index = index * part.size + viewed(part, key.symmetry, digits, key.turns);
    return index;
  }
  std::uint64_t index(const std::uint64_t* digits) const {
    return index(keys_[digits[key_]], digits);
  }
  // The class of an index.
  std::uint64_t class_of(std::uint64_t index) const { return index / others_; }
  // The coordinates' ranks of the projection an index stands for (its key the representative).
  void representative(std::uint64_t index, std::uint64_t* digits) const;
  // The indices of the other views of `index`'s projection with the same key (through its class's
  // stabilizer) into `views` (room for symmetries()); their count.
  std::size_t views(std::uint64_t index, std::uint64_t* views) const;

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;  // a key rank not yet in a class
  static constexpr int kKey = -2, kUnpermuted = -1;

  // Digit-wise sums of two orientation ranks (mod the orientations), a chunk of digits at a time.
  class TurnSums {
   public:
    explicit TurnSums(const Coordinate& orientation);
    std::uint32_t add(std::uint32_t a, std::uint32_t b) const {
      if (binary_) return a ^ b;
      std::uint32_t sum = 0;
      for (std::size_t j = 0; j < weights_.size(); ++j)
        sum += sums_[chunks_[a * weights_.size() + j] * chunk_values_ +
                     chunks_[b * weights_.size() + j]] *
               weights_[j];
      return sum;
    }

   private:
    bool binary_ = false;
    std::uint32_t chunk_values_ = 1;
    std::vector<std::uint32_t> weights_;  // of each chunk in a rank
    std::vector<std::uint8_t> sums_;      // of two chunks
    std::vector<std::uint8_t> chunks_;    // per rank: its chunks, lowest first
  };

  // A coordinate other than the key.
  struct Part {
    std::size_t coordinate;  // in the pattern
    std::uint64_t size;
    // Per symmetry, per rank: the view's rank (an orientation: its digits moved, no turns added).
    std::vector<std::uint32_t> viewed;
    // An orientation: the pattern's coordinate of its set's placement, kKey, or kUnpermuted.
    int placement = kUnpermuted;
    std::uint64_t placement_size = 0;
    std::vector<std::uint32_t> turns;  // per symmetry, per rank of that placement: turns added
    std::optional<TurnSums> sums;      // an orientation's
  };

  std::uint64_t viewed(const Part& part, std::uint32_t symmetry, const std::uint64_t* digits,
                       std::uint32_t key_turns) const {
    std::uint32_t rank = part.viewed[symmetry * part.size + digits[part.coordinate]];
    if (part.placement == kKey) {
      rank = part.sums->add(rank, key_turns);
    } else if (part.placement >= 0) {
      rank =
          part.sums->add(rank, part.turns[symmetry * part.placement_size + digits[part.placement]]);
    }
    return rank;
  }

  std::size_t key_ = 0, symmetries_ = 0;
  std::vector<Key> keys_;                       // per key rank
  std::uint64_t others_ = 1;                    // the indices of one class
  std::vector<std::uint32_t> representatives_;  // per class
  std::vector<std::uint32_t> class_sizes_;      // per class
  // Per class, its stabilizer but the identity, as the keys that view its representative's
  // other coordinates: [stabilizer_begin_[c], stabilizer_begin_[c+1]).
  std::vector<std::uint32_t> stabilizer_begin_;
  std::vector<Key> stabilizers_;
  std::vector<Part> parts_;
  std::uint64_t size_ = 0;
};

}  // namespace plumb::puzzles::twisty
