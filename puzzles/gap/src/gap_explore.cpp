// Exploring Gap layouts: the engine's layer-by-layer exploration instantiated for every word count
// a shape may need (solving them is gap_solve.cpp).
#include "plumb/puzzles/gap_solve.hpp"

#include <span>

#include "plumb/search/explore.hpp"

namespace plumb::puzzles {

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
