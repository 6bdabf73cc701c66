// The completion scripts (completion.hpp). Each script holds the same tables, read off the command
// tree: each command's subcommands and options, what each option's value is and what each
// positional argument is (its choices, @files, or @number: nothing to offer); a function in the
// shell's language walks the words before the cursor through them (the command they name, an option
// waiting for its value, the positional arguments given) and offers what may come next.
#include "cli/completion.hpp"

#include <fmt/format.h>

#include <iostream>
#include <utility>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/values.hpp"
#include "plumb/version.hpp"

namespace plumb::cli {
namespace {

using Table = std::vector<std::pair<std::string, std::string>>;  // key, words

// The tables; a key is a command's words ("plumb pdb build"), then an option's name or "#N" for its
// Nth positional.
struct Tables {
  Table subcommands, options, values, descriptions;
};

std::string words_of(const CommandEntry& command) {
  return command.path.empty() ? "plumb" : "plumb " + command.path;
}

std::string key(const CommandEntry& command, std::string_view word) {
  return fmt::format("{} {}", words_of(command), word);
}

std::string value_words(const OptionEntry& option) {
  switch (option.kind) {
    case ValueKind::choice:
      return fmt::format("{}", fmt::join(option.choices, " "));
    case ValueKind::number:
      return "@number";
    case ValueKind::text:
      return "@files";
    case ValueKind::none:
      break;
  }
  return "";
}

void read_tables(const CommandEntry& command, Tables& tables) {
  std::vector<std::string> names;
  for (const CommandEntry& sub : command.subcommands) {
    names.push_back(sub.name);
    tables.descriptions.emplace_back(key(command, sub.name), sub.description);
  }
  if (!names.empty())
    tables.subcommands.emplace_back(words_of(command), fmt::format("{}", fmt::join(names, " ")));
  names.clear();
  for (const OptionEntry& option : command.options) {
    for (const std::string& name : option.names) {
      names.push_back(name);
      tables.descriptions.emplace_back(key(command, name), option.description);
      if (option.kind != ValueKind::none)
        tables.values.emplace_back(key(command, name), value_words(option));
    }
  }
  tables.options.emplace_back(words_of(command), fmt::format("{}", fmt::join(names, " ")));
  for (std::size_t i = 0; i < command.positionals.size(); ++i) {
    tables.values.emplace_back(key(command, fmt::format("#{}", i + 1)),
                               value_words(command.positionals[i]));
  }
  for (const CommandEntry& sub : command.subcommands) read_tables(sub, tables);
}

// A word in single quotes for bash and zsh.
std::string single_quoted(std::string_view text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// An associative array's entries, one a line: ['key']='words' (bash) or 'key' 'words' (zsh).
std::string entries(const Table& table, bool bash) {
  std::string text;
  for (const auto& [name, words] : table) {
    text += bash ? fmt::format("    [{}]={}\n", single_quoted(name), single_quoted(words))
                 : fmt::format("    {} {}\n", single_quoted(name), single_quoted(words));
  }
  return text;
}

std::string header(std::string_view shell) {
  return fmt::format(
      "# {} completion for plumb, written by `plumb completion {}` (plumb {}) from the program's\n"
      "# declarations of its commands, puzzles and options.\n",
      shell, shell, version());
}

// The walk over the words before the cursor, the same in bash and zsh: it leaves `command` (the
// command they name), `expecting` (an option waiting for its value) and `n` (positionals given).
constexpr std::string_view kWalk = R"(  local command=plumb expecting='' word i n=0
  for ((i = FIRST; i < LAST; i++)); do
    word=${WORDS[i]}
    if [[ $word == '=' ]]; then
      continue  # --option=VALUE, split at the = (bash)
    elif [[ -n $expecting ]]; then
      expecting=''
    elif [[ $word == -* ]]; then
      [[ $word != *=* && -n ${values[$command $word]+set} ]] && expecting=$word
    elif [[ " ${subcommands[$command]-} " == *" $word "* ]]; then
      command="$command $word"
      n=0
    else
      n=$((n + 1))
    fi
  done
)";

std::string walk(std::string_view first, std::string_view last, std::string_view words) {
  std::string text(kWalk);
  for (const auto& [from, to] : {std::pair<std::string_view, std::string_view>{"FIRST", first},
                                 {"LAST", last},
                                 {"WORDS", words}}) {
    text.replace(text.find(from), from.size(), to);
  }
  return text;
}

std::string bash_script(const Tables& tables) {
  return header("bash") + "_plumb() {\n  local -A subcommands=(\n" +
         entries(tables.subcommands, true) + "  )\n  local -A options=(\n" +
         entries(tables.options, true) + "  )\n  local -A values=(\n" +
         entries(tables.values, true) + "  )\n" + walk("1", "COMP_CWORD", "COMP_WORDS") +
         R"(  local cur=${COMP_WORDS[COMP_CWORD]} reply
  [[ $cur == '=' ]] && cur=''
  if [[ -n $expecting ]]; then
    reply=${values[$command $expecting]}
  elif [[ $cur == -* ]]; then
    reply=${options[$command]-}
  else
    reply="${subcommands[$command]-} ${values[$command #$((n + 1))]-}"
  fi
  case $reply in
    *@files*)
      compopt -o filenames 2>/dev/null || true
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      ;;
    *@number*) COMPREPLY=() ;;
    *) mapfile -t COMPREPLY < <(compgen -W "$reply" -- "$cur") ;;
  esac
}
complete -F _plumb plumb
)";
}

std::string zsh_script(const Tables& tables) {
  return "#compdef plumb\n" + header("zsh") +
         "_plumb() {\n  local -A subcommands options values descriptions\n  subcommands=(\n" +
         entries(tables.subcommands, false) + "  )\n  options=(\n" +
         entries(tables.options, false) + "  )\n  values=(\n" + entries(tables.values, false) +
         "  )\n  descriptions=(\n" + entries(tables.descriptions, false) + "  )\n" +
         walk("2", "CURRENT", "words") +
         R"(  if [[ -z $expecting && $PREFIX == -*=* ]]; then
    expecting=${PREFIX%%=*}
    compset -P '*='
  fi
  local -a items
  if [[ -n $expecting ]]; then
    word=${values[$command $expecting]}
  elif [[ $PREFIX == -* ]]; then
    for word in ${=options[$command]}; do
      items+=("${word//:/\\:}:${descriptions[$command $word]}")
    done
    _describe -t options 'option' items
    return
  else
    for word in ${=subcommands[$command]-}; do
      items+=("${word//:/\\:}:${descriptions[$command $word]}")
    done
    (( ${#items} )) && _describe -t commands 'command' items
    word=${values[$command #$((n + 1))]-}
  fi
  case $word in
    @files) _files ;;
    @number) _message 'a number' ;;
    ?*) compadd -- ${=word} ;;
  esac
}
_plumb "$@"
)";
}

// A word in single quotes for fish.
std::string fish_quoted(std::string_view text) {
  std::string out = "'";
  for (const char c : text) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

// fish: a function that walks the words before the cursor, then one `complete` line for each
// subcommand, option and positional, under the condition that the words name its command.
std::string fish_script(const CommandEntry& program, const Tables& tables) {
  std::string text = header("fish");
  text += "function __plumb_subcommands\n    switch $argv[1]\n";
  for (const auto& [command, words] : tables.subcommands)
    text += fmt::format("        case {}\n            string split ' ' -- {}\n",
                        fish_quoted(command), fish_quoted(words));
  text +=
      "    end\nend\n\nfunction __plumb_takes_value\n    switch (string trim -- \"$argv[1] "
      "$argv[2]\")\n        case";
  for (const auto& [name, words] : tables.values) {
    if (name.find('#') == std::string::npos) text += " " + fish_quoted(name);
  }
  text += R"(
            return 0
    end
    return 1
end

# Whether the words before the cursor name the command $argv[1] and, when $argv[2] is given, that
# many positional arguments of it.
function __plumb_at
    set -l command plumb
    set -l given 0
    set -l expecting 0
    for word in (commandline -opc)[2..-1]
        if test $expecting = 1
            set expecting 0
        else if string match -q -- '-*' $word
            if not string match -q -- '*=*' $word; and __plumb_takes_value $command $word
                set expecting 1
            end
        else if contains -- $word (__plumb_subcommands $command)
            set command "$command $word"
            set given 0
        else
            set given (math $given + 1)
        end
    end
    test "$command" = "$argv[1]"; or return 1
    test (count $argv) -lt 2; or test $given = $argv[2]
end

complete -c plumb -f
)";
  const auto emit = [&](const CommandEntry& command, const auto& self) -> void {
    const std::string at = fish_quoted("__plumb_at " + fish_quoted(words_of(command)));
    for (const CommandEntry& sub : command.subcommands) {
      text += fmt::format("complete -c plumb -n {} -a {} -d {}\n", at, fish_quoted(sub.name),
                          fish_quoted(sub.description));
    }
    for (const OptionEntry& option : command.options) {
      std::string names;
      for (const std::string& name : option.names)
        names += name.starts_with("--") ? " -l " + name.substr(2) : " -s " + name.substr(1);
      std::string value;
      if (option.kind == ValueKind::choice) value = " -x -a " + fish_quoted(value_words(option));
      if (option.kind == ValueKind::number) value = " -x";
      if (option.kind == ValueKind::text) value = " -r -F";
      text += fmt::format("complete -c plumb -n {}{}{} -d {}\n", at, names, value,
                          fish_quoted(option.description));
    }
    for (std::size_t i = 0; i < command.positionals.size(); ++i) {
      const OptionEntry& positional = command.positionals[i];
      if (positional.kind == ValueKind::number) continue;
      const std::string position =
          fish_quoted(fmt::format("__plumb_at {} {}", fish_quoted(words_of(command)), i));
      text += fmt::format("complete -c plumb -n {} {} -d {}\n", position,
                          positional.kind == ValueKind::choice
                              ? "-a " + fish_quoted(value_words(positional))
                              : std::string("-F"),
                          fish_quoted(positional.description));
    }
    for (const CommandEntry& sub : command.subcommands) self(sub, self);
  };
  emit(program, emit);
  return text;
}

}  // namespace

std::string completion_script(const CommandEntry& program, std::string_view shell) {
  Tables tables;
  read_tables(program, tables);
  if (shell == "bash") return bash_script(tables);
  if (shell == "zsh") return zsh_script(tables);
  return fish_script(program, tables);
}

void add_completion_command(CLI::App& app) {
  auto shell = std::make_shared<std::string>();
  CLI::App* command = app.add_subcommand(
      "completion",
      "Print the shell completion script for bash, zsh or fish (source it to use it)");
  choice_value(command->add_option("SHELL", *shell, "The shell")->required(), "SHELL",
               {"bash", "zsh", "fish"});
  command->callback([&app, shell] {
    finish_command([&] {
      std::cout << completion_script(read_command_tree(app), *shell);
      return ExitCode::done;
    });
  });
}

}  // namespace plumb::cli
