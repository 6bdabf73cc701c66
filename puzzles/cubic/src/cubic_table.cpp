// ViewTable: the least moves from each start to each top view (see cubic_table.hpp). A build's
// searches share the context's node and time limits, so the whole build honours them.
#include "plumb/puzzles/cubic_table.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <string>
#include <utility>

#include "cubic_table_sets.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/search/distance_table.hpp"

namespace plumb::puzzles::cubic {
namespace {

constexpr std::uint32_t kTableVersion = 1;
constexpr int kChunkDigits = 4;
constexpr std::uint64_t kChunk = 6 * 6 * 6 * 6;  // orientations of kChunkDigits dice
constexpr std::uint64_t kViewChunk = 3 * 3 * 3 * 3;

// kChunkViews[x]: the base-3 top colours of the base-6 orientations x of kChunkDigits dice.
constexpr auto kChunkViews = [] {
  std::array<std::uint8_t, kChunk> views{};
  for (std::uint64_t x = 0; x < kChunk; ++x) {
    std::uint64_t orientations = x, view = 0, weight = 1;
    for (int i = 0; i < kChunkDigits; ++i, orientations /= 6, weight *= 3)
      view += top_colour(orientations % 6) * weight;
    views[x] = static_cast<std::uint8_t>(view);
  }
  return views;
}();

// A symmetry of the board: where each cell goes, and whether the north-south and east-west axes
// swap (then red and blue are renamed too, so that the initial orientation stays the initial one).
struct Symmetry {
  std::array<int, kMaxCells> image{};
  bool swaps_axes = false;
};

std::vector<Symmetry> symmetries(const Board& board) {
  const int rows = board.rows, cols = board.cols;
  // (row, col) -> (row', col') for each symmetry; the last four exist on square boards only.
  const std::array<std::pair<int, int> (*)(int, int, int, int), 8> maps = {
      [](int r, int c, int, int) {
        return std::pair{r, c};
      },
      [](int r, int c, int, int w) {
        return std::pair{r, w - 1 - c};
      },
      [](int r, int c, int h, int) {
        return std::pair{h - 1 - r, c};
      },
      [](int r, int c, int h, int w) {
        return std::pair{h - 1 - r, w - 1 - c};
      },
      [](int r, int c, int, int) {
        return std::pair{c, r};
      },
      [](int r, int c, int h, int) {
        return std::pair{c, h - 1 - r};
      },
      [](int r, int c, int, int w) {
        return std::pair{w - 1 - c, r};
      },
      [](int r, int c, int h, int w) {
        return std::pair{w - 1 - c, h - 1 - r};
      },
  };
  std::vector<Symmetry> result;
  for (std::size_t i = 0; i < (rows == cols ? 8U : 4U); ++i) {
    Symmetry symmetry;
    symmetry.swaps_axes = i >= 4;
    for (int cell = 0; cell < board.cells(); ++cell) {
      const auto [r, c] = maps[i](board.row_of(cell), board.col_of(cell), rows, cols);
      symmetry.image[cell] = r * cols + c;
    }
    result.push_back(symmetry);
  }
  return result;
}

TopView map_view(const Board& board, const Symmetry& symmetry, const TopView& view) {
  TopView image{0, symmetry.image[view.empty]};
  for (int cell = 0; cell < board.cells(); ++cell) {
    unsigned colour = field(view.fields, cell);
    if (symmetry.swaps_axes && (colour == kRed || colour == kBlue)) colour = kRed + kBlue - colour;
    image.fields = with_field(image.fields, symmetry.image[cell], colour);
  }
  return image;
}

}  // namespace

io::CachedTable ViewTable::cached_table(const Board& board) {
  const std::string size = std::to_string(board.rows) + "x" + std::to_string(board.cols);
  const std::uint64_t entries = board.cells() * views_per_start(board);
  return {"cubic-views-" + size + ".tbl",
          {"cubic-top-views", kTableVersion, size},
          entries,
          entries,
          "the cubic top-view table of " + size + " boards"};
}

std::uint64_t ViewTable::view_index(const Board& board, const TopView& view) {
  std::uint64_t digits = 0;
  for (int cell = board.cells() - 1; cell >= 0; --cell) {
    if (cell != view.empty) digits = digits * 3 + field(view.fields, cell);
  }
  return view.empty * CubicDomain::power(3, board.cells() - 1) + digits;
}

TopView ViewTable::view_at(const Board& board, std::uint64_t index) {
  const std::uint64_t per_empty = CubicDomain::power(3, board.cells() - 1);
  TopView view{0, static_cast<int>(index / per_empty)};
  index %= per_empty;
  for (int cell = 0; cell < board.cells(); ++cell) {
    if (cell == view.empty) {
      view.fields = with_field(view.fields, cell, kEmptyView);
    } else {
      view.fields = with_field(view.fields, cell, static_cast<unsigned>(index % 3));
      index /= 3;
    }
  }
  return view;
}

std::vector<std::uint8_t> ViewTable::least_moves_from(const Board& board, const State& start,
                                                      const search::SearchContext& context,
                                                      search::SearchStats& stats) {
  const CubicDomain domain(board);
  search::DistanceTable distances =
      search::distance_table(domain, std::span<const State>(&start, 1), context);
  stats = distances.stats;
  if (stats.reason != search::StopReason::exhausted) return {};
  // A rank is empty * 6^dice + orientation digits; its view index is empty * 3^dice + colour
  // digits, converted kChunkDigits digits at a time.
  const std::uint64_t states_per_empty = CubicDomain::power(6, board.cells() - 1);
  const std::uint64_t views_per_empty = CubicDomain::power(3, board.cells() - 1);
  std::vector<std::uint8_t> least(views_per_start(board), kUnreachable);
  for (std::uint64_t rank = 0; rank < distances.distances.size(); ++rank) {
    const std::uint8_t depth = distances.distances[rank];
    if (depth == search::DistanceTable::kUnreached) continue;
    std::uint64_t orientations = rank % states_per_empty, view = 0, weight = 1;
    for (; orientations != 0; orientations /= kChunk, weight *= kViewChunk)
      view += kChunkViews[orientations % kChunk] * weight;
    std::uint8_t& entry = least[rank / states_per_empty * views_per_empty + view];
    entry = std::min(entry, depth);
  }
  return least;
}

std::uint64_t ViewTable::build_work(const Board& board) {
  std::vector<bool> covered(board.cells());
  std::uint64_t searches = 0;
  for (int start = 0; start < board.cells(); ++start) {
    if (covered[start]) continue;
    ++searches;
    for (const Symmetry& symmetry : symmetries(board)) covered[symmetry.image[start]] = true;
  }
  return searches * (CubicDomain(board).num_states() / 2);
}

std::optional<ViewTable> ViewTable::build(const Board& board, const search::SearchContext& context,
                                          search::SearchStats& stats) {
  const std::uint64_t views = views_per_start(board);
  std::vector<std::uint8_t> entries(board.cells() * views);
  std::vector<bool> done(board.cells());
  stats = {};
  // The build's searches share the context's node and time limits: each gets what the ones before
  // it left (a copy of the context, so the cancellation is shared).
  search::SearchContext remaining = context;
  // The build's time is the wall clock's since it started, not the sum of its searches' (which
  // leaves out the work between them).
  const auto started = std::chrono::steady_clock::now();
  const auto seconds_so_far = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  for (int start = 0; start < board.cells(); ++start) {
    if (done[start]) continue;
    search::SearchStats start_stats;
    const std::vector<std::uint8_t> least = least_moves_from(board, start, remaining, start_stats);
    stats += start_stats;
    stats.seconds = seconds_so_far();
    stats.reason = start_stats.reason;
    const search::SearchLimits& limits = context.limits;
    if (limits.max_nodes != 0) {  // at least 1 left: 0 would mean no limit
      remaining.limits.max_nodes =
          limits.max_nodes > stats.expanded ? limits.max_nodes - stats.expanded : 1;
    }
    if (limits.max_seconds > 0)
      remaining.limits.max_seconds = std::max(1e-9, limits.max_seconds - stats.seconds);
    if (least.empty()) return std::nullopt;
    for (const Symmetry& symmetry : symmetries(board)) {
      const int image = symmetry.image[start];
      if (done[image]) continue;
      done[image] = true;
      for (std::uint64_t index = 0; index < views; ++index) {
        const TopView mapped = map_view(board, symmetry, ViewTable::view_at(board, index));
        entries[image * views + view_index(board, mapped)] = least[index];
      }
    }
  }
  stats.seconds = seconds_so_far();
  return ViewTable(board, std::move(entries));
}

std::optional<ViewTable> ViewTable::load(const Board& board) {
  auto payload = io::load_cached(cached_table(board));
  if (!payload) return std::nullopt;
  std::vector<std::uint8_t> entries(payload->size());
  std::memcpy(entries.data(), payload->data(), entries.size());
  return ViewTable(board, std::move(entries));
}

bool ViewTable::save() const {
  return io::keep_in_cache(cached_table(board_), std::as_bytes(std::span(entries_)));
}

std::optional<ViewTable> ViewTable::load_or_build(const Board& board,
                                                  const search::SearchContext& context,
                                                  search::SearchStats& stats, bool* built) {
  if (built != nullptr) *built = false;
  if (auto table = load(board)) return table;
  std::optional<std::vector<std::uint8_t>> entries = puzzle_interface::load_or_build_byte_table(
      view_byte_table(board), context, /*threads=*/1, stats);
  if (!entries) return std::nullopt;
  if (built != nullptr) *built = true;
  return ViewTable(board, std::move(*entries));
}

}  // namespace plumb::puzzles::cubic
