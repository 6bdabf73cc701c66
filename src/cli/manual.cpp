// The manual page (manual.hpp): sections NAME, SYNOPSIS, DESCRIPTION, COMMANDS, OPTIONS, PUZZLES,
// EXIT STATUS, ENVIRONMENT and EXAMPLES, in man(7) macros that groff renders without warnings.
#include "cli/manual.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "plumb/puzzle_interface/exit_code.hpp"
#include "plumb/version.hpp"

namespace plumb::cli {
namespace {

// Text as roff: backslashes printed as such, a line that would start with a control character
// protected, and the dashes of a word that starts with one (an option: --size, -1) printed as
// minus signs, so that what a reader copies works.
std::string roff(std::string_view text) {
  std::string out;
  bool line_start = true, dashed_word = false;
  for (const char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == ' ' || c == '\n' || c == '(') {
      dashed_word = false;
    } else if (c == '-' && (line_start || out.back() == ' ' || out.back() == '(')) {
      dashed_word = true;
    }
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-' && dashed_word) {
      out += "\\-";
    } else {
      out += c;
    }
    line_start = c == '\n';
  }
  return out;
}

std::string bold(std::string_view text) {
  return "\\fB" + roff(text) + "\\fR";
}

std::string italic(std::string_view text) {
  return "\\fI" + roff(text) + "\\fR";
}

bool is_help(const OptionEntry& option) {
  return std::find(option.names.begin(), option.names.end(), "--help") != option.names.end();
}

bool same_option(const OptionEntry& a, const OptionEntry& b) {
  return a.names == b.names && a.value == b.value && a.description == b.description &&
         a.default_value == b.default_value;
}

// A command whose subcommands are the puzzles: `solve`, `explore`.
bool dispatches_puzzles(const CommandEntry& command, const std::vector<std::string>& puzzles) {
  if (command.subcommands.empty()) return false;
  return std::all_of(command.subcommands.begin(), command.subcommands.end(),
                     [&](const CommandEntry& sub) {
                       return std::find(puzzles.begin(), puzzles.end(), sub.name) != puzzles.end();
                     });
}

// The options every puzzle has alike under a command that dispatches puzzles, the help left out.
std::vector<OptionEntry> shared_options(const CommandEntry& command) {
  std::vector<OptionEntry> shared;
  for (const OptionEntry& option : command.subcommands.front().options) {
    if (is_help(option)) continue;
    const bool everywhere = std::all_of(
        command.subcommands.begin(), command.subcommands.end(), [&](const CommandEntry& sub) {
          return std::any_of(sub.options.begin(), sub.options.end(),
                             [&](const OptionEntry& other) { return same_option(option, other); });
        });
    if (everywhere) shared.push_back(option);
  }
  return shared;
}

bool listed(const std::vector<OptionEntry>& options, const OptionEntry& option) {
  return std::any_of(options.begin(), options.end(),
                     [&](const OptionEntry& other) { return same_option(option, other); });
}

// An option as a tagged paragraph: its names, its value, its description, choices and default.
std::string option_item(const OptionEntry& option) {
  std::vector<std::string> names;
  for (const std::string& name : option.names) names.push_back(bold(name));
  std::string tag = fmt::format("{}", fmt::join(names, ", "));
  if (!option.value.empty()) tag += " " + italic(option.value);
  std::string text = roff(option.description);
  if (option.kind == ValueKind::choice)
    text += fmt::format(" ({}: {})", italic(option.value),
                        roff(fmt::format("{}", fmt::join(option.choices, ", "))));
  if (!option.default_value.empty())
    text += fmt::format(" (default: {})", roff(option.default_value));
  return fmt::format(".TP\n{}\n{}\n", tag, text);
}

std::string positional_item(const OptionEntry& positional) {
  std::string text = roff(positional.description);
  if (positional.kind == ValueKind::choice)
    text += ": " + roff(fmt::format("{}", fmt::join(positional.choices, ", ")));
  return fmt::format(".TP\n{}\n{}\n", italic(positional.names.front()), text);
}

// "plumb solve PUZZLE [OPTIONS] [FILE]", in roff.
std::string usage(const CommandEntry& command, std::string_view puzzle_word) {
  std::string text = bold("plumb " + command.path);
  const CommandEntry& shape =
      puzzle_word.empty() ? command : command.subcommands.front();  // a puzzle's command
  if (!puzzle_word.empty()) text += " " + italic(puzzle_word);
  if (std::any_of(shape.options.begin(), shape.options.end(),
                  [](const OptionEntry& option) { return !is_help(option); }))
    text += " [" + italic("OPTIONS") + "]";
  for (const OptionEntry& positional : shape.positionals) {
    const std::string name = italic(positional.names.front());
    text += positional.required ? " " + name : " [" + name + "]";
  }
  return text;
}

// Every command that is run (those with subcommands are reached through them), in order.
void leaf_commands(const CommandEntry& command, const std::vector<std::string>& puzzles,
                   std::vector<const CommandEntry*>& leaves) {
  for (const CommandEntry& sub : command.subcommands) {
    if (sub.subcommands.empty() || dispatches_puzzles(sub, puzzles)) {
      leaves.push_back(&sub);
    } else {
      leaf_commands(sub, puzzles, leaves);
    }
  }
}

std::string command_section(const CommandEntry& command, const std::vector<std::string>& puzzles) {
  const bool by_puzzle = dispatches_puzzles(command, puzzles);
  std::string text = fmt::format(".SS \"{}\"\n{}.\n", usage(command, by_puzzle ? "PUZZLE" : ""),
                                 roff(command.description));
  if (by_puzzle) {
    text += fmt::format("{} is one of: {}. Its own options, {} among them, are under PUZZLES.\n",
                        italic("PUZZLE"), roff(fmt::format("{}", fmt::join(puzzles, ", "))),
                        bold("--algo"));
    for (const OptionEntry& positional : command.subcommands.front().positionals)
      text += positional_item(positional);
    for (const OptionEntry& option : shared_options(command)) text += option_item(option);
    return text;
  }
  for (const OptionEntry& positional : command.positionals) text += positional_item(positional);
  for (const OptionEntry& option : command.options) {
    if (!is_help(option)) text += option_item(option);
  }
  return text;
}

// Each puzzle's summary and the options of its commands that not every puzzle shares.
std::string puzzle_sections(const CommandEntry& program, const std::vector<std::string>& puzzles) {
  std::string text =
      ".SH PUZZLES\nEach puzzle's rules and its input and output formats: " + bold("plumb help") +
      " " + italic("PUZZLE") + ".\n";
  for (const std::string& puzzle : puzzles) {
    std::vector<OptionEntry> own;
    std::string summary;
    for (const CommandEntry& command : program.subcommands) {
      if (!dispatches_puzzles(command, puzzles)) continue;
      const CommandEntry* sub = command.find(puzzle);
      if (sub == nullptr) continue;
      summary = sub->description;
      const std::vector<OptionEntry> shared = shared_options(command);
      for (const OptionEntry& option : sub->options) {
        if (!is_help(option) && !listed(shared, option) && !listed(own, option))
          own.push_back(option);
      }
    }
    text += fmt::format(".SS {}\n{}.\n", puzzle, roff(summary));
    for (const OptionEntry& option : own) text += option_item(option);
  }
  return text;
}

std::string exit_status_section() {
  std::string text = ".SH \"EXIT STATUS\"\n";
  for (const puzzle_interface::ExitCodeMeaning& each : puzzle_interface::kExitCodes)
    text +=
        fmt::format(".TP\n.B {}\n{}\n", puzzle_interface::status(each.code), roff(each.meaning));
  return text;
}

// The help's examples: each a command in bold, and what it does below it.
std::string examples_section(std::string_view examples) {
  std::string text = ".SH EXAMPLES\n";
  std::size_t start = examples.find('\n') + 1;  // after the "Examples:" line
  while (start < examples.size()) {
    std::size_t end = examples.find('\n', start);
    if (end == std::string_view::npos) end = examples.size();
    std::string_view line = examples.substr(start, end - start);
    start = end + 1;
    line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
    if (line.empty()) continue;
    const std::size_t gap = line.find("  ");
    text += ".PP\n" + bold(line.substr(0, gap)) + "\n";
    if (gap != std::string_view::npos) {
      const std::string_view what = line.substr(line.find_first_not_of(' ', gap));
      text += ".RS\n" + roff(what) + "\n.RE\n";
    }
  }
  return text;
}

}  // namespace

std::string manual_page(const CommandEntry& program, const std::vector<std::string>& puzzles,
                        std::string_view examples) {
  std::string_view summary = program.description;
  summary = summary.substr(0, summary.find('\n'));
  if (summary.starts_with("plumb ")) summary.remove_prefix(6);
  if (summary.ends_with('.')) summary.remove_suffix(1);
  std::string page = fmt::format(
      ".\\\" plumb(1), written by `plumb help --man` from the program's declarations.\n"
      ".TH PLUMB 1 \"\" \"plumb {}\" \"User Commands\"\n"
      ".nh\n.ad l\n"
      ".SH NAME\nplumb \\- {}\n",
      version(), roff(summary));

  std::vector<const CommandEntry*> leaves;
  leaf_commands(program, puzzles, leaves);
  page += ".SH SYNOPSIS\n.nf\n";
  for (const CommandEntry* command : leaves)
    page += usage(*command, dispatches_puzzles(*command, puzzles) ? "PUZZLE" : "") + "\n";
  page += ".fi\n.SH DESCRIPTION\n" + roff(program.description) + "\n";

  page += ".SH COMMANDS\n";
  for (const CommandEntry* command : leaves) page += command_section(*command, puzzles);
  page += ".SH OPTIONS\nEvery command takes " + bold("-h") + ", " + bold("--help") +
          ", which prints its help. Alone, " + bold("plumb") + " also takes:\n";
  for (const OptionEntry& option : program.options) {
    if (!is_help(option)) page += option_item(option);
  }
  page += puzzle_sections(program, puzzles);
  page += exit_status_section();
  page +=
      ".SH ENVIRONMENT\n"
      ".TP\n.B PLUMB_CACHE\n"
      "The directory of the tables plumb builds once and keeps (pattern databases, distance "
      "tables); when it is not set, $XDG_CACHE_HOME/plumb, else ~/.cache/plumb.\n"
      ".TP\n.B PLUMB_PROGRESS_INTERVAL\n"
      "Seconds between two progress lines (default 0.5; 0: a line at every check of the "
      "limits).\n";
  page += examples_section(examples);
  return page;
}

}  // namespace plumb::cli
