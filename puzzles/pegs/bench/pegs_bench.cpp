// Kernels of Moving Pegs: jump generation, and whole solves of every start hole of a triangle by
// the meet-in-the-middle solver (the default) and by the engine's distance table, with the
// positions each expanded and stored as counters.
#include <benchmark/benchmark.h>

#include <random>

#include "plumb/puzzles/pegs.hpp"
#include "plumb/puzzles/pegs_solve.hpp"

namespace {

using namespace plumb;
using puzzles::PegBoard;
using puzzles::PegSet;

void BM_PegsJumps(benchmark::State& state) {
  const PegBoard board(static_cast<int>(state.range(0)));
  std::mt19937_64 rng(1);
  std::vector<PegSet> positions(4096);
  for (PegSet& s : positions) s = rng() & board.all_holes();
  std::uint64_t jumps = 0;
  for (auto _ : state) {
    for (const PegSet s : positions)
      board.for_each_move(s, [&](puzzles::PegMove, PegSet next) { jumps += next & 1; });
  }
  benchmark::DoNotOptimize(jumps);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * positions.size()));
}
BENCHMARK(BM_PegsJumps)->Arg(5)->Arg(7);

// Solves every start hole of a triangle of range(0) rows once an iteration.
void solve_every_hole(benchmark::State& state, puzzles::PegsAlgorithm algorithm) {
  const PegBoard board(static_cast<int>(state.range(0)));
  std::uint64_t expanded = 0, stored = 0;
  for (auto _ : state) {
    expanded = stored = 0;
    for (int empty = 0; empty < board.holes(); ++empty) {
      const puzzles::PegsSolution solution = puzzles::solve_pegs(board, empty, algorithm);
      benchmark::DoNotOptimize(solution.moves);
      expanded += solution.stats.expanded;
      stored += solution.stats.peak_stored;
    }
  }
  state.counters["expanded"] = static_cast<double>(expanded);
  state.counters["stored"] = static_cast<double>(stored);
}

void BM_PegsMeetEveryHole(benchmark::State& state) {
  solve_every_hole(state, puzzles::PegsAlgorithm::meet);
}
BENCHMARK(BM_PegsMeetEveryHole)->Arg(5)->Arg(6)->Arg(7)->Unit(benchmark::kMillisecond);

void BM_PegsTableEveryHole(benchmark::State& state) {
  solve_every_hole(state, puzzles::PegsAlgorithm::table);
}
BENCHMARK(BM_PegsTableEveryHole)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
