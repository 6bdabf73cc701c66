// The pruning tables of the shipped twisty definitions as the puzzle interface declares them
// (puzzle_interface/table_sets.hpp): a set a shipped definition, "twisty-3x3x3", of the tables
// chosen for it in the half metric within the default memory that are kept in the cache (the
// quick ones are built each time), a table a part. `plumb tables build twisty-3x3x3` builds them
// ahead, `plumb serve` keeps them loaded and lends them to its requests' searches.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "plumb/puzzle_interface/table_sets.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_search.hpp"

namespace plumb::puzzles::twisty {

// What a set's assembly lends: its tables, in the order of its parts.
struct LentTables {
  std::vector<std::shared_ptr<const PruningTable>> tables;
};

std::shared_ptr<const puzzle_interface::TableSets> twisty_table_sets();

// The name of the set declared for this definition's tables in `metric` (a shipped definition's,
// or one of the same text, in the half metric), or empty when none is.
std::string declared_twisty_set(const TwistyDefinition& definition, Metric metric);

}  // namespace plumb::puzzles::twisty
