// cli/commands/commands.hpp: the program's subcommands. app.cpp parses the command line with CLI11;
// each function here does one command's work and returns the process's exit status, one of
// puzzle_interface::ExitCode (plumb/puzzle_interface/exit_code.hpp), which `plumb --help` lists.
//
// Every puzzle's `solve NAME` and `explore NAME` are built from its puzzle_interface::PuzzleInfo
// and run by one driver (commands/solve.cpp); the options every puzzle command shares are added and
// read in one place (commands/options.cpp).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzle_interface/exit_code.hpp"
#include "plumb/puzzle_interface/puzzle.hpp"
#include "plumb/search/context.hpp"

namespace plumb::cli {

using puzzle_interface::ExitCode;

// The last line of every command's help but the program's own, which lists the exit statuses.
inline constexpr std::string_view kExitStatusPointer = "Exit status: as plumb --help lists.";

// The options every puzzle command takes besides its puzzle's own, as given.
struct CommonOptions {
  std::string file;  // "-" or empty for standard input (`explore`: empty for the puzzle's start)
  std::string format = "contest";
  std::string algo;  // empty: the puzzle's default
  bool stats = false;
  double time_limit = 0;
  std::string max_memory;
  unsigned threads = 0;
  bool progress = false;
  bool quiet = false;      // no progress and no notices, warnings and errors still
  std::string output;      // a file for the answers; empty: standard output
  std::string checkpoint;  // `explore`: a folder to keep each finished layer in
  std::string resume;      // `explore`: a checkpoint folder to carry on from
};

// Adds FILE, --format (-f), --stats (-v), --time-limit (-t), --max-memory, --progress, --quiet (-q),
// --output (-o) and --threads (-j) to `command`,
// bound to `options`; and to `solve`'s, --algo (one of `algorithms`, the first the default), to
// `explore`'s, --checkpoint and --resume.
void add_common_options(CLI::App& command, CommonOptions& options, bool is_solve,
                        const std::vector<std::string>& algorithms);
// --time-limit's check: a finite number of seconds, 0 or more (0: no limit).
const CLI::Validator& seconds_check();
// --checkpoint's and --resume's check: a folder's name, which an empty text is not.
const CLI::Validator& folder_check();
// --max-memory's bytes (empty or 0: no limit). Throws CLI::ValidationError for a text that is not a
// size.
std::uint64_t max_memory_bytes(const std::string& text);
// The search context the options ask for, drawing progress on standard error (in an MPI job,
// process 0 only), shared by the job's processes and checkpointed as asked (cli/cluster.hpp).
// Throws CLI::ValidationError for a --max-memory that is not a size or a --checkpoint beside
// another --resume.
search::SearchContext make_context(const CommonOptions& options);
// The input of a puzzle command, which must hold a dataset: empty input (nothing but white space)
// is an error for every puzzle. It is read within the puzzle's bound on a line and the context's
// cancellation and memory limit (puzzle_interface::read_limits), and the answers written so far are
// flushed before each read, so that whoever feeds it a dataset at a time has each answer before
// sending the next.
io::TextInput open_puzzle_input(const std::string& file, const puzzle_interface::PuzzleInfo& info,
                                const search::SearchContext& context);

// One puzzle's `solve NAME` or `explore NAME`: the CLI11 subcommand and what it was given.
struct PuzzleCommand {
  const puzzle_interface::Puzzle* puzzle = nullptr;
  CLI::App* command = nullptr;
  bool is_solve = true;
  CommonOptions common;
  std::map<std::string, std::string> values;  // the puzzle's own options, by name
};

// Adds the subcommand for `puzzle` to `parent` ("solve" or "explore"): the common options and each
// of the puzzle's OptionSpecs as --NAME, integer ranges and choices checked.
void add_puzzle_command(CLI::App& parent, const puzzle_interface::Puzzle& puzzle, bool is_solve,
                        PuzzleCommand& command);
// Configures the puzzle and solves every dataset of the input (or explores), writing each answer
// as soon as it is found; under guarded().
ExitCode run_puzzle_command(const PuzzleCommand& command);

// Runs a command and returns its status, or, when it throws, prints `plumb: MESSAGE` and returns
// the status that says why: io::InputError bad_input (as "FILE:LINE: MESSAGE"),
// puzzle_interface::UsageError bad_input (as "--OPTION: MESSAGE"), puzzle_interface::LimitReached
// limit, io::EnvironmentError, filesystem errors and std::bad_alloc (memory that no allocation
// checked for; the big ones throw io::EnvironmentError naming their size) environment. Standard
// output is flushed before any message and checked: a write that fails stops the command with
// "plumb: cannot write the output: REASON" and ExitCode::environment (commands/driver.cpp).
ExitCode guarded(const std::function<ExitCode()>& command);
// A subcommand's callback's end: runs `command` under guarded() and hands its status to CLI11,
// which ends the parse with it (run_program returns it).
[[noreturn]] void finish_command(const std::function<ExitCode()>& command);
// Prints a line of the table cache's (io::set_cache_reporter) as `plumb: LINE` on standard error.
void report_cache_line(const std::string& line);

// The pieces of the command line that a message may repeat (a folder, a file, an option's value)
// but must not show as they are: those longer than 256 bytes or with bytes that are not
// printable. Set once by run_program; from then on every message the program reports (guarded(),
// CLI11's) shows each of them as io::quote does (with_arguments_quoted).
void quote_arguments_in_messages(int argc, char** argv);
std::string with_arguments_quoted(std::string message);

ExitCode run_list(const std::vector<puzzle_interface::PuzzleInfo>& puzzles, bool names_only);
ExitCode run_help(const std::vector<puzzle_interface::PuzzleInfo>& puzzles,
                  std::string_view puzzle_name, const std::string& program_help);
// `plumb tables build|info|list`, and the same as `plumb pdb` (commands/tables.cpp)
void add_tables_commands(CLI::App& app);
void add_cache_command(CLI::App& app);  // `plumb cache list|clear` (commands/cache.cpp)
void add_serve_command(CLI::App& app);  // `plumb serve`, the web service (commands/serve.cpp)
// The commands of the puzzles' own (each folder's cli/ part, as `add_NAME_commands`; the build
// writes this function from the registered puzzles, cmake/puzzles.cmake). After the others: a
// puzzle's command may go under one of them.
void add_puzzles_commands(CLI::App& app);

}  // namespace plumb::cli
