// plumb/puzzle_interface/exit_code.hpp: the one contract for how a front end's run ends, as the
// process's exit status: every command of the program returns one of these, and `plumb --help`
// prints the table below, so the codes and their documentation cannot drift apart.
#pragma once

#include <array>
#include <string_view>

namespace plumb::puzzle_interface {

enum class ExitCode : int {
  done = 0,         // every dataset answered
  mismatch = 1,     // `pdb solve`: a solution that does not match its instance's published length
  bad_input = 2,    // bad input or usage: the message names the file and line, or the option
  limit = 3,        // stopped by a limit or a cancellation; the answers before it are written
  environment = 4,  // the environment failed: a cache, memory, or output that cannot be written
};

struct ExitCodeMeaning {
  ExitCode code;
  std::string_view meaning;  // one line, for the help
};

inline constexpr std::array<ExitCodeMeaning, 5> kExitCodes{{
    {ExitCode::done, "done"},
    {ExitCode::mismatch,
     "`plumb pdb solve`: a solution that does not match its instance's published length"},
    {ExitCode::bad_input,
     "bad input or usage (the message names the file and line, or the option)"},
    {ExitCode::limit,
     "stopped by --time-limit, --max-memory or an interrupt (Ctrl-C); the answers before it are "
     "written"},
    {ExitCode::environment,
     "the environment failed (cache unusable, out of memory, output cannot be written)"},
}};

constexpr int status(ExitCode code) {
  return static_cast<int>(code);
}

}  // namespace plumb::puzzle_interface
