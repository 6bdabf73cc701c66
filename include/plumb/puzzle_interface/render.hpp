// plumb/puzzle_interface/render.hpp: what every puzzle's renderings share: the one JSON schema's
// records (docs/json.md), the one shape of the pretty rendering, the statistics line and the table
// of layer sizes.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "plumb/puzzle_interface/puzzle.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzle_interface {

// A stop reason as JSON names it: "solved", "exhausted", "depth_limit", "node_limit", "time_limit",
// "memory_limit", "cancelled".
std::string_view reason_code(search::StopReason reason);

// What a solve record's answer is, in one word (docs/json.md): "solved" (`length` holds it),
// "no_solution" (proved none), "none_within_bound" (none within the puzzle's bound on the length),
// or the reason_code of the limit that stopped the search ("time_limit", "cancelled", ...).
std::string_view solution_status(const Solution& solution);
// An exploration's: "complete", or the reason_code of the limit that stopped it.
std::string_view exploration_status(const Exploration& exploration);

// What the pretty rendering and the statistics line call a solution: the dataset and the algorithm
// that ran, "Board 1, by table", or "Board 1, by auto (pdb)" where `auto` chose it.
std::string solution_label(const PuzzleInfo& info, const Solution& solution);

// What a puzzle gives the pretty rendering: how to draw a state and say a step, both from the JSON
// of Solution::states and Solution::moves, and the words around them.
struct PrettyDrawing {
  // What the drawings' and steps' codes mean, said once: before the first dataset.
  std::string legend{};
  // What a step is called, in the singular: "move" ("Move 1: u", "19 moves"), "cell".
  std::string step = "move";
  // The length in words, where counting the steps is not enough ("dig 2 cells"); or none.
  std::function<std::string(std::uint64_t length)> count{};
  // A length of 0 in words; empty: "already solved, 0 moves".
  std::string at_zero{};
  // The answers without a solution in words.
  std::string no_solution = "no solution";
  std::string beyond_bound = "no solution within the bound";  // none within a bound on the length
  // Lines about the dataset besides its start (cubic's goal), each ending in a newline; or none.
  std::string about{};
  // Whether the state after every step is drawn; if not, the steps are listed, then the last state.
  bool each_state = true;
  std::function<std::string(const nlohmann::json& state)> draw{};  // lines, each ending in '\n'
  std::function<std::string(const nlohmann::json& step)> say{};    // one line's words
};

// The pretty rendering of a solution, one shape for every puzzle: the legend (dataset 1 only) and a
// blank line; "LABEL: N moves" (or the answer in words: "already solved, 0 moves", "no solution");
// the `about` lines; the start drawn; then for each step a blank line, "Move K: WORDS" and the
// state after it (or the steps' lines, a blank line and the last state); a blank line at the end.
std::string pretty_solution(const PuzzleInfo& info, const Solution& solution,
                            const PrettyDrawing& drawing);

// {"reason", "expanded", "generated", "duplicates", "peak_stored", "iterations", "depth",
// "seconds"}
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

}  // namespace plumb::puzzle_interface
