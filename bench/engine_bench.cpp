// Kernels of the generic engine: hashing into StateTable, n-bit arrays, and whole searches on the
// pancake test domain (bfs, bidirectional BFS, A*, IDA*, dense and hashed exploration).
#include <benchmark/benchmark.h>

#include <random>

#include "plumb/encode/nbit_array.hpp"
#include "plumb/search/astar.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/bidirectional_bfs.hpp"
#include "plumb/search/explore.hpp"
#include "plumb/search/ida_star.hpp"
#include "plumb/search/state_table.hpp"
#include "tests/search/test_domains.hpp"

namespace {

using namespace plumb;

void BM_StateTableInsert(benchmark::State& state) {
  const auto count = static_cast<std::uint64_t>(state.range(0));
  for (auto _ : state) {
    search::StateTable<std::uint64_t> table;
    for (std::uint64_t i = 0; i < count; ++i) table.insert(encode::mix64(i) % (count / 2 + 1));
    benchmark::DoNotOptimize(table.size());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count));
}
BENCHMARK(BM_StateTableInsert)->Arg(1 << 16)->Arg(1 << 22);

void BM_NBitArraySet(benchmark::State& state) {
  encode::NBitArray array(1 << 24, static_cast<unsigned>(state.range(0)));
  std::uint64_t i = 0;
  for (auto _ : state) {
    array.set(encode::mix64(i) & ((1 << 24) - 1), static_cast<unsigned>(i & 1));
    ++i;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
BENCHMARK(BM_NBitArraySet)->Arg(2)->Arg(4);

template <class Search>
void run_pancakes(benchmark::State& state, Search&& search) {
  testing::Pancakes<9> d;
  std::mt19937 rng(1);
  std::uint64_t expanded = 0;
  for (auto _ : state) {
    const auto result = search(d, testing::Pancakes<9>::random(rng));
    expanded += result.stats.expanded;
  }
  state.counters["expanded/s"] = benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}

void BM_Pancakes9Bfs(benchmark::State& state) {
  run_pancakes(state, [](const auto& d, const auto& s) { return search::bfs(d, s); });
}
void BM_Pancakes9Bidirectional(benchmark::State& state) {
  run_pancakes(state, [](const auto& d, const auto& s) { return search::bidirectional_bfs(d, s); });
}
void BM_Pancakes9AStarGap(benchmark::State& state) {
  run_pancakes(state, [](const auto& d, const auto& s) { return search::astar(d, s, testing::GapHeuristic<9>{}); });
}
void BM_Pancakes9IdaStarGap(benchmark::State& state) {
  run_pancakes(state, [](const auto& d, const auto& s) { return search::ida_star(d, s, testing::GapHeuristic<9>{}); });
}
BENCHMARK(BM_Pancakes9Bfs)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Pancakes9Bidirectional)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Pancakes9AStarGap)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Pancakes9IdaStarGap)->Unit(benchmark::kMillisecond);

void BM_Pancakes9ExploreDense(benchmark::State& state) {
  testing::Pancakes<9> d;
  const std::array<testing::Pancakes<9>::State, 1> goal{testing::Pancakes<9>::sorted()};
  for (auto _ : state) benchmark::DoNotOptimize(search::explore(d, std::span(goal)).total());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * d.num_states()));
}
void BM_Pancakes9ExploreHashed(benchmark::State& state) {
  testing::Pancakes<9> d;
  const std::array<testing::Pancakes<9>::State, 1> goal{testing::Pancakes<9>::sorted()};
  for (auto _ : state) benchmark::DoNotOptimize(search::detail::explore_hashed(d, std::span(goal), {}, 1).total());
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * d.num_states()));
}
BENCHMARK(BM_Pancakes9ExploreDense)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Pancakes9ExploreHashed)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
