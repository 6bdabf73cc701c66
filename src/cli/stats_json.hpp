// cli/stats_json.hpp: SearchStats as the JSON object every puzzle's --format json output carries.
#pragma once

#include <nlohmann/json.hpp>

#include "plumb/search/stats.hpp"

namespace plumb::cli {

// {"reason", "expanded", "generated", "duplicates", "peak_stored", "iterations", "depth",
// "seconds"}
nlohmann::json stats_json(const search::SearchStats& stats);

}  // namespace plumb::cli
