#include "plumb/puzzle_interface/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "plumb/io/counted.hpp"
#include "plumb/io/text_input.hpp"

namespace plumb::puzzle_interface {

std::string_view reason_code(search::StopReason reason) {
  switch (reason) {
    case search::StopReason::solved:
      return "solved";
    case search::StopReason::exhausted:
      return "exhausted";
    case search::StopReason::depth_limit:
      return "depth_limit";
    case search::StopReason::node_limit:
      return "node_limit";
    case search::StopReason::time_limit:
      return "time_limit";
    case search::StopReason::memory_limit:
      return "memory_limit";
    case search::StopReason::cancelled:
      return "cancelled";
  }
  return "unknown";
}

std::string_view solution_status(const Solution& solution) {
  if (solution.length) return "solved";
  switch (solution.stats.reason) {
    case search::StopReason::exhausted:
      return "no_solution";
    case search::StopReason::depth_limit:
      return "none_within_bound";
    default:
      return reason_code(solution.stats.reason);
  }
}

std::string_view exploration_status(const Exploration& exploration) {
  return exploration.complete() ? "complete" : reason_code(exploration.stats.reason);
}

std::string solution_label(const PuzzleInfo& info, const Solution& solution) {
  const std::string label = fmt::format("{} {}", info.dataset_noun, solution.dataset);
  if (solution.method == solution.algorithm)
    return fmt::format("{}, by {}", label, solution.method);
  return fmt::format("{}, by {} ({})", label, solution.algorithm, solution.method);
}

namespace {

// The words of `text` in lines of at most kWidth characters (a longer word alone), each ending in
// a newline.
std::string wrapped(std::string_view text) {
  constexpr std::size_t kWidth = 80;
  std::string lines;
  std::size_t line_start = 0;
  for (std::string_view word : io::split_tokens(text)) {
    if (lines.size() > line_start) {
      if (lines.size() - line_start + 1 + word.size() > kWidth) {
        lines += '\n';
        line_start = lines.size();
      } else {
        lines += ' ';
      }
    }
    lines += word;
  }
  return lines + '\n';
}

}  // namespace

std::string pretty_solution(const PuzzleInfo& info, const Solution& solution,
                            const PrettyDrawing& drawing) {
  std::string text;
  if (solution.dataset == 1 && !drawing.legend.empty()) text = wrapped(drawing.legend) + "\n";
  const std::string_view status = solution_status(solution);
  std::string answer;
  if (status == "solved") {
    const std::uint64_t length = *solution.length;
    answer = drawing.count ? drawing.count(length) : io::counted(length, drawing.step);
    if (length == 0)
      answer = drawing.at_zero.empty() ? "already solved, " + answer : drawing.at_zero;
  } else if (status == "no_solution") {
    answer = drawing.no_solution;
  } else if (status == "none_within_bound") {
    answer = drawing.beyond_bound;
  } else {
    answer = fmt::format("stopped by the {}", search::to_string(solution.stats.reason));
  }
  text += fmt::format("{}: {}\n{}", solution_label(info, solution), answer, drawing.about);
  const std::vector<nlohmann::json>& states = solution.states;
  if (states.empty()) return text + "\n";
  std::string step = drawing.step;
  step.front() = static_cast<char>(std::toupper(static_cast<unsigned char>(step.front())));
  const std::size_t steps =
      solution.moves.is_array() ? std::min(solution.moves.size(), states.size() - 1) : 0;
  if (!drawing.each_state) {
    for (std::size_t k = 0; k < steps; ++k)
      text += fmt::format("{} {}: {}\n", step, k + 1, drawing.say(solution.moves[k]));
    return text + drawing.draw(states[steps]) + "\n";
  }
  text += drawing.draw(states.front());
  for (std::size_t k = 0; k < steps; ++k) {
    text += fmt::format("\n{} {}: {}\n{}", step, k + 1, drawing.say(solution.moves[k]),
                        drawing.draw(states[k + 1]));
  }
  return text + "\n";
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

}  // namespace plumb::puzzle_interface
