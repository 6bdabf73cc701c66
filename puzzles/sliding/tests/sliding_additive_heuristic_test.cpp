// AdditivePdbHeuristic kept up to date move by move equals the one computed from scratch, with the
// mirror (3x3, 4x4) and without (2x4); undoing the moves restores every value; AdditivePdb refuses
// patterns that overlap and databases of the wrong size.
#include "plumb/pdb/additive_heuristic.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/search/parallel_ida_star.hpp"

namespace plumb::puzzles {
namespace {

using Heuristic = pdb::AdditivePdbHeuristic<SlidingDomain>;

static_assert(pdb::PlacementDomain<SlidingDomain>);
static_assert(search::IncrementalHeuristic<Heuristic, SlidingDomain>);

SlidingPdbSet build_set(std::string_view name) {
  const SlidingPartition& partition = *find_sliding_partition(name);
  SlidingPdbSet set{partition, {}};
  for (std::size_t p = 0; p < partition.patterns.size(); ++p) {
    std::optional<pdb::NibbleArray> entries = build_sliding_pdb(partition, p, {}, 1);
    EXPECT_TRUE(entries.has_value());
    set.databases.push_back({sliding_pdb_header(partition, p), std::move(*entries)});
  }
  return set;
}

// A random walk from the goal, the heuristic applied move by move and checked against a fresh one
// at every step; then the walk is undone, every value checked again.
void walk_and_compare(std::string_view set_name, int rows, int cols) {
  const SlidingPdbSet set = build_set(set_name);
  const pdb::AdditivePdb tables = sliding_additive_pdb(set);
  const SlidingDomain domain(rows, cols, ordered_sliding_goal(rows, cols, BlankPlace::first));
  SlidingState state = domain.goal();
  Heuristic h(domain, tables, state);
  EXPECT_EQ(h.value(), 0);
  std::mt19937 random(static_cast<unsigned>(rows * cols));
  struct Step {
    SlidingMove move;
    Heuristic::Prepared prepared;
    Heuristic::Saved saved;
    int value_before;
  };
  std::vector<Step> steps;
  int distinct_values = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<SlidingMove> moves;
    domain.for_each_move(state, [&](SlidingMove m) { moves.push_back(m); });
    const SlidingMove move = moves[random() % moves.size()];
    const Heuristic::Prepared prepared = h.prepare(state, move);
    const int before = h.value();
    domain.apply(state, move);
    steps.push_back({move, prepared, h.apply(prepared), before});
    ASSERT_EQ(h.value(), Heuristic(domain, tables, state).value()) << "step " << i;
    distinct_values += h.value() != before;
  }
  EXPECT_GT(distinct_values, 100);  // the walk did change the bound
  for (auto step = steps.rbegin(); step != steps.rend(); ++step) {
    h.undo(step->prepared, step->saved);
    domain.undo(state, step->move);
    ASSERT_EQ(h.value(), step->value_before);
  }
  EXPECT_EQ(state, domain.goal());
}

TEST(AdditivePdbHeuristic, IncrementalEqualsFromScratchWithTheMirror) {
  walk_and_compare("8-44", 3, 3);
  walk_and_compare("15-555", 4, 4);
}

TEST(AdditivePdbHeuristic, IncrementalEqualsFromScratchWithoutAMirror) {
  walk_and_compare("7-34", 2, 4);
}

TEST(AdditivePdb, RefusesOverlappingPatternsAndWrongSizes) {
  const SlidingPdbSet set = build_set("8-44");
  const std::vector<const pdb::NibbleArray*> databases{&set.databases[0].entries,
                                                       &set.databases[1].entries};
  const pdb::AdditivePdb::CostTable none{};
  const std::vector<std::vector<std::uint8_t>> overlapping{{1, 2, 4, 5}, {5, 6, 7, 8}};
  EXPECT_THROW(pdb::AdditivePdb(9, overlapping, databases, none, 1, std::nullopt),
               std::invalid_argument);
  const std::vector<std::vector<std::uint8_t>> too_small{{1, 2, 4}, {3, 6, 7, 8}};
  EXPECT_THROW(pdb::AdditivePdb(9, too_small, databases, none, 1, std::nullopt),
               std::invalid_argument);
  const std::vector<std::vector<std::uint8_t>> fitting{{1, 2, 4, 5}, {3, 6, 7, 8}};
  EXPECT_NO_THROW(pdb::AdditivePdb(9, fitting, databases, none, 1, std::nullopt));
}

}  // namespace
}  // namespace plumb::puzzles
