// The `pegs` puzzle in the one puzzle interface (puzzle_interface/puzzle.hpp): Moving Pegs (UVa
// 1533) on triangles of 1 to 10 rows; the lexicographically smallest of the shortest solutions;
// explored from a start.
//
// JSON vocabulary: holes are numbered from 1, row by row from the apex, as in the contest; a move
// is {"from", "over" (the holes jumped, from `from` towards `to`), "to"}; a state is the
// triangle's rows, each an array of 1 (a peg) and 0 (an empty hole). A solution's record adds
// "empty" (the hole the last peg must end in: the one empty at a contest start); an exploration's
// adds "rows" and "empty".
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <numeric>
#include <random>
#include <utility>

#include "plumb/io/counted.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/random_draws.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/pegs_io.hpp"
#include "plumb/puzzles/pegs_solve.hpp"

namespace plumb::puzzle_interface {
namespace {

using puzzles::PegBoard;
using puzzles::PegMove;
using puzzles::PegSet;

constexpr std::string_view kDescription = R"(pegs: Moving Pegs (UVa 1533, LA 2093)

Rules. A triangle of 5 rows has 15 holes, numbered row by row from the apex, left to right:
1; 2 3; 4 5 6; 7 8 9 10; 11 12 13 14 15. Every hole holds a peg but one. A move jumps a peg
along a row or a diagonal over one or more adjacent pegs in a line, into the first empty hole after
them, and removes the pegs jumped. Goal: one peg left, in the hole that was empty at the start.

Input: a count T, then T lines each with the empty hole. A case may also give a position in full,
as HOLE:ROWS, the hole the last peg must end in, then the holes row by row, o a peg and . an empty
hole, the rows separated by /: 5:o/oo/o.o/oooo/ooooo is the contest's case 5.
Output (contest): per case the fewest moves, then the moves as `from to` pairs on one line; among
all shortest solutions the lexicographically smallest sequence from1 to1 from2 to2 ...; or
IMPOSSIBLE.
  --format pretty   draws the triangle after every move
  --format json     one JSON object per case and line (docs/json.md): status, length, moves,
                    states, method, statistics

Options:
  --rows N          a triangle of N rows (1 to 10, default 5), holes numbered the same way
  --algo meet|table meet (default): breadth-first layers from the start only, meeting the goal
                    side through the board's self-duality (the distance from x to the goal is the
                    depth of x with pegs and holes swapped), so it stops at half the solution's
                    depth; table: the engine's one-byte distance table over all 2^holes positions.
                    Both then walk forward taking the smallest jump that stays on a shortest path.

Explore: `plumb explore pegs --rows N [FILE]` counts the positions reachable at each number of moves
from the first case of FILE (default: hole 1 empty).
)";

// The one mapping of algorithm names to algorithms; the first is the default.
constexpr std::array<NamedAlgorithm<puzzles::PegsAlgorithm>, 2> kAlgorithms{{
    {"meet", puzzles::PegsAlgorithm::meet},
    {"table", puzzles::PegsAlgorithm::table},
}};

const PuzzleInfo& pegs_info() {
  static const PuzzleInfo info = [] {
    PuzzleInfo info;
    info.name = "pegs";
    info.summary =
        "Moving Pegs (UVa 1533): fewest multi-peg jumps to one peg; triangles up to 10 rows";
    info.description = kDescription;
    info.dataset_noun = "Case";
    info.options = {
        {.name = "rows",
         .help = "Rows of the triangle",
         .type = OptionSpec::Type::integer,
         .default_value = "5",
         .min = 1,
         .max = PegBoard::kMaxRows,
         .choices = {}},
    };
    info.algorithms = algorithm_names(kAlgorithms);
    return info;
  }();
  return info;
}

// The triangle's rows of 1 (a peg) and 0 (an empty hole).
nlohmann::json pegs_json(const PegBoard& board, PegSet pegs) {
  nlohmann::json rows = nlohmann::json::array();
  for (int hole = 0; hole < board.holes(); ++hole) {
    if (board.column_of(hole) == 0) rows.push_back(nlohmann::json::array());
    rows.back().push_back((pegs >> hole) & 1);
  }
  return rows;
}

// {"from", "over", "to"}, 1-based: the jump `move` made in `before`.
nlohmann::json move_json(const PegBoard& board, PegSet before, PegMove move) {
  std::vector<int> over;  // the pegs that went, but the one that jumped, in increasing order
  for (PegSet jumped = before & ~board.apply(before, move) & ~(PegSet{1} << move.from); jumped != 0;
       jumped &= jumped - 1) {
    over.push_back(std::countr_zero(jumped) + 1);
  }
  if (move.to < move.from) std::reverse(over.begin(), over.end());
  return {{"from", move.from + 1}, {"over", over}, {"to", move.to + 1}};
}

using puzzles::PegsCase;

// What a pegs Solution's `answer` holds.
struct PegsResult {
  PegsCase solved;
  std::optional<std::vector<PegMove>> moves;  // none: impossible, or stopped by a limit
};

// What a pegs Exploration's `detail` holds: the case explored from.
struct PegsSurvey {
  PegsCase from;
};

class PegsReader : public DatasetReader {
 public:
  PegsReader(io::TextInput& in, PegBoard board) : in_(in), board_(std::move(board)) {}

  std::optional<Dataset> next() override {
    if (!count_) count_ = puzzles::read_pegs_count(in_);
    if (read_ == *count_) {
      puzzles::expect_pegs_end(in_, *count_);
      return std::nullopt;
    }
    PegsCase read = puzzles::read_pegs_case(in_, board_);
    return Dataset{static_cast<std::size_t>(++read_), static_cast<std::size_t>(in_.line_number()),
                   read, in_.name()};
  }

 private:
  io::TextInput& in_;
  PegBoard board_;
  std::optional<long long> count_;  // read with the first case
  long long read_ = 0;
};

class PegsInstance : public TypedInstance<PegsCase, PegsResult, PegsSurvey> {
 public:
  explicit PegsInstance(int rows) : TypedInstance(pegs_info()), board_(rows) {}

  std::unique_ptr<DatasetReader> read(io::TextInput& in) const override {
    return std::make_unique<PegsReader>(in, board_);
  }

 private:
  Found<PegsResult> find_solution(const Dataset& /*dataset*/, const PegsCase& given,
                                  std::string_view algorithm,
                                  const search::SearchContext& context) const override {
    const auto chosen = named_algorithm(kAlgorithms, algorithm).algorithm;
    puzzles::PegsSolution found =
        puzzles::solve_pegs(board_, given.start, given.goal, chosen, context);
    std::optional<std::uint64_t> length;
    if (found.moves) length = found.moves->size();
    return {.answer = {given, std::move(found.moves)}, .stats = found.stats, .length = length};
  }

  // Solution::states from the start and, when there is a solution, its moves and the states after
  // each.
  void path_from(const PegsResult& result, Solution& solution) const override {
    PegSet pegs = result.solved.start;
    solution.states.push_back(pegs_json(board_, pegs));
    if (result.moves) {
      solution.moves = nlohmann::json::array();
      for (const PegMove& move : *result.moves) {
        solution.moves.push_back(move_json(board_, pegs, move));
        pegs = board_.apply(pegs, move);
        solution.states.push_back(pegs_json(board_, pegs));
      }
    }
  }

  nlohmann::json start_json(const PegsCase& given) const override {
    return pegs_json(board_, given.start);
  }

  // The holes in a random order, the first whose start the default search solves: uniform among
  // the starts that have a solution.
  std::string scramble(std::uint64_t seed, const search::SearchContext& context) const override {
    std::vector<int> holes(static_cast<std::size_t>(board_.holes()));
    std::iota(holes.begin(), holes.end(), 0);
    std::mt19937_64 random(seed);
    puzzle_interface::shuffle(random, holes);
    for (const int empty : holes) {
      const puzzles::PegsSolution found =
          puzzles::solve_pegs(board_, empty, kAlgorithms.front().algorithm, context);
      if (search::is_limit(found.stats.reason)) throw puzzle_interface::LimitReached(found.stats);
      if (found.moves) return fmt::format("1\n{}\n", empty + 1);
    }
    throw UsageError(
        "rows", fmt::format("no start on a triangle of {} rows has a solution", board_.rows()));
  }

  void add_dataset_fields(nlohmann::json& record, const PegsCase& given) const override {
    record["rows"] = board_.rows();
    record["empty"] = given.goal + 1;
  }

  Surveyed<PegsSurvey> survey(const Dataset* /*start*/, const PegsCase* given,
                              const search::SearchContext& context) const override {
    Surveyed<PegsSurvey> surveyed;
    surveyed.detail.from = given != nullptr ? *given : PegsCase{board_.start(0), 0};
    const PegSet start = surveyed.detail.from.start;
    puzzles::PegsExploration found = puzzles::explore_pegs(board_, start, context);
    Exploration& exploration = surveyed.exploration;
    exploration.layer_sizes = std::move(found.layer_sizes);
    exploration.stats = found.stats;
    exploration.origin = origin(surveyed.detail.from);
    exploration.start = pegs_json(board_, start);
    for (PegSet pegs : found.deepest) exploration.deepest.push_back(pegs_json(board_, pegs));
    return surveyed;
  }

  std::string solution_text(const Solution& solution, const PegsResult& result,
                            Format format) const override {
    if (format == Format::contest) return puzzles::format_pegs_answer(result.moves);
    return pretty_solution(
        info(), solution,
        {.legend = "o is a peg, . an empty hole; the holes are numbered from 1 at the apex, row "
                   "by row, left to right. A move takes a peg from its hole over the pegs it "
                   "removes to an empty hole.",
         .draw = [this](const nlohmann::json& rows) { return draw(rows); },
         .say =
             [](const nlohmann::json& move) {
               return fmt::format("{} over {} to {}", move.at("from").get<int>(),
                                  fmt::join(move.at("over").get<std::vector<int>>(), " and "),
                                  move.at("to").get<int>());
             }});
  }

  void add_solution_fields(nlohmann::json& record, const PegsResult& result) const override {
    record["empty"] = result.solved.goal + 1;
  }

  std::string exploration_text(const Exploration& exploration,
                               const PegsSurvey& survey) const override {
    std::string text =
        fmt::format("Positions reachable on the {}-row triangle ({} holes) from {}:\n",
                    board_.rows(), board_.holes(), origin(survey.from));
    text += layers_table("moves", "positions", exploration);
    if (!exploration.deepest.empty()) {
      text += fmt::format("a deepest position ({}):\n{}",
                          io::counted(exploration.layer_sizes.size() - 1, "move"),
                          draw(exploration.deepest.front()));
    }
    return text;
  }

  void add_exploration_fields(nlohmann::json& record, const PegsSurvey& survey) const override {
    record["rows"] = board_.rows();
    record["empty"] = survey.from.goal + 1;
  }

  // "hole 5 empty" for a contest start, else the position as a case writes it.
  std::string origin(const PegsCase& from) const {
    if (from.start == board_.start(from.goal)) return fmt::format("hole {} empty", from.goal + 1);
    std::string rows;
    for (int hole = 0; hole < board_.holes(); ++hole) {
      if (hole > 0 && board_.column_of(hole) == 0) rows += '/';
      rows += (from.start >> hole & 1) != 0 ? 'o' : '.';
    }
    return fmt::format("the position {}:{}", from.goal + 1, rows);
  }

  // A position drawn from its JSON (pegs_json's rows of 1 for a peg, 0 for a hole).
  std::string draw(const nlohmann::json& rows) const {
    PegSet pegs = 0;
    int hole = 0;
    for (const nlohmann::json& row : rows) {
      for (const nlohmann::json& peg : row) {
        if (peg.get<int>() != 0) pegs |= PegSet{1} << hole;
        ++hole;
      }
    }
    return puzzles::draw_pegs(board_, pegs);
  }

  PegBoard board_;
};

}  // namespace

std::unique_ptr<Puzzle> make_pegs_puzzle(std::shared_ptr<const io::TableLender> /*tables: none*/) {
  return std::make_unique<Puzzle>(pegs_info(), [](const PuzzleInfo& info,
                                                  const OptionValues& options) {
    return std::make_unique<PegsInstance>(static_cast<int>(integer_option(info, options, "rows")));
  });
}

}  // namespace plumb::puzzle_interface
