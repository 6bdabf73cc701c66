// plumb/io/table_file.hpp: big precomputed tables (pattern databases, distance tables) on disk, in the
// cache directory, each with a versioned header and a checksum, written once and loaded in one read.
//
// File layout (little-endian): the magic "PLUMBTBL", the file-format version, the table's kind,
// version and parameters (as the caller names them), the payload's size, the payload, and a 64-bit
// checksum of everything before it. A reader that expects another kind, version or parameters, or
// finds a bad checksum, treats the file as absent, so the caller rebuilds it. Writes go to a temporary
// file that is renamed into place, so a reader never sees half a table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace plumb::io {

// $PLUMB_CACHE if set, else $XDG_CACHE_HOME/plumb, else ~/.cache/plumb; created on demand.
std::filesystem::path cache_directory();

struct TableHeader {
  std::string kind;        // what the table is, e.g. "sliding-pdb"
  std::uint32_t version;   // bumped whenever the payload's meaning changes
  std::string parameters;  // what it was built for, e.g. "4x4 tiles 1-7 blank-first"
};

// Writes the table; throws std::runtime_error if the file cannot be written.
void write_table_file(const std::filesystem::path& path, const TableHeader& header,
                      std::span<const std::byte> payload);

// The payload, or nothing when the file is missing, was written for another header, or is corrupt.
std::optional<std::vector<std::byte>> read_table_file(const std::filesystem::path& path,
                                                      const TableHeader& expected);

// A fast 64-bit checksum of bytes (not cryptographic; detects corruption and truncation).
std::uint64_t checksum64(std::span<const std::byte> bytes, std::uint64_t seed = 0);

}  // namespace plumb::io
