// Kernels of the pattern databases: placement ranking (the index of every lookup), the build of a
// small database (4x4, 5 and 6 tiles: the breadth-first search in rank space), and IDA* over the
// 15- puzzle's 5-5-5 databases on fixed random instances, with nodes a second as a counter. The
// full 7-8 and 6-6-6-6 workloads (one-time builds of minutes, Korf's 100) are in bench/korf.sh.
#include <benchmark/benchmark.h>

#include <random>

#include "plumb/pdb/placement_index.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"

namespace {

using namespace plumb;

void BM_PlacementRank(benchmark::State& state) {
  const auto pieces = static_cast<unsigned>(state.range(0));
  const pdb::PlacementIndex index(16, pieces);
  std::mt19937_64 random(1);
  std::vector<std::uint8_t> cells(4096 * pieces);
  for (std::size_t i = 0; i < 4096; ++i)
    index.unrank(random() % index.size(), std::span(&cells[i * pieces], pieces));
  std::uint64_t sum = 0;
  for (auto _ : state) {
    for (std::size_t i = 0; i < 4096; ++i)
      sum += index.rank(std::span<const std::uint8_t>(&cells[i * pieces], pieces));
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * 4096));
}
BENCHMARK(BM_PlacementRank)->Arg(6)->Arg(8);

// Args: tiles 1..n, threads, the board's side (4: cell slots; 5: more than 16 free cells, region
// slots).
void BM_BuildPattern(benchmark::State& state) {
  const auto side = static_cast<unsigned>(state.range(2));
  puzzles::SlidingPartition partition{"bench", side, side, {{}}};
  for (int tile = 1; tile <= state.range(0); ++tile)
    partition.patterns[0].push_back(static_cast<std::uint8_t>(tile));
  const auto threads = static_cast<unsigned>(state.range(1));
  search::SearchStats stats;
  for (auto _ : state)
    benchmark::DoNotOptimize(puzzles::build_sliding_pdb(partition, 0, {}, threads, &stats));
  state.counters["entries"] = static_cast<double>(puzzles::sliding_pdb_entries(partition, 0));
  state.counters["moves/s"] = benchmark::Counter(
      static_cast<double>(stats.generated) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
}
BENCHMARK(BM_BuildPattern)
    ->Args({5, 1, 4})
    ->Args({6, 1, 4})
    ->Args({6, 2, 4})
    ->Args({5, 1, 5})
    ->Unit(benchmark::kMillisecond);

void BM_Solve15With555(benchmark::State& state) {
  const puzzles::SlidingPartition& partition = *puzzles::find_sliding_partition("15-555");
  puzzles::SlidingPdbSet set{partition, {}};
  for (std::size_t p = 0; p < partition.patterns.size(); ++p) {
    set.databases.push_back({puzzles::sliding_pdb_header(partition, p),
                             *puzzles::build_sliding_pdb(partition, p, {}, 2)});
  }
  // Random walks from the goal: fixed, moderately hard instances.
  std::vector<std::vector<std::uint8_t>> boards;
  std::mt19937 random(5);
  for (int i = 0; i < 8; ++i) {
    std::vector<std::uint8_t> board(16);
    for (unsigned c = 0; c < 16; ++c) board[c] = static_cast<std::uint8_t>(c);
    unsigned blank = 0;
    for (int step = 0; step < 60; ++step) {
      const int dr[] = {-4, 4, -1, 1};
      const int d = static_cast<int>(random() % 4);
      const int to = static_cast<int>(blank) + dr[d];
      if (to < 0 || to >= 16 || (d >= 2 && to / 4 != static_cast<int>(blank) / 4)) continue;
      std::swap(board[blank], board[static_cast<unsigned>(to)]);
      blank = static_cast<unsigned>(to);
    }
    boards.push_back(board);
  }
  std::vector<std::uint8_t> goal(16);
  for (unsigned c = 0; c < 16; ++c) goal[c] = static_cast<std::uint8_t>(c);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    for (const auto& board : boards)
      nodes += puzzles::solve_sliding_pdb(set, board, goal, {}, 1).stats.generated;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Solve15With555)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
