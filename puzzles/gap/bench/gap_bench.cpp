// Kernels of the Gap solitaire: expanding a packed layout (4 x 7 and Montana's 4 x 13), the
// heuristic, and whole breadth-first solves of the contest's hardest sample deal.
#include <benchmark/benchmark.h>

#include <sstream>

#include "plumb/puzzles/gap_io.hpp"
#include "plumb/puzzles/gap_solve.hpp"

namespace {

using namespace plumb::puzzles;

template <class Packing>
void expand(benchmark::State& state, GapShape shape, GapPruning pruning = GapPruning::none) {
  const GapDomain<Packing> domain(shape, pruning);
  std::vector<typename GapDomain<Packing>::State> layouts;
  for (int seed = 1; seed <= 64; ++seed)
    layouts.push_back(domain.pack(gap_start_layout(shape, random_gap_deal(shape, seed))));
  std::size_t i = 0, successors = 0;
  for (auto _ : state) {
    domain.for_each_successor(layouts[i++ & 63], [&](const GapMove&, const auto& next) {
      benchmark::DoNotOptimize(next);
      ++successors;
    });
  }
  state.counters["successors"] =
      benchmark::Counter(static_cast<double>(successors), benchmark::Counter::kIsRate);
}
void BM_Expand4x7(benchmark::State& state) {
  expand<GapPositions<2>>(state, GapShape{4, 7});
}
void BM_Expand4x13(benchmark::State& state) {
  expand<GapCells<5>>(state, GapShape{4, 13});
}
// The same layouts with the moves of stubborn sets alone: what working out the sets costs.
void BM_ExpandStubborn4x7(benchmark::State& state) {
  expand<GapPositions<2>>(state, GapShape{4, 7}, GapPruning::stubborn);
}
void BM_ExpandStubborn4x13(benchmark::State& state) {
  expand<GapCells<5>>(state, GapShape{4, 13}, GapPruning::stubborn);
}
BENCHMARK(BM_Expand4x7);
BENCHMARK(BM_ExpandStubborn4x7);
BENCHMARK(BM_Expand4x13);
BENCHMARK(BM_ExpandStubborn4x13);

void BM_LowerBound4x13(benchmark::State& state) {
  const GapShape shape{4, 13};
  const GapDomain<GapCells<5>> domain(shape);
  const auto layout = domain.pack(gap_start_layout(shape, random_gap_deal(shape, 1)));
  for (auto _ : state) benchmark::DoNotOptimize(domain.lower_bound(layout));
}
BENCHMARK(BM_LowerBound4x13);

// The sample's third deal: 60 moves, about 65,000 layouts.
void solve_sample(benchmark::State& state, GapAlgorithm algorithm) {
  const GapShape shape;
  std::istringstream text(
      "1\n17 12 16 13 15 14 11\n27 22 26 23 25 24 21\n37 32 36 33 35 34 31\n47 42 46 43 45 44 "
      "41\n");
  plumb::io::TextInput in(text, "sample");
  read_gap_count(in);
  const GapLayout start = gap_start_layout(shape, read_gap_deal(in, shape));
  for (auto _ : state) {
    const GapSolution solution = solve_gap(shape, start, algorithm);
    if (!solution.moves || solution.moves->size() != 60) state.SkipWithError("wrong answer");
    state.counters["expanded"] = static_cast<double>(solution.stats.expanded);
  }
}
void BM_SolveSampleBfs(benchmark::State& state) {
  solve_sample(state, GapAlgorithm::bfs);
}
void BM_SolveSampleAstar(benchmark::State& state) {
  solve_sample(state, GapAlgorithm::astar);
}
void BM_SolveSampleBidirectional(benchmark::State& state) {
  solve_sample(state, GapAlgorithm::bidirectional);
}
BENCHMARK(BM_SolveSampleBfs)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveSampleAstar)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SolveSampleBidirectional)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
