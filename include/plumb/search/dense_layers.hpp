// plumb/search/dense_layers.hpp: the 2-bit codes of a layered breadth-first search over ranks, 32 to
// a 64-bit word, shared by the exploration alone (explore.hpp) and shared among processes
// (distributed_explore.hpp).
//
// Every rank starts unseen; the layer being expanded is current, the one being found next; when a
// layer is done advance_layer() turns, a whole word at a time, current into done and next into
// current. A successor is claimed by setting its high bit (unseen 00 -> next 10), so a word's current
// entries never change while it is expanded.
#pragma once

#include <cstdint>

namespace plumb::search::detail {

enum DenseCode : unsigned { kUnseen = 0, kCurrent = 1, kNext = 2, kDone = 3 };
inline constexpr std::uint64_t kLowBits = 0x5555555555555555ULL;

// The low bit of each entry of `word` that is current, next.
constexpr std::uint64_t current_entries(std::uint64_t word) { return word & ~(word >> 1) & kLowBits; }
constexpr std::uint64_t next_entries(std::uint64_t word) { return (word >> 1) & ~word & kLowBits; }

// The word once its layer is done: current entries done, next ones current.
constexpr std::uint64_t advance_layer(std::uint64_t word) {
  const std::uint64_t current = current_entries(word), next = next_entries(word);
  return ((word | (current << 1)) & ~(next << 1)) | next;
}

}  // namespace plumb::search::detail
