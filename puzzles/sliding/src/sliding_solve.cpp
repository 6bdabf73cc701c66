// SlidingSolver and its table of algorithms.
#include "plumb/puzzles/sliding_solve.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "plumb/io/table_lender.hpp"
#include "plumb/puzzles/sliding_io.hpp"
#include "plumb/search/astar.hpp"
#include "plumb/search/astar_ida_star.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/distance_table.hpp"
#include "plumb/search/ida_star.hpp"
#include "sliding_table_sets.hpp"

namespace plumb::puzzles {
namespace {

using search::SearchContext;

// Copies a generic engine's result into `out`.
void take_result(const search::SearchResult<SlidingDomain>& result, SlidingSolution& out) {
  out.stats = result.stats;
  if (result.moves) out.moves.assign(result.moves->begin(), result.moves->end());
}

void run_ida(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
             SlidingSolution& out) {
  take_result(search::ida_star(solver.domain(), start, solver.heuristic(), context), out);
}

void run_astar(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
               SlidingSolution& out) {
  take_result(search::astar(solver.domain(), start, solver.heuristic(), context), out);
}

void run_bfs(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
             SlidingSolution& out) {
  take_result(search::bfs(solver.domain(), start, context), out);
}

void run_bidirectional(SlidingSolver& solver, const SlidingState& start,
                       const SearchContext& context, SlidingSolution& out) {
  take_result(search::bidirectional_bfs(solver.domain(), start, context), out);
}

// Whether the goal's blank is in a corner of the board, as the pattern databases need.
bool goal_blank_in_corner(const SlidingDomain& d) {
  const int blank = d.goal().blank, last = d.cells() - 1, row = d.cols() - 1;
  return blank == 0 || blank == row || blank == last - row || blank == last;
}

// Throws std::invalid_argument unless the partition's databases are for boards of `size`.
void check_partition_size(const SlidingPartition& partition, SlidingSize size) {
  if (partition.height != static_cast<unsigned>(size.rows) ||
      partition.width != static_cast<unsigned>(size.cols)) {
    throw std::invalid_argument(
        "the pattern databases " + partition.name + " are for " +
        size_name({static_cast<int>(partition.height), static_cast<int>(partition.width)}) +
        " boards, not " + size_name(size) + " (" + sliding_partition_list() + ")");
  }
}

// Throws std::invalid_argument, with what to do instead, unless the pdb algorithm can solve the
// solver's boards.
void check_pdb_fits(const SlidingSolver& solver) {
  const SlidingPartition* partition = solver.partition();
  const SlidingSize size = solver.size();
  if (partition == nullptr) {
    throw std::invalid_argument("no pattern databases for " + size_name(size) +
                                " boards by default; name a set of that size with --pdb (" +
                                sliding_partition_list() + ") or use --algo ida");
  }
  check_partition_size(*partition, size);
  if (!goal_blank_in_corner(solver.domain())) {
    throw std::invalid_argument(
        "the pattern databases need a goal with the blank in a corner; use --algo ida");
  }
}

// IDA* over the partition's additive pattern databases, after A* until it stores `astar_states`
// states if that is not 0: the boards go to solve_sliding_pdb as cells row by row.
void solve_with_pdbs(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
                     std::uint64_t astar_states, SlidingSolution& out) {
  check_pdb_fits(solver);
  out.stats = {};
  const SlidingPdbSet* pdbs = solver.pdbs(context, out.stats);
  if (pdbs == nullptr) return;
  const auto cells = static_cast<std::size_t>(solver.domain().cells());
  const SlidingPdbSolution solution =
      solve_sliding_pdb(*pdbs, std::span(start.cells.data(), cells),
                        std::span(solver.domain().goal().cells.data(), cells), context,
                        search::worker_threads(context), astar_states);
  out.stats = solution.stats;
  if (solution.moves) out.moves = *solution.moves;
}

void run_pdb(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
             SlidingSolution& out) {
  solve_with_pdbs(solver, start, context, 0, out);
}

// The states the A* of astar-ida stores: what a quarter of --max-memory holds (the databases and
// the rest of the process keep the other three), else kSlidingAstarStates.
std::uint64_t astar_states_for(const SearchContext& context) {
  const std::uint64_t memory = context.limits.max_memory_bytes;
  if (memory == 0) return kSlidingAstarStates;
  return std::max<std::uint64_t>(1, memory / 4 / search::astar_bytes_per_state<SlidingDomain>());
}

void run_astar_ida(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
                   SlidingSolution& out) {
  solve_with_pdbs(solver, start, context, astar_states_for(context), out);
}

// Walks down the distance table: from distance k, the first move (in u d l r order) that reaches a
// state at distance k - 1.
void run_table(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
               SlidingSolution& out) {
  const std::uint64_t states = solver.class_size();
  if (states == 0 || states > kSlidingTableLimit) {
    throw std::invalid_argument("the table algorithm handles boards of at most 20 cells and " +
                                std::to_string(kSlidingTableLimit) + " states; use --algo ida");
  }
  const auto begin = std::chrono::steady_clock::now();
  out.stats = {};
  const std::vector<std::uint8_t>* table = solver.table(context, out.stats);
  if (table == nullptr) return;
  const RankedSlidingDomain& d = solver.ranked_domain();
  SlidingState s = start;
  std::uint64_t rank = d.rank(s);
  int distance = (*table)[rank];
  out.stats.depth = distance;
  out.moves.reserve(static_cast<std::size_t>(distance));
  while (distance > 0) {
    ++out.stats.expanded;
    bool stepped = false;
    d.for_each_move(s, [&](SlidingMove m) {
      if (stepped) return;
      ++out.stats.generated;
      const std::uint64_t next = d.rank_after(s, rank, m);
      if ((*table)[next] == distance - 1) {
        d.apply(s, m);
        rank = next;
        out.moves.push_back(m);
        stepped = true;
      }
    });
    --distance;
  }
  out.stats.reason = search::StopReason::solved;
  out.stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

// The algorithm auto runs on the solver's boards (the same for every start).
std::string_view auto_choice(const SlidingSolver& solver) {
  const std::uint64_t states = solver.class_size();
  if (states != 0 && states <= kSlidingAutoTableStates) return "table";
  if (solver.partition() != nullptr && goal_blank_in_corner(solver.domain())) return "pdb";
  return "ida";
}

// Tries a board that auto would solve with databases not yet at hand by IDA* on linear conflicts,
// under a budget of kSlidingFirstTryNodes expansions (or the context's node limit, if lower): the
// moves are the ones the databases give (solve_sliding_as_pdb_would), found without loading or
// building them. Returns whether that settled the board: solved, or stopped by a limit of the
// context's own (out then says so, method "ida"); otherwise out holds the try's statistics, for the
// search after.
bool first_try_without_databases(const SlidingSolver& solver, const SlidingState& start,
                                 const SearchContext& context, SlidingSolution& out) {
  SearchContext budgeted = context;
  const std::uint64_t own = context.limits.max_nodes;
  budgeted.limits.max_nodes =
      own != 0 ? std::min(own, kSlidingFirstTryNodes) : kSlidingFirstTryNodes;
  const auto cells = static_cast<std::size_t>(solver.domain().cells());
  const SlidingPdbSolution tried =
      solve_sliding_as_pdb_would(solver.size(), std::span(start.cells.data(), cells),
                                 std::span(solver.domain().goal().cells.data(), cells), budgeted);
  out.stats = tried.stats;
  const bool over_budget = tried.stats.reason == search::StopReason::node_limit &&
                           (own == 0 || own > kSlidingFirstTryNodes);
  if (over_budget) return false;
  if (tried.moves) out.moves = *tried.moves;
  out.method = "ida";
  return true;
}

void run_auto(SlidingSolver& solver, const SlidingState& start, const SearchContext& context,
              SlidingSolution& out) {
  const std::string_view choice = auto_choice(solver);
  if (choice != "pdb" || solver.pdbs_at_hand())
    return find_sliding_algorithm(choice)->run(solver, start, context, out);
  if (first_try_without_databases(solver, start, context, out)) return;
  const search::SearchStats tried = out.stats;
  run_pdb(solver, start, context, out);
  out.stats += tried;  // the work of both
}

constexpr std::array kAlgorithms{
    SlidingAlgorithm{"auto",
                     "table for boards of at most 2,000,000 states (3x3, 2x5 and smaller); beyond, "
                     "pdb where there are pattern databases and the goal's blank is in a corner "
                     "(after a short ida, which answers easy boards without them), else ida",
                     run_auto},
    SlidingAlgorithm{"table",
                     "a breadth-first distance table of the goal's class, built once; walk down it",
                     run_table},
    SlidingAlgorithm{"pdb",
                     "IDA* over additive pattern databases with reflection, built once and cached",
                     run_pdb},
    SlidingAlgorithm{"astar-ida",
                     "A* over the pattern databases until it holds a quarter of --max-memory "
                     "(default 10,000,000 states), then IDA* from its frontier",
                     run_astar_ida},
    SlidingAlgorithm{"ida", "IDA* with Manhattan distance plus linear conflicts", run_ida},
    SlidingAlgorithm{"astar", "A* with Manhattan distance plus linear conflicts", run_astar},
    SlidingAlgorithm{"bfs", "breadth-first search", run_bfs},
    SlidingAlgorithm{"bidir", "bidirectional breadth-first search", run_bidirectional},
};

}  // namespace

std::span<const SlidingAlgorithm> sliding_algorithms() {
  return kAlgorithms;
}

const SlidingAlgorithm* find_sliding_algorithm(std::string_view name) {
  for (const SlidingAlgorithm& algorithm : kAlgorithms) {
    if (algorithm.name == name) return &algorithm;
  }
  return nullptr;
}

SlidingSolver::SlidingSolver(SlidingSize size, const SlidingState& goal,
                             const SlidingPartition* partition, const io::TableLender* lender)
    : domain_(size.rows, size.cols, goal),
      heuristic_(domain_),
      partition_(partition != nullptr
                     ? partition
                     : default_sliding_partition(static_cast<unsigned>(size.cols),
                                                 static_cast<unsigned>(size.rows))),
      lender_(lender) {
  if (partition != nullptr) check_partition_size(*partition, size);
  if (domain_.cells() <= kMaxRankedSlidingCells) {
    ranked_ = std::make_unique<RankedSlidingDomain>(size.rows, size.cols, goal);
  }
}

std::uint64_t SlidingSolver::class_size() const {
  return ranked_ ? ranked_->num_states() : 0;
}

void SlidingSolver::solve(const SlidingState& start, const SlidingAlgorithm& algorithm,
                          const SearchContext& context, SlidingSolution& out) {
  out.moves.clear();
  out.method = algorithm.run == run_auto ? auto_choice(*this) : algorithm.name;
  out.solvable = domain_.is_solvable(start);
  if (!out.solvable) {
    out.stats = {};
    out.stats.reason = search::StopReason::exhausted;
    return;
  }
  algorithm.run(*this, start, context, out);
}

const SlidingPdbSet* SlidingSolver::pdbs(const SearchContext& context, search::SearchStats& stats) {
  const std::lock_guard lock(pdbs_mutex_);
  if (!pdbs_ && lender_ != nullptr)
    pdbs_ = io::borrow<SlidingPdbSet>(*lender_, "sliding", partition_->name);
  if (!pdbs_) {
    if (auto built = load_or_build_sliding_pdbs(*partition_, context,
                                                search::worker_threads(context), &stats)) {
      pdbs_ = std::make_shared<const SlidingPdbSet>(std::move(*built));
    }
  }
  return pdbs_.get();
}

bool SlidingSolver::pdbs_at_hand() {
  const std::lock_guard lock(pdbs_mutex_);
  if (!pdbs_ && lender_ != nullptr)
    pdbs_ = io::borrow_if_ready<SlidingPdbSet>(*lender_, "sliding", partition_->name);
  return pdbs_ != nullptr;
}

const std::vector<std::uint8_t>* SlidingSolver::table(const SearchContext& context,
                                                      search::SearchStats& stats) {
  if (distances_) return distances_.get();
  if (const std::string set = declared_distance_set(size(), domain_.goal());
      lender_ != nullptr && !set.empty()) {
    distances_ = io::borrow<std::vector<std::uint8_t>>(*lender_, "sliding", set);
    if (distances_) return distances_.get();
  }
  std::optional<std::vector<std::uint8_t>> entries =
      puzzle_interface::load_or_build_byte_table(sliding_distance_table(size(), domain_.goal()),
                                                 context, search::worker_threads(context), stats);
  if (!entries) return nullptr;
  distances_ = std::make_shared<const std::vector<std::uint8_t>>(std::move(*entries));
  return distances_.get();
}

}  // namespace plumb::puzzles
