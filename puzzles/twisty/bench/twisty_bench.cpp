// Kernels of twisty puzzles: a coordinate's move, chained (each rank the one before it moved, as a
// search's path makes them, so each costs its latency), for the three layouts of move tables:
// whole (a row per rank), parted (a placement's combination and arrangement apart) and split (a
// placement's pieces' turns apart); and building the parted table of the dino's 6 of 12 edges.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"
#include "plumb/puzzles/twisty_shipped.hpp"

namespace {

namespace twisty = plumb::puzzles::twisty;

// Move tables kept in the cache go to a folder of this run's, removed at the end.
class TemporaryCache {
 public:
  TemporaryCache() : folder_(std::filesystem::temp_directory_path() / "plumb-twisty-bench-cache") {
    std::filesystem::remove_all(folder_);
    ::setenv("PLUMB_CACHE", folder_.c_str(), 1);
  }
  ~TemporaryCache() {
    std::filesystem::remove_all(folder_);
    ::unsetenv("PLUMB_CACHE");
  }
  TemporaryCache(const TemporaryCache&) = delete;
  TemporaryCache& operator=(const TemporaryCache&) = delete;

 private:
  std::filesystem::path folder_;
};

twisty::TwistyDefinition shipped(const char* name) {
  return twisty::read_ksolve(std::string(*twisty::shipped_definition(name)), name);
}

// The first `pieces` edges (the last set) of the puzzle, each its own group.
twisty::Coordinate first_edges(const twisty::TwistyDefinition& definition,
                               twisty::Coordinate::Kind kind, int pieces) {
  const int edges = static_cast<int>(definition.sets.size()) - 1;
  std::vector<int> group_of(definition.sets[edges].labels, -1);
  for (int label = 0; label < pieces; ++label) group_of[label] = label;
  return twisty::Coordinate(definition, edges, kind, group_of);
}

// range(0): the puzzle (0 dino, 1 3x3x3); range(1): how many edges; range(2): 1 for their turns.
void BM_TwistyChainedMoves(benchmark::State& state) {
  const TemporaryCache cache;
  const twisty::TwistyDefinition definition = shipped(state.range(0) == 0 ? "dino" : "3x3x3");
  const auto kind =
      state.range(2) == 1 ? twisty::Coordinate::Kind::both : twisty::Coordinate::Kind::placement;
  twisty::Coordinate coordinate = first_edges(definition, kind, static_cast<int>(state.range(1)));
  if (!coordinate.build_move_table(definition, std::uint64_t{1} << 25)) {
    state.SkipWithError("no move table");
    return;
  }
  std::mt19937 random(1);
  std::vector<std::size_t> moves(1 << 16);
  for (std::size_t& move : moves) move = random() % definition.moves.size();
  std::uint64_t rank = 0;
  for (auto _ : state) {
    for (const std::size_t move : moves) rank = coordinate.after(rank, move);
    benchmark::DoNotOptimize(rank);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * moves.size()));
  state.SetLabel(coordinate.describe(definition) + (coordinate.parted() ? ", parted" : ""));
}
BENCHMARK(BM_TwistyChainedMoves)
    ->Args({0, 4, 0})   // whole: 11,880 placements
    ->Args({0, 6, 0})   // parted: 665,280 placements
    ->Args({1, 6, 0})   // parted
    ->Args({1, 6, 1});  // split: 665,280 placements by 64 turns

// Filling the dino's 6 of 12 edges' parted table (an empty cache each time: filled, then written).
void BM_TwistyPartedTable(benchmark::State& state) {
  const twisty::TwistyDefinition definition = shipped("dino");
  for (auto _ : state) {
    const TemporaryCache cache;
    twisty::Coordinate coordinate = first_edges(definition, twisty::Coordinate::Kind::placement, 6);
    benchmark::DoNotOptimize(coordinate.build_move_table(definition, std::uint64_t{1} << 25));
  }
}
BENCHMARK(BM_TwistyPartedTable)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
