// BlockTheBlockPuzzle: the board's formats and the minimum-cut model (see plumb/puzzles/block.hpp).
#include "plumb/puzzles/block.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cctype>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "plumb/flow/boykov_kolmogorov.hpp"
#include "plumb/flow/dinic.hpp"
#include "plumb/flow/edmonds_karp.hpp"

namespace plumb::puzzles {
namespace {

using flow::Capacity;

bool is_block_cell(char c) {
  return c == '.' || c == 'H' || c == 'b' || c == '$';
}

// What is wrong with these rows as a board, and the index of the row it is on; nothing if they are
// a board.
std::optional<std::pair<std::size_t, std::string>> board_problem(
    const std::vector<std::string>& rows) {
  if (rows.empty()) return std::pair{std::size_t{0}, std::string("the board has no rows")};
  if (rows.front().empty())
    return std::pair{std::size_t{0}, std::string("the board has empty rows")};
  std::optional<std::size_t> goal_row;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].size() != rows.front().size()) {
      return std::pair{r, fmt::format("row {} has {} cells, but row 1 has {}", r + 1,
                                      rows[r].size(), rows.front().size())};
    }
    for (char c : rows[r]) {
      if (!is_block_cell(c)) {
        return std::pair{r, fmt::format("unknown character {} in row {} (expected . H b $)",
                                        io::quote(std::string_view(&c, 1)), r + 1)};
      }
      if (c == '$' && goal_row) return std::pair{r, std::string("the board has more than one '$'")};
      if (c == '$') goal_row = r;
    }
  }
  if (!goal_row) return std::pair{rows.size() - 1, std::string("the board has no '$' (the goal)")};
  return std::nullopt;
}

BlockBoard board_of(const std::vector<std::string>& rows) {
  BlockBoard board;
  board.rows = static_cast<int>(rows.size());
  board.cols = static_cast<int>(rows.front().size());
  board.cells.reserve(static_cast<std::size_t>(board.rows) * board.cols);
  for (const std::string& row : rows) board.cells += row;
  const std::size_t goal = board.cells.find('$');
  board.goal = {static_cast<int>(goal / board.cols), static_cast<int>(goal % board.cols)};
  return board;
}

std::string trimmed(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\f\v");
  if (first == std::string_view::npos) return {};
  const std::size_t last = text.find_last_not_of(" \t\r\f\v");
  return std::string(text.substr(first, last - first + 1));
}

bool is_size_line(const std::string& text) {
  const auto tokens = io::split_tokens(text);
  if (tokens.empty() || tokens.size() > 2) return false;
  return std::all_of(tokens.begin(), tokens.end(),
                     [](auto t) { return io::parse_int(t).has_value(); });
}

bool is_literal_start(const std::string& text) {
  return trimmed(text).starts_with('{');
}

// The lattice of cells congruent to the goal modulo 3, where the standing block can be on its way
// to the goal: cell (i, j) of the lattice is board cell (row0 + 3 i, col0 + 3 j), node index
// i * cols + j, whose in and out nodes are 2 k and 2 k + 1.
struct Lattice {
  int row0, col0, rows, cols;

  explicit Lattice(const BlockBoard& board)
      : row0(board.goal.row % 3),
        col0(board.goal.col % 3),
        rows((board.rows - row0 + 2) / 3),
        cols((board.cols - col0 + 2) / 3) {}

  int size() const { return rows * cols; }
  BlockCell cell(int k) const { return {row0 + 3 * (k / cols), col0 + 3 * (k % cols)}; }
  static int in(int k) { return 2 * k; }
  static int out(int k) { return 2 * k + 1; }
};

// Calls f(k, next, between) for each pair of standing places 3 apart (next right of or below k)
// that are not holes, and whose two cells between are not both holes already.
template <class F>
void for_each_step(const BlockBoard& board, const Lattice& lattice, F&& f) {
  for (int k = 0; k < lattice.size(); ++k) {
    const BlockCell here = lattice.cell(k);
    if (board.at(here.row, here.col) == 'H') continue;
    const bool has_right = k % lattice.cols + 1 < lattice.cols;
    const bool has_below = k / lattice.cols + 1 < lattice.rows;
    for (const auto& [exists, next, dr, dc] :
         {std::tuple{has_right, k + 1, 0, 1}, std::tuple{has_below, k + lattice.cols, 1, 0}}) {
      if (!exists) continue;
      const BlockCell there = lattice.cell(next);
      if (board.at(there.row, there.col) == 'H') continue;
      const std::array between{BlockCell{here.row + dr, here.col + dc},
                               BlockCell{here.row + 2 * dr, here.col + 2 * dc}};
      if (board.at(between[0].row, between[0].col) == 'H' &&
          board.at(between[1].row, between[1].col) == 'H') {
        continue;
      }
      f(k, next, between);
    }
  }
}

// The network of the model without its edges: its nodes, source, sink and `unlimited`.
BlockNetwork network_frame(const BlockBoard& board) {
  const Lattice lattice(board);
  BlockNetwork network;
  network.source = 2 * lattice.size();
  network.nodes = network.source + 1;
  network.sink = Lattice::out((board.goal.row / 3) * lattice.cols + board.goal.col / 3);
  network.unlimited = 2 * static_cast<Capacity>(board.rows) * board.cols + 1;
  return network;
}

// Calls emit(edge) for each edge of the model (block.hpp), in block_network's order, until emit
// returns false; returns whether it went through them all.
template <class Emit>
bool for_each_edge(const BlockBoard& board, const BlockNetwork& network, Emit&& emit) {
  const Lattice lattice(board);
  const Capacity unlimited = network.unlimited;
  const auto dig_cost = [&](BlockCell cell) -> Capacity {
    const char c = board.at(cell.row, cell.col);
    return c == '.' ? 1 : c == 'H' ? 0 : unlimited;
  };
  for (int k = 0; k < lattice.size(); ++k) {
    const BlockCell cell = lattice.cell(k);
    const char c = board.at(cell.row, cell.col);
    if (c == 'H') continue;
    if (!emit(flow::Edge{Lattice::in(k), Lattice::out(k), dig_cost(cell), 0})) return false;
    if (c == 'b' && !emit(flow::Edge{network.source, Lattice::in(k), unlimited, 0})) return false;
  }
  bool going = true;
  for_each_step(board, lattice, [&](int k, int next, const std::array<BlockCell, 2>& between) {
    const Capacity cap = std::min(unlimited, dig_cost(between[0]) + dig_cost(between[1]));
    going = going && emit(flow::Edge{Lattice::out(k), Lattice::in(next), cap, 0}) &&
            emit(flow::Edge{Lattice::out(next), Lattice::in(k), cap, 0});
  });
  return going;
}

std::uint64_t network_edge_count(const BlockBoard& board, const BlockNetwork& network) {
  std::uint64_t edges = 0;
  for_each_edge(board, network, [&](const flow::Edge&) { return ++edges != 0; });
  return edges;
}

// The memory solving a network of this size takes at its peak: the residual network's edges and
// nodes (residual_network.hpp) and, per node, the solver's arrays and the minimum cut's side.
std::uint64_t flow_bytes(std::uint64_t nodes, std::uint64_t edges) {
  constexpr std::uint64_t kBytesPerEdge = 52, kBytesPerNode = 4 + 24 + 1;
  return edges * kBytesPerEdge + nodes * kBytesPerNode;
}

template <class Solver>
BlockSolution solve_with(const BlockBoard& board, const search::SearchContext& context) {
  const Lattice lattice(board);
  BlockSolution answer;
  search::Budget budget(context, answer.stats);
  const BlockNetwork network = network_frame(board);
  const std::uint64_t edges = network_edge_count(board, network);
  answer.graph_nodes = static_cast<std::uint64_t>(network.nodes);
  answer.graph_edges = edges;
  const std::uint64_t bytes = flow_bytes(answer.graph_nodes, edges);
  if (!budget.can_allocate(bytes)) {
    budget.finish(search::StopReason::memory_limit);
    return answer;
  }
  // Building the network of a large board takes a while too: the limits are checked every
  // kCheckEdges edges.
  constexpr std::uint64_t kCheckEdges = 1 << 16;
  flow::MaxFlow<Solver> graph(network.nodes);
  std::uint64_t added = 0;
  const bool built = search::allocate_or_throw("flow network", bytes, [&] {
    graph.reserve_edges(edges);
    return for_each_edge(board, network, [&](const flow::Edge& e) {
      graph.add_edge(e.from, e.to, e.cap);
      return ++added % kCheckEdges != 0 || budget.check();
    });
  });
  const Capacity cut = !built ? 0 : search::allocate_or_throw("flow network", bytes, [&] {
    return graph.flow(network.source, network.sink, network.unlimited, &budget);
  });
  if (budget.stopped()) {
    budget.finish(search::StopReason::exhausted);  // keeps the limit's reason
    return answer;
  }
  budget.finish(search::StopReason::solved);
  if (cut >= network.unlimited) return answer;
  answer.holes = static_cast<int>(cut);
  const std::vector<bool> source_side = graph.min_cut(network.source);
  const auto crosses = [&](int from_out, int to_in) {
    return source_side[Lattice::out(from_out)] && !source_side[Lattice::in(to_in)];
  };
  for (int k = 0; k < lattice.size(); ++k) {
    const BlockCell cell = lattice.cell(k);
    if (board.at(cell.row, cell.col) == '.' && source_side[Lattice::in(k)] &&
        !source_side[Lattice::out(k)]) {
      answer.dig.push_back(cell);
    }
  }
  for_each_step(board, lattice, [&](int k, int next, const std::array<BlockCell, 2>& between) {
    if (!crosses(k, next) && !crosses(next, k)) return;
    for (const BlockCell cell : between) {
      if (board.at(cell.row, cell.col) == '.') answer.dig.push_back(cell);
    }
  });
  std::sort(answer.dig.begin(), answer.dig.end(), [](BlockCell a, BlockCell b) {
    return std::pair{a.row, a.col} < std::pair{b.row, b.col};
  });
  assert(static_cast<Capacity>(answer.dig.size()) == cut);
  return answer;
}

}  // namespace

BlockNetwork block_network(const BlockBoard& board) {
  BlockNetwork network = network_frame(board);
  network.edges.reserve(network_edge_count(board, network));
  for_each_edge(board, network, [&](const flow::Edge& edge) {
    network.edges.push_back(edge);
    return true;
  });
  return network;
}

BlockSolution solve_block(const BlockBoard& board, BlockAlgorithm algorithm,
                          const search::SearchContext& context) {
  switch (algorithm) {
    case BlockAlgorithm::dinic:
      return solve_with<flow::DinicSolver>(board, context);
    case BlockAlgorithm::boykov_kolmogorov:
      return solve_with<flow::BoykovKolmogorovSolver>(board, context);
    case BlockAlgorithm::edmonds_karp:
      return solve_with<flow::EdmondsKarpSolver>(board, context);
  }
  throw std::invalid_argument("unknown max-flow algorithm");
}

BlockBoard make_block_board(const std::vector<std::string>& rows) {
  if (auto problem = board_problem(rows)) throw std::invalid_argument(problem->second);
  return board_of(rows);
}

std::string draw_block_board(const BlockBoard& board, const std::vector<BlockCell>& dig) {
  std::string drawing;
  drawing.reserve(static_cast<std::size_t>(board.rows) * (board.cols + 1));
  for (int r = 0; r < board.rows; ++r) {
    drawing.append(board.cells, static_cast<std::size_t>(r) * board.cols, board.cols);
    drawing += '\n';
  }
  for (const BlockCell cell : dig)
    drawing[static_cast<std::size_t>(cell.row) * (board.cols + 1) + cell.col] = 'x';
  return drawing;
}

std::optional<BlockReader::Line> BlockReader::next_line() {
  if (!lookahead_.empty()) {
    Line line = std::move(lookahead_.front());
    lookahead_.erase(lookahead_.begin());
    return line;
  }
  Line line;
  if (!in_.next_nonblank_line(line.text)) return std::nullopt;
  line.number = in_.line_number();
  return line;
}

std::optional<BlockBoard> BlockReader::next() {
  if (!started_) {
    started_ = true;
    // A lone number followed by a size line or a literal is the count of boards.
    auto first = next_line();
    if (!first) return std::nullopt;
    auto second = next_line();
    const auto tokens = io::split_tokens(first->text);
    if (tokens.size() == 1 && io::parse_int(tokens[0]) && second &&
        (is_size_line(second->text) || is_literal_start(second->text))) {
      count_ = *io::parse_int(tokens[0]);
      if (*count_ < 0) in_.fail_at(first->number, "the number of boards cannot be negative");
    } else {
      lookahead_.push_back(std::move(*first));
    }
    if (second) lookahead_.push_back(std::move(*second));
  }
  auto line = next_line();
  if (count_ && read_ == *count_) {
    if (line) in_.fail_at(line->number, fmt::format("more boards than the count, {}", *count_));
    return std::nullopt;
  }
  if (!line) {
    if (count_) {
      in_.fail(fmt::format("unexpected end of input: {} boards of {} read", read_, *count_));
    }
    return std::nullopt;
  }
  ++read_;
  board_line_ = line->number;
  if (is_literal_start(line->text)) return read_literal(std::move(*line));
  if (is_size_line(line->text)) return read_sized(*line);
  in_.fail_at(line->number,
              fmt::format("expected a board size (`n` or `R C`) or a {{\"...\"}} array "
                          "literal, found {}",
                          io::quote(trimmed(line->text))));
}

BlockBoard BlockReader::read_sized(const Line& size_line) {
  const auto tokens = io::split_tokens(size_line.text);
  const long long rows = *io::parse_int(tokens.front()), cols = *io::parse_int(tokens.back());
  if (rows < 1 || cols < 1) {
    in_.fail_at(size_line.number,
                fmt::format("bad board size {} x {} (at least 1 a side)", rows, cols));
  }
  if (rows > kMaxSide || cols > kMaxSide) {
    in_.fail_at(size_line.number,
                fmt::format("bad board size {} x {} (at most {} a side)", rows, cols, kMaxSide));
  }
  if (rows * cols > kMaxCells) {
    in_.fail_at(size_line.number,
                fmt::format("bad board size {} x {} (at most {} cells)", rows, cols, kMaxCells));
  }
  std::vector<std::string> board_rows;
  std::vector<int> numbers;
  for (long long r = 0; r < rows; ++r) {
    auto line = next_line();
    if (!line) in_.fail(fmt::format("unexpected end of input: expected row {} of {}", r + 1, rows));
    std::string row = trimmed(line->text);
    if (static_cast<long long>(row.size()) != cols) {
      in_.fail_at(line->number, fmt::format("row {} has {} cells, but the size line says {}", r + 1,
                                            row.size(), cols));
    }
    board_rows.push_back(std::move(row));
    numbers.push_back(line->number);
  }
  return checked(board_rows, numbers);
}

BlockBoard BlockReader::read_literal(Line line) {
  std::vector<std::string> rows;
  std::vector<int> numbers;
  std::size_t i = line.text.find('{') + 1;
  for (;;) {
    if (i >= line.text.size()) {
      auto more = next_line();
      if (!more) in_.fail("unexpected end of input inside the array literal (no '}')");
      line = std::move(*more);
      i = 0;
      continue;
    }
    const char c = line.text[i];
    if (c == '}') break;
    if (c == '"') {
      const std::size_t close = line.text.find('"', i + 1);
      if (close == std::string::npos)
        in_.fail_at(line.number, "unterminated string in the array literal");
      rows.push_back(line.text.substr(i + 1, close - i - 1));
      numbers.push_back(line.number);
      i = close + 1;
    } else if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else {
      in_.fail_at(line.number, fmt::format("unexpected {} in the array literal",
                                           io::quote(std::string_view(&c, 1))));
    }
  }
  if (!trimmed(std::string_view(line.text).substr(i + 1)).empty()) {
    in_.fail_at(line.number, "unexpected text after the array literal");
  }
  if (rows.empty()) in_.fail_at(line.number, "the array literal has no rows");
  return checked(rows, numbers);
}

BlockBoard BlockReader::checked(const std::vector<std::string>& rows,
                                const std::vector<int>& numbers) {
  if (auto problem = board_problem(rows)) in_.fail_at(numbers[problem->first], problem->second);
  return board_of(rows);
}

BlockBoard random_block_board(int rows, int cols, int holes_per_mille, int starts_per_mille,
                              std::uint64_t seed) {
  assert(rows >= 1 && cols >= 1);
  constexpr std::uint64_t kModulus = 2147483647;
  std::uint64_t state = seed % kModulus == 0 ? 1 : seed % kModulus;
  BlockBoard board;
  board.rows = rows;
  board.cols = cols;
  board.cells.resize(static_cast<std::size_t>(rows) * cols);
  for (char& cell : board.cells) {
    state = state * 48271 % kModulus;
    const int draw = static_cast<int>(state % 1000);
    cell = draw < holes_per_mille ? 'H' : draw < holes_per_mille + starts_per_mille ? 'b' : '.';
  }
  board.goal = {rows / 2, cols / 2};
  board.cells[static_cast<std::size_t>(board.goal.row) * cols + board.goal.col] = '$';
  const BlockCell corner{board.goal.row % 3, board.goal.col % 3};
  if (!(corner == board.goal))
    board.cells[static_cast<std::size_t>(corner.row) * cols + corner.col] = 'b';
  return board;
}

BlockReach explore_block(const BlockBoard& board, const search::SearchContext& context) {
  constexpr std::size_t kKeepDeepest = 16;
  BlockReach reach;
  search::Budget budget(context, reach.stats);
  const auto index = [&](int r, int c) { return static_cast<std::size_t>(r) * board.cols + c; };
  if (!budget.can_allocate(board.cells.size())) {
    budget.finish(search::StopReason::memory_limit);
    return reach;
  }
  std::vector<std::uint8_t> seen =
      search::allocate_or_throw("reachability table", board.cells.size(),
                                [&] { return std::vector<std::uint8_t>(board.cells.size(), 0); });
  std::vector<BlockCell> layer;
  for (int r = 0; r < board.rows; ++r) {
    for (int c = 0; c < board.cols; ++c) {
      if (board.at(r, c) == 'b' && budget.make_room(layer)) {
        seen[index(r, c)] = 1;
        layer.push_back({r, c});
      }
    }
  }
  for (Cost depth = 0; !layer.empty() && !budget.stopped(); ++depth) {
    reach.layer_sizes.push_back(layer.size());
    reach.stats.depth = depth;
    if (depth >= context.limits.max_depth) {
      budget.finish(search::StopReason::depth_limit);
      return reach;
    }
    std::vector<BlockCell> next;
    for (const BlockCell cell : layer) {
      if (!budget.charge()) break;
      reach.goal_reached = reach.goal_reached || cell == board.goal;
      for (const auto& [dr, dc] :
           {std::pair{0, 1}, std::pair{0, -1}, std::pair{1, 0}, std::pair{-1, 0}}) {
        const int r = cell.row + 3 * dr, c = cell.col + 3 * dc;
        if (r < 0 || r >= board.rows || c < 0 || c >= board.cols || board.at(r, c) == 'H') continue;
        if (board.at(cell.row + dr, cell.col + dc) == 'H' &&
            board.at(cell.row + 2 * dr, cell.col + 2 * dc) == 'H') {
          continue;
        }
        if (seen[index(r, c)] || !budget.make_room(next)) continue;
        seen[index(r, c)] = 1;
        next.push_back({r, c});
      }
    }
    if (next.empty()) {
      layer.resize(std::min(layer.size(), kKeepDeepest));
      reach.deepest = std::move(layer);
    }
    layer = std::move(next);
  }
  budget.finish(search::StopReason::exhausted);
  return reach;
}

}  // namespace plumb::puzzles
