// plumb/encode/packed_state.hpp: PackedCells<Words>, a fixed-width state of small cells, k bits a
// cell, packed tightly into Words 64-bit words: the key type for flat hash tables over states whose
// size is known only at run time (a card layout, a board of pieces).
//
// The cell width k (1 <= k <= 32) is chosen at run time and passed to every access, so one template
// instance per word count serves every layout of that many words; the object itself is just the
// words (no width stored per state). Cell i occupies bits [i*k, i*k + k) of the concatenated words,
// little end first: cells may straddle two words, so a layout of n cells needs ceil(n*k / 64)
// words, the fewest possible for k bits a cell. Bits past the last cell stay zero, so two states
// are equal exactly when their words are, and hash() (encode::hash_words) is fixed across runs. get
// and set are O(1); equality and hash are O(Words).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "plumb/encode/hash.hpp"

namespace plumb::encode {

template <std::size_t Words>
class PackedCells {
  static_assert(Words >= 1, "a packed state has at least one word");

 public:
  static constexpr std::size_t kWords = Words;
  static constexpr std::size_t kBits = 64 * Words;

  // The number of words n cells of k bits need.
  static constexpr std::size_t words_for(std::size_t cells, unsigned bits) {
    return (cells * bits + 63) / 64;
  }

  // Every cell zero.
  constexpr PackedCells() = default;

  // The value of cell `index`, `bits` wide.
  constexpr std::uint32_t get(std::size_t index, unsigned bits) const {
    assert(bits >= 1 && bits <= 32 && (index + 1) * bits <= kBits);
    const std::size_t bit = index * bits;
    const std::size_t word = bit >> 6;
    const unsigned offset = bit & 63;
    std::uint64_t value = words_[word] >> offset;
    if constexpr (Words > 1) {
      if (offset + bits > 64) value |= words_[word + 1] << (64 - offset);
    }
    return static_cast<std::uint32_t>(value & mask(bits));
  }

  // Sets cell `index`, `bits` wide, to value (which must fit).
  constexpr void set(std::size_t index, unsigned bits, std::uint32_t value) {
    assert(bits >= 1 && bits <= 32 && (index + 1) * bits <= kBits);
    assert(value <= mask(bits));
    const std::size_t bit = index * bits;
    const std::size_t word = bit >> 6;
    const unsigned offset = bit & 63;
    words_[word] = (words_[word] & ~(mask(bits) << offset)) | (std::uint64_t{value} << offset);
    if constexpr (Words > 1) {
      if (offset + bits > 64) {
        const unsigned low = 64 - offset;  // bits of the cell in the first word
        words_[word + 1] =
            (words_[word + 1] & ~(mask(bits) >> low)) | (std::uint64_t{value} >> low);
      }
    }
  }

  // Calls f(index, value) for cells 0 .. count - 1 in order: one pass over the words, cheaper than
  // `count` calls of get when a whole state is decoded.
  template <class F>
  constexpr void for_each_cell(std::size_t count, unsigned bits, F&& f) const {
    assert(bits >= 1 && bits <= 32 && count * bits <= kBits);
    std::uint64_t buffer = words_[0];
    unsigned available = 64;  // unread bits left in buffer
    std::size_t next_word = 1;
    for (std::size_t index = 0; index < count; ++index) {
      std::uint64_t value = buffer;
      if (available >= bits) {
        buffer = bits < 64 ? buffer >> bits : 0;
        available -= bits;
      } else {  // the cell continues in the next word
        const std::uint64_t word = words_[next_word++];
        value |= word << available;
        buffer = word >> (bits - available);
        available += 64 - bits;
      }
      f(index, static_cast<std::uint32_t>(value & mask(bits)));
    }
  }

  constexpr const std::array<std::uint64_t, Words>& words() const { return words_; }
  constexpr std::uint64_t hash() const { return hash_words(words_); }

  // Word by word (a defaulted comparison of the arrays may become a call to memcmp).
  friend constexpr bool operator==(const PackedCells& a, const PackedCells& b) {
    bool equal = true;
    for (std::size_t i = 0; i < Words; ++i) equal &= a.words_[i] == b.words_[i];
    return equal;
  }

 private:
  static constexpr std::uint64_t mask(unsigned bits) { return (std::uint64_t{1} << bits) - 1; }

  std::array<std::uint64_t, Words> words_{};
};

}  // namespace plumb::encode
