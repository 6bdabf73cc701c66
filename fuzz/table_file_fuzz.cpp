// Fuzz target: the cache-file readers. Bytes that begin with the magic "PLUMBTBL" are a whole
// table file; any other bytes are a payload, written by write_table_file so that the framing and
// checksum are right. The file is then read as each loader reads it: read_table_file against a
// few expected headers, pdb::load as the sliding pattern databases load (7-34's first pattern), and
// the cubic top-view table of the 2x2 board through ViewTable::load. A payload must read back
// exactly as written. The sliding distance tables load like the cubic table (read_table_file, then
// a size check), so that path is covered here too.
#include <cstring>
#include <fstream>
#include <span>
#include <vector>

#include "fuzz/harness.hpp"
#include "plumb/io/table_file.hpp"
#include "plumb/pdb/pattern_database.hpp"
#include "plumb/puzzles/cubic_table.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"

namespace {

using plumb::io::TableHeader;

constexpr std::string_view kMagic = "PLUMBTBL";

const plumb::puzzles::SlidingPartition& partition() {
  static const auto* found = plumb::puzzles::find_sliding_partition("7-34");
  return *found;
}

void write_raw(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = plumb::fuzz::text_of(data, size);
  const plumb::io::CachedTable pdb_table = plumb::puzzles::sliding_pdb_table(partition(), 0);
  const TableHeader& pdb_header = pdb_table.header;
  const TableHeader small_header{"fuzz", 1, "2x2"};
  const plumb::puzzles::cubic::Board cubic_board{2, 2};
  const std::filesystem::path path = plumb::fuzz::scratch_directory() / "table.tbl";
  const std::filesystem::path cubic_path =
      plumb::puzzles::cubic::ViewTable::cache_path(cubic_board);

  if (bytes.starts_with(kMagic)) {
    write_raw(path, bytes);
    write_raw(cubic_path, bytes);
    write_raw(pdb_table.path(), bytes);
    plumb::io::read_table_file(path, small_header);
    plumb::pdb::load(pdb_table);
    plumb::puzzles::cubic::ViewTable::load(cubic_board);
    return 0;
  }
  const auto payload = std::as_bytes(std::span(data, size));
  plumb::io::write_table_file(path, small_header, payload);
  const auto read = plumb::io::read_table_file(path, small_header);
  if (!read || read->size() != size || (size != 0 && std::memcmp(read->data(), data, size) != 0))
    __builtin_trap();  // a table written intact must read back as written
  if (plumb::io::read_table_file(path, pdb_header)) __builtin_trap();  // another table's header
  return 0;
}
