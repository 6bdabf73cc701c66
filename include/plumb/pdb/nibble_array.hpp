// plumb/pdb/nibble_array.hpp: an array of 4-bit values packed two to a byte, the storage of a
// pattern database (entry i lives in byte i/2: low nibble for even i, high nibble for odd i).
//
// Reads are one load and a shift, for the hot loop of a search (encode/nbit_array.hpp's NBitArray
// takes its width at run time and stores 64-bit words); the bytes are exposed as a span, so the
// array is saved and loaded as one block, byte for byte. Memory: (size + 1) / 2 bytes, its own, or
// bytes it shares read-only (a table file mapped in place, io/table_file.hpp), which it only reads.
#pragma once

#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

namespace plumb::pdb {

class NibbleArray {
 public:
  NibbleArray() = default;
  // `size` entries, all zero.
  explicit NibbleArray(std::uint64_t size) : size_(size), bytes_(byte_count(size)) {}
  // Adopts bytes read from disk; throws std::invalid_argument if their count does not fit `size`.
  NibbleArray(std::uint64_t size, std::vector<std::byte> bytes)
      : size_(size), bytes_(std::move(bytes)) {
    if (bytes_.size() != byte_count(size))
      throw std::invalid_argument("nibble array of the wrong size");
  }
  // Reads byte_count(size) bytes it shares and never writes (set() and set_unwritten() may not be
  // called): a payload mapped in place.
  NibbleArray(std::uint64_t size, std::shared_ptr<const std::byte> shared)
      : size_(size), shared_(std::move(shared)) {}

  std::uint64_t size() const { return size_; }

  std::uint8_t get(std::uint64_t i) const {
    assert(i < size_);
    return get(data(), i);
  }
  // Entry i of the array whose bytes() start at `bytes`: for readers that keep the pointer.
  static std::uint8_t get(const std::byte* bytes, std::uint64_t i) {
    return static_cast<std::uint8_t>((std::to_integer<unsigned>(bytes[i >> 1]) >> ((i & 1) * 4)) &
                                     15);
  }

  // Sets entry i to `value` (< 16) with a plain read-modify-write of its byte: for a thread that
  // alone writes entries 2j and 2j + 1 (say, ranges of entries that start at even indices).
  void set(std::uint64_t i, std::uint8_t value) {
    assert(i < size_ && value < 16 && !shared_);
    const unsigned shift = (i & 1) * 4;
    const unsigned byte = std::to_integer<unsigned>(bytes_[i >> 1]);
    bytes_[i >> 1] = static_cast<std::byte>((byte & ~(15u << shift)) | (unsigned{value} << shift));
  }

  // Sets entry i, still 0, to `value` (< 16) by an atomic OR of its byte: for threads that write
  // entries at random, each entry once.
  // (The check that it was 0 reads what the OR returns: a plain read of the byte would race with
  // the thread writing the other entry in it.)
  void set_unwritten(std::uint64_t i, std::uint8_t value) {
    assert(i < size_ && value < 16 && !shared_);
    const unsigned shift = (i & 1) * 4;
    [[maybe_unused]] const unsigned before =
        std::atomic_ref<unsigned char>(reinterpret_cast<unsigned char&>(bytes_[i >> 1]))
            .fetch_or(static_cast<unsigned char>(value << shift), std::memory_order_relaxed);
    assert((before >> shift & 15) == 0);
  }

  // Hints the cache that entry i will be read soon.
  void prefetch(std::uint64_t i) const { prefetch(data(), i); }
  static void prefetch(const std::byte* bytes, std::uint64_t i) {
    __builtin_prefetch(bytes + (i >> 1));
  }

  std::span<const std::byte> bytes() const { return {data(), byte_count(size_)}; }

  static std::uint64_t byte_count(std::uint64_t size) { return (size + 1) / 2; }

 private:
  const std::byte* data() const { return shared_ ? shared_.get() : bytes_.data(); }

  std::uint64_t size_ = 0;
  std::vector<std::byte> bytes_;
  std::shared_ptr<const std::byte> shared_;  // null unless the bytes are shared
};

}  // namespace plumb::pdb
