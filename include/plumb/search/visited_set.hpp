// plumb/search/visited_set.hpp: VisitedSet, duplicate detection chosen by the domain's concepts: a
// dense bit per rank for a RankedDomain whose space is small enough (at most kDenseLimit ranks),
// otherwise a StateTable over the domain's keys (packed when it is a PackedDomain).
//
// insert(s) is O(1) either way, and may be split in two: prepare(s) (the rank or hash) ahead of
// insert(s, prepared), so that a search hashes a batch of states before probing for any. Memory is
// num_states / 8 bytes dense, or about 24 bytes plus the key per inserted state hashed. Both
// allocate through the search's Budget: the dense bits only when the memory limit leaves room for
// them (the table otherwise), the table's growth as StateTable does.
#pragma once

#include <cstdint>

#include "plumb/encode/nbit_array.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {

template <Domain D>
class VisitedSet {
 public:
  static constexpr std::uint64_t kDenseLimit = std::uint64_t{1} << 32;

  VisitedSet(const D& domain, Budget& budget) : domain_(domain), table_(1024, &budget) {
    if constexpr (RankedDomain<D>) {
      const std::uint64_t states = domain.num_states();
      const std::uint64_t bytes = states / 8 + 8;
      if (states <= kDenseLimit && budget.fits(bytes)) {
        dense_ = allocate_or_throw("visited set", bytes,
                                   [&] { return encode::NBitArray(states, 1); });
      }
    }
  }

  // What insert(s, prepared) needs of s, computed ahead: its rank in the dense bits, or its hash
  // (the table's slot prefetched). Preparing all of an expansion's successors before inserting any
  // lets their latencies overlap.
  std::uint64_t prepare(const typename D::State& s) const {
    if constexpr (RankedDomain<D>) {
      if (dense_.size() != 0) return domain_.rank(s);
    }
    const std::uint64_t hash = Table::hash(state_key(domain_, s));
    table_.prefetch(hash);
    return hash;
  }

  // Adds s, given prepared = prepare(s); true if it was not there before.
  bool insert(const typename D::State& s, std::uint64_t prepared) {
    if constexpr (RankedDomain<D>) {
      if (dense_.size() != 0) {
        if (dense_.get(prepared) != 0) return false;
        dense_.set(prepared, 1);
        ++size_;
        return true;
      }
    }
    const bool inserted = table_.insert(state_key(domain_, s), prepared).second;
    size_ += inserted;
    return inserted;
  }

  // Adds s; true if it was not there before.
  bool insert(const typename D::State& s) { return insert(s, prepare(s)); }

  std::uint64_t size() const { return size_; }

 private:
  using Table = StateTable<StateKey<D>>;

  const D& domain_;
  encode::NBitArray dense_;
  Table table_;
  std::uint64_t size_ = 0;
};

}  // namespace plumb::search
