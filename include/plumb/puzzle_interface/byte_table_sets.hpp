// plumb/puzzle_interface/byte_table_sets.hpp: the TableSets of a puzzle whose every set is one
// table of a byte an entry, the least moves from or to each of its states (cubic's top views,
// sliding's distance tables), kept as one file of the table cache. A puzzle declares each table
// (its file, how to build it, the object its solvers borrow) and byte_table_sets() does the rest of
// the declaration: loading or building through the cache, `tables build` and `info` (a histogram of
// the moves), a solver's io::TableLender. Entries of kUnreachableEntry count as no distance.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plumb/io/table_cache.hpp"
#include "plumb/puzzle_interface/table_sets.hpp"

namespace plumb::puzzle_interface {

// The entry of a state no move sequence reaches.
inline constexpr std::uint8_t kUnreachableEntry = 255;

struct ByteTable {
  TableSetInfo info;     // one part: part_work has one element
  io::CachedTable file;  // its payload is the entries, file.entries of them
  // Builds the entries under the context; nothing if a limit or a cancellation stopped it (`stats`
  // then says which; it receives the build's statistics).
  std::function<std::optional<std::vector<std::uint8_t>>(
      const search::SearchContext& context, unsigned threads, search::SearchStats& stats)>
      build;
  // The object the puzzle's solvers borrow, made of the entries.
  std::function<std::shared_ptr<const void>(std::vector<std::uint8_t> entries)> lend;
};

// The table's entries from the cache, or else built (the build announced first, io/table_cache.hpp)
// and kept there if the cache can take them; nothing if a limit or a cancellation stopped the build
// (`stats` then says which). What a set's assembly does, for a solver whose table is not declared.
std::optional<std::vector<std::uint8_t>> load_or_build_byte_table(
    const ByteTable& table, const search::SearchContext& context, unsigned threads,
    search::SearchStats& stats);

// The declaration of these tables, a set each, in this order.
std::shared_ptr<const TableSets> byte_table_sets(std::vector<ByteTable> tables);

}  // namespace plumb::puzzle_interface
