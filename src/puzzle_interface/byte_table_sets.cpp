// The sets of one table of moves each (see byte_table_sets.hpp).
#include "plumb/puzzle_interface/byte_table_sets.hpp"

#include <fmt/format.h>

#include <array>
#include <cstring>
#include <span>
#include <utility>

#include "plumb/io/counted.hpp"

namespace plumb::puzzle_interface {
namespace {

std::vector<std::uint8_t> entries_of(const std::vector<std::byte>& payload) {
  std::vector<std::uint8_t> entries(payload.size());
  std::memcpy(entries.data(), payload.data(), payload.size());
  return entries;
}

// A table's only part, loaded from the cache or built and kept there.
class ByteTableAssembly : public TableAssembly {
 public:
  explicit ByteTableAssembly(const ByteTable& table) : table_(table) {}

  bool add_part(std::size_t /*part: the only one*/, const search::SearchContext& context,
                unsigned threads, search::SearchStats& stats) override {
    std::optional<std::vector<std::uint8_t>> entries =
        load_or_build_byte_table(table_, context, threads, stats);
    if (!entries) return false;
    entries_ = std::move(*entries);
    return true;
  }

  std::shared_ptr<const void> finish() override { return table_.lend(std::move(entries_)); }

 private:
  const ByteTable& table_;  // the declaration's, which outlives the assembly's user
  std::vector<std::uint8_t> entries_;
};

// How many entries hold each number of moves, and how many none.
struct MovesHistogram {
  std::array<std::uint64_t, 256> count{};

  explicit MovesHistogram(std::span<const std::byte> entries) {
    for (std::byte entry : entries) ++count[std::to_integer<std::uint8_t>(entry)];
  }
  // "0:1 1:4 2:10 ... none:3"
  std::string text() const {
    std::string line;
    for (unsigned moves = 0; moves < kUnreachableEntry; ++moves) {
      if (count[moves] != 0) line += fmt::format(" {}:{}", moves, count[moves]);
    }
    if (count[kUnreachableEntry] != 0) line += fmt::format(" none:{}", count[kUnreachableEntry]);
    return line;
  }
  unsigned deepest() const {
    unsigned moves = 0;
    for (unsigned value = 0; value < kUnreachableEntry; ++value) {
      if (count[value] != 0) moves = value;
    }
    return moves;
  }
};

class ByteTableSets : public TableSets {
 public:
  explicit ByteTableSets(std::vector<ByteTable> tables) : tables_(std::move(tables)) {
    for (const ByteTable& table : tables_) sets_.push_back(table.info);
  }

  const std::vector<TableSetInfo>& sets() const override { return sets_; }
  std::filesystem::path part_file(std::size_t set, std::size_t /*part*/) const override {
    return tables_.at(set).file.path();
  }
  bool in_cache(std::size_t set) const override {
    std::error_code error;
    return std::filesystem::is_regular_file(part_file(set, 0), error);
  }
  std::unique_ptr<TableAssembly> assemble(std::size_t set) const override {
    return std::make_unique<ByteTableAssembly>(tables_.at(set));
  }
  std::string part_title(std::size_t set, std::size_t /*part*/) const override {
    return fmt::format("{} ({})", sets_.at(set).name, tables_.at(set).file.description);
  }
  bool part_intact(std::size_t set, std::size_t /*part*/) const override {
    return io::load_cached(tables_.at(set).file).has_value();
  }

  std::optional<std::string> build_part(std::size_t set, std::size_t /*part*/,
                                        const search::SearchContext& context, unsigned threads,
                                        search::SearchStats& stats) const override {
    const ByteTable& table = tables_.at(set);
    std::optional<std::vector<std::uint8_t>> built = table.build(context, threads, stats);
    if (!built) return std::nullopt;
    const std::span<const std::byte> payload = std::as_bytes(std::span(*built));
    io::write_table_file(table.file.path(), table.file.header, payload);
    return fmt::format("{} entries, the farthest {}, {:.1f} s", table.file.entries,
                       io::counted(MovesHistogram(payload).deepest(), "move"), stats.seconds);
  }

  std::string describe(std::size_t set) const override {
    const ByteTable& table = tables_.at(set);
    std::string text = fmt::format("{}: {}\n", table.info.name, table.file.description);
    io::TableRead found;
    text += describe_table_file(table.file, "one byte each", table.info.name, found);
    if (found.payload.empty()) return text;
    return text + "  least moves (moves:entries):" + MovesHistogram(found.payload).text() + "\n";
  }

 private:
  std::vector<ByteTable> tables_;
  std::vector<TableSetInfo> sets_;
};

}  // namespace

std::optional<std::vector<std::uint8_t>> load_or_build_byte_table(
    const ByteTable& table, const search::SearchContext& context, unsigned threads,
    search::SearchStats& stats) {
  if (auto payload = io::load_cached(table.file)) return entries_of(*payload);
  io::announce_build(table.file);
  std::optional<std::vector<std::uint8_t>> built = table.build(context, threads, stats);
  if (built) io::keep_in_cache(table.file, std::as_bytes(std::span(*built)));
  return built;
}

std::shared_ptr<const TableSets> byte_table_sets(std::vector<ByteTable> tables) {
  return std::make_shared<const ByteTableSets>(std::move(tables));
}

}  // namespace plumb::puzzle_interface
