// plumb/search/explore_result.hpp: what an exploration returns (the states at each depth, the
// statistics, some deepest states), and the fixed order in which its deepest states are chosen, so
// that a run alone and a run shared by any number of processes (distributed_explore.hpp) show the
// same ones.
//
// The deepest states kept are the first of the last layer in a canonical order that depends neither
// on the order states were found in nor on how they were stored: by rank in a ranked domain (dense or
// hashed), and otherwise by the fixed hash of the state's key (encode::KeyHash, the same in every
// process and run), ties (distinct keys with one hash) by the key's own order or its bytes.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "plumb/encode/hash.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search {

// What every exploration counts, whatever its states: the states at each depth and the statistics.
struct LayerCounts {
  std::vector<std::uint64_t> layer_sizes;  // layer_sizes[k]: states first reached in k moves
  SearchStats stats;                       // reason: exhausted when complete, else the limit hit

  std::uint64_t total() const {
    std::uint64_t sum = 0;
    for (std::uint64_t size : layer_sizes) sum += size;
    return sum;
  }
  bool complete() const { return stats.reason == StopReason::exhausted; }
};

template <Domain D>
struct ExploreResult : LayerCounts {
  std::vector<typename D::State> deepest;  // the first states of the last layer (at most keep_deepest)
};

// A RankedDomain of at most this many ranks is explored in rank space (2 bits a rank), others hashed.
inline constexpr std::uint64_t kDenseExploreLimit = std::uint64_t{1} << 33;

// The order in which an exploration keeps its deepest states: by rank, or by the fixed hash of keys.
template <Domain D>
class CanonicalOrder {
 public:
  explicit CanonicalOrder(const D& d) : d_(d) {}

  bool operator()(const typename D::State& a, const typename D::State& b) const {
    if constexpr (RankedDomain<D>) {
      return d_.rank(a) < d_.rank(b);
    } else {
      return by_key(a, b);
    }
  }

 private:
  bool by_key(const typename D::State& a, const typename D::State& b) const {
    const auto& key_a = state_key(d_, a);
    const auto& key_b = state_key(d_, b);
    const std::uint64_t hash_a = encode::KeyHash{}(key_a), hash_b = encode::KeyHash{}(key_b);
    if (hash_a != hash_b) return hash_a < hash_b;
    using Key = StateKey<D>;
    if constexpr (std::totally_ordered<Key>) {
      return key_a < key_b;
    } else {
      static_assert(std::has_unique_object_representations_v<Key>,
                    "a key without an order must be its bytes");
      return std::memcmp(&key_a, &key_b, sizeof(Key)) < 0;
    }
  }

  const D& d_;
};

// Leaves in `states` its first `keep` in `order`, sorted.
template <class State, class Order>
void keep_first(std::vector<State>& states, std::size_t keep, Order order) {
  keep = std::min(keep, states.size());
  std::partial_sort(states.begin(), states.begin() + static_cast<std::ptrdiff_t>(keep), states.end(), order);
  states.resize(keep);
}

}  // namespace plumb::search
