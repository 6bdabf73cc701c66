// python/builtin.cpp: plumb's built-in puzzles from Python, driven through the puzzle interface as
// the program drives them (puzzle_interface/run.hpp): plumb.puzzles(), plumb.solve(),
// plumb.explore() and plumb.render(), and the class Solution.
//
// A call configures its own instance (Puzzle::configure, from the keyword options with `_` for
// `-`), runs it off the GIL (run_cancellable) and keeps it for the renderings. Its input is read
// as the program reads one (puzzle_interface::read_limits): lines within the puzzle's bound, and a
// file or a pipe that keeps it waiting is left at Ctrl-C or the memory limit. The paths are
// deferred (PathRecording::deferred): a Solution's moves and states become JSON, then Python
// values, the first time they are asked for, so that a caller who wants the contest text of many
// datasets pays for no more than the program does.
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "python/bindings.hpp"
#include "python/cancellable.hpp"
#include "python/errors.hpp"
#include "python/json.hpp"
#include "python/limit_arguments.hpp"

namespace plumb::python {
namespace {

// The name an input given as text has in messages ("<input>:3: ...").
constexpr const char* kTextInputName = "<input>";

const std::vector<std::unique_ptr<puzzle_interface::Puzzle>>& builtin() {
  static const auto puzzles = puzzle_interface::builtin_puzzles();
  return puzzles;
}

const puzzle_interface::Puzzle& puzzle_named(const std::string& name) {
  std::string names;
  for (const auto& puzzle : builtin()) {
    if (puzzle->info().name == name) return *puzzle;
    names += (names.empty() ? "" : ", ") + puzzle->info().name;
  }
  throw puzzle_interface::UsageError(
      "puzzle", "no puzzle named " + io::quote(name) + "; the puzzles: " + names);
}

// The keyword options as the puzzle interface's option values: `max_moves=9` is --max-moves 9; None
// leaves an option at its default.
puzzle_interface::OptionValues option_values(const py::kwargs& options) {
  puzzle_interface::OptionValues values;
  for (const auto& [key, value] : options) {
    if (value.is_none()) continue;
    std::string name = py::str(key);
    std::replace(name.begin(), name.end(), '_', '-');
    values.emplace(std::move(name), py::str(value));
  }
  return values;
}

// A str's text in UTF-8. A str that has none (a lone surrogate, '\udc80') raises
// UnicodeEncodeError, a ValueError, as str.encode() does: the value is of the right type, its
// content is what cannot be used.
std::string utf8(const py::handle& text) {
  Py_ssize_t size = 0;
  const char* bytes = PyUnicode_AsUTF8AndSize(text.ptr(), &size);
  if (bytes == nullptr) throw py::error_already_set();
  return {bytes, static_cast<std::size_t>(size)};
}

// An input: the contest text (str or bytes), or a file (os.PathLike), named as the program names
// a file. A path is the bytes os.fsencode() makes of it, the file Python's open() would open: a
// bytes path as it is, a str one as the file system encodes it.
class Input {
 public:
  explicit Input(const py::handle& input) {
    if (py::isinstance<py::str>(input)) {
      text_ = utf8(input);
    } else if (py::isinstance<py::bytes>(input)) {
      text_ = input.cast<std::string>();
    } else if (py::hasattr(input, "__fspath__")) {
      path_ = py::module_::import("os").attr("fsencode")(input).cast<std::string>();
      if (*path_ == "-") path_ = "./-";  // a file of that name, not TextInput::open's stdin
    } else {
      throw py::type_error("the input must be the contest text (str or bytes) or a file's path");
    }
  }

  // Reads it with `limits`, as the program reads (a file is opened now); the Input must outlive
  // what it returns.
  io::TextInput open(io::ReadLimits limits) {
    if (!path_) {
      stream_.str(text_);
      return io::TextInput(stream_, kTextInputName, std::move(limits));
    }
    return io::TextInput::open(*path_, std::move(limits));
  }

 private:
  std::string text_;
  std::optional<std::string> path_;
  std::istringstream stream_;
};

// What plumb.solve() answered: the instance that renders the solutions, and the solutions.
struct SolvedInput {
  std::shared_ptr<puzzle_interface::Instance> instance;
  std::vector<puzzle_interface::Solution> solutions;
};

// plumb.Solution: one of a SolvedInput's solutions. Its moves, states and statistics become
// Python values when first asked for, and are kept.
class SolutionView {
 public:
  SolutionView(std::shared_ptr<SolvedInput> input, std::size_t index)
      : input_(std::move(input)), index_(index) {}

  const puzzle_interface::Solution& solution() const { return input_->solutions[index_]; }

  py::object moves() {
    if (!moves_) moves_ = to_python(recorded().moves);
    return *moves_;
  }
  py::object states() {
    if (!states_) {
      py::list states;
      for (const nlohmann::json& state : recorded().states) states.append(to_python(state));
      states_ = std::move(states);
    }
    return *states_;
  }
  py::object stats() {
    if (!stats_) stats_ = to_python(puzzle_interface::stats_json(solution().stats));
    return *stats_;
  }

  std::string render(puzzle_interface::Format format) {
    return input_->instance->render(
        format == puzzle_interface::Format::contest ? solution() : recorded(), format);
  }

 private:
  // The solution with its path recorded.
  const puzzle_interface::Solution& recorded() {
    input_->instance->record_path(input_->solutions[index_]);
    return solution();
  }

  std::shared_ptr<SolvedInput> input_;
  std::size_t index_;
  std::optional<py::object> moves_, states_, stats_;
};

py::list solution_views(const std::shared_ptr<SolvedInput>& input) {
  py::list views(input->solutions.size());
  for (std::size_t i = 0; i < input->solutions.size(); ++i)
    views[i] = py::cast(SolutionView(input, i));
  return views;
}

py::list solve(const std::string& puzzle_name, const py::object& input, const py::object& algorithm,
               const py::object& time_limit, const py::object& max_memory,
               const py::object& threads, const py::object& progress, const py::kwargs& options) {
  auto solved = std::make_shared<SolvedInput>();
  try {
    const puzzle_interface::Puzzle& puzzle = puzzle_named(puzzle_name);
    const CallContext call = limits_context(time_limit, max_memory, threads, progress);
    const search::SearchContext& context = call.context;
    solved->instance = puzzle.configure(option_values(options));
    solved->instance->set_path_recording(puzzle_interface::PathRecording::deferred);
    const std::string chosen = puzzle_interface::chosen_algorithm(
        puzzle.info(), algorithm.is_none() ? std::string() : std::string(py::str(algorithm)));
    Input source(input);
    run_cancellable(context, [&] {
      io::TextInput text =
          source.open(puzzle_interface::read_limits(puzzle.info().max_line_bytes, context));
      puzzle_interface::expect_dataset(text);
      puzzle_interface::solve_input(*solved->instance, text, chosen, context,
                                    [&](puzzle_interface::Solution&& solution) {
                                      solved->solutions.push_back(std::move(solution));
                                    });
    });
  } catch (const py::error_already_set&) {
    throw;
  } catch (...) {
    raise_current(solution_views(solved));
  }
  return solution_views(solved);
}

ExplorationView explore(const std::string& puzzle_name, const py::object& input,
                        const py::object& time_limit, const py::object& max_memory,
                        const py::object& threads, const py::object& progress,
                        const py::kwargs& options) {
  ExplorationView view;
  guarded([&] {
    const puzzle_interface::Puzzle& puzzle = puzzle_named(puzzle_name);
    const CallContext call = limits_context(time_limit, max_memory, threads, progress);
    const search::SearchContext& context = call.context;
    const std::shared_ptr<puzzle_interface::Instance> instance =
        puzzle.configure(option_values(options));
    std::optional<Input> source;
    if (!input.is_none()) source.emplace(input);
    run_cancellable(context, [&] {
      std::optional<io::TextInput> text;
      if (source) {
        text = source->open(puzzle_interface::read_limits(puzzle.info().max_line_bytes, context));
        puzzle_interface::expect_dataset(*text);
      }
      view.exploration =
          puzzle_interface::explore_input(*instance, text ? &*text : nullptr, context);
    });
    view.instance = instance;
  });
  view.origin = view.exploration.origin;
  view.start = to_python(view.exploration.start);
  for (const nlohmann::json& state : view.exploration.deepest)
    view.deepest.append(to_python(state));
  return view;
}

// A random start with a solution, in the puzzle's input format (Instance::scramble); the seed
// drawn from the system's entropy when None.
std::string scramble(const std::string& puzzle_name, const py::object& seed,
                     const py::object& time_limit, const py::kwargs& options) {
  return guarded([&] {
    const puzzle_interface::Puzzle& puzzle = puzzle_named(puzzle_name);
    const CallContext call = limits_context(time_limit, py::none(), py::none(), py::none());
    const std::unique_ptr<puzzle_interface::Instance> instance =
        puzzle.configure(option_values(options));
    const std::uint64_t drawn =
        seed.is_none() ? std::random_device()() : seed.cast<std::uint64_t>();
    std::string start;
    run_cancellable(call.context, [&] { start = instance->scramble(drawn, call.context); });
    return start;
  });
}

std::string render(const py::handle& answers, const std::string& format_name) {
  return guarded([&] {
    const std::optional<puzzle_interface::Format> format =
        puzzle_interface::format_named(format_name);
    if (!format) {
      throw puzzle_interface::UsageError(
          "format", "no format named " + io::quote(format_name) + ": contest, pretty or json");
    }
    if (py::isinstance<ExplorationView>(answers)) {
      const auto& view = answers.cast<const ExplorationView&>();
      if (!view.instance)
        throw py::type_error("an exploration of a Python domain has no renderings");
      return view.instance->render(view.exploration, *format);
    }
    if (py::isinstance<SolutionView>(answers)) return answers.cast<SolutionView&>().render(*format);
    std::string text;
    try {
      for (const py::handle& answer : answers) text += answer.cast<SolutionView&>().render(*format);
    } catch (const py::cast_error&) {
      throw py::type_error("render takes what plumb.solve or plumb.explore returned");
    }
    return text;
  });
}

// A puzzle's declarations as plain values, which plumb/__init__.py makes into plumb.Puzzle.
py::dict puzzle_declarations(const puzzle_interface::PuzzleInfo& info) {
  py::list options;
  for (const puzzle_interface::OptionSpec& spec : info.options) {
    std::string keyword = spec.name;
    std::replace(keyword.begin(), keyword.end(), '-', '_');
    const bool integer = spec.type == puzzle_interface::OptionSpec::Type::integer;
    const bool flag = spec.type == puzzle_interface::OptionSpec::Type::flag;
    py::object default_value = py::none();
    if (flag) {
      default_value = py::bool_(false);
    } else if (integer) {
      if (const auto value = io::parse_int(spec.default_value)) default_value = py::int_(*value);
    } else if (!spec.default_value.empty()) {
      default_value = py::str(spec.default_value);
    }
    options.append(
        py::dict(py::arg("name") = keyword,
                 py::arg("type") = integer ? "integer"
                                   : flag  ? "flag"
                                   : spec.type == puzzle_interface::OptionSpec::Type::file ? "file"
                                                                                           : "text",
                 py::arg("default") = default_value, py::arg("choices") = spec.choices,
                 py::arg("min") = integer ? py::object(py::int_(spec.min)) : py::object(py::none()),
                 py::arg("max") = integer ? py::object(py::int_(spec.max)) : py::object(py::none()),
                 py::arg("help") = spec.help));
  }
  return py::dict(py::arg("name") = info.name, py::arg("summary") = info.summary,
                  py::arg("algorithms") = info.algorithms, py::arg("options") = options);
}

}  // namespace

void bind_builtin(py::module_& module) {
  py::class_<SolutionView>(module, "Solution",
                           "The answer to one dataset of an input: what plumb.solve returns, one "
                           "a dataset.")
      .def_property_readonly(
          "dataset", [](const SolutionView& view) { return view.solution().dataset; },
          "the dataset's number in its input, from 1")
      .def_property_readonly(
          "line", [](const SolutionView& view) { return view.solution().line; },
          "the input line the dataset starts on")
      .def_property_readonly(
          "length", [](const SolutionView& view) { return view.solution().length; },
          "the length of an optimal solution; None when there is none")
      .def_property_readonly(
          "status",
          [](const SolutionView& view) {
            return std::string(puzzle_interface::solution_status(view.solution()));
          },
          "what the answer is: solved, no_solution, none_within_bound or the limit's reason, as "
          "the JSON record's status (docs/json.md)")
      .def_property_readonly(
          "optimal", [](const SolutionView& view) { return view.solution().optimal; },
          "whether length is proven optimal")
      .def_property_readonly(
          "method", [](const SolutionView& view) { return view.solution().method; },
          "the algorithm that ran: the one asked for, or the one auto chose")
      .def_property_readonly("moves", &SolutionView::moves,
                             "an optimal solution's moves in the puzzle's vocabulary "
                             "(docs/json.md); None when there is none")
      .def_property_readonly("states", &SolutionView::states,
                             "the start, then the state after each move")
      .def_property_readonly("stats", &SolutionView::stats,
                             "the search's statistics, a dict as docs/json.md describes")
      .def("__repr__", [](const SolutionView& view) {
        const puzzle_interface::Solution& solution = view.solution();
        return "<plumb.Solution dataset " + std::to_string(solution.dataset) + ", length " +
               (solution.length ? std::to_string(*solution.length) : std::string("None")) + ">";
      });

  made_by_plumb_only(module.attr("Solution"));

  module.def("_puzzles", [] {
    py::list declarations;
    for (const auto& puzzle : builtin()) declarations.append(puzzle_declarations(puzzle->info()));
    return declarations;
  });
  module.def("solve", &solve, py::arg("puzzle"), py::arg("input"), py::kw_only(),
             py::arg("algorithm") = py::none(), py::arg("time_limit") = py::none(),
             py::arg("max_memory") = py::none(), py::arg("threads") = py::none(),
             py::arg("progress") = py::none(),
             R"(Solves every dataset of `input` optimally, as `plumb solve PUZZLE` does.

input: the contest text (str or bytes), or a file's path (os.PathLike).
algorithm: one of the puzzle's algorithms (plumb.puzzles()); None: its default.
time_limit: seconds each search may take; max_memory: bytes, or a size such as "512M";
threads: worker threads where an algorithm can use several (0: one a core).
**options: the puzzle's own options, the program's long options with _ for -
(plumb.solve("gap", text, suits=4, values=7)).
Returns a list of Solution, one a dataset. Raises plumb.InputError, plumb.UsageError,
plumb.LimitReached (with the solutions before it) or plumb.EnvironmentFailure.)");
  module.def("explore", &explore, py::arg("puzzle"), py::arg("input") = py::none(), py::kw_only(),
             py::arg("time_limit") = py::none(), py::arg("max_memory") = py::none(),
             py::arg("threads") = py::none(), py::arg("progress") = py::none(),
             R"(Counts the states at each depth, as `plumb explore PUZZLE` does: from the first
dataset of `input` (text or a path), or from the puzzle's natural start when it is None.
The keywords are solve()'s. Returns an Exploration.)");
  module.def("scramble", &scramble, py::arg("puzzle"), py::kw_only(), py::arg("seed") = py::none(),
             py::arg("time_limit") = py::none(),
             R"(A random start with a solution, as plumb serve's POST /api/scramble deals it: one
dataset's text in the puzzle's input format, the same for the same seed (0 to 2^64 - 1) on every
machine; seed None draws one. **options: the puzzle's own, as solve() takes them.)");
  module.def("render", &render, py::arg("answers"), py::arg("format") = "contest",
             R"(The text `plumb solve` (or `plumb explore`) prints for these answers: a list of
Solution (or one), or an Exploration. format: "contest" (the contest's exact output),
"pretty" or "json" (one JSON record a line, docs/json.md).)");
}

}  // namespace plumb::python
