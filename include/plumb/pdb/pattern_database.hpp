// plumb/pdb/pattern_database.hpp: a pattern database as the program keeps it: 4-bit entries indexed
// by the rank of an abstract state, named by a table header, cached on disk.
//
// The entries mean what the builder says (a distance, or a distance with a known part taken out so
// that it fits 4 bits); this type only stores, saves, loads and summarises them. Files go through
// io/table_file.hpp (versioned header, checksum, atomic rename) and load in one read; a file that
// is missing, corrupt or written for other parameters is rebuilt by load_or_build().
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <utility>

#include "plumb/io/table_file.hpp"
#include "plumb/pdb/nibble_array.hpp"

namespace plumb::pdb {

struct PatternDatabase {
  io::TableHeader header;
  NibbleArray entries;
};

inline void save(const std::filesystem::path& path, const PatternDatabase& database) {
  io::write_table_file(path, database.header, database.entries.bytes());
}

// The database at `path` if it was written under `header` with `size` entries and is intact.
inline std::optional<PatternDatabase> load(const std::filesystem::path& path,
                                           const io::TableHeader& header, std::uint64_t size) {
  std::optional<std::vector<std::byte>> payload = io::read_table_file(path, header);
  if (!payload || payload->size() != NibbleArray::byte_count(size)) return std::nullopt;
  return PatternDatabase{header, NibbleArray(size, std::move(*payload))};
}

// Loads the database at `path`, or builds it with `build` (which returns its entries, or nothing
// when it was stopped) and saves it. Returns nothing only when the build was stopped.
inline std::optional<PatternDatabase> load_or_build(
    const std::filesystem::path& path, const io::TableHeader& header, std::uint64_t size,
    const std::function<std::optional<NibbleArray>()>& build) {
  if (std::optional<PatternDatabase> loaded = load(path, header, size)) return loaded;
  std::optional<NibbleArray> entries = build();
  if (!entries) return std::nullopt;
  PatternDatabase database{header, std::move(*entries)};
  save(path, database);
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

}  // namespace plumb::pdb
