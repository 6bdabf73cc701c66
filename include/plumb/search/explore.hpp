// plumb/search/explore.hpp: exhaustive breadth-first exploration of everything reachable from a set
// of starts: the number of states at each depth, and the deepest states.
//
// A RankedDomain of at most kDenseExploreLimit ranks is explored in rank space with a 2-bit code per
// rank (unseen, this layer, next layer, done): n/4 bytes in all, whatever is reachable, and each layer
// is found by scanning the codes a word at a time. Other domains keep a flat hash table of every state
// seen (StateTable over packed keys) and a vector per layer. Each state is expanded once.
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "plumb/encode/nbit_array.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/limits.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {

template <Domain D>
struct ExploreResult {
  std::vector<std::uint64_t> layer_sizes;  // layer_sizes[k]: states first reached in k moves
  std::vector<typename D::State> deepest;  // some states of the last layer (at most keep_deepest)
  SearchStats stats;                       // reason: exhausted when complete, else the limit hit

  std::uint64_t total() const {
    std::uint64_t sum = 0;
    for (std::uint64_t size : layer_sizes) sum += size;
    return sum;
  }
  bool complete() const { return stats.reason == StopReason::exhausted; }
};

inline constexpr std::uint64_t kDenseExploreLimit = std::uint64_t{1} << 33;

namespace detail {

template <RankedDomain D>
ExploreResult<D> explore_dense(const D& d, std::span<const typename D::State> starts,
                               const SearchLimits& limits, std::size_t keep_deepest) {
  constexpr std::uint64_t kLow = 0x5555555555555555ULL;
  enum : unsigned { kUnseen = 0, kCurrent = 1, kNext = 2, kDone = 3 };
  ExploreResult<D> result;
  SearchStats& stats = result.stats;
  Budget budget(limits, stats);
  const std::uint64_t n = d.num_states();
  if (!budget.can_allocate(n / 4 + 8)) {
    budget.finish(StopReason::memory_limit);
    return result;
  }
  encode::NBitArray codes(n, 2);
  std::uint64_t count = 0;
  for (const auto& s : starts) {
    const std::uint64_t r = d.rank(s);
    if (codes.get(r) == kUnseen) codes.set(r, kCurrent), ++count;
  }
  result.layer_sizes.push_back(count);
  std::uint64_t seen = count;
  const std::span<std::uint64_t> words = codes.words();
  for (Cost depth = 0;; ++depth) {
    stats.depth = depth;
    ++stats.iterations;
    if (depth >= limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    std::uint64_t next_count = 0;
    for (std::size_t w = 0; w < words.size() && !budget.stopped(); ++w) {
      std::uint64_t current = words[w] & ~(words[w] >> 1) & kLow;  // entries coded 01
      while (current != 0 && budget.charge()) {
        const std::uint64_t rank = w * 32 + std::countr_zero(current) / 2;
        current &= current - 1;
        d.for_each_successor(d.unrank(rank), [&](const auto&, const typename D::State& next) {
          ++stats.generated;
          const std::uint64_t r = d.rank(next);
          if (codes.get(r) == kUnseen) {
            codes.set(r, kNext);
            ++next_count;
          } else {
            ++stats.duplicates;
          }
        });
      }
    }
    if (budget.stopped()) break;
    seen += next_count;
    budget.note_stored(seen);
    if (next_count == 0) {  // the current layer is the deepest
      for (std::uint64_t r = 0; r < n && result.deepest.size() < keep_deepest; ++r) {
        if (codes.get(r) == kCurrent) result.deepest.push_back(d.unrank(r));
      }
      break;
    }
    for (std::uint64_t& word : words) {  // this layer becomes done, the next one current
      const std::uint64_t current = word & ~(word >> 1) & kLow;
      const std::uint64_t next = (word >> 1) & ~word & kLow;
      word = (word | (current << 1)) & ~(next << 1);
      word |= next;
    }
    result.layer_sizes.push_back(next_count);
  }
  budget.finish(StopReason::exhausted);
  return result;
}

template <Domain D>
ExploreResult<D> explore_hashed(const D& d, std::span<const typename D::State> starts,
                                const SearchLimits& limits, std::size_t keep_deepest) {
  using State = typename D::State;
  ExploreResult<D> result;
  SearchStats& stats = result.stats;
  Budget budget(limits, stats);
  StateTable<StateKey<D>> seen;
  std::vector<State> layer, next;
  for (const State& s : starts) {
    if (seen.insert(state_key(d, s)).second) layer.push_back(s);
  }
  result.layer_sizes.push_back(layer.size());
  for (Cost depth = 0; !layer.empty(); ++depth) {
    stats.depth = depth;
    ++stats.iterations;
    if (depth >= limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    for (const State& s : layer) {
      if (!budget.charge()) break;
      d.for_each_successor(s, [&](const auto&, const State& successor) {
        ++stats.generated;
        if (seen.insert(state_key(d, successor)).second) {
          next.push_back(successor);
        } else {
          ++stats.duplicates;
        }
      });
    }
    if (budget.stopped()) break;
    budget.note_stored(seen.size() + next.size());
    if (next.empty()) {
      const std::size_t keep = std::min(keep_deepest, layer.size());
      result.deepest.assign(layer.begin(), layer.begin() + static_cast<std::ptrdiff_t>(keep));
      break;
    }
    result.layer_sizes.push_back(next.size());
    layer.swap(next);
    next.clear();
  }
  budget.finish(StopReason::exhausted);
  return result;
}

}  // namespace detail

template <Domain D>
ExploreResult<D> explore(const D& d, std::span<const typename D::State> starts, const SearchLimits& limits = {},
                         std::size_t keep_deepest = 16) {
  if constexpr (RankedDomain<D>) {
    if (static_cast<std::uint64_t>(d.num_states()) <= kDenseExploreLimit) {
      return detail::explore_dense(d, starts, limits, keep_deepest);
    }
  }
  return detail::explore_hashed(d, starts, limits, keep_deepest);
}

}  // namespace plumb::search
