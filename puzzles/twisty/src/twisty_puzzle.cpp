// The `twisty` puzzle in the one puzzle interface (puzzle_interface/puzzle.hpp): any twisty puzzle
// a definition describes (twisty_definition.hpp), its positions solved optimally by IDA* over
// pruning tables chosen for it (twisty_tables.hpp), or explored whole from the solved state.
//
// JSON vocabulary: a move is its name ("R2"); a state is an array of the sets of pieces, each
// {"set": NAME, "pieces": [...], "turns": [...]}, the pieces numbered as in the definition's Solved
// (from 1). A solution's record adds "puzzle" (the definition's name), "metric", "tables" (each
// table the search used: what it follows, its entries, why it was chosen) and "symmetries" (how
// many twisty_symmetry.hpp finds); an exploration's adds "puzzle" and "metric".
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <random>
#include <sstream>
#include <utility>

#include "plumb/io/counted.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/random_draws.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/typed_instance.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_invariants.hpp"
#include "plumb/puzzles/twisty_kpuzzle.hpp"
#include "plumb/puzzles/twisty_positions.hpp"
#include "plumb/puzzles/twisty_ranked.hpp"
#include "plumb/puzzles/twisty_search.hpp"
#include "plumb/puzzles/twisty_shipped.hpp"
#include "plumb/puzzles/twisty_symmetry.hpp"
#include "plumb/puzzles/twisty_tables.hpp"
#include "plumb/search/budget.hpp"
#include "plumb/search/explore.hpp"
#include "twisty_table_sets.hpp"

namespace plumb::puzzle_interface {
namespace {

using puzzles::twisty::Metric;
using puzzles::twisty::NamedPosition;
using puzzles::twisty::Position;
using puzzles::twisty::TwistyDefinition;

constexpr std::string_view kDescription = R"(twisty: any twisty puzzle, from a definition file

A definition (twsearch's text format, inherited from ksolve) lists the puzzle's sets of pieces,
its solved state and its moves; every power of a move is a move (R, R2, R'). `--def` names a
file, or one of the definitions that ship with plumb: 2x2x2, 3x3x3, dino, floppy, FTO,
megaminx, pyraminx, skewb.

Input: positions, each a `ScrambleAlg NAME` block of moves ending in `End`, a `Scramble NAME`
block of the sets' pieces and turns ending in `End`, or a line of moves (`R U2 F'`). `#` starts
a comment.
Output (contest): per position one line, an optimal sequence of moves (empty when solved), or
`unsolvable` when no sequence of moves reaches the solved state.
  --format pretty   the moves and each set's pieces after each
  --format json     one JSON object per position (docs/json.md)

Options:
  --def, --definition FILE|NAME
                    the definition (default 3x3x3)
  --metric half|quarter
                    half (default): a move and each of its powers count one; quarter: only
                    single turns are moves (R2 is R R, two)
  --tables LIST     the pruning tables to use instead of those plumb picks: tables separated by
                    commas, each SET (its places and turns), SET:I-J (those of its pieces,
                    numbered from 0), or SET:turns, joined by + (corners,edges:0-5,edges:6-11)
  --all             every optimal solution of each position, one a line, then a line
                    "# N optimal solutions of L moves" (JSON: "solutions"); of sequences that
                    differ only in the order of commuting moves, one
  --algo ida        IDA* over the pruning tables, in canonical order of moves (the one
                    algorithm); the tables are chosen from the definition, built on first use
                    and cached (a position a few moves deep is searched with quick tables
                    first, and the large ones are built only when that search runs long;
                    `plumb tables build twisty-3x3x3` builds a shipped definition's ahead)

Explore: `plumb explore twisty --def FILE [FILE]` counts the positions at each depth from the
solved state (God's number), or from the first position of FILE, in memory of 4 bits a position of
the whole puzzle (from the solved state, 4 bits a class of positions that the puzzle's symmetries
make views of one another, where the puzzle reduces so); with --checkpoint DIR (or under mpirun) the engine's exploration, 2 bits a
position, keeps each layer in DIR, and --resume DIR carries on from the last one.
)";

enum class TwistyAlgorithm { ida };

// IDA* expands about one node in the time a breadth-first search makes 100 moves, or, with many
// tables, 16 moves for each table a child is read in (the reads of the tables' views, a child
// within the bound by the tables, counted in: TwistySolver).
constexpr std::uint64_t kMovesPerNode = 100;
constexpr std::uint64_t kMovesPerRead = 16;
// Tables whose breadth-first searches make at most 2^26 moves (build_moves) build in half a second
// or so: once cached, they make every later batch fast. (The 2x2x2's whole table, reduced by
// symmetry, counts more: its shallow tables, cached too, solve a batch of random positions sooner
// than it builds.)
constexpr std::uint64_t kCheapBuildMoves = std::uint64_t{1} << 26;

// The most entries of a table of the whole puzzle (explore): 2^35, 16 GiB. A larger puzzle is
// explored as far as its layers hold at most kMaxFirstLayer positions each.
constexpr std::uint64_t kMaxWholeTable = std::uint64_t{1} << 35;
constexpr std::uint64_t kMaxFirstLayer = std::uint64_t{1} << 20;
// The deepest positions an exploration shows.
constexpr std::size_t kDeepestShown = 8;

constexpr std::array<NamedAlgorithm<TwistyAlgorithm>, 1> kAlgorithms{{
    {"ida", TwistyAlgorithm::ida},
}};

std::vector<std::string> shipped_names() {
  std::vector<std::string> names;
  for (const puzzles::twisty::ShippedDefinition& shipped : puzzles::twisty::shipped_definitions())
    names.emplace_back(shipped.name);
  return names;
}

const PuzzleInfo& twisty_info() {
  static const PuzzleInfo info = [] {
    PuzzleInfo info;
    info.name = "twisty";
    info.summary =
        "Twisty puzzles from a definition file (twsearch's format): 3x3x3, pyraminx, ...";
    info.description = kDescription;
    info.dataset_noun = "Position";
    info.options = {
        {.name = "definition",
         .help = fmt::format("The puzzle: a definition file, or one shipped: {}",
                             fmt::join(shipped_names(), ", ")),
         .type = OptionSpec::Type::file,
         .default_value = "3x3x3",
         .min = 0,
         .max = 0,
         .choices = shipped_names(),
         .use = OptionSpec::Use::solve_and_explore,
         .alias = "def"},
        {.name = "metric",
         .help = "What a move costs: half (every power one) or quarter (single turns only)",
         .type = OptionSpec::Type::text,
         .default_value = "half",
         .min = 0,
         .max = 0,
         .choices = {"half", "quarter"}},
        {.name = "tables",
         .help = "Pruning tables to use instead of plumb's choice (SET, SET:0-5, SET:turns)",
         .type = OptionSpec::Type::text,
         .default_value = "",
         .min = 0,
         .max = 0,
         .choices = {},
         .use = OptionSpec::Use::solve},
        {.name = "all",
         .help = "Every optimal solution, not only the first (one of each set of sequences "
                 "that differ only in the order of commuting moves)",
         .type = OptionSpec::Type::flag,
         .default_value = "false",
         .min = 0,
         .max = 0,
         .choices = {},
         .use = OptionSpec::Use::solve},
    };
    info.algorithms = algorithm_names(kAlgorithms);
    return info;
  }();
  return info;
}

// A definition's text: cubing.js's KPuzzle JSON when it starts (after white space) with `{`, else
// ksolve's format.
TwistyDefinition read_definition(std::string_view text, const std::string& source) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{')
    return puzzles::twisty::read_kpuzzle_json(text, source);
  return puzzles::twisty::read_ksolve(text, source);
}

// The definition `value` gives: its text (with a line break), a shipped name, or a file's path.
TwistyDefinition load_definition(const std::string& value) {
  if (value.find('\n') != std::string::npos) return read_definition(value, "the definition");
  if (const auto shipped = puzzles::twisty::shipped_definition(value))
    return puzzles::twisty::read_ksolve(*shipped, value + ".tws");
  std::ifstream file(value, std::ios::binary);
  if (!file) {
    throw UsageError("definition",
                     fmt::format("cannot read {}: {} (shipped definitions: {})", io::quote(value),
                                 std::strerror(errno), fmt::join(shipped_names(), ", ")));
  }
  std::ostringstream text;
  text << file.rdbuf();
  return read_definition(text.str(), value);
}

struct TwistyAnswer {
  NamedPosition start;
  std::optional<std::vector<std::size_t>> moves;  // none: unsolvable, or stopped by a limit
  std::optional<std::string> unsolvable;          // why, when it is
  std::vector<std::string> tables;                // what the search used, for the record
  std::vector<std::vector<std::size_t>> all;      // with --all: every optimal solution
};

struct TwistySurvey {
  bool first_layers_only = false;  // the puzzle is too large for all of them
};

class TwistyReader : public DatasetReader {
 public:
  TwistyReader(io::TextInput& in, const TwistyDefinition& definition)
      : in_(in), positions_(in, definition) {}

  std::optional<Dataset> next() override {
    std::optional<NamedPosition> position = positions_.next();
    if (!position) return std::nullopt;
    const auto line = static_cast<std::size_t>(position->line);
    return Dataset{++read_, line, std::move(*position), in_.name()};
  }

 private:
  io::TextInput& in_;
  puzzles::twisty::PositionReader positions_;
  std::size_t read_ = 0;
};

class TwistyInstance : public TypedInstance<NamedPosition, TwistyAnswer, TwistySurvey> {
 public:
  // `lender`, if any, lends the tables of the definition's declared set (twisty_table_sets.hpp).
  TwistyInstance(std::shared_ptr<const TwistyDefinition> definition, Metric metric,
                 std::vector<puzzles::twisty::TableChoice> named_tables,
                 puzzles::twisty::Solutions wanted, std::shared_ptr<const io::TableLender> lender)
      : TypedInstance(twisty_info()),
        definition_(std::move(definition)),
        metric_(metric),
        named_tables_(std::move(named_tables)),
        wanted_(wanted),
        lender_(std::move(lender)),
        declared_set_(lender_ ? puzzles::twisty::declared_twisty_set(*definition_, metric_) : "") {}

  std::unique_ptr<DatasetReader> read(io::TextInput& in) const override {
    return std::make_unique<TwistyReader>(in, *definition_);
  }

  // Its solves share tables (built once, under tables_mutex_) and the ladder's counts (atomic), and
  // lease their threads.
  bool solves_side_by_side() const override { return true; }

 private:
  const TwistyDefinition& d() const { return *definition_; }

  Found<TwistyAnswer> find_solution(const Dataset& /*dataset*/, const NamedPosition& start,
                                    std::string_view algorithm,
                                    const search::SearchContext& context) const override {
    Found<TwistyAnswer> found;
    found.answer.start = start;
    found.answer.unsolvable = puzzles::twisty::unsolvable_reason(d(), start.position);
    if (found.answer.unsolvable) {
      found.stats.reason = search::StopReason::exhausted;
      return found;
    }
    named_algorithm(kAlgorithms, algorithm);
    solve_by_ida(start.position, context, found);
    if (found.answer.moves) found.length = found.answer.moves->size();
    return found;
  }

  // kScrambleMoves random moves from solved, each of another base move than the one before and
  // never into a position the definition's Illegal lines forbid, as one line.
  std::string scramble(std::uint64_t seed,
                       const search::SearchContext& /*context*/) const override {
    constexpr int kScrambleMoves = 40;
    std::mt19937_64 random(seed);
    Position position = d().solved;
    std::vector<std::string_view> names;
    int last_base = -1;
    for (int turn = 0; turn < kScrambleMoves; ++turn) {
      std::vector<const puzzles::twisty::Move*> allowed;
      for (const puzzles::twisty::Move& move : d().moves) {
        if (move.base != last_base && d().is_legal(composed(d(), position, move.effect)))
          allowed.push_back(&move);
      }
      if (allowed.empty()) break;
      const puzzles::twisty::Move& chosen =
          *allowed[puzzle_interface::uniform_below(random, allowed.size())];
      position = composed(d(), position, chosen.effect);
      names.push_back(chosen.name);
      last_base = chosen.base;
    }
    return fmt::format("{}\n", fmt::join(names, " "));
  }

  // Until the chosen tables are cached, a search climbs a ladder (ski rental): quick tables with
  // shallow ones (kShallowLayerMoves), deeper at each stage, then the chosen tables. The searches
  // of a stage, of all this instance's positions together, get about as many nodes as the next
  // stage's tables take to build (moves_per_node()); when they run out, the next stage begins. So a
  // batch of deep positions soon pays for the tables that make them all faster, and a few shallow
  // positions never build them. A stage that costs as much as the chosen tables is theirs, and
  // chosen tables cheaper than kCheapBuildMoves are built at once.
  void solve_by_ida(const Position& start, const search::SearchContext& context,
                    Found<TwistyAnswer>& found) const {
    namespace twisty = puzzles::twisty;
    const std::vector<twisty::TableChoice> choices = table_choices(context);
    const std::uint64_t whole = twisty::build_moves(d(), choices, 0);
    if (named_tables_.empty() && whole > kCheapBuildMoves && !lent_tables() &&
        !twisty::all_cached(d(), choices, metric_)) {
      constexpr std::size_t kStages = twisty::kShallowLayerMoves.size();
      for (std::size_t stage = stage_.load(); stage < kStages; stage = stage_.load()) {
        const std::uint64_t next_moves =
            stage + 1 < kStages ? twisty::kShallowLayerMoves[stage + 1] : 0;
        const std::uint64_t next_cost =
            next_moves != 0 ? twisty::build_moves(d(), choices, next_moves) : whole;
        const bool chosen_next = next_cost >= whole;  // the chosen tables come next
        const std::uint64_t budget = std::min(next_cost, whole) / moves_per_node(choices);
        const std::uint64_t spent = stage_nodes_.load();
        if (spent < budget) {
          std::uint64_t nodes = 0;
          const bool done =
              search_within(twisty::quick_tables(d(), choices, twisty::kShallowLayerMoves[stage]),
                            start, context, budget - spent, found, nodes);
          stage_nodes_ += nodes;
          if (done) return;
        }
        std::size_t current = stage;
        if (stage_.compare_exchange_strong(current, chosen_next ? kStages : stage + 1)) {
          stage_nodes_ = 0;
          const std::lock_guard lock(tables_mutex_);
          std::erase_if(tables_, [](const auto& kept) { return kept.second->filled < 14; });
        }
      }
    }
    // A front end that keeps the definition's declared set builds it on this first need (and
    // its lender throws, "not ready", until it is); the search then borrows its tables.
    if (named_tables_.empty() && lender_ && !declared_set_.empty())
      io::borrow<puzzles::twisty::LentTables>(*lender_, "twisty", declared_set_);
    std::uint64_t nodes = 0;
    search_with(choices, start, context, 0, found, nodes);
  }

  // What a node of IDA* with the chosen tables costs, in moves of a breadth-first search.
  std::uint64_t moves_per_node(const std::vector<puzzles::twisty::TableChoice>& choices) const {
    const std::uint64_t reads = puzzles::twisty::metric_moves(d(), metric_).size() * choices.size();
    return std::max(kMovesPerNode, kMovesPerRead * reads);
  }

  // search_with() stopped after `max_nodes` expansions (or the context's own limit, if less); true
  // when it is done (solved, proved unsolvable or stopped by the context's limits), false when
  // the nodes ran out (the search's tables are then cleared from the answer for the next try).
  bool search_within(const std::vector<puzzles::twisty::TableChoice>& choices,
                     const Position& start, const search::SearchContext& context,
                     std::uint64_t max_nodes, Found<TwistyAnswer>& found,
                     std::uint64_t& nodes) const {
    if (context.limits.max_nodes != 0 && context.limits.max_nodes <= max_nodes) {
      search_with(choices, start, context, 0, found, nodes);
      return true;
    }
    search_with(choices, start, context, max_nodes, found, nodes);
    if (found.stats.reason != search::StopReason::node_limit) return true;
    found.answer.tables.clear();
    return false;
  }

  // IDA* over the tables of `choices`, built or loaded first (under `context`), the search stopped
  // after `max_nodes` expansions unless 0; `nodes` counts the search's.
  void search_with(const std::vector<puzzles::twisty::TableChoice>& choices, const Position& start,
                   const search::SearchContext& context, std::uint64_t max_nodes,
                   Found<TwistyAnswer>& found, std::uint64_t& nodes) const {
    std::vector<std::shared_ptr<const puzzles::twisty::PruningTable>> tables;
    for (const puzzles::twisty::TableChoice& choice : choices) {
      auto table = pruning_table(choice, context, found.stats);
      if (!table) return;
      const std::string reduced = table->reduction
                                      ? fmt::format(", a class of views each by its {} symmetries",
                                                    table->reduction->symmetries())
                                      : "";
      found.answer.tables.push_back(
          fmt::format("{} ({}{}): {}", table->pattern.describe(d()),
                      io::counted(table->entries.size(), "entry", "entries"), reduced, choice.why));
      tables.push_back(std::move(table));
    }
    search::SearchContext bounded = context;
    if (max_nodes != 0) bounded.limits.max_nodes = max_nodes;
    puzzles::twisty::TwistySolver solver(d(), metric_, tables);
    puzzles::twisty::TwistySolution solution = solver.solve(start, bounded, wanted_);
    nodes += solution.stats.expanded;
    found.stats += solution.stats;
    found.stats.reason = solution.stats.reason;
    found.answer.moves = std::move(solution.moves);
    found.answer.all = std::move(solution.all);
    if (solution.unreachable)
      found.answer.unsolvable = "a complete pruning table never reaches it from the solved state";
  }

  // The tables named by --tables, or those chosen within the memory limit.
  std::vector<puzzles::twisty::TableChoice> table_choices(
      const search::SearchContext& context) const {
    if (!named_tables_.empty()) return named_tables_;
    std::uint64_t max_entries = puzzles::twisty::kDefaultTableEntries;
    if (context.limits.max_memory_bytes != 0)
      max_entries = std::min(max_entries, context.limits.max_memory_bytes);  // 2 entries a byte
    return puzzles::twisty::choose_tables(d(), max_entries);
  }

  // The tables of the definition's declared set if a front end keeps them loaded and they are
  // ready; else null.
  std::shared_ptr<const puzzles::twisty::LentTables> lent_tables() const {
    if (!lender_ || declared_set_.empty()) return nullptr;
    return io::borrow_if_ready<puzzles::twisty::LentTables>(*lender_, "twisty", declared_set_);
  }

  // The table of `choice`, lent, or loaded or built once an instance; null when a limit stopped
  // its build (stats.reason says which).
  std::shared_ptr<const puzzles::twisty::PruningTable> pruning_table(
      const puzzles::twisty::TableChoice& choice, const search::SearchContext& context,
      search::SearchStats& stats) const {
    if (const auto lent = lent_tables(); lent && choice.shallow_moves == 0) {
      for (const auto& table : lent->tables) {
        if (table->pattern.key() == choice.pattern.key()) return table;
      }
    }
    const std::lock_guard lock(tables_mutex_);
    const std::string key = fmt::format("{} {}", choice.pattern.key(), choice.shallow_moves);
    if (const auto kept = tables_.find(key); kept != tables_.end()) return kept->second;
    search::SearchStats build;
    const search::ThreadLease lease(context);
    auto table =
        puzzles::twisty::load_or_build_table(d(), choice, metric_, lease.threads(), context, build);
    stats += build;
    if (!table) {
      stats.reason = build.reason;
      return nullptr;
    }
    tables_.emplace(key, table);
    return table;
  }

  // The definition's symmetries, found on first need.
  const std::vector<puzzles::twisty::Symmetry>& symmetries() const {
    std::call_once(symmetries_once_,
                   [this] { symmetries_ = puzzles::twisty::find_symmetries(d()); });
    return symmetries_;
  }

  const puzzles::twisty::Pattern& whole_pattern() const {
    std::call_once(whole_pattern_once_, [this] {
      whole_pattern_ =
          std::make_unique<puzzles::twisty::Pattern>(puzzles::twisty::whole_puzzle(d()));
      puzzles::twisty::build_move_tables(d(), *whole_pattern_);
    });
    return *whole_pattern_;
  }

  // The layers of the whole puzzle from `from` (null: the solved state; its table fits
  // kMaxWholeTable); null when a limit stopped them. From the solved state, which every symmetry
  // keeps, over the positions' indices reduced by symmetry where the whole puzzle reduces
  // (`reduction`, else null): an index then stands for its class's positions.
  std::shared_ptr<const puzzles::twisty::Layers> whole_layers(
      const search::SearchContext& context, search::SearchStats& stats, const Position* from,
      std::shared_ptr<const puzzles::twisty::SymmetryReduction>& reduction) const {
    if (search::Budget budget(context, stats); !budget.check()) return nullptr;  // cancelled
    if (from == nullptr) reduction = puzzles::twisty::reduction_of(d(), whole_pattern());
    std::optional<puzzles::twisty::Layers> layers = puzzles::twisty::breadth_first(
        d(), whole_pattern(), puzzles::twisty::metric_moves(d(), metric_),
        std::numeric_limits<int>::max(), search::worker_threads(context), context, stats, from,
        UINT64_MAX, reduction.get());
    if (!layers) return nullptr;
    return std::make_shared<const puzzles::twisty::Layers>(std::move(*layers));
  }

  nlohmann::json state_json(const Position& position) const {
    nlohmann::json state = nlohmann::json::array();
    for (const puzzles::twisty::PieceSet& set : d().sets) {
      nlohmann::json pieces = nlohmann::json::array(), turns = nlohmann::json::array();
      for (int i = 0; i < set.size; ++i) {
        pieces.push_back(set.written[position[set.offset + i]]);
        turns.push_back(position[set.offset + set.size + i]);
      }
      state.push_back({{"set", set.name}, {"pieces", pieces}, {"turns", turns}});
    }
    return state;
  }

  void path_from(const TwistyAnswer& answer, Solution& solution) const override {
    Position position = answer.start.position;
    solution.states.push_back(state_json(position));
    if (!answer.moves) return;
    solution.moves = nlohmann::json::array();
    for (const std::size_t move : *answer.moves) {
      solution.moves.push_back(d().moves[move].name);
      position = puzzles::twisty::composed(d(), position, d().moves[move].effect);
      solution.states.push_back(state_json(position));
    }
  }

  nlohmann::json start_json(const NamedPosition& start) const override {
    return state_json(start.position);
  }

  std::optional<std::string> unsolvable_reason(const NamedPosition& start) const override {
    return puzzles::twisty::unsolvable_reason(d(), start.position);
  }

  // The position's name, the definition's, and its moves (every power), which a client offers.
  void add_dataset_fields(nlohmann::json& record, const NamedPosition& start) const override {
    record["name"] = start.name;
    record["definition"] = d().name;
    nlohmann::json& moves = record["moves"] = nlohmann::json::array();
    for (const puzzles::twisty::Move& move : d().moves) moves.push_back(move.name);
  }

  std::vector<std::string> move_names(const std::vector<std::size_t>& moves) const {
    std::vector<std::string> names;
    for (const std::size_t move : moves) names.push_back(d().moves[move].name);
    return names;
  }

  // With --all, every optimal solution a line (the first the one printed without it), then "# N
  // optimal solutions of L moves" (a comment, as in the input) ends the position's.
  std::string solution_text(const Solution& solution, const TwistyAnswer& answer,
                            Format format) const override {
    if (answer.unsolvable && format == Format::contest) return "unsolvable\n";
    if (!answer.moves) {  // a limit: the front end says which
      return format == Format::contest ? "\n" : pretty_solution(info(), solution, pretty_drawing());
    }
    if (wanted_ == puzzles::twisty::Solutions::first) {
      return format == Format::contest
                 ? fmt::format("{}\n", fmt::join(move_names(*answer.moves), " "))
                 : pretty_solution(info(), solution, pretty_drawing());
    }
    std::string listed;  // every optimal solution a line, the first answer.moves
    for (const std::vector<std::size_t>& moves : answer.all)
      listed += fmt::format("{}\n", fmt::join(move_names(moves), " "));
    const std::string count = fmt::format(
        "{} of {}", io::counted(answer.all.size(), "optimal solution", "optimal solutions"),
        io::counted(answer.moves->size(), "move"));
    if (format == Format::contest) return fmt::format("{}# {}\n", listed, count);
    return fmt::format("{}\nAll {}:\n{}", pretty_solution(info(), solution, pretty_drawing()),
                       count, listed);
  }

  PrettyDrawing pretty_drawing() const {
    return {.legend = fmt::format("{}: each set's pieces (numbered as in Solved) and turns, slot "
                                  "by slot.",
                                  d().name),
            .draw = [this](const nlohmann::json& state) { return draw(state); },
            .say = [](const nlohmann::json& move) { return move.get<std::string>(); }};
  }

  std::string draw(const nlohmann::json& state) const {
    std::string text;
    for (const puzzles::twisty::PieceSet& set : d().sets) {
      const nlohmann::json& part = state.at(&set - d().sets.data());
      text += fmt::format("  {:<10} {}\n", set.name,
                          fmt::join(part.at("pieces").get<std::vector<int>>(), " "));
      if (set.orientations > 1)
        text += fmt::format("  {:<10} {}\n", "",
                            fmt::join(part.at("turns").get<std::vector<int>>(), " "));
    }
    return text;
  }

  void add_solution_fields(nlohmann::json& record, const TwistyAnswer& answer) const override {
    record["definition"] = d().name;
    record["name"] = answer.start.name;
    record["metric"] = metric_ == Metric::half ? "half" : "quarter";
    record["tables"] = answer.tables;
    record["symmetries"] = symmetries().size();
    if (wanted_ == puzzles::twisty::Solutions::all) {
      nlohmann::json all = nlohmann::json::array();
      for (const std::vector<std::size_t>& moves : answer.all) all.push_back(move_names(moves));
      record["solutions"] = all;
    }
    record["unsolvable"] =
        answer.unsolvable ? nlohmann::json(*answer.unsolvable) : nlohmann::json();
  }

  Surveyed<TwistySurvey> survey(const Dataset* start, const NamedPosition* data,
                                const search::SearchContext& context) const override {
    Surveyed<TwistySurvey> surveyed;
    Exploration& exploration = surveyed.exploration;
    const Position* from = data != nullptr ? &data->position : nullptr;
    exploration.origin = start == nullptr ? "the solved state"
                         : start->number == 1
                             ? fmt::format("the first position of {}", start->source)
                             : fmt::format("position {} of {}", start->number, start->source);
    exploration.start = state_json(from != nullptr ? *from : d().solved);
    if (whole_pattern().size() > kMaxWholeTable) {
      // Too large for a table of every position: its first layers, as far as they fit, in this
      // process.
      if (const search::Distribution& shared = context.distribution; !shared.checkpoint.empty()) {
        throw UsageError(shared.resume ? "resume" : "checkpoint",
                         fmt::format("{} has too many positions for a table of them all: its "
                                     "first layers are counted without checkpoints",
                                     d().name));
      }
      std::optional<puzzles::twisty::FirstLayers> layers =
          puzzles::twisty::first_layers(d(), puzzles::twisty::metric_moves(d(), metric_),
                                        kMaxFirstLayer, context, exploration.stats, from);
      if (!layers) return surveyed;
      exploration.layer_sizes = std::move(layers->layer_sizes);
      exploration.stats.reason =
          layers->complete ? search::StopReason::exhausted : search::StopReason::depth_limit;
      for (const Position& position : layers->deepest)
        exploration.deepest.push_back(state_json(position));
      surveyed.detail.first_layers_only = !layers->complete;
      return surveyed;
    }
    std::vector<std::uint64_t> deepest;
    std::shared_ptr<const puzzles::twisty::SymmetryReduction> reduction;
    if (context.distribution.active()) {
      // Processes under mpirun, or checkpoints: the engine's exploration over the same ranks.
      const std::uint64_t origin = puzzles::twisty::projected_rank(
          d(), whole_pattern(), from != nullptr ? *from : d().solved);
      const puzzles::twisty::RankedPuzzle ranks(
          d(), whole_pattern(), puzzles::twisty::metric_moves(d(), metric_), origin);
      search::ExploreResult<puzzles::twisty::RankedPuzzle> explored =
          search::explore(ranks, std::span(&origin, 1), context, kDeepestShown);
      static_cast<search::LayerCounts&>(exploration) = std::move(explored);
      if (search::is_limit(exploration.stats.reason)) return surveyed;
      deepest = std::move(explored.deepest);
    } else {
      const std::shared_ptr<const puzzles::twisty::Layers> layers =
          whole_layers(context, exploration.stats, from, reduction);
      if (!layers) return surveyed;
      exploration.layer_sizes = layers->projections;
      // Counted as the engine's exploration counts (and every puzzle's): its depth the last
      // layer's, the ranks reached stored (a reduced index one), each successor that reached one
      // again a duplicate.
      search::SearchStats& stats = exploration.stats;
      stats.reason = search::StopReason::exhausted;
      stats.depth = static_cast<plumb::Cost>(exploration.layer_sizes.size() - 1);
      const std::uint64_t stored =
          std::reduce(layers->layer_sizes.begin(), layers->layer_sizes.end());
      stats.peak_stored = stored;
      stats.duplicates = stats.generated - std::min(stats.generated, stored - 1);
      deepest = layers->deepest;
    }
    Position projection(d().bytes, puzzles::twisty::kUntracked);
    std::vector<std::uint64_t> digits(whole_pattern().coordinates().size());
    for (std::uint64_t rank : deepest) {
      if (reduction) {
        reduction->representative(rank, digits.data());
        rank = whole_pattern().join(digits.data());
      }
      whole_pattern().unrank(rank, projection);
      exploration.deepest.push_back(state_json(labelled(projection)));
    }
    return surveyed;
  }

  // A projection of the whole puzzle (groups are labels) as a position: the same bytes, with what
  // it does not follow (a set's places or turns) as in the solved state.
  Position labelled(const Position& projection) const {
    Position position = projection;
    for (std::size_t i = 0; i < position.size(); ++i)
      if (position[i] == puzzles::twisty::kUntracked) position[i] = d().solved[i];
    return position;
  }

  std::string exploration_text(const Exploration& exploration,
                               const TwistySurvey& survey) const override {
    std::string text =
        fmt::format("Positions of {} at each distance from {} ({} metric):\n", d().name,
                    exploration.origin, metric_ == Metric::half ? "half-turn" : "quarter-turn");
    text += layers_table("moves", "positions", exploration);
    if (survey.first_layers_only)
      text += fmt::format(
          "(the first layers only: {} has too many positions for a table of them "
          "all, and its next layer more than {})\n",
          d().name, io::counted(kMaxFirstLayer, "position"));
    if (!exploration.deepest.empty()) {
      text += fmt::format("a deepest position ({}):\n{}",
                          io::counted(exploration.layer_sizes.size() - 1, "move"),
                          draw(exploration.deepest.front()));
    }
    return text;
  }

  void add_exploration_fields(nlohmann::json& record,
                              const TwistySurvey& /*survey*/) const override {
    record["definition"] = d().name;
    record["metric"] = metric_ == Metric::half ? "half" : "quarter";
  }

  std::shared_ptr<const TwistyDefinition> definition_;
  Metric metric_;
  std::vector<puzzles::twisty::TableChoice> named_tables_;
  puzzles::twisty::Solutions wanted_;
  std::shared_ptr<const io::TableLender> lender_;
  std::string declared_set_;  // of the definition's tables, where a lender may keep it; or empty
  mutable std::mutex tables_mutex_;
  mutable std::atomic<std::size_t> stage_ = 0;          // of the ladder (solve_by_ida)
  mutable std::atomic<std::uint64_t> stage_nodes_ = 0;  // spent by its searches
  mutable std::map<std::string, std::shared_ptr<const puzzles::twisty::PruningTable>> tables_;
  mutable std::once_flag whole_pattern_once_;
  mutable std::unique_ptr<puzzles::twisty::Pattern> whole_pattern_;
  mutable std::once_flag symmetries_once_;
  mutable std::vector<puzzles::twisty::Symmetry> symmetries_;
};

}  // namespace

std::unique_ptr<Puzzle> make_twisty_puzzle(std::shared_ptr<const io::TableLender> lender) {
  return std::make_unique<Puzzle>(
      twisty_info(),
      [lender](const PuzzleInfo& info, const OptionValues& options) {
        auto definition = std::make_shared<const TwistyDefinition>(
            load_definition(text_option(info, options, "definition")));
        const Metric metric =
            text_option(info, options, "metric") == "quarter" ? Metric::quarter : Metric::half;
        std::vector<puzzles::twisty::TableChoice> named;
        const std::string tables =
            options.contains("tables") ? text_option(info, options, "tables") : "";
        if (!tables.empty()) {
          try {
            named = puzzles::twisty::parse_tables(*definition, tables);
          } catch (const std::invalid_argument& error) {
            throw UsageError("tables", error.what());
          }
        }
        const puzzles::twisty::Solutions wanted = flag_option(info, options, "all")
                                                      ? puzzles::twisty::Solutions::all
                                                      : puzzles::twisty::Solutions::first;
        return std::make_unique<TwistyInstance>(std::move(definition), metric, std::move(named),
                                                wanted, lender);
      },
      puzzles::twisty::twisty_table_sets());
}

}  // namespace plumb::puzzle_interface
