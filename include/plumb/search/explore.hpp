// plumb/search/explore.hpp: exhaustive breadth-first exploration of everything reachable from a set
// of starts: the number of states at each depth, and the deepest states.
//
// A RankedDomain of at most kDenseExploreLimit ranks is explored in rank space with a 2-bit code per
// rank (unseen, this layer, next layer, done): n/4 bytes in all, whatever is reachable, and each layer
// is found by scanning the codes a word at a time, by SearchLimits::threads workers (the domain's
// const members must then be safe to call from several threads). Other domains keep a flat hash table
// of every state seen (StateTable over packed keys) and a vector per layer. Each state is expanded once.
// Every table and layer is allocated through the Budget (budget.hpp), so the memory limit stops an
// exploration before an allocation would pass it; the threads are search::worker_threads(context),
// no more than the layer's chunks of work. The deepest states kept are the first of the last layer in
// explore_result.hpp's canonical order. Under a context whose distribution is active (exchange.hpp)
// the exploration is shared among processes instead (distributed_explore.hpp), with the same result.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

#include "plumb/encode/nbit_array.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/dense_layers.hpp"
#include "plumb/search/distributed_explore.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/explore_result.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {

namespace detail {

// Expands every rank coded kCurrent and codes each unseen successor kNext; returns how many it coded.
// Workers claim chunks of words, and successors with claim_next(), so each is counted once. The
// calling thread is a worker too and the only one that touches the budget.
template <RankedDomain D>
std::uint64_t expand_dense_layer(const D& d, std::span<std::uint64_t> words, unsigned threads, Budget& budget,
                                 SearchStats& stats) {
  constexpr std::size_t kChunkWords = 1024;
  std::atomic<std::size_t> next_chunk{0};
  std::atomic<std::uint64_t> found{0}, expanded{0}, generated{0};
  std::atomic<bool> stop{false};
  const SearchStats before = stats;
  auto work = [&](bool leader) {
    for (;;) {
      const std::size_t begin = next_chunk.fetch_add(1) * kChunkWords;
      if (begin >= words.size() || stop.load(std::memory_order_relaxed)) return;
      const std::size_t end = std::min(begin + kChunkWords, words.size());
      std::uint64_t chunk_found = 0, chunk_expanded = 0, chunk_generated = 0;
      for (std::size_t w = begin; w < end; ++w) {
        for_each_current(words, w, [&](std::uint64_t rank) {
          ++chunk_expanded;
          d.for_each_successor(d.unrank(rank), [&](const auto&, const typename D::State& next) {
            ++chunk_generated;
            chunk_found += claim_next(words, d.rank(next));
          });
        });
      }
      found += chunk_found;
      expanded += chunk_expanded;
      generated += chunk_generated;
      if (leader) {
        stats.expanded = before.expanded + expanded.load();
        stats.generated = before.generated + generated.load();
        if (!budget.check()) stop = true;
      }
    }
  };
  const std::size_t chunks = (words.size() + kChunkWords - 1) / kChunkWords;
  const auto workers = static_cast<unsigned>(std::clamp<std::size_t>(chunks, 1, threads));
  run_workers(workers, [&](unsigned worker) { work(worker == 0); });
  stats.expanded = before.expanded + expanded.load();
  stats.generated = before.generated + generated.load();
  stats.duplicates = before.duplicates + (generated.load() - found.load());
  return found.load();
}

template <RankedDomain D>
ExploreResult<D> explore_dense(const D& d, std::span<const typename D::State> starts,
                               const SearchContext& context, std::size_t keep_deepest) {
  ExploreResult<D> result;
  SearchStats& stats = result.stats;
  Budget budget(context, stats);
  const std::uint64_t n = d.num_states();
  if (!budget.can_allocate(n / 4 + 8)) {
    budget.finish(StopReason::memory_limit);
    return result;
  }
  const unsigned threads = n < (std::uint64_t{1} << 16) ? 1 : worker_threads(context);
  encode::NBitArray codes =
      allocate_or_throw("exploration's table", n / 4 + 8, [&] { return encode::NBitArray(n, 2); });
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
    if (depth >= context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    const std::uint64_t next_count = expand_dense_layer(d, words, threads, budget, stats);
    if (budget.stopped()) break;
    seen += next_count;
    budget.note_stored(seen);
    if (next_count == 0) {  // the current layer is the deepest
      for (std::uint64_t r = 0; r < n && result.deepest.size() < keep_deepest; ++r) {
        if (codes.get(r) == kCurrent) result.deepest.push_back(d.unrank(r));
      }
      break;
    }
    for (std::uint64_t& word : words) word = advance_layer(word);
    result.layer_sizes.push_back(next_count);
  }
  budget.finish(StopReason::exhausted);
  return result;
}

template <Domain D>
ExploreResult<D> explore_hashed(const D& d, std::span<const typename D::State> starts,
                                const SearchContext& context, std::size_t keep_deepest) {
  using State = typename D::State;
  ExploreResult<D> result;
  SearchStats& stats = result.stats;
  Budget budget(context, stats);
  StateTable<StateKey<D>> seen(1024, &budget);
  std::vector<State> layer, next;
  for (const State& s : starts) {
    if (budget.make_room(layer) && seen.insert(state_key(d, s)).second) layer.push_back(s);
  }
  result.layer_sizes.push_back(layer.size());
  for (Cost depth = 0; !layer.empty(); ++depth) {
    stats.depth = depth;
    ++stats.iterations;
    if (depth >= context.limits.max_depth) {
      budget.finish(StopReason::depth_limit);
      return result;
    }
    for (const State& s : layer) {
      if (!budget.charge()) break;
      d.for_each_successor(s, [&](const auto&, const State& successor) {
        if (budget.stopped() || !budget.make_room(next)) return;
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
      keep_first(layer, keep_deepest, CanonicalOrder(d));
      result.deepest = std::move(layer);
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
ExploreResult<D> explore(const D& d, std::span<const typename D::State> starts, const SearchContext& context = {},
                         std::size_t keep_deepest = 16) {
  if (context.distribution.active()) return distributed_explore(d, starts, context, keep_deepest);
  if constexpr (RankedDomain<D>) {
    if (static_cast<std::uint64_t>(d.num_states()) <= kDenseExploreLimit) {
      return detail::explore_dense(d, starts, context, keep_deepest);
    }
  }
  return detail::explore_hashed(d, starts, context, keep_deepest);
}

}  // namespace plumb::search
