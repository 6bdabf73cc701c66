// plumb/puzzles/twisty_tables.hpp: which pruning tables a twisty puzzle gets, and where they are
// kept.
//
// From the definition alone (choose_tables): a set that no move changes needs none; a set whose
// pieces' places and turns fit one table gets one (its placement and its orientation, each moving
// by a table of its own); a larger set gets the turns of all its slots as one table and its pieces
// in chunks as large as fit, places and turns together; identical pieces are one group. Tables of
// different sets are then joined, smallest first, while their product fits. The search takes the
// largest of the tables' bounds. A user may name the tables instead (parse_tables). Each table is
// built once by breadth-first search and kept in the cache, its file named by the definition's
// content hash, the pattern and the metric.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/table_cache.hpp"
#include "plumb/pdb/nibble_array.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"
#include "plumb/puzzles/twisty_reduction.hpp"
#include "plumb/puzzles/twisty_search.hpp"
#include "plumb/search/context.hpp"

namespace plumb::puzzles::twisty {

// The most entries one chosen table has unless memory says less: 2^27, 64 MiB at 4 bits.
inline constexpr std::uint64_t kDefaultTableEntries = std::uint64_t{1} << 27;
// The most entries a coordinate's move table has: 2^25 (128 MiB).
inline constexpr std::uint64_t kMaxMoveTableEntries = std::uint64_t{1} << 25;
// Tables of at most 2^20 entries build in well under a second.
inline constexpr std::uint64_t kQuickTableEntries = std::uint64_t{1} << 20;
// Tables of at most 2^16 entries build sooner than their file is found and mapped; larger ones,
// quick ones too, are kept in the cache.
inline constexpr std::uint64_t kUncachedTableEntries = std::uint64_t{1} << 16;
// The shallow tables a search tries before it builds the chosen ones, deeper and deeper: their
// layers stop before one that would make more than 2^21, 2^24, then 2^27 moves (from a hundredth
// of a second to a second or so).
inline constexpr std::array<std::uint64_t, 3> kShallowLayerMoves{
    std::uint64_t{1} << 21, std::uint64_t{1} << 24, std::uint64_t{1} << 27};

struct TableChoice {
  Pattern pattern;
  std::string why;                  // for --stats: "the whole of CORNERS fits one table"
  std::uint64_t shallow_moves = 0;  // else only the layers within so many moves, in memory
};

// Tables for `definition`, each of at most `max_entries` entries.
std::vector<TableChoice> choose_tables(const TwistyDefinition& definition,
                                       std::uint64_t max_entries);

// Tables named by a user: a comma-separated list of tables, each `+`-joined parts of different
// sets: `SET` (its places and turns), `SET:I-J,K` (those pieces, numbered from 0 in Solved's
// order, their places and turns), `SET:turns` (the turns of its slots). Set names in any case.
// std::invalid_argument saying what is wrong.
std::vector<TableChoice> parse_tables(const TwistyDefinition& definition, std::string_view text);

// Tables quick to build in place of `choices`: those that are, the quick coordinates of the
// others, each a table, and the first layers of those others that move by table, as far as
// `shallow_moves` allow (a third of them over indices reduced by symmetry). A search of a shallow
// position needs no more (TwistyInstance tries them first, and builds the chosen tables only when
// those searches run long).
std::vector<TableChoice> quick_tables(const TwistyDefinition& definition,
                                      const std::vector<TableChoice>& choices,
                                      std::uint64_t shallow_moves);

// About the moves the breadth-first searches of the tables of quick_tables(..., shallow_moves)
// make beyond the quick ones', or with shallow_moves 0, those of the chosen tables; a search over
// indices reduced by symmetry counts each of its moves three times (they are that much slower),
// and quick_tables() gives its shallow tables a third of the moves.
std::uint64_t build_moves(const TwistyDefinition& definition,
                          const std::vector<TableChoice>& choices, std::uint64_t shallow_moves);

// Whether every table of `choices` but the quick ones has its file in the cache.
bool all_cached(const TwistyDefinition& definition, const std::vector<TableChoice>& choices,
                Metric metric);

// Tables of at most 2^22 entries (2 MiB) are not reduced by symmetry: they fit the processor's
// caches, where the pattern's rank is quicker to read than a reduction's index.
inline constexpr std::uint64_t kReducedTableEntries = std::uint64_t{1} << 22;

// The reduction of `pattern` by the definition's symmetries, where it reduces and has more than
// `min_entries` entries (its tables then hold one entry a class); else null. Found once a pattern
// in a process (the symmetries once a definition).
std::shared_ptr<const SymmetryReduction> reduction_of(
    const TwistyDefinition& definition, const Pattern& pattern,
    std::uint64_t min_entries = kReducedTableEntries);

// The entries of the table of `pattern`: its ranks, or its reduction's indices.
std::uint64_t table_entries(const TwistyDefinition& definition, const Pattern& pattern);

// Where the table of `pattern` for this definition and metric is kept (of its first layers only,
// with `shallow_moves`: TableChoice).
io::CachedTable table_file(const TwistyDefinition& definition, const Pattern& pattern,
                           Metric metric, std::uint64_t shallow_moves = 0);

// Shallow tables of at most 2^22 entries (2 MiB) are kept in the cache too: loaded, they save the
// next batch their build.
inline constexpr std::uint64_t kCachedShallowEntries = std::uint64_t{1} << 22;

// The table of `choice` from the cache, or built (move tables first) and kept there; a small one
// (at most kUncachedTableEntries) or a shallow one of more than kCachedShallowEntries is built
// each time, without the cache. Nothing when a limit stopped the build (stats.reason).
std::shared_ptr<const PruningTable> load_or_build_table(const TwistyDefinition& definition,
                                                        TableChoice choice, Metric metric,
                                                        unsigned threads,
                                                        const search::SearchContext& context,
                                                        search::SearchStats& stats);

// The entries of the table of `pattern` (its move tables built first) for the cache: its
// breadth-first layers up to depth 14 (or as far as `shallow_moves` allow: TableChoice). Nothing
// when a limit stopped the build (stats.reason).
std::optional<pdb::NibbleArray> build_table_entries(const TwistyDefinition& definition,
                                                    Pattern& pattern, Metric metric,
                                                    unsigned threads,
                                                    const search::SearchContext& context,
                                                    search::SearchStats& stats,
                                                    std::uint64_t shallow_moves = 0);

// The whole puzzle as one pattern (every set's places and turns), for an exhaustive exploration;
// its placements know the definition's Illegal rules.
Pattern whole_puzzle(const TwistyDefinition& definition);

// Builds the move tables of the pattern's coordinates that are small enough.
void build_move_tables(const TwistyDefinition& definition, Pattern& pattern);

}  // namespace plumb::puzzles::twisty
