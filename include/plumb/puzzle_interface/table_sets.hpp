// plumb/puzzle_interface/table_sets.hpp: the precomputed tables a puzzle declares, so that a front
// end loads, builds, describes and lists them without knowing the puzzle: `plumb serve`'s
// background builds, `plumb tables build`, `info` and `list`, Python's plumb.tables().
//
// A puzzle with tables (sliding's pattern databases and distance tables, cubic's top views) gives
// its Puzzle a TableSets (byte_table_sets.hpp declares the sets of one table of moves each). A set
// is what its solvers borrow whole through io::TableLender, by the puzzle's name and the set's; it
// is made of parts (one pattern database each), each one file of the table cache
// (io/table_cache.hpp), loaded from there or built and kept there one after another. A set's
// declaration says how much work each part's build is, about, so that a front end can show a
// fraction done while it builds. Every call is thread-safe; building two sets at once is allowed,
// though the cache's lock makes two builds of one file wait for each other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/table_cache.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzle_interface {

struct TableSetInfo {
  std::string name;    // the set's name, unique among the puzzle's: "15-7-8"
  std::string title;   // the set in a message: "the 15-puzzle's databases (15-7-8)"
  std::string serves;  // the datasets it answers, in the puzzle's words: "4x4"
  // The work each part's build is, in the statistics' expansions, about: a front end's progress
  // fraction is the expansions done over their sum.
  std::vector<double> part_work;
};

// A set being loaded or built, part after part.
class TableAssembly {
 public:
  virtual ~TableAssembly() = default;
  // Loads part `part` (in order, from 0) from the cache, or builds it under `context` with
  // `threads` and keeps it there (a cache that cannot keep it leaves it in memory). False if a
  // limit or a cancellation of `context` stopped it: `stats` then says which, and receives the
  // build's statistics. Throws io::EnvironmentError for a cache or a machine that fails.
  virtual bool add_part(std::size_t part, const search::SearchContext& context, unsigned threads,
                        search::SearchStats& stats) = 0;
  // The whole set, as the object the puzzle's solvers borrow. Precondition: every part added.
  virtual std::shared_ptr<const void> finish() = 0;
};

class TableSets {
 public:
  virtual ~TableSets() = default;
  // The sets, in the order a listing shows them.
  virtual const std::vector<TableSetInfo>& sets() const = 0;
  // The file of part `part` of set `set` (an index of sets()) in the cache.
  virtual std::filesystem::path part_file(std::size_t set, std::size_t part) const = 0;
  // Whether every part of set `set` has its file in the cache (a file of an older version counts:
  // it is built again when loaded).
  virtual bool in_cache(std::size_t set) const = 0;
  // Starts loading or building set `set`.
  virtual std::unique_ptr<TableAssembly> assemble(std::size_t set) const = 0;

  // Part `part` of set `set` in a line of a listing: "15-7-8 pattern 1 (tiles 1,2,3,4,5,6,7)".
  virtual std::string part_title(std::size_t set, std::size_t part) const = 0;
  // Whether the part's file in the cache is whole and of this version (it reads the file through).
  virtual bool part_intact(std::size_t set, std::size_t part) const = 0;
  // Builds the part under `context` with `threads` and writes it to its file in the cache, over
  // what is there: what the build found, in a line's words ("... entries, ... layers, ..."), or
  // nothing if a limit or a cancellation of `context` stopped it (`stats` then says which; it
  // receives the build's statistics). Throws io::EnvironmentError for a cache that fails.
  virtual std::optional<std::string> build_part(std::size_t set, std::size_t part,
                                                const search::SearchContext& context,
                                                unsigned threads,
                                                search::SearchStats& stats) const = 0;
  // The set described, lines of text ending in a newline: its parts, their files and sizes, and
  // what the cache holds of each (reading the files it finds).
  virtual std::string describe(std::size_t set) const = 0;
};

// What the cache holds of a set: how many of its parts' files, and their bytes together.
struct CachedParts {
  std::size_t present = 0;
  std::uintmax_t bytes = 0;
};
CachedParts cached_parts(const TableSets& tables, std::size_t set);

// One part of a set, as build_into_cache left it.
struct BuiltPart {
  std::string title;                  // TableSets::part_title
  std::filesystem::path file;         // in the cache
  std::optional<std::string> report;  // what its build found (build_part); nothing: it was whole
};

// Builds into the cache every part of set `set` of `tables` that is not whole there (every part,
// with `force`), one after another under `context` with `threads`, calling `on_part` after each
// part it builds or finds whole: what `plumb tables build` and Python's plumb.build_tables() do.
// The cache must be usable, keeping the tables being the point: io::EnvironmentError if it is not
// (or if a file cannot be written). False if a limit or a cancellation of `context` stopped a
// build (`stats` then says which; it receives the builds' statistics).
bool build_into_cache(const TableSets& tables, std::size_t set, bool force,
                      const search::SearchContext& context, unsigned threads,
                      search::SearchStats& stats,
                      const std::function<void(const BuiltPart&)>& on_part);

// The sets of several declarations, one declaration's after another's.
std::shared_ptr<const TableSets> joined_table_sets(
    std::vector<std::shared_ptr<const TableSets>> declarations);

// The lines a set's description (TableSets::describe) gives one table file, each indented two
// spaces: where it is, its entries and their size (`entry_size`: "4 bits each"), and when it was
// built, or that it is not and what builds it ("status: not built; plumb tables build SET").
// `found` receives the file as read: its payload when it is intact.
std::string describe_table_file(const io::CachedTable& table, std::string_view entry_size,
                                std::string_view set, io::TableRead& found);

}  // namespace plumb::puzzle_interface
