// Solving and exploring Gap layouts: the engine's algorithms instantiated for every word count a
// shape may need.
#include "plumb/puzzles/gap_solve.hpp"

#include <span>

#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/explore.hpp"

namespace plumb::puzzles {

GapSolution solve_gap(const GapShape& shape, const GapLayout& start, GapAlgorithm algorithm,
                      const search::SearchContext& context, search::Answer answer,
                      GapPruning pruning) {
  // The backward half of bidirectional search walks every move back, so the forward half must
  // see every move too.
  if (algorithm == GapAlgorithm::bidirectional) pruning = GapPruning::none;
  return with_gap_domain(shape, pruning, [&](const auto& domain) {
    const auto state = domain.pack(start);
    auto result = [&] {
      switch (algorithm) {
        case GapAlgorithm::astar:
          return search::astar(
              domain, state, [&](const auto& s) { return domain.lower_bound(s); }, context);
        case GapAlgorithm::bidirectional:
          return search::bidirectional_bfs(domain, state, context);
        case GapAlgorithm::bfs:
          break;
      }
      return search::bfs(domain, state, context, answer);
    }();
    return GapSolution{std::move(result.moves), static_cast<std::size_t>(result.cost),
                       result.stats};
  });
}

GapExploration explore_gap(const GapShape& shape, const GapLayout& start,
                           const search::SearchContext& context, std::size_t keep_deepest) {
  // Every move: the exploration counts every reachable layout.
  return with_gap_domain(shape, GapPruning::none, [&](const auto& domain) {
    const auto state = domain.pack(start);
    auto result = search::explore(domain, std::span(&state, 1), context, keep_deepest);
    GapExploration exploration{std::move(result.layer_sizes), {}, result.stats};
    for (const auto& s : result.deepest) exploration.deepest.push_back(domain.unpack(s));
    return exploration;
  });
}

}  // namespace plumb::puzzles
