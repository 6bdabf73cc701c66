// plumb/search/deepening.hpp: Deepening, what a caller of IDA*'s iterative deepening
// (parallel_ida_star.hpp, astar_ida_star.hpp) may ask of it besides the search: to start at a bound
// reached before (a batch resumed from its checkpoint), and to hear of each iteration that ends.
//
// Starting at a bound B is correct when every solution costs at least B: the iterations below B,
// searched to the end by an earlier run, found none. The first bound is then the larger of B and
// the one the search would start at (the root's heuristic value; A*+IDA*'s least f on the
// frontier); each later bound is, as ever, the least f that passed the one before, so the search
// reaches the same optimal bound, and finds the same solution, as a search from the start.
#pragma once

#include <functional>

#include "plumb/search/domain.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search {

struct Deepening {
  Cost first_bound = 0;  // at most the optimal cost; 0: the search's own first bound
  // Called after each iteration that ended without a solution and without being stopped, with
  // the next iteration's bound (kInfiniteCost: none is left) and that iteration's statistics.
  std::function<void(Cost next_bound, const SearchStats& iteration)> after_iteration{};
};

}  // namespace plumb::search
