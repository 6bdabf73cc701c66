// Kernels of the sliding puzzle: permutation ranking (full, k-permutation, parity class), the
// domain's rank and unrank, the heuristics, one walk down the 3x3 distance table, and IDA* on a
// 15-puzzle.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "plumb/encode/permutation_rank.hpp"
#include "plumb/puzzles/sliding_solve.hpp"
#include "plumb/puzzles/sliding_io.hpp"

namespace {

using namespace plumb;

// 256 random permutations of n values.
std::vector<std::vector<std::uint8_t>> random_permutations(std::size_t n) {
  std::mt19937_64 random(n);
  std::vector<std::vector<std::uint8_t>> perms(256, std::vector<std::uint8_t>(n));
  for (auto& perm : perms) {
    std::iota(perm.begin(), perm.end(), std::uint8_t{0});
    std::shuffle(perm.begin(), perm.end(), random);
  }
  return perms;
}

void BM_RankPermutation(benchmark::State& state) {
  const auto perms = random_permutations(static_cast<std::size_t>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(encode::rank_permutation(perms[i++ & 255]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RankPermutation)->Arg(9)->Arg(12)->Arg(16)->Arg(20);

void BM_UnrankPermutation(benchmark::State& state) {
  const std::size_t n = static_cast<std::size_t>(state.range(0));
  std::vector<std::uint8_t> perm(n);
  std::uint64_t rank = 0;
  const std::uint64_t count = encode::count_permutations(n);
  for (auto _ : state) {
    encode::unrank_permutation(rank, perm);
    benchmark::DoNotOptimize(perm.data());
    rank = (rank + 0x9e3779b97f4a7c15ULL) % count;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_UnrankPermutation)->Arg(9)->Arg(12)->Arg(16)->Arg(20);

void BM_RankParityClass(benchmark::State& state) {
  const auto perms = random_permutations(static_cast<std::size_t>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(encode::rank_parity_class(perms[i++ & 255]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RankParityClass)->Arg(8)->Arg(11);

// The cells of 6 tiles on a 16-cell board: a pattern-database index.
void BM_RankPartial(benchmark::State& state) {
  auto perms = random_permutations(16);
  for (auto& perm : perms) perm.resize(static_cast<std::size_t>(state.range(0)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(encode::rank_partial(perms[i++ & 255], 16));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RankPartial)->Arg(6)->Arg(8);

puzzles::SlidingState scrambled(const puzzles::SlidingDomain& d, int steps, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  puzzles::SlidingState s = d.goal();
  for (int i = 0; i < steps; ++i) {
    std::vector<puzzles::SlidingMove> moves;
    d.for_each_move(s, [&](puzzles::SlidingMove m) { moves.push_back(m); });
    d.apply(s, moves[random() % moves.size()]);
  }
  return s;
}

void BM_SlidingRankUnrank(benchmark::State& state) {
  const int rows = static_cast<int>(state.range(0)), cols = static_cast<int>(state.range(1));
  const puzzles::RankedSlidingDomain d(
      rows, cols, puzzles::ordered_sliding_goal(rows, cols, puzzles::BlankPlace::last));
  std::uint64_t rank = 0;
  for (auto _ : state) {
    const puzzles::SlidingState s = d.unrank(rank);
    rank = (d.rank(s) + 0x9e3779b97f4a7c15ULL) % d.num_states();
  }
  benchmark::DoNotOptimize(rank);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SlidingRankUnrank)->Args({3, 3})->Args({3, 4})->Args({4, 4});

template <class Heuristic>
void BM_Heuristic(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const puzzles::SlidingDomain d(
      side, side, puzzles::ordered_sliding_goal(side, side, puzzles::BlankPlace::first));
  const Heuristic h(d);
  std::vector<puzzles::SlidingState> states;
  for (int i = 0; i < 64; ++i) states.push_back(scrambled(d, 200, static_cast<std::uint64_t>(i)));
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(h(states[i++ & 63]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Heuristic<puzzles::SlidingManhattan>)->Arg(4)->Arg(5);
BENCHMARK(BM_Heuristic<puzzles::SlidingLinearConflicts>)->Arg(4)->Arg(5);

// One 3x3 query answered from the table (built before timing starts).
void BM_TableQuery(benchmark::State& state) {
  puzzles::SlidingSolver solver({3, 3},
                                puzzles::ordered_sliding_goal(3, 3, puzzles::BlankPlace::last));
  const puzzles::SlidingAlgorithm& table = *puzzles::find_sliding_algorithm("table");
  puzzles::SlidingSolution solution;
  std::vector<puzzles::SlidingState> starts;
  for (int i = 0; i < 64; ++i)
    starts.push_back(scrambled(solver.domain(), 101, static_cast<std::uint64_t>(i)));
  solver.solve(starts[0], table, {}, solution);
  std::size_t i = 0;
  for (auto _ : state) {
    solver.solve(starts[i++ & 63], table, {}, solution);
    benchmark::DoNotOptimize(solution.moves.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TableQuery);

// IDA* with linear conflicts on Korf's instance 55 (41 moves).
void BM_IdaKorf55(benchmark::State& state) {
  puzzles::SlidingSolver solver({4, 4},
                                puzzles::ordered_sliding_goal(4, 4, puzzles::BlankPlace::first));
  puzzles::SlidingState start;
  puzzles::read_board("13 8 14 3 9 1 0 7 15 5 4 10 12 2 6 11", {4, 4}, start);
  puzzles::SlidingSolution solution;
  std::uint64_t expanded = 0;
  for (auto _ : state) {
    solver.solve(start, *puzzles::find_sliding_algorithm("ida"), {}, solution);
    expanded += solution.stats.expanded;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_IdaKorf55)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
