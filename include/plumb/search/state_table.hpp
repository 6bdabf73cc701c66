// plumb/search/state_table.hpp: StateTable, an open-addressing hash table that interns keys
// (packed states) and gives each a dense 32-bit id, in the order they were first inserted.
//
// Keys live contiguously in one vector, indexed by id; the table holds 64-bit slots, each the id in
// its low half and the top of the key's hash in its high half, so most failed probes never touch a
// key. Linear probing, load factor at most 1/2, doubling when full. Ids are stable: a search keeps
// side tables (parents, costs, moves) as plain vectors indexed by id. This is the design of Fast
// Downward's StateRegistry (per-state data by integer id), with a flat table in place of its set.
// Insert and find: expected O(1). Memory: sizeof(Key) + 16 to 32 bytes a key.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "plumb/encode/hash.hpp"

namespace plumb::search {

template <class Key, class Hash = encode::KeyHash>
class StateTable {
 public:
  using Id = std::uint32_t;
  static constexpr Id kNone = ~Id{0};

  explicit StateTable(std::size_t expected = 1024) { rehash(capacity_for(expected)); }

  // Returns the key's id and whether it was inserted now (false: it was there already).
  std::pair<Id, bool> insert(const Key& key) {
    if (2 * (keys_.size() + 1) > slots_.size()) rehash(slots_.size() * 2);
    const std::uint64_t h = Hash{}(key);
    const std::uint64_t tag = h & kTagMask;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t slot = slots_[i];
      if (slot == kEmpty) {
        const Id id = static_cast<Id>(keys_.size());
        assert(id != kNone);
        keys_.push_back(key);
        slots_[i] = tag | id;
        return {id, true};
      }
      if ((slot & kTagMask) == tag && keys_[static_cast<Id>(slot)] == key) {
        return {static_cast<Id>(slot), false};
      }
    }
  }

  // The key's id, or kNone.
  Id find(const Key& key) const {
    const std::uint64_t h = Hash{}(key);
    const std::uint64_t tag = h & kTagMask;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const std::uint64_t slot = slots_[i];
      if (slot == kEmpty) return kNone;
      if ((slot & kTagMask) == tag && keys_[static_cast<Id>(slot)] == key) return static_cast<Id>(slot);
    }
  }

  bool contains(const Key& key) const { return find(key) != kNone; }
  const Key& key(Id id) const { return keys_[id]; }
  std::size_t size() const { return keys_.size(); }
  std::size_t memory_bytes() const {
    return keys_.capacity() * sizeof(Key) + slots_.capacity() * sizeof(std::uint64_t);
  }

 private:
  static constexpr std::uint64_t kEmpty = ~std::uint64_t{0};
  static constexpr std::uint64_t kTagMask = 0xffffffff00000000ULL;

  static std::size_t capacity_for(std::size_t expected) {
    std::size_t capacity = 16;
    while (capacity < 2 * expected) capacity *= 2;
    return capacity;
  }

  void rehash(std::size_t capacity) {
    slots_.assign(capacity, kEmpty);
    mask_ = capacity - 1;
    for (Id id = 0; id < keys_.size(); ++id) {
      const std::uint64_t h = Hash{}(keys_[id]);
      std::size_t i = h & mask_;
      while (slots_[i] != kEmpty) i = (i + 1) & mask_;
      slots_[i] = (h & kTagMask) | id;
    }
  }

  std::vector<Key> keys_;
  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0;
};

}  // namespace plumb::search
