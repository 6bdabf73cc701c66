// cli/manual.hpp: the manual page plumb(1), in roff (man(7) macros), written from the declarations
// the help prints: the command tree (cli/command_tree.hpp: every command, option and puzzle), the
// exit statuses (puzzle_interface::kExitCodes) and the help's examples, so that the page says what
// the program accepts. `plumb help --man` prints it; the build installs it
// (cmake/generate_docs.cmake).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cli/command_tree.hpp"

namespace plumb::cli {

// The page. The subcommands of `solve` and `explore` are the puzzles named `puzzles`: their shared
// options are listed with the command, each puzzle's own in a section of its own. `examples` is the
// help's: lines of a command, two or more spaces, and what it does.
std::string manual_page(const CommandEntry& program, const std::vector<std::string>& puzzles,
                        std::string_view examples);

}  // namespace plumb::cli
