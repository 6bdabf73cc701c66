// plumb/puzzles/sliding_solve.hpp: SlidingSolver, optimal solutions for one board size and goal by
// any of a small table of named algorithms.
//
//   table   one breadth-first distance table over the goal's parity class (a byte a state), built
//           on the first query and kept in the cache directory (io/table_file.hpp) for later runs;
//           a query then walks down it, a neighbour one move closer at each step: O(length * R*C)
//           per instance. For boards of at most kSlidingTableLimit states.
//   pdb     IDA* over additive pattern databases with reflection (sliding_pdb.hpp): the solver's
//           partition (the size's default, 15-7-8 for 4x4 and 24-6666 for 5x5, or one named),
//           loaded from the cache directory or built there on the first query. Needs a goal with
//           the blank in a corner.
//   astar-ida   A* over the same databases until it stores kSlidingAstarStates states (or what a
//           quarter of the memory limit holds), then IDA* from its frontier
//           (search/astar_ida_star.hpp). The same needs as pdb.
//   ida     IDA* with Manhattan distance plus linear conflicts (sliding_heuristics.hpp).
//   astar, bfs, bidir   the generic engine's A* (same heuristic), breadth-first and bidirectional
//           breadth-first search, for cross-checks and comparisons.
//   auto    table up to kSlidingAutoTableStates states (every board of at most 10 cells: 3x3 has
//           181,440, 2x5 1,814,400); beyond, pdb when the solver has a partition (which must then
//           fit the board) and the goal's blank is in a corner, else ida. While the solver holds
//           no databases (none loaded, none ready to lend), pdb is preceded by a first try: IDA*
//           with linear conflicts under a budget of kSlidingFirstTryNodes expansions (at most
//           about 50 ms), which answers easy boards (on 4x4, those of up to about 38 moves in a
//           few milliseconds at most) with the moves the databases would give, without loading
//           or building them; the method is then ida. A board it does not settle goes to pdb,
//           whose statistics then count the try too.
// Every algorithm answers an unsolvable instance at once, by parity. A new algorithm is one more
// row in sliding_algorithms() (sliding_solve.cpp).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plumb/io/table_lender.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_heuristics.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/puzzles/sliding_ranked.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzles {

inline constexpr std::uint64_t kSlidingAutoTableStates = 2'000'000;
inline constexpr std::uint64_t kSlidingTableLimit = std::uint64_t{1} << 30;
inline constexpr std::uint64_t kSlidingAstarStates = 10'000'000;
inline constexpr std::uint64_t kSlidingFirstTryNodes = 250'000;

// The answer to one instance. `moves` keeps its capacity from one query to the next.
struct SlidingSolution {
  bool solvable = false;
  std::vector<SlidingMove> moves;  // a shortest solution, when solvable
  search::SearchStats stats;  // reason: solved, exhausted (unsolvable) or the limit that stopped it
  std::string_view method;    // the algorithm that ran: the one asked for, or the one auto chose
};

class SlidingSolver;

struct SlidingAlgorithm {
  std::string_view name;
  std::string_view summary;
  // Fills `out` for a solvable instance (the parity check is done before).
  void (*run)(SlidingSolver& solver, const SlidingState& start,
              const search::SearchContext& context, SlidingSolution& out);
};

// The algorithms, "auto" first.
std::span<const SlidingAlgorithm> sliding_algorithms();
// The algorithm of that name, or null.
const SlidingAlgorithm* find_sliding_algorithm(std::string_view name);

class SlidingSolver {
 public:
  // `partition` is the pdb algorithm's (it must outlive the solver, as the named ones do); null
  // means the size's default (default_sliding_partition), if there is one. A partition of another
  // size is refused (std::invalid_argument), whatever the algorithm. `lender`, if given, lends the
  // sets it keeps (io/table_lender.hpp) and must outlive the solver.
  SlidingSolver(SlidingSize size, const SlidingState& goal,
                const SlidingPartition* partition = nullptr,
                const io::TableLender* lender = nullptr);

  const SlidingDomain& domain() const { return domain_; }
  SlidingSize size() const { return {domain_.rows(), domain_.cols()}; }
  const SlidingLinearConflicts& heuristic() const { return heuristic_; }
  // The pdb algorithm's partition, or null when the size has no default and none was named.
  const SlidingPartition* partition() const { return partition_; }

  // The number of states in the goal's parity class, or 0 when it does not fit 64 bits.
  std::uint64_t class_size() const;

  // Solves `start` with `algorithm`: an unsolvable instance by parity, else out.moves is a shortest
  // solution unless a limit stopped the search (out.stats.reason says which). Once a call with an
  // algorithm has loaded what that algorithm reads (the table, the databases), further calls with
  // it may run on several threads at once: they only read the solver. The databases are loaded or
  // lent under a lock (auto's first call may not load them, a later one on any thread may): calls
  // at once wait for one load.
  void solve(const SlidingState& start, const SlidingAlgorithm& algorithm,
             const search::SearchContext& context, SlidingSolution& out);

  // The distance table over the goal's class: lent by the solver's lender if it keeps it (a
  // declared set, sliding_table_sets.hpp; whatever it throws when it is not ready passes through),
  // else loaded from the cache directory or built on the first call (with the cache's notice), and
  // then kept there if the cache can take it (precondition:
  // class_size() is nonzero and at most kSlidingTableLimit). Null if a limit stopped the build;
  // `stats` gets the build's statistics when it happens in this call.
  const std::vector<std::uint8_t>* table(const search::SearchContext& context,
                                         search::SearchStats& stats);
  const RankedSlidingDomain& ranked_domain() const { return *ranked_; }

  // The partition's pattern databases: lent by the solver's lender if it keeps them (whatever it
  // throws when they are not ready passes through), else loaded from the cache directory or built
  // on the first call (threads: search::worker_threads(context)) and kept there if the cache can
  // take them, else in memory for this solver's life; precondition: partition() is of this size.
  // Null if a limit stopped a build; stats.reason then says which.
  const SlidingPdbSet* pdbs(const search::SearchContext& context, search::SearchStats& stats);
  // Whether the partition's databases are at hand without a load or a build: loaded by an earlier
  // call, or ready for the lender to lend (a set it is still building is not).
  bool pdbs_at_hand();

 private:
  SlidingDomain domain_;
  SlidingLinearConflicts heuristic_;
  std::unique_ptr<RankedSlidingDomain> ranked_;  // when the class has 64-bit ranks
  std::shared_ptr<const std::vector<std::uint8_t>> distances_;  // null until loaded or lent
  const SlidingPartition* partition_;
  const io::TableLender* lender_;
  std::mutex pdbs_mutex_;                      // held while pdbs_ is read or set
  std::shared_ptr<const SlidingPdbSet> pdbs_;  // null until loaded or lent
};

}  // namespace plumb::puzzles
