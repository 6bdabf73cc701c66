// plumb/encode/nbit_array.hpp: NBitArray, a dense array of k-bit unsigned entries (1 <= k <= 8, k a
// power of two, so no entry straddles a 64-bit word), for visited sets, breadth-first colourings
// and distance tables indexed by rank.
//
// Memory: ceil(size * k / 64) words. get and set are O(1); fill is O(size * k / 64).
// The storage is a plain word vector, so a table can be written to and read from disk as bytes.
#pragma once

#include <cassert>
#include <cstdint>
#include <span>
#include <vector>

namespace plumb::encode {

class NBitArray {
 public:
  NBitArray() = default;
  NBitArray(std::uint64_t size, unsigned bits, unsigned initial = 0)
      : size_(size), bits_(bits), words_((size * bits + 63) / 64, broadcast(initial, bits)) {
    assert(bits == 1 || bits == 2 || bits == 4 || bits == 8);
    assert(initial < (1u << bits));
  }

  std::uint64_t size() const { return size_; }
  unsigned bits() const { return bits_; }

  unsigned get(std::uint64_t index) const {
    assert(index < size_);
    const std::uint64_t bit = index * bits_;
    return static_cast<unsigned>((words_[bit >> 6] >> (bit & 63)) & mask());
  }

  void set(std::uint64_t index, unsigned value) {
    assert(index < size_ && value <= mask());
    const std::uint64_t bit = index * bits_;
    std::uint64_t& word = words_[bit >> 6];
    word = (word & ~(mask() << (bit & 63))) | (std::uint64_t{value} << (bit & 63));
  }

  void fill(unsigned value) { words_.assign(words_.size(), broadcast(value, bits_)); }

  // The entries per word and the raw words, for scans that skip whole words at once.
  unsigned entries_per_word() const { return 64 / bits_; }
  std::span<std::uint64_t> words() { return words_; }
  std::span<const std::uint64_t> words() const { return words_; }
  std::uint64_t memory_bytes() const { return words_.size() * sizeof(std::uint64_t); }

  // A word with every entry equal to value: compare a word against it to find entries that differ.
  static std::uint64_t broadcast(unsigned value, unsigned bits) {
    std::uint64_t word = 0;
    for (unsigned shift = 0; shift < 64; shift += bits) word |= std::uint64_t{value} << shift;
    return word;
  }

 private:
  std::uint64_t mask() const { return (std::uint64_t{1} << bits_) - 1; }

  std::uint64_t size_ = 0;
  unsigned bits_ = 1;
  std::vector<std::uint64_t> words_;
};

}  // namespace plumb::encode
