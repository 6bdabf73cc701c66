// plumb/search/visited_set.hpp: VisitedSet, duplicate detection chosen by the domain's concepts: a
// dense bit per rank for a RankedDomain whose space is small enough (at most kDenseLimit ranks),
// otherwise a StateTable over the domain's keys (packed when it is a PackedDomain).
//
// insert(s) is O(1) either way; memory is num_states / 8 bytes dense, or about 24 bytes plus the key
// per inserted state hashed. Both allocate through the search's Budget: the dense bits only when the
// memory limit leaves room for them (the table otherwise), the table's growth as StateTable does.
#pragma once

#include <cstdint>

#include "plumb/encode/nbit_array.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/limits.hpp"
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

  // Adds s; true if it was not there before.
  bool insert(const typename D::State& s) {
    if constexpr (RankedDomain<D>) {
      if (dense_.size() != 0) {
        const std::uint64_t rank = domain_.rank(s);
        if (dense_.get(rank) != 0) return false;
        dense_.set(rank, 1);
        ++size_;
        return true;
      }
    }
    const bool inserted = table_.insert(state_key(domain_, s)).second;
    size_ += inserted;
    return inserted;
  }

  std::uint64_t size() const { return size_; }

 private:
  const D& domain_;
  encode::NBitArray dense_;
  StateTable<StateKey<D>> table_;
  std::uint64_t size_ = 0;
};

}  // namespace plumb::search
