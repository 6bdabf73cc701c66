// The sliding puzzle's part of the Python package, the submodule plumb.sliding: exact optimal
// distances of sliding-puzzle boards at scale, to train and test learned heuristics on, from the
// puzzle's own optimal solver (puzzles::SlidingSolver's "auto": the distance table up to 2,000,000
// states, IDA* over the pattern databases on 4x4 and 5x5, else IDA*), with the goal blank-last (the
// program's default) or blank-first (Korf's sets), goal=.
//
// sample() draws uniformly random solvable boards (SlidingDomain::random_solvable: plumb's own
// draws over std::mt19937_64, puzzle_interface/random_draws.hpp), so a seed gives the same boards
// everywhere and whatever the threads. Labels are found on `threads` workers, a board each at a
// time, without the GIL: the first board alone first, on every thread, which loads or builds the
// table or the databases (in the cache directory, with the cache's notices, as the program does).
#include <fmt/format.h>
#include <pybind11/numpy.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/puzzles/sliding_io.hpp"
#include "plumb/puzzles/sliding_solve.hpp"
#include "python/bindings.hpp"
#include "python/cancellable.hpp"
#include "python/errors.hpp"
#include "python/limit_arguments.hpp"

namespace plumb::python {
namespace {

using puzzles::SlidingSize;
using puzzles::SlidingState;

// The goal a goal= argument names: blank-first or blank-last.
puzzles::BlankPlace blank_place(const std::string& goal) {
  if (goal == "blank-first") return puzzles::BlankPlace::first;
  if (goal == "blank-last") return puzzles::BlankPlace::last;
  throw puzzle_interface::UsageError(
      "goal", "expected blank-first or blank-last, found " + io::quote(goal));
}

// A solver of `size` for the goal `goal` (blank-first or blank-last), with the pattern databases
// `pdb` ("": the size's default). Bad values are refused as the sliding puzzle refuses --size,
// --goal and --pdb.
struct Labeller {
  Labeller(const std::string& size_name, const std::string& pdb, const std::string& goal) {
    const puzzles::BlankPlace place = blank_place(goal);
    puzzle_interface::make_builtin_puzzle("sliding")->configure(
        {{"size", size_name}, {"pdb", pdb}});
    // The program infers an empty --size from its input; here there is none to infer it from.
    std::string error;
    const std::optional<SlidingSize> read =
        puzzles::read_grid_size(size_name, puzzles::kSlidingBounds, error);
    if (!read) throw puzzle_interface::UsageError("size", error);
    size = *read;
    const puzzles::SlidingPartition* partition =
        pdb.empty() ? nullptr : puzzles::find_sliding_partition(pdb);
    try {
      solver.emplace(size, puzzles::ordered_sliding_goal(size.rows, size.cols, place), partition);
    } catch (const std::invalid_argument& error) {
      throw puzzle_interface::UsageError("pdb", error.what());
    }
  }

  // Writes each board's optimal distance (each board reaches the goal) as above; stops with
  // LimitReached if the context is cancelled.
  void label(std::span<const SlidingState> boards, std::span<std::int32_t> distances,
             const search::SearchContext& context) {
    if (boards.empty()) return;
    const puzzles::SlidingAlgorithm& automatic = *puzzles::find_sliding_algorithm("auto");
    std::atomic<std::size_t> next{0};
    std::atomic<bool> halted{false};
    std::mutex mutex;
    search::SearchStats stopped;  // the first search a limit stopped, once halted
    // Labels the next board; false when there is none or a limit stopped a search.
    const auto label_next = [&](const search::SearchContext& on, puzzles::SlidingSolution& found) {
      const std::size_t i = next++;
      if (i >= boards.size() || halted) return false;
      solver->solve(boards[i], automatic, on, found);
      if (search::is_limit(found.stats.reason)) {
        const std::lock_guard lock(mutex);
        if (!halted.exchange(true)) stopped = found.stats;
        return false;
      }
      distances[i] = static_cast<std::int32_t>(found.moves.size());
      return true;
    };
    puzzles::SlidingSolution first;
    label_next(context, first);
    search::SearchContext one_thread = context;
    one_thread.limits.threads = 1;
    search::run_workers(search::worker_threads(context), [&](unsigned) {
      puzzles::SlidingSolution found;
      while (label_next(one_thread, found)) {
      }
    });
    if (halted) throw puzzle_interface::LimitReached(stopped);
  }

  SlidingSize size;
  std::optional<puzzles::SlidingSolver> solver;
};

py::tuple sample(const std::string& size, std::uint64_t count, std::uint64_t seed,
                 const py::object& threads, const py::object& pdb, const std::string& goal,
                 const py::object& progress) {
  return guarded([&] {
    Labeller labeller(size, pdb.is_none() ? std::string() : std::string(py::str(pdb)), goal);
    const CallContext call = limits_context(py::none(), py::none(), threads, progress);
    const search::SearchContext& context = call.context;
    const puzzles::SlidingDomain& domain = labeller.solver->domain();
    const auto cells = static_cast<std::size_t>(domain.cells());
    std::vector<SlidingState> boards(count);
    std::mt19937_64 random(seed);
    for (SlidingState& board : boards) board = domain.random_solvable(random);
    py::array_t<std::uint8_t> states(
        {static_cast<py::ssize_t>(count), static_cast<py::ssize_t>(cells)});
    auto tiles = states.mutable_unchecked<2>();
    for (std::size_t i = 0; i < count; ++i) {
      for (std::size_t cell = 0; cell < cells; ++cell) tiles(i, cell) = boards[i].cells[cell];
    }
    py::array_t<std::int32_t> distances(static_cast<py::ssize_t>(count));
    const std::span<std::int32_t> labels(distances.mutable_data(), count);
    run_cancellable(context, [&] { labeller.label(boards, labels, context); });
    return py::make_tuple(std::move(states), std::move(distances));
  });
}

// The tiles of `given` as read_board's tokens, in C order: each number as written, so that what is
// no tile is refused naming itself: 1.5, nan, inf, 1e+20 (a whole float such as 3.0 is "3").
template <class Number>
std::vector<std::string> tokens_as(const py::array& given) {
  const auto values = py::array_t<Number, py::array::c_style | py::array::forcecast>::ensure(given);
  std::vector<std::string> tokens;
  tokens.reserve(static_cast<std::size_t>(values.size()));
  for (py::ssize_t i = 0; i < values.size(); ++i)
    tokens.push_back(fmt::format("{}", values.data()[i]));
  return tokens;
}

std::vector<std::string> tile_tokens(const py::array& given) {
  switch (given.dtype().kind()) {
    case 'b':
    case 'i':
      return tokens_as<long long>(given);
    case 'u':
      return tokens_as<unsigned long long>(given);
    case 'f':
      return tokens_as<double>(given);
    default:
      throw py::type_error("boards must hold numbers (the tiles), not " +
                           std::string(py::str(given.dtype())));
  }
}

py::object distance(const py::object& boards_given, const py::object& size,
                    const py::object& threads, const py::object& pdb, const std::string& goal,
                    const py::object& progress) {
  return guarded([&] {
    const py::array given = py::array::ensure(boards_given);
    if (!given) throw py::type_error("boards must be an array of tiles (numbers)");
    if (given.ndim() != 1 && given.ndim() != 2)
      throw py::value_error("boards must be one board (a row of tiles) or an array of them");
    const bool one = given.ndim() == 1;
    if (given.shape(given.ndim() - 1) > puzzles::kMaxSlidingCells) {
      throw io::InputError("boards", 1,
                           fmt::format("a board of {} tiles: a board has at most {} cells",
                                       given.shape(given.ndim() - 1), puzzles::kMaxSlidingCells));
    }
    const auto cells = static_cast<int>(given.shape(given.ndim() - 1));
    const std::size_t count = one ? 1 : static_cast<std::size_t>(given.shape(0));
    std::string size_name;
    if (!size.is_none()) {
      size_name = py::str(size);
    } else if (const auto square = puzzles::square_size(cells)) {
      size_name = puzzles::size_name(*square);
    } else {
      throw puzzle_interface::UsageError("size",
                                         "boards of " + std::to_string(cells) +
                                             " cells are not square (4, 9, 16 or 25): give the "
                                             "size, e.g. size=\"2x4\"");
    }
    Labeller labeller(size_name, pdb.is_none() ? std::string() : std::string(py::str(pdb)), goal);
    const CallContext call = limits_context(py::none(), py::none(), threads, progress);
    const search::SearchContext& context = call.context;
    std::vector<SlidingState> boards(count);
    const std::vector<std::string> tiles = tile_tokens(given);
    for (std::size_t i = 0; i < count; ++i) {
      std::string line;
      for (int cell = 0; cell < cells; ++cell) line += tiles[i * cells + cell] + ' ';
      std::string error = puzzles::read_board(line, labeller.size, boards[i]);
      if (error.empty() && !labeller.solver->domain().is_solvable(boards[i]))
        error = "the board cannot reach the goal, " + goal;
      if (!error.empty()) throw io::InputError("boards", static_cast<int>(i + 1), error);
    }
    py::array_t<std::int32_t> distances(static_cast<py::ssize_t>(count));
    const std::span<std::int32_t> labels(distances.mutable_data(), count);
    run_cancellable(context, [&] { labeller.label(boards, labels, context); });
    return one ? py::object(py::int_(labels[0])) : py::object(std::move(distances));
  });
}

}  // namespace

void bind_sliding(py::module_& module) {
  py::module_ sliding = module.def_submodule("sliding",
                                             "Exact optimal distances of sliding-puzzle boards "
                                             "(goal= blank-last or blank-first), at scale.");
  sliding.def("sample", &sample, py::arg("size") = "4x4", py::arg("count") = 1000,
              py::arg("seed") = 0, py::arg("threads") = 0, py::arg("pdb") = py::none(),
              py::arg("goal") = "blank-last", py::arg("progress") = py::none(),
              R"(`count` uniformly random solvable boards of `size` and their optimal distances.

Returns (states, distances): numpy arrays of shape (count, cells), uint8, row by row with 0
the blank, and (count,), int32. The goal is blank-last (1 2 ... 0) or blank-first (goal=). The
same seed gives the same boards on every machine, whatever the threads. Distances come from
the distance table (3x3 and boards of at most 2,000,000 states), IDA* over pattern databases
(4x4: 15-7-8, 5x5: 24-6666, built once into the cache, or the set `pdb` names), else IDA*;
5x5 boards take minutes to hours each. threads: 0, one a core.)");
  sliding.def("distance", &distance, py::arg("boards"), py::kw_only(), py::arg("size") = py::none(),
              py::arg("threads") = 0, py::arg("pdb") = py::none(), py::arg("goal") = "blank-last",
              py::arg("progress") = py::none(),
              R"(The optimal distance of each board to the goal (goal=), as sample() finds them.

boards: an array of shape (N, cells), or one board (cells,), of tiles row by row with 0 the
blank; size "RxC" when the boards are not square. Returns an int32 array of N distances, or
an int for one board. A board that is not one, or cannot reach the goal, raises
plumb.InputError naming it (source "boards", line its number from 1).)");
}

}  // namespace plumb::python
