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

// The meet-in-the-middle search (pegs_solve.hpp): breadth-first layers forward from the start and
// forward from ~goal, the dual side, whose layer j holds the complements of the positions j moves
// from the goal. A meeting (i, j) is a position y of forward layer i with ~y in dual layer j: a
// solution of i + j moves. With the sides A and B layers deep and no meeting among them, no
// solution has A + B moves or fewer (split it at min(A, its length)), so the layer grown next
// (on the smaller side) can only meet the other side's last one, in A + B + 1 moves. From a
// contest start (~goal itself) the two sides are one: each layer a serves as both, meeting a - 1
// (2a - 1 moves) or a (2a).
class MeetSearch {
 public:
  MeetSearch(const PegBoard& board, PegSet start, int goal_hole, const SearchContext& context,
             SearchStats& stats)
      : board_(board),
        start_(start),
        dual_start_(board.start(goal_hole)),
        dual_(start == dual_start_ ? &forward_ : &own_dual_),
        stats_(stats),
        budget_(context, stats),
        max_depth_(context.limits.max_depth) {}

  // The smallest shortest solution; nothing when there is none, or none within max_depth
  // (depth_limit), or a limit or a cancellation stopped the search (stats.reason says which).
  std::optional<std::vector<PegMove>> run() {
    forward_.push_back({start_});
    if (!one_side()) dual_->push_back({dual_start_});
    std::optional<Meeting> met = meeting(0, 0);
    for (;;) {
      stats_.depth = static_cast<Cost>(std::max(forward_.size(), dual_->size()) - 1);
      if (met) {
        length_ = met->forward + met->dual;
        stats_.depth = length_;
        if (length_ > max_depth_) return stopped_by_depth();
        if (!mark_first_half(*met)) break;
        budget_.finish(StopReason::solved);
        return smallest_shortest_walk(board_, start_, length_,
                                      [&](PegSet next, int k) { return on_path(next, k); });
      }
      const std::size_t forward_depth = forward_.size() - 1, dual_depth = dual_->size() - 1;
      if (forward_depth + dual_depth + 1 > static_cast<std::size_t>(max_depth_))
        return stopped_by_depth();
      if (one_side()) {
        if (!grow(forward_)) break;
        met = meeting(forward_depth, forward_depth + 1);
        if (!met) met = meeting(forward_depth + 1, forward_depth + 1);
      } else if (forward_.back().size() <= dual_->back().size()) {
        if (!grow(forward_)) break;
        met = meeting(forward_depth + 1, dual_depth);
      } else {
        if (!grow(*dual_)) break;
        met = meeting(forward_depth, dual_depth + 1);
      }
    }
    budget_.finish(StopReason::exhausted);  // keeps the reason of a limit that stopped it
    return std::nullopt;
  }

 private:
  struct Meeting {
    int forward;  // the depth of the forward layer
    int dual;     // the depth of the dual layer
  };

  bool one_side() const { return dual_ == &forward_; }

  // Calls f(y) for every y of forward layer i whose complement is in dual layer j, in increasing
  // order (the complement reverses the order, so this is one merge of two sorted layers).
  template <class F>
  void for_each_meeting(std::size_t i, std::size_t j, F&& f) const {
    const Layer& dual = (*dual_)[j];
    const Layer& forward = forward_[i];
    std::size_t k = 0;
    for (auto x = dual.rbegin(); x != dual.rend() && k < forward.size(); ++x) {
      const PegSet complement = board_.complement(*x);
      while (k < forward.size() && forward[k] < complement) ++k;
      if (k < forward.size() && forward[k] == complement) f(complement);
    }
  }

  // The meeting (i, j), if forward layer i and dual layer j meet.
  std::optional<Meeting> meeting(std::size_t i, std::size_t j) const {
    bool met = false;
    for_each_meeting(i, j, [&](PegSet) { met = true; });
    if (!met) return std::nullopt;
    return Meeting{static_cast<int>(i), static_cast<int>(j)};
  }

  std::nullopt_t stopped_by_depth() {
    budget_.finish(StopReason::depth_limit);
    return std::nullopt;
  }

  // Appends the next layer to `side`; false when there is none (no solution) or a limit stopped
  // the search.
  bool grow(std::vector<Layer>& side) {
    LayerBuilder builder(board_.holes(), budget_);
    std::uint64_t generated = 0;
    bool room = true;
    for (const PegSet s : side.back()) {
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
    for (const Layer& seen : side) remove_seen(next, seen);
    stats_.generated += generated;
    stats_.duplicates += generated - next.size();
    ++stats_.iterations;
    stored_ += next.size();
    budget_.note_stored(stored_);
    if (!budget_.check() || next.empty()) return false;
    side.push_back(std::move(next));
    return true;
  }

  // Whether `next`, a successor of a position at forward depth k, is length_ - k - 1 moves from
  // the goal. Near the goal that distance is the dual depth of ~next; further away only the marked
  // positions of depth k + 1 qualify.
  bool on_path(PegSet next, int k) const {
    const auto to_goal = static_cast<std::size_t>(length_ - k - 1);
    if (to_goal < dual_->size()) return contains((*dual_)[to_goal], board_.complement(next));
    return contains(marked_[static_cast<std::size_t>(k + 1)], next);
  }

  // Marks the positions on a shortest path at forward depths `met.forward` down to 1: there,
  // those that meet dual layer `met.dual`; before it, the predecessors of marked positions that
  // lie in their own layer. False if a limit stopped it.
  bool mark_first_half(Meeting met) {
    const auto middle = static_cast<std::size_t>(met.forward);
    marked_.assign(middle + 1, {});
    for_each_meeting(middle, static_cast<std::size_t>(met.dual),
                     [&](PegSet y) { marked_[middle].push_back(y); });
    Layer scratch;
    for (int depth = met.forward - 1; depth >= 1; --depth) {
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
      keep_common(marked, forward_[static_cast<std::size_t>(depth)]);
      stored_ += marked.size();
      budget_.note_stored(stored_);
    }
    return true;
  }

  const PegBoard& board_;
  PegSet start_;
  PegSet dual_start_;  // ~goal
  std::vector<Layer>
      forward_;  // forward_[k]: the positions first reached from the start in k moves
  std::vector<Layer> own_dual_;
  std::vector<Layer>* dual_;  // (*dual_)[k]: the complements of the positions k moves from the goal
  std::vector<Layer> marked_;  // marked_[k]: those of forward_[k] on a shortest path (first half)
  SearchStats& stats_;
  Budget budget_;
  Cost max_depth_;
  int length_ = 0;
  std::uint64_t stored_ = 1;
};

PegsSolution solve_by_meeting(const PegBoard& board, PegSet start, int goal_hole,
                              const SearchContext& context) {
  PegsSolution solution;
  MeetSearch search(board, start, goal_hole, context, solution.stats);
  solution.moves = search.run();
  return solution;
}

// dist(x, goal) = dist(~goal, ~x) by self-duality: one table from ~goal answers every start.
PegsSolution solve_by_table(const PegBoard& board, PegSet start, int goal_hole,
                            const SearchContext& context) {
  const PegsDomain domain(board, goal_hole);
  const std::array<PegSet, 1> starts{board.start(goal_hole)};
  const search::DistanceTable table =
      search::distance_table(domain, std::span<const PegSet>(starts), context);
  PegsSolution solution;
  solution.stats = table.stats;
  if (search::is_limit(table.stats.reason)) return solution;
  const std::uint8_t length = table.distances[board.complement(start)];
  if (length == search::DistanceTable::kUnreached) return solution;
  solution.stats.reason = StopReason::solved;
  solution.stats.depth = length;
  solution.moves = smallest_shortest_walk(board, start, length, [&](PegSet next, int k) {
    return table.distances[board.complement(next)] == length - k - 1;
  });
  return solution;
}

}  // namespace

PegsSolution solve_pegs(const PegBoard& board, PegSet start, int goal_hole, PegsAlgorithm algorithm,
                        const SearchContext& context) {
  assert(goal_hole >= 0 && goal_hole < board.holes() && (start & ~board.all_holes()) == 0);
  return algorithm == PegsAlgorithm::meet ? solve_by_meeting(board, start, goal_hole, context)
                                          : solve_by_table(board, start, goal_hole, context);
}

PegsExploration explore_pegs(const PegBoard& board, PegSet start, const SearchContext& context,
                             std::size_t keep_deepest) {
  const PegsDomain domain(board, 0);  // the goal plays no part in exploring
  const std::array<PegSet, 1> starts{start};
  auto explored = search::explore(domain, std::span<const PegSet>(starts), context, keep_deepest);
  return {std::move(explored.layer_sizes), std::move(explored.deepest), explored.stats};
}

}  // namespace plumb::puzzles
