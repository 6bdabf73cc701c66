// The Gap card solitaire behind the puzzle interface (puzzle_interface/builtin.hpp:
// make_gap_puzzle): POJ 2046's format and decks up to 9 suits x 13 values, solved by BFS, A* or
// bidirectional BFS (gap_solve.hpp); contest, pretty and JSON renderings; exploration of the
// layouts reachable from a deal.
//
// A dataset is one deal after the count line; the count is read before the first. A move is
// {"card", "from": [row, column], "to": [row, column]}, places 1-based with column 1 the aces'
// column; a state is the rows of card codes ("23", or "3.12" in big decks), null for a gap, so that
// state[row - 1][column - 1] is the card at [row, column].
#include <fmt/format.h>

#include <array>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>

#include "plumb/io/counted.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/gap_io.hpp"
#include "plumb/puzzles/gap_solve.hpp"

namespace plumb::puzzles {
namespace {

using puzzle_interface::Format;

constexpr std::string_view kDescription = R"(gap: the Gap card solitaire (POJ 2046, BOJ 3937)

Rules. The 28 cards 11..47 (suit 1-4, then value 1-7) are dealt in 4 rows of 7, with an empty
column added on the left. The aces move first, each to the left column of its own suit's row (11 to
row 1, ...), leaving four gaps; these moves are not counted. A move fills a gap with the card one
higher, of the same suit, than the card on the gap's left; a gap right of a 7 or of another gap
cannot be filled. Goal: row s holds s1 s2 ... s7 in order, the gaps in the last column. The answer
is the fewest moves, or -1 when the goal cannot be reached.

Input: a count T, then T deals of 4 lines of 7 cards (blank lines may separate deals).
Output (contest): one number per deal.
  --format pretty   replays an optimal solution move by move, drawing the layout
  --format json     one JSON object per deal and line (docs/json.md): status, length, moves,
                    states, method, statistics

Options:
  --suits S --values V   S rows of V cards (defaults 4 and 7). Cards are two digits while S and V
                         are at most 9; `suit.value` (3.12) is accepted in any size and required
                         when V > 9 (Montana solitaire: --suits 4 --values 13).
  --algo bfs|astar|bidir
                         bfs (default: the fastest at every size measured, puzzles/gap/README.md); astar
                         uses an admissible bound (misplaced cards, plus one for each card sitting
                         in its predecessor's goal cell); bidir searches from both ends.
  --prune none|stubborn  none (default): bfs and astar make every move. stubborn: only the moves
                         of a strong stubborn set: moves that commute are made in one order only
                         and some dead ends are cut; the lengths stay optimal, and about half as
                         many layouts are stored, in more time (puzzles/gap/README.md).
  --seed N               explore without FILE starts from random deal number N (default 1).

Explore: `plumb explore gap [FILE]` counts the layouts reachable from the first deal of FILE (or
from the random deal --seed picks) at each depth.
)";

// The one map of --algo's names, the default first.
constexpr std::array<puzzle_interface::NamedAlgorithm<GapAlgorithm>, 3> kAlgorithms{{
    {"bfs", GapAlgorithm::bfs},
    {"astar", GapAlgorithm::astar},
    {"bidir", GapAlgorithm::bidirectional},
}};

// What a solution's renderings need.
struct GapAnswer {
  GapLayout start;
  std::optional<std::vector<GapMove>> moves;  // none: no solution, or the path is not recorded
};

// Row and column of a cell as the user sees them: 1-based, column 1 being the aces' column.
nlohmann::json place_json(const GapShape& shape, int cell) {
  return {shape.row_of(cell) + 1, shape.column_of(cell) + 1};
}

nlohmann::json layout_json(const GapShape& shape, const GapLayout& layout) {
  nlohmann::json rows = nlohmann::json::array();
  for (int row = 0; row < shape.suits; ++row) {
    nlohmann::json cards = nlohmann::json::array({format_gap_card(shape, GapCard{row + 1, 1})});
    for (int column = 1; column <= shape.values; ++column) {
      const int code = layout[row * shape.values + column - 1];
      cards.push_back(code == 0 ? nlohmann::json(nullptr)
                                : nlohmann::json(format_gap_code(shape, code)));
    }
    rows.push_back(std::move(cards));
  }
  return rows;
}

// A layout drawn from its JSON (layout_json's): each row's cards right-aligned, "--" for a gap.
std::string drawn_layout(const GapShape& shape, const nlohmann::json& rows) {
  const std::size_t width = format_gap_card(shape, GapCard{shape.suits, shape.values}).size();
  std::string text;
  for (const nlohmann::json& row : rows) {
    const char* separator = "";
    for (const nlohmann::json& card : row) {
      text += card.is_null() ? fmt::format("{}{}", separator, std::string(width, '-'))
                             : fmt::format("{}{:>{}}", separator, card.get<std::string>(), width);
      separator = " ";
    }
    text += '\n';
  }
  return text;
}

class GapInstance : public puzzle_interface::TypedInstance<GapLayout, GapAnswer> {
 public:
  GapInstance(const puzzle_interface::PuzzleInfo& info, GapShape shape, GapPruning pruning,
              std::uint64_t seed)
      : TypedInstance(info), shape_(shape), pruning_(pruning), seed_(seed) {}

  std::unique_ptr<puzzle_interface::DatasetReader> read(io::TextInput& in) const override;

 private:
  puzzle_interface::Found<GapAnswer> find_solution(
      const puzzle_interface::Dataset& dataset, const GapLayout& start, std::string_view algorithm,
      const search::SearchContext& context) const override;
  void path_from(const GapAnswer& answer, puzzle_interface::Solution& solution) const override;
  nlohmann::json start_json(const GapLayout& start) const override {
    return layout_json(shape_, start);
  }
  void add_dataset_fields(nlohmann::json& record, const GapLayout& /*start*/) const override {
    add_shape(record);
  }
  std::string scramble(std::uint64_t seed, const search::SearchContext& context) const override;
  puzzle_interface::Surveyed<puzzle_interface::NoDetail> survey(
      const puzzle_interface::Dataset* start, const GapLayout* layout,
      const search::SearchContext& context) const override;
  std::string solution_text(const puzzle_interface::Solution& solution, const GapAnswer& answer,
                            Format format) const override;
  std::string exploration_text(const puzzle_interface::Exploration& exploration,
                               const puzzle_interface::NoDetail& detail) const override;
  void add_solution_fields(nlohmann::json& record, const GapAnswer& answer) const override;
  void add_exploration_fields(nlohmann::json& record,
                              const puzzle_interface::NoDetail& detail) const override;

  std::string draw(const nlohmann::json& layout) const { return drawn_layout(shape_, layout); }
  void add_shape(nlohmann::json& record) const {
    record["suits"] = shape_.suits;
    record["values"] = shape_.values;
  }

  GapShape shape_;
  GapPruning pruning_;
  std::uint64_t seed_;
};

// The count line, then that many deals; anything but blank lines after them is an error.
class GapReader : public puzzle_interface::DatasetReader {
 public:
  GapReader(const GapShape& shape, io::TextInput& in) : shape_(shape), in_(in) {}

  std::optional<puzzle_interface::Dataset> next() override {
    if (!count_) count_ = read_gap_count(in_);
    if (read_ == *count_) {
      expect_gap_end(in_, *count_);
      return std::nullopt;
    }
    in_.only_blank_left();  // reads ahead to the deal's first line, which line_number() then counts
    const auto line = static_cast<std::size_t>(in_.line_number());
    GapLayout start = gap_start_layout(shape_, read_gap_deal(in_, shape_));
    return puzzle_interface::Dataset{static_cast<std::size_t>(++read_), line, std::move(start),
                                     in_.name()};
  }

 private:
  const GapShape& shape_;
  io::TextInput& in_;
  std::optional<long long> count_;
  long long read_ = 0;
};

std::unique_ptr<puzzle_interface::DatasetReader> GapInstance::read(io::TextInput& in) const {
  return std::make_unique<GapReader>(shape_, in);
}

puzzle_interface::Found<GapAnswer> GapInstance::find_solution(
    const puzzle_interface::Dataset& /*dataset*/, const GapLayout& start,
    std::string_view algorithm, const search::SearchContext& context) const {
  const GapAlgorithm named = puzzle_interface::named_algorithm(kAlgorithms, algorithm).algorithm;
  GapSolution found = solve_gap(shape_, start, named, context,
                                path_recording() == puzzle_interface::PathRecording::length
                                    ? search::Answer::cost_only
                                    : search::Answer::moves,
                                pruning_);
  puzzle_interface::Found<GapAnswer> result{.answer = {start, std::move(found.moves)},
                                            .stats = found.stats};
  if (found.stats.reason == search::StopReason::solved) result.length = found.length;
  return result;
}

// Most deals have no solution (four in five of the contest's): deals are drawn, each from a seed of
// its own, until the default search finds one that has, so the deal is uniform among those.
std::string GapInstance::scramble(std::uint64_t seed, const search::SearchContext& context) const {
  constexpr int kDraws = 10'000;
  std::mt19937_64 random(seed);
  for (int draw = 0; draw < kDraws; ++draw) {
    const GapDeal deal = random_gap_deal(shape_, random());
    const GapSolution found =
        solve_gap(shape_, gap_start_layout(shape_, deal), kAlgorithms.front().algorithm, context,
                  search::Answer::cost_only, pruning_);
    if (search::is_limit(found.stats.reason)) throw puzzle_interface::LimitReached(found.stats);
    if (found.stats.reason == search::StopReason::solved)
      return "1\n" + format_gap_deal(shape_, deal);
  }
  throw puzzle_interface::UsageError(
      "suits", fmt::format("none of {} random deals of {} suits of {} cards has a solution", kDraws,
                           shape_.suits, shape_.values));
}

void GapInstance::path_from(const GapAnswer& answer, puzzle_interface::Solution& solution) const {
  solution.states.push_back(layout_json(shape_, answer.start));
  if (!answer.moves) return;
  solution.moves = nlohmann::json::array();
  GapLayout layout = answer.start;
  for (const GapMove& move : *answer.moves) {
    solution.moves.push_back({{"card", format_gap_code(shape_, layout[move.from])},
                              {"from", place_json(shape_, move.from)},
                              {"to", place_json(shape_, move.to)}});
    apply_gap_move(shape_, layout, move);
    solution.states.push_back(layout_json(shape_, layout));
  }
}

std::string GapInstance::solution_text(const puzzle_interface::Solution& solution,
                                       const GapAnswer& /*answer*/, Format format) const {
  if (format == Format::contest) {
    return fmt::format("{}\n", solution.length ? static_cast<long long>(*solution.length) : -1);
  }
  return puzzle_interface::pretty_solution(
      info(), solution,
      {.legend = "A card is its suit, then its value (35: suit 3, value 5); -- is a gap. A move "
                 "names the card, the cell it leaves and the gap it fills, by row and column.",
       .draw = [&](const nlohmann::json& layout) { return draw(layout); },
       .say =
           [](const nlohmann::json& move) {
             return fmt::format("{} from row {}, column {} into the gap at row {}, column {}",
                                move.at("card").get<std::string>(),
                                move.at("from").at(0).get<int>(), move.at("from").at(1).get<int>(),
                                move.at("to").at(0).get<int>(), move.at("to").at(1).get<int>());
           }});
}

void GapInstance::add_solution_fields(nlohmann::json& record, const GapAnswer& /*answer*/) const {
  add_shape(record);
}

puzzle_interface::Surveyed<puzzle_interface::NoDetail> GapInstance::survey(
    const puzzle_interface::Dataset* start, const GapLayout* layout,
    const search::SearchContext& context) const {
  puzzle_interface::Surveyed<puzzle_interface::NoDetail> surveyed;
  puzzle_interface::Exploration& exploration = surveyed.exploration;
  GapLayout from;
  if (start != nullptr) {
    from = *layout;
    exploration.origin = "the first deal of " + start->source;
  } else {
    from = gap_start_layout(shape_, random_gap_deal(shape_, seed_));
    exploration.origin = fmt::format("random deal {}", seed_);
  }
  GapExploration result = explore_gap(shape_, from, context);
  exploration.layer_sizes = std::move(result.layer_sizes);
  exploration.stats = result.stats;
  exploration.start = layout_json(shape_, from);
  for (const GapLayout& deepest : result.deepest)
    exploration.deepest.push_back(layout_json(shape_, deepest));
  return surveyed;
}

std::string GapInstance::exploration_text(const puzzle_interface::Exploration& exploration,
                                          const puzzle_interface::NoDetail& /*detail*/) const {
  std::string text = fmt::format("{} x {} layouts reachable from {}:\n{}", shape_.suits,
                                 shape_.values, exploration.origin, draw(exploration.start));
  text += puzzle_interface::layers_table("depth", "layouts", exploration);
  if (!exploration.deepest.empty()) {
    text += fmt::format("a deepest layout ({}):\n{}",
                        io::counted(exploration.layer_sizes.size() - 1, "move"),
                        draw(exploration.deepest.front()));
  }
  return text;
}

void GapInstance::add_exploration_fields(nlohmann::json& record,
                                         const puzzle_interface::NoDetail& /*detail*/) const {
  add_shape(record);
}

puzzle_interface::PuzzleInfo gap_info() {
  puzzle_interface::PuzzleInfo info;
  info.name = "gap";
  info.summary =
      "Gap card solitaire (POJ 2046): fewest moves to order the rows; decks up to 9 x 13";
  info.description = kDescription;
  info.dataset_noun = "Deal";
  using Type = puzzle_interface::OptionSpec::Type;
  info.options = {
      {"suits", "Suits, the rows of a deal", Type::integer, "4", 1, kGapMaxSuits, {}},
      {"values", "Values per suit, the cards in a row", Type::integer, "7", 2, kGapMaxValues, {}},
      {"prune",
       "bfs and astar: none (every move) or stubborn (one order of commuting moves)",
       Type::text,
       "none",
       0,
       0,
       {"none", "stubborn"},
       puzzle_interface::OptionSpec::Use::solve},
      {"seed",
       "explore without FILE: the random deal to start from",
       Type::integer,
       "1",
       0,
       std::numeric_limits<long long>::max(),
       {},
       puzzle_interface::OptionSpec::Use::explore},
  };
  info.algorithms = puzzle_interface::algorithm_names(kAlgorithms);
  return info;
}

std::unique_ptr<puzzle_interface::Instance> configure_gap(
    const puzzle_interface::PuzzleInfo& info, const puzzle_interface::OptionValues& options) {
  GapShape shape;
  shape.suits = static_cast<int>(puzzle_interface::integer_option(info, options, "suits"));
  shape.values = static_cast<int>(puzzle_interface::integer_option(info, options, "values"));
  const auto seed = puzzle_interface::integer_option(info, options, "seed");
  const GapPruning pruning = puzzle_interface::text_option(info, options, "prune") == "stubborn"
                                 ? GapPruning::stubborn
                                 : GapPruning::none;
  return std::make_unique<GapInstance>(info, shape, pruning, static_cast<std::uint64_t>(seed));
}

}  // namespace
}  // namespace plumb::puzzles

namespace plumb::puzzle_interface {

std::unique_ptr<Puzzle> make_gap_puzzle(std::shared_ptr<const io::TableLender> /*tables: none*/) {
  return std::make_unique<Puzzle>(puzzles::gap_info(), puzzles::configure_gap);
}

}  // namespace plumb::puzzle_interface
