// plumb/search/distributed_explore.hpp: exhaustive breadth-first exploration shared by the
// processes of an Exchange (exchange.hpp), with the result of explore.hpp's exploration alone: the
// same layer sizes, deepest states and statistics (bar the time), on every process.
//
// Each state has one owner, fixed by the state alone: a ranked domain's ranks are cut into
// contiguous ranges, one a process, each kept as 2-bit layered codes (dense_layers.hpp, n/4/N bytes
// a process; up to kDenseExploreLimit ranks a process, so a group explores densely spaces too big
// for one); other domains' states go to the process the fixed hash of their key picks (never a
// seeded hash, so a run is reproducible), each process keeping a hash set of the states it owns and
// a vector per layer (hash-distributed search, as HDA* and transposition-driven scheduling). The
// search is layer synchronous: every process expands its part of the current layer, keeps the
// successors it owns and sends the others to their owners in rounds of bulk collectives (an
// all-to-all of at most about Distribution::round_states successors a process, then sums of the
// round's counts and stop requests), until no process has anything left of the layer. A layer ends
// at the same round everywhere, so every process agrees on its size, and a limit, a cancellation or
// a failure on any process stops them all at the same round: the counts then say which (the first
// reason in StopReason's order). Collectives suit a breadth-first search: a layer must be complete
// everywhere before the next starts anyway, so nothing is lost by waiting at a round, and
// termination needs no protocol of its own.
//
// With a checkpoint folder each finished layer is written as every process's part, then a manifest
// (explore_checkpoint.hpp); resuming reads the complete layers back, each process keeping the
// states it owns in the new group (of any size), and carries on. The node limit counts the group's
// expansions; time and memory limits are each process's own; progress is reported, with the group's
// totals, by process 0 only.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "plumb/encode/hash.hpp"
#include "plumb/encode/nbit_array.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/search/dense_layers.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/exchange.hpp"
#include "plumb/search/explore_checkpoint.hpp"
#include "plumb/search/explore_result.hpp"
#include "plumb/search/limits.hpp"
#include "plumb/search/state_table.hpp"

namespace plumb::search {
namespace detail {

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

// The successors a process sends in one round, by owner. A round ends once a process has `capacity`
// successors to send, or has expanded as many states (Distribution::round_states).
struct Outbox {
  std::vector<std::vector<std::byte>> to;  // to[p]: for process p
  std::size_t items = 0;
  std::size_t capacity = 0;

  template <class Item>
  void add(int owner, const Item& item) {
    append_item(to[static_cast<std::size_t>(owner)], item);
    ++items;
  }
  bool full() const { return items >= capacity; }
  void clear() {
    for (auto& bytes : to) bytes.clear();
    items = 0;
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

  // Whether Offset holds every offset when `processes` share the domain's ranks.
  static bool fits(std::uint64_t n, int processes) {
    return per_process(n, processes) - 1 <= std::numeric_limits<Offset>::max();
  }

  DenseShare(const D& d, const Exchange& group, Budget&)
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

  // Adds an owned rank to the next layer if it is new; returns whether it was.
  bool add(Item r) {
    const std::uint64_t i = r - begin_;
    if (codes_.get(i) != kUnseen) return false;
    codes_.set(i, kNext);
    ++seen_;
    return true;
  }
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

  void start_layer() { cursor_ = 0; }

  // Expands current ranks from where the last round stopped, until the outbox is full, a round's
  // expansions are done or the layer's are; returns whether some are left. Successors owned here
  // are added at once (counted in `found`), the others go to the outbox.
  bool expand_some(Budget& budget, SearchStats& stats, Outbox& out, std::uint64_t& found) {
    const std::span<std::uint64_t> words = codes_.words();
    const std::uint64_t round_end = stats.expanded + out.capacity;
    for (; cursor_ < words.size(); ++cursor_) {
      if (out.full() || stats.expanded >= round_end) return true;
      for (std::uint64_t current = current_entries(words[cursor_]); current != 0;
           current &= current - 1) {
        if (!budget.charge()) return false;
        const Item r =
            begin_ + cursor_ * 32 + static_cast<std::uint64_t>(std::countr_zero(current)) / 2;
        d_.for_each_successor(d_.unrank(r), [&](const auto&, const State& next) {
          ++stats.generated;
          const Item successor = d_.rank(next);
          const int to = owner(successor);
          if (to == rank_) {
            found += add(successor);
          } else {
            out.add(to, static_cast<Offset>(successor - per_ * static_cast<std::uint64_t>(to)));
          }
        });
      }
    }
    return false;
  }

  std::uint64_t receive(std::span<const std::byte> bytes) {
    std::uint64_t found = 0;
    for_each_item<Offset>(bytes, [&](Offset offset) { found += add(begin_ + offset); });
    return found;
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
  std::size_t cursor_ = 0;  // the word the layer's expansion is at
};

// Any domain's share: the states whose key's fixed hash picks this process, in a hash set, and the
// current and next layers. Items are states, sent as their bytes.
template <Domain D>
class HashedShare {
 public:
  using State = typename D::State;
  using Item = State;
  static_assert(std::is_trivially_copyable_v<State>,
                "a distributed exploration sends states as bytes");

  HashedShare(const D& d, const Exchange& group, Budget& budget)
      : d_(d),
        rank_(group.rank()),
        processes_(static_cast<std::uint64_t>(group.size())),
        budget_(budget),
        seen_(1024, &budget) {}

  bool allocate(Budget&) { return true; }

  std::uint64_t fingerprint() const { return encode::mix64(sizeof(State) ^ 0x4a5); }
  int owner(const State& s) const {
    return static_cast<int>(encode::mix64(item_hash(s) ^ kOwnerSalt) % processes_);
  }
  const Item& item(const State& s) const { return s; }
  const State& state(const Item& s) const { return s; }
  std::uint64_t item_hash(const State& s) const { return encode::KeyHash{}(state_key(d_, s)); }
  bool before(const State& a, const State& b) const { return CanonicalOrder(d_)(a, b); }

  bool add(const State& s) {
    if (!budget_.make_room(next_) || !seen_.insert(state_key(d_, s)).second) return false;
    next_.push_back(s);
    return true;
  }
  bool load(const State& s, bool current) {
    if (!seen_.insert(state_key(d_, s)).second) return false;
    if (current && budget_.make_room(layer_)) layer_.push_back(s);
    return true;
  }
  bool may_own_part(int, int) const { return true; }

  void start_layer() { cursor_ = 0; }

  bool expand_some(Budget& budget, SearchStats& stats, Outbox& out, std::uint64_t& found) {
    const std::uint64_t round_end = stats.expanded + out.capacity;
    while (cursor_ < layer_.size()) {
      if (out.full() || stats.expanded >= round_end) return true;
      if (!budget.charge()) return false;
      d_.for_each_successor(layer_[cursor_++], [&](const auto&, const State& next) {
        if (budget.stopped()) return;
        ++stats.generated;
        const int to = owner(next);
        if (to == rank_) {
          found += add(next);
        } else {
          out.add(to, next);
        }
      });
    }
    return false;
  }

  std::uint64_t receive(std::span<const std::byte> bytes) {
    std::uint64_t found = 0;
    for_each_item<State>(bytes, [&](const State& s) { found += add(s); });
    return found;
  }

  std::uint64_t stored() const { return seen_.size() + next_.size(); }
  void finish_layer() {
    layer_.swap(next_);
    next_.clear();
  }

  const std::vector<State>& next_items() const { return next_; }
  std::vector<State> first_current(std::size_t keep) const {
    std::vector<State> first = layer_;
    keep_first(first, keep, CanonicalOrder(d_));
    return first;
  }

 private:
  // Mixed into the owner's hash, so that a process's states are not all alike in the bits its hash
  // set indexes by.
  static constexpr std::uint64_t kOwnerSalt = 0x6a09e667f3bcc909ULL;

  const D& d_;
  int rank_;
  std::uint64_t processes_;
  Budget& budget_;
  StateTable<StateKey<D>> seen_;
  std::vector<State> layer_, next_;
  std::size_t cursor_ = 0;  // the state of layer_ the expansion is at
};

// The counts every round sums over the group.
enum RoundTotal : std::size_t {
  kMore,
  kExpanded,
  kGenerated,
  kFound,
  kStored,
  kStopped,
  kRoundTotals = kStopped + 7
};

// One process's part of a shared exploration; every process runs one, in step.
template <class Share, Domain D>
class SharedExploration {
 public:
  using State = typename D::State;
  using Item = typename Share::Item;

  SharedExploration(const D& d, const SearchContext& context, Exchange& group)
      : context_(context),
        group_(group),
        budget_(own_limits(context.limits), local_),
        share_(d, group, budget_),
        start_(Clock::now()) {
    out_.to.resize(static_cast<std::size_t>(group.size()));
    out_.capacity = std::max<std::size_t>(1, context.distribution.round_states);
    if (!context.distribution.checkpoint.empty()) folder_.emplace(context.distribution.checkpoint);
  }

  ExploreResult<D> run(std::span<const State> starts, std::size_t keep_deepest) {
    if (!agreed_allocation()) return finish(StopReason::memory_limit);
    if (context_.distribution.resume) {
      resume(starts);
    } else {
      manifest_.fingerprint = fingerprint(starts);
      std::uint64_t found = 0;
      for (const State& s : starts) {
        const Item item = share_.item(s);
        if (share_.owner(item) == group_.rank()) found += share_.add(item);
      }
      std::array<std::uint64_t, 1> count{found};
      group_.sum(count);
      checkpoint_next_layer(0, count[0]);
      share_.finish_layer();
      result_.layer_sizes.push_back(count[0]);
    }
    for (;;) {
      const auto depth = static_cast<Cost>(result_.layer_sizes.size() - 1);
      stats().depth = depth;
      ++stats().iterations;
      if (depth >= context_.limits.max_depth) return finish(StopReason::depth_limit);
      share_.start_layer();
      found_in_layer_ = 0;
      std::array<std::uint64_t, kRoundTotals> totals{};
      do {
        totals = round();
        if (const auto reason = stop_reason(totals)) return finish(*reason);
      } while (totals[kMore] != 0);
      stats().peak_stored = std::max(stats().peak_stored, totals[kStored]);
      const std::uint64_t found = found_in_layer_;
      if (found == 0) {
        result_.deepest = deepest(keep_deepest);
        return finish(StopReason::exhausted);
      }
      checkpoint_next_layer(result_.layer_sizes.size(), found);
      share_.finish_layer();
      result_.layer_sizes.push_back(found);
      found_before_ += found;
    }
  }

 private:
  using Clock = std::chrono::steady_clock;

  // Each process's budget: the context's limits but the node limit, which counts the group's
  // expansions (checked after each round).
  static SearchContext own_limits(SearchLimits limits) {
    limits.max_nodes = 0;
    return SearchContext(limits);
  }

  SearchStats& stats() { return result_.stats; }

  bool agreed_allocation() {
    std::exception_ptr failure;
    bool allocated = false;
    try {
      allocated = share_.allocate(budget_);
    } catch (const std::exception&) {
      failure = std::current_exception();
    }
    agree(failure);
    std::array<std::uint64_t, 1> refused{allocated ? 0u : 1u};
    group_.sum(refused);
    return refused[0] == 0;
  }

  // Throws on every process if `failure` is set on any: the failure itself in a group of one, else
  // io::EnvironmentError with the first failing process's message.
  void agree(std::exception_ptr failure) {
    std::array<std::uint64_t, 1> failed{failure ? 1u : 0u};
    group_.sum(failed);
    if (failed[0] == 0) return;
    if (group_.size() == 1) std::rethrow_exception(failure);
    std::string message;
    if (failure) {
      try {
        std::rethrow_exception(failure);
      } catch (const std::exception& error) {
        message = error.what();
      }
    }
    const auto messages =
        group_.all_gather(std::as_bytes(std::span(message.data(), message.size())));
    for (std::size_t p = 0; p < messages.size(); ++p) {
      if (messages[p].empty()) continue;
      throw io::EnvironmentError(fmt::format(
          "process {} of {}: {}", p, messages.size(),
          std::string(reinterpret_cast<const char*>(messages[p].data()), messages[p].size())));
    }
    throw io::EnvironmentError("a process of the group failed");
  }

  // One round: expands a round's work, sends the successors others own, adds those received, and
  // sums the counts over the group (which every process's statistics then add).
  std::array<std::uint64_t, kRoundTotals> round() {
    std::array<std::uint64_t, kRoundTotals> totals{};
    const SearchStats before = local_;
    std::exception_ptr failure;
    try {
      totals[kMore] = share_.expand_some(budget_, local_, out_, totals[kFound]) ? 1 : 0;
    } catch (const std::exception&) {
      failure = std::current_exception();
    }
    std::vector<std::size_t> from;
    const std::vector<std::byte> incoming = group_.all_to_all(out_.to, from);
    out_.clear();
    if (!failure) {
      try {
        totals[kFound] += share_.receive(incoming);
      } catch (const std::exception&) {
        failure = std::current_exception();
      }
    }
    agree(failure);
    budget_.check();
    if (context_.cancelled())
      totals[kStopped + static_cast<std::size_t>(StopReason::cancelled)] = 1;
    if (budget_.stopped()) totals[kStopped + static_cast<std::size_t>(local_.reason)] = 1;
    totals[kExpanded] = local_.expanded - before.expanded;
    totals[kGenerated] = local_.generated - before.generated;
    totals[kStored] = share_.stored();
    group_.sum(totals);
    stats().expanded += totals[kExpanded];
    stats().generated += totals[kGenerated];
    found_in_layer_ += totals[kFound];
    stats().duplicates = stats().generated - found_before_ - found_in_layer_;
    stats().seconds =
        resumed_seconds_ + std::chrono::duration<double>(Clock::now() - start_).count();
    if (group_.rank() == 0) context_.report_progress(stats());
    return totals;
  }

  std::optional<StopReason> stop_reason(
      const std::array<std::uint64_t, kRoundTotals>& totals) const {
    for (std::size_t reason = 0; reason < 7; ++reason) {
      if (totals[kStopped + reason] != 0) return static_cast<StopReason>(reason);
    }
    const std::uint64_t most = context_.limits.max_nodes;
    if (most != 0 && result_.stats.expanded >= most) return StopReason::node_limit;
    return std::nullopt;
  }

  ExploreResult<D> finish(StopReason reason) {
    stats().reason = reason;
    stats().seconds =
        resumed_seconds_ + std::chrono::duration<double>(Clock::now() - start_).count();
    return std::move(result_);
  }

  // The first `keep` states of the current layer in the canonical order, from every process's
  // first.
  std::vector<State> deepest(std::size_t keep) {
    const std::vector<Item> mine = share_.first_current(keep);
    const auto parts = group_.all_gather(std::as_bytes(std::span(mine)));
    std::vector<Item> all;
    for (const auto& part : parts)
      for_each_item<Item>(part, [&](const Item& item) { all.push_back(item); });
    keep_first(all, keep, [&](const Item& a, const Item& b) { return share_.before(a, b); });
    std::vector<State> states;
    for (const Item& item : all) states.push_back(share_.state(item));
    return states;
  }

  // With a checkpoint folder: writes this process's part of the next layer (number `layer`, of
  // `size` states in all) and, once every part is written, the manifest, which vouches for each
  // part's size and checksum.
  void checkpoint_next_layer(std::size_t layer, std::uint64_t size) {
    if (!folder_) return;
    std::exception_ptr failure;
    CheckpointPart mine;
    try {
      const auto& items = share_.next_items();
      mine =
          folder_->write_part(layer, group_.rank(), group_.size(), std::as_bytes(std::span(items)));
    } catch (const std::exception&) {
      failure = std::current_exception();
    }
    agree(failure);
    CheckpointLayer& written = manifest_.layers.emplace_back(CheckpointLayer{size, {}});
    for (const auto& gathered : group_.all_gather(std::as_bytes(std::span(&mine, 1)))) {
      for_each_item<CheckpointPart>(
          gathered, [&](const CheckpointPart& part) { written.parts.push_back(part); });
    }
    manifest_.stats = stats();
    if (group_.rank() == 0) {
      try {
        folder_->write_manifest(manifest_);
      } catch (const std::exception&) {
        failure = std::current_exception();
      }
    }
    agree(failure);
    if (context_.distribution.after_checkpoint) context_.distribution.after_checkpoint(layer);
  }

  std::uint64_t fingerprint(std::span<const State> starts) const {
    std::uint64_t h = share_.fingerprint();
    for (const State& s : starts) h = encode::mix64(h ^ share_.item_hash(share_.item(s)));
    return h;
  }

  // Reads the checkpoint's complete layers back: every process keeps the states it owns, from
  // the parts that may hold them, each checked against the manifest (the others' sizes only). A
  // state found twice is damage that a checksum missed.
  void resume(std::span<const State> starts) {
    std::exception_ptr failure;
    std::vector<std::uint64_t> loaded;
    try {
      manifest_ = folder_->read_manifest(sizeof(Item));
      if (manifest_.fingerprint != fingerprint(starts)) {
        throw io::EnvironmentError(fmt::format("{} holds the checkpoint of another exploration",
                                               folder_->path().string()));
      }
      const std::size_t last = manifest_.layers.size() - 1;
      loaded.assign(manifest_.layers.size(), 0);
      for (std::size_t layer = 0; layer <= last; ++layer) {
        const std::vector<CheckpointPart>& vouched = manifest_.layers[layer].parts;
        const auto parts = static_cast<int>(vouched.size());
        for (int part = 0; part < parts; ++part) {
          const CheckpointPart& expected = vouched[static_cast<std::size_t>(part)];
          if (!share_.may_own_part(part, parts)) {
            folder_->check_part(layer, part, parts, expected);
            continue;
          }
          const std::vector<std::byte> bytes = folder_->read_part(layer, part, parts, expected);
          bool repeated = false;
          for_each_item<Item>(bytes, [&](const Item& item) {
            if (share_.owner(item) != group_.rank()) return;
            if (!share_.load(item, layer == last)) repeated = true;
            ++loaded[layer];
          });
          if (repeated)
            throw damaged_checkpoint(folder_->part_path(layer, part, parts), "a state found twice");
        }
      }
    } catch (const std::exception&) {
      failure = std::current_exception();
    }
    agree(failure);
    group_.sum(loaded);
    for (std::size_t layer = 0; layer < loaded.size(); ++layer) {
      if (loaded[layer] != manifest_.layers[layer].size) {
        throw io::EnvironmentError(fmt::format(
            "the checkpoint in {} is incomplete: layer {} has {} of its {} states",
            folder_->path().string(), layer, loaded[layer], manifest_.layers[layer].size));
      }
      result_.layer_sizes.push_back(loaded[layer]);
      if (layer > 0) found_before_ += loaded[layer];
    }
    const SearchStats& saved = manifest_.stats;
    stats().expanded = saved.expanded;
    stats().generated = saved.generated;
    stats().duplicates = saved.duplicates;
    stats().peak_stored = saved.peak_stored;
    stats().iterations = saved.iterations;
    resumed_seconds_ = saved.seconds;
  }

  const SearchContext& context_;
  Exchange& group_;
  SearchStats local_;  // this process's own counts, which its budget keeps
  Budget budget_;
  Share share_;
  Outbox out_;
  ExploreResult<D> result_;  // stats: the group's
  std::optional<CheckpointFolder> folder_;
  CheckpointManifest manifest_;
  std::uint64_t found_before_ =
      0;  // states found in the layers after the first, before the current one
  std::uint64_t found_in_layer_ = 0;  // states of the next layer found so far
  Clock::time_point start_;
  double resumed_seconds_ = 0;
};

}  // namespace detail

// explore() shared by the group of context.distribution (a group of one if it names none), keeping
// its checkpoints; explore.hpp calls it when the distribution is active.
template <Domain D>
ExploreResult<D> distributed_explore(const D& d, std::span<const typename D::State> starts,
                                     const SearchContext& context, std::size_t keep_deepest) {
  LocalExchange alone;
  Exchange& group = context.distribution.exchange ? *context.distribution.exchange : alone;
  if constexpr (RankedDomain<D>) {
    const auto n = static_cast<std::uint64_t>(d.num_states());
    if (n / static_cast<std::uint64_t>(group.size()) <= kDenseExploreLimit) {
      using Narrow = detail::DenseShare<D, std::uint32_t>;
      if (Narrow::fits(n, group.size()))
        return detail::SharedExploration<Narrow, D>(d, context, group).run(starts, keep_deepest);
      using Wide = detail::DenseShare<D, std::uint64_t>;
      return detail::SharedExploration<Wide, D>(d, context, group).run(starts, keep_deepest);
    }
  }
  return detail::SharedExploration<detail::HashedShare<D>, D>(d, context, group)
      .run(starts, keep_deepest);
}

}  // namespace plumb::search
