// The searches of a twisty puzzle (twisty_search.hpp).
#include "plumb/puzzles/twisty_search.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <deque>
#include <iterator>
#include <mutex>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <utility>

#include "plumb/pdb/pattern_database.hpp"
#include "plumb/puzzles/twisty_ranked.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzles::twisty {
namespace {

constexpr std::size_t kDeepestKept = 8;
// The most moves of a listed frontier (breadth_first): 2^22, its next layer's list at most 32 MiB.
constexpr std::uint64_t kMaxListed = std::uint64_t{1} << 22;

std::uint8_t layer_value(int depth) {
  return static_cast<std::uint8_t>(depth % 15 + 1);
}

void advise_huge_pages([[maybe_unused]] void* data, [[maybe_unused]] std::uint64_t bytes) {
#ifdef MADV_HUGEPAGE
  constexpr std::uintptr_t kHugePage = std::uintptr_t{1} << 21;
  const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHugePage - 1);
  if (end > begin)
    madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);  // a hint: errors ignored
#endif
}

// The 4-bit entries of a breadth-first search that threads mark at random. Marks are atomic ORs
// of a byte; reads are relaxed atomic loads, of a byte or of a word of 16 entries (the bytes are
// padded to whole words), so a scan skips 16 entries at a time that hold no value it looks for.
class SharedNibbles {
 public:
  // (The bytes are asked for in huge pages where the system gives them: a large table is then
  // zeroed and touched at random at a fraction of the page faults.)
  explicit SharedNibbles(std::uint64_t size) : size_(size) {
    const std::uint64_t bytes = (pdb::NibbleArray::byte_count(size) + 7) / 8 * 8;
    bytes_.reserve(bytes);
    advise_huge_pages(bytes_.data(), bytes);
    bytes_.resize(bytes);
  }

  std::uint8_t get(std::uint64_t i) const {
    const unsigned byte = load(bytes_[i >> 1]);
    return static_cast<std::uint8_t>((byte >> ((i & 1) * 4)) & 15);
  }
  // Whether one of the 16 entries from `first` (a multiple of 16) holds `value`.
  bool any_of_16(std::uint64_t first, std::uint8_t value) const {
    auto& word = reinterpret_cast<std::uint64_t&>(const_cast<std::byte&>(bytes_[first >> 1]));
    const std::uint64_t differences =
        std::atomic_ref<std::uint64_t>(word).load(std::memory_order_relaxed) ^
        (value * 0x1111111111111111ULL);
    // A nibble of `differences` is 0 where an entry holds `value`.
    return ((differences - 0x1111111111111111ULL) & ~differences & 0x8888888888888888ULL) != 0;
  }
  void prefetch(std::uint64_t i) const { __builtin_prefetch(bytes_.data() + (i >> 1)); }
  // Marks entry i with `value` if it is 0; true if this call marked it.
  bool mark(std::uint64_t i, std::uint8_t value) {
    if (get(i) != 0) return false;
    const unsigned shift = (i & 1) * 4;
    const unsigned before =
        std::atomic_ref<unsigned char>(reinterpret_cast<unsigned char&>(bytes_[i >> 1]))
            .fetch_or(static_cast<unsigned char>(value << shift), std::memory_order_relaxed);
    return ((before >> shift) & 15) == 0;
  }
  std::vector<std::byte> release() {
    bytes_.resize(pdb::NibbleArray::byte_count(size_));
    return std::move(bytes_);
  }

 private:
  static unsigned load(const std::byte& byte) {
    return std::atomic_ref<unsigned char>(
               reinterpret_cast<unsigned char&>(const_cast<std::byte&>(byte)))
        .load(std::memory_order_relaxed);
  }

  std::uint64_t size_;
  std::vector<std::byte> bytes_;
};

}  // namespace

std::vector<std::size_t> metric_moves(const TwistyDefinition& definition, Metric metric) {
  std::vector<std::size_t> moves;
  for (std::size_t i = 0; i < definition.moves.size(); ++i)
    if (metric == Metric::half || definition.moves[i].quarter_turns == 1) moves.push_back(i);
  return moves;
}

std::uint64_t projected_rank(const TwistyDefinition& definition, const Pattern& pattern,
                             const Position& position) {
  Position projection(definition.bytes, kUntracked);
  pattern.unrank(0, projection);  // every byte written: the untracked ones as kUntracked
  for (const Coordinate& coordinate : pattern.coordinates())
    coordinate.project(position, projection);
  return pattern.rank(projection, true);
}

bool layers_fit(std::uint64_t size, const search::SearchContext& context,
                search::SearchStats& stats) {
  search::Budget budget(context, stats);
  if (budget.fits(pdb::NibbleArray::byte_count(size))) return true;
  budget.check();
  stats.reason = search::StopReason::memory_limit;
  return false;
}

std::optional<Layers> breadth_first(const TwistyDefinition& definition, const Pattern& pattern,
                                    const std::vector<std::size_t>& moves, int max_depth,
                                    unsigned threads, const search::SearchContext& context,
                                    search::SearchStats& stats, const Position* from,
                                    std::uint64_t max_layer_moves,
                                    const SymmetryReduction* reduction) {
  if (reduction != nullptr && !pattern.moves_by_table())
    throw std::logic_error("a reduced table's search needs its pattern's move tables");
  const std::uint64_t size = reduction != nullptr ? reduction->size() : pattern.size();
  if (!layers_fit(size, context, stats)) return std::nullopt;
  search::Budget budget(context, stats);
  SharedNibbles entries = search::allocate_or_throw("a breadth-first search's layers",
                                                    pdb::NibbleArray::byte_count(size),
                                                    [&] { return SharedNibbles(size); });
  const std::size_t coordinates = pattern.coordinates().size();
  std::uint64_t goal =
      projected_rank(definition, pattern, from != nullptr ? *from : definition.solved);
  if (reduction != nullptr) {
    std::vector<std::uint64_t> digits(coordinates);
    pattern.split(goal, digits.data());
    goal = reduction->index(digits.data());
  }
  entries.mark(goal, layer_value(0));

  // The projections a rank stands for.
  const auto projections = [&](std::uint64_t rank) -> std::uint64_t {
    return reduction != nullptr ? reduction->class_size(reduction->class_of(rank)) : 1;
  };
  Layers layers;
  layers.layer_sizes.push_back(1);
  layers.projections.push_back(projections(goal));
  layers.deepest.push_back(goal);
  const bool by_table = pattern.moves_by_table();
  // A pattern of the whole puzzle never enters a position an Illegal rule forbids (a pattern of
  // part of it follows every move: a relaxation, which bounds the puzzle's depths from below).
  const bool checks_legality = pattern.follows_illegal_rules();
  constexpr std::uint64_t kChunk = std::uint64_t{1} << 14;  // of 16s: a word is one chunk's
  constexpr std::uint64_t kListChunk = 1024;
  std::atomic<bool> stopped = false;
  std::uint64_t frontier_size = 1, reached = 1;
  // The frontier's ranks, while it is listed (sparse): until its moves outnumber a quarter of the
  // ranks a scan would read, or kMaxListed.
  std::vector<std::uint64_t> frontier_list{goal};
  bool sparse = true;
  // Each worker's own count and limits, for the whole search (a Budget times from its making).
  std::vector<search::SearchStats> worker_stats(threads);
  std::vector<search::Budget> budgets;
  budgets.reserve(threads);
  for (search::SearchStats& mine : worker_stats) budgets.emplace_back(context, mine);
  for (int depth = 0; depth < max_depth && !stopped; ++depth) {
    const std::uint8_t frontier = layer_value(depth), next = layer_value(depth + 1);
    std::atomic<std::uint64_t> next_chunk = 0, found = 0, found_projections = 0;
    std::vector<std::uint64_t> deepest;
    std::mutex deepest_mutex;
    std::atomic<bool> deepest_full = false;  // deepest holds kDeepestKept (read without the lock)
    // Backwards when the frontier outnumbers the ranks not reached: each of those looks for a
    // neighbour in the frontier (the moves are closed under inverses), most finding one soon.
    const bool backwards = by_table && frontier_size > size - reached;
    const std::uint64_t listed_moves = frontier_size * moves.size();
    if (backwards || listed_moves > size / 4 || listed_moves > kMaxListed) sparse = false;
    if (!sparse) frontier_list = {};
    std::vector<std::vector<std::uint64_t>> next_lists(threads);
    search::run_workers(threads, [&](unsigned worker) {
      search::SearchStats& mine = worker_stats[worker];
      search::Budget& worker_budget = budgets[worker];
      Position parent(definition.bytes, kUntracked), child(definition.bytes);
      std::vector<std::uint64_t> digits(coordinates), child_digits(coordinates),
          neighbours(moves.size()), views(reduction != nullptr ? reduction->symmetries() : 0);
      // A reduction's key after each move from the representative of the class split() saw
      // last: the same for all the class's indices, which a scan meets one after another.
      std::vector<SymmetryReduction::Key> key_after(moves.size());
      std::uint64_t keys_class = UINT64_MAX;
      // The coordinates' ranks of the projection at `rank` into `digits`.
      auto split = [&](std::uint64_t rank) {
        if (reduction == nullptr) {
          pattern.split(rank, digits.data());
          return;
        }
        reduction->representative(rank, digits.data());
        if (const std::uint64_t class_index = reduction->class_of(rank);
            class_index != keys_class) {
          keys_class = class_index;
          const std::size_t key = reduction->key_coordinate();
          for (std::size_t i = 0; i < moves.size(); ++i)
            key_after[i] = reduction->key(pattern.coordinates()[key].after(digits[key], moves[i]));
        }
      };
      // The index after moves[i] from the projection of ranks `digits` (which moves by table).
      auto after = [&](std::size_t i) {
        if (reduction == nullptr) return pattern.after(digits.data(), moves[i]);
        for (std::size_t c = 0; c < coordinates; ++c)
          if (c != reduction->key_coordinate())
            child_digits[c] = pattern.coordinates()[c].after(digits[c], moves[i]);
        return reduction->index(key_after[i], child_digits.data());
      };
      std::uint64_t marked = 0, marked_projections = 0;
      auto keep = [&](std::uint64_t rank) {
        ++marked;
        marked_projections += projections(rank);
        if (sparse) next_lists[worker].push_back(rank);
        if (!deepest_full.load(std::memory_order_relaxed)) {
          const std::lock_guard lock(deepest_mutex);
          if (deepest.size() < kDeepestKept) deepest.push_back(rank);
          if (deepest.size() == kDeepestKept) deepest_full = true;
        }
      };
      // Marks the unmarked neighbours of `rank`, in the frontier.
      // (The neighbours' ranks are found first and their entries fetched ahead: the marks are
      // the search's cache misses.)
      auto expand = [&](std::uint64_t rank) {
        if (by_table) {
          split(rank);
        } else {
          pattern.unrank(rank, parent);
        }
        if (reduction != nullptr) {
          for (std::size_t i = 0; i < moves.size(); ++i) neighbours[i] = after(i);
        } else if (by_table) {
          pattern.after_each(digits.data(), moves, neighbours.data());
        }
        for (std::size_t i = 0; i < moves.size(); ++i) {
          if (!by_table) {
            compose(definition, parent, definition.moves[moves[i]].effect, child);
            neighbours[i] = pattern.rank(child, true);
          }
          entries.prefetch(neighbours[i]);
        }
        for (const std::uint64_t reached_rank : neighbours) {
          if (checks_legality) {
            pattern.split(reached_rank, child_digits.data());
            if (!pattern.legal(child_digits.data())) continue;
          }
          ++mine.generated;
          if (!entries.mark(reached_rank, next)) continue;
          keep(reached_rank);
          if (reduction == nullptr) continue;
          const std::size_t count = reduction->views(reached_rank, views.data());
          for (std::size_t v = 0; v < count; ++v)
            if (entries.mark(views[v], next)) keep(views[v]);
        }
      };
      // Marks `rank`, not reached, if a neighbour is in the frontier.
      auto expand_backwards = [&](std::uint64_t rank) {
        split(rank);
        if (checks_legality && !pattern.legal(digits.data())) return;
        for (std::size_t i = 0; i < moves.size(); ++i) {
          ++mine.generated;
          if (entries.get(after(i)) != frontier) continue;
          if (entries.mark(rank, next)) keep(rank);
          return;
        }
      };
      // Expands `rank` (listed, or found by a scan), unless a limit stops the search.
      auto visit = [&](std::uint64_t rank) {
        if (!worker_budget.charge()) {
          stopped = true;
          return;
        }
        if (backwards) {
          expand_backwards(rank);
        } else {
          expand(rank);
        }
      };
      const std::uint8_t wanted = backwards ? 0 : frontier;
      while (!stopped.load(std::memory_order_relaxed)) {
        const std::uint64_t chunk = sparse ? kListChunk : kChunk;
        const std::uint64_t work = sparse ? frontier_list.size() : size;
        const std::uint64_t begin = next_chunk.fetch_add(chunk);
        if (begin >= work) break;
        const std::uint64_t end = std::min(work, begin + chunk);
        if (sparse) {
          for (std::uint64_t i = begin; i < end && !stopped; ++i) visit(frontier_list[i]);
          continue;
        }
        for (std::uint64_t group = begin; group < end && !stopped; group += 16) {
          if (!entries.any_of_16(group, wanted)) continue;
          for (std::uint64_t rank = group; rank < std::min(end, group + 16); ++rank)
            if (entries.get(rank) == wanted) visit(rank);
        }
      }
      found += marked;
      found_projections += marked_projections;
    });
    if (sparse) {
      frontier_list.clear();
      for (const std::vector<std::uint64_t>& list : next_lists)
        frontier_list.insert(frontier_list.end(), list.begin(), list.end());
    }
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
    layers.projections.push_back(found_projections);
    layers.deepest = std::move(deepest);
    if (frontier_size * moves.size() > max_layer_moves) break;
  }
  for (const search::SearchStats& worker : worker_stats) {
    stats.expanded += worker.expanded;
    stats.generated += worker.generated;
    if (worker.reason != search::StopReason::exhausted) stats.reason = worker.reason;
    stats.seconds = std::max(stats.seconds, worker.seconds);
  }
  if (stopped) return std::nullopt;
  stats.peak_stored = std::max<std::uint64_t>(stats.peak_stored, size);
  // Of a complete search, the deepest kept are the lowest ranks of the last layer, whatever the
  // threads met first (as the engine's exploration keeps them), where a value names one layer.
  if (const std::size_t last = layers.layer_sizes.size() - 1; layers.complete && last < 15) {
    layers.deepest.clear();
    const std::uint8_t value = layer_value(static_cast<int>(last));
    for (std::uint64_t group = 0; group < size && layers.deepest.size() < kDeepestKept;
         group += 16) {
      if (!entries.any_of_16(group, value)) continue;
      for (std::uint64_t rank = group; rank < std::min(size, group + 16); ++rank)
        if (entries.get(rank) == value && layers.deepest.size() < kDeepestKept)
          layers.deepest.push_back(rank);
    }
  }
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

int PruningTable::unfilled_bound() const {
  int complete = complete_.load(std::memory_order_relaxed);
  if (complete == kUnknown) {
    complete = pdb::contains_entry(entries, layer_value(14)) ? 0 : 1;
    complete_.store(complete, std::memory_order_relaxed);
  }
  return complete != 0 ? kUnreachable : filled + 1;
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
  smaller_commuting_.assign(bases, 0);
  commuting_.assign(bases, 0);
  const std::size_t ordered = std::min<std::size_t>(bases, kOrderedBases);
  for (std::size_t base = 0; base < ordered; ++base) {
    for (std::size_t other = 0; other < ordered; ++other) {
      if (other == base || !commute(definition, *base_effect[base], *base_effect[other])) continue;
      commuting_[base] |= std::uint64_t{1} << other;
      if (other < base) smaller_commuting_[base] |= std::uint64_t{1} << other;
    }
  }
  for (const BaseMove& base : definition.base_moves) max_repeats_.push_back(base.order / 2);
  add_views();
}

namespace {

// What a table read at a view of a position sees, in the puzzle's terms: per coordinate, its kind,
// its set and, but for an orientation, each group's pieces as the view maps them (sorted). Two
// reads that see alike give one bound: the view maps the puzzle onto itself, distances and all.
// Empty where a coordinate follows identical pieces, whose labels a view does not map one to one.
std::vector<std::vector<int>> seen_by(const TwistyDefinition& definition, const Pattern& pattern,
                                      const Symmetry* symmetry) {
  std::vector<std::vector<int>> seen;
  for (const Coordinate& coordinate : pattern.coordinates()) {
    const PieceSet& set = definition.sets[coordinate.set()];
    seen.push_back({static_cast<int>(coordinate.kind()), coordinate.set()});
    if (coordinate.kind() == Coordinate::Kind::orientation) continue;
    if (set.labels != set.size) return {};
    std::vector<std::vector<int>> groups;
    for (int label = 0; label < set.labels; ++label) {
      const int group = coordinate.groups()[label];
      if (group < 0) continue;
      if (groups.size() <= static_cast<std::size_t>(group)) groups.resize(group + 1);
      // (The view's piece of label l is the puzzle's piece at home in the slot the view's slot l
      // shows.)
      groups[group].push_back(symmetry != nullptr ? symmetry->effect[set.offset + label] : label);
    }
    for (std::vector<int>& group : groups) std::ranges::sort(group);
    std::ranges::sort(groups);
    for (std::vector<int>& group : groups) {
      seen.push_back(std::move(group));
      seen.back().push_back(-1);  // (groups of different sizes kept apart)
    }
  }
  return seen;
}

}  // namespace

void TwistySolver::add_views() {
  for (const auto& table : tables_) lookups_.push_back({table, nullptr});
  tier_starts_ = {0, lookups_.size()};
  const bool by_table = std::ranges::all_of(
      tables_, [](const auto& table) { return table->pattern.moves_by_table(); });
  if (!by_table || !definition_.illegal.empty()) return;
  symmetries_ = symmetries_of(definition_);
  std::set<std::vector<std::vector<int>>> seen;
  for (const auto& table : tables_) seen.insert(seen_by(definition_, table->pattern, nullptr));
  for (std::size_t s = 1; s < symmetries_->size(); ++s) {
    for (const auto& table : tables_) {
      if (table->shallow()) continue;
      std::vector<std::vector<int>> sees = seen_by(definition_, table->pattern, &(*symmetries_)[s]);
      if (!sees.empty() && seen.insert(std::move(sees)).second)
        lookups_.push_back({table, &(*symmetries_)[s]});
    }
    if (lookups_.size() > tier_starts_.back()) tier_starts_.push_back(lookups_.size());
    if (tier_starts_.size() > kMaxViewTiers) break;
  }
}

// One IDA* search. A node is its coordinates' ranks (per table, per coordinate) and, unless every
// coordinate moves by table and no Illegal rule needs it, its position. A node whose tables all
// say 0 is checked by replaying the path on the start. A node makes all its children first, and
// fetches their tables' entries ahead, before it visits those within the bound: the entries are
// the search's cache misses.
class IdaSearch {
 public:
  IdaSearch(const TwistySolver& solver, search::Budget& budget, search::SearchStats& stats,
            const Position& start)
      : solver_(solver), d_(solver.definition_), budget_(budget), stats_(stats), start_(&start) {
    for (const TwistySolver::Lookup& lookup : solver.lookups_) {
      const std::vector<Coordinate>& coordinates = lookup.table->pattern.coordinates();
      table_coordinates_.push_back(coordinates.size());
      for (std::size_t c = 0; c < coordinates.size(); ++c)
        move_views_.push_back(lookup.symmetry != nullptr ? lookup.symmetry->moves.data() : nullptr);
      std::uint64_t weight = 1;
      for (auto coordinate = coordinates.rbegin(); coordinate != coordinates.rend(); ++coordinate) {
        weights_.push_back(weight);
        weight *= coordinate->size();
      }
      std::reverse(weights_.end() - static_cast<std::ptrdiff_t>(coordinates.size()),
                   weights_.end());
      for (const Coordinate& coordinate : coordinates) coordinates_.push_back(&coordinate);
    }
    read_coordinates_.resize(table_coordinates_.size() + 1);
    std::partial_sum(table_coordinates_.begin(), table_coordinates_.end(),
                     read_coordinates_.begin() + 1);
    own_coordinates_ = read_coordinates_[solver.tier_starts_[1]];
    rows_.resize(own_coordinates_);
    view_indices_.resize(solver.lookups_.size());
    by_table_ = !coordinates_.empty() && d_.illegal.empty() &&
                std::ranges::all_of(coordinates_, &Coordinate::has_move_table);
    root_ranks_.resize(coordinates_.size());
    std::size_t c = 0;
    Position viewed = start;  // through the symmetry of the reads before, whose tier it shares
    const Symmetry* viewed_by = nullptr;
    for (const TwistySolver::Lookup& lookup : solver.lookups_) {
      if (lookup.symmetry != viewed_by) {
        viewed = conjugated(d_, start, *lookup.symmetry);
        viewed_by = lookup.symmetry;
      }
      for (std::size_t k = 0; k < lookup.table->pattern.coordinates().size(); ++k, ++c)
        root_ranks_[c] = coordinates_[c]->rank(viewed, false);
    }
    root_h_ = full_bound(root_ranks_.data());
  }

  // The root's bound: PruningTable::kUnreachable or more when a complete table never reaches it.
  int root_bound() const { return root_h_; }

  // One iteration from the root within `bound`: true when it found a solution (path()).
  bool iterate(int bound) {
    next_bound_ = PruningTable::kUnreachable;
    path_.clear();
    return visit(0, bound, Order{}, root_ranks_.data(), start_, root_h_);
  }

  // From now on a solution does not end a search: its path goes into `found` (null: it does end).
  void find_all(std::vector<std::vector<std::size_t>>* found) { found_ = found; }

  // From now on iterate() lists the paths of the nodes `depth` moves deep within the bound in
  // `items`, instead of searching below them.
  void collect_at(std::size_t depth, std::vector<std::vector<std::size_t>>* items) {
    collect_depth_ = depth;
    collect_ = items;
  }

  // Searches below the node `prefix` leads to (a path iterate() listed) within `bound`, as work
  // item `item`: it gives up when `solved_item` falls below it (an earlier item has a solution) or
  // `halt` is set (another search stopped).
  bool search_item(const std::vector<std::size_t>& prefix, int bound, std::size_t item,
                   const std::atomic<std::size_t>& solved_item, const std::atomic<bool>& halt) {
    item_ = item;
    aborted_ = false;
    solved_item_ = &solved_item;
    halt_ = &halt;
    next_bound_ = PruningTable::kUnreachable;
    path_.clear();
    std::vector<std::uint64_t> ranks = root_ranks_, next(coordinates_.size());
    Position position = *start_, reached(d_.bytes);
    int previous = -1, run = 0;
    std::uint64_t forbidden = 0;
    for (const std::size_t move : prefix) {
      const int base = d_.moves[move].base;
      run = base == previous ? run + 1 : 1;
      previous = base;
      forbidden = solver_.forbidden_after(forbidden, base);
      path_.push_back(move);
      if (!by_table_) {
        compose(d_, position, d_.moves[move].effect, reached);
        std::swap(position, reached);
      }
      for (std::size_t c = 0; c < coordinates_.size(); ++c) {
        const Coordinate& coordinate = *coordinates_[c];
        next[c] = coordinate.has_move_table() ? coordinate.after(ranks[c], viewed_move(c, move))
                                              : coordinate.rank(position, false);
      }
      std::swap(ranks, next);
    }
    return visit(prefix.size(), bound, {previous, run, forbidden}, ranks.data(), &position,
                 full_bound(ranks.data()));
  }

  const std::vector<std::size_t>& path() const { return path_; }
  int next_bound() const { return next_bound_; }
  // Whether a limit stopped the search (not another item's solution).
  bool stopped() const { return stopped_; }

 private:
  // Where a node's path stands in canonical order: its last move's base (-1: none), how many of its
  // last moves are of that base, and the bases that may not come next (forbidden_after()).
  struct Order {
    int previous = -1;
    int repeats = 0;
    std::uint64_t forbidden = 0;
  };

  // The children of the node at one depth: per child, its move, its order, the ranks of the
  // tables' own reads and their indices and, when needed, its position; and the ranks of all the
  // reads of the child being visited.
  struct Children {
    std::vector<std::size_t> moves;
    std::vector<Order> orders;
    std::vector<std::uint64_t> ranks, indices;
    std::vector<Position> positions;
    std::vector<std::uint64_t> visited;
  };

  Children& children_at(std::size_t depth) {
    while (children_.size() <= depth) {
      const std::size_t count = solver_.moves_.size();
      children_.push_back(
          {std::vector<std::size_t>(count), std::vector<Order>(count),
           std::vector<std::uint64_t>(count * own_coordinates_),
           std::vector<std::uint64_t>(count * solver_.tier_starts_[1]),
           by_table_ ? std::vector<Position>{} : std::vector<Position>(count, Position(d_.bytes)),
           std::vector<std::uint64_t>(coordinates_.size())});
    }
    return children_[depth];
  }

  // The move a coordinate's read makes for `move`: through its view's symmetry, if any.
  std::size_t viewed_move(std::size_t coordinate, std::size_t move) const {
    return move_views_[coordinate] != nullptr ? move_views_[coordinate][move] : move;
  }

  // The indices of reads [first, last) (PruningTable::index(), their weights kept here) from their
  // coordinates' ranks, `ranks` those of read `first`'s first coordinate.
  void table_indices(std::size_t first, std::size_t last, const std::uint64_t* ranks,
                     std::uint64_t* indices) const {
    const std::uint64_t* weight = weights_.data() + read_coordinates_[first];
    for (std::size_t t = first; t < last; ++t) {
      const std::size_t count = table_coordinates_[t];
      if (const SymmetryReduction* reduction = solver_.lookups_[t].table->reduction.get()) {
        *indices++ = reduction->index(ranks);
      } else {
        std::uint64_t index = 0;
        for (std::size_t c = 0; c < count; ++c) index += weight[c] * ranks[c];
        *indices++ = index;
      }
      ranks += count;
      weight += count;
    }
  }

  // The largest of the bounds of reads [first, last) at `indices`.
  int heuristic(std::size_t first, std::size_t last, const std::uint64_t* indices) const {
    int largest = 0;
    for (std::size_t t = first; t < last; ++t)
      largest = std::max(largest, solver_.lookups_[t].table->bound(*indices++));
    return largest;
  }

  // The largest bound of every read, from all their ranks.
  int full_bound(const std::uint64_t* ranks) {
    table_indices(0, solver_.lookups_.size(), ranks, view_indices_.data());
    return heuristic(0, solver_.lookups_.size(), view_indices_.data());
  }

  // Raises `h`, the bound of the tables' own reads of the child that `move` makes from the node of
  // `ranks`, by the views' reads, a tier (a symmetry's) at a time, until it passes `limit`; the
  // child's ranks of every read into `all`, as far as they went.
  int viewed_bound(int h, int limit, const std::uint64_t* ranks, std::size_t move,
                   std::uint64_t* all) {
    const std::vector<std::size_t>& tiers = solver_.tier_starts_;
    for (std::size_t tier = 1; tier + 1 < tiers.size() && h <= limit; ++tier) {
      const std::size_t first = read_coordinates_[tiers[tier]],
                        last = read_coordinates_[tiers[tier + 1]];
      for (std::size_t c = first; c < last; ++c)
        all[c] = coordinates_[c]->after(ranks[c], viewed_move(c, move));
      table_indices(tiers[tier], tiers[tier + 1], all + first, view_indices_.data());
      for (std::size_t t = tiers[tier]; t < tiers[tier + 1]; ++t)
        solver_.lookups_[t].table->entries.prefetch(view_indices_[t - tiers[tier]]);
      h = std::max(h, heuristic(tiers[tier], tiers[tier + 1], view_indices_.data()));
    }
    return h;
  }

  // Whether the node at the end of the path, at `position` unless every coordinate moves by
  // table, is the solved state.
  bool solved(const Position* position) const {
    if (!by_table_) return d_.is_solved(*position);
    Position walk = *start_, next(d_.bytes);
    for (const std::size_t move : path_) {
      compose(d_, walk, d_.moves[move].effect, next);
      std::swap(walk, next);
    }
    return d_.is_solved(walk);
  }

  // Makes the children of the node at `depth`, in canonical order; their count.
  std::size_t make_children(std::size_t depth, const Order& order, const std::uint64_t* ranks,
                            const Position* position) {
    Children& children = children_at(depth);
    const std::size_t count = own_coordinates_, tables = solver_.tier_starts_[1];
    if (by_table_)
      for (std::size_t c = 0; c < count; ++c) rows_[c] = coordinates_[c]->row(ranks[c]);
    std::size_t made = 0;
    for (const std::size_t move : solver_.moves_) {
      const int base = d_.moves[move].base;
      if (base < TwistySolver::kOrderedBases && (order.forbidden >> base & 1) != 0) continue;
      int run = 1;
      if (base == order.previous) {
        // Only in the quarter metric: the same single turn again, while it is short of half turn.
        if (solver_.metric_ == Metric::half || move != path_.back() ||
            order.repeats + 1 > solver_.max_repeats_[base])
          continue;
        run = order.repeats + 1;
      }
      ++stats_.generated;
      std::uint64_t* child = children.ranks.data() + made * count;
      if (by_table_) {
        for (std::size_t c = 0; c < count; ++c) child[c] = coordinates_[c]->after(rows_[c], move);
      } else {
        Position& reached = children.positions[made];
        compose(d_, *position, d_.moves[move].effect, reached);
        if (!d_.illegal.empty() && !d_.is_legal(reached)) continue;
        for (std::size_t c = 0; c < count; ++c) {
          const Coordinate& coordinate = *coordinates_[c];
          child[c] = coordinate.has_move_table() ? coordinate.after(ranks[c], move)
                                                 : coordinate.rank(reached, false);
        }
      }
      std::uint64_t* indices = children.indices.data() + made * tables;
      table_indices(0, tables, child, indices);
      for (std::size_t t = 0; t < tables; ++t)
        solver_.lookups_[t].table->entries.prefetch(indices[t]);
      children.moves[made] = move;
      children.orders[made] = {base, run, solver_.forbidden_after(order.forbidden, base)};
      ++made;
    }
    return made;
  }

  bool visit(std::size_t depth, int bound, const Order& order, const std::uint64_t* ranks,
             const Position* position, int h) {
    if (collect_ != nullptr && depth == collect_depth_) {
      collect_->push_back(path_);
      return false;
    }
    if (h == 0 && solved(position)) {
      if (found_ == nullptr) return true;
      found_->push_back(path_);
      return false;
    }
    if (!budget_.charge()) {
      stopped_ = true;
      return false;
    }
    if (solved_item_ != nullptr && (solved_item_->load(std::memory_order_relaxed) < item_ ||
                                    halt_->load(std::memory_order_relaxed))) {
      aborted_ = true;
      return false;
    }
    budget_.note_stored(depth + 1);
    const std::size_t made = make_children(depth, order, ranks, position);
    Children& children = children_[depth];  // a deque: deeper levels never move it
    const int next_depth = static_cast<int>(depth) + 1;
    const std::size_t own_reads = solver_.tier_starts_[1];
    const bool views = solver_.lookups_.size() > own_reads;
    for (std::size_t k = 0; k < made; ++k) {
      int child_h = heuristic(0, own_reads, children.indices.data() + k * own_reads);
      const std::uint64_t* child_ranks = children.ranks.data() + k * own_coordinates_;
      const std::size_t move = children.moves[k];
      if (views && next_depth + child_h <= bound) {
        std::ranges::copy(child_ranks, child_ranks + own_coordinates_, children.visited.begin());
        child_h = viewed_bound(child_h, bound - next_depth, ranks, move, children.visited.data());
        child_ranks = children.visited.data();
      }
      if (next_depth + child_h > bound) {
        next_bound_ = std::min(next_bound_, next_depth + child_h);
        continue;
      }
      path_.push_back(move);
      if (visit(depth + 1, bound, children.orders[k], child_ranks,
                by_table_ ? nullptr : &children.positions[k], child_h))
        return true;
      path_.pop_back();
      if (stopped_ || aborted_) return false;
    }
    return false;
  }

  const TwistySolver& solver_;
  const TwistyDefinition& d_;
  search::Budget& budget_;
  search::SearchStats& stats_;
  std::vector<const Coordinate*> coordinates_;  // the tables', one after another
  std::vector<std::size_t> table_coordinates_;  // per read: how many
  std::vector<const std::size_t*> move_views_;  // per coordinate: its read's Symmetry::moves
  std::vector<std::size_t> read_coordinates_;   // per read, and the end: its first coordinate
  std::size_t own_coordinates_ = 0;             // the tables' own reads' (the first tier's)
  std::vector<std::uint64_t> view_indices_;     // viewed_bound()'s
  std::vector<std::uint64_t> weights_;          // per coordinate: of its rank in its table's
  bool by_table_ = false;
  std::vector<Coordinate::Row> rows_;  // make_children()'s: each own coordinate's Coordinate::row
  const Position* start_;
  std::vector<std::uint64_t> root_ranks_;
  int root_h_ = 0;
  std::deque<Children> children_;  // per depth of the path
  std::vector<std::size_t> path_;
  int next_bound_ = 0;
  bool stopped_ = false, aborted_ = false;
  std::vector<std::vector<std::size_t>>* collect_ = nullptr;
  std::size_t collect_depth_ = 0;
  std::vector<std::vector<std::size_t>>* found_ = nullptr;
  std::size_t item_ = 0;
  const std::atomic<std::size_t>* solved_item_ = nullptr;
  const std::atomic<bool>* halt_ = nullptr;
};

// IDA*, on several threads (the context's; where they are shared, those idle, taken as they go
// idle: search::run_leased_workers) by work items: each iteration first lists the nodes
// kSplitDepth moves deep within the bound (a search of its own, which may find a shallower
// solution), then the threads take them in order and search below each: this one alone until the
// iteration has cost more than starting threads does, then all of them. The solution is the first
// in that order: an item with one stops the threads on later items, and the earlier ones are
// searched to their end, so the moves do not depend on the threads (as the engine's
// search/parallel_ida_star.hpp, which knows no canonical order of moves). Each thread keeps the
// context's limits, its share of the node limit. To find all the solutions, every item is searched
// to its end, and the solutions are listed in the items' order.
TwistySolution TwistySolver::solve(const Position& start, const search::SearchContext& context,
                                   Solutions wanted) const {
  using Paths = std::vector<std::vector<std::size_t>>;
  constexpr std::size_t kSplitDepth = 3;
  // An iteration is shared among threads when the one before it expanded this many nodes (many
  // times what starting them and listing its items cost): a smaller one runs on this thread. The
  // first lists its items, and starts the threads once it has expanded as many on this one.
  constexpr std::uint64_t kNodesBeforeThreads = 1024;
  TwistySolution solution;
  search::Budget budget(context, solution.stats);
  const unsigned threads = search::worker_threads(context);
  IdaSearch root(*this, budget, solution.stats, start);
  const bool all = wanted == Solutions::all;
  Paths root_found;  // solutions within kSplitDepth, when all are wanted
  root.find_all(all ? &root_found : nullptr);
  int bound = root.root_bound();
  if (bound >= PruningTable::kUnreachable) {
    solution.unreachable = true;
    solution.stats.reason = search::StopReason::exhausted;
    return solution;
  }
  search::SearchContext share = context;
  if (share.limits.max_nodes != 0)
    share.limits.max_nodes = std::max<std::uint64_t>(1, share.limits.max_nodes / threads);
  std::vector<search::SearchStats> worker_stats(threads);
  std::vector<search::Budget> budgets;
  budgets.reserve(threads);
  for (search::SearchStats& mine : worker_stats) budgets.emplace_back(share, mine);
  const auto workers_expanded = [&] {
    std::uint64_t expanded = 0;
    for (const search::SearchStats& worker : worker_stats) expanded += worker.expanded;
    return expanded;
  };
  std::uint64_t last_expanded = 0;  // by the iteration before
  bool stopped = false;
  while (!stopped) {
    solution.stats.depth = bound;
    ++solution.stats.iterations;
    const std::uint64_t expanded_before = solution.stats.expanded + workers_expanded();
    std::vector<std::vector<std::size_t>> items;
    const bool first = solution.stats.iterations == 1;
    const bool split = threads > 1 && bound > static_cast<int>(kSplitDepth) &&
                       (first || last_expanded >= kNodesBeforeThreads);
    root.collect_at(split ? kSplitDepth : SIZE_MAX, &items);
    if (root.iterate(bound)) {
      solution.moves = root.path();
      break;
    }
    stopped = root.stopped();
    int next_bound = root.next_bound();
    std::atomic<std::size_t> next_item = 0, solved_item = SIZE_MAX;
    std::atomic<bool> halt = false;
    std::mutex merge;
    std::vector<Paths> item_found(all ? items.size() : 0);
    // Takes the items left in order; `alone`: only until this iteration has expanded
    // kNodesBeforeThreads on this thread. Calls grow() after each item (run_leased_workers).
    const auto take_items = [&](unsigned worker, bool alone, const auto& grow) {
      IdaSearch search(*this, budgets[worker], worker_stats[worker], start);
      Paths mine;
      search.find_all(all ? &mine : nullptr);
      const std::uint64_t mine_before = worker_stats[worker].expanded;
      for (std::size_t item = next_item++; item < items.size(); item = next_item++) {
        if (item > solved_item.load() || halt.load()) break;
        const bool found = search.search_item(items[item], bound, item, solved_item, halt);
        const std::lock_guard lock(merge);
        if (all) item_found[item] = std::exchange(mine, {});
        next_bound = std::min(next_bound, search.next_bound());
        if (search.stopped()) {
          halt = true;
          stopped = true;
          break;
        }
        if (found && item < solved_item.load()) {
          solved_item = item;
          solution.moves = search.path();
        }
        if (alone && worker_stats[worker].expanded - mine_before >= kNodesBeforeThreads) break;
        grow();
      }
    };
    if (!items.empty() && !stopped && first) take_items(0, true, [] {});
    if (next_item < items.size() && !stopped && solved_item.load() == SIZE_MAX) {
      search::run_leased_workers(
          context, [&](unsigned worker, const auto& grow) { take_items(worker, false, grow); });
    }
    last_expanded = solution.stats.expanded + workers_expanded() - expanded_before;
    if (all && !stopped) {
      solution.all = std::exchange(root_found, {});
      for (Paths& found : item_found) std::ranges::move(found, std::back_inserter(solution.all));
      if (!solution.all.empty()) solution.moves = solution.all.front();
    }
    if (solution.moves || stopped || !budget.check()) break;
    if (next_bound >= PruningTable::kUnreachable) break;  // nothing deeper
    bound = next_bound;
  }
  for (const search::SearchStats& worker : worker_stats) {
    solution.stats.expanded += worker.expanded;
    solution.stats.generated += worker.generated;
    if (search::is_limit(worker.reason)) solution.stats.reason = worker.reason;
  }
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
