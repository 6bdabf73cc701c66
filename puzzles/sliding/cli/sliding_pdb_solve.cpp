// Sliding's own command: `plumb pdb solve SET FILE` solves a benchmark file of boards (Korf's 100
// 15-puzzles, his 50 24-puzzles) with a set of pattern databases and checks each answer against
// the published length (docs/pdb.md); under an MPI launcher the processes share each instance's
// search (cli/cluster.hpp), and a batch keeps a checkpoint to resume from (cli/pdb_checkpoint.hpp).
// The program adds it under `plumb pdb` through the puzzle's registration (cmake/puzzles.cmake).
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "cli/cluster.hpp"
#include "cli/commands/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/pdb_checkpoint.hpp"
#include "cli/progress.hpp"
#include "cli/values.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_heuristics.hpp"
#include "plumb/puzzles/sliding_io.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"

namespace plumb::cli {
namespace {

struct BatchOptions {
  std::string set;
  std::string file;
  unsigned threads = 0;            // 0: one a core (threads_to_use)
  double time_limit = 0;           // seconds an instance's search; 0 for none
  std::uint64_t astar_states = 0;  // A* first until it stores this many; 0: IDA* alone
  std::string checkpoint;          // a folder to keep the batch's checkpoint in
  std::string resume;              // a checkpoint folder to carry on from
  bool progress = false;
};

// The named partitions' names, SET's choices.
std::vector<std::string> partition_names() {
  std::vector<std::string> names;
  for (const puzzles::SlidingPartition& partition : puzzles::sliding_partitions())
    names.push_back(partition.name);
  return names;
}

// How one instance of a benchmark file came out: solved with the published length (""), or not.
std::string verdict(const puzzles::SlidingDomain& domain, const puzzles::SlidingState& start,
                    const puzzles::SlidingPdbSolution& solution, long long expected) {
  if (!solution.moves) {
    return search::is_limit(solution.stats.reason)
               ? fmt::format("stopped: {}", search::to_string(solution.stats.reason))
               : "MISMATCH: no solution found";
  }
  const auto end = domain.replay(start, *solution.moves);
  if (!end || !domain.is_goal(*end)) return "MISMATCH: the moves do not reach the goal";
  if (static_cast<long long>(solution.moves->size()) != expected) return "MISMATCH: length";
  return "";
}

// The longest optimal solution of a board of the set's size (for 5x5, whose is not known, an upper
// bound proved, 208): no IDA* bound over an admissible heuristic is above it.
Cost longest_optimal_length(const puzzles::SlidingPartition& partition) {
  switch (partition.width * partition.height) {
    case 8:  // 2x4
      return 36;
    case 9:
      return 31;
    case 16:
      return 80;
    case 25:
      return 208;
    default:  // a set of another size, for which no figure is proved: what a checkpoint can hold
      return 255;
  }
}

// Reads a benchmark file (lines: id, optimal length, the cells; # comments), solves each instance
// with the set's databases (blank-first goal), replays each solution and prints id, length, the
// root's bound, nodes and seconds. --time-limit bounds each instance's search, not the build.
// With --checkpoint or --resume the batch keeps its checkpoint (cli/pdb_checkpoint.hpp): a
// resumed batch prints the lines of the instances finished before again, and carries on.
ExitCode run_solve_file(const BatchOptions& options) {
  // SET's choices are the partitions' names: CLI11 lets no other through.
  const puzzles::SlidingPartition* partition = puzzles::find_sliding_partition(options.set);
  const unsigned cells = partition->width * partition->height;
  const puzzles::SlidingSize size{static_cast<int>(partition->height),
                                  static_cast<int>(partition->width)};
  if (!cluster().missing().empty()) throw io::EnvironmentError(cluster().missing());
  if (cluster().size() > 1 && options.file == "-") {
    std::cerr << "plumb: under an MPI launcher, pdb solve reads a FILE (only process 0 gets "
                 "standard input)\n";
    return ExitCode::bad_input;
  }
  search::SearchContext context;
  context.distribution.exchange =
      cluster().exchange();  // each search shared by an MPI job's processes
  if (cluster().rank() == 0) show_progress(context, options.progress);
  const CancelOnInterrupt cancel_on_interrupt(context);
  io::TextInput in = io::TextInput::open(
      options.file, puzzle_interface::read_limits(puzzle_interface::kMaxInputLineBytes, context));
  std::vector<puzzles::SlidingState> boards;
  std::vector<long long> ids, lengths;
  for (std::string line; in.next_nonblank_line(line);) {
    const auto tokens = io::split_tokens(line);
    if (tokens.front().starts_with("#")) continue;
    if (tokens.size() != cells + 2)
      in.fail(fmt::format("expected an id, a length and {} cells", cells));
    for (std::size_t i = 0; i < 2; ++i) {
      const auto value = io::parse_int(tokens[i]);
      if (!value || *value < 0) in.fail(fmt::format("bad number {}", io::quote(tokens[i])));
      (i == 0 ? ids : lengths).push_back(*value);
    }
    puzzles::SlidingState board;
    const std::string_view cells_text =
        std::string_view(line).substr(static_cast<std::size_t>(tokens[2].data() - line.data()));
    if (const std::string error = puzzles::read_board(cells_text, size, board); !error.empty())
      in.fail(error);
    boards.push_back(board);
  }
  std::vector<std::vector<std::uint8_t>> cells_of;
  for (const puzzles::SlidingState& board : boards)
    cells_of.emplace_back(board.cells.begin(), board.cells.begin() + cells);
  const puzzles::SlidingDomain domain(
      size.rows, size.cols,
      puzzles::ordered_sliding_goal(size.rows, size.cols, puzzles::BlankPlace::first));
  const puzzles::SlidingManhattan manhattan(domain);
  std::vector<InstanceFacts> facts;
  for (std::size_t i = 0; i < boards.size(); ++i)
    facts.push_back({ids[i], lengths[i], manhattan(boards[i]), longest_optimal_length(*partition)});
  const bool resume = !options.resume.empty();
  BatchRecorder recorder(resume ? options.resume : options.checkpoint, resume,
                         {options.set, options.file, boards.size(),
                          batch_fingerprint(ids, lengths, cells_of), options.astar_states},
                         facts, cluster().rank() == 0);
  std::optional<puzzles::SlidingPdbSet> pdbs =
      puzzles::load_or_build_sliding_pdbs(*partition, context, options.threads);
  clear_progress();
  if (!pdbs) return ExitCode::limit;
  context.limits.max_seconds = options.time_limit;
  search::SearchStats total;
  int wrong = 0, stopped = 0;
  std::size_t tried = 0;
  std::cout << "id length expected bound expanded generated seconds"
            << (options.astar_states != 0 ? " astar_stored\n" : "\n");
  const auto count = [&](InstanceOutcome outcome, const search::SearchStats& stats) {
    ++tried;
    total += stats;
    wrong += outcome == InstanceOutcome::wrong ? 1 : 0;
    stopped += outcome == InstanceOutcome::stopped ? 1 : 0;
  };
  for (const FinishedInstance& done : recorder.finished()) {
    count(done.outcome, done.stats);
    std::cout << done.line << '\n';
  }
  // An interrupt stops the instance it comes in, and the run: the total is of the instances tried.
  // The instance it stops is not finished: a resumed batch searches it again from its last bound.
  for (std::size_t i = recorder.finished().size(); i < boards.size() && !context.cancelled(); ++i) {
    auto solution = puzzles::solve_sliding_pdb(*pdbs, std::span(boards[i].cells.data(), cells),
                                               std::span(domain.goal().cells.data(), cells),
                                               context, options.threads, options.astar_states,
                                               recorder.start_instance());
    clear_progress();
    recorder.add_earlier_iterations(solution.stats);
    const std::string outcome = verdict(domain, boards[i], solution, lengths[i]);
    const InstanceOutcome kind = !solution.moves && search::is_limit(solution.stats.reason)
                                     ? InstanceOutcome::stopped
                                 : outcome.empty() ? InstanceOutcome::solved
                                                   : InstanceOutcome::wrong;
    count(kind, solution.stats);
    std::string line =
        fmt::format("{} {} {} {} {} {} {:.4f}{}{}{}", ids[i],
                    solution.moves ? fmt::format("{}", solution.moves->size()) : std::string("-"),
                    lengths[i], solution.root_bound, solution.stats.expanded,
                    solution.stats.generated, solution.stats.seconds,
                    options.astar_states != 0 ? fmt::format(" {}", solution.stats.peak_stored) : "",
                    outcome.empty() ? "" : " ", outcome);
    std::cout << line << '\n';
    std::cout.flush();  // each line as soon as it is known: a benchmark file can take hours
    if (solution.stats.reason != search::StopReason::cancelled)
      recorder.finish_instance(kind, solution.stats, std::move(line));
  }
  std::cout << fmt::format(
      "total: {} instances, {} wrong, {} stopped, {} expanded, {} generated, {:.3f} s, {}/s "
      "generated\n",
      tried, wrong, stopped, total.expanded, total.generated, total.seconds,
      human_count(total.seconds > 0 ? total.generated / total.seconds : 0));
  if (wrong != 0) return ExitCode::mismatch;
  return stopped == 0 ? ExitCode::done : ExitCode::limit;
}

}  // namespace

void add_sliding_commands(CLI::App& app) {
  auto options = std::make_shared<BatchOptions>();
  CLI::App& pdb = *app.get_subcommand("pdb");
  CLI::App* solve = pdb.add_subcommand(
      "solve",
      "Solve a benchmark file (id, optimal length, cells per line; blank-first goal) and check it; "
      "exit status 1 if a solution does not match");
  choice_value(solve->add_option("SET", options->set, "The set's name")->required(), "SET",
               partition_names());
  text_value(
      solve->add_option("FILE", options->file, "The benchmark file, e.g. korf100.txt")->required(),
      "FILE");
  whole_value(
      solve->add_option("-j,--threads", options->threads, "Threads to search with; 0: one a core"),
      "N", 0)
      ->capture_default_str();
  number_value(solve->add_option("--time-limit", options->time_limit,
                                 "Stop each instance's search after this many seconds (0: no "
                                 "limit); the instance is reported as stopped and the next one "
                                 "starts"),
               "SECONDS", seconds_check(), "0");
  whole_value(solve->add_option("--astar-states", options->astar_states,
                                "Run A* first until it stores this many states, then IDA* from its "
                                "frontier (A*+IDA*; 0, the default: IDA* alone); a column "
                                "astar_stored says how many"),
              "N", 0);
  solve->add_flag("--progress", options->progress,
                  "Show progress even when standard error is not a terminal");
  text_value(solve->add_option(
                 "--checkpoint", options->checkpoint,
                 "Keep the batch's checkpoint in this folder (each finished instance's line, and "
                 "the bound the one in progress reached), to resume from if the run is lost"),
             "DIR")
      ->check(folder_check());
  text_value(solve->add_option(
                 "--resume", options->resume,
                 "Carry on from the checkpoint in this folder (same SET, FILE and "
                 "--astar-states; any number of processes), printing the finished instances' "
                 "lines again and keeping the checkpoint there; the instance that was in "
                 "progress restarts at its recorded bound, its counts adding those recorded"),
             "DIR")
      ->check(folder_check());
  solve->callback([options] {
    options->threads = threads_to_use(options->threads);
    if (!options->resume.empty() && !options->checkpoint.empty() &&
        options->resume != options->checkpoint) {
      throw CLI::ValidationError(
          "--checkpoint", "--resume carries on writing into its own folder: give one folder");
    }
    finish_command([&] { return run_solve_file(*options); });
  });
}

}  // namespace plumb::cli
