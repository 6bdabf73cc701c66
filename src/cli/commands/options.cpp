// The options every puzzle command shares (FILE, --format, --stats, --time-limit, --max-memory,
// --progress, --quiet, --output, --threads; solve's --algo, explore's --checkpoint and --resume):
// declared once for every puzzle's subcommands, and turned into a search::SearchContext once
// parsed. The short flags follow ripgrep's and GNU's: -f format, -j threads, -o output file,
// -q quiet, -t time limit, -v verbose (the statistics).
#include <fmt/format.h>

#include "cli/cluster.hpp"
#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "cli/values.hpp"
#include "plumb/puzzle_interface/limit_options.hpp"
#include "plumb/puzzle_interface/run.hpp"

namespace plumb::cli {
namespace {

// --time-limit: a finite number of seconds, 0 or more (0: no limit).
const CLI::Validator kSeconds(
    [](std::string& text) -> std::string {
      try {
        puzzle_interface::time_limit_seconds(text);
      } catch (const puzzle_interface::UsageError& refused) {
        return refused.what();
      }
      return {};
    },
    "");

// --checkpoint and --resume: a folder's name, which an empty text is not.
const CLI::Validator kFolder(
    [](std::string& text) -> std::string {
      return text.empty() ? "an empty name is no folder" : "";
    },
    "");

}  // namespace

const CLI::Validator& seconds_check() {
  return kSeconds;
}

const CLI::Validator& folder_check() {
  return kFolder;
}

void add_common_options(CLI::App& command, CommonOptions& options, bool is_solve,
                        const std::vector<std::string>& algorithms) {
  text_value(
      command.add_option("FILE", options.file,
                         is_solve ? "Input in the contest format; standard input if absent or -"
                                  : "Explore from the first dataset of this file (default: "
                                    "the puzzle's own start)"),
      "FILE");
  choice_value(
      command.add_option("-f,--format", options.format,
                         is_solve ? "Output: contest (the contest's exact output), pretty, json"
                                  : "Output: contest or pretty (both the table of the "
                                    "states at each depth, then the deepest), json"),
      "FORMAT", {"contest", "pretty", "json"})
      ->capture_default_str();
  if (is_solve) {  // explore runs one exploration, whatever the puzzle
    choice_value(
        command.add_option("--algo", options.algo,
                           "Algorithm, one of: " + fmt::format("{}", fmt::join(algorithms, ", ")) +
                               " (default " + algorithms.front() + ")"),
        "ALGO", algorithms);
  }
  command.add_flag("-v,--stats", options.stats, "Print search statistics to standard error");
  number_value(command.add_option("-t,--time-limit", options.time_limit,
                                  "Stop cleanly after this many seconds (0: no limit)"),
               "SECONDS", seconds_check(), "0");
  text_value(command.add_option("--max-memory", options.max_memory,
                                "Stop cleanly past this much memory, e.g. 512M, 16G (0: no limit)"),
             "SIZE");
  CLI::Option* progress = command.add_flag(
      "--progress", options.progress, "Show progress even when standard error is not a terminal");
  command
      .add_flag("-q,--quiet", options.quiet,
                "Show no progress and no notices (of tables being built); warnings and errors "
                "still")
      ->excludes(progress);
  text_value(command.add_option("-o,--output", options.output,
                                "Write the answers to this file instead of standard output"),
             "FILE");
  whole_value(command.add_option("-j,--threads", options.threads,
                                 "Worker threads where an algorithm can use several (explore, "
                                 "sliding's pdb); 0: one a core (explore shared by several MPI "
                                 "processes: one a process); at most 4 a core (256 in all)"),
              "N", 0)
      ->capture_default_str();
  if (is_solve) return;
  text_value(command.add_option("--checkpoint", options.checkpoint,
                                "Write each finished layer to this folder, to resume from if the "
                                "run is lost (every puzzle but block)"),
             "DIR")
      ->check(folder_check());
  text_value(command.add_option("--resume", options.resume,
                                "Carry on from the last complete layer in this checkpoint folder "
                                "(and keep writing there), with any number of processes"),
             "DIR")
      ->check(folder_check());
}

std::uint64_t max_memory_bytes(const std::string& text) {
  if (text.empty()) return 0;
  try {
    return puzzle_interface::memory_limit_bytes(text);
  } catch (const puzzle_interface::UsageError& refused) {
    throw CLI::ValidationError("--max-memory", refused.what());
  }
}

search::SearchContext make_context(const CommonOptions& options) {
  search::SearchContext context;
  context.limits.max_seconds = options.time_limit;
  context.limits.threads = capped_threads(options.threads);
  context.limits.max_memory_bytes = max_memory_bytes(options.max_memory);
  if (!options.resume.empty() && !options.checkpoint.empty() &&
      options.resume != options.checkpoint) {
    throw CLI::ValidationError("--checkpoint",
                               "--resume carries on writing into its own folder: give one folder");
  }
  const std::string& folder = options.resume.empty() ? options.checkpoint : options.resume;
  context.distribution = distribution(folder, !options.resume.empty());
  if (cluster().rank() == 0 && !options.quiet) show_progress(context, options.progress);
  return context;
}

io::TextInput open_puzzle_input(const std::string& file, const puzzle_interface::PuzzleInfo& info,
                                const search::SearchContext& context) {
  io::ReadLimits limits = puzzle_interface::read_limits(info.max_line_bytes, context);
  limits.watch = [watch = std::move(limits.watch)](const io::ReadProgress& read) {
    if (read.bytes == 0) std::cout.flush();
    watch(read);
  };
  io::TextInput input = io::TextInput::open(file.empty() ? "-" : file, std::move(limits));
  puzzle_interface::expect_dataset(input);
  return input;
}

}  // namespace plumb::cli
