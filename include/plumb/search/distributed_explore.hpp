// plumb/search/distributed_explore.hpp: exhaustive breadth-first exploration shared by the
// processes of an Exchange (exchange.hpp), with the result of explore.hpp's exploration alone: the
// same layer sizes, deepest states and statistics (bar the time), on every process.
//
// Each state has one owner, fixed by the state alone (explore_shares.hpp): a ranked domain's ranks
// are cut into contiguous ranges, one a process, each kept as 2-bit layered codes (n/4/N bytes a
// process; up to kDenseExploreLimit ranks a process, so a group explores densely spaces too big for
// one); other domains' states go to the process the fixed hash of their key picks, each process
// keeping hash sets of the states it owns and vectors per layer (hash-distributed search, as HDA*
// and transposition-driven scheduling). The search is layer synchronous: every process expands its
// part of the current layer, keeps the successors it owns and sends the others to their owners in
// rounds of bulk collectives (an all-to-all of about Distribution::round_states successors a
// process at most, then sums of the round's counts and stop requests), until no process has
// anything left of the layer. A layer ends at the same round everywhere, so every process agrees on
// its size, and a limit, a cancellation or a failure on any process stops them all at the same
// round: the counts then say which (the first reason in StopReason's order). Collectives suit a
// breadth-first search: a layer must be complete everywhere before the next starts anyway, so
// nothing is lost by waiting at a round, and termination needs no protocol of its own.
//
// Inside a process, SearchLimits::threads threads (one where the context leaves it open and the
// group has several processes) share its part: in a round they claim chunks of the layer, add the
// successors the process owns at once and queue the others in outboxes of their own, which the
// calling thread gathers into the round's one all-to-all; what arrives is added by the threads
// too. Only the calling thread speaks to the group and touches the process's budget. Whatever the
// processes and threads, every count is a sum over whole layers, so the result is the same.
//
// With a checkpoint folder each finished layer is written as every process's part, then a manifest
// (explore_checkpoint.hpp); resuming reads the complete layers back, each process keeping the
// states it owns in the new group (of any size), and carries on. Process 0 holds the folder for the
// run (io::CheckpointFolderLock): a second run on it stops, every process with one message, before
// it reads or writes anything there. The node limit counts the group's
// expansions; time and memory limits are each process's own; progress is reported, with the group's
// totals, by process 0 only.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "plumb/encode/hash.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/domain.hpp"
#include "plumb/search/exchange.hpp"
#include "plumb/search/explore_checkpoint.hpp"
#include "plumb/search/explore_result.hpp"
#include "plumb/search/explore_shares.hpp"

namespace plumb::search {
namespace detail {

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
        threads_(threads_a_process(context, group)),
        share_(d, group, own_limits(context.limits), threads_),
        works_(threads_),
        round_states_(std::max<std::size_t>(1, context.distribution.round_states)),
        start_(Clock::now()) {
    for (Work& work : works_) work.to.resize(static_cast<std::size_t>(group.size()));
    if (works_.size() > 1) gathered_.resize(static_cast<std::size_t>(group.size()));
    if (!context.distribution.checkpoint.empty()) folder_.emplace(context.distribution.checkpoint);
  }

  ExploreResult<D> run(std::span<const State> starts, std::size_t keep_deepest) {
    if (!agreed_allocation()) return finish(StopReason::memory_limit);
    if (folder_) hold_folder();
    if (context_.distribution.resume) {
      resume(starts);
    } else {
      manifest_.fingerprint = fingerprint(starts);
      std::uint64_t found = 0;
      for (const State& s : starts) {
        const Item item = share_.item(s);
        if (share_.owner(item) == group_.rank()) found += share_.add(item);
      }
      share_.count_found(found);
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
      share_.start_layer(round_states_);
      next_chunk_ = 0;
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

  // The context's threads; where it leaves them open, one a core for a process alone, and one for
  // each of several (which may share a machine).
  static unsigned threads_a_process(const SearchContext& context, const Exchange& group) {
    return context.limits.threads == 0 && group.size() > 1 ? 1 : worker_threads(context);
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

  // One round: expands a round's work on the process's threads, sends the successors others own,
  // adds those received (on its threads too), and sums the counts over the group (which every
  // process's statistics then add).
  std::array<std::uint64_t, kRoundTotals> round() {
    std::array<std::uint64_t, kRoundTotals> totals{};
    std::exception_ptr failure;
    try {
      expand_round();
      totals[kMore] = next_chunk_.load() < share_.chunks() ? 1 : 0;
    } catch (const std::exception&) {
      failure = std::current_exception();
    }
    std::vector<std::size_t> from;
    const std::vector<std::byte> incoming = group_.all_to_all(outgoing(), from);
    if (!failure) {
      try {
        receive_round(incoming);
      } catch (const std::exception&) {
        failure = std::current_exception();
      }
    }
    for (Work& work : works_) {
      totals[kExpanded] += work.expanded;
      totals[kGenerated] += work.generated;
      totals[kFound] += work.found;
      work.clear();
    }
    local_.expanded += totals[kExpanded];
    local_.generated += totals[kGenerated];
    share_.count_found(totals[kFound]);
    agree(failure);
    budget_.check();
    if (context_.cancelled())
      totals[kStopped + static_cast<std::size_t>(StopReason::cancelled)] = 1;
    if (budget_.stopped()) totals[kStopped + static_cast<std::size_t>(local_.reason)] = 1;
    if (share_.out_of_memory())
      totals[kStopped + static_cast<std::size_t>(StopReason::memory_limit)] = 1;
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

  // Runs work(worker, its Work) on `workers` threads (the calling one the first); the first
  // exception one throws stops the others' claims and is thrown here once all are done.
  template <class F>
  void on_workers(std::size_t workers, F&& work) {
    std::mutex failed;
    std::exception_ptr failure;
    stop_ = false;
    run_workers(static_cast<unsigned>(workers), [&](unsigned worker) {
      try {
        work(worker, works_[worker]);
      } catch (...) {
        const std::lock_guard hold(failed);
        if (!failure) failure = std::current_exception();
        stop_ = true;
      }
    });
    if (failure) std::rethrow_exception(failure);
  }

  // The expansions of a round: the threads claim chunks of the layer until the round has expanded
  // round_states states or queued as many successors to send, or the layer is done. The calling
  // thread checks the budget and the context's cancellation after each of its chunks: a Ctrl-C at
  // mpirun stops every process within a chunk or so of work and a round's exchange (mpirun kills
  // the processes that take longer than its odls_base_sigkill_timeout, a second by default).
  void expand_round() {
    const std::size_t chunks = share_.chunks();
    const std::size_t left = chunks - std::min(chunks, next_chunk_.load());
    if (left == 0) return;
    std::atomic<std::uint64_t> expanded{0}, sent{0};
    on_workers(std::min<std::size_t>(left, threads_), [&](unsigned worker, Work& work) {
      while (!stop_.load(std::memory_order_relaxed) && expanded.load() < round_states_ &&
             sent.load() < round_states_) {
        const std::size_t chunk = next_chunk_.fetch_add(1);
        if (chunk >= chunks) return;
        const std::uint64_t expanded_before = work.expanded, sent_before = work.sent;
        share_.expand_chunk(chunk, work);
        expanded += work.expanded - expanded_before;
        sent += work.sent - sent_before;
        if (worker == 0 && (!budget_.check() || context_.cancelled())) stop_ = true;
      }
    });
  }

  // What the round sends each process: the one thread's successors, or all threads' gathered.
  std::span<const std::vector<std::byte>> outgoing() {
    if (works_.size() == 1) return works_[0].to;
    for (std::size_t p = 0; p < gathered_.size(); ++p) {
      gathered_[p].clear();
      for (const Work& work : works_)
        gathered_[p].insert(gathered_[p].end(), work.to[p].begin(), work.to[p].end());
    }
    return gathered_;
  }

  // Adds the successors received, cut among the threads (each at least round_states or 2^14).
  void receive_round(std::span<const std::byte> incoming) {
    constexpr std::size_t kItemBytes = sizeof(typename Share::Sent);
    const std::size_t items = incoming.size() / kItemBytes;
    const std::size_t least = std::min<std::size_t>(round_states_, 1 << 14);
    const std::size_t workers = std::clamp<std::size_t>(items / least, 1, threads_);
    const std::size_t each = (items + workers - 1) / workers;
    on_workers(workers, [&](unsigned worker, Work& work) {
      const std::size_t begin = std::min(items, worker * each), end = std::min(items, begin + each);
      share_.receive(incoming.subspan(begin * kItemBytes, (end - begin) * kItemBytes), work);
    });
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

  // Process 0 takes the checkpoint folder for the run; every process stops if it cannot.
  void hold_folder() {
    std::exception_ptr failure;
    if (group_.rank() == 0) {
      try {
        folder_lock_.emplace(folder_->path(), !context_.distribution.resume);
      } catch (const std::exception&) {
        failure = std::current_exception();
      }
    }
    agree(failure);
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
  Budget budget_;      // the process's, which only its calling thread touches
  unsigned threads_;
  Share share_;
  std::vector<Work> works_;  // one a thread
  // With several threads: what a round sends, by process.
  std::vector<std::vector<std::byte>> gathered_;
  std::size_t round_states_;
  std::atomic<std::size_t> next_chunk_{0};  // the next chunk of the layer to expand
  std::atomic<bool> stop_{false};           // the round's threads claim no more chunks
  ExploreResult<D> result_;                 // stats: the group's
  std::optional<CheckpointFolder> folder_;
  std::optional<io::CheckpointFolderLock> folder_lock_;  // process 0's, for the run
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
