// Reads the command tree off the CLI11 app (command_tree.hpp). An option's value name, choices and
// kind come from its type name as cli/values.hpp declares it: "FILE", "FORMAT:contest|pretty|json",
// "N:0..", "ROWS:3..10".
#include "cli/command_tree.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "cli/values.hpp"
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

// "A.." or "A..B" with integers.
bool is_integer_range(std::string_view type) {
  const std::size_t dots = type.find("..");
  return dots != std::string_view::npos && io::parse_int(type.substr(0, dots)) &&
         (dots + 2 == type.size() || io::parse_int(type.substr(dots + 2)));
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
  const std::string type = option.get_type_name();
  entry.value = value_name(type);
  const std::string_view kind =
      type.size() > entry.value.size() ? std::string_view(type).substr(entry.value.size() + 1) : "";
  if (kind.find('|') != std::string_view::npos) {
    entry.choices = split(kind, '|');
    entry.kind = ValueKind::choice;
  } else {
    entry.kind = is_integer_range(kind) ? ValueKind::number : ValueKind::text;
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
