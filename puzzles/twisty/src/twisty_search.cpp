// The searches of a twisty puzzle (twisty_search.hpp).
#include "plumb/puzzles/twisty_search.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>
#include <unordered_set>

#include "plumb/search/budget.hpp"

namespace plumb::puzzles::twisty {
namespace {

constexpr std::size_t kDeepestKept = 8;

std::uint8_t layer_value(int depth) {
  return static_cast<std::uint8_t>(depth % 15 + 1);
}

// The 4-bit entries of a breadth-first search that threads mark at random.
class SharedNibbles {
 public:
  explicit SharedNibbles(std::uint64_t size) : bytes_(pdb::NibbleArray::byte_count(size)) {}

  std::uint8_t get(std::uint64_t i) const { return pdb::NibbleArray::get(bytes_.data(), i); }
  // Marks entry i with `value` if it is 0; true if this call marked it.
  bool mark(std::uint64_t i, std::uint8_t value) {
    if (get(i) != 0) return false;
    const unsigned shift = (i & 1) * 4;
    const unsigned before =
        std::atomic_ref<unsigned char>(reinterpret_cast<unsigned char&>(bytes_[i >> 1]))
            .fetch_or(static_cast<unsigned char>(value << shift), std::memory_order_relaxed);
    return ((before >> shift) & 15) == 0;
  }
  std::vector<std::byte> release() { return std::move(bytes_); }

 private:
  std::vector<std::byte> bytes_;
};

}  // namespace

std::vector<std::size_t> metric_moves(const TwistyDefinition& definition, Metric metric) {
  std::vector<std::size_t> moves;
  for (std::size_t i = 0; i < definition.moves.size(); ++i)
    if (metric == Metric::half || definition.moves[i].quarter_turns == 1) moves.push_back(i);
  return moves;
}

std::optional<Layers> breadth_first(const TwistyDefinition& definition, const Pattern& pattern,
                                    const std::vector<std::size_t>& moves, int max_depth,
                                    unsigned threads, const search::SearchContext& context,
                                    search::SearchStats& stats, const Position* from) {
  const std::uint64_t size = pattern.size();
  search::Budget budget(context, stats);
  if (!budget.fits(pdb::NibbleArray::byte_count(size))) {
    budget.check();
    stats.reason = search::StopReason::memory_limit;
    return std::nullopt;
  }
  SharedNibbles entries = search::allocate_or_throw("a breadth-first search's layers",
                                                    pdb::NibbleArray::byte_count(size),
                                                    [&] { return SharedNibbles(size); });
  Position projection(definition.bytes, kUntracked);
  pattern.unrank(0, projection);  // every byte written: the untracked ones as kUntracked
  for (const Coordinate& coordinate : pattern.coordinates())
    coordinate.project(from != nullptr ? *from : definition.solved, projection);
  const std::uint64_t goal = pattern.rank(projection, true);
  entries.mark(goal, layer_value(0));

  Layers layers;
  layers.layer_sizes.push_back(1);
  layers.deepest.push_back(goal);
  const bool by_table = pattern.moves_by_table();
  // A pattern of the whole puzzle never enters a position an Illegal rule forbids (a pattern of
  // part of it follows every move: a relaxation, which bounds the puzzle's depths from below).
  const bool checks_legality = pattern.follows_illegal_rules();
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 14;  // even: a byte is one chunk's
  std::atomic<bool> stopped = false;
  std::uint64_t frontier_size = 1, reached = 1;
  // Each worker's own count and limits, for the whole search (a Budget times from its making).
  std::vector<search::SearchStats> worker_stats(threads);
  std::vector<search::Budget> budgets;
  budgets.reserve(threads);
  for (search::SearchStats& mine : worker_stats) budgets.emplace_back(context, mine);
  for (int depth = 0; depth < max_depth && !stopped; ++depth) {
    const std::uint8_t frontier = layer_value(depth), next = layer_value(depth + 1);
    std::atomic<std::uint64_t> next_chunk = 0, found = 0;
    std::vector<std::uint64_t> deepest;
    std::mutex deepest_mutex;
    // Backwards when the frontier outnumbers the ranks not reached: each of those looks for a
    // neighbour in the frontier (the moves are closed under inverses), most finding one soon.
    const bool backwards = by_table && frontier_size > size - reached;
    search::run_workers(threads, [&](unsigned worker) {
      search::SearchStats& mine = worker_stats[worker];
      search::Budget& worker_budget = budgets[worker];
      Position parent(definition.bytes, kUntracked), child(definition.bytes);
      std::vector<std::uint64_t> digits(pattern.coordinates().size()),
          child_digits(pattern.coordinates().size());
      std::uint64_t marked = 0;
      auto keep = [&](std::uint64_t rank) {
        ++marked;
        if (deepest.size() < kDeepestKept) {
          const std::lock_guard lock(deepest_mutex);
          if (deepest.size() < kDeepestKept) deepest.push_back(rank);
        }
      };
      while (!stopped.load(std::memory_order_relaxed)) {
        const std::uint64_t begin = next_chunk.fetch_add(kChunk);
        if (begin >= size) break;
        const std::uint64_t end = std::min(size, begin + kChunk);
        for (std::uint64_t rank = begin; rank < end; ++rank) {
          if (entries.get(rank) != (backwards ? 0 : frontier)) continue;
          if (!worker_budget.charge()) {
            stopped = true;
            break;
          }
          if (backwards) {
            pattern.split(rank, digits.data());
            if (checks_legality && !pattern.legal(digits.data())) continue;
            for (const std::size_t move : moves) {
              ++mine.generated;
              if (entries.get(pattern.after(digits.data(), move)) != frontier) continue;
              if (entries.mark(rank, next)) keep(rank);
              break;
            }
            continue;
          }
          if (by_table) {
            pattern.split(rank, digits.data());
          } else {
            pattern.unrank(rank, parent);
          }
          for (const std::size_t move : moves) {
            std::uint64_t reached_rank = 0;
            if (by_table) {
              reached_rank = pattern.after(digits.data(), move);
            } else {
              compose(definition, parent, definition.moves[move].effect, child);
              reached_rank = pattern.rank(child, true);
            }
            ++mine.generated;
            if (checks_legality) {
              pattern.split(reached_rank, child_digits.data());
              if (!pattern.legal(child_digits.data())) continue;
            }
            if (entries.mark(reached_rank, next)) keep(reached_rank);
          }
        }
      }
      found += marked;
    });
    ++stats.iterations;
    stats.depth = depth + 1;
    if (stopped || !budgets[0].check()) stopped = true;
    if (stopped) break;
    if (found == 0) {
      layers.complete = true;
      break;
    }
    frontier_size = found;
    reached += found;
    layers.layer_sizes.push_back(found);
    layers.deepest = std::move(deepest);
  }
  for (const search::SearchStats& worker : worker_stats) {
    stats.expanded += worker.expanded;
    stats.generated += worker.generated;
    if (worker.reason != search::StopReason::exhausted) stats.reason = worker.reason;
    stats.seconds = std::max(stats.seconds, worker.seconds);
  }
  if (stopped) return std::nullopt;
  stats.peak_stored = std::max<std::uint64_t>(stats.peak_stored, size);
  layers.entries = pdb::NibbleArray(size, entries.release());
  return layers;
}

std::optional<FirstLayers> first_layers(const TwistyDefinition& definition,
                                        const std::vector<std::size_t>& moves,
                                        std::uint64_t max_layer,
                                        const search::SearchContext& context,
                                        search::SearchStats& stats, const Position* from) {
  search::Budget budget(context, stats);
  using Layer = std::unordered_set<std::string>;
  const auto key = [](const Position& position) {
    return std::string(position.begin(), position.end());
  };
  Layer before, current{key(from != nullptr ? *from : definition.solved)};
  FirstLayers layers;
  layers.layer_sizes.push_back(1);
  Position parent(definition.bytes), child(definition.bytes);
  while (true) {
    Layer next;
    for (const std::string& text : current) {
      if (!budget.charge()) return std::nullopt;
      parent.assign(text.begin(), text.end());
      for (const std::size_t move : moves) {
        compose(definition, parent, definition.moves[move].effect, child);
        ++stats.generated;
        if (!definition.is_legal(child)) continue;
        std::string reached = key(child);
        if (before.contains(reached) || current.contains(reached)) continue;
        next.insert(std::move(reached));
      }
      if (next.size() > max_layer) break;
    }
    budget.note_stored(before.size() + current.size() + next.size());
    if (next.empty()) {
      layers.complete = true;
      break;
    }
    if (next.size() > max_layer) break;  // the layer is not whole: the layers before it are
    layers.layer_sizes.push_back(next.size());
    before = std::move(current);
    current = std::move(next);
    ++stats.iterations;
    stats.depth = static_cast<Cost>(layers.layer_sizes.size() - 1);
  }
  for (const std::string& text : current) {
    if (layers.deepest.size() == kDeepestKept) break;
    layers.deepest.emplace_back(text.begin(), text.end());
  }
  return layers;
}

namespace {

bool commute(const TwistyDefinition& definition, const Position& a, const Position& b) {
  return composed(definition, a, b) == composed(definition, b, a);
}

}  // namespace

TwistySolver::TwistySolver(const TwistyDefinition& definition, Metric metric,
                           std::vector<std::shared_ptr<const PruningTable>> tables)
    : definition_(definition),
      metric_(metric),
      tables_(std::move(tables)),
      moves_(metric_moves(definition, metric)) {
  const std::size_t bases = definition.base_moves.size();
  std::vector<const Position*> base_effect(bases);
  for (const Move& move : definition.moves)
    if (move.power == 1) base_effect[move.base] = &move.effect;
  follows_.assign(bases + 1, std::vector<bool>(bases, true));
  for (std::size_t before = 0; before < bases; ++before) {
    for (std::size_t base = 0; base < bases; ++base) {
      const bool same = base == before;
      const bool out_of_order =
          base < before && commute(definition, *base_effect[base], *base_effect[before]);
      follows_[before + 1][base] = !out_of_order && (!same || metric == Metric::quarter);
    }
  }
  for (const BaseMove& base : definition.base_moves) max_repeats_.push_back(base.order / 2);
}

// One IDA* search: the path's positions and, per table, per coordinate that moves by table, its
// rank at each depth.
class IdaSearch {
 public:
  IdaSearch(const TwistySolver& solver, search::Budget& budget, search::SearchStats& stats)
      : solver_(solver), d_(solver.definition_), budget_(budget), stats_(stats) {
    for (const auto& table : solver.tables_)
      for (const Coordinate& coordinate : table->pattern.coordinates())
        coordinates_.push_back(&coordinate);
  }

  std::optional<std::vector<std::size_t>> run(const Position& start) {
    positions_.assign(1, start);
    ranks_.assign(1, std::vector<std::uint64_t>(coordinates_.size()));
    for (std::size_t c = 0; c < coordinates_.size(); ++c)
      ranks_[0][c] = coordinates_[c]->rank(start, false);
    int bound = heuristic(0);
    if (bound >= PruningTable::kUnreachable) {
      unreachable_ = true;
      return std::nullopt;
    }
    while (true) {
      stats_.depth = bound;
      ++stats_.iterations;
      next_bound_ = PruningTable::kUnreachable;
      path_.clear();
      if (visit(0, bound, -1, 0)) return path_;
      if (stopped_) return std::nullopt;
      if (next_bound_ >= PruningTable::kUnreachable) return std::nullopt;  // nothing deeper
      bound = next_bound_;
      if (!budget_.check()) return std::nullopt;
    }
  }

  bool unreachable() const { return unreachable_; }

 private:
  // The largest bound of the tables at `depth`, from the ranks carried or the position.
  int heuristic(std::size_t depth) const {
    int largest = 0;
    std::size_t c = 0;
    for (const auto& table : solver_.tables_) {
      std::uint64_t rank = 0;
      for (const Coordinate& coordinate : table->pattern.coordinates())
        rank = rank * coordinate.size() + ranks_[depth][c++];
      largest = std::max(largest, table->bound(rank));
    }
    return largest;
  }

  void make(std::size_t depth, std::size_t move) {
    if (positions_.size() <= depth + 1) {
      positions_.emplace_back(d_.bytes);
      ranks_.emplace_back(coordinates_.size());
    }
    compose(d_, positions_[depth], d_.moves[move].effect, positions_[depth + 1]);
    for (std::size_t c = 0; c < coordinates_.size(); ++c) {
      const Coordinate& coordinate = *coordinates_[c];
      ranks_[depth + 1][c] = coordinate.has_move_table()
                                 ? coordinate.after(ranks_[depth][c], move)
                                 : coordinate.rank(positions_[depth + 1], false);
    }
  }

  bool visit(std::size_t depth, int bound, int previous, int repeats) {
    const int h = heuristic(depth);
    const int f = static_cast<int>(depth) + h;
    if (f > bound) {
      next_bound_ = std::min(next_bound_, f);
      return false;
    }
    if (h == 0 && d_.is_solved(positions_[depth])) return true;
    if (!budget_.charge()) {
      stopped_ = true;
      return false;
    }
    budget_.note_stored(depth + 1);
    for (const std::size_t move : solver_.moves_) {
      const int base = d_.moves[move].base;
      if (!solver_.follows_[previous + 1][base]) continue;
      int run = 1;
      if (base == previous) {  // the quarter metric: the same single turn again, while it is short
        if (move != path_.back() || repeats + 1 > solver_.max_repeats_[base]) continue;
        run = repeats + 1;
      }
      make(depth, move);
      ++stats_.generated;
      if (!d_.illegal.empty() && !d_.is_legal(positions_[depth + 1])) continue;
      path_.push_back(move);
      if (visit(depth + 1, bound, base, run)) return true;
      path_.pop_back();
      if (stopped_) return false;
    }
    return false;
  }

  const TwistySolver& solver_;
  const TwistyDefinition& d_;
  search::Budget& budget_;
  search::SearchStats& stats_;
  std::vector<const Coordinate*> coordinates_;
  std::vector<Position> positions_;
  std::vector<std::vector<std::uint64_t>> ranks_;
  std::vector<std::size_t> path_;
  int next_bound_ = 0;
  bool stopped_ = false, unreachable_ = false;
};

TwistySolution TwistySolver::solve(const Position& start,
                                   const search::SearchContext& context) const {
  TwistySolution solution;
  search::Budget budget(context, solution.stats);
  IdaSearch search(*this, budget, solution.stats);
  solution.moves = search.run(start);
  solution.unreachable = search.unreachable();
  budget.check();
  if (solution.moves) {
    solution.stats.reason = search::StopReason::solved;
    solution.stats.depth = static_cast<plumb::Cost>(solution.moves->size());
  } else if (!search::is_limit(solution.stats.reason)) {
    solution.stats.reason = search::StopReason::exhausted;
  }
  return solution;
}

}  // namespace plumb::puzzles::twisty
