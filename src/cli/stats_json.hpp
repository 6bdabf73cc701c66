// cli/stats_json.hpp: SearchStats as the JSON object the old adapters' --format json output carries
// (cli/puzzle.hpp); the protocol puzzles use protocol::stats_json. Goes with the old adapters.
#pragma once

#include <nlohmann/json.hpp>

#include "plumb/search/stats.hpp"

namespace plumb::cli {

// {"reason", "expanded", "generated", "duplicates", "peak_stored", "iterations", "depth",
// "seconds"}
nlohmann::json stats_json(const search::SearchStats& stats);

}  // namespace plumb::cli
