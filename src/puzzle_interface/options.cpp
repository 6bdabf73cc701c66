// Option values checked against a puzzle's declaration (see puzzle_interface/options.hpp), and a
// Puzzle configured only with values it declares (puzzle_interface/puzzle.hpp).
#include "plumb/puzzle_interface/options.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <utility>

#include "plumb/io/text_input.hpp"

namespace plumb::puzzle_interface {
namespace {

const OptionSpec& declared(const PuzzleInfo& info, std::string_view name) {
  const auto spec = std::find_if(info.options.begin(), info.options.end(),
                                 [&](const OptionSpec& option) { return option.name == name; });
  assert(spec != info.options.end());
  return *spec;
}

std::string value_or_default(const OptionValues& values, const OptionSpec& spec) {
  const auto value = values.find(spec.name);
  return value == values.end() ? spec.default_value : value->second;
}

}  // namespace

void expect_declared(const PuzzleInfo& info, const OptionValues& values) {
  for (const auto& entry : values) {
    const std::string& name = entry.first;  // clang 14 cannot capture a structured binding
    const bool known = std::any_of(info.options.begin(), info.options.end(),
                                   [&](const OptionSpec& option) { return option.name == name; });
    if (!known) throw UsageError(name, fmt::format("{} has no option --{}", info.name, name));
  }
}

std::string text_option(const PuzzleInfo& info, const OptionValues& values, std::string_view name) {
  const OptionSpec& spec = declared(info, name);
  std::string value = value_or_default(values, spec);
  if (spec.type != OptionSpec::Type::file && !spec.choices.empty() &&
      std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end()) {
    throw UsageError(spec.name, fmt::format("{} is not one of {}", io::quote(value),
                                            fmt::join(spec.choices, ", ")));
  }
  return value;
}

long long integer_option(const PuzzleInfo& info, const OptionValues& values,
                         std::string_view name) {
  const OptionSpec& spec = declared(info, name);
  const std::string text = value_or_default(values, spec);
  const auto value = io::parse_int(text);
  if (!value || *value < spec.min || *value > spec.max) {
    throw UsageError(spec.name, fmt::format("expected an integer from {} to {}, found {}", spec.min,
                                            spec.max, io::quote(text)));
  }
  return *value;
}

bool flag_option(const PuzzleInfo& info, const OptionValues& values, std::string_view name) {
  const OptionSpec& spec = declared(info, name);
  const auto value = values.find(spec.name);
  if (value == values.end() || value->second == "false") return false;
  if (value->second == "true") return true;
  throw UsageError(spec.name,
                   fmt::format("expected true or false, found {}", io::quote(value->second)));
}

std::size_t algorithm_index(const PuzzleInfo& info, std::string_view algorithm) {
  const auto found = std::find(info.algorithms.begin(), info.algorithms.end(), algorithm);
  if (found == info.algorithms.end()) throw_unknown_algorithm(info.algorithms, algorithm);
  return static_cast<std::size_t>(found - info.algorithms.begin());
}

void throw_unknown_algorithm(const std::vector<std::string>& names, std::string_view found) {
  throw UsageError("algo", fmt::format("expected one of {}, found {}", fmt::join(names, ", "),
                                       io::quote(found)));
}

Puzzle::Puzzle(PuzzleInfo info, Configure configure, std::shared_ptr<const TableSets> tables)
    : info_(std::move(info)), configure_(std::move(configure)), tables_(std::move(tables)) {}

std::unique_ptr<Instance> Puzzle::configure(const OptionValues& options) const {
  expect_declared(info_, options);
  return configure_(info_, options);
}

}  // namespace plumb::puzzle_interface
