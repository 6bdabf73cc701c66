// Kernels of the Cubic Eight-Puzzle on the 3x3 board: table lookups (queries a second), loading the
// cached table, building one start's table, and whole searches (IDA* with the walk bound, the
// baseline's mismatch bound, bidirectional search) over one fixed set of random goals.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "plumb/puzzles/cubic_bound.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/search/ida_star.hpp"

namespace {

namespace cubic = plumb::puzzles::cubic;

std::vector<cubic::Dataset> random_datasets(int count) {
  std::mt19937_64 rng(1);
  std::vector<cubic::Dataset> datasets(count);
  for (cubic::Dataset& dataset : datasets) {
    dataset.start_empty = static_cast<int>(rng() % 9);
    dataset.goal.empty = static_cast<int>(rng() % 9);
    for (int cell = 0; cell < 9; ++cell) {
      const unsigned value =
          cell == dataset.goal.empty ? cubic::kEmptyView : static_cast<unsigned>(rng() % 3);
      dataset.goal.fields = cubic::with_field(dataset.goal.fields, cell, value);
    }
  }
  return datasets;
}

const cubic::ViewTable& contest_table() {
  static const cubic::ViewTable table = [] {
    plumb::search::SearchStats stats;
    return *cubic::ViewTable::build(cubic::Board{}, {}, stats);
  }();
  return table;
}

void BM_CubicTableLookup(benchmark::State& state) {
  const cubic::ViewTable& table = contest_table();
  const auto datasets = random_datasets(4096);
  int sum = 0;
  for (auto _ : state) {
    for (const cubic::Dataset& dataset : datasets)
      sum += cubic::solve_with_table(table, dataset, 30).moves;
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * datasets.size()));
}
BENCHMARK(BM_CubicTableLookup);

void BM_CubicTableLoad(benchmark::State& state) {
  const auto cache = std::filesystem::temp_directory_path() / "plumb-cubic-bench-cache";
  ::setenv("PLUMB_CACHE", cache.c_str(), 1);
  contest_table().save();
  for (auto _ : state) benchmark::DoNotOptimize(cubic::ViewTable::load(cubic::Board{}));
  state.counters["bytes"] = static_cast<double>(contest_table().size_bytes());
  std::filesystem::remove_all(cache);
  ::unsetenv("PLUMB_CACHE");
}
BENCHMARK(BM_CubicTableLoad)->Unit(benchmark::kMillisecond);

// One start's breadth-first search and reduction to top views: range(0) is the start cell.
void BM_CubicTableOneStart(benchmark::State& state) {
  plumb::search::SearchStats stats;
  for (auto _ : state) {
    benchmark::DoNotOptimize(cubic::ViewTable::least_moves_from(
        cubic::Board{}, static_cast<int>(state.range(0)), {}, stats));
  }
  state.counters["expanded"] = static_cast<double>(stats.expanded);
}
BENCHMARK(BM_CubicTableOneStart)
    ->Arg(0)
    ->Arg(1)
    ->Arg(4)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);

template <class Solve>
void solve_all(benchmark::State& state, Solve solve) {
  const auto datasets = random_datasets(static_cast<int>(state.range(0)));
  std::uint64_t expanded = 0;
  for (auto _ : state) {
    expanded = 0;
    for (const cubic::Dataset& dataset : datasets) expanded += solve(dataset);
  }
  state.counters["expanded"] = static_cast<double>(expanded);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * datasets.size()));
}

void BM_CubicIdaWalkBound(benchmark::State& state) {
  solve_all(state, [](const cubic::Dataset& d) {
    return cubic::solve_ida(cubic::Board{}, d, 30).stats.expanded;
  });
}
BENCHMARK(BM_CubicIdaWalkBound)->Arg(40)->Unit(benchmark::kMillisecond);

void BM_CubicIdaMismatchBound(benchmark::State& state) {
  solve_all(state, [](const cubic::Dataset& d) {
    const cubic::CubicDomain domain(cubic::Board{}, d.goal);
    plumb::search::SearchLimits limits;
    limits.max_depth = 30;
    return plumb::search::ida_star(domain, domain.start(d.start_empty),
                                   cubic::MismatchBound(domain), limits)
        .stats.expanded;
  });
}
BENCHMARK(BM_CubicIdaMismatchBound)->Arg(40)->Unit(benchmark::kMillisecond);

void BM_CubicBidirectional(benchmark::State& state) {
  solve_all(state, [](const cubic::Dataset& d) {
    return cubic::solve_bidirectional(cubic::Board{}, d, 30).stats.expanded;
  });
}
BENCHMARK(BM_CubicBidirectional)->Arg(40)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
