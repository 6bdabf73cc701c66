// The sliding-puzzle pattern databases: the named partitions, their cache files, and their builds
// (in sliding_pattern_space.hpp's abstract space). See plumb/puzzles/sliding_pdb.hpp.
#include "plumb/puzzles/sliding_pdb.hpp"

#include <fmt/format.h>

#include <array>
#include <cstdint>
#include <filesystem>

#include "plumb/pdb/layered_bfs.hpp"
#include "plumb/pdb/placement_index.hpp"
#include "sliding_pattern_space.hpp"

namespace plumb::puzzles {
namespace {

using sliding_detail::Grid;
using sliding_detail::PatternSpace;

constexpr std::uint32_t kTableVersion = 1;

std::vector<std::uint8_t> tiles(unsigned first, unsigned last) {
  std::vector<std::uint8_t> out;
  for (unsigned tile = first; tile <= last; ++tile) out.push_back(static_cast<std::uint8_t>(tile));
  return out;
}

const std::vector<SlidingPartition>& partitions() {
  static const std::vector<SlidingPartition> all = {
      {"15-7-8", 4, 4, {tiles(1, 7), tiles(8, 15)}},
      // Korf and Felner's: an irregular pattern at the blank's corner and three 2x3 blocks. It is
      // not its own mirror image, so the reflected lookup adds to it (a partition that is gains
      // nothing: the two sums are equal).
      {"24-6666",
       5,
       5,
       {{1, 2, 5, 6, 7, 12},
        {3, 4, 8, 9, 13, 14},
        {10, 11, 15, 16, 20, 21},
        {17, 18, 19, 22, 23, 24}}},
      {"15-555", 4, 4, {{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}}},
      {"8-44", 3, 3, {{1, 2, 4, 5}, {3, 6, 7, 8}}},
      {"7-34", 4, 2, {{1, 2, 3}, {4, 5, 6, 7}}},
  };
  return all;
}

}  // namespace

std::span<const SlidingPartition> sliding_partitions() {
  return partitions();
}

const SlidingPartition* find_sliding_partition(std::string_view name) {
  for (const SlidingPartition& partition : partitions()) {
    if (partition.name == name) return &partition;
  }
  return nullptr;
}

const SlidingPartition* default_sliding_partition(unsigned width, unsigned height) {
  if (width == 4 && height == 4) return find_sliding_partition("15-7-8");
  if (width == 5 && height == 5) return find_sliding_partition("24-6666");
  return nullptr;
}

std::string sliding_partition_list() {
  std::string list;
  for (const SlidingPartition& partition : partitions()) {
    list += fmt::format("{}{} ({}x{})", list.empty() ? "" : ", ", partition.name, partition.height,
                        partition.width);
  }
  return list;
}

io::CachedTable sliding_pdb_table(const SlidingPartition& partition, std::size_t pattern) {
  return pdb::database_table(fmt::format("sliding-{}x{}-{}.pdb", partition.height, partition.width,
                                         fmt::join(partition.patterns.at(pattern), "-")),
                             sliding_pdb_header(partition, pattern),
                             sliding_pdb_entries(partition, pattern),
                             fmt::format("pattern database {} of {} of {}", pattern + 1,
                                         partition.patterns.size(), partition.name));
}

bool sliding_pdbs_in_cache(const SlidingPartition& partition) {
  for (std::size_t pattern = 0; pattern < partition.patterns.size(); ++pattern) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(sliding_pdb_table(partition, pattern).path(), error))
      return false;
  }
  return true;
}

io::TableHeader sliding_pdb_header(const SlidingPartition& partition, std::size_t pattern) {
  return {"sliding-pdb", kTableVersion,
          fmt::format("{}x{} blank-first tiles {}", partition.height, partition.width,
                      fmt::join(partition.patterns.at(pattern), ","))};
}

std::uint64_t sliding_pdb_entries(const SlidingPartition& partition, std::size_t pattern) {
  return pdb::PlacementIndex(partition.width * partition.height,
                             static_cast<unsigned>(partition.patterns.at(pattern).size()))
      .size();
}

std::string_view sliding_pattern_symmetry(const SlidingPartition& partition, std::size_t pattern) {
  const Grid grid(partition.width, partition.height);
  return PatternSpace(grid, partition.patterns.at(pattern)).symmetry();
}

double sliding_pdb_mean_bound(const SlidingPartition& partition, std::size_t pattern,
                              const pdb::NibbleArray& entries) {
  // Each tile alone is spread evenly over the cells, so the mean Manhattan part is a sum of means.
  const Grid grid(partition.width, partition.height);
  double manhattan = 0;
  for (std::uint8_t tile : partition.patterns.at(pattern)) {
    for (unsigned cell = 0; cell < grid.cells(); ++cell) manhattan += grid.distance(tile, cell);
  }
  manhattan /= grid.cells();
  const std::array<std::uint64_t, 16> histogram = pdb::entry_histogram(entries);
  double excess = 0;
  for (unsigned value = 0; value < 16; ++value)
    excess += 2.0 * value * static_cast<double>(histogram[value]);
  return manhattan + excess / static_cast<double>(entries.size());
}

std::optional<pdb::NibbleArray> build_sliding_pdb(const SlidingPartition& partition,
                                                  std::size_t pattern,
                                                  const search::SearchContext& context,
                                                  unsigned threads, search::SearchStats* stats) {
  const Grid grid(partition.width, partition.height);
  const PatternSpace space(grid, partition.patterns.at(pattern));
  pdb::NibbleArray entries(space.num_placements());
  search::SearchStats result;
  // The table word holds 2 bits a slot: the narrowest that fits.
  if (space.num_slots() <= 8) {
    result = pdb::build_layered<std::uint16_t>(space, entries, context, threads);
  } else if (space.num_slots() <= 16) {
    result = pdb::build_layered<std::uint32_t>(space, entries, context, threads);
  } else {
    result = pdb::build_layered<std::uint64_t>(space, entries, context, threads);
  }
  if (stats != nullptr) *stats = result;
  if (result.reason != search::StopReason::exhausted) return std::nullopt;
  return entries;
}

std::optional<pdb::PatternDatabase> load_or_build_sliding_pdb(const SlidingPartition& partition,
                                                              std::size_t pattern,
                                                              const search::SearchContext& context,
                                                              unsigned threads,
                                                              search::SearchStats* stats,
                                                              bool mapped) {
  return pdb::load_or_build(
      sliding_pdb_table(partition, pattern),
      [&] { return build_sliding_pdb(partition, pattern, context, threads, stats); }, mapped);
}

namespace {

// The set loaded (mapped in place if `mapped`) or built, by this process alone.
std::optional<SlidingPdbSet> load_or_build_here(const SlidingPartition& partition,
                                                const search::SearchContext& context,
                                                unsigned threads, search::SearchStats* stats,
                                                bool mapped) {
  SlidingPdbSet set{partition, {}};
  for (std::size_t pattern = 0; pattern < partition.patterns.size(); ++pattern) {
    search::SearchStats built;
    std::optional<pdb::PatternDatabase> database =
        load_or_build_sliding_pdb(partition, pattern, context, threads, &built, mapped);
    if (stats != nullptr) {
      *stats += built;
      stats->reason = built.reason;
    }
    if (!database) return std::nullopt;
    set.databases.push_back(std::move(*database));
  }
  return set;
}

}  // namespace

std::optional<SlidingPdbSet> load_or_build_sliding_pdbs(const SlidingPartition& partition,
                                                        const search::SearchContext& context,
                                                        unsigned threads,
                                                        search::SearchStats* stats) {
  search::Exchange* const group = context.distribution.exchange.get();
  if (group == nullptr || group->size() == 1)
    return load_or_build_here(partition, context, threads, stats, false);
  std::optional<SlidingPdbSet> set;
  search::SearchStats first;  // process 0's
  if (group->rank() == 0) set = load_or_build_here(partition, context, threads, &first, true);
  // Process 0's outcome, to every process: whether it has the set, and why not.
  std::array<std::uint64_t, 2> outcome{set ? 1u : 0u, static_cast<std::uint64_t>(first.reason)};
  group->sum(outcome);
  if (outcome[0] == 0) {
    if (stats != nullptr) stats->reason = static_cast<search::StopReason>(outcome[1]);
    return std::nullopt;
  }
  if (group->rank() != 0) return load_or_build_here(partition, context, threads, stats, true);
  if (stats != nullptr) {
    *stats += first;
    stats->reason = first.reason;
  }
  return set;
}

}  // namespace plumb::puzzles
