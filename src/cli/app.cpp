// The command line: CLI11 subcommands `solve PUZZLE`, `explore PUZZLE`, `list` and `help`, with the
// options every puzzle shares and each puzzle's own.
#include "cli/app.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cmath>
#include <deque>
#include <iostream>
#include <optional>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/version.hpp"

namespace plumb::cli {
namespace {

constexpr const char* kDescription =
    "plumb finds optimal solutions to combinatorial puzzles by state-space search.\n"
    "It reads each puzzle's contest input format and writes the contest's expected output.";

constexpr const char* kFooter =
    "Examples:\n"
    "  plumb list                                  the puzzles\n"
    "  echo '2 3 4 1 5 x 7 6 8' | plumb solve sliding\n"
    "  plumb solve gap deals.txt --stats           answers, with statistics on standard error\n"
    "  plumb explore sliding --size 3x3            states at each depth from the goal\n"
    "  plumb help cubic                            rules, formats and options of one puzzle\n"
    "Exit status: 0 done, 2 bad input or usage, 3 stopped by --time-limit or --max-memory, 4 the\n"
    "environment failed (cache unusable, out of memory, output cannot be written); `plumb pdb solve`\n"
    "exits 1 when a solution does not match its instance's published length.";

// The options a puzzle subcommand was given, before they are turned into a PuzzleRun.
struct CommandLine {
  Puzzle* puzzle = nullptr;
  CLI::App* command = nullptr;
  bool is_solve = true;
  std::string file;
  std::string format = "contest";
  std::string algo;
  bool stats = false;
  double time_limit = 0;
  std::string max_memory;
  unsigned threads = 0;
  bool progress = false;
};

// --time-limit: a finite number of seconds, 0 or more (0: no limit).
const CLI::Validator kSeconds(
    [](std::string& text) -> std::string {
      std::size_t used = 0;
      double seconds = -1;
      try {
        seconds = std::stod(text, &used);
      } catch (const std::exception&) {
      }
      if (used != text.size() || !std::isfinite(seconds) || seconds < 0)
        return io::quote(text) + " is not a number of seconds (0 or more; 0: no limit)";
      return {};
    },
    "SECONDS");

void add_puzzle_command(CLI::App& parent, Puzzle& puzzle, bool is_solve, CommandLine& line) {
  CLI::App* command =
      parent.add_subcommand(std::string(puzzle.name()), std::string(puzzle.summary()));
  line.puzzle = &puzzle;
  line.command = command;
  line.is_solve = is_solve;
  command->add_option(
      "FILE", line.file,
      is_solve ? "Input in the contest format; standard input if absent or -"
               : "Explore from the first dataset of this file (default: the puzzle's own start)");
  command
      ->add_option("--format", line.format,
                   "Output: contest (the contest's exact output), pretty, json")
      ->check(CLI::IsMember({"contest", "pretty", "json"}))
      ->capture_default_str();
  std::vector<std::string> algorithms = puzzle.algorithms();
  command
      ->add_option("--algo", line.algo,
                   "Algorithm, one of: " + fmt::format("{}", fmt::join(algorithms, ", ")) +
                       " (default " + algorithms.front() + ")")
      ->check(CLI::IsMember(algorithms));
  command->add_flag("--stats", line.stats, "Print search statistics to standard error");
  command
      ->add_option("--time-limit", line.time_limit,
                   "Stop cleanly after this many seconds (0: no limit)")
      ->check(kSeconds);
  command->add_option("--max-memory", line.max_memory,
                      "Stop cleanly past this much memory, e.g. 512M, 16G (0: no limit)");
  command->add_flag("--progress", line.progress,
                    "Show progress even when standard error is not a terminal");
  command
      ->add_option("--threads", line.threads,
                   "Worker threads where an algorithm can use several (explore, sliding's pdb); 0: "
                   "one a core; at most 4 a core (256 in all)")
      ->capture_default_str();
  puzzle.add_options(*command);
}

PuzzleRun make_run(const CommandLine& line) {
  PuzzleRun run;
  run.puzzle = line.puzzle;
  run.file = line.file;
  RunOptions& options = run.options;
  options.format = line.format == "pretty" ? Format::pretty
                   : line.format == "json" ? Format::json
                                           : Format::contest;
  options.algo = line.algo.empty() ? line.puzzle->algorithms().front() : line.algo;
  options.stats = line.stats;
  options.context.limits.max_seconds = line.time_limit;
  options.context.limits.threads = capped_threads(line.threads);
  if (!line.max_memory.empty()) {
    auto bytes = parse_memory_size(line.max_memory);
    if (!bytes)
      throw CLI::ValidationError("--max-memory", io::quote(line.max_memory) +
                                                     " is not a size such as 512M or 16G (0: no limit)");
    options.context.limits.max_memory_bytes = *bytes;
  }
  options.context.set_progress(terminal_progress(line.progress));
  return run;
}

// CLI11's messages in the program's form: "plumb: --size: ...", then the help to read.
std::string failure_message(const CLI::App* app, const CLI::Error& error) {
  std::string command = app->get_name();
  for (auto chosen = app->get_subcommands(); !chosen.empty(); chosen = chosen.front()->get_subcommands())
    command += " " + chosen.front()->get_name();
  return fmt::format("plumb: {}\nRun '{} --help' for more.\n", error.what(), command);
}

// CLI11 says only "A subcommand is required" for `plumb`, `plumb bogus`, `plumb solve` and `plumb
// solve nosuch`: this names what is missing or unknown, walking the command words of argv down the
// tree of subcommands until the first option (which must be the command's own). Returns the
// message, or nothing if the words are commands.
std::optional<std::string> command_word_error(CLI::App& app, int argc, char** argv) {
  CLI::App* command = &app;
  std::string path = "plumb";
  for (int i = 1;; ++i) {
    const std::vector<CLI::App*> choices = command->get_subcommands([](CLI::App*) { return true; });
    if (choices.empty()) return std::nullopt;
    const bool puzzles = command->get_name() == "solve" || command->get_name() == "explore";
    std::vector<std::string> names;
    for (const CLI::App* choice : choices) names.push_back(choice->get_name());
    const std::string known = fmt::format("{}", fmt::join(names, ", "));
    if (i >= argc) {
      return fmt::format("{}: name a {}: {}{}", path, puzzles ? "puzzle" : "command", known,
                         i == 1 ? " (plumb --help explains them)" : "");
    }
    const std::string_view word = argv[i];
    if (word.starts_with('-')) {  // --help and --version; CLI11 checks the rest
      const std::string name(word.substr(0, word.find('=')));
      if (command->get_option_no_throw(name) != nullptr) return std::nullopt;
      return fmt::format("{}: no option {} here (run '{} --help')", path, io::quote(name), path);
    }
    const auto next = std::find_if(choices.begin(), choices.end(),
                                   [&](const CLI::App* choice) { return choice->get_name() == word; });
    if (next == choices.end()) {
      if (puzzles) return fmt::format("plumb: no puzzle named {} (plumb list shows them)", io::quote(word));
      return fmt::format("{}: no command named {}; the commands: {}", path, io::quote(word), known);
    }
    command = *next;
    path += " " + command->get_name();
  }
}

}  // namespace

int run_program(int argc, char** argv) {
  Registry registry = builtin_registry();
  CLI::App app{kDescription, "plumb"};
  app.failure_message(failure_message);  // before the subcommands, which inherit it
  app.footer(kFooter);
  app.require_subcommand(1);
  app.set_version_flag("--version", "plumb " + std::string(version()));

  CLI::App* solve =
      app.add_subcommand("solve", "Solve every dataset of a puzzle's input, optimally");
  CLI::App* explore = app.add_subcommand(
      "explore", "Count the states at each depth from a start; show the deepest");
  solve->require_subcommand(1);
  explore->require_subcommand(1);
  std::deque<CommandLine> lines;
  for (const auto& puzzle : registry.puzzles()) {
    add_puzzle_command(*solve, *puzzle, true, lines.emplace_back());
    add_puzzle_command(*explore, *puzzle, false, lines.emplace_back());
  }

  bool names_only = false;
  CLI::App* list = app.add_subcommand("list", "List the puzzles, one line each");
  list->add_flag("--names", names_only, "Only the names");

  std::string help_topic;
  CLI::App* help =
      app.add_subcommand("help", "Explain the program, or one puzzle's rules, formats and options");
  help->add_option("PUZZLE", help_topic, "A puzzle's name");
  add_pdb_command(app);
  add_cache_command(app);
  io::set_cache_reporter(report_cache_line);

  if (const auto error = command_word_error(app, argc, argv)) {
    std::cerr << *error << '\n';
    return kExitBadInput;
  }
  const std::string program_help = app.help();  // once a subcommand is parsed, help() is its own
  try {
    app.parse(argc, argv);
    if (list->parsed()) return guarded([&] { return run_list(registry, names_only); });
    if (help->parsed()) return guarded([&] { return run_help(registry, help_topic, program_help); });
    for (const CommandLine& line : lines) {
      if (!line.command->parsed()) continue;
      PuzzleRun run = make_run(line);
      return line.is_solve ? run_solve(run) : run_explore(run);
    }
  } catch (
      const CLI::RuntimeError& finished) {  // a command that ran in its callback, with its status
    return finished.get_exit_code();
  } catch (const CLI::ParseError& error) {  // --help and --version too, which CLI11 prints
    return guarded([&] { return app.exit(error) == 0 ? 0 : kExitBadInput; });
  }
  return kExitBadInput;
}

}  // namespace plumb::cli
