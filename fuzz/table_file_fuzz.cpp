// Fuzz target: the cache-file readers, through which every puzzle's tables load. Bytes that begin
// with the magic "PLUMBTBL" are a whole table file; any other bytes are a payload, written by
// write_table_file so that the framing and checksum are right. The file is then read as each kind
// of table loads: io::read_table_file against its header and another, io::load_cached as a table
// of an exact size loads (cubic's view tables, sliding's distance tables), and pdb::load, read and
// mapped, as a pattern database of 4-bit entries loads (sliding's). A payload must read back, and
// load, exactly as written, and only under its own header and size.
#include <cstring>
#include <fstream>
#include <span>
#include <vector>

#include "fuzz/harness.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/io/table_file.hpp"
#include "plumb/pdb/pattern_database.hpp"

namespace {

using plumb::io::CachedTable;
using plumb::io::TableHeader;

constexpr std::string_view kMagic = "PLUMBTBL";

// A table of exactly `bytes` bytes, and a pattern database of 2 * `bytes` entries (as many bytes).
CachedTable exact_table(std::uint64_t bytes) {
  return {"fuzz-exact.tbl", {"fuzz-exact", 1, "2x2"}, bytes, bytes, "a table of exact size"};
}
CachedTable fuzz_database(std::uint64_t bytes) {
  return plumb::pdb::database_table("fuzz-database.pdb", {"fuzz-pdb", 3, "4x4 tiles 1,2,3"},
                                    2 * bytes, "a pattern database");
}

void write_raw(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

bool same_bytes(std::span<const std::byte> read, const std::uint8_t* data, std::size_t size) {
  return read.size() == size && (size == 0 || std::memcmp(read.data(), data, size) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = plumb::fuzz::text_of(data, size);
  const CachedTable exact = exact_table(32), database = fuzz_database(32);
  if (bytes.starts_with(kMagic)) {
    write_raw(exact.path(), bytes);
    write_raw(database.path(), bytes);
    plumb::io::load_cached(exact);  // read_table_file, then the size
    plumb::pdb::load(database);
    plumb::pdb::load(database, /*mapped=*/true);
    return 0;
  }

  const auto payload = std::as_bytes(std::span(data, size));
  const CachedTable sized = exact_table(size), sized_database = fuzz_database(size);
  plumb::io::write_table_file(sized.path(), sized.header, payload);
  plumb::io::write_table_file(sized_database.path(), sized_database.header, payload);
  // A table written intact reads back as written, and loads at its size alone.
  const auto read = plumb::io::read_table_file(sized.path(), sized.header);
  if (!read || !same_bytes(*read, data, size)) __builtin_trap();
  const auto loaded = plumb::io::load_cached(sized);
  if (!loaded || !same_bytes(*loaded, data, size)) __builtin_trap();
  if (plumb::io::load_cached(exact_table(size + 1))) __builtin_trap();
  if (plumb::io::read_table_file(sized.path(), sized_database.header)) __builtin_trap();
  // A pattern database's bytes are its entries, two a byte, read or mapped.
  for (const bool mapped : {false, true}) {
    const auto table = plumb::pdb::load(sized_database, mapped);
    if (!table || table->entries.size() != 2 * size) __builtin_trap();
    for (std::uint64_t entry = 0; entry < 2 * size; ++entry) {
      if (table->entries.get(entry) != ((data[entry / 2] >> (4 * (entry % 2))) & 0xF))
        __builtin_trap();
    }
  }
  return 0;
}
