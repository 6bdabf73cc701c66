// Joining declarations of table sets, and the lines describing one table file (see table_sets.hpp).
#include "plumb/puzzle_interface/table_sets.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <stdexcept>
#include <utility>

#include "plumb/io/counted.hpp"
#include "plumb/io/environment_error.hpp"

namespace plumb::puzzle_interface {
namespace {

// Declarations one after another: set `set` of the whole is set `set - offset` of the declaration
// whose sets it falls among.
class JoinedTableSets : public TableSets {
 public:
  explicit JoinedTableSets(std::vector<std::shared_ptr<const TableSets>> declarations)
      : declarations_(std::move(declarations)) {
    for (const auto& declaration : declarations_)
      sets_.insert(sets_.end(), declaration->sets().begin(), declaration->sets().end());
  }

  const std::vector<TableSetInfo>& sets() const override { return sets_; }
  std::filesystem::path part_file(std::size_t set, std::size_t part) const override {
    const auto [own, index] = locate(set);
    return own.part_file(index, part);
  }
  bool in_cache(std::size_t set) const override {
    const auto [own, index] = locate(set);
    return own.in_cache(index);
  }
  std::unique_ptr<TableAssembly> assemble(std::size_t set) const override {
    const auto [own, index] = locate(set);
    return own.assemble(index);
  }
  std::string part_title(std::size_t set, std::size_t part) const override {
    const auto [own, index] = locate(set);
    return own.part_title(index, part);
  }
  bool part_intact(std::size_t set, std::size_t part) const override {
    const auto [own, index] = locate(set);
    return own.part_intact(index, part);
  }
  std::optional<std::string> build_part(std::size_t set, std::size_t part,
                                        const search::SearchContext& context, unsigned threads,
                                        search::SearchStats& stats) const override {
    const auto [own, index] = locate(set);
    return own.build_part(index, part, context, threads, stats);
  }
  std::string describe(std::size_t set) const override {
    const auto [own, index] = locate(set);
    return own.describe(index);
  }

 private:
  struct Located {
    const TableSets& declaration;
    std::size_t index;  // the set's, among the declaration's
  };

  // The declaration that holds set `set`, and its index there.
  Located locate(std::size_t set) const {
    for (const auto& declaration : declarations_) {
      const std::size_t count = declaration->sets().size();
      if (set < count) return {*declaration, set};
      set -= count;
    }
    throw std::out_of_range(fmt::format("no table set {} among {}", set, sets_.size()));
  }

  std::vector<std::shared_ptr<const TableSets>> declarations_;
  std::vector<TableSetInfo> sets_;
};

}  // namespace

CachedParts cached_parts(const TableSets& tables, std::size_t set) {
  CachedParts cached;
  for (std::size_t part = 0; part < tables.sets().at(set).part_work.size(); ++part) {
    std::error_code error;
    const std::uintmax_t size = std::filesystem::file_size(tables.part_file(set, part), error);
    if (error) continue;
    ++cached.present;
    cached.bytes += size;
  }
  return cached;
}

bool build_into_cache(const TableSets& tables, std::size_t set, bool force,
                      const search::SearchContext& context, unsigned threads,
                      search::SearchStats& stats,
                      const std::function<void(const BuiltPart&)>& on_part) {
  if (const io::CacheDirectory cache = io::check_cache_directory(); !cache.usable()) {
    throw io::EnvironmentError(fmt::format(
        "the cache directory {} cannot be used ({}): the tables are built to be kept there; set "
        "PLUMB_CACHE to a writable directory",
        cache.path.string(), cache.problem));
  }
  for (std::size_t part = 0; part < tables.sets().at(set).part_work.size(); ++part) {
    BuiltPart built{tables.part_title(set, part), tables.part_file(set, part), std::nullopt};
    if (force || !tables.part_intact(set, part)) {
      search::SearchStats part_stats;
      built.report = tables.build_part(set, part, context, threads, part_stats);
      stats += part_stats;
      if (!built.report) {
        stats.reason = part_stats.reason;
        return false;
      }
    }
    on_part(built);
  }
  return true;
}

std::shared_ptr<const TableSets> joined_table_sets(
    std::vector<std::shared_ptr<const TableSets>> declarations) {
  return std::make_shared<const JoinedTableSets>(std::move(declarations));
}

std::string describe_table_file(const io::CachedTable& table, std::string_view entry_size,
                                std::string_view set, io::TableRead& found) {
  const std::filesystem::path path = table.path();
  std::string text =
      fmt::format("  file: {}\n  entries: {} ({}, {})\n", path.string(), table.entries, entry_size,
                  io::human_bytes(static_cast<double>(table.payload_bytes)));
  found = io::read_table(path, table.header);
  if (found.state != io::TableFileState::intact || found.payload.size() != table.payload_bytes) {
    found.payload.clear();
    return text + fmt::format("  status: not built{}; plumb tables build {}\n",
                              found.state == io::TableFileState::absent
                                  ? ""
                                  : fmt::format(" (its file {}{})", io::describe(found.state),
                                                found.detail.empty() ? "" : ": " + found.detail),
                              set);
  }
  std::error_code error;
  const auto written = std::filesystem::last_write_time(path, error);
  return text + fmt::format("  built: {:%Y-%m-%d %H:%M:%S} UTC, {} version {}, \"{}\"\n",
                            std::chrono::floor<std::chrono::seconds>(
                                std::chrono::file_clock::to_sys(written)),
                            table.header.kind, table.header.version, table.header.parameters);
}

}  // namespace plumb::puzzle_interface
