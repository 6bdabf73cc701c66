// cli/progress.hpp: the progress line the program shows on a terminal during long work, and the
// parsing of the limit options (--time-limit, --max-memory) shared by every command.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "plumb/search/stats.hpp"

namespace plumb::cli {

// A callback that redraws one status line on standard error (depth, states, rate, memory), or an
// empty function when standard error is not a terminal and `force` is false.
std::function<void(const search::SearchStats&)> terminal_progress(bool force);

// Erases the progress line, if one was drawn.
void clear_progress();

// "512M", "16G", "1.5GiB", "1000000" (bytes) -> bytes; nothing if it is not a size. "0" is 0 bytes,
// which the limit options take as no limit.
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

// 1234567 -> "1.23M"; for counts in progress lines and statistics.
std::string human_count(double count);
// Bytes -> "1.5 GiB".
std::string human_bytes(double bytes);

}  // namespace plumb::cli
