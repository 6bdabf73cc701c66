// plumb/search/dense_layers.hpp: the 2-bit codes of a layered breadth-first search over ranks, 32
// to a 64-bit word, shared by the exploration alone (explore.hpp) and shared among processes
// (distributed_explore.hpp), each expanding a layer on several threads.
//
// Every rank starts unseen; the layer being expanded is current, the one being found next; when a
// layer is done advance_layer() turns, a whole word at a time, current into done and next into
// current. A successor is claimed by setting its high bit (unseen 00 -> next 10) with one atomic OR
// (claim_next), so a word's current entries never change while it is expanded, and threads that
// read current entries (for_each_current) and claim next ones in the same words at once are safe.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>

namespace plumb::search::detail {

enum DenseCode : unsigned { kUnseen = 0, kCurrent = 1, kNext = 2, kDone = 3 };
inline constexpr std::uint64_t kLowBits = 0x5555555555555555ULL;

// The low bit of each entry of `word` that is current, next.
constexpr std::uint64_t current_entries(std::uint64_t word) {
  return word & ~(word >> 1) & kLowBits;
}
constexpr std::uint64_t next_entries(std::uint64_t word) {
  return (word >> 1) & ~word & kLowBits;
}

// The word once its layer is done: current entries done, next ones current.
constexpr std::uint64_t advance_layer(std::uint64_t word) {
  const std::uint64_t current = current_entries(word), next = next_entries(word);
  return ((word | (current << 1)) & ~(next << 1)) | next;
}

// Codes entry i of `words` next if it is unseen; true for the one call, of any thread, that did.
inline bool claim_next(std::span<std::uint64_t> words, std::uint64_t i) {
  const std::uint64_t next_bit = std::uint64_t{kNext} << (i % 32 * 2);
  std::atomic_ref<std::uint64_t> word(words[i / 32]);
  return (word.load(std::memory_order_relaxed) & (next_bit | next_bit >> 1)) == 0 &&
         (word.fetch_or(next_bit, std::memory_order_relaxed) & next_bit) == 0;
}

// Calls f(i) for each current entry i of word w of `words`, read once, while threads may claim
// entries of it.
template <class F>
void for_each_current(std::span<std::uint64_t> words, std::size_t w, F&& f) {
  const std::uint64_t word =
      std::atomic_ref<std::uint64_t>(words[w]).load(std::memory_order_relaxed);
  for (std::uint64_t current = current_entries(word); current != 0; current &= current - 1)
    f(std::uint64_t{w} * 32 + static_cast<std::uint64_t>(std::countr_zero(current)) / 2);
}

}  // namespace plumb::search::detail
