#include "plumb/protocol/render.hpp"

#include <fmt/format.h>

#include "plumb/io/counted.hpp"

namespace plumb::protocol {

std::string_view reason_code(search::StopReason reason) {
  switch (reason) {
    case search::StopReason::solved: return "solved";
    case search::StopReason::exhausted: return "exhausted";
    case search::StopReason::depth_limit: return "depth_limit";
    case search::StopReason::node_limit: return "node_limit";
    case search::StopReason::time_limit: return "time_limit";
    case search::StopReason::memory_limit: return "memory_limit";
    case search::StopReason::cancelled: return "cancelled";
  }
  return "unknown";
}

std::string_view solution_status(const Solution& solution) {
  if (solution.length) return "solved";
  switch (solution.stats.reason) {
    case search::StopReason::exhausted: return "no_solution";
    case search::StopReason::depth_limit: return "none_within_bound";
    default: return reason_code(solution.stats.reason);
  }
}

std::string_view exploration_status(const Exploration& exploration) {
  return exploration.complete() ? "complete" : reason_code(exploration.stats.reason);
}

std::string solution_label(const PuzzleInfo& info, const Solution& solution) {
  const std::string label = fmt::format("{} {}", info.dataset_noun, solution.dataset);
  if (solution.method == solution.algorithm) return label;
  return fmt::format("{}, by {} ({})", label, solution.algorithm, solution.method);
}

nlohmann::json stats_json(const search::SearchStats& stats) {
  return {{"reason", reason_code(stats.reason)},
          {"expanded", stats.expanded},
          {"generated", stats.generated},
          {"duplicates", stats.duplicates},
          {"peak_stored", stats.peak_stored},
          {"iterations", stats.iterations},
          {"depth", stats.depth},
          {"seconds", stats.seconds}};
}

nlohmann::json solution_json(const PuzzleInfo& info, const Solution& solution) {
  return {{"puzzle", info.name},
          {"dataset", solution.dataset},
          {"line", solution.line},
          {"status", solution_status(solution)},
          {"length", solution.length ? nlohmann::json(*solution.length) : nullptr},
          {"optimal", solution.optimal},
          {"method", solution.method},
          {"start", solution.states.empty() ? nullptr : solution.states.front()},
          {"moves", solution.moves},
          {"states", solution.states},
          {"stats", stats_json(solution.stats)}};
}

nlohmann::json exploration_json(const PuzzleInfo& info, const Exploration& exploration) {
  return {{"puzzle", info.name},
          {"origin", exploration.origin},
          {"start", exploration.start},
          {"status", exploration_status(exploration)},
          {"layers", exploration.layer_sizes},
          {"total", exploration.total()},
          {"depth", exploration.layer_sizes.empty() ? 0 : exploration.layer_sizes.size() - 1},
          {"complete", exploration.complete()},
          {"deepest", exploration.deepest},
          {"stats", stats_json(exploration.stats)}};
}

std::string stats_line(std::string_view label, const search::SearchStats& stats) {
  const double rate = stats.seconds > 0 ? stats.expanded / stats.seconds : 0;
  return fmt::format(
      "{}: {}, depth {}, {} expanded, {} generated, {}, {} stored at peak, {}, {:.6f} s, {}/s\n",
      label, search::to_string(stats.reason), stats.depth, stats.expanded, stats.generated,
      io::counted(stats.duplicates, "duplicate"), stats.peak_stored,
      io::counted(stats.iterations, "iteration"), stats.seconds, io::human_count(rate));
}

std::string layers_table(std::string_view depth_name, std::string_view count_name,
                         const search::LayerCounts& counts) {
  std::string table = fmt::format("{}  {}\n", depth_name, count_name);
  for (std::size_t depth = 0; depth < counts.layer_sizes.size(); ++depth)
    table += fmt::format("{:5}  {}\n", depth, counts.layer_sizes[depth]);
  table += fmt::format("total  {}\n", counts.total());
  return table;
}

}  // namespace plumb::protocol
