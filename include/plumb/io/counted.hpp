// plumb/io/counted.hpp: how messages and reports write numbers. counted(3, "move") == "3 moves",
// counted(1, "move") == "1 move": a number and its noun, in the singular for exactly one;
// human_count(1234567) == "1.23M" for counts in progress lines and statistics; human_bytes(1536) ==
// "1.5 KiB" for sizes.
#pragma once

#include <fmt/core.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace plumb::io {

// `plural` defaults to the noun with an "s" appended (give "entries" for "entry").
inline std::string counted(std::uint64_t count, std::string_view noun, std::string_view plural = {}) {
  std::string text = std::to_string(count) + ' ';
  if (count == 1) return text.append(noun);
  if (!plural.empty()) return text.append(plural);
  return text.append(noun).append("s");
}

inline std::string human_count(double count) {
  static constexpr const char* kSuffixes[] = {"", "k", "M", "G", "T"};
  int i = 0;
  while (std::abs(count) >= 1000 && i < 4) {
    count /= 1000;
    ++i;
  }
  return i == 0 ? fmt::format("{:.0f}", count) : fmt::format("{:.2f}{}", count, kSuffixes[i]);
}

inline std::string human_bytes(double bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int i = 0;
  while (bytes >= 1024 && i < 6) {
    bytes /= 1024;
    ++i;
  }
  return fmt::format("{:.1f} {}", bytes, kUnits[i]);
}

}  // namespace plumb::io
