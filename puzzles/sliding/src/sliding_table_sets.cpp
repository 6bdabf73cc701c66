// The sliding puzzle's pattern database sets and distance tables as the puzzle interface declares
// them. See sliding_table_sets.hpp.
#include "sliding_table_sets.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plumb/io/counted.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/puzzles/sliding_io.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/puzzles/sliding_ranked.hpp"
#include "plumb/search/distance_table.hpp"

namespace plumb::puzzles {
namespace {

// A set of pattern databases being loaded or built, a pattern after another.
class SlidingAssembly : public puzzle_interface::TableAssembly {
 public:
  explicit SlidingAssembly(const SlidingPartition& partition) : set_{partition, {}} {}

  bool add_part(std::size_t part, const search::SearchContext& context, unsigned threads,
                search::SearchStats& stats) override {
    std::optional<pdb::PatternDatabase> database =
        load_or_build_sliding_pdb(set_.partition, part, context, threads, &stats);
    if (!database) return false;
    set_.databases.push_back(std::move(*database));
    return true;
  }

  std::shared_ptr<const void> finish() override {
    return std::make_shared<const SlidingPdbSet>(std::move(set_));
  }

 private:
  SlidingPdbSet set_;
};

// The named partitions' pattern databases (sliding_pdb.hpp), a set each, a pattern a part.
class SlidingPdbSets : public puzzle_interface::TableSets {
 public:
  SlidingPdbSets() {
    for (const SlidingPartition& partition : sliding_partitions()) {
      puzzle_interface::TableSetInfo info{
          .name = partition.name,
          .title = fmt::format("the {}-puzzle's databases ({})",
                               partition.width * partition.height - 1, partition.name),
          .serves =
              size_name({static_cast<int>(partition.height), static_cast<int>(partition.width)}),
          .part_work = {}};
      for (std::size_t pattern = 0; pattern < partition.patterns.size(); ++pattern)
        info.part_work.push_back(pattern_work(partition, pattern));
      sets_.push_back(std::move(info));
    }
  }

  const std::vector<puzzle_interface::TableSetInfo>& sets() const override { return sets_; }
  std::filesystem::path part_file(std::size_t set, std::size_t part) const override {
    return sliding_pdb_table(sliding_partitions()[set], part).path();
  }
  bool in_cache(std::size_t set) const override {
    return sliding_pdbs_in_cache(sliding_partitions()[set]);
  }
  std::unique_ptr<puzzle_interface::TableAssembly> assemble(std::size_t set) const override {
    return std::make_unique<SlidingAssembly>(sliding_partitions()[set]);
  }

  std::string part_title(std::size_t set, std::size_t part) const override {
    const SlidingPartition& partition = sliding_partitions()[set];
    return fmt::format("{} pattern {} (tiles {})", partition.name, part + 1,
                       fmt::join(partition.patterns[part], ","));
  }

  bool part_intact(std::size_t set, std::size_t part) const override {
    return pdb::load(sliding_pdb_table(sliding_partitions()[set], part)).has_value();
  }

  std::optional<std::string> build_part(std::size_t set, std::size_t part,
                                        const search::SearchContext& context, unsigned threads,
                                        search::SearchStats& stats) const override {
    const SlidingPartition& partition = sliding_partitions()[set];
    auto built = build_sliding_pdb(partition, part, context, threads, &stats);
    if (!built) return std::nullopt;
    const io::CachedTable table = sliding_pdb_table(partition, part);
    io::write_table_file(table.path(), table.header, built->bytes());
    return fmt::format("{} entries, {} layers, {} abstract states, {:.1f} s, mean bound {:.3f}",
                       table.entries, stats.iterations, stats.peak_stored, stats.seconds,
                       sliding_pdb_mean_bound(partition, part, *built));
  }

  std::string describe(std::size_t set) const override {
    const SlidingPartition& partition = sliding_partitions()[set];
    std::string text =
        fmt::format("{}: {}x{} board, {} patterns, blank-first goal\n", partition.name,
                    partition.height, partition.width, partition.patterns.size());
    for (std::size_t pattern = 0; pattern < partition.patterns.size(); ++pattern)
      text += describe_pattern(partition, pattern);
    return text;
  }

 private:
  // The placements a pattern's build expands, about: each of them (or of half of them when a
  // reflection maps its space onto itself: the build then searches half) once, and some again in
  // a later layer for another region of the blank. That share, measured on 15-7-8's two patterns,
  // is 10% and 30%: a fifth is taken (a front end caps its fraction below 1 until the set is
  // whole).
  static double pattern_work(const SlidingPartition& partition, std::size_t pattern) {
    constexpr double kExpansionsAPlacement = 1.2;
    const auto entries = static_cast<double>(sliding_pdb_entries(partition, pattern));
    const double searched =
        sliding_pattern_symmetry(partition, pattern).empty() ? entries : entries / 2;
    return kExpansionsAPlacement * searched;
  }

  // A pattern's lines of `plumb tables info`: its tiles, file and size, and the table its file
  // holds.
  static std::string describe_pattern(const SlidingPartition& partition, std::size_t pattern) {
    std::string text = fmt::format("pattern {}: tiles {}\n", pattern + 1,
                                   fmt::join(partition.patterns[pattern], ","));
    const std::string_view symmetry = sliding_pattern_symmetry(partition, pattern);
    if (!symmetry.empty()) {
      text += fmt::format("  symmetry: {} (the build searches half of the placements)\n", symmetry);
    }
    const io::CachedTable table = sliding_pdb_table(partition, pattern);
    io::TableRead found;
    text += puzzle_interface::describe_table_file(table, "4 bits each", partition.name, found);
    if (found.payload.empty()) return text;
    const pdb::NibbleArray entries(table.entries, std::move(found.payload));
    text += fmt::format("  mean bound: {:.3f} moves of the pattern's tiles\n",
                        sliding_pdb_mean_bound(partition, pattern, entries));
    const auto histogram = pdb::entry_histogram(entries);
    text += "  stored (moves beyond Manhattan)/2:";
    for (unsigned value = 0; value < 16; ++value) {
      if (histogram[value] != 0) text += fmt::format(" {}:{}", value, histogram[value]);
    }
    return text + "\n";
  }

  std::vector<puzzle_interface::TableSetInfo> sets_;
};

// The sizes whose distance tables are declared, for the blank-last goal: the 8-puzzle's, and the
// largest that `--algo table` builds in a few minutes (11! entries, 240 MB).
constexpr std::array<SlidingSize, 3> kDeclaredDistanceSizes{{{3, 3}, {3, 4}, {4, 3}}};

SlidingState blank_last_goal(SlidingSize size) {
  return ordered_sliding_goal(size.rows, size.cols, BlankPlace::last);
}

}  // namespace

puzzle_interface::ByteTable sliding_distance_table(SlidingSize size, const SlidingState& goal) {
  auto ranked = std::make_shared<const RankedSlidingDomain>(size.rows, size.cols, goal);
  const std::uint64_t states = ranked->num_states();
  const std::string goal_words = size_name(size) + " goal " + board_line(goal, size);
  io::TableHeader header{"sliding-distances", 1, goal_words};
  const std::uint64_t hash = io::checksum64(std::as_bytes(std::span(header.parameters)));
  const int tiles = size.rows * size.cols - 1;
  return {
      .info = {.name = "distances-" + size_name(size),
               .title = fmt::format("the {}-puzzle's distance table ({})", tiles, size_name(size)),
               .serves = size_name(size),
               .part_work = {static_cast<double>(states)}},
      .file = {"sliding-distances-" + size_name(size) + "-" + std::to_string(hash % 1000000007) +
                   ".tbl",
               std::move(header), states, states,
               "the distance table of " + size_name(size) + " boards for the goal " +
                   board_line(goal, size)},
      .build = [ranked](const search::SearchContext& context, unsigned /*threads: one*/,
                        search::SearchStats& stats) -> std::optional<std::vector<std::uint8_t>> {
        const SlidingState from = ranked->goal();
        search::DistanceTable built = search::distance_table(*ranked, std::span(&from, 1), context);
        stats += built.stats;
        if (built.stats.reason != search::StopReason::exhausted) {
          stats.reason = built.stats.reason;
          return std::nullopt;
        }
        return std::move(built.distances);
      },
      .lend = [](std::vector<std::uint8_t> entries) -> std::shared_ptr<const void> {
        return std::make_shared<const std::vector<std::uint8_t>>(std::move(entries));
      }};
}

std::string declared_distance_set(SlidingSize size, const SlidingState& goal) {
  for (const SlidingSize declared : kDeclaredDistanceSizes) {
    if (declared == size && goal == blank_last_goal(size)) return "distances-" + size_name(size);
  }
  return {};
}

std::shared_ptr<const puzzle_interface::TableSets> sliding_table_sets() {
  static const auto declared = [] {
    std::vector<puzzle_interface::ByteTable> distances;
    for (const SlidingSize size : kDeclaredDistanceSizes)
      distances.push_back(sliding_distance_table(size, blank_last_goal(size)));
    return puzzle_interface::joined_table_sets(
        {std::make_shared<const SlidingPdbSets>(),
         puzzle_interface::byte_table_sets(std::move(distances))});
  }();
  return declared;
}

}  // namespace plumb::puzzles
