// plumb/puzzles/block.hpp: BlockTheBlockPuzzle (TopCoder SRM 625, Division 1 Level 2), generalized
// to rectangular boards thousands of cells a side, solved as a minimum cut.
//
// A board holds '.' plain cells, 'H' holes, 'b' start cells and one '$' goal. A 1x1x2 block
// standing on a cell rolls over and stands up again 3 cells away in a straight line, lying on the 2
// cells in between on its way; it falls (and is lost) standing on a hole or off the board, or lying
// on two holes. Dig the fewest plain cells so that no start reaches the goal standing; -1 if no
// digging does.
//
// The model (solve_block): only cells congruent to the goal modulo 3 in row and column can ever
// hold the standing block on a way to the goal. Each such cell that is not a hole is a node split
// in two, in -> out, of capacity 1 if plain (dig it) and unlimited for 'b' and '$'. Two such cells
// 3 apart are joined both ways, out -> in, with capacity the number of plain cells between them
// (dig those so the lying block falls), unlimited if 'b' or '$' lies between, and no edge when both
// are holes already. Every start feeds the source, the goal's out node is the sink; a minimum cut
// is an optimal set of cells to dig. Size: n = 2 S + 1 nodes and at most 5 S edges for the S
// (about R C / 9) standing places; the flow is at most 8 when finite (the goal's four neighbours),
// so Dinic needs at most 9 phases of O(m) each. Boykov-Kolmogorov, which keeps its search trees
// between augmenting paths, was measured fastest on these networks (puzzles/block/README.md): the default.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/flow/residual_network.hpp"
#include "plumb/io/text_input.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzles {

struct BlockCell {
  int row = 0;
  int col = 0;
  bool operator==(const BlockCell&) const = default;
};

struct BlockBoard {
  int rows = 0;
  int cols = 0;
  std::string cells;  // row-major, rows * cols of '.', 'H', 'b', '$'
  BlockCell goal;

  char at(int row, int col) const { return cells[static_cast<std::size_t>(row) * cols + col]; }
};

enum class BlockAlgorithm { dinic, boykov_kolmogorov, edmonds_karp };

struct BlockSolution {
  std::optional<int> holes;    // the fewest cells to dig; nothing when no digging blocks the block
  std::vector<BlockCell> dig;  // an optimal set of cells to dig, row-major; empty when impossible
  std::uint64_t graph_nodes = 0;
  std::uint64_t graph_edges = 0;
  search::SearchStats stats;  // reason: solved, or the limit that stopped it (no answer then);
                              // expanded: the nodes the max flow scanned
};

// The flow network of the model above. Place k = i * lattice_cols + j of the lattice (board cell
// (goal.row % 3 + 3 i, goal.col % 3 + 3 j)) has in node 2 k and out node 2 k + 1; the source is the
// last node. Edges of capacity `unlimited` (more than all others together) cannot be cut, so a cut
// that large means no digging works.
struct BlockNetwork {
  int nodes = 0;
  int source = 0;
  int sink = 0;
  flow::Capacity unlimited = 0;
  std::vector<flow::Edge> edges;  // flows 0
};
BlockNetwork block_network(const BlockBoard& board);

// Limits: the network's memory is checked against context.limits.max_memory_bytes before it is
// built; adding its edges, laying it out and the max flow stop at the time, node or memory limit or
// a cancellation (stats.reason says which; there is then no answer). No depth limit applies.
BlockSolution solve_block(const BlockBoard& board,
                          BlockAlgorithm algorithm = BlockAlgorithm::boykov_kolmogorov,
                          const search::SearchContext& context = {});

// The board from its rows (all of one length, of '.', 'H', 'b', '$', with exactly one '$'); throws
// std::invalid_argument otherwise.
BlockBoard make_block_board(const std::vector<std::string>& rows);

// The board drawn one row a line, the cells to dig shown as 'x'.
std::string draw_block_board(const BlockBoard& board, const std::vector<BlockCell>& dig = {});

// Reads boards in the contest format: an optional count, then for each board a size line (`n` for
// n x n, or `R C`) and its rows; or TopCoder's array literal {"b..$", "...."} (one or more lines).
// Throws io::InputError (file:line) on anything else.
class BlockReader {
 public:
  // The largest boards it reads: kMaxSide cells a side, kMaxCells in all.
  static constexpr long long kMaxSide = 1'000'000;
  static constexpr long long kMaxCells = 400'000'000;
  // The longest input line a board can need, 512 MiB: more than the largest board as an array
  // literal on one line, its cells and, for each row, two quotes, a comma and a space.
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 29;
  static_assert(kMaxLineBytes > static_cast<std::size_t>(kMaxCells + 4 * kMaxSide + 2));

  explicit BlockReader(io::TextInput& in) : in_(in) {}
  // The next board, or nothing at the end of the input.
  std::optional<BlockBoard> next();
  // The line the board next() returned last starts on: its size line, or its literal's first line.
  int board_line() const { return board_line_; }

 private:
  struct Line {
    std::string text;
    int number = 0;
  };
  std::optional<Line> next_line();
  BlockBoard read_sized(const Line& size_line);
  BlockBoard read_literal(Line line);
  BlockBoard checked(const std::vector<std::string>& rows, const std::vector<int>& numbers);

  io::TextInput& in_;
  std::vector<Line> lookahead_;
  bool started_ = false;
  std::optional<long long> count_;  // the leading count, when the input has one
  long long read_ = 0;
  int board_line_ = 0;
};

// A deterministic random board for benchmarks: each cell is a hole with probability holes_per_mille
// / 1000, else a start with probability starts_per_mille / 1000, else plain (Park-Miller generator
// x <- 48271 x mod 2^31 - 1 from `seed`, one draw per cell in row-major order, the draw mod 1000
// compared with holes_per_mille, then with holes_per_mille + starts_per_mille); the goal is the
// centre cell and the lattice cell nearest the top left corner is a start. puzzles/block/bench/block.sh
// writes the same boards with awk.
BlockBoard random_block_board(int rows, int cols, int holes_per_mille, int starts_per_mille,
                              std::uint64_t seed);

// Breadth-first search over the standing positions from every start: how many are first reached
// after 0, 1, 2, ... rolls (a roll moves 3 cells), and the cells of the last layer; stopped by the
// context like any search (stats.reason; max_depth: layers 0..max_depth, then depth_limit).
struct BlockReach {
  std::vector<std::uint64_t> layer_sizes;
  std::vector<BlockCell> deepest;
  bool goal_reached = false;
  search::SearchStats stats;
};
BlockReach explore_block(const BlockBoard& board, const search::SearchContext& context = {});

}  // namespace plumb::puzzles
