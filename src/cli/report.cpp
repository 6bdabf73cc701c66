// The old puzzle interface's shared output (cli/puzzle.hpp, stats_json.hpp): its statistics line,
// layer table and statistics object; goes with the old adapters.
#include <fmt/core.h>

#include <ostream>

#include "cli/progress.hpp"
#include "cli/puzzle.hpp"
#include "cli/stats_json.hpp"
#include "plumb/io/counted.hpp"

namespace plumb::cli {

void print_stats(std::ostream& err, std::string_view label, const search::SearchStats& stats) {
  const double rate = stats.seconds > 0 ? stats.expanded / stats.seconds : 0;
  err << fmt::format(
      "{}: {}, depth {}, {} expanded, {} generated, {}, {} stored at peak, {}, {:.6f} s, {}/s\n",
      label, search::to_string(stats.reason), stats.depth, stats.expanded, stats.generated,
      io::counted(stats.duplicates, "duplicate"), stats.peak_stored,
      io::counted(stats.iterations, "iteration"), stats.seconds, human_count(rate));
}

void print_layers(std::ostream& out, std::string_view depth_name, std::string_view count_name,
                  const std::vector<std::uint64_t>& layer_sizes) {
  std::uint64_t total = 0;
  out << fmt::format("{}  {}\n", depth_name, count_name);
  for (std::size_t depth = 0; depth < layer_sizes.size(); ++depth) {
    out << fmt::format("{:5}  {}\n", depth, layer_sizes[depth]);
    total += layer_sizes[depth];
  }
  out << fmt::format("total  {}\n", total);
}

nlohmann::json stats_json(const search::SearchStats& stats) {
  return {{"reason", search::to_string(stats.reason)},
          {"expanded", stats.expanded},
          {"generated", stats.generated},
          {"duplicates", stats.duplicates},
          {"peak_stored", stats.peak_stored},
          {"iterations", stats.iterations},
          {"depth", stats.depth},
          {"seconds", stats.seconds}};
}

}  // namespace plumb::cli
