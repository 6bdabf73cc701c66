// The `block` puzzle in the one puzzle interface (puzzle_interface/puzzle.hpp): BlockTheBlockPuzzle
// (TopCoder SRM 625) on boards of any size, answered by a minimum cut; explored from a board's
// starts.
//
// JSON vocabulary: cells are [row, col], counted from 0 as in TopCoder; a move is a cell to dig
// (row-major order); a state is the board's rows as strings of '.', 'H', 'b', '$', with the cells
// dug so far as 'x'. A solution's statistics count the flow network's nodes as "expanded" and its
// edges as "generated" (as --stats shows them), and its reason is exhausted when no digging keeps
// the block off the goal. An exploration's record adds "goal_reached"; its deepest states are
// cells. A dataset's board is shared, not copied, by the solutions and explorations made from it;
// a solution's states are whole boards, one more than the cells dug (at most 9 when any digging
// works, as the cut is at most 8), each as large as the board.
#include <fmt/format.h>

#include <array>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>

#include "plumb/io/counted.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/random_draws.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/block.hpp"

namespace plumb::puzzle_interface {
namespace {

using puzzles::BlockBoard;
using puzzles::BlockCell;

constexpr std::string_view kDescription =
    R"(block: BlockTheBlockPuzzle (TopCoder SRM 625, Division 1 Level 2)

Rules. A board of '.' plain cells, 'H' holes, 'b' start cells and one '$' goal. A 1x1x2 block
stands on a start cell; it rolls over and stands up again exactly 3 cells away in a straight line,
lying on the 2 cells in between. It falls standing on a hole or off the board, and lying only when
both cells under it are holes. Dig holes in plain cells (never in 'b' or '$') so that the block can
reach the goal standing from no start. The answer is the fewest holes to dig, or -1 if no digging
does it.

Input: an optional count of boards, then each board as its size line (`n` for n x n, or `R C` for
R rows of C cells) followed by its rows; or TopCoder's array literal, {"b..$", "....", ...}, which
may span lines. Boards of thousands of cells a side are fine.
Output (contest): one number per board.
  --format pretty   the board with an optimal set of cells to dig drawn as 'x'
  --format json     one JSON object per board and line (docs/json.md): status, length, the
                    cells to dig as moves ([row, col], counted from 0 as in TopCoder), states,
                    method, statistics

Algorithm: a minimum cut over the cells congruent to the goal modulo 3 (each a node of capacity 1,
each 3-step an edge whose capacity is the plain cells it jumps over), by max flow:
  --algo bk (Boykov-Kolmogorov, the default: fastest on these grids, puzzles/block/README.md) | dinic |
         edmonds-karp
--stats prints the flow network's size (nodes as "expanded", edges as "generated") and the time.

Explore: `plumb explore block [FILE]` counts the standing positions first reached after 0, 1, 2, ...
rolls from all the starts of the first board of FILE (default: the first sample board). It keeps no
checkpoints (--checkpoint and --resume are refused): it is one small search over the board's cells,
which every process of an MPI job makes whole.
)";

// The one mapping of algorithm names to max-flow algorithms; the first is the default.
constexpr std::array<NamedAlgorithm<puzzles::BlockAlgorithm>, 3> kAlgorithms{{
    {"bk", puzzles::BlockAlgorithm::boykov_kolmogorov},
    {"dinic", puzzles::BlockAlgorithm::dinic},
    {"edmonds-karp", puzzles::BlockAlgorithm::edmonds_karp},
}};

// Boards drawn above an exploration's table: those of at most this many cells.
constexpr long long kDrawnCells = 400;

const PuzzleInfo& block_info() {
  static const PuzzleInfo info = [] {
    PuzzleInfo info;
    info.name = "block";
    info.summary =
        "BlockTheBlockPuzzle (TopCoder SRM 625): fewest holes to keep a rolling block off the "
        "goal, by minimum cut";
    info.description = kDescription;
    info.dataset_noun = "Board";
    info.algorithms = algorithm_names(kAlgorithms);
    info.max_line_bytes = puzzles::BlockReader::kMaxLineBytes;
    return info;
  }();
  return info;
}

// What a block Dataset's `data` holds: its board, shared by the solutions and explorations made
// from it.
using BlockDataset = std::shared_ptr<const BlockBoard>;

// What a block Solution's `answer` holds.
struct BlockResult {
  std::shared_ptr<const BlockBoard> board;
  std::optional<int> holes;    // nothing: no digging works, or a limit stopped the search
  std::vector<BlockCell> dig;  // row-major
};

// What a block Exploration's `detail` holds.
struct BlockSurvey {
  std::shared_ptr<const BlockBoard> board;
  bool goal_reached = false;
  std::vector<BlockCell> deepest;
};

nlohmann::json cell_json(BlockCell cell) {
  return {cell.row, cell.col};
}

// The board's rows, the cells of `dug` drawn as 'x'.
nlohmann::json board_json(const BlockBoard& board, const std::vector<BlockCell>& dug) {
  const std::string drawing = puzzles::draw_block_board(board, dug);
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < board.rows; ++row) {
    rows.push_back(drawing.substr(static_cast<std::size_t>(row) * (board.cols + 1), board.cols));
  }
  return rows;
}

class BlockDatasetReader : public DatasetReader {
 public:
  explicit BlockDatasetReader(io::TextInput& in) : boards_(in), input_(in.name()) {}

  std::optional<Dataset> next() override {
    std::optional<BlockBoard> board = boards_.next();
    if (!board) return std::nullopt;
    return Dataset{++read_, static_cast<std::size_t>(boards_.board_line()),
                   BlockDataset{std::make_shared<const BlockBoard>(std::move(*board))}, input_};
  }

 private:
  puzzles::BlockReader boards_;
  std::string input_;
  std::size_t read_ = 0;
};

class BlockInstance : public TypedInstance<BlockDataset, BlockResult, BlockSurvey> {
 public:
  BlockInstance() : TypedInstance(block_info()) {}

  std::unique_ptr<DatasetReader> read(io::TextInput& in) const override {
    return std::make_unique<BlockDatasetReader>(in);
  }

 private:
  Found<BlockResult> find_solution(const Dataset& /*dataset*/, const BlockDataset& board,
                                   std::string_view algorithm,
                                   const search::SearchContext& context) const override {
    const auto chosen = named_algorithm(kAlgorithms, algorithm).algorithm;
    puzzles::BlockSolution found = puzzles::solve_block(*board, chosen, context);
    Found<BlockResult> result{.answer = {board, found.holes, {}}, .stats = found.stats};
    result.stats.expanded = found.graph_nodes;
    result.stats.generated = found.graph_edges;
    if (found.holes) {
      result.length = found.dig.size();
    } else if (!search::is_limit(found.stats.reason)) {
      result.stats.reason = search::StopReason::exhausted;
    }
    result.answer.dig = std::move(found.dig);
    return result;
  }

  // A board of 4 to 8 rows and columns, a cell in five a hole, the goal and one to three start
  // cells anywhere else: drawn until the default method finds that digging blocks the block and
  // that it must dig at least one cell.
  std::string scramble(std::uint64_t seed, const search::SearchContext& context) const override {
    constexpr int kDraws = 10'000;
    std::mt19937_64 random(seed);
    const auto below = [&random](int bound) {
      return static_cast<int>(
          puzzle_interface::uniform_below(random, static_cast<std::uint64_t>(bound)));
    };
    for (int draw = 0; draw < kDraws; ++draw) {
      const int rows = 4 + below(5), cols = 4 + below(5);
      std::vector<std::string> cells(static_cast<std::size_t>(rows), std::string(cols, '.'));
      for (std::string& row : cells) {
        for (char& cell : row) cell = below(5) == 0 ? 'H' : '.';
      }
      cells[below(rows)][below(cols)] = '$';
      for (int starts = 1 + below(3); starts > 0;) {
        char& cell = cells[below(rows)][below(cols)];
        if (cell == '$') continue;
        cell = 'b';
        --starts;
      }
      const BlockBoard board = puzzles::make_block_board(cells);
      const puzzles::BlockSolution found =
          puzzles::solve_block(board, kAlgorithms.front().algorithm, context);
      if (search::is_limit(found.stats.reason)) throw LimitReached(found.stats);
      if (found.holes && *found.holes > 0)
        return fmt::format("{} {}\n{}", rows, cols, puzzles::draw_block_board(board));
    }
    throw std::logic_error("no random board of block needed digging");
  }

  // Solution::states: the board, and when digging blocks the block, the board after each cell of
  // the answer is dug, those cells being Solution::moves.
  void path_from(const BlockResult& result, Solution& solution) const override {
    solution.states.push_back(board_json(*result.board, {}));
    if (!result.holes) return;
    const std::vector<BlockCell>& dig = result.dig;
    solution.moves = nlohmann::json::array();
    for (auto dug = dig.begin(); dug != dig.end(); ++dug) {
      solution.moves.push_back(cell_json(*dug));
      solution.states.push_back(board_json(*result.board, {dig.begin(), dug + 1}));
    }
  }

  nlohmann::json start_json(const BlockDataset& board) const override {
    return board_json(*board, {});
  }

  Surveyed<BlockSurvey> survey(const Dataset* start, const BlockDataset* board,
                               const search::SearchContext& context) const override {
    if (const search::Distribution& shared = context.distribution; !shared.checkpoint.empty()) {
      throw UsageError(shared.resume ? "resume" : "checkpoint",
                       "block's exploration keeps no checkpoints: it is one small search over the "
                       "board's cells, not a layered exploration of states shared among processes");
    }
    Surveyed<BlockSurvey> surveyed;
    Exploration& exploration = surveyed.exploration;
    BlockSurvey& survey = surveyed.detail;
    if (start != nullptr) {
      survey.board = *board;
      exploration.origin = start->number == 1
                               ? fmt::format("the first board of {}", start->source)
                               : fmt::format("board {} of {}", start->number, start->source);
    } else {
      survey.board = std::make_shared<const BlockBoard>(
          puzzles::make_block_board({"b..$", "....", "HHHH", "HHHH"}));
      exploration.origin = "the first sample board";
    }
    exploration.start = board_json(*survey.board, {});
    puzzles::BlockReach reach = puzzles::explore_block(*survey.board, context);
    exploration.layer_sizes = std::move(reach.layer_sizes);
    exploration.stats = reach.stats;
    for (const BlockCell cell : reach.deepest) exploration.deepest.push_back(cell_json(cell));
    survey.goal_reached = reach.goal_reached;
    survey.deepest = std::move(reach.deepest);
    return surveyed;
  }

  std::string solution_text(const Solution& solution, const BlockResult& result,
                            Format format) const override {
    if (format == Format::contest) return fmt::format("{}\n", result.holes.value_or(-1));
    return pretty_solution(
        info(), solution,
        {.legend = "b is where the block starts, $ the goal, H a hole, . a plain cell, x a cell "
                   "dug; rows and columns count from 1 at the top left.",
         .step = "cell",
         .count = [](std::uint64_t cells) { return "dig " + io::counted(cells, "cell"); },
         .at_zero = "nothing to dig: the block cannot reach the goal",
         .no_solution = "no digging keeps the block off the goal",
         .each_state = false,
         .draw =
             [](const nlohmann::json& rows) {
               std::string text;
               for (const nlohmann::json& row : rows) text += row.get<std::string>() + '\n';
               return text;
             },
         .say =
             [](const nlohmann::json& cell) {
               return fmt::format("row {}, column {}", cell.at(0).get<int>() + 1,
                                  cell.at(1).get<int>() + 1);
             }});
  }

  std::string exploration_text(const Exploration& exploration,
                               const BlockSurvey& survey) const override {
    const BlockBoard& board = *survey.board;
    std::string text = fmt::format("standing positions reachable from {}:\n", exploration.origin);
    if (board.rows * static_cast<long long>(board.cols) <= kDrawnCells)
      text += puzzles::draw_block_board(board);
    text += layers_table("rolls", "positions", exploration);
    text += fmt::format("the goal is {}reachable\n", survey.goal_reached ? "" : "not ");
    if (!survey.deepest.empty()) {
      text += "deepest:";
      for (const BlockCell cell : survey.deepest)
        text += fmt::format(" ({}, {})", cell.row, cell.col);
      text += '\n';
    }
    return text;
  }

  void add_exploration_fields(nlohmann::json& record, const BlockSurvey& survey) const override {
    record["goal_reached"] = survey.goal_reached;
  }
};

}  // namespace

std::unique_ptr<Puzzle> make_block_puzzle(std::shared_ptr<const io::TableLender> /*tables: none*/) {
  return std::make_unique<Puzzle>(block_info(), [](const PuzzleInfo&, const OptionValues&) {
    return std::make_unique<BlockInstance>();
  });
}

}  // namespace plumb::puzzle_interface
