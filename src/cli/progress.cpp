#include "cli/progress.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fmt/core.h>

#include "plumb/search/limits.hpp"

namespace plumb::cli {
namespace {
bool progress_drawn = false;
}

std::string human_count(double count) {
  static constexpr const char* kSuffixes[] = {"", "k", "M", "G", "T"};
  int i = 0;
  while (std::abs(count) >= 1000 && i < 4) {
    count /= 1000;
    ++i;
  }
  return i == 0 ? fmt::format("{:.0f}", count) : fmt::format("{:.2f}{}", count, kSuffixes[i]);
}

std::string human_bytes(double bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int i = 0;
  while (bytes >= 1024 && i < 4) {
    bytes /= 1024;
    ++i;
  }
  return fmt::format("{:.1f} {}", bytes, kUnits[i]);
}

std::function<void(const search::SearchStats&)> terminal_progress(bool force) {
  if (!force && !isatty(STDERR_FILENO)) return {};
  return [](const search::SearchStats& stats) {
    const double rate = stats.seconds > 0 ? stats.expanded / stats.seconds : 0;
    std::fputs(fmt::format("\r\033[Kplumb: depth {} | {} expanded | {} generated | {}/s | {} | {:.1f} s",
                           stats.depth, human_count(stats.expanded), human_count(stats.generated),
                           human_count(rate), human_bytes(search::resident_memory_bytes()), stats.seconds)
                   .c_str(),
               stderr);
    std::fflush(stderr);
    progress_drawn = true;
  };
}

void clear_progress() {
  if (!progress_drawn) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  progress_drawn = false;
}

std::optional<std::uint64_t> parse_memory_size(std::string_view text) {
  double value = 0;
  std::size_t used = 0;
  try {
    value = std::stod(std::string(text), &used);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  std::string_view unit = text.substr(used);
  if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b')) unit.remove_suffix(1);
  if (!unit.empty() && unit.back() == 'i') unit.remove_suffix(1);
  double scale = 1;
  if (unit == "K" || unit == "k") {
    scale = 1024.0;
  } else if (unit == "M" || unit == "m") {
    scale = 1024.0 * 1024;
  } else if (unit == "G" || unit == "g") {
    scale = 1024.0 * 1024 * 1024;
  } else if (unit == "T" || unit == "t") {
    scale = 1024.0 * 1024 * 1024 * 1024;
  } else if (!unit.empty()) {
    return std::nullopt;
  }
  // 2^64 bytes or more (or infinity) is no size: converting it would be undefined (found by
  // options_fuzz).
  const double bytes = value * scale;
  if (!(value > 0) || !(bytes < 18446744073709551616.0)) return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace plumb::cli
