// plumb/io/table_cache.hpp: the cache directory where precomputed tables are kept between runs, as
// every table (cubic's top views, sliding's distances, the pattern databases) uses it: one place
// that decides whether the cache can be used, one way of telling the user about it, and the steps
// of a cached table's life: load it, announce its build, keep it.
//
// Invariants: a cache that cannot be used never stops a search. Loading finds nothing there,
// building announces that the table is kept in memory for this run only, and keeping it warns and
// returns false; the warning ("warning: ...") is given once a process (once a reporter, see
// set_cache_reporter), however many tables meet the problem. Every build is announced in one
// line, "building WHAT (N entries; once, then cached in DIR)", and a damaged or outdated file that
// is rebuilt is named with what was wrong with it. Only regular files are read or replaced
// (table_file.hpp). Commands whose whole point is the cache (`plumb pdb build`) use
// check_cache_directory and write_table_file, which report failures instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/table_file.hpp"

namespace plumb::io {

// $PLUMB_CACHE if set, else $XDG_CACHE_HOME/plumb, else ~/.cache/plumb, else plumb-cache in the
// temporary directory. Only names it: check_cache_directory makes it.
std::filesystem::path cache_directory();

struct CacheDirectory {
  std::filesystem::path path;
  std::string problem;  // why tables cannot be kept there ("not a directory"); empty if they can
  bool usable() const { return problem.empty(); }
};

// The cache directory, made if it is missing, and whether tables can be written there.
CacheDirectory check_cache_directory();

// Where the cache's notices and warnings go, one line each without the program's "plumb: " prefix.
// The default (restored by an empty function) writes "plumb: LINE" to standard error; set another
// before any table is used. Each reporter gets the one warning afresh.
void set_cache_reporter(std::function<void(const std::string& line)> reporter);

// One table kept in the cache directory.
struct CachedTable {
  std::string file_name;  // its puzzle's name first: "cubic-views-3x3.tbl" (is_table_file_name)
  TableHeader header;
  std::uint64_t entries = 0;        // for notices
  std::uint64_t payload_bytes = 0;  // the payload's exact size
  std::string description;          // for notices, e.g. "pattern database 1 of 3 of 15-555"

  std::filesystem::path path() const { return cache_directory() / file_name; }
};

// The table's payload when its file is intact, else nothing (absent, damaged, outdated, not a
// regular file, an unusable cache). Says nothing: a caller may load without building.
std::optional<std::vector<std::byte>> load_cached(const CachedTable& table);

// The same, mapped in place (table_file.hpp's map_table_file): what the processes of a host share.
std::optional<MappedPayload> map_cached(const CachedTable& table);

// Tells the user, before a build, that the table is being built and where it will be kept; or that
// its file is rebuilt, and why; or (warning once) that the cache cannot keep it.
void announce_build(const CachedTable& table);

// Writes the built table into the cache. False, after the one warning, when it cannot be written
// there: the caller then keeps the table in memory for this run. The seconds since the table's
// announce_build() in this process are kept with the file (an extended attribute,
// user.plumb.build_seconds, where the file system has them), for `plumb cache list`.
bool keep_in_cache(const CachedTable& table, std::span<const std::byte> payload);

// The seconds the build of the table file at `path` took, as keep_in_cache() kept them; nothing
// when they were not kept (another file system, a table written before they were).
std::optional<double> build_seconds(const std::filesystem::path& path);

// Whether a file in the cache directory is named as plumb names its tables, after the puzzle they
// are of: OWNER-*.tbl or OWNER-*.pdb for one of `owners`, the puzzles' names
// ("cubic-views-3x3.tbl"), or is such a file's temporary copy being written (NAME.tmpPID).
bool is_table_file_name(std::string_view name, std::span<const std::string> owners);

// The process id a temporary copy's name (NAME.tmpPID) ends with, or nothing if it is no such name.
std::optional<long> temporary_writer(std::string_view name);

}  // namespace plumb::io
