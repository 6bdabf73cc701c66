// The limit options read from text (see puzzle_interface/limit_options.hpp).
#include "plumb/puzzle_interface/limit_options.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzle_interface/puzzle.hpp"

namespace plumb::puzzle_interface {

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
  if (!(bytes >= 0) || bytes >= 0x1p64) return std::nullopt;  // negative, NaN, or past 16 EiB
  return static_cast<std::uint64_t>(bytes);
}

double time_limit_seconds(std::string_view text) {
  std::size_t used = 0;
  double seconds = -1;
  try {
    seconds = std::stod(std::string(text), &used);
  } catch (const std::exception&) {
  }
  if (used != text.size() || !std::isfinite(seconds) || seconds < 0)
    throw UsageError("time-limit",
                     io::quote(text) + " is not a number of seconds (0 or more; 0: no limit)");
  return seconds;
}

std::uint64_t memory_limit_bytes(std::string_view text) {
  const std::optional<std::uint64_t> bytes = parse_memory_size(text);
  if (!bytes)
    throw UsageError("max-memory",
                     io::quote(text) + " is not a size such as 512M or 16G (0: no limit)");
  return *bytes;
}

unsigned thread_count(std::string_view text) {
  const std::optional<long long> count = io::parse_int(text);
  if (!count || *count < 0 || *count > std::numeric_limits<unsigned>::max())
    throw UsageError("threads",
                     io::quote(text) + " is not a number of threads (0 or more; 0: one a core)");
  return static_cast<unsigned>(*count);
}

}  // namespace plumb::puzzle_interface
