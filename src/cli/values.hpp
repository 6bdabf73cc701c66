// cli/values.hpp: how the program declares an option's value, so that the help, the manual page
// and the completions (all read off the declarations: cli/command_tree.hpp) name it the same way
// and its checks speak plumb's words ("--threads: expected a whole number of 0 or more, found
// '-1'"), never CLI11's.
//
// A declared value's type name is "NAME" (free text: FILE, DIR, SIZE), "NAME:a|b|c" (one of the
// choices) or "NAME:MIN..MAX" (a number; MAX empty: no bound); the help shows NAME alone
// (value_formatter), and its checks have no description, so nothing else is added to it.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace plumb::cli {

// Free text named `name`.
CLI::Option* text_value(CLI::Option* option, std::string_view name);
// One of `choices`; anything else is refused, with the nearest choice when one is near.
CLI::Option* choice_value(CLI::Option* option, std::string_view name,
                          const std::vector<std::string>& choices);
// A whole number from `min` to `max` (no bound when max is 0).
CLI::Option* whole_value(CLI::Option* option, std::string_view name, unsigned long long min,
                         unsigned long long max = 0);
// A number checked by `check`, from `min`: SECONDS.
CLI::Option* number_value(CLI::Option* option, std::string_view name, const CLI::Validator& check,
                          std::string_view min);

// The part of a type name the help shows: "FORMAT" of "FORMAT:contest|pretty|json".
std::string value_name(std::string_view type_name);

// "; did you mean WORD?" for the one of `known` nearest to `word` (by edit distance, a swap of
// neighbours counting one) when it is near enough to be a slip, else empty.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& known);

// The help's layout: "--format FORMAT", a positional's name alone, the default after the
// description; no type tags.
std::shared_ptr<CLI::Formatter> value_formatter();

}  // namespace plumb::cli
