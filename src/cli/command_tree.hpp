// cli/command_tree.hpp: the program's commands and their options as plain data, read off the CLI11
// app that parses the command line, so that what is generated from them (the manual pages,
// cli/manual.hpp; the shell completions, cli/completion.hpp) says what the program accepts.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace plumb::cli {

// What an option's value is, for a completion to offer.
enum class ValueKind {
  none,    // a flag: no value
  choice,  // one of a fixed set: OptionEntry::choices
  number,  // a number: nothing to offer
  text,    // free text, which may be a file's name: files are offered
};

// An option or a positional argument.
struct OptionEntry {
  std::vector<std::string> names;  // "-h", "--help"; a positional's one name: "FILE"
  std::string description;
  // The value's name as the help shows it ("FORMAT", "N", "FILE"; cli/values.hpp); empty for a
  // flag.
  std::string value;
  std::string default_value;  // empty: none
  ValueKind kind = ValueKind::none;
  std::vector<std::string> choices;  // a choice's: "contest", "pretty", "json"
  bool required = false;
};

struct CommandEntry {
  std::string name;  // "plumb", "solve", "sliding"
  std::string path;  // the words after "plumb" that reach it: "", "solve sliding"
  std::string description;
  std::vector<OptionEntry> options;  // as declared, the help flag first
  std::vector<OptionEntry> positionals;
  std::vector<CommandEntry> subcommands;

  // The subcommand named `name`, or null.
  const CommandEntry* find(std::string_view name) const;
};

// The tree of `app` and its subcommands; options of an empty group (hidden) are left out.
CommandEntry read_command_tree(const CLI::App& app);

}  // namespace plumb::cli
