// plumb/search/stats.hpp: the statistics every search reports, and the result types it returns.
//
// SearchStats is the same for every algorithm, so that the program prints one format (--stats) and
// benchmarks compare like with like. `reason` says why the search stopped; only `solved` carries
// moves.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "plumb/search/domain.hpp"

namespace plumb::search {

enum class StopReason {
  solved,       // a goal was reached; the moves are optimal
  exhausted,    // every reachable state (within any depth bound) was searched: there is no solution
  depth_limit,  // the depth or cost bound was reached before a goal
  node_limit,   // SearchLimits::max_nodes expansions were spent
  time_limit,   // SearchLimits::max_seconds elapsed
  memory_limit,  // the process grew past SearchLimits::max_memory_bytes
  cancelled,     // SearchContext::cancel() was called (by another thread)
};

constexpr std::string_view to_string(StopReason reason) {
  switch (reason) {
    case StopReason::solved:
      return "solved";
    case StopReason::exhausted:
      return "exhausted";
    case StopReason::depth_limit:
      return "depth limit";
    case StopReason::node_limit:
      return "node limit";
    case StopReason::time_limit:
      return "time limit";
    case StopReason::memory_limit:
      return "memory limit";
    case StopReason::cancelled:
      return "cancellation";
  }
  return "unknown";
}

// True for the reasons that mean "the search was cut short", as opposed to a definite answer.
constexpr bool is_limit(StopReason reason) {
  return reason == StopReason::node_limit || reason == StopReason::time_limit ||
         reason == StopReason::memory_limit || reason == StopReason::cancelled;
}

struct SearchStats {
  std::uint64_t expanded = 0;    // states whose successors were generated
  std::uint64_t generated = 0;   // successors generated
  std::uint64_t duplicates = 0;  // successors discarded as already seen (or as the parent, in IDA*)
  std::uint64_t peak_stored = 0;  // the most states held at once (tables, frontiers, the IDA* path)
  std::uint64_t iterations = 0;   // IDA* iterations, BFS layers, bidirectional layers
  Cost depth = 0;                 // the current layer, f-bound or depth reached
  double seconds = 0;             // wall-clock time
  StopReason reason = StopReason::exhausted;
  // In a progress report of work whose whole is known in advance (a pattern database build: the
  // entries written over all of them), the fraction done, above 0 and at most 1; 0 where unknown.
  // Not summed: it describes one piece of work as it runs.
  double done = 0;

  SearchStats& operator+=(const SearchStats& other) {
    expanded += other.expanded;
    generated += other.generated;
    duplicates += other.duplicates;
    peak_stored = peak_stored > other.peak_stored ? peak_stored : other.peak_stored;
    iterations += other.iterations;
    depth = depth > other.depth ? depth : other.depth;
    seconds += other.seconds;
    return *this;
  }
};

// What a search that supports the choice returns of a solution: its moves, or its cost alone (then
// it keeps no parent pointers: less time and memory where only the length is printed).
enum class Answer { moves, cost_only };

template <Domain D>
struct SearchResult {
  // Present exactly when stats.reason is solved, unless the search was asked for Answer::cost_only.
  std::optional<std::vector<typename D::Move>> moves;
  Cost cost = 0;  // the solution's cost, when solved
  SearchStats stats;

  bool solved() const { return stats.reason == StopReason::solved; }
};

}  // namespace plumb::search
