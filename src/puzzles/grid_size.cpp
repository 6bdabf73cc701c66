// Board sizes "RxC", read with every product checked (see plumb/puzzles/grid_size.hpp).
#include "plumb/puzzles/grid_size.hpp"

#include <fmt/format.h>

#include "plumb/io/text_input.hpp"

namespace plumb::puzzles {
namespace {

// The side `text` writes when it is a decimal integer within [1, limit]: a longer or larger one
// (which may not fit any integer type) is nothing, as is anything else.
std::optional<int> side_within(std::string_view text, int limit) {
  const std::optional<long long> side = io::parse_int(text);
  if (!side || *side < 1 || *side > limit) return std::nullopt;
  return static_cast<int>(*side);
}

}  // namespace

std::optional<GridSize> read_grid_size(std::string_view text, const GridBounds& bounds,
                                       std::string& error) {
  const std::size_t x = text.find_first_of("xX");
  if (x != std::string_view::npos) {
    // A side above max_cells cannot be admitted: each side is at least 1.
    const std::optional<int> rows = side_within(text.substr(0, x), bounds.max_cells);
    const std::optional<int> cols = side_within(text.substr(x + 1), bounds.max_cells);
    if (rows && cols && bounds.admit(*rows, *cols)) return GridSize{*rows, *cols};
  }
  const std::string sides =
      bounds.min_side > 1 ? fmt::format(", at least {} a side", bounds.min_side) : "";
  error = fmt::format("expected RxC (R rows, C columns) with {} to {} cells{}, found {}",
                      bounds.min_cells, bounds.max_cells, sides, io::quote(text));
  return std::nullopt;
}

}  // namespace plumb::puzzles
