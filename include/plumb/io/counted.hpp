// plumb/io/counted.hpp: counted(3, "move") == "3 moves", counted(1, "move") == "1 move": a number
// and its noun, in the singular for exactly one, for every message and report that counts things.
#pragma once

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

}  // namespace plumb::io
