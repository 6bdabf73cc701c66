// solve_sliding_pdb: IDA* over the sum of a partition's pattern databases and of their mirror
// images, on one or more threads. See plumb/puzzles/sliding_pdb.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <limits>
#include <mutex>
#include <stdexcept>

#include "plumb/encode/permutation_rank.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "sliding_grid.hpp"

namespace plumb::puzzles {
namespace {

using sliding_detail::Grid;
using sliding_detail::kNoCell;

constexpr unsigned kMaxPatterns = 8;
constexpr std::uint8_t kNoPattern = 255;
// Each IDA* iteration with several threads first lists the nodes this deep (within the bound) and
// then shares them out; a few hundred subtrees balance two threads well.
constexpr int kSplitDepth = 8;
// A thread checks the limits, the other threads' solutions and the time for progress once per this
// many expansions, counted across its work items.
constexpr unsigned kCheckInterval = 4096;

// What the solver looks up: the board, the patterns (tile lists, indices, databases), each tile's
// pattern, place in it and mirror image.
struct HeuristicTables {
  explicit HeuristicTables(const SlidingPdbSet& pdbs)
      : grid(pdbs.partition.width, pdbs.partition.height),
        mirrored(grid.square()),
        patterns(pdbs.partition.patterns) {
    if (patterns.size() > kMaxPatterns || pdbs.databases.size() != patterns.size() ||
        grid.cells() > pdb::kMaxCells) {
      throw std::invalid_argument("sliding pdb: bad partition");
    }
    std::array<bool, pdb::kMaxCells> covered{};
    pattern_of.fill(kNoPattern);
    for (std::size_t p = 0; p < patterns.size(); ++p) {
      for (std::size_t i = 0; i < patterns[p].size(); ++i) {
        const unsigned tile = patterns[p][i];
        if (tile == 0 || tile >= grid.cells() || covered[tile]) {
          throw std::invalid_argument("sliding pdb: the patterns must split the tiles");
        }
        covered[tile] = true;
        pattern_of[tile] = static_cast<std::uint8_t>(p);
        piece_index[tile] = static_cast<std::uint8_t>(i);
      }
      indices.emplace_back(grid.cells(), static_cast<unsigned>(patterns[p].size()));
      if (pdbs.databases[p].entries.size() != indices.back().size()) {
        throw std::invalid_argument("sliding pdb: a database of the wrong size");
      }
      databases.push_back(&pdbs.databases[p].entries);
    }
    if (static_cast<unsigned>(std::count(covered.begin(), covered.end(), true)) + 1 !=
        grid.cells()) {
      throw std::invalid_argument("sliding pdb: the patterns must cover every tile");
    }
    for (unsigned tile = 0; tile < grid.cells(); ++tile)
      mirror_of[tile] = static_cast<std::uint8_t>(mirrored ? grid.mirror(tile) : tile);
  }

  Grid grid;
  bool mirrored;  // also bound the state mirrored about the main diagonal (square boards)
  const std::vector<std::vector<std::uint8_t>>& patterns;
  std::array<std::uint8_t, pdb::kMaxCells> pattern_of{};   // kNoPattern for the blank
  std::array<std::uint8_t, pdb::kMaxCells> piece_index{};  // a tile's place in its pattern
  std::array<std::uint8_t, pdb::kMaxCells> mirror_of{};  // the tile whose home mirrors this tile's
  std::vector<pdb::PlacementIndex> indices;
  std::vector<const pdb::NibbleArray*> databases;
};

// What the threads of one search share: the context, a node count, the stop flag, the current bound
// and the first work item (in depth-first order) known to hold a solution.
struct SharedSearch {
  explicit SharedSearch(const search::SearchContext& context)
      : context(context), start(std::chrono::steady_clock::now()) {}

  double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  void stop(search::StopReason why) {
    if (!stopped.exchange(true)) reason = why;
  }

  const search::SearchContext& context;
  std::chrono::steady_clock::time_point start;
  int bound = 0;
  std::atomic<std::uint64_t> expanded{0};
  std::atomic<bool> stopped{false};
  search::StopReason reason = search::StopReason::exhausted;
  std::atomic<std::size_t> solved_item{std::numeric_limits<std::size_t>::max()};
};

// One thread's IDA* state: the board (tiles named by their home cells, blank-first), and for each
// pattern the rank and value of its tiles' placement, in the board and in its mirror image. The
// heuristic is the larger of the two sums; a move changes one tile, hence one term of each sum. The
// move back to the parent is never generated, and the children's entries are prefetched together.
class Searcher {
 public:
  Searcher(const HeuristicTables& tables, std::span<const std::uint8_t> board, SharedSearch& shared)
      : t_(tables), shared_(shared) {
    Cells where{}, mirror_where{};  // each tile's cell, on the board and on its mirror image
    for (unsigned cell = 0; cell < t_.grid.cells(); ++cell) {
      const unsigned tile = board[cell], image = t_.mirror_of[tile];
      board_[cell] = static_cast<std::uint8_t>(tile);
      mirror_board_[mirror_cell(cell)] = static_cast<std::uint8_t>(image);
      where[tile] = static_cast<std::uint8_t>(cell);
      mirror_where[image] = static_cast<std::uint8_t>(mirror_cell(cell));
    }
    blank_ = where[0];
    for (unsigned p = 0; p < t_.databases.size(); ++p) {
      normal_[p] = evaluate(p, where);
      mirror_[p] = evaluate(p, mirror_where);
      normal_sum_ += normal_[p].value;
      mirror_sum_ += mirror_[p].value;
    }
    if (!t_.mirrored) mirror_sum_ = normal_sum_;
  }

  int heuristic() const { return std::max(normal_sum_, mirror_sum_); }

  // Makes the moves of `directions` from this node (the start of the path); returns the last one.
  int replay(std::span<const std::uint8_t> directions) {
    int last = -1;
    for (std::size_t i = 0; i < directions.size(); ++i) {
      apply(prepare(directions[i]));
      path_[i] = directions[i];
      last = directions[i];
    }
    return last;
  }

  // Searches below this node, at depth g, for a goal within `bound`; when it finds one, the moves
  // from the root are path()[0 .. solution_length). False if none, or if the search must stop.
  bool search(int g, int bound, int last_direction) {
    if (collect_ != nullptr && g == collect_depth_) {
      collect_->emplace_back(path_.begin(), path_.begin() + g);
      return false;
    }
    ++stats.expanded;
    if (++unchecked_ == kCheckInterval && !keep_going()) return false;
    std::array<Child, 4> children;
    unsigned count = 0;
    for (unsigned direction = 0; direction < 4; ++direction) {
      if (static_cast<int>(direction ^ 1) == last_direction ||
          t_.grid.step(blank_, direction) == kNoCell) {
        continue;
      }
      children[count++] = prepare(direction);
    }
    for (unsigned i = 0; i < count; ++i) {
      const Child& child = children[i];
      const Saved saved = apply(child);
      ++stats.generated;
      const int h = heuristic(), f = g + 1 + h;
      if (f > bound) {
        next_bound = std::min(next_bound, f);
      } else {
        path_[g] = static_cast<std::uint8_t>(child.direction);
        if (h == 0) {
          solution_length = g + 1;
          return true;
        }
        if (search(g + 1, bound, static_cast<int>(child.direction))) return true;
      }
      undo(child, saved);
      if (aborted_ || shared_.stopped.load(std::memory_order_relaxed)) return false;
    }
    return false;
  }

  // From now on search() lists the move sequences of the nodes `depth` deep within the bound in
  // `items`, instead of searching below them.
  void collect_at(int depth, std::vector<std::vector<std::uint8_t>>* items) {
    collect_depth_ = depth;
    collect_ = items;
  }
  // Makes search() give up as soon as an earlier item than `item` has a solution, and go on from
  // `unchecked` expansions since the thread's last check (what unchecked() said after its last
  // item).
  void work_on(std::size_t item, unsigned unchecked) {
    item_ = item;
    unchecked_ = unchecked;
  }
  unsigned unchecked() const { return unchecked_; }

  std::span<const std::uint8_t> solution() const {
    return {path_.data(), static_cast<std::size_t>(solution_length)};
  }

  search::SearchStats stats;
  int next_bound = kInfiniteCost;
  int solution_length = -1;

 private:
  struct Value {
    std::uint64_t rank = 0;
    int manhattan = 0, value = 0;
  };
  struct Child {
    unsigned direction, from, to;
    std::uint64_t normal_rank, mirror_rank;
  };
  struct Saved {
    Value normal, mirror;
    int normal_sum, mirror_sum;
  };
  using Cells = std::array<std::uint8_t, pdb::kMaxCells>;

  int distance(unsigned tile, unsigned cell) const {
    return static_cast<int>(t_.grid.distance(tile, cell));
  }
  unsigned mirror_cell(unsigned cell) const { return t_.mirrored ? t_.grid.mirror(cell) : cell; }

  std::uint64_t rank_of(unsigned p, const Cells& where) const {
    const std::vector<std::uint8_t>& tiles = t_.patterns[p];
    return t_.indices[p].rank_by(
        [&](unsigned i) { return static_cast<unsigned>(where[tiles[i]]); });
  }

  int value_of(unsigned p, const Value& v) const {
    return v.manhattan + 2 * t_.databases[p]->get(v.rank);
  }

  Value evaluate(unsigned p, const Cells& where) const {
    Value v;
    v.rank = rank_of(p, where);
    for (std::uint8_t tile : t_.patterns[p]) v.manhattan += distance(tile, where[tile]);
    v.value = value_of(p, v);
    return v;
  }

  // Pattern p's pieces by cell on `board`, as PlacementIndex::rank_after_move reads them.
  struct PiecesOf {
    const HeuristicTables& t;
    const Cells& board;
    unsigned p;
    unsigned operator[](unsigned cell) const {
      const unsigned tile = board[cell];
      return t.pattern_of[tile] == p ? t.piece_index[tile] : pdb::kMaxCells;
    }
  };

  // The ranks after moving the blank by `direction` (the tile there slides the other way), their
  // entries prefetched.
  Child prepare(unsigned direction) {
    const unsigned from = blank_, to = t_.grid.step(from, direction), tile = board_[to];
    Child child{direction, from, to, 0, 0};
    const unsigned p = t_.pattern_of[tile];
    child.normal_rank = t_.indices[p].rank_after_move(normal_[p].rank, t_.piece_index[tile], to,
                                                      from, PiecesOf{t_, board_, p});
    t_.databases[p]->prefetch(child.normal_rank);
    if (t_.mirrored) {
      const unsigned image = t_.mirror_of[tile], q = t_.pattern_of[image];
      child.mirror_rank =
          t_.indices[q].rank_after_move(mirror_[q].rank, t_.piece_index[image], t_.grid.mirror(to),
                                        t_.grid.mirror(from), PiecesOf{t_, mirror_board_, q});
      t_.databases[q]->prefetch(child.mirror_rank);
    }
    return child;
  }

  Saved apply(const Child& child) {
    const unsigned from = child.from, to = child.to, tile = board_[to];
    const unsigned p = t_.pattern_of[tile], image = t_.mirror_of[tile], q = t_.pattern_of[image];
    const Saved saved{normal_[p], mirror_[q], normal_sum_, mirror_sum_};
    board_[from] = static_cast<std::uint8_t>(tile);
    board_[to] = 0;
    blank_ = to;
    update(p, normal_[p], normal_sum_, child.normal_rank, tile, from, to);
    if (!t_.mirrored) {
      mirror_sum_ = normal_sum_;
      return saved;
    }
    const unsigned mirror_from = t_.grid.mirror(from), mirror_to = t_.grid.mirror(to);
    mirror_board_[mirror_from] = static_cast<std::uint8_t>(image);
    mirror_board_[mirror_to] = 0;
    update(q, mirror_[q], mirror_sum_, child.mirror_rank, image, mirror_from, mirror_to);
    return saved;
  }

  // One term of a sum after `tile` of pattern p slid from `to` to `from`: its new rank and value.
  void update(unsigned p, Value& term, int& sum, std::uint64_t rank, unsigned tile, unsigned from,
              unsigned to) {
    term.rank = rank;
    term.manhattan += distance(tile, from) - distance(tile, to);
    const int value = value_of(p, term);
    sum += value - term.value;
    term.value = value;
  }

  void undo(const Child& child, const Saved& saved) {
    const unsigned from = child.from, to = child.to, tile = board_[from];
    board_[to] = static_cast<std::uint8_t>(tile);
    board_[from] = 0;
    blank_ = from;
    normal_[t_.pattern_of[tile]] = saved.normal;
    normal_sum_ = saved.normal_sum;
    mirror_sum_ = saved.mirror_sum;
    if (t_.mirrored) {
      const unsigned image = t_.mirror_of[tile];
      mirror_board_[t_.grid.mirror(to)] = static_cast<std::uint8_t>(image);
      mirror_board_[t_.grid.mirror(from)] = 0;
      mirror_[t_.pattern_of[image]] = saved.mirror;
    }
  }

  // Every kCheckInterval expansions: stop for an earlier solution or a limit, and report progress.
  bool keep_going() {
    unchecked_ = 0;
    if (shared_.solved_item.load(std::memory_order_relaxed) < item_) {
      aborted_ = true;
      return false;
    }
    const std::uint64_t total =
        shared_.expanded.fetch_add(kCheckInterval, std::memory_order_relaxed) + kCheckInterval;
    const search::SearchContext& context = shared_.context;
    if (context.limits.max_nodes != 0 && total >= context.limits.max_nodes)
      shared_.stop(search::StopReason::node_limit);
    const double seconds = shared_.seconds();
    if (context.limits.max_seconds > 0 && seconds >= context.limits.max_seconds)
      shared_.stop(search::StopReason::time_limit);
    if (context.cancelled()) shared_.stop(search::StopReason::cancelled);
    if (context.reports_progress()) {
      search::SearchStats now;
      now.expanded = total;
      now.depth = shared_.bound;
      now.seconds = seconds;
      context.report_progress(now);
    }
    return !shared_.stopped.load(std::memory_order_relaxed);
  }

  const HeuristicTables& t_;
  SharedSearch& shared_;
  Cells board_{}, mirror_board_{};  // the tiles on each cell, of the board and its mirror image
  unsigned blank_ = 0;
  std::array<Value, kMaxPatterns> normal_{}, mirror_{};
  int normal_sum_ = 0, mirror_sum_ = 0;
  std::array<std::uint8_t, 512> path_{};
  std::vector<std::vector<std::uint8_t>>* collect_ = nullptr;
  int collect_depth_ = 0;
  std::size_t item_ = 0;
  unsigned unchecked_ = 0;  // expansions since the last keep_going()
  bool aborted_ = false;
};

// The best solution of one iteration: from the earliest work item (depth-first order) that has one.
struct IterationResult {
  bool found = false;
  std::vector<std::uint8_t> moves;
  int next_bound = kInfiniteCost;
  search::SearchStats stats;

  void absorb(Searcher& searcher) {
    stats += searcher.stats;
    searcher.stats = {};
    next_bound = std::min(next_bound, searcher.next_bound);
  }
};

// One IDA* iteration with `threads` threads: the nodes kSplitDepth deep are searched in parallel.
IterationResult iterate(const Searcher& root, int bound, SharedSearch& shared, unsigned threads) {
  IterationResult result;
  Searcher splitter = root;
  std::vector<std::vector<std::uint8_t>> items;
  if (threads > 1) splitter.collect_at(kSplitDepth, &items);
  if (splitter.search(0, bound, -1)) {
    const auto moves = splitter.solution();
    result.moves.assign(moves.begin(), moves.end());
    result.found = true;
  }
  result.absorb(splitter);
  if (result.found || items.empty()) return result;

  std::atomic<std::size_t> next_item{0};
  std::mutex merge;
  const auto work = [&](unsigned) {
    unsigned unchecked = 0;
    for (;;) {
      const std::size_t item = next_item.fetch_add(1);
      if (item >= items.size() || item > shared.solved_item.load() || shared.stopped.load()) break;
      Searcher searcher = root;
      searcher.work_on(item, unchecked);
      const int last = searcher.replay(items[item]);
      const bool found = searcher.search(static_cast<int>(items[item].size()), bound, last);
      unchecked = searcher.unchecked();
      const std::lock_guard lock(merge);
      if (found && item < shared.solved_item.load()) {
        shared.solved_item = item;
        const auto moves = searcher.solution();
        result.moves.assign(moves.begin(), moves.end());
        result.found = true;
      }
      result.absorb(searcher);
    }
  };
  search::run_workers(threads, work);
  return result;
}

}  // namespace

SlidingPdbSolution solve_sliding_pdb(const SlidingPdbSet& pdbs, std::span<const std::uint8_t> cells,
                                     std::span<const std::uint8_t> goal,
                                     const search::SearchContext& context, unsigned threads) {
  const HeuristicTables tables(pdbs);
  const unsigned width = pdbs.partition.width, height = pdbs.partition.height, n = width * height;
  const auto is_board = [n](std::span<const std::uint8_t> board) {
    std::array<bool, pdb::kMaxCells> seen{};
    for (std::uint8_t tile : board) {
      if (tile >= n || seen[tile]) return false;
      seen[tile] = true;
    }
    return board.size() == n;
  };
  if (!is_board(cells) || !is_board(goal)) {
    throw std::invalid_argument(
        fmt::format("sliding pdb: the boards must hold 0..{} once each", n - 1));
  }
  // Flip the board so that the goal's blank is in cell 0, and name each tile by its home cell.
  const unsigned goal_blank =
      static_cast<unsigned>(std::find(goal.begin(), goal.end(), 0) - goal.begin());
  const unsigned blank_row = goal_blank / width, blank_col = goal_blank % width;
  if ((blank_row != 0 && blank_row != height - 1) || (blank_col != 0 && blank_col != width - 1)) {
    throw std::invalid_argument("sliding pdb: the goal's blank must be in a corner");
  }
  const bool flip_rows = blank_row != 0, flip_cols = blank_col != 0;
  const auto flip = [&](unsigned cell) {
    const unsigned row = cell / width, col = cell % width;
    return (flip_rows ? height - 1 - row : row) * width + (flip_cols ? width - 1 - col : col);
  };
  std::array<std::uint8_t, pdb::kMaxCells> home{}, board{};
  for (unsigned cell = 0; cell < n; ++cell)
    home[goal[cell]] = static_cast<std::uint8_t>(flip(cell));
  for (unsigned cell = 0; cell < n; ++cell) board[flip(cell)] = home[cells[cell]];

  SlidingPdbSolution solution;
  const auto board_span = std::span<const std::uint8_t>(board.data(), n);
  const unsigned blank =
      static_cast<unsigned>(std::find(board.begin(), board.begin() + n, 0) - board.begin());
  if (encode::permutation_parity(board_span) !=
      static_cast<int>(tables.grid.distance(blank, 0) % 2)) {
    solution.stats.reason = search::StopReason::exhausted;  // the other parity class: unsolvable
    return solution;
  }
  SharedSearch shared(context);
  const Searcher root(tables, board_span, shared);
  search::SearchStats& stats = solution.stats;
  std::vector<std::uint8_t> moves;
  solution.root_bound = root.heuristic();
  bool found = root.heuristic() == 0;
  for (int bound = root.heuristic(); !found;) {
    stats.depth = bound;
    if (bound > context.limits.max_depth) break;
    shared.bound = bound;
    IterationResult iteration = iterate(root, bound, shared, std::max(1u, threads));
    stats += iteration.stats;
    ++stats.iterations;
    if (iteration.found) {
      found = true;
      moves = std::move(iteration.moves);
    } else if (shared.stopped) {
      break;
    } else if (context.limits.max_nodes != 0 && stats.expanded >= context.limits.max_nodes) {
      shared.stop(search::StopReason::node_limit);
      break;
    }
    shared.solved_item = std::numeric_limits<std::size_t>::max();
    bound = iteration.next_bound;
    if (bound >= kInfiniteCost) break;
  }
  stats.seconds = shared.seconds();
  stats.peak_stored = moves.size();
  if (found) {
    stats.reason = search::StopReason::solved;
    std::string letters;
    for (std::uint8_t direction : moves) {
      const bool vertical = direction < 2;
      if ((vertical && flip_rows) || (!vertical && flip_cols)) direction ^= 1;
      letters += "udlr"[direction];
    }
    solution.moves = std::move(letters);
  } else {
    stats.reason = shared.stopped ? shared.reason : search::StopReason::depth_limit;
  }
  return solution;
}

}  // namespace plumb::puzzles
