// plumb/pdb/layered_bfs.hpp: builds a pattern database by breadth-first search in rank space, two
// bits a state, for abstractions whose states are (placement, slot) pairs where some moves are
// free.
//
// The abstract space (a SlottedSpace) has placements ranked 0..num_placements()-1, each with
// num_slots() <= 32 slots (in the sliding puzzle: a pattern's tiles' cells, and the blank's cell
// among the other cells). Zero-cost moves join the slots of a placement into classes (the blank
// roams free within its connected region); every other move costs 1. The database stores, for each
// placement, a value computed from the least depth at which any of its classes is reached
// (space-supplied, e.g. the depth itself, or the depth minus a known lower bound, to fit 4 bits).
//
// The search keeps 2 bits per (placement, slot), as in Korf's two-bit breadth-first searches:
// 3 = unseen, 1 or 2 = reached in a layer of that parity (1 + depth mod 2), 0 = expanded. Layer d
// scans the table in rank order, so neighbouring placements are touched in nearly sorted order, and
// expands the classes that hold a slot of its value. A move marks only the slot it enters (one
// atomic AND on the placement's Word of 16, 32 or 64 bits; threads share the table); the expansion
// finds the whole class, expands it once however many of its slots were entered, and marks all its
// slots expanded. The table is scanned in chunks that carry a flag per layer parity (set by the
// moves that enter them), so the sparse first and last layers skip most of it. Time
// O(layers * placements / chunk + layer sizes + moves); memory: placements * Word, plus the
// database.
//
// The space provides
//   num_placements(), num_slots()
//   max_moves()               the most moves one expansion emits
//   symmetric()               whether expansions may name twins (below)
//   for_each_start(f)         f(rank, class_slots) for each goal class (depth 0)
//   expand(rank, slots, depth, emit)
//                             for each class meeting `slots` (a slot mask) and each unit move out
//                             of it: emit(next_rank, entry_slot); returns an Expansion: the union
//                             of the classes it expanded, the 4-bit entry to store if `rank`
//                             was first reached at `depth`, and possibly a twin: a placement
//                             that the search never reaches and that takes the same entry (in a
//                             symmetric space, the image of `rank` when that ranks higher).
// A placement's entry is written when it is first expanded (in the scan, so in rank order, not at
// random as the moves that reach it are applied): that is at the depth it was first reached, the
// one layer whose scan finds none of its slots expanded before. Its twin's entry is written then
// too, at random (buffered and prefetched like the moves), and atomically, as are then all entries.
// The moves of a run of expansions are buffered, their table words prefetched, and then applied, so
// that the cache misses of a few hundred moves overlap; the table is asked for huge pages (Linux).
// Progress: thread 0 reports, after each chunk it scans, the statistics so far with `done`, the
// fraction of the entries written (a placement's when it is first expanded, its twin's with it).
// Limits (search/context.hpp): every thread checks the cancellation, the clock and the placements
// expanded so far (summed over the threads) after each chunk it scans, so a build stops within a
// chunk's work of a cancellation or limit (the table's first filling is checked too, a slice of it
// at a time); the memory limit is checked before the table is allocated and again after each
// layer; max_depth bounds the layers (depth_limit once a layer past it would be needed). The first
// limit a thread meets is the build's StopReason.
// References: R. E. Korf and A. Felner, "Disjoint pattern database heuristics", Artificial
// Intelligence 134 (2002); R. E. Korf, "Linear-time disk-based implicit graph search", JACM 55
// (2008).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <span>
#include <stdexcept>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "plumb/pdb/nibble_array.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::pdb {

template <class S>
concept SlottedSpace = requires(const S& space) {
  { space.num_placements() } -> std::convertible_to<std::uint64_t>;
  { space.num_slots() } -> std::convertible_to<unsigned>;
  { space.max_moves() } -> std::convertible_to<std::size_t>;
  { space.symmetric() } -> std::convertible_to<bool>;
};

// What SlottedSpace::expand returns.
struct Expansion {
  static constexpr std::uint64_t kNoTwin = ~std::uint64_t{0};
  std::uint32_t slots;  // the union of the classes expanded
  std::uint8_t value;   // the placement's entry, if first reached at the depth expanded
  std::uint64_t twin;   // a placement that takes the same entry, or kNoTwin
};

namespace detail {

// A move found by an expansion, applied to the table a little later (after its word was
// prefetched).
struct PendingMove {
  std::uint64_t rank;
  unsigned entry_slot;
};

// A twin's entry, written a little later (after its byte was prefetched).
struct PendingEntry {
  std::uint64_t rank;
  std::uint8_t value;
};

// A large array, uninitialized, on huge pages where the system gives them on request (fewer TLB
// misses for the random accesses of a search).
template <class T>
class HugeArray {
 public:
  explicit HugeArray(std::uint64_t size) {
    constexpr std::size_t kHugePage = std::size_t{2} << 20;
    const std::size_t bytes = (size * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage;
    data_ = static_cast<T*>(std::aligned_alloc(kHugePage, bytes));
    if (data_ == nullptr) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    ::madvise(data_, bytes, MADV_HUGEPAGE);
#endif
  }
  ~HugeArray() {
    std::free(data_);
  }
  HugeArray(const HugeArray&) = delete;
  HugeArray& operator=(const HugeArray&) = delete;

  T& operator[](std::uint64_t i) {
    return data_[i];
  }

 private:
  T* data_;
};

// Bit i of x goes to bit 2i (the low bit of slot i's field).
constexpr std::uint64_t spread_bits(std::uint32_t slots) {
  std::uint64_t x = slots;
  x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
  x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
  x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | (x << 2)) & 0x3333333333333333ull;
  x = (x | (x << 1)) & 0x5555555555555555ull;
  return x;
}

// The inverse of spread_bits on the low bits of the fields.
constexpr std::uint32_t gather_bits(std::uint64_t x) {
  x &= 0x5555555555555555ull;
  x = (x | (x >> 1)) & 0x3333333333333333ull;
  x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0Full;
  x = (x | (x >> 4)) & 0x00FF00FF00FF00FFull;
  x = (x | (x >> 8)) & 0x0000FFFF0000FFFFull;
  x = (x | (x >> 16)) & 0x00000000FFFFFFFFull;
  return static_cast<std::uint32_t>(x);
}

// Whether some 2-bit field of `word` equals `value` (a quick test before slots_holding()).
template <class Word>
bool holds(Word word, unsigned value) {
  constexpr auto kLowBits = static_cast<Word>(0x5555555555555555ull);
  const Word fields = word ^ static_cast<Word>(kLowBits * value);  // fields equal to value: 00
  return (~(fields | (fields >> 1)) & kLowBits) != 0;
}

// The slots whose 2-bit field in `word` equals `value`.
template <class Word>
std::uint32_t slots_holding(Word word, unsigned value) {
  // The bits above the word read as unseen fields (3), which match no depth.
  constexpr std::uint64_t kAbove =
      sizeof(Word) < 8 ? ~std::uint64_t{0} << (8 * sizeof(Word) % 64) : 0;
  const std::uint64_t fields = (kAbove | word) ^ (0x5555555555555555ull * value);
  return gather_bits(~(fields | (fields >> 1)));
}

}  // namespace detail

// Fills `entries` (space.num_placements() of them, all zero) by breadth-first search from the goal
// classes, with `threads` threads. Returns the statistics: expanded = placements expanded (once a
// layer), generated = moves tried, iterations = layers, depth = the last layer, peak_stored = slots
// entered; reason is exhausted when complete, or the limit that stopped it (node_limit: max_nodes
// placements expanded, counted a chunk at a time; depth_limit: layers 0..max_depth are done and
// another remains; time_limit, memory_limit, cancelled), the entries then being incomplete.
template <class Word, SlottedSpace S>
search::SearchStats build_layered(const S& space, NibbleArray& entries,
                                  const search::SearchContext& context, unsigned threads) {
  static_assert(std::unsigned_integral<Word>);
  using Clock = std::chrono::steady_clock;
  const auto start_time = Clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start_time).count();
  };
  const std::uint64_t placements = space.num_placements();
  const unsigned slots = space.num_slots();
  search::SearchStats stats;
  if (2 * slots > 8 * sizeof(Word) || entries.size() != placements) {
    throw std::invalid_argument(
        "build_layered: the table word or the entries do not fit the space");
  }
  const search::SearchLimits& limits = context.limits;
  const auto memory_exceeded = [&](std::uint64_t more) {
    return limits.max_memory_bytes != 0 &&
           search::resident_memory_bytes() + more > limits.max_memory_bytes;
  };
  if (context.cancelled()) {
    stats.reason = search::StopReason::cancelled;
    return stats;
  }
  if (memory_exceeded(placements * sizeof(Word))) {
    stats.reason = search::StopReason::memory_limit;
    return stats;
  }
  constexpr Word kUnseen = static_cast<Word>(~Word{0});
  detail::HugeArray<Word> table =
      search::allocate_or_throw("pattern database's search table", placements * sizeof(Word),
                                [&] { return detail::HugeArray<Word>(placements); });
  // Filling a large table takes a while (its pages are touched for the first time): a slice at a
  // time, between checks of the cancellation and the clock.
  constexpr std::uint64_t kFillSlice = std::uint64_t{1} << 20;
  for (std::uint64_t begin = 0; begin < placements; begin += kFillSlice) {
    if (context.cancelled() || (limits.max_seconds > 0 && elapsed() >= limits.max_seconds)) {
      stats.reason =
          context.cancelled() ? search::StopReason::cancelled : search::StopReason::time_limit;
      stats.seconds = elapsed();
      return stats;
    }
    std::fill(&table[begin], &table[begin] + std::min(kFillSlice, placements - begin), kUnseen);
  }
  const auto field_mask = [](std::uint32_t class_slots, unsigned value) {
    return static_cast<Word>(detail::spread_bits(class_slots) * (3 ^ value));
  };
  constexpr unsigned kExpanded = 0;
  const auto layer_value = [](unsigned depth) { return 1 + depth % 2; };
  // The table is scanned in chunks; a chunk's flag has bit v set while it may hold fields of layer
  // value v, so the scans of sparse layers skip most chunks.
  constexpr std::uint64_t kChunk = 1 << 14;
  std::vector<std::uint8_t> chunk_flags((placements + kChunk - 1) / kChunk, 0);
  const auto flag_chunk = [&](std::uint64_t rank, unsigned value) {
    std::atomic_ref<std::uint8_t> flags(chunk_flags[rank / kChunk]);
    if ((flags.load(std::memory_order_relaxed) & value) == 0)
      flags.fetch_or(static_cast<std::uint8_t>(value), std::memory_order_relaxed);
  };
  space.for_each_start([&](std::uint64_t rank, std::uint32_t class_slots) {
    table[rank] &= static_cast<Word>(~field_mask(class_slots, layer_value(0)));
    flag_chunk(rank, layer_value(0));
    ++stats.peak_stored;
  });

  constexpr std::size_t kPendingMoves = 256;
  const bool twins = space.symmetric();
  threads = std::max(1u, threads);
  // The reason the build stops, set once by the first thread to meet a limit (exhausted: none yet).
  std::atomic<search::StopReason> stop{search::StopReason::exhausted};
  const auto stop_for = [&](search::StopReason reason) {
    search::StopReason none = search::StopReason::exhausted;
    stop.compare_exchange_strong(none, reason, std::memory_order_relaxed);
  };
  const auto stopped = [&] {
    return stop.load(std::memory_order_relaxed) != search::StopReason::exhausted;
  };
  std::atomic<std::uint64_t> total_expanded{0};  // over the layers and threads, a chunk at a time
  std::atomic<std::uint64_t> total_written{0};   // entries written (twins too), the same way
  for (unsigned depth = 0;; ++depth) {
    const unsigned current = layer_value(depth), next = layer_value(depth + 1);
    std::atomic<std::uint64_t> next_chunk{0}, expanded{0}, generated{0}, reached{0};
    const auto work = [&](unsigned worker) {
      std::uint64_t my_expanded = 0, my_generated = 0, my_reached = 0, my_written = 0;
      std::vector<detail::PendingMove> pending(kPendingMoves + space.max_moves());
      std::size_t pending_count = 0;
      std::vector<detail::PendingEntry> pending_entries;
      const auto apply_pending = [&] {
        for (const detail::PendingEntry& entry : pending_entries)
          entries.set_unwritten(entry.rank, entry.value);
        pending_entries.clear();
        for (const detail::PendingMove& move : std::span(pending.data(), pending_count)) {
          std::atomic_ref<Word> target(table[move.rank]);
          if (((target.load(std::memory_order_relaxed) >> (2 * move.entry_slot)) & 3) != 3)
            continue;
          const Word old = target.fetch_and(
              static_cast<Word>(~field_mask(std::uint32_t{1} << move.entry_slot, next)),
              std::memory_order_relaxed);
          if (((old >> (2 * move.entry_slot)) & 3) != 3) continue;
          ++my_reached;
          flag_chunk(move.rank, next);
        }
        pending_count = 0;
      };
      for (;;) {
        const std::uint64_t begin = next_chunk.fetch_add(kChunk, std::memory_order_relaxed);
        if (begin >= placements || stopped()) break;
        const std::uint64_t end = std::min(placements, begin + kChunk);
        std::atomic_ref<std::uint8_t> flags(chunk_flags[begin / kChunk]);
        if ((flags.load(std::memory_order_relaxed) & current) == 0) continue;
        const std::uint64_t expanded_before = my_expanded, written_before = my_written;
        for (std::uint64_t rank = begin; rank < end; ++rank) {
          std::atomic_ref<Word> word(table[rank]);
          const Word fields = word.load(std::memory_order_relaxed);
          if (!detail::holds(fields, current)) continue;
          ++my_expanded;
          const Expansion expansion =
              space.expand(rank, detail::slots_holding(fields, current), depth,
                           [&](std::uint64_t next_rank, unsigned entry_slot) {
                             ++my_generated;
                             __builtin_prefetch(&table[next_rank]);
                             pending[pending_count++] = {next_rank, entry_slot};
                           });
          if (!detail::holds(fields, kExpanded)) {
            my_written += expansion.twin == Expansion::kNoTwin || !twins ? 1 : 2;
            // (Without twins no other thread writes this chunk's entries' bytes: kChunk is even.)
            if (!twins) {
              entries.set(rank, expansion.value);
            } else {
              entries.set_unwritten(rank, expansion.value);
              if (expansion.twin != Expansion::kNoTwin) {
                entries.prefetch(expansion.twin);
                pending_entries.push_back({expansion.twin, expansion.value});
              }
            }
          }
          word.fetch_and(static_cast<Word>(~field_mask(expansion.slots, kExpanded)),
                         std::memory_order_relaxed);
          if (pending_count >= kPendingMoves) apply_pending();
        }
        apply_pending();
        flags.fetch_and(static_cast<std::uint8_t>(~current), std::memory_order_relaxed);
        const std::uint64_t expanded_so_far =
            total_expanded.fetch_add(my_expanded - expanded_before, std::memory_order_relaxed) +
            (my_expanded - expanded_before);
        const std::uint64_t written_so_far =
            total_written.fetch_add(my_written - written_before, std::memory_order_relaxed) +
            (my_written - written_before);
        const double seconds = elapsed();
        if (context.cancelled()) stop_for(search::StopReason::cancelled);
        if (limits.max_nodes != 0 && expanded_so_far >= limits.max_nodes)
          stop_for(search::StopReason::node_limit);
        if (limits.max_seconds > 0 && seconds >= limits.max_seconds)
          stop_for(search::StopReason::time_limit);
        if (worker == 0 && context.reports_progress()) {
          search::SearchStats now = stats;
          now.expanded += expanded + my_expanded;
          now.peak_stored += reached + my_reached;
          now.depth = static_cast<Cost>(depth);
          now.seconds = seconds;
          now.done = std::min(1.0, static_cast<double>(written_so_far) / placements);
          context.report_progress(now);
        }
      }
      expanded += my_expanded;
      generated += my_generated;
      reached += my_reached;
    };
    search::run_workers(threads, work);
    stats.expanded += expanded;
    stats.generated += generated;
    stats.peak_stored += reached;
    stats.iterations = depth + 1;
    stats.depth = static_cast<Cost>(depth);
    stats.seconds = elapsed();
    if (reached != 0 && memory_exceeded(0)) stop_for(search::StopReason::memory_limit);
    if (reached != 0 && depth >= static_cast<std::uint64_t>(limits.max_depth))
      stop_for(search::StopReason::depth_limit);
    if (stopped()) {
      stats.reason = stop.load(std::memory_order_relaxed);
      return stats;
    }
    if (reached == 0) break;
  }
  stats.reason = search::StopReason::exhausted;
  return stats;
}

}  // namespace plumb::pdb
