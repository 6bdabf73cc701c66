// The command line: CLI11 subcommands `solve PUZZLE`, `explore PUZZLE`, `list` and `help`, with the
// options every puzzle shares and each puzzle's own. The words are checked first
// (read_command_line), so that every usage error is said in the program's words.
#include "cli/app.hpp"

#include <fmt/format.h>
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <deque>
#include <iostream>
#include <optional>

#include "cli/commands/commands.hpp"
#include "cli/completion.hpp"
#include "cli/git_commit.hpp"
#include "cli/manual.hpp"
#include "cli/values.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
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
// puzzle_interface::kExitCodes. A command's own help ends in its examples, if any, and
// kExitStatusPointer.
std::string footer() {
  std::string text = std::string(kExamples) + "\nExit status:\n";
  for (const puzzle_interface::ExitCodeMeaning& each : puzzle_interface::kExitCodes)
    text += fmt::format("  {}  {}\n", puzzle_interface::status(each.code), each.meaning);
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
  auto formatter = value_formatter();
  formatter->label("SUBCOMMAND", "PUZZLE");  // the puzzles' group is "Puzzles" (add_puzzle_command)
  command.formatter(formatter);
  command.footer(fmt::format("{}\n{}", examples, kExitStatusPointer));
}

// The command's words: "plumb solve sliding".
std::string command_path(const CLI::App* app) {
  std::string path = app->get_name();
  for (auto chosen = app->get_subcommands(); !chosen.empty();
       chosen = chosen.front()->get_subcommands())
    path += " " + chosen.front()->get_name();
  return path;
}

// The messages of CLI11 that the checks before parsing (read_command_line) and the options' own
// (cli/values.hpp) leave to it, in the program's form: "plumb: --man: ...", then the help to read.
// What they repeat of the command line is short and printable (with_arguments_quoted).
std::string failure_message(const CLI::App* app, const CLI::Error& error) {
  std::string message = error.what();
  if (const auto* excludes = dynamic_cast<const CLI::ExcludesError*>(&error)) {
    const std::string_view text = excludes->what();
    const std::size_t space = text.find(" excludes ");
    if (space != std::string_view::npos) {
      message =
          fmt::format("{}: not with {}", text.substr(space + std::string_view(" excludes ").size()),
                      text.substr(0, space));
    }
  }
  if (message.size() > 1 && std::islower(static_cast<unsigned char>(message[1])))
    message.front() = static_cast<char>(std::tolower(static_cast<unsigned char>(message.front())));
  const std::string path = command_path(app);
  return fmt::format("plumb: {}\nRun '{} --help' for more.\n", with_arguments_quoted(message),
                     path);
}

bool is_option_word(std::string_view word) {
  return word.size() > 1 && word.front() == '-';
}

// The option's name in an option word: "--format" of "--format=json", "-f" of "-fjson".
std::string option_name(std::string_view word) {
  return std::string(word.starts_with("--") ? word.substr(0, word.find('=')) : word.substr(0, 2));
}

// The option a word names, or null.
const CLI::Option* named_option(const CLI::App& command, std::string_view word) {
  return command.get_option_no_throw(option_name(word));
}

// Whether the word holds the option's value too: "--format=json", "-fjson".
bool holds_value(std::string_view word) {
  return word.starts_with("--") ? word.find('=') != std::string_view::npos : word.size() > 2;
}

std::vector<std::string> option_names(const std::vector<const CLI::App*>& commands) {
  std::vector<std::string> names;
  for (const CLI::App* command : commands) {
    for (const CLI::Option* option : command->get_options()) {
      for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    }
  }
  return names;
}

std::string no_option(const std::string& path, std::string_view word,
                      const std::vector<const CLI::App*>& commands) {
  const std::string name = option_name(word);
  return fmt::format("{}: no option {}{} (run '{} --help')", path, io::quote(name),
                     did_you_mean(name, option_names(commands)), path);
}

// A command with no subcommands: every option word names one of its options and has its value,
// and the positional words are as many as it takes. Null if so (or at --help), else the message.
std::optional<std::string> check_leaf(const CLI::App& command, const std::string& path,
                                      const std::vector<std::string>& words, std::size_t from) {
  const std::vector<const CLI::Option*> positionals =
      command.get_options([](const CLI::Option* option) { return option->get_positional(); });
  std::size_t room = 0;
  for (const CLI::Option* positional : positionals)
    room += static_cast<std::size_t>(positional->get_items_expected_max());
  std::size_t given = 0;
  bool positionals_only = false;
  for (std::size_t i = from; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (!positionals_only && word == "--") {
      positionals_only = true;
    } else if (!positionals_only && is_option_word(word)) {
      const CLI::Option* option = named_option(command, word);
      if (option == nullptr) return no_option(path, word, {&command});
      if (option == command.get_help_ptr()) return std::nullopt;
      if (option->get_items_expected_max() == 0 || holds_value(word)) continue;
      if (i + 1 == words.size()) {
        return fmt::format("{}: {} needs a value, {} (run '{} --help')", path, option_name(word),
                           value_name(option->get_type_name()), path);
      }
      ++i;
    } else if (++given > room) {
      return fmt::format("{}: unexpected argument {} (run '{} --help')", path, io::quote(word),
                         path);
    }
  }
  std::size_t required = 0;
  for (const CLI::Option* positional : positionals) {
    if (!positional->get_required()) continue;
    if (given <= required++) {
      return fmt::format("{}: name the {} (run '{} --help')", path, positional->get_name(true),
                         path);
    }
  }
  return std::nullopt;
}

// Checks the command line before CLI11 parses it, so that every usage error is said in the
// program's words and names what is wrong, with the nearest known word to a slip: walks `words`
// (argv without the program's name) down the tree of subcommands, then checks the last command's
// options and positionals (check_leaf). Options given to `solve` or `explore` before the puzzle
// are moved after it, where CLI11 looks for them: `plumb solve --format json sliding` is
// `plumb solve sliding --format json`. Returns the message, or nothing if the words are right (or
// ask for help or the version, which CLI11 answers).
std::optional<std::string> read_command_line(const CLI::App& app, std::vector<std::string>& words) {
  const CLI::App* command = &app;
  std::string path = "plumb";
  std::size_t at = 0;
  for (;;) {
    const std::vector<const CLI::App*> choices =
        command->get_subcommands([](const CLI::App*) { return true; });
    if (choices.empty()) return check_leaf(*command, path, words, at);
    const bool puzzles = command->get_name() == "solve" || command->get_name() == "explore";
    std::vector<std::string> names;
    for (const CLI::App* choice : choices) names.push_back(choice->get_name());
    std::vector<std::string> moved;  // options before the puzzle
    std::size_t next = at;
    for (; next < words.size() && is_option_word(words[next]); ++next) {
      const std::string& word = words[next];
      if (named_option(*command, word) != nullptr) return std::nullopt;  // --help, --version
      const auto owner = std::ranges::find_if(
          choices, [&](const CLI::App* choice) { return named_option(*choice, word) != nullptr; });
      if (!puzzles || owner == choices.end())
        return no_option(path, word, puzzles ? choices : std::vector{command});
      moved.push_back(word);
      const CLI::Option* option = named_option(**owner, word);
      if (option->get_items_expected_max() != 0 && !holds_value(word) && next + 1 < words.size())
        moved.push_back(words[++next]);
    }
    if (next == words.size()) {
      return fmt::format("{}: name a {}: {}{}", path, puzzles ? "puzzle" : "command",
                         fmt::join(names, ", "), at == 0 ? " (plumb --help explains them)" : "");
    }
    const std::string& word = words[next];
    const auto chosen = std::ranges::find_if(
        choices, [&](const CLI::App* choice) { return choice->get_name() == word; });
    if (chosen == choices.end()) {
      if (puzzles) {
        return fmt::format("plumb: no puzzle named {}{} (plumb list shows them)", io::quote(word),
                           did_you_mean(word, names));
      }
      const std::string nearest = did_you_mean(word, names);
      return fmt::format(
          "{}: no command named {}{}", path, io::quote(word),
          nearest.empty() ? fmt::format("; the commands: {}", fmt::join(names, ", ")) : nearest);
    }
    std::rotate(words.begin() + static_cast<std::ptrdiff_t>(at),
                words.begin() + static_cast<std::ptrdiff_t>(next),
                words.begin() + static_cast<std::ptrdiff_t>(next + 1));
    at += 1;
    command = *chosen;
    path += " " + command->get_name();
  }
}

}  // namespace

int run_program(int argc, char** argv) {
  const std::vector<std::unique_ptr<puzzle_interface::Puzzle>> puzzles =
      puzzle_interface::builtin_puzzles();
  std::vector<puzzle_interface::PuzzleInfo> infos;
  for (const auto& puzzle : puzzles) infos.push_back(puzzle->info());

  CLI::App app{kDescription, "plumb"};
  quote_arguments_in_messages(argc, argv);
  app.failure_message(failure_message);  // before the subcommands, which inherit it and the help's
  app.formatter(value_formatter());      // layout

  app.footer(std::string(kExitStatusPointer));  // likewise; the program's own footer is set last
  app.require_subcommand(1);
  app.set_version_flag("-V,--version", fmt::format("plumb {} (git {})", version(), git_commit()));

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
  for (const puzzle_interface::PuzzleInfo& info : infos) names.push_back(info.name);
  CLI::App* help =
      app.add_subcommand("help", "Explain the program, or one puzzle's rules, formats and options");
  choice_value(help->add_option("PUZZLE", help_topic, "A puzzle's name"), "PUZZLE", names);
  help->add_flag("--man", manual, "Print the manual page plumb(1), in roff")
      ->excludes(help->get_option("PUZZLE"));
  add_tables_commands(app);
  add_cache_command(app);
  add_serve_command(app);
  add_puzzles_commands(app);
  add_completion_command(app);
  app.footer(footer());
  io::set_cache_reporter(report_cache_line);

  std::vector<std::string> words(argv + 1, argv + argc);
  if (const auto error = read_command_line(app, words)) {
    std::cerr << with_arguments_quoted(*error) << '\n';
    return puzzle_interface::status(ExitCode::bad_input);
  }
  std::ranges::reverse(words);                  // as CLI11 takes them
  const std::string program_help = app.help();  // once a subcommand is parsed, help() is its own
  try {
    app.parse(words);
    if (list->parsed())
      return puzzle_interface::status(guarded([&] { return run_list(infos, names_only); }));
    if (help->parsed() && manual)
      return puzzle_interface::status(guarded([&] {
        std::cout << manual_page(read_command_tree(app), names, kExamples);
        return ExitCode::done;
      }));
    if (help->parsed())
      return puzzle_interface::status(
          guarded([&] { return run_help(infos, help_topic, program_help); }));
    for (const PuzzleCommand& command : commands) {
      if (command.command->parsed()) return puzzle_interface::status(run_puzzle_command(command));
    }
  } catch (
      const CLI::RuntimeError& finished) {  // a command that ran in its callback, with its status
    return finished.get_exit_code();
  } catch (const CLI::ParseError& error) {  // --help and --version too, which CLI11 prints
    return puzzle_interface::status(
        guarded([&] { return app.exit(error) == 0 ? ExitCode::done : ExitCode::bad_input; }));
  }
  return puzzle_interface::status(ExitCode::bad_input);
}

}  // namespace plumb::cli
