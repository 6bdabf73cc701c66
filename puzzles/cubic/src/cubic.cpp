// The Cubic Eight-Puzzle's solvers (see cubic_solve.hpp).
#include <algorithm>
#include <cassert>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "cubic_table_sets.hpp"
#include "plumb/puzzles/cubic_bound.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/ida_star.hpp"

namespace plumb::puzzles::cubic {
namespace {

template <class Result>
CubicSolution answer_from(Result&& result) {
  CubicSolution answer;
  answer.stats = result.stats;
  if (result.solved()) {
    answer.moves = static_cast<int>(result.cost);
    answer.path = std::move(result.moves);
  }
  return answer;
}

// The context with its depth limit lowered to max_moves (a copy: it shares the cancellation).
search::SearchContext bounded(const search::SearchContext& context, int max_moves) {
  search::SearchContext bounded = context;
  bounded.limits.max_depth = std::min(context.limits.max_depth, static_cast<Cost>(max_moves));
  return bounded;
}

}  // namespace

CubicSolution solve_bidirectional(const Board& board, const Dataset& dataset, int max_moves,
                                  const search::SearchContext& context) {
  const CubicDomain domain(board, dataset.goal);
  return answer_from(
      search::bidirectional_bfs(domain, start_state(board, dataset), bounded(context, max_moves)));
}

CubicSolution solve_ida(const Board& board, const Dataset& dataset, int max_moves,
                        const search::SearchContext& context) {
  const CubicDomain domain(board, dataset.goal);
  const WalkBound bound(domain);
  return answer_from(
      search::ida_star(domain, start_state(board, dataset), bound, bounded(context, max_moves)));
}

CubicSolution solve_with_table(const ViewTable& table, const Dataset& dataset, int max_moves) {
  assert(!dataset.position);
  CubicSolution answer;
  const int least = table.least_moves(dataset.start_empty, dataset.goal);
  answer.moves = least != ViewTable::kUnreachable && least <= max_moves ? least : -1;
  answer.stats.reason =
      answer.moves >= 0 ? search::StopReason::solved : search::StopReason::exhausted;
  answer.stats.depth = least;
  return answer;
}

State replay(const Board& board, const Dataset& dataset, const std::vector<Direction>& path) {
  const CubicDomain domain(board, dataset.goal);
  State state = start_state(board, dataset);
  for (Direction m : path) domain.apply(state, m);
  return state;
}

Solver::Solver(Board board, CubicAlgorithm method, int max_moves, search::SearchContext context,
               const io::TableLender* lender)
    : board_(board),
      method_(method),
      max_moves_(max_moves),
      context_(std::move(context)),
      lender_(lender) {
  if (method == CubicAlgorithm::table && !ViewTable::fits(board)) {
    throw std::invalid_argument("the table is only for boards of at most 9 cells");
  }
}

std::uint64_t Solver::build_threshold(const Board& board) {
  return ViewTable::build_work(board);
}

bool Solver::ensure_table(bool may_build) {
  if (table_) return true;
  if (const std::string set = declared_view_set(board_); lender_ != nullptr && !set.empty()) {
    table_ = may_build ? io::borrow<ViewTable>(*lender_, "cubic", set)
                       : io::borrow_if_ready<ViewTable>(*lender_, "cubic", set);
    if (table_) return true;
  }
  if (!table_loaded_) {
    table_loaded_ = true;
    if (std::optional<ViewTable> loaded = ViewTable::load(board_))
      table_ = std::make_shared<const ViewTable>(std::move(*loaded));
    if (table_) return true;
  }
  if (!may_build) return false;
  search::SearchStats stats;
  if (std::optional<ViewTable> built = ViewTable::load_or_build(board_, context_, stats))
    table_ = std::make_shared<const ViewTable>(std::move(*built));
  table_build_ = stats;
  return table_ != nullptr;
}

CubicSolution Solver::solve(const Dataset& dataset) {
  CubicAlgorithm method = method_;
  if (dataset.position && method != CubicAlgorithm::bidirectional) {
    method = CubicAlgorithm::ida;  // the table knows the contest's starts only
  } else if (method == CubicAlgorithm::automatic) {
    const bool fits = ViewTable::fits(board_);
    method = fits && ensure_table(searched_ >= build_threshold(board_)) ? CubicAlgorithm::table
                                                                        : CubicAlgorithm::ida;
  } else if (method == CubicAlgorithm::table) {
    ensure_table(true);
  }
  if (table_build_ && search::is_limit(table_build_->reason)) {
    // No answer, and no work of its own: the build's is in table_build(), counted once.
    CubicSolution stopped;
    stopped.stats.reason = table_build_->reason;
    return stopped;
  }
  last_method_ = method;
  CubicSolution answer;
  switch (method) {
    case CubicAlgorithm::table:
      answer = solve_with_table(*table_, dataset, max_moves_);
      break;
    case CubicAlgorithm::ida:
      answer = solve_ida(board_, dataset, max_moves_, context_);
      break;
    default:
      answer = solve_bidirectional(board_, dataset, max_moves_, context_);
      break;
  }
  searched_ += answer.stats.expanded;
  return answer;
}

CubicSolution Solver::solve(const Dataset& dataset, const search::SearchContext& context) {
  context_ = context;
  return solve(dataset);
}

}  // namespace plumb::puzzles::cubic
