// plumb/puzzle_interface/options.hpp: a puzzle's option values read against its own declaration
// (PuzzleInfo::options, ::algorithms), so that every puzzle checks them the same way: a name it
// does not declare, an integer out of its range or a text outside its choices is a UsageError
// naming the option; an option left out takes its declared default.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/puzzle_interface/puzzle.hpp"

namespace plumb::puzzle_interface {

// Throws UsageError for the first value whose name `info` does not declare.
void expect_declared(const PuzzleInfo& info, const OptionValues& values);

// The declared option `name` (a puzzle asks only for its own) as text, or its default; one of its
// choices when it has any (a file option's are names it takes besides a file: any value passes).
std::string text_option(const PuzzleInfo& info, const OptionValues& values, std::string_view name);

// The declared integer option `name`, or its default, within its range [min, max].
long long integer_option(const PuzzleInfo& info, const OptionValues& values, std::string_view name);

// The declared flag `name`: its value "true" or "false" (UsageError for any other), false if left
// out.
bool flag_option(const PuzzleInfo& info, const OptionValues& values, std::string_view name);

// The position of `algorithm` in info.algorithms; UsageError("algo", ...) for any other name.
std::size_t algorithm_index(const PuzzleInfo& info, std::string_view algorithm);

// Throws UsageError("algo", ...) for `found`, a name not among `names`, the algorithms declared.
[[noreturn]] void throw_unknown_algorithm(const std::vector<std::string>& names,
                                          std::string_view found);

}  // namespace plumb::puzzle_interface
