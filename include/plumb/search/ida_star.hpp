// plumb/search/ida_star.hpp: iterative-deepening A* (Korf 1985), memory linear in the solution depth.
//
// Depth-first searches bounded by f = g + h, each bound the least f that exceeded the previous one.
// With an admissible h the first goal found is optimal. For a ReversibleDomain the search runs in
// place (apply, then undo) and never generates the inverse of the move it just made; other domains
// copy each successor and skip one equal to the grandparent. A heuristic value of kInfiniteCost or
// more prunes the state. stats.iterations counts the bounds tried; expanded counts over all of them.
#pragma once

#include <algorithm>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"

namespace plumb::search {

namespace detail {

template <Domain D, class H>
class IdaStar {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  IdaStar(const D& d, const H& h, Budget& budget, SearchStats& stats)
      : d_(d), h_(h), budget_(budget), stats_(stats) {}

  // One depth-first pass with bound `bound`; true if a goal was found (its moves are path()).
  bool search(State& start, Cost bound) {
    bound_ = bound;
    next_bound_ = kInfiniteCost;
    path_.clear();
    states_.assign(1, start);
    return visit(start, 0);
  }

  Cost next_bound() const { return next_bound_; }
  Cost cost() const { return cost_; }
  const std::vector<Move>& path() const { return path_; }

 private:
  bool visit(State& s, Cost g) {
    const Cost h_value = static_cast<Cost>(h_(s));
    if (h_value >= kInfiniteCost) return false;
    const Cost f = g + h_value;
    if (f > bound_) {
      next_bound_ = std::min(next_bound_, f);
      return false;
    }
    if (d_.is_goal(s)) {
      cost_ = g;
      return true;
    }
    if (!budget_.charge()) return false;
    budget_.note_stored(path_.size() + 1);
    bool found = false;
    if constexpr (ReversibleDomain<D>) {
      const bool has_last = !path_.empty();
      const Move back = has_last ? d_.inverse(path_.back()) : Move{};
      d_.for_each_move(std::as_const(s), [&](const Move& m) {
        if (found || budget_.stopped()) return;
        ++stats_.generated;
        if (has_last && m == back) {
          ++stats_.duplicates;
          return;
        }
        const Cost cost = step_cost(d_, s, m);
        d_.apply(s, m);
        path_.push_back(m);
        found = visit(s, g + cost);
        if (!found) path_.pop_back();
        d_.undo(s, m);
      });
    } else {
      d_.for_each_successor(s, [&](const Move& m, const State& next) {
        if (found || budget_.stopped()) return;
        ++stats_.generated;
        if (states_.size() >= 2 && next == states_[states_.size() - 2]) {
          ++stats_.duplicates;
          return;
        }
        State child = next;
        path_.push_back(m);
        states_.push_back(child);
        found = visit(child, g + step_cost(d_, s, m));
        states_.pop_back();
        if (!found) path_.pop_back();
      });
    }
    return found;
  }

  const D& d_;
  const H& h_;
  Budget& budget_;
  SearchStats& stats_;
  Cost bound_ = 0;
  Cost next_bound_ = kInfiniteCost;
  Cost cost_ = 0;  // of the path found
  std::vector<Move> path_;
  std::vector<State> states_;  // the states along the path, for domains that are not reversible
};

}  // namespace detail

template <Domain D, HeuristicFor<D> H>
SearchResult<D> ida_star(const D& d, const typename D::State& start, const H& h, const SearchContext& context = {}) {
  SearchResult<D> result;
  Budget budget(context, result.stats);
  detail::IdaStar<D, H> search(d, h, budget, result.stats);
  typename D::State state = start;
  Cost bound = static_cast<Cost>(h(start));
  while (bound < kInfiniteCost) {
    result.stats.depth = bound;
    if (bound > context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    ++result.stats.iterations;
    if (search.search(state, bound)) {
      result.moves = search.path();
      result.cost = search.cost();
      budget.finish(StopReason::solved);
      return result;
    }
    if (budget.stopped() || !budget.check()) break;
    bound = search.next_bound();
  }
  budget.finish(StopReason::exhausted);
  return result;
}

}  // namespace plumb::search
