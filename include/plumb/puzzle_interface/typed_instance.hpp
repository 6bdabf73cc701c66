// plumb/puzzle_interface/typed_instance.hpp: where a puzzle's own types meet the puzzle interface's
// erased ones (puzzle.hpp), written once for every puzzle.
//
// A puzzle derives TypedInstance<Data, Answer, Detail> and writes typed calls: solve a dataset to a
// Found<Answer>, explore to a Surveyed<Detail>, work out a solution's path from its Answer, render
// text from the Answer or the Detail and add its own fields to the JSON records; and describe a
// Data without solving it (its start, its shape, whether it is known to have no solution). The
// template fills every Solution's common fields, keeps the Answer and the Detail in the puzzle
// interface's values and takes them out again, and writes JSON records as text. Invariant: every
// Dataset this instance's reader made holds a Data, every Solution it made an Answer, every
// Exploration a Detail; a value from another puzzle's instance is a precondition broken
// (std::bad_any_cast).
//
// An algorithm table is the other thing every puzzle writes: NamedAlgorithm rows, the default
// first, from which PuzzleInfo::algorithms is derived (algorithm_names) and a name is looked up
// (named_algorithm).
#pragma once

#include <any>
#include <concepts>
#include <cstdint>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/puzzle.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::puzzle_interface {

// One row of a puzzle's table of algorithms: the name `--algo` takes, and the puzzle's own value.
template <class Algorithm>
struct NamedAlgorithm {
  std::string_view name;
  Algorithm algorithm;
};

// A table of algorithms: rows with a `name`, the default first (NamedAlgorithm's, or a puzzle's
// own rows that say more, as sliding's).
template <class Table>
concept AlgorithmTable = requires(const Table& table) {
  { std::begin(table)->name } -> std::convertible_to<std::string_view>;
};

// The names of a table's rows, in order: what PuzzleInfo::algorithms holds.
template <AlgorithmTable Table>
std::vector<std::string> algorithm_names(const Table& table) {
  std::vector<std::string> names;
  for (const auto& row : table) names.emplace_back(row.name);
  return names;
}

// The row named `name`; UsageError("algo", ...) for a name the table has not.
template <AlgorithmTable Table>
const auto& named_algorithm(const Table& table, std::string_view name) {
  for (const auto& row : table) {
    if (row.name == name) return row;
  }
  throw_unknown_algorithm(algorithm_names(table), name);
}

// A dataset's data as the puzzle's reader stored it.
template <class Data>
const Data& data_of(const Dataset& dataset) {
  return std::any_cast<const Data&>(dataset.data);
}

// A solve's outcome in a puzzle's own terms, which TypedInstance makes a Solution of.
template <class Answer>
struct Found {
  Answer answer{};
  search::SearchStats stats{};  // its reason is the Solution's: solved, exhausted, a limit
  std::optional<std::uint64_t> length{};  // the optimal length, when there is a solution
  std::string method{};                   // the algorithm that ran; empty: the one asked for
};

// An exploration, and the puzzle's own result beside it for its renderings.
template <class Detail>
struct Surveyed {
  Exploration exploration{};  // its `detail` is TypedInstance's to fill
  Detail detail{};
};

// The Detail of a puzzle whose renderings need nothing beyond the Exploration.
struct NoDetail {};

template <class Data, class Answer, class Detail = NoDetail>
class TypedInstance : public Instance {
 public:
  explicit TypedInstance(PuzzleInfo info) : info_(std::move(info)) {}

  Solution solve(const Dataset& dataset, std::string_view algorithm,
                 const search::SearchContext& context) const final {
    algorithm_index(info_, algorithm);  // a name the puzzle does not declare: UsageError
    Found<Answer> found = find_solution(dataset, data_of<Data>(dataset), algorithm, context);
    Solution solution;
    solution.dataset = dataset.number;
    solution.line = dataset.line;
    solution.length = found.length;
    solution.optimal = !search::is_limit(found.stats.reason);
    solution.stats = found.stats;
    solution.algorithm = algorithm;
    solution.method = found.method.empty() ? std::string(algorithm) : std::move(found.method);
    solution.answer = std::move(found.answer);
    if (path_recording() == PathRecording::full) fill_path(solution);
    return solution;
  }

  Exploration explore(const Dataset* start, const search::SearchContext& context) const final {
    Surveyed<Detail> surveyed =
        survey(start, start != nullptr ? &data_of<Data>(*start) : nullptr, context);
    surveyed.exploration.detail = std::move(surveyed.detail);
    return std::move(surveyed.exploration);
  }

  nlohmann::json to_json(const Solution& solution) const final {
    nlohmann::json record = solution_json(info_, solution);
    add_solution_fields(record, answer_of(solution));
    return record;
  }

  nlohmann::json to_json(const Exploration& exploration) const final {
    nlohmann::json record = exploration_json(info_, exploration);
    add_exploration_fields(record, detail_of(exploration));
    return record;
  }

  nlohmann::json describe(const Dataset& dataset) const final {
    const Data& data = data_of<Data>(dataset);
    nlohmann::json record = {
        {"dataset", dataset.number}, {"line", dataset.line}, {"start", start_json(data)}};
    add_dataset_fields(record, data);
    const std::optional<std::string> reason = unsolvable_reason(data);
    record["unsolvable"] = reason ? nlohmann::json(*reason) : nlohmann::json(nullptr);
    return record;
  }

  std::string render(const Solution& solution, Format format) const final {
    if (format == Format::json) return to_json(solution).dump() + '\n';
    return solution_text(solution, answer_of(solution), format);
  }

  std::string render(const Exploration& exploration, Format format) const final {
    if (format == Format::json) return to_json(exploration).dump() + '\n';
    return exploration_text(exploration, detail_of(exploration));
  }

 protected:
  const PuzzleInfo& info() const { return info_; }

 private:
  // The typed calls a puzzle writes.

  // Solves `data`, the data of `dataset`, with `algorithm`, one of the puzzle's.
  virtual Found<Answer> find_solution(const Dataset& dataset, const Data& data,
                                      std::string_view algorithm,
                                      const search::SearchContext& context) const = 0;
  // Explores from `start` (its data `data`), or from the puzzle's natural start when both are null.
  virtual Surveyed<Detail> survey(const Dataset* start, const Data* data,
                                  const search::SearchContext& context) const = 0;
  // Sets solution.moves and solution.states from its answer (Instance::fill_path).
  virtual void path_from(const Answer& answer, Solution& solution) const = 0;
  // The start of a dataset's `data` as JSON: the state path_from puts first in Solution::states.
  virtual nlohmann::json start_json(const Data& data) const = 0;
  // Why `data` has no solution, where the puzzle can tell without a search (a parity); nothing when
  // it cannot or there is one.
  virtual std::optional<std::string> unsolvable_reason(const Data& /*data*/) const {
    return std::nullopt;
  }
  // The puzzle's own fields of a dataset's description (describe): the facts of its shape that a
  // client needs to draw or edit it; none unless a puzzle says.
  virtual void add_dataset_fields(nlohmann::json& /*record*/, const Data& /*data*/) const {}
  // The contest or pretty text of a solution, and the text of an exploration, ending in a newline.
  virtual std::string solution_text(const Solution& solution, const Answer& answer,
                                    Format format) const = 0;
  virtual std::string exploration_text(const Exploration& exploration,
                                       const Detail& detail) const = 0;
  // The puzzle's own fields of a JSON record, added to the common ones (render.hpp); none unless
  // a puzzle says.
  virtual void add_solution_fields(nlohmann::json& /*record*/, const Answer& /*answer*/) const {}
  virtual void add_exploration_fields(nlohmann::json& /*record*/, const Detail& /*detail*/) const {}

  void fill_path(Solution& solution) const final { path_from(answer_of(solution), solution); }

  static const Answer& answer_of(const Solution& solution) {
    return std::any_cast<const Answer&>(solution.answer);
  }
  static const Detail& detail_of(const Exploration& exploration) {
    return std::any_cast<const Detail&>(exploration.detail);
  }

  const PuzzleInfo info_;  // a copy: an instance may outlive its puzzle
};

}  // namespace plumb::puzzle_interface
