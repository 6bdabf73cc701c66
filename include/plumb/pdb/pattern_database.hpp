// plumb/pdb/pattern_database.hpp: a pattern database as the program keeps it: 4-bit entries indexed
// by the rank of an abstract state, named by a table header, cached on disk.
//
// The entries mean what the builder says (a distance, or a distance with a known part taken out so
// that it fits 4 bits); this type only stores, saves, loads and summarises them. Files go through
// io/table_cache.hpp (versioned header, checksum, atomic rename, the build notice, a cache that
// cannot be used only warned about) and load in one read, or are mapped in place, read-only, for
// processes that share a host (the page cache holds one copy); a file that is missing, corrupt or
// written for other parameters is rebuilt by load_or_build().
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "plumb/io/table_cache.hpp"
#include "plumb/pdb/nibble_array.hpp"

namespace plumb::pdb {

struct PatternDatabase {
  io::TableHeader header;
  NibbleArray entries;
};

// The cache entry of a database of `entries` 4-bit entries.
inline io::CachedTable database_table(std::string file_name, io::TableHeader header,
                                      std::uint64_t entries, std::string description) {
  return {std::move(file_name), std::move(header), entries, NibbleArray::byte_count(entries),
          std::move(description)};
}

// The database if its cache file is intact: read into memory, or mapped in place if `mapped`.
inline std::optional<PatternDatabase> load(const io::CachedTable& table, bool mapped = false) {
  if (mapped) {
    std::optional<io::MappedPayload> payload = io::map_cached(table);
    if (!payload) return std::nullopt;
    return PatternDatabase{table.header, NibbleArray(table.entries, std::move(payload->bytes))};
  }
  std::optional<std::vector<std::byte>> payload = io::load_cached(table);
  if (!payload) return std::nullopt;
  return PatternDatabase{table.header, NibbleArray(table.entries, std::move(*payload))};
}

// Loads the database from the cache, or announces its build, builds it with `build` (which returns
// its entries, or nothing when it was stopped) and keeps it in the cache if the cache can take it.
// Returns nothing only when the build was stopped. `mapped`: a database found in the cache is
// mapped in place (load()).
inline std::optional<PatternDatabase> load_or_build(
    const io::CachedTable& table, const std::function<std::optional<NibbleArray>()>& build,
    bool mapped = false) {
  if (std::optional<PatternDatabase> loaded = load(table, mapped)) return loaded;
  io::announce_build(table);
  std::optional<NibbleArray> entries = build();
  if (!entries) return std::nullopt;
  PatternDatabase database{table.header, std::move(*entries)};
  io::keep_in_cache(table, database.entries.bytes());
  return database;
}

// The number of entries holding each value 0..15. O(size).
inline std::array<std::uint64_t, 16> entry_histogram(const NibbleArray& entries) {
  std::array<std::uint64_t, 16> counts{};
  const std::span<const std::byte> bytes = entries.bytes();
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const unsigned byte = std::to_integer<unsigned>(bytes[i]);
    ++counts[byte & 15];
    if (2 * i + 1 < entries.size()) ++counts[byte >> 4];
  }
  return counts;
}

// Whether some entry holds `value` (< 16): eight bytes at a time, each compared nibble by
// nibble at once (a nibble equal to `value` becomes zero, and a zero nibble is found by the
// borrow it makes; Warren, Hacker's Delight, 6-1), so that a large table is checked at memory
// speed. O(size).
inline bool contains_entry(const NibbleArray& entries, unsigned value) {
  constexpr std::uint64_t kLow = 0x1111111111111111ULL, kHigh = 0x8888888888888888ULL;
  const std::span<const std::byte> bytes = entries.bytes();
  const std::size_t whole = entries.size() / 16 * 8;  // the bytes of whole words, every nibble used
  for (std::size_t i = 0; i < whole; i += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, bytes.data() + i, sizeof word);
    const std::uint64_t equal = word ^ (kLow * value);  // zero nibbles where an entry is `value`
    if (((equal - kLow) & ~equal & kHigh) != 0) return true;
  }
  for (std::uint64_t i = whole * 2; i < entries.size(); ++i) {
    if (entries.get(i) == value) return true;
  }
  return false;
}

}  // namespace plumb::pdb
