// plumb/puzzles/cubic_table.hpp: ViewTable, the least number of moves from each start to each top
// view, so that answering a Cubic Eight-Puzzle dataset is one lookup.
//
// For each start (an empty cell, every die in the initial orientation) one breadth-first search
// (search::distance_table) gives the distance of every state, ranked densely: cells * 6^(cells-1)
// of them, 15,116,544 on the 3x3 board. Each state's distance then lowers the entry of its top
// view: cells * 3^(cells-1) views a start (59,049 on 3x3), one byte each, kUnreachable where no
// state shows it. Starts that a symmetry of the board maps onto each other share one search: mirror
// images keep every die's axes, and on square boards a quarter turn or a diagonal flip swaps the
// north-south and east-west axes, which, with red and blue renamed, maps the initial orientation to
// itself (so 3 searches for the 9 starts of 3x3). The tables of all starts are built once, written
// to the cache directory (io/table_cache.hpp: versioned header and checksum, the build notice, kept
// in memory only when the cache cannot take it) and loaded from there afterwards: 531,441 bytes for
// 3x3. Build: O(cells^2 * 6^(cells-1)) time, cells * 6^(cells-1) bytes of memory at a time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <vector>

#include "plumb/io/table_cache.hpp"
#include "plumb/puzzles/cubic.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzles::cubic {

class ViewTable {
 public:
  static constexpr std::uint8_t kUnreachable = 255;
  // Boards up to this many states (those of at most 9 cells) get tables.
  static constexpr std::uint64_t kMaxStates = std::uint64_t{1} << 25;

  static bool fits(const Board& board) { return CubicDomain(board).num_states() <= kMaxStates; }

  // The number of top views with the empty cell anywhere: cells * 3^(cells-1).
  static std::uint64_t views_per_start(const Board& board) {
    return board.cells() * CubicDomain::power(3, board.cells() - 1);
  }
  // The dense index of a top view: empty * 3^dice + the dice's colours as base-3 digits, in cell
  // order.
  static std::uint64_t view_index(const Board& board, const TopView& view);
  // The top view of that dense index (the inverse of view_index).
  static TopView view_at(const Board& board, std::uint64_t index);

  // The states that building a table expands, at most: one search per start up to symmetry, each
  // reaching at most half of the states (a roll is an odd permutation of a die's three axes and
  // moves the empty cell to the other chessboard colour, so the sum of those parities is
  // invariant).
  static std::uint64_t build_work(const Board& board);

  // The least moves from `start` to every top view (indexed by view_index). `stats` receives the
  // search's; its reason is a limit when one stopped it (the result is then empty).
  static std::vector<std::uint8_t> least_moves_from(const Board& board, const State& start,
                                                    const search::SearchContext& context,
                                                    search::SearchStats& stats);
  // The same from the contest's start with the empty cell at `start_empty`.
  static std::vector<std::uint8_t> least_moves_from(const Board& board, int start_empty,
                                                    const search::SearchContext& context,
                                                    search::SearchStats& stats) {
    return least_moves_from(board, CubicDomain(board).start(start_empty), context, stats);
  }

  // Builds the table of every start; nothing if a limit or a cancellation stopped it (stats says
  // which). Its searches share the context's node and time limits (the whole build honours them).
  static std::optional<ViewTable> build(const Board& board, const search::SearchContext& context,
                                        search::SearchStats& stats);
  // The table from the cache file, or nothing if it is absent, stale or corrupt.
  static std::optional<ViewTable> load(const Board& board);
  // Writes the table to the cache file; false (after the cache's one warning) if the cache cannot
  // take it, the table then living in memory only.
  bool save() const;
  // Loads it, or announces the build (io/table_cache.hpp), builds and saves it (`built` says which
  // happened); nothing if a limit stopped the build.
  static std::optional<ViewTable> load_or_build(const Board& board,
                                                const search::SearchContext& context,
                                                search::SearchStats& stats, bool* built = nullptr);
  // The table's file in the cache.
  static io::CachedTable cached_table(const Board& board);
  static std::filesystem::path cache_path(const Board& board) { return cached_table(board).path(); }

  // The table of these entries (start-major: views_per_start entries a start, as build makes).
  ViewTable(Board board, std::vector<std::uint8_t> entries)
      : board_(board), entries_(std::move(entries)) {}

  const Board& board() const { return board_; }
  // The least moves from start `start_empty` to the view, or kUnreachable.
  std::uint8_t least_moves(int start_empty, const TopView& goal) const {
    return entries_[start_empty * views_per_start(board_) + view_index(board_, goal)];
  }
  std::span<const std::uint8_t> views_from(int start_empty) const {
    const std::uint64_t n = views_per_start(board_);
    return std::span<const std::uint8_t>(entries_).subspan(start_empty * n, n);
  }
  std::size_t size_bytes() const { return entries_.size(); }
  std::vector<std::uint8_t> entries() && { return std::move(entries_); }

 private:
  Board board_;
  std::vector<std::uint8_t> entries_;  // start-major: views_per_start entries per start
};

}  // namespace plumb::puzzles::cubic
