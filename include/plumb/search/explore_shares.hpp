// plumb/search/explore_shares.hpp: a process's share of an exploration shared by a group of
// processes (distributed_explore.hpp): the states it owns, the layers of them, and how its worker
// threads expand them and add what they find, alone or received from the others.
//
// Each state has one owner, fixed by the state alone. A DenseShare (ranked domains) owns a
// contiguous range of whole words of ranks, kept as 2-bit layered codes (dense_layers.hpp, n/4/N
// bytes a process); its threads read current entries and claim next ones with atomic operations on
// the codes, as the exploration alone does. A HashedShare (any domain) owns the states whose key's
// fixed hash picks it (never a seeded hash, so a run is reproducible), in shards (a hash set and
// the layers of the states the shard's hash picks), each behind a mutex and with a Budget of its
// own for its growth, so that threads add states at once.
//
// The interface SharedExploration drives: between start_layer() and finish_layer(), any thread may
// call expand_chunk() (each chunk once), receive() and add() at once; everything else is called by
// one thread while no other runs. A share counts nothing across threads: each thread's Work does.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "plumb/encode/hash.hpp"
#include "plumb/encode/nbit_array.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/dense_layers.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/exchange.hpp"
#include "plumb/search/explore_result.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search::detail {

template <class Item>
void append_item(std::vector<std::byte>& bytes, const Item& item) {
  const std::size_t at = bytes.size();
  bytes.resize(at + sizeof(Item));
  std::memcpy(bytes.data() + at, &item, sizeof(Item));
}

template <class Item, class F>
void for_each_item(std::span<const std::byte> bytes, F&& f) {
  for (std::size_t at = 0; at + sizeof(Item) <= bytes.size(); at += sizeof(Item)) {
    Item item;
    std::memcpy(&item, bytes.data() + at, sizeof(Item));
    f(item);
  }
}

// One thread's part of a round: the successors it found that other processes own, by owner, and
// its counts.
struct Work {
  std::vector<std::vector<std::byte>> to;  // to[p]: for process p
  std::size_t sent = 0;                    // successors in `to`
  std::uint64_t expanded = 0, generated = 0, found = 0;

  template <class Item>
  void send(int owner, const Item& item) {
    append_item(to[static_cast<std::size_t>(owner)], item);
    ++sent;
  }
  void clear() {
    for (auto& bytes : to) bytes.clear();
    sent = 0;
    expanded = generated = found = 0;
  }
};

// A ranked domain's share: the ranks [begin, end) of a cut into ranges of whole words, as 2-bit
// codes. Items (what checkpoints hold) are ranks; successors travel as their offsets in their
// owner's range, Offset wide (4 bytes where every range is at most 2^32 ranks).
template <RankedDomain D, class Offset>
class DenseShare {
 public:
  using State = typename D::State;
  using Item = std::uint64_t;
  using Sent = Offset;

  // Whether Offset holds every offset when `processes` share the domain's ranks.
  static bool fits(std::uint64_t n, int processes) {
    return per_process(n, processes) - 1 <= std::numeric_limits<Offset>::max();
  }

  DenseShare(const D& d, const Exchange& group, const SearchContext&, unsigned)
      : d_(d),
        n_(d.num_states()),
        rank_(group.rank()),
        per_(per_process(n_, group.size())),
        begin_(std::min(n_, per_ * static_cast<std::uint64_t>(rank_))),
        end_(std::min(n_, begin_ + per_)) {}

  // Allocates the codes; false, with the budget stopped, past the memory limit.
  bool allocate(Budget& budget) {
    const std::uint64_t bytes = (end_ - begin_) / 4 + 8;
    if (!budget.can_allocate(bytes)) return false;
    codes_ = allocate_or_throw("exploration's table", bytes,
                               [&] { return encode::NBitArray(end_ - begin_, 2); });
    return true;
  }

  std::uint64_t fingerprint() const { return encode::mix64(n_ ^ 0xd3); }
  int owner(Item r) const { return r < n_ ? static_cast<int>(r / per_) : -1; }  // -1: no rank
  Item item(const State& s) const { return d_.rank(s); }
  State state(Item r) const { return d_.unrank(r); }
  std::uint64_t item_hash(Item r) const { return encode::mix64(r); }
  bool before(Item a, Item b) const { return a < b; }

  // Adds an owned rank to the next layer if it is new; returns whether it was (to one thread).
  bool add(Item r) { return claim_next(codes_.words(), r - begin_); }
  // The states the add() calls of a round found new.
  void count_found(std::uint64_t found) { seen_ += found; }
  // Restores an owned rank from a checkpoint: in the current layer, or done; false if it was there
  // already.
  bool load(Item r, bool current) {
    const std::uint64_t i = r - begin_;
    if (codes_.get(i) != kUnseen) return false;
    codes_.set(i, current ? kCurrent : kDone);
    ++seen_;
    return true;
  }
  // Whether part `part` of a layer written by `parts` processes may hold ranks of this share.
  bool may_own_part(int part, int parts) const {
    const std::uint64_t per = per_process(n_, parts);
    const std::uint64_t begin = std::min(n_, per * static_cast<std::uint64_t>(part));
    return begin < end_ && begin_ < std::min(n_, begin + per);
  }
  // No memory is asked for after allocate().
  bool out_of_memory() const { return false; }

  // Cuts the current layer into chunks of about `chunk_states` ranks (whole words, at most 1,024).
  void start_layer(std::size_t chunk_states) {
    chunk_words_ = std::clamp<std::size_t>(chunk_states / 32, 1, 1024);
    chunks_ = (codes_.words().size() + chunk_words_ - 1) / chunk_words_;
  }
  std::size_t chunks() const { return chunks_; }

  // Expands the current ranks of chunk `chunk`: successors owned here are added, the others sent.
  void expand_chunk(std::size_t chunk, Work& work) {
    const std::span<std::uint64_t> words = codes_.words();
    const std::size_t end = std::min(words.size(), (chunk + 1) * chunk_words_);
    for (std::size_t w = chunk * chunk_words_; w < end; ++w) {
      for_each_current(words, w, [&](std::uint64_t i) {
        ++work.expanded;
        d_.for_each_successor(d_.unrank(begin_ + i), [&](const auto&, const State& next) {
          ++work.generated;
          const Item successor = d_.rank(next);
          const int to = owner(successor);
          if (to == rank_) {
            work.found += add(successor);
          } else {
            work.send(to, static_cast<Offset>(successor - per_ * static_cast<std::uint64_t>(to)));
          }
        });
      });
    }
  }

  // Adds the successors other processes sent (whole Sent items).
  void receive(std::span<const std::byte> bytes, Work& work) {
    for_each_item<Offset>(bytes, [&](Offset offset) { work.found += add(begin_ + offset); });
  }

  std::uint64_t stored() const { return seen_; }
  void finish_layer() {
    for (std::uint64_t& word : codes_.words()) word = advance_layer(word);
  }

  // The ranks of the next layer, for a checkpoint.
  std::vector<Item> next_items() const { return ranks_where(next_entries, ~std::size_t{0}); }
  // The first `keep` ranks of the current layer.
  std::vector<Item> first_current(std::size_t keep) const {
    return ranks_where(current_entries, keep);
  }

 private:
  // Ranks a process owns: the words of the space shared out, whole, as evenly as they go.
  static std::uint64_t per_process(std::uint64_t n, int processes) {
    const std::uint64_t words = (n + 31) / 32;
    return (words + static_cast<std::uint64_t>(processes) - 1) /
           static_cast<std::uint64_t>(processes) * 32;
  }

  template <class Entries>
  std::vector<Item> ranks_where(Entries entries, std::size_t most) const {
    std::vector<Item> ranks;
    const std::span<const std::uint64_t> words = codes_.words();
    for (std::size_t w = 0; w < words.size() && ranks.size() < most; ++w) {
      for (std::uint64_t bits = entries(words[w]); bits != 0 && ranks.size() < most;
           bits &= bits - 1)
        ranks.push_back(begin_ + w * 32 + static_cast<std::uint64_t>(std::countr_zero(bits)) / 2);
    }
    return ranks;
  }

  const D& d_;
  std::uint64_t n_;
  int rank_;
  std::uint64_t per_, begin_, end_;
  encode::NBitArray codes_;
  std::uint64_t seen_ = 0;
  std::size_t chunk_words_ = 1, chunks_ = 0;
};

// Any domain's share: the states whose key's fixed hash picks this process, in shards (one for a
// thread alone, 8 a thread for several). Items are states, sent as their bytes.
template <Domain D>
class HashedShare {
 public:
  using State = typename D::State;
  using Item = State;
  using Sent = State;
  static_assert(std::is_trivially_copyable_v<State>,
                "a distributed exploration sends states as bytes");

  // Shards' budgets take `limits` (a process's own).
  HashedShare(const D& d, const Exchange& group, const SearchContext& limits, unsigned threads)
      : d_(d), rank_(group.rank()), processes_(static_cast<std::uint64_t>(group.size())) {
    const unsigned shards = threads == 1 ? 1 : 8 * threads;
    for (unsigned s = 0; s < shards; ++s) shards_.push_back(std::make_unique<Shard>(limits));
  }

  bool allocate(Budget&) { return true; }

  std::uint64_t fingerprint() const { return encode::mix64(sizeof(State) ^ 0x4a5); }
  int owner(const State& s) const {
    return static_cast<int>(encode::mix64(item_hash(s) ^ kOwnerSalt) % processes_);
  }
  const Item& item(const State& s) const { return s; }
  const State& state(const Item& s) const { return s; }
  std::uint64_t item_hash(const State& s) const { return encode::KeyHash{}(state_key(d_, s)); }
  bool before(const State& a, const State& b) const { return CanonicalOrder(d_)(a, b); }

  // Adds an owned state to the next layer if it is new and its shard has room; returns whether it
  // was added.
  bool add(const State& s) {
    const auto& key = state_key(d_, s);
    const std::uint64_t h = Table::hash(key);
    Shard& shard = shard_of(h);
    const std::lock_guard hold(shard.lock);
    if (!shard.budget.make_room(shard.next) || !shard.seen.insert(key, h).second) return false;
    shard.next.push_back(s);
    return true;
  }
  void count_found(std::uint64_t) {}  // the shards count their states
  bool load(const State& s, bool current) {
    const auto& key = state_key(d_, s);
    const std::uint64_t h = Table::hash(key);
    Shard& shard = shard_of(h);
    if (!shard.seen.insert(key, h).second) return false;
    if (current && shard.budget.make_room(shard.layer)) shard.layer.push_back(s);
    return true;
  }
  bool may_own_part(int, int) const { return true; }
  // Whether a shard was refused memory (and left states out).
  bool out_of_memory() const {
    return std::any_of(shards_.begin(), shards_.end(),
                       [](const auto& shard) { return shard->budget.stopped(); });
  }

  // Cuts each shard's current layer into chunks of at most `chunk_states` states (1,024).
  void start_layer(std::size_t chunk_states) {
    chunk_states_ = std::clamp<std::size_t>(chunk_states, 1, 1024);
    chunks_.clear();
    for (std::size_t s = 0; s < shards_.size(); ++s) {
      for (std::size_t begin = 0; begin < shards_[s]->layer.size(); begin += chunk_states_)
        chunks_.push_back({s, begin});
    }
  }
  std::size_t chunks() const { return chunks_.size(); }

  void expand_chunk(std::size_t chunk, Work& work) {
    const auto [shard, begin] = chunks_[chunk];
    const std::vector<State>& layer = shards_[shard]->layer;
    const std::size_t end = std::min(layer.size(), begin + chunk_states_);
    for (std::size_t i = begin; i < end; ++i) {
      ++work.expanded;
      d_.for_each_successor(layer[i], [&](const auto&, const State& next) {
        ++work.generated;
        const int to = owner(next);
        if (to == rank_) {
          work.found += add(next);
        } else {
          work.send(to, next);
        }
      });
    }
  }

  void receive(std::span<const std::byte> bytes, Work& work) {
    for_each_item<State>(bytes, [&](const State& s) { work.found += add(s); });
  }

  std::uint64_t stored() const {
    std::uint64_t stored = 0;
    for (const auto& shard : shards_) stored += shard->seen.size() + shard->next.size();
    return stored;
  }
  void finish_layer() {
    for (const auto& shard : shards_) {
      shard->layer.swap(shard->next);
      shard->next.clear();
    }
  }

  std::vector<State> next_items() const { return all_of(&Shard::next); }
  std::vector<State> first_current(std::size_t keep) const {
    std::vector<State> first = all_of(&Shard::layer);
    keep_first(first, keep, CanonicalOrder(d_));
    return first;
  }

 private:
  using Table = StateTable<StateKey<D>>;
  // Mixed into the owner's and the shard's hash, so that a process's states, and a shard's, are
  // not all alike in the bits a hash set indexes by.
  static constexpr std::uint64_t kOwnerSalt = 0x6a09e667f3bcc909ULL;
  static constexpr std::uint64_t kShardSalt = 0xbb67ae8584caa73bULL;

  struct Shard {
    explicit Shard(const SearchContext& limits) : budget(limits, refused), seen(1024, &budget) {}
    std::mutex lock;      // held by add(), the only call made by several threads at once
    SearchStats refused;  // the budget's: why it stopped
    Budget budget;
    Table seen;
    std::vector<State> layer, next;
  };

  Shard& shard_of(std::uint64_t h) {
    return *shards_[encode::mix64(h ^ kShardSalt) % shards_.size()];
  }

  std::vector<State> all_of(std::vector<State> Shard::*layer) const {
    std::vector<State> all;
    for (const auto& shard : shards_)
      all.insert(all.end(), ((*shard).*layer).begin(), ((*shard).*layer).end());
    return all;
  }

  const D& d_;
  int rank_;
  std::uint64_t processes_;
  std::vector<std::unique_ptr<Shard>> shards_;
  std::size_t chunk_states_ = 1;
  std::vector<std::pair<std::size_t, std::size_t>> chunks_;  // (shard, first state) of each chunk
};

}  // namespace plumb::search::detail
