// cli/completion.hpp: shell completion for bash, zsh and fish, written from the command tree
// (cli/command_tree.hpp): the commands, the puzzles, each command's options and what their values
// are (choices such as --format's, the pattern database sets, files, numbers). `plumb completion
// SHELL` prints a script; the build installs one for each shell (cmake/generate_docs.cmake).
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>

#include "cli/command_tree.hpp"

namespace plumb::cli {

// The script for `shell` ("bash", "zsh" or "fish").
std::string completion_script(const CommandEntry& program, std::string_view shell);

// Adds `plumb completion SHELL` to `app`: it prints the script of the app as it stands when run.
void add_completion_command(CLI::App& app);

}  // namespace plumb::cli
