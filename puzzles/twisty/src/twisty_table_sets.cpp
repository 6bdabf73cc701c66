// The shipped twisty definitions' table sets (twisty_table_sets.hpp).
#include "twisty_table_sets.hpp"

#include <fmt/format.h>

#include <chrono>
#include <mutex>
#include <string>
#include <utility>

#include "plumb/io/counted.hpp"
#include "plumb/pdb/pattern_database.hpp"
#include "plumb/puzzles/twisty_shipped.hpp"
#include "plumb/puzzles/twisty_tables.hpp"

namespace plumb::puzzles::twisty {
namespace {

// A shipped definition with the tables a set of it keeps.
struct DeclaredDefinition {
  TwistyDefinition definition;
  std::vector<TableChoice> kept;  // the chosen tables that are cached
};

// The shipped definitions that have tables to keep, read once.
const std::vector<DeclaredDefinition>& declared_definitions() {
  static const std::vector<DeclaredDefinition> declared = [] {
    std::vector<DeclaredDefinition> definitions;
    for (const ShippedDefinition& shipped : shipped_definitions()) {
      TwistyDefinition definition = read_ksolve(shipped.text, std::string(shipped.name) + ".tws");
      std::vector<TableChoice> kept;
      for (TableChoice& choice : choose_tables(definition, kDefaultTableEntries)) {
        if (choice.pattern.size() > kQuickTableEntries) kept.push_back(std::move(choice));
      }
      if (!kept.empty()) definitions.push_back({std::move(definition), std::move(kept)});
    }
    return definitions;
  }();
  return declared;
}

std::string set_name(const TwistyDefinition& definition) {
  return "twisty-" + definition.name;
}

// A set's tables being loaded or built, one after another.
class TwistyAssembly : public puzzle_interface::TableAssembly {
 public:
  explicit TwistyAssembly(const DeclaredDefinition& declared) : declared_(declared) {}

  bool add_part(std::size_t part, const search::SearchContext& context, unsigned threads,
                search::SearchStats& stats) override {
    auto table = load_or_build_table(declared_.definition, declared_.kept.at(part), Metric::half,
                                     threads, context, stats);
    if (!table) return false;
    lent_.tables.push_back(std::move(table));
    return true;
  }

  std::shared_ptr<const void> finish() override {
    return std::make_shared<const LentTables>(std::move(lent_));
  }

 private:
  const DeclaredDefinition& declared_;  // declared_definitions()'s, which live on
  LentTables lent_;
};

class TwistyTableSets : public puzzle_interface::TableSets {
 public:
  // (The sets are worked out on first use, not when the puzzles are made: the definitions are read
  // and their tables chosen only by a front end that asks.)
  const std::vector<puzzle_interface::TableSetInfo>& sets() const override {
    std::call_once(sets_once_, [this] {
      for (const DeclaredDefinition& declared : declared_definitions()) {
        const TwistyDefinition& definition = declared.definition;
        puzzle_interface::TableSetInfo info{
            .name = set_name(definition),
            .title =
                fmt::format("the {}'s pruning tables ({})", definition.name, set_name(definition)),
            .serves = definition.name,
            .part_work = {}};
        // (In proportion to the patterns' sizes: a front end lists the sets to begin with, too
        // soon to work out each table's reduction by symmetry.)
        for (const TableChoice& choice : declared.kept)
          info.part_work.push_back(static_cast<double>(choice.pattern.size()));
        sets_.push_back(std::move(info));
      }
    });
    return sets_;
  }

  std::filesystem::path part_file(std::size_t set, std::size_t part) const override {
    return file(set, part).path();
  }

  bool in_cache(std::size_t set) const override {
    const DeclaredDefinition& declared = declared_definitions().at(set);
    return all_cached(declared.definition, declared.kept, Metric::half);
  }

  std::unique_ptr<puzzle_interface::TableAssembly> assemble(std::size_t set) const override {
    return std::make_unique<TwistyAssembly>(declared_definitions().at(set));
  }

  std::string part_title(std::size_t set, std::size_t part) const override {
    const DeclaredDefinition& declared = declared_definitions().at(set);
    return fmt::format("{} table {} ({})", sets().at(set).name, part + 1,
                       declared.kept.at(part).pattern.describe(declared.definition));
  }

  bool part_intact(std::size_t set, std::size_t part) const override {
    return pdb::load(file(set, part)).has_value();
  }

  std::optional<std::string> build_part(std::size_t set, std::size_t part,
                                        const search::SearchContext& context, unsigned threads,
                                        search::SearchStats& stats) const override {
    const DeclaredDefinition& declared = declared_definitions().at(set);
    Pattern pattern = declared.kept.at(part).pattern;
    const auto start = std::chrono::steady_clock::now();
    std::optional<pdb::NibbleArray> entries =
        build_table_entries(declared.definition, pattern, Metric::half, threads, context, stats);
    if (!entries) return std::nullopt;
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    const io::CachedTable table = file(set, part);
    io::write_table_file(table.path(), table.header, entries->bytes());
    return fmt::format("{} entries, the farthest {}, {:.2f} s", table.entries,
                       io::counted(deepest(*entries), "move"), took.count());
  }

  std::string describe(std::size_t set) const override {
    const DeclaredDefinition& declared = declared_definitions().at(set);
    std::string text = fmt::format("{}: the pruning tables plumb chooses for {} (half metric)\n",
                                   sets().at(set).name, declared.definition.name);
    for (std::size_t part = 0; part < declared.kept.size(); ++part) {
      const TableChoice& choice = declared.kept[part];
      text += fmt::format("table {}: {} ({})\n", part + 1,
                          choice.pattern.describe(declared.definition), choice.why);
      const io::CachedTable table = file(set, part);
      io::TableRead found;
      text +=
          puzzle_interface::describe_table_file(table, "4 bits each", sets().at(set).name, found);
      if (found.payload.empty()) continue;
      const auto histogram =
          pdb::entry_histogram(pdb::NibbleArray(table.entries, std::move(found.payload)));
      text += "  moves to solved (moves:entries):";
      for (unsigned value = 1; value < 16; ++value) {
        if (histogram[value] != 0) text += fmt::format(" {}:{}", value - 1, histogram[value]);
      }
      if (histogram[0] != 0) text += fmt::format(" over 14 or unreachable:{}", histogram[0]);
      text += "\n";
    }
    return text;
  }

 private:
  static io::CachedTable file(std::size_t set, std::size_t part) {
    const DeclaredDefinition& declared = declared_definitions().at(set);
    return table_file(declared.definition, declared.kept.at(part).pattern, Metric::half);
  }

  // The most moves an entry of a built table holds.
  static unsigned deepest(const pdb::NibbleArray& entries) {
    const auto histogram = pdb::entry_histogram(entries);
    unsigned moves = 0;
    for (unsigned value = 1; value < 16; ++value) {
      if (histogram[value] != 0) moves = value - 1;
    }
    return moves;
  }

  mutable std::once_flag sets_once_;
  mutable std::vector<puzzle_interface::TableSetInfo> sets_;
};

}  // namespace

std::shared_ptr<const puzzle_interface::TableSets> twisty_table_sets() {
  static const auto sets = std::make_shared<const TwistyTableSets>();
  return sets;
}

std::string declared_twisty_set(const TwistyDefinition& definition, Metric metric) {
  if (metric != Metric::half) return {};
  for (const DeclaredDefinition& declared : declared_definitions()) {
    if (declared.definition.content_hash == definition.content_hash)
      return set_name(declared.definition);
  }
  return {};
}

}  // namespace plumb::puzzles::twisty
