// plumb/search/distance_table.hpp: the breadth-first distance of every rank of a RankedDomain from a
// set of starts, one byte a rank, so that a later query is a lookup (or a walk down the table).
//
// Distances saturate nowhere: a space deeper than 254 stops with StopReason::depth_limit. Memory:
// num_states bytes plus the largest layer's ranks, both allocated through the Budget (budget.hpp):
// the memory limit stops the search before either passes it, and a table the system cannot give
// throws io::EnvironmentError naming its size. Time: one expansion per reachable state.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"

namespace plumb::search {

struct DistanceTable {
  static constexpr std::uint8_t kUnreached = 255;
  std::vector<std::uint8_t> distances;  // by rank; kUnreached where no start reaches it
  SearchStats stats;                    // reason: exhausted when complete
};

template <RankedDomain D>
DistanceTable distance_table(const D& d, std::span<const typename D::State> starts, const SearchContext& context = {}) {
  DistanceTable table;
  Budget budget(context, table.stats);
  const std::uint64_t n = d.num_states();
  if (!budget.can_allocate(n)) {
    budget.finish(StopReason::memory_limit);
    return table;
  }
  allocate_or_throw("distance table", n,
                    [&] { table.distances.assign(n, DistanceTable::kUnreached); });
  std::vector<std::uint64_t> layer, next;
  for (const auto& s : starts) {
    const std::uint64_t r = d.rank(s);
    if (table.distances[r] == DistanceTable::kUnreached) table.distances[r] = 0, layer.push_back(r);
  }
  std::uint64_t reached = layer.size();
  for (std::uint8_t depth = 0; !layer.empty(); ++depth) {
    table.stats.depth = depth;
    ++table.stats.iterations;
    if (depth + 1 >= DistanceTable::kUnreached || depth >= context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return table;
    }
    for (std::uint64_t rank : layer) {
      if (!budget.charge()) break;
      d.for_each_successor(d.unrank(rank), [&](const auto&, const typename D::State& successor) {
        ++table.stats.generated;
        const std::uint64_t r = d.rank(successor);
        if (table.distances[r] == DistanceTable::kUnreached) {
          if (!budget.make_room(next)) return;
          table.distances[r] = depth + 1;
          next.push_back(r);
        } else {
          ++table.stats.duplicates;
        }
      });
    }
    if (budget.stopped()) break;
    reached += next.size();
    budget.note_stored(reached);
    layer.swap(next);
    next.clear();
  }
  budget.finish(StopReason::exhausted);
  return table;
}

}  // namespace plumb::search
