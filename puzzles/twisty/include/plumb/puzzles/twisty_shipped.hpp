// plumb/puzzles/twisty_shipped.hpp: the definitions that ship inside plumb (puzzles/twisty/
// definitions/*.tws, generated with cubing.js's PuzzleGeometry), by name: `--def 3x3x3`.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace plumb::puzzles::twisty {

struct ShippedDefinition {
  std::string_view name;  // the file's name without .tws: "3x3x3"
  std::string_view text;
};

// In order of name.
std::span<const ShippedDefinition> shipped_definitions();

// The text of the shipped definition called `name`; nothing if none is.
std::optional<std::string_view> shipped_definition(std::string_view name);

}  // namespace plumb::puzzles::twisty
