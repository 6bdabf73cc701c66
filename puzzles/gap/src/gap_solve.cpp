// Solving Gap layouts: the engine's algorithms instantiated for every word count a shape may need
// (exploring them is gap_explore.cpp, a translation unit of its own that builds beside this one).
#include "plumb/puzzles/gap_solve.hpp"

#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"

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

}  // namespace plumb::puzzles
