// The command line: CLI11 subcommands `solve PUZZLE`, `explore PUZZLE`, `list` and `help`, with the
// options every puzzle shares and each puzzle's own.
#include "cli/app.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <deque>
#include <iostream>
#include <optional>

#include "cli/commands/commands.hpp"
#include "cli/completion.hpp"
#include "cli/git_commit.hpp"
#include "cli/manual.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/protocol/builtin.hpp"
#include "plumb/version.hpp"

namespace plumb::cli {
namespace {

constexpr const char* kDescription =
    "plumb finds optimal solutions to combinatorial puzzles by state-space search.\n"
    "It reads each puzzle's contest input format and writes the contest's expected output.";

constexpr const char* kExamples =
    "Examples:\n"
    "  plumb list                                  the puzzles\n"
    "  echo '2 3 4 1 5 x 7 6 8' | plumb solve sliding\n"
    "  plumb solve gap deals.txt --stats           answers, with statistics on standard error\n"
    "  plumb explore sliding --size 3x3            states at each depth from the goal\n"
    "  plumb help cubic                            rules, formats and options of one puzzle\n"
    "  plumb serve                                 solve and watch puzzles in a browser\n";

// The footer of `plumb --help` and `plumb help`: the examples, then the exit statuses from
// protocol::kExitCodes. A command's own help ends in its examples, if any, and kExitStatusPointer.
std::string footer() {
  std::string text = std::string(kExamples) + "\nExit status:\n";
  for (const protocol::ExitCodeMeaning& each : protocol::kExitCodes)
    text += fmt::format("  {}  {}\n", protocol::status(each.code), each.meaning);
  text.pop_back();
  return text;
}

constexpr const char* kSolveExamples =
    "Examples:\n"
    "  echo '2 3 4 1 5 x 7 6 8' | plumb solve sliding\n"
    "  plumb solve gap deals.txt --stats           answers, with statistics on standard error\n"
    "  plumb solve cubic in.txt --format json      one JSON record a dataset (docs/json.md)\n"
    "  plumb help sliding                          a puzzle's rules, formats and options\n";

constexpr const char* kExploreExamples =
    "Examples:\n"
    "  plumb explore sliding --size 3x3            states at each depth from the goal\n"
    "  plumb explore pegs board.txt                from the first dataset of a file\n"
    "  plumb explore gap --format json             the counts as one JSON record\n";

// `solve` and `explore`: their subcommands are the puzzles, and their help says so.
void name_puzzles_in_help(CLI::App& command, const char* examples) {
  auto formatter = std::make_shared<CLI::Formatter>();
  formatter->label("SUBCOMMAND", "PUZZLE");  // the puzzles' group is "Puzzles" (add_puzzle_command)
  command.formatter(formatter);
  command.footer(fmt::format("{}\n{}", examples, kExitStatusPointer));
}

// CLI11's messages in the program's form: "plumb: --size: ...", then the help to read. What CLI11
// repeats of the command line is short and printable (with_arguments_quoted), for every command.
std::string failure_message(const CLI::App* app, const CLI::Error& error) {
  std::string command = app->get_name();
  for (auto chosen = app->get_subcommands(); !chosen.empty();
       chosen = chosen.front()->get_subcommands())
    command += " " + chosen.front()->get_name();
  return fmt::format("plumb: {}\nRun '{} --help' for more.\n", with_arguments_quoted(error.what()),
                     command);
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
    const auto next = std::find_if(choices.begin(), choices.end(), [&](const CLI::App* choice) {
      return choice->get_name() == word;
    });
    if (next == choices.end()) {
      if (puzzles)
        return fmt::format("plumb: no puzzle named {} (plumb list shows them)", io::quote(word));
      return fmt::format("{}: no command named {}; the commands: {}", path, io::quote(word), known);
    }
    command = *next;
    path += " " + command->get_name();
  }
}

}  // namespace

int run_program(int argc, char** argv) {
  const std::vector<std::unique_ptr<protocol::Puzzle>> puzzles = protocol::builtin_puzzles();
  std::vector<protocol::PuzzleInfo> infos;
  for (const auto& puzzle : puzzles) infos.push_back(puzzle->info());

  CLI::App app{kDescription, "plumb"};
  quote_arguments_in_messages(argc, argv);
  app.failure_message(failure_message);  // before the subcommands, which inherit it
  app.footer(std::string(kExitStatusPointer));  // likewise; the program's own footer is set last
  app.require_subcommand(1);
  app.set_version_flag("--version", fmt::format("plumb {} (git {})", version(), git_commit()));

  CLI::App* solve =
      app.add_subcommand("solve", "Solve every dataset of a puzzle's input, optimally");
  CLI::App* explore = app.add_subcommand(
      "explore", "Count the states at each depth from a start; show the deepest");
  solve->require_subcommand(1);
  explore->require_subcommand(1);
  name_puzzles_in_help(*solve, kSolveExamples);
  name_puzzles_in_help(*explore, kExploreExamples);
  std::deque<PuzzleCommand> commands;
  for (const auto& puzzle : puzzles) {
    add_puzzle_command(*solve, *puzzle, true, commands.emplace_back());
    add_puzzle_command(*explore, *puzzle, false, commands.emplace_back());
  }

  bool names_only = false;
  CLI::App* list = app.add_subcommand("list", "List the puzzles, one line each");
  list->add_flag("--names", names_only, "Only the names");

  std::string help_topic;
  bool manual = false;
  std::vector<std::string> names;
  for (const protocol::PuzzleInfo& info : infos) names.push_back(info.name);
  CLI::App* help =
      app.add_subcommand("help", "Explain the program, or one puzzle's rules, formats and options");
  help->add_option("PUZZLE", help_topic, "A puzzle's name")
      ->type_name(fmt::format("{}", fmt::join(names, "|")));
  help->add_flag("--man", manual, "Print the manual page plumb(1), in roff")
      ->excludes(help->get_option("PUZZLE"));
  add_pdb_command(app);
  add_cache_command(app);
  add_serve_command(app);
  add_completion_command(app);
  app.footer(footer());
  io::set_cache_reporter(report_cache_line);

  if (const auto error = command_word_error(app, argc, argv)) {
    std::cerr << *error << '\n';
    return protocol::status(ExitCode::bad_input);
  }
  const std::string program_help = app.help();  // once a subcommand is parsed, help() is its own
  try {
    app.parse(argc, argv);
    if (list->parsed())
      return protocol::status(guarded([&] { return run_list(infos, names_only); }));
    if (help->parsed() && manual)
      return protocol::status(guarded([&] {
        std::cout << manual_page(read_command_tree(app), names, kExamples);
        return ExitCode::done;
      }));
    if (help->parsed())
      return protocol::status(guarded([&] { return run_help(infos, help_topic, program_help); }));
    for (const PuzzleCommand& command : commands) {
      if (command.command->parsed()) return protocol::status(run_puzzle_command(command));
    }
  } catch (
      const CLI::RuntimeError& finished) {  // a command that ran in its callback, with its status
    return finished.get_exit_code();
  } catch (const CLI::ParseError& error) {  // --help and --version too, which CLI11 prints
    return protocol::status(
        guarded([&] { return app.exit(error) == 0 ? ExitCode::done : ExitCode::bad_input; }));
  }
  return protocol::status(ExitCode::bad_input);
}

}  // namespace plumb::cli
