// plumb/puzzles/sliding_pdb.hpp: optimal solving of the 15- and 24-puzzles (and every board of
// sliding.hpp) by the engine's parallel IDA* over additive pattern databases.
//
// A partition splits the tiles into disjoint patterns. Each pattern's database holds, for every
// placement of its tiles, the fewest moves *of those tiles* that bring them home, with the blank
// free to wander (its own moves cost nothing) - so the databases of a partition add up to a lower
// bound (Korf and Felner, "Disjoint pattern database heuristics", AIJ 2002). On a square board the
// bound is also taken on the state mirrored about the main diagonal, and the larger sum is used
// (which gains nothing for a partition that is its own mirror image: both sums are then equal).
// Partitions are stated for the blank-first goal (tile t's home is cell t, the blank in cell 0, top
// left); other goals with the blank in a corner are solved by flipping the board and renaming the
// tiles in the goal's order. Entries are stored as (distance - Manhattan distance) / 2 in 4 bits
// (the two have the same parity), saturating at 15, which keeps them admissible.
//
// Named partitions: "15-7-8" (4x4: tiles 1-7 and 8-15, Korf and Felner's), "24-6666" (5x5: four
// patterns of 6 tiles, Korf and Felner's), and small ones for tests and quick use:
// "15-555" (4x4), "8-44" (3x3), "7-34" (2 rows, 4 columns).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/table_cache.hpp"
#include "plumb/pdb/additive_heuristic.hpp"
#include "plumb/pdb/pattern_database.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/deepening.hpp"

namespace plumb::puzzles {

struct SlidingPartition {
  std::string name;
  unsigned width = 0, height = 0;
  std::vector<std::vector<std::uint8_t>> patterns;  // tiles (= home cells, blank-first), disjoint
};

// The named partitions, and the default one for a board size (nothing if there is none).
std::span<const SlidingPartition> sliding_partitions();
const SlidingPartition* find_sliding_partition(std::string_view name);
const SlidingPartition* default_sliding_partition(unsigned width, unsigned height);
// The named partitions with their board sizes (rows x columns), for messages:
// "15-7-8 (4x4), 24-6666 (5x5), ...".
std::string sliding_partition_list();

// Pattern `pattern` of `partition` in the cache: its file, header, size and name ("pattern
// database 2 of 3 of 15-555"); and its header and number of entries alone.
io::CachedTable sliding_pdb_table(const SlidingPartition& partition, std::size_t pattern);
io::TableHeader sliding_pdb_header(const SlidingPartition& partition, std::size_t pattern);
std::uint64_t sliding_pdb_entries(const SlidingPartition& partition, std::size_t pattern);
// Whether every pattern of `partition` has its file in the cache (a file of an older version is
// found here, then built again when loaded).
bool sliding_pdbs_in_cache(const SlidingPartition& partition);
// The reflection of the board that maps a pattern's abstract space onto itself, so that its build
// searches only half of the placements: "left-right" (the 15-puzzle's tiles 8-15), "up-down",
// "half turn", "diagonal", "anti-diagonal", or "" if none does.
std::string_view sliding_pattern_symmetry(const SlidingPartition& partition, std::size_t pattern);
// The mean over all placements of the lower bound that a database's entries stand for.
double sliding_pdb_mean_bound(const SlidingPartition& partition, std::size_t pattern,
                              const pdb::NibbleArray& entries);

// Builds one pattern's database in memory (stats, if given, receive the search's statistics);
// nothing if a limit stopped it.
std::optional<pdb::NibbleArray> build_sliding_pdb(const SlidingPartition& partition,
                                                  std::size_t pattern,
                                                  const search::SearchContext& context,
                                                  unsigned threads,
                                                  search::SearchStats* stats = nullptr);

struct SlidingPdbSet {
  SlidingPartition partition;
  std::vector<pdb::PatternDatabase> databases;  // one per pattern, in order
};

// Loads pattern `pattern`'s database of `partition` from the cache directory (mapped in place,
// read-only, if `mapped`: pdb::load_or_build), or builds it (with the cache's notice) and keeps it
// there; a cache that cannot keep it leaves it in memory. Nothing if a limit stopped the build;
// `stats`, if given, then says which (its reason) and receives the build's statistics.
std::optional<pdb::PatternDatabase> load_or_build_sliding_pdb(
    const SlidingPartition& partition, std::size_t pattern, const search::SearchContext& context,
    unsigned threads, search::SearchStats* stats = nullptr, bool mapped = false);

// Every database of `partition`, each by load_or_build_sliding_pdb in order, building (with the
// cache's notice) and keeping those that are missing or damaged. Nothing if a limit stopped a
// build; `stats`, if given, then says which (its reason) and receives the builds' statistics.
// Under a context shared by several processes (its distribution's group), process 0 loads or
// builds the set while the others wait (collective), then the others map the files in place,
// read-only, so that the processes of a host share one copy (and build what a cache that cannot
// keep the files left out).
std::optional<SlidingPdbSet> load_or_build_sliding_pdbs(const SlidingPartition& partition,
                                                        const search::SearchContext& context,
                                                        unsigned threads,
                                                        search::SearchStats* stats = nullptr);

// The set's databases as the additive heuristic over SlidingDomain boards of the blank-first
// goal: an entry is (distance - Manhattan distance) / 2 of its tiles; square boards add the mirror
// about the main diagonal. Throws std::invalid_argument unless the partition is of a board size
// of sliding.hpp and its patterns cover every tile once. It refers to the set's databases.
pdb::AdditivePdb sliding_additive_pdb(const SlidingPdbSet& pdbs);

struct SlidingPdbSolution {
  std::optional<std::vector<SlidingMove>> moves;  // where the blank goes; nothing if unsolved
  search::SearchStats stats;  // reason: solved, exhausted (unsolvable) or the limit hit
  int root_bound = 0;         // the start's heuristic value: the first iteration's bound
};

// An optimal solution of the board `cells` (row by row, 0 for the blank) for the goal `goal` (same
// form; its blank must be in a corner), both of the partition's size, by search::parallel_ida_star
// on `threads` threads with pdb::AdditivePdbHeuristic, or, if `astar_states` is not 0, by
// search::astar_ida_star: A* until it stores that many states, then IDA* from its frontier; either
// deepens as `deepening` asks (search/deepening.hpp: a first bound reached before, a call after
// each iteration). The move list is the same whatever the thread count and the first bound; the
// node counts may differ slightly with the threads. Throws std::invalid_argument if the partition
// is not one of sliding.hpp's board sizes, the boards are not permutations of 0..n-1 of its size
// or the goal's blank is not in a corner.
SlidingPdbSolution solve_sliding_pdb(const SlidingPdbSet& pdbs, std::span<const std::uint8_t> cells,
                                     std::span<const std::uint8_t> goal,
                                     const search::SearchContext& context = {},
                                     unsigned threads = 1, std::uint64_t astar_states = 0,
                                     const search::Deepening& deepening = {});

// The moves solve_sliding_pdb finds, without databases: search::ida_star with Manhattan distance
// and linear conflicts (sliding_heuristics.hpp) on the board turned as solve_sliding_pdb turns it.
// In its last iteration an IDA* over any admissible heuristic prunes no prefix of an optimal
// solution, so both return the first optimal solution in depth-first order: the same moves. For
// boards this search answers within the context's limits: under a node budget, a cheap first try
// that spares a database build. The same checks and throws as solve_sliding_pdb; the board must be
// solvable; root_bound is the linear conflicts' value.
SlidingPdbSolution solve_sliding_as_pdb_would(SlidingSize size, std::span<const std::uint8_t> cells,
                                              std::span<const std::uint8_t> goal,
                                              const search::SearchContext& context);

}  // namespace plumb::puzzles
