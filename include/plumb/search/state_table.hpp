// plumb/search/state_table.hpp: StateTable, an open-addressing hash table that interns keys
// (packed states) and gives each a dense 32-bit id, in the order they were first inserted.
//
// Keys live contiguously in one vector, indexed by id; the table holds 64-bit slots, each the id in
// its low half and the top of the key's hash in its high half, so most failed probes never touch a
// key. Linear probing, load factor at most 1/2, doubling when full. Ids are stable: a search keeps
// side tables (parents, costs, moves) as plain vectors indexed by id. This is the design of Fast
// Downward's StateRegistry (per-state data by integer id), with a flat table in place of its set.
// Insert and find: expected O(1); insert also takes a hash computed ahead (hash(), prefetch()), so
// that a caller may hash a batch of keys before probing for any. Memory: sizeof(Key) + 16 to 32
// bytes a key.
// A table given a search::Budget asks it before each doubling (Budget::can_allocate: the new slots
// and the copy of the keys); refused, it stops the search and stays as it is, filling up to a load
// of 7/8 (the keys' capacity is reserved with the slots, so that needs no allocation) while the
// search ends its expansion, and doubling regardless only past that. An allocation the system
// refuses throws io::EnvironmentError.
#pragma once

#include <cassert>
#include <cstdint>
#include <utility>
#include <vector>

#include "plumb/encode/hash.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::search {

template <class Key, class Hash = encode::KeyHash>
class StateTable {
 public:
  using Id = std::uint32_t;
  static constexpr Id kNone = ~Id{0};

  explicit StateTable(std::size_t expected = 1024, Budget* budget = nullptr) : budget_(budget) {
    rehash(capacity_for(expected));
  }

  // The hash insert and find take of a key. Hashing a batch of keys before inserting any lets the
  // hashes' latencies overlap, where each insertion's branches would otherwise serialize them.
  static std::uint64_t hash(const Key& key) { return Hash{}(key); }

  // Starts loading the slot a key of hash `h` probes first (a hint: insert may grow the table).
  void prefetch(std::uint64_t h) const { __builtin_prefetch(slots_.data() + (h & mask_)); }

  // Returns the key's id and whether it was inserted now (false: it was there already).
  std::pair<Id, bool> insert(const Key& key) { return insert(key, hash(key)); }

  // insert(key), given h = hash(key).
  std::pair<Id, bool> insert(const Key& key, std::uint64_t h) {
    assert(h == hash(key));
    if (2 * (keys_.size() + 1) > slots_.size()) grow();
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
    const std::uint64_t h = hash(key);
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

  // Doubles the slots, if the budget allows it or the table is 7/8 full.
  void grow() {
    const std::size_t capacity = 2 * slots_.size();
    if (budget_ != nullptr && !budget_->can_allocate(growth_bytes(capacity)) &&
        8 * (keys_.size() + 1) <= 7 * slots_.size()) {
      return;
    }
    rehash(capacity);
  }

  // What a rehash to `capacity` slots allocates: the slots, and the keys' new capacity (of which
  // only the keys copied are touched at once).
  std::uint64_t growth_bytes(std::size_t capacity) const {
    return std::uint64_t{capacity} * sizeof(std::uint64_t) + keys_.size() * sizeof(Key);
  }

  void rehash(std::size_t capacity) {
    allocate_or_throw("state table", growth_bytes(capacity), [&] {
      keys_.reserve(capacity / 8 * 7);
      slots_.assign(capacity, kEmpty);
    });
    mask_ = capacity - 1;
    for (Id id = 0; id < keys_.size(); ++id) {
      const std::uint64_t h = hash(keys_[id]);
      std::size_t i = h & mask_;
      while (slots_[i] != kEmpty) i = (i + 1) & mask_;
      slots_[i] = (h & kTagMask) | id;
    }
  }

  Budget* budget_;
  std::vector<Key> keys_;  // capacity: 7/8 of the slots
  std::vector<std::uint64_t> slots_;
  std::size_t mask_ = 0;
};

}  // namespace plumb::search
