// Reads the command tree off the CLI11 app (command_tree.hpp). An option's choices and type come
// from its type name as the help shows it: "TEXT:{contest,pretty,json}" (a CLI::IsMember check),
// "sliding|gap" (a type name of choices, as the puzzles' and the pattern database sets' are),
// "UINT", "3..5" (a puzzle's integer range).
#include "cli/command_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "plumb/io/text_input.hpp"

namespace plumb::cli {
namespace {

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> pieces;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    pieces.emplace_back(text.substr(start, end - start));
    if (end == std::string_view::npos) return pieces;
    start = end + 1;
  }
}

// "A..B" with two integers.
bool is_integer_range(std::string_view type) {
  const std::size_t dots = type.find("..");
  return dots != std::string_view::npos && io::parse_int(type.substr(0, dots)) &&
         io::parse_int(type.substr(dots + 2));
}

bool is_number_type(const std::string& type) {
  return type == "INT" || type == "UINT" || type == "FLOAT" || type == "NUMBER" ||
         is_integer_range(type);
}

OptionEntry read_option(const CLI::Option& option) {
  OptionEntry entry;
  if (option.get_positional()) {
    entry.names.push_back(option.get_name(true));
  } else {
    for (const std::string& name : option.get_snames()) entry.names.push_back("-" + name);
    for (const std::string& name : option.get_lnames()) entry.names.push_back("--" + name);
  }
  entry.description = option.get_description();
  entry.required = option.get_required();
  if (option.get_items_expected_max() == 0) return entry;  // a flag
  entry.default_value = option.get_default_str();
  const std::vector<std::string> parts = split(option.get_type_name(), ':');
  for (const std::string& part : parts) {
    if (part.size() > 2 && part.front() == '{' && part.back() == '}')
      entry.choices = split(std::string_view(part).substr(1, part.size() - 2), ',');
  }
  if (entry.choices.empty() && parts.front().find('|') != std::string::npos)
    entry.choices = split(parts.front(), '|');
  if (!entry.choices.empty()) {
    entry.kind = ValueKind::choice;
    entry.value = fmt::format("{}", fmt::join(entry.choices, "|"));
  } else {
    entry.value = parts.front();
    entry.kind = is_number_type(entry.value) ? ValueKind::number : ValueKind::text;
  }
  return entry;
}

CommandEntry read_command(const CLI::App& app, const std::string& path) {
  CommandEntry command{app.get_name(), path, app.get_description(), {}, {}, {}};
  for (const CLI::Option* option : app.get_options()) {
    if (option->get_group().empty()) continue;
    (option->get_positional() ? command.positionals : command.options)
        .push_back(read_option(*option));
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    command.subcommands.push_back(
        read_command(*sub, path.empty() ? sub->get_name() : path + " " + sub->get_name()));
  }
  return command;
}

}  // namespace

const CommandEntry* CommandEntry::find(std::string_view name) const {
  const auto found = std::find_if(subcommands.begin(), subcommands.end(),
                                  [&](const CommandEntry& sub) { return sub.name == name; });
  return found == subcommands.end() ? nullptr : &*found;
}

CommandEntry read_command_tree(const CLI::App& app) {
  return read_command(app, "");
}

}  // namespace plumb::cli
