// Moving Pegs: the lexicographically smallest shortest solution by a meet-in-the-middle over the
// board's self-duality, or by the engine's distance table, and exploration (pegs_solve.hpp).
#include "plumb/puzzles/pegs_solve.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <optional>
#include <utility>

#include "plumb/search/distance_table.hpp"
#include "plumb/search/explore.hpp"

namespace plumb::puzzles {
namespace {

using search::Budget;
using search::SearchContext;
using search::SearchStats;
using search::StopReason;
using Layer = std::vector<PegSet>;  // sorted, without repeats

bool contains(const Layer& layer, PegSet s) {
  return std::binary_search(layer.begin(), layer.end(), s);
}

// Sorts `positions`, all below 2^bits, and drops repeats: a least-significant-digit radix sort,
// 11 bits a pass (Knuth, TAOCP vol. 3, 5.2.5), O(n * bits / 11) with `scratch` as large as the
// input.
void sort_unique(Layer& positions, int bits, Layer& scratch) {
  constexpr int kDigitBits = 11;
  constexpr std::size_t kBuckets = std::size_t{1} << kDigitBits;
  scratch.resize(positions.size());
  for (int shift = 0; shift < bits; shift += kDigitBits) {
    std::array<std::size_t, kBuckets> start{};
    for (const PegSet s : positions) ++start[(s >> shift) & (kBuckets - 1)];
    std::size_t offset = 0;
    for (std::size_t& bucket : start) offset += std::exchange(bucket, offset);
    for (const PegSet s : positions) scratch[start[(s >> shift) & (kBuckets - 1)]++] = s;
    positions.swap(scratch);
  }
  positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
}

// Removes from `layer` every position of `seen`, in place; both sorted.
void remove_seen(Layer& layer, const Layer& seen) {
  std::size_t kept = 0, j = 0;
  for (const PegSet s : layer) {
    while (j < seen.size() && seen[j] < s) ++j;
    if (j < seen.size() && seen[j] == s) continue;
    layer[kept++] = s;
  }
  layer.resize(kept);
}

// Keeps only the positions of `layer` that are in `other`, in place; both sorted.
void keep_common(Layer& layer, const Layer& other) {
  std::size_t kept = 0, j = 0;
  for (const PegSet s : layer) {
    while (j < other.size() && other[j] < s) ++j;
    if (j < other.size() && other[j] == s) layer[kept++] = s;
  }
  layer.resize(kept);
}

// Collects positions with repeats and keeps them sorted and unique, compacting whenever the buffer
// doubles, so that it holds about twice the distinct positions at most. The buffer and the sort's
// scratch grow through the budget.
class LayerBuilder {
 public:
  LayerBuilder(int bits, Budget& budget) : bits_(bits), budget_(budget) {}

  // Adds a position; false (with the budget stopped) when the memory limit leaves no room for it.
  bool add(PegSet s) {
    if (!budget_.make_room(positions_)) return false;
    positions_.push_back(s);
    return positions_.size() < compact_at_ || compact();
  }
  // The layer, or nothing when the memory limit left no room to sort it.
  std::optional<Layer> finish() {
    if (!compact()) return std::nullopt;
    return std::move(positions_);
  }

 private:
  bool compact() {
    if (scratch_.capacity() < positions_.size() &&
        !budget_.make_room(scratch_, positions_.size() - scratch_.size())) {
      return false;
    }
    sort_unique(positions_, bits_, scratch_);
    compact_at_ = std::max(compact_at_, 2 * positions_.size());
    return true;
  }

  int bits_;
  Budget& budget_;
  Layer positions_, scratch_;
  std::size_t compact_at_ = std::size_t{1} << 20;
};

// The greedy walk: from the start, `length` times the smallest jump whose result still lies on a
// shortest path; on_path(next, k) says whether `next`, reached in k + 1 moves, is `length - k - 1`
// moves from the goal.
template <class OnPath>
std::vector<PegMove> smallest_shortest_walk(const PegBoard& board, PegSet start, int length,
                                            OnPath&& on_path) {
  std::vector<PegMove> moves;
  PegSet s = start;
  for (int k = 0; k < length; ++k) {
    bool found = false;
    board.for_each_move(s, [&](PegMove move, PegSet next) {
      if (found || !on_path(next, k)) return;
      found = true;
      moves.push_back(move);
      s = next;
    });
    assert(found);
  }
  return moves;
}

// The meet-in-the-middle search from the start alone (pegs_solve.hpp).
class MeetSearch {
 public:
  MeetSearch(const PegBoard& board, int empty, const SearchContext& context, SearchStats& stats)
      : board_(board),
        start_(board.start(empty)),
        stats_(stats),
        budget_(context, stats),
        max_depth_(context.limits.max_depth) {}

  // The smallest shortest solution; nothing when there is none, or none within max_depth
  // (depth_limit), or a limit or a cancellation stopped the search (stats.reason says which).
  std::optional<std::vector<PegMove>> run() {
    layers_.push_back({start_});
    for (;;) {
      const auto depth = static_cast<Cost>(layers_.size() - 1);
      stats_.depth = depth;
      if (const int other = meeting(); other >= 0) {
        length_ = depth + other;
        stats_.depth = length_;
        if (length_ > max_depth_) return stopped_by_depth();
        if (!mark_first_half(other)) break;
        budget_.finish(StopReason::solved);
        return smallest_shortest_walk(board_, start_, length_,
                                      [&](PegSet next, int k) { return on_path(next, k); });
      }
      // The next layer meets solutions of 2 depth + 1 moves and more.
      if (2 * depth + 1 > max_depth_) return stopped_by_depth();
      if (!grow()) break;
    }
    budget_.finish(StopReason::exhausted);  // keeps the reason of a limit that stopped it
    return std::nullopt;
  }

 private:
  // Calls f(~x) for every x of layers_[a] whose complement is in layers_[other], in increasing
  // order of ~x (the complement reverses the order, so this is one merge of two sorted layers).
  template <class F>
  void for_each_meeting(std::size_t a, std::size_t other, F&& f) const {
    const Layer& layer = layers_[a];
    const Layer& targets = layers_[other];
    std::size_t j = 0;
    for (auto x = layer.rbegin(); x != layer.rend() && j < targets.size(); ++x) {
      const PegSet complement = board_.complement(*x);
      while (j < targets.size() && targets[j] < complement) ++j;
      if (j < targets.size() && targets[j] == complement) f(complement);
    }
  }

  // With a the last layer: a - 1 if some x there has ~x at depth a - 1 (a solution of length
  // 2a - 1), else a if one has ~x at depth a (length 2a), else -1. Layers before a met nothing, so
  // no shorter solution exists, and a solution of length 2a - 1 or 2a has its middle at depth a.
  int meeting() const {
    const auto a = layers_.size() - 1;
    for (const std::size_t other : {a - 1, a}) {
      if (other > a) continue;  // a == 0 has no layer a - 1
      bool met = false;
      for_each_meeting(a, other, [&](PegSet) { met = true; });
      if (met) return static_cast<int>(other);
    }
    return -1;
  }

  std::nullopt_t stopped_by_depth() {
    budget_.finish(StopReason::depth_limit);
    return std::nullopt;
  }

  // Appends the next layer; false when there is none (no solution) or a limit stopped the search.
  bool grow() {
    LayerBuilder builder(board_.holes(), budget_);
    std::uint64_t generated = 0;
    bool room = true;
    for (const PegSet s : layers_.back()) {
      if (!budget_.charge()) return false;
      board_.for_each_move(s, [&](PegMove, PegSet next) {
        ++generated;
        room = room && builder.add(next);
      });
      if (!room) return false;
    }
    std::optional<Layer> built = builder.finish();
    if (!built) return false;
    Layer next = std::move(*built);
    for (const Layer& seen : layers_) remove_seen(next, seen);
    stats_.generated += generated;
    stats_.duplicates += generated - next.size();
    ++stats_.iterations;
    stored_ += next.size();
    budget_.note_stored(stored_);
    if (!budget_.check() || next.empty()) return false;
    layers_.push_back(std::move(next));
    return true;
  }

  // Whether `next`, a successor of a position at depth k, is length_ - k - 1 moves from the goal.
  // Near the goal that distance is the depth of ~next (self-duality); further away only the marked
  // positions of depth k + 1 qualify.
  bool on_path(PegSet next, int k) const {
    const auto to_goal = static_cast<std::size_t>(length_ - k - 1);
    if (to_goal < layers_.size()) return contains(layers_[to_goal], board_.complement(next));
    return contains(marked_[static_cast<std::size_t>(k + 1)], next);
  }

  // Marks the positions on a shortest path at depths `middle` = length_ - a down to 1: at the
  // middle, those whose complement is at depth a; before it, the predecessors of marked positions
  // that lie in their own layer. False if a limit stopped it.
  bool mark_first_half(int middle) {
    marked_.assign(static_cast<std::size_t>(middle) + 1, {});
    for_each_meeting(layers_.size() - 1, static_cast<std::size_t>(middle),
                     [&](PegSet y) { marked_[static_cast<std::size_t>(middle)].push_back(y); });
    Layer scratch;
    for (int depth = middle - 1; depth >= 1; --depth) {
      Layer& marked = marked_[static_cast<std::size_t>(depth)];
      for (const PegSet s : marked_[static_cast<std::size_t>(depth) + 1]) {
        if (!budget_.charge()) return false;
        bool room = true;
        board_.for_each_unmove(s, [&](PegMove, PegSet previous) {
          room = room && budget_.make_room(marked);
          if (room) marked.push_back(previous);
        });
        if (!room) return false;
      }
      if (!budget_.make_room(scratch, marked.size())) return false;
      sort_unique(marked, board_.holes(), scratch);
      keep_common(marked, layers_[static_cast<std::size_t>(depth)]);
      stored_ += marked.size();
      budget_.note_stored(stored_);
    }
    return true;
  }

  const PegBoard& board_;
  PegSet start_;
  SearchStats& stats_;
  Budget budget_;
  std::vector<Layer> layers_;  // layers_[k]: the positions first reached in k moves
  std::vector<Layer> marked_;  // marked_[k]: those of layers_[k] on a shortest path (first half)
  Cost max_depth_;
  int length_ = 0;
  std::uint64_t stored_ = 1;
};

PegsSolution solve_by_meeting(const PegBoard& board, int empty, const SearchContext& context) {
  PegsSolution solution;
  MeetSearch search(board, empty, context, solution.stats);
  solution.moves = search.run();
  return solution;
}

PegsSolution solve_by_table(const PegBoard& board, int empty, const SearchContext& context) {
  const PegsDomain domain(board, empty);
  const std::array<PegSet, 1> starts{board.start(empty)};
  const search::DistanceTable table =
      search::distance_table(domain, std::span<const PegSet>(starts), context);
  PegsSolution solution;
  solution.stats = table.stats;
  if (search::is_limit(table.stats.reason)) return solution;
  const std::uint8_t length = table.distances[board.goal(empty)];
  if (length == search::DistanceTable::kUnreached) return solution;
  solution.stats.reason = StopReason::solved;
  solution.stats.depth = length;
  solution.moves = smallest_shortest_walk(board, starts[0], length, [&](PegSet next, int k) {
    return table.distances[board.complement(next)] == length - k - 1;
  });
  return solution;
}

}  // namespace

PegsSolution solve_pegs(const PegBoard& board, int empty, PegsAlgorithm algorithm,
                        const SearchContext& context) {
  assert(empty >= 0 && empty < board.holes());
  return algorithm == PegsAlgorithm::meet ? solve_by_meeting(board, empty, context)
                                          : solve_by_table(board, empty, context);
}

PegsExploration explore_pegs(const PegBoard& board, int empty, const SearchContext& context,
                             std::size_t keep_deepest) {
  const PegsDomain domain(board, empty);
  const std::array<PegSet, 1> starts{board.start(empty)};
  auto explored = search::explore(domain, std::span<const PegSet>(starts), context, keep_deepest);
  return {std::move(explored.layer_sizes), std::move(explored.deepest), explored.stats};
}

}  // namespace plumb::puzzles
