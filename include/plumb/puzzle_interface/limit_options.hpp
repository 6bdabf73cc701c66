// plumb/puzzle_interface/limit_options.hpp: the limits every front end offers a search (a time
// limit, a memory limit, a number of threads) read from text once, so that the program
// (--time-limit,
// --max-memory, --threads) and the Python module accept the same values and refuse the others with
// the same messages. Each refusal is a UsageError naming the program's option.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace plumb::puzzle_interface {

// "512M", "16G", "1.5GiB", "1000000" (bytes) -> bytes; nothing if it is not a size. "0" is 0 bytes,
// which the limits take as no limit.
std::optional<std::uint64_t> parse_memory_size(std::string_view text);

// A finite number of seconds, 0 or more (0: no limit). Throws UsageError("time-limit", ...).
double time_limit_seconds(std::string_view text);

// A size as parse_memory_size reads it (0: no limit). Throws UsageError("max-memory", ...).
std::uint64_t memory_limit_bytes(std::string_view text);

// A whole number of threads, 0 or more (0: one a core). Throws UsageError("threads", ...).
unsigned thread_count(std::string_view text);

}  // namespace plumb::puzzle_interface
