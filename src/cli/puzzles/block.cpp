// The `block` puzzle for the program: BlockTheBlockPuzzle (TopCoder SRM 625) on boards of any size,
// answered by a minimum cut; contest, pretty and JSON output.
#include <fmt/format.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <ostream>

#include "cli/registry.hpp"
#include "plumb/puzzles/block.hpp"

namespace plumb::cli {
namespace {

using puzzles::BlockAnswer;
using puzzles::BlockBoard;
using puzzles::BlockCell;
using puzzles::BlockFlowAlgorithm;

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
  --format json     one JSON object per board and line: answer and the cells to dig as [row, col]
                    (counted from 0, as in TopCoder)

Algorithm: a minimum cut over the cells congruent to the goal modulo 3 (each a node of capacity 1,
each 3-step an edge whose capacity is the plain cells it jumps over), by max flow:
  --algo bk (Boykov-Kolmogorov, the default: fastest on these grids, docs/block.md) | dinic |
         edmonds-karp
--stats prints the flow network's size (nodes as "expanded", edges as "generated") and the time.

Explore: `plumb explore block [FILE]` counts the standing positions first reached after 0, 1, 2, ...
rolls from all the starts of the first board of FILE (default: the first sample board).
)";

BlockFlowAlgorithm algorithm_named(const std::string& name) {
  if (name == "dinic") return BlockFlowAlgorithm::dinic;
  if (name == "edmonds-karp") return BlockFlowAlgorithm::edmonds_karp;
  return BlockFlowAlgorithm::boykov_kolmogorov;
}

nlohmann::json cells_json(const std::vector<BlockCell>& cells) {
  nlohmann::json list = nlohmann::json::array();
  for (const BlockCell cell : cells) list.push_back({cell.row, cell.col});
  return list;
}

class BlockPuzzle : public Puzzle {
 public:
  std::string_view name() const override { return "block"; }
  std::string_view summary() const override {
    return "BlockTheBlockPuzzle (TopCoder SRM 625): fewest holes to keep a rolling block off the "
           "goal, by minimum cut";
  }
  std::string_view description() const override { return kDescription; }
  std::vector<std::string> algorithms() const override { return {"bk", "dinic", "edmonds-karp"}; }
  void add_options(CLI::App&) override {}

  void solve(io::TextInput& in, const RunOptions& options, std::ostream& out) override {
    const BlockFlowAlgorithm algorithm = algorithm_named(options.algo);
    puzzles::BlockReader reader(in);
    long long number = 0;
    while (auto board = reader.next()) {
      ++number;
      const BlockAnswer answer = puzzles::solve_block(*board, algorithm, options.context);
      if (search::is_limit(answer.stats.reason)) throw LimitReached(answer.stats);
      if (options.stats) {
        search::SearchStats stats = answer.stats;
        stats.expanded = answer.graph_nodes;
        stats.generated = answer.graph_edges;
        print_stats(std::cerr, fmt::format("Board {}", number), stats);
      }
      const int holes = answer.holes.value_or(-1);
      switch (options.format) {
        case Format::contest:
          out << holes << '\n';
          break;
        case Format::pretty:
          out << fmt::format("Board {}: {} x {}, {}\n{}\n", number, board->rows, board->cols,
                             answer.holes
                                 ? fmt::format("dig {} cell{} (x)", holes, holes == 1 ? "" : "s")
                                 : std::string("no digging keeps the block off the goal (-1)"),
                             puzzles::draw_block_board(*board, answer.dig));
          break;
        case Format::json:
          out << nlohmann::json{{"board", number},
                                {"rows", board->rows},
                                {"cols", board->cols},
                                {"answer", holes},
                                {"dig", cells_json(answer.dig)}}
                     .dump()
              << '\n';
          break;
      }
      out.flush();
    }
  }

  void explore(io::TextInput* in, const RunOptions& options, std::ostream& out) override {
    BlockBoard board;
    std::string origin;
    if (in != nullptr) {
      auto first = puzzles::BlockReader(*in).next();
      if (!first) in->fail("no board to explore");
      board = std::move(*first);
      origin = "the first board of " + in->name();
    } else {
      board = puzzles::make_block_board({"b..$", "....", "HHHH", "HHHH"});
      origin = "the first sample board";
    }
    const puzzles::BlockReach reach = puzzles::explore_block(board, options.context);
    if (search::is_limit(reach.stats.reason)) throw LimitReached(reach.stats);
    std::uint64_t total = 0;
    for (std::uint64_t size : reach.layer_sizes) total += size;
    if (options.format == Format::json) {
      out << nlohmann::json{{"start", origin},
                            {"layers", reach.layer_sizes},
                            {"total", total},
                            {"goal_reached", reach.goal_reached},
                            {"deepest", cells_json(reach.deepest)}}
                 .dump()
          << '\n';
      return;
    }
    out << fmt::format("standing positions reachable from {}:\n", origin);
    if (board.rows * static_cast<long long>(board.cols) <= 400)
      out << puzzles::draw_block_board(board);
    out << "rolls  positions\n";
    for (std::size_t depth = 0; depth < reach.layer_sizes.size(); ++depth) {
      out << fmt::format("{:5}  {}\n", depth, reach.layer_sizes[depth]);
    }
    out << fmt::format("total  {}\nthe goal is {}reachable\n", total,
                       reach.goal_reached ? "" : "not ");
    if (!reach.deepest.empty()) {
      out << "deepest:";
      for (const BlockCell cell : reach.deepest)
        out << fmt::format(" ({}, {})", cell.row, cell.col);
      out << '\n';
    }
  }
};

}  // namespace

std::unique_ptr<Puzzle> make_block_puzzle() {
  return std::make_unique<BlockPuzzle>();
}

}  // namespace plumb::cli
