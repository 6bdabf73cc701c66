// The Cubic Eight-Puzzle's declared top-view tables (see cubic_table_sets.hpp).
#include "cubic_table_sets.hpp"

#include <fmt/format.h>

#include <array>
#include <utility>
#include <vector>

#include "plumb/puzzles/cubic_table.hpp"

namespace plumb::puzzles::cubic {
namespace {

constexpr std::array<Board, 3> kDeclaredBoards{{{3, 3}, {2, 4}, {4, 2}}};

std::string size_of(const Board& board) {
  return fmt::format("{}x{}", board.rows, board.cols);
}

}  // namespace

puzzle_interface::ByteTable view_byte_table(const Board& board) {
  return {.info = {.name = "views-" + size_of(board),
                   .title = fmt::format("the cubic top-view table ({})", size_of(board)),
                   .serves = size_of(board),
                   .part_work = {static_cast<double>(ViewTable::build_work(board))}},
          .file = ViewTable::cached_table(board),
          .build = [board](const search::SearchContext& context, unsigned /*threads: one*/,
                           search::SearchStats& stats) -> std::optional<std::vector<std::uint8_t>> {
            std::optional<ViewTable> built = ViewTable::build(board, context, stats);
            if (!built) return std::nullopt;
            return std::move(*built).entries();
          },
          .lend = [board](std::vector<std::uint8_t> entries) -> std::shared_ptr<const void> {
            return std::make_shared<const ViewTable>(board, std::move(entries));
          }};
}

std::string declared_view_set(const Board& board) {
  for (const Board& declared : kDeclaredBoards) {
    if (declared.rows == board.rows && declared.cols == board.cols)
      return "views-" + size_of(board);
  }
  return {};
}

std::shared_ptr<const puzzle_interface::TableSets> cubic_table_sets() {
  static const auto declared = [] {
    std::vector<puzzle_interface::ByteTable> tables;
    for (const Board& board : kDeclaredBoards) tables.push_back(view_byte_table(board));
    return puzzle_interface::byte_table_sets(std::move(tables));
  }();
  return declared;
}

}  // namespace plumb::puzzles::cubic
