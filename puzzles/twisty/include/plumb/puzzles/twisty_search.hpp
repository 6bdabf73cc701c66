// plumb/puzzles/twisty_search.hpp: the searches of a twisty puzzle: breadth-first layers over a
// pattern's ranks (its pruning table, or an exhaustive exploration when the pattern is the whole
// puzzle), and IDA* over positions bounded by the maximum of pruning tables.
//
// Layers are kept 4 bits a rank: 0 for a rank not reached yet, else 1 + depth mod 15. Expanding
// layer d scans the ranks holding d's value and marks each unmarked rank a move reaches with
// d + 1's, so the counts are exact at any depth (a scan past depth 15 also meets the ranks of layer
// d - 15 again, whose moves mark nothing new). A pruning table stops after layer 14: its entries
// are then the depths themselves (plus one), and a rank left at 0 is 15 moves away or more, or
// never reached when the search ran out of layers first (`complete`).
//
// IDA* bounds a node by the largest of its tables' reads: each table's at the node's position and,
// where the puzzle has symmetries and every table moves by table, at the position's views through
// them (twisty_symmetry.hpp), which see other pieces: a table of four corners, read at the view
// through a rotation, bounds the four corners the rotation brings to their slots (Korf's symmetric
// lookups, in his cube solver of 1997). A view's ranks move by the moves the symmetry maps the
// moves to, each a step in a move table. They are read lazily, a symmetry's at a time, only for a
// child that the reads before leave within the bound: most children are cut by the tables' own.
// Views of the first kMaxViewTiers symmetries only, and none of a table of first layers only.
//
// IDA* makes the moves of the metric (half: every power of a move counts one; quarter: only the
// single turns) in canonical order: never a move of the same base move as the one before (in the
// quarter metric, the same single turn again while it stays short of half the move's order), and
// never a move after a larger base move it commutes with when it commutes with every move between
// them too (it could come first): of the sequences that differ only in the order of commuting
// moves, one is made (the least in the order of the base moves; a state of 64 bits, so past 64
// base moves only the same base is kept apart).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "plumb/pdb/nibble_array.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"
#include "plumb/puzzles/twisty_reduction.hpp"
#include "plumb/puzzles/twisty_symmetry.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzles::twisty {

enum class Metric { half, quarter };

// The moves a search makes in `metric`: indices into definition.moves.
std::vector<std::size_t> metric_moves(const TwistyDefinition& definition, Metric metric);

struct Layers {
  pdb::NibbleArray entries;                // per rank: 0, or 1 + depth mod 15
  std::vector<std::uint64_t> layer_sizes;  // ranks first reached at each depth
  // The projections each layer's ranks stand for: its ranks, or, of a reduced table, the sum of
  // its indices' class sizes (SymmetryReduction::class_size).
  std::vector<std::uint64_t> projections;
  std::vector<std::uint64_t> deepest;      // a few ranks of the last layer
  bool complete = false;                   // every rank reachable was reached
};

// Whether layers of `size` ranks fit the context's memory limit; if not, `stats` say a search
// stopped there (memory_limit). breadth_first() asks first; a caller may ask before it builds what
// the layers need.
bool layers_fit(std::uint64_t size, const search::SearchContext& context,
                search::SearchStats& stats);

// Breadth-first layers over `pattern` (its indices by `reduction` where one is given: every view
// of a projection reached is marked with it) from the projection of `from` (null: the solved
// state), making `moves`, up to layer `max_depth` or the last layer before one that would make
// more than `max_layer_moves` moves, on `threads` threads. Nothing when a limit stops it
// (stats.reason says which). The pattern's coordinates should have their move tables
// (Coordinate::build_move_table): without them each move is made on a position. While a layer is
// small its ranks are listed, and only they are expanded; a larger one is found by scanning every
// rank.
std::optional<Layers> breadth_first(const TwistyDefinition& definition, const Pattern& pattern,
                                    const std::vector<std::size_t>& moves, int max_depth,
                                    unsigned threads, const search::SearchContext& context,
                                    search::SearchStats& stats, const Position* from = nullptr,
                                    std::uint64_t max_layer_moves = UINT64_MAX,
                                    const SymmetryReduction* reduction = nullptr);

// The first layers of a puzzle too large for a table of its ranks, from `from` (null: the solved
// state): breadth-first over positions,
// each layer told from the two before it (the moves are closed under inverses), while a layer
// holds at most `max_layer` positions. The positions of its last layer, some of them, in
// `deepest`.
struct FirstLayers {
  std::vector<std::uint64_t> layer_sizes;
  std::vector<Position> deepest;
  bool complete = false;  // the last layer led nowhere new: every position was counted
};
std::optional<FirstLayers> first_layers(const TwistyDefinition& definition,
                                        const std::vector<std::size_t>& moves,
                                        std::uint64_t max_layer,
                                        const search::SearchContext& context,
                                        search::SearchStats& stats, const Position* from = nullptr);

// A pattern and the depth of each of its indices (its ranks, or those of its reduction by
// symmetry) up to `filled` (a Layers' entries stopped there, at most depth 14).
//
// A table is complete when every rank the puzzle reaches holds its depth, so that 0 means
// unreachable. A build knows; for a table read from the cache, whether it holds an entry of
// depth 14 (its search may have stopped there) decides, by a scan of every entry, made only
// when a search first meets an entry of 0: a batch of positions the table reaches never does, and
// faults in only the pages it reads.
class PruningTable {
 public:
  static constexpr int kUnreachable = 1 << 20;

  // `complete`: none when not known yet (a table read from the cache, filled to 14).
  PruningTable(Pattern pattern, pdb::NibbleArray entries, std::optional<bool> complete,
               int filled = 14, std::shared_ptr<const SymmetryReduction> reduction = nullptr)
      : pattern(std::move(pattern)),
        entries(std::move(entries)),
        reduction(std::move(reduction)),
        filled(filled),
        complete_(complete ? int{*complete} : kUnknown) {}

  // A lower bound on the moves from a position of this rank to the solved state.
  int bound(std::uint64_t rank) const {
    const int entry = entries.get(rank);
    return entry != 0 ? entry - 1 : unfilled_bound();
  }

  // The bound of an entry of 0: kUnreachable when the table is complete, else filled + 1.
  int unfilled_bound() const;
  // Whether it holds only the first layers (filled short of 14, not known to be complete).
  bool shallow() const { return filled < 14 && complete_.load(std::memory_order_relaxed) != 1; }

  // The index of a position's projection: its pattern's rank, or its reduction's index.
  std::uint64_t index(const std::uint64_t* digits) const {
    if (reduction) return reduction->index(digits);
    std::uint64_t index = 0;
    for (const Coordinate& coordinate : pattern.coordinates())
      index = index * coordinate.size() + *digits++;
    return index;
  }

  Pattern pattern;
  pdb::NibbleArray entries;
  std::shared_ptr<const SymmetryReduction> reduction;  // null: indexed by the pattern's ranks
  int filled;  // a rank at 0 is deeper than this, unless the table is complete

 private:
  static constexpr int kUnknown = -1;

  mutable std::atomic<int> complete_;  // 0, 1 or kUnknown; threads that race work out the same
};

// Which optimal solutions a search finds: the first in canonical order, or every one of them (its
// last iteration is then searched to its end).
enum class Solutions { first, all };

struct TwistySolution {
  std::optional<std::vector<std::size_t>> moves;  // indices into definition.moves
  // With Solutions::all: every optimal solution in canonical order, the first one `moves`.
  std::vector<std::vector<std::size_t>> all;
  search::SearchStats stats;
  bool unreachable = false;  // a complete table says no sequence of moves solves it
};

class TwistySolver {
 public:
  // `definition` and the tables must outlive the solver.
  TwistySolver(const TwistyDefinition& definition, Metric metric,
               std::vector<std::shared_ptr<const PruningTable>> tables);

  // An optimal solution of `start` (legal, with the solved state's pieces), or all of them, by
  // IDA*. Every sequence of moves is in canonical order (the header's comment): of two that
  // differ only by the order of commuting moves, one is found.
  TwistySolution solve(const Position& start, const search::SearchContext& context,
                       Solutions wanted = Solutions::first) const;

  // How many reads of the tables bound a position: a table's own, and those at its views through
  // the puzzle's symmetries that see other pieces (the header's comment).
  std::size_t table_reads() const { return lookups_.size(); }

 private:
  friend class IdaSearch;

  const TwistyDefinition& definition_;
  Metric metric_;
  std::vector<std::shared_ptr<const PruningTable>> tables_;
  std::vector<std::size_t> moves_;          // the metric's moves
  // Canonical order, per base move (of the first kOrderedBases): the smaller base moves it
  // commutes with, and all those it commutes with (forbidden_after()); past them, only the same
  // base is kept apart.
  static constexpr int kOrderedBases = 64;
  std::vector<std::uint64_t> smaller_commuting_, commuting_;
  std::vector<int> max_repeats_;  // per base: the same move in a row (quarter metric)
  // A table read at a view of the position: its own (no symmetry), or through a symmetry of the
  // puzzle, whose view's ranks move by the moves the symmetry maps the moves to.
  struct Lookup {
    std::shared_ptr<const PruningTable> table;
    const Symmetry* symmetry;  // null: the position itself
  };
  std::shared_ptr<const std::vector<Symmetry>> symmetries_;  // symmetries_of(), when views are read
  // The tables' own reads, then their views' that see other pieces (seen_by()), in tiers, a
  // symmetry's a tier: a child within the bound by the reads of a tier is read at the next.
  std::vector<Lookup> lookups_;
  std::vector<std::size_t> tier_starts_;  // lookups_'s index where each tier starts, and the end
  // Views of at most this many symmetries: past them, the reads of a node within the bound cost
  // more than the nodes they save (the megaminx's 60).
  static constexpr std::size_t kMaxViewTiers = 32;
  // Adds the views' reads where every table moves by table and no Illegal rule forbids views; a
  // shallow table (PruningTable::shallow) gets none: its bounds past its layers are too weak to
  // pay for the reads.
  void add_views();

  // The base moves (a mask) that may not come next, after a move of `base` when `forbidden` could
  // not come before it: those smaller than it that commute with it, and those still forbidden
  // that commute with it.
  std::uint64_t forbidden_after(std::uint64_t forbidden, int base) const {
    return smaller_commuting_[base] | (forbidden & commuting_[base]);
  }
};

}  // namespace plumb::puzzles::twisty
