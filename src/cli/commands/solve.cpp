// The generic puzzle commands: `solve NAME` and `explore NAME` for every puzzle that implements the
// puzzle interface (plumb/puzzle_interface/puzzle.hpp), built from its PuzzleInfo and run under
// guarded() (driver.cpp). Each answer is written as soon as it is found, so when a later dataset is
// bad or a limit stops a search, the answers before it are already out; standard output is flushed
// after an answer that took a millisecond or more and before any message, else left to the stream's
// buffer. Under an MPI launcher both share their work among the job's processes (cluster.hpp):
// explore its states, solve the searches that can be shared (parallel IDA* over pattern databases);
// process 0 alone writes.
#include <fmt/format.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>

#include "cli/cluster.hpp"
#include "cli/commands/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/values.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"

namespace plumb::cli {
namespace {

// The puzzle's own options that the command reads (OptionSpec::use) as CLI11 options bound to
// `values`, their ranges and choices shown in the help; the values are checked once, by the
// puzzle's configure() (puzzle_interface/options.hpp).
void add_puzzle_options(CLI::App& command, const std::vector<puzzle_interface::OptionSpec>& specs,
                        bool is_solve, std::map<std::string, std::string>& values) {
  using Use = puzzle_interface::OptionSpec::Use;
  for (const puzzle_interface::OptionSpec& spec : specs) {
    if (spec.use == (is_solve ? Use::explore : Use::solve)) continue;
    const std::string names = "--" + spec.name + (spec.alias.empty() ? "" : ",--" + spec.alias);
    if (spec.type == puzzle_interface::OptionSpec::Type::flag) {
      command.add_flag_callback(
          names, [&value = values[spec.name]] { value = "true"; }, spec.help);
      continue;
    }
    CLI::Option* option = command.add_option(names, values[spec.name], spec.help);
    if (!spec.default_value.empty()) option->default_str(spec.default_value);
    std::string name = spec.name;
    std::ranges::transform(name, name.begin(), [](unsigned char c) {
      return c == '-' ? '_' : static_cast<char>(std::toupper(c));
    });
    if (spec.type == puzzle_interface::OptionSpec::Type::integer) {
      option->type_name(fmt::format("{}:{}..{}", name, spec.min, spec.max));
    } else if (spec.type == puzzle_interface::OptionSpec::Type::file) {
      text_value(option, "FILE|NAME");
    } else if (!spec.choices.empty()) {
      choice_value(option, name, spec.choices);
    } else {
      text_value(option, name);
    }
  }
}

// The option values the command line gave (the others take their defaults in configure()).
puzzle_interface::OptionValues given_values(const PuzzleCommand& command) {
  puzzle_interface::OptionValues given;
  for (const auto& [name, value] : command.values) {
    if (command.command->count("--" + name) > 0) given.emplace(name, value);
  }
  return given;
}

// Writes `text`; flushes when the work behind it was slow enough for a user to wait on it.
void write_answer(const std::string& text, const search::SearchStats& stats) {
  std::cout << text;
  if (stats.seconds >= 1e-3) std::cout.flush();
}

void print_stats(std::string_view label, const search::SearchStats& stats) {
  std::cerr << puzzle_interface::stats_line(label, stats);
}

ExitCode solve_all(const puzzle_interface::Puzzle& puzzle, puzzle_interface::Instance& instance,
                   const PuzzleCommand& command, const search::SearchContext& context) {
  const puzzle_interface::PuzzleInfo& info = puzzle.info();
  const std::string algorithm = puzzle_interface::chosen_algorithm(info, command.common.algo);
  const puzzle_interface::Format format =
      *puzzle_interface::format_named(command.common.format);  // checked
  instance.set_path_recording(format == puzzle_interface::Format::contest
                                  ? puzzle_interface::PathRecording::length
                                  : puzzle_interface::PathRecording::full);
  io::TextInput input = open_puzzle_input(command.common.file, info, context);
  puzzle_interface::solve_input(
      instance, input, algorithm, context, [&](const puzzle_interface::Solution& solution) {
        if (command.common.stats)
          print_stats(puzzle_interface::solution_label(info, solution), solution.stats);
        write_answer(instance.render(solution, format), solution.stats);
      });
  return ExitCode::done;
}

ExitCode explore(const puzzle_interface::Instance& instance, const PuzzleCommand& command,
                 const search::SearchContext& context) {
  std::optional<io::TextInput> input;
  if (!command.common.file.empty())
    input = open_puzzle_input(command.common.file, command.puzzle->info(), context);
  const puzzle_interface::Exploration exploration =
      puzzle_interface::explore_input(instance, input ? &*input : nullptr, context);
  if (command.common.stats) {
    print_stats("explore", exploration.stats);
    report_cluster_stats(exploration.total());
  }
  write_answer(instance.render(exploration, *puzzle_interface::format_named(command.common.format)),
               exploration.stats);
  return ExitCode::done;
}

// Standard output sent to a file for its life (--output FILE), from open(): the file is made or
// emptied before any input is read, so a file that cannot be written fails first, and the input
// file itself is refused. Made outside guarded(), so that its end restores the stream after
// guarded() has written and checked the answers.
class OutputFile {
 public:
  OutputFile() = default;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  ~OutputFile() {
    if (previous_ != nullptr) std::cout.rdbuf(previous_);
  }

  void open(const std::string& path, const std::string& input) {
    std::error_code error;
    if (!input.empty() && input != "-" && std::filesystem::equivalent(path, input, error)) {
      throw puzzle_interface::UsageError(
          "--output",
          fmt::format("--output: {} is the input file; write the answers elsewhere", path));
    }
    if (file_.open(path, std::ios::out | std::ios::trunc | std::ios::binary) == nullptr) {
      throw io::EnvironmentError(
          fmt::format("cannot write the output file {}: {}", path, std::strerror(errno)));
    }
    previous_ = std::cout.rdbuf(&file_);
  }

 private:
  std::filebuf file_;
  std::streambuf* previous_ = nullptr;
};

// Passes on the table cache's warnings alone (--quiet).
void report_warnings_only(const std::string& line) {
  if (line.starts_with("warning: ")) report_cache_line(line);
}

}  // namespace

void add_puzzle_command(CLI::App& parent, const puzzle_interface::Puzzle& puzzle, bool is_solve,
                        PuzzleCommand& command) {
  const puzzle_interface::PuzzleInfo& info = puzzle.info();
  command.puzzle = &puzzle;
  command.is_solve = is_solve;
  command.command = parent.add_subcommand(info.name, info.summary);
  command.command->group("Puzzles");  // the heading `plumb solve --help` lists them under
  command.command->footer(fmt::format("Rules, input and output formats: plumb help {}\n{}",
                                      info.name, kExitStatusPointer));
  add_common_options(*command.command, command.common, is_solve, info.algorithms);
  add_puzzle_options(*command.command, info.options, is_solve, command.values);
}

ExitCode run_puzzle_command(const PuzzleCommand& command) {
  if (command.is_solve && cluster().size() > 1 &&
      (command.common.file.empty() || command.common.file == "-")) {
    std::cerr << "plumb: under an MPI launcher, solve reads its datasets from a FILE (only process "
                 "0 gets standard input)\n";
    return ExitCode::bad_input;
  }
  const search::SearchContext context = make_context(command.common);
  const CancelOnInterrupt cancel_on_interrupt(context);
  if (command.common.quiet) io::set_cache_reporter(report_warnings_only);
  OutputFile output;
  return guarded([&] {
    if (!cluster().missing().empty()) throw io::EnvironmentError(cluster().missing());
    if (!command.common.output.empty() && cluster().rank() == 0)
      output.open(command.common.output, command.common.file);
    const auto instance = command.puzzle->configure(given_values(command));
    return command.is_solve ? solve_all(*command.puzzle, *instance, command, context)
                            : explore(*instance, command, context);
  });
}

}  // namespace plumb::cli
