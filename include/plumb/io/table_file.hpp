// plumb/io/table_file.hpp: big precomputed tables (pattern databases, distance tables) on disk,
// each with a versioned header and a checksum, written once and loaded in one read. Where they are
// kept, and what the user is told about them, is table_cache.hpp's business.
//
// File layout (little-endian): the magic "PLUMBTBL", the file-format version, the table's kind,
// version and parameters (as the caller names them, printable text), the payload's size, the
// payload, and a 64-bit checksum of everything before it. A payload may also be mapped in place,
// read-only and shared (map_table_file): the processes of a host that map one file hold its pages
// once, in the page cache. A reader that expects another kind,
// version or parameters, or finds a bad checksum, treats the file as absent, so the caller rebuilds
// it. Only regular files are read or replaced: a directory, FIFO or device in a table's place reads
// as absent without being opened (a FIFO would block) and is never overwritten. Writes go to a
// temporary file that is renamed into place, so a reader never sees half a table.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace plumb::io {

struct TableHeader {
  std::string kind;        // what the table is, e.g. "sliding-pdb"
  std::uint32_t version;   // bumped whenever the payload's meaning changes
  std::string parameters;  // what it was built for, e.g. "4x4 tiles 1-7 blank-first"
};

// What is found where a table file should be.
enum class TableFileState {
  intact,       // a table written under the expected header, whole, with a good checksum
  absent,       // nothing there
  not_regular,  // a directory, FIFO, device...: neither read nor replaced
  unreadable,   // a regular file that cannot be opened
  damaged,      // not a table file, truncated or extended, or a bad checksum
  outdated,     // a whole table file written under another header (kind, version, parameters)
};

// Why a table file in that state is not used, for messages: "is damaged (a bad checksum)".
std::string_view describe(TableFileState state);

struct TableRead {
  TableFileState state = TableFileState::absent;
  std::string detail;  // what was wrong, when damaged, unreadable or another table: "truncated"
  std::vector<std::byte> payload;  // when intact
};

// Reads the table at `path`, expecting `expected`'s header.
TableRead read_table(const std::filesystem::path& path, const TableHeader& expected);

// The payload, or nothing when the file is anything but intact.
std::optional<std::vector<std::byte>> read_table_file(const std::filesystem::path& path,
                                                      const TableHeader& expected);

// Where the payload of a table written under `header` starts in its file: a mapped payload's
// offset from the page's start, which a table of wider entries than bytes keeps aligned (by the
// length of its parameters) to read them in place.
std::uint64_t payload_offset(const TableHeader& header);

// A table's payload mapped in place from its file (mmap, read-only, MAP_SHARED): `bytes` keeps the
// mapping for as long as a copy of it lives.
struct MappedPayload {
  std::shared_ptr<const std::byte> bytes;
  std::uint64_t size = 0;
};

// The payload of the table at `path` mapped in place, when the file is intact (the checksum is
// read through the mapping, which brings its pages into the page cache); nothing otherwise. Files
// are only ever replaced by a rename (write_table_file), so a mapping stays whole while it lives.
std::optional<MappedPayload> map_table_file(const std::filesystem::path& path,
                                            const TableHeader& expected);

// A table file's header and whether its size agrees with it (the checksum is not read), for
// listing; nothing when `path` is not a regular file that starts with a table header.
struct TableFileSummary {
  TableHeader header;
  std::uint64_t payload_size = 0;
  bool whole = false;  // the file's size is the header's, the payload's and the checksum's
};
std::optional<TableFileSummary> read_table_header(const std::filesystem::path& path);

// Writes the table; throws io::EnvironmentError ("cannot write PATH: REASON") if the file cannot be
// written or something other than a regular file is in its place.
void write_table_file(const std::filesystem::path& path, const TableHeader& header,
                      std::span<const std::byte> payload);

// Makes a write past the process's file-size limit (ulimit -f) fail with EFBIG, as a full disk
// does, instead of raising SIGXFSZ, whose default action kills the process mid-write and leaves the
// temporary file behind. Every writer of tables and checkpoints calls it; it acts once per process.
void let_oversized_writes_fail();

// A fast 64-bit checksum of bytes (not cryptographic; detects corruption and truncation).
std::uint64_t checksum64(std::span<const std::byte> bytes, std::uint64_t seed = 0);

}  // namespace plumb::io
