// plumb/protocol/render.hpp: what every puzzle's renderings share: the one JSON schema's records
// (docs/json.md), the statistics line and the table of layer sizes.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "plumb/protocol/puzzle.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::protocol {

// A stop reason as JSON names it: "solved", "exhausted", "depth_limit", "node_limit", "time_limit",
// "memory_limit", "cancelled".
std::string_view reason_code(search::StopReason reason);

// What a solve record's answer is, in one word (docs/json.md): "solved" (`length` holds it),
// "no_solution" (proved none), "none_within_bound" (none within the puzzle's bound on the length),
// or the reason_code of the limit that stopped the search ("time_limit", "cancelled", ...).
std::string_view solution_status(const Solution& solution);
// An exploration's: "complete", or the reason_code of the limit that stopped it.
std::string_view exploration_status(const Exploration& exploration);

// What the pretty rendering and the statistics line call a solution: "Board 1", and when `auto`
// chose the algorithm, which one: "Board 1, by auto (pdb)".
std::string solution_label(const PuzzleInfo& info, const Solution& solution);

// {"reason", "expanded", "generated", "duplicates", "peak_stored", "iterations", "depth", "seconds"}
nlohmann::json stats_json(const search::SearchStats& stats);

// The record of one solved dataset: {"puzzle", "dataset", "line", "status" (solution_status),
// "length" (null: no solution), "optimal", "method" (the algorithm that ran), "start", "moves"
// (null: no solution), "states" (the start, then the state after each move), "stats"}.
nlohmann::json solution_json(const PuzzleInfo& info, const Solution& solution);

// The record of an exploration: {"puzzle", "origin", "start", "status" (exploration_status),
// "layers", "total", "depth", "complete", "deepest", "stats"}.
nlohmann::json exploration_json(const PuzzleInfo& info, const Exploration& exploration);

// One line of statistics under a label ("Deal 3: solved, depth 12, ..."), ending in a newline.
std::string stats_line(std::string_view label, const search::SearchStats& stats);

// The layer sizes as a two-column table headed by the two names ("depth", "states"), one row a
// layer, then the total; every line ends in a newline.
std::string layers_table(std::string_view depth_name, std::string_view count_name,
                         const search::LayerCounts& counts);

}  // namespace plumb::protocol
