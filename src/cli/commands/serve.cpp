// `plumb serve`: the web service (src/serve) with its options: the address, how many searches run
// at once and wait, the most time a request's search may take, and the sets of precomputed tables
// it loads or builds from its start (their progress and notices on standard error). Prints the
// address to open on standard output once it listens, then serves until SIGINT or SIGTERM
// (cli/web_service.hpp). By default (--databases auto) it keeps every set but the quick ones: those
// in the cache are loaded from the start, any other built when a request first needs it.
//
// $PLUMB_SERVE_HOLD_DATABASES=FILE, for tests: each set, once loaded or built, is held as still
// building until FILE exists (serve/databases.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <numeric>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "cli/values.hpp"
#include "cli/web_service.hpp"
#include "plumb/puzzle_interface/builtin.hpp"

namespace plumb::cli {
namespace {

struct ServeCommand {
  serve::ServeOptions options;
  unsigned threads = 0;
  double time_limit = 60;
  std::string max_memory;
  std::string databases = "auto";
  std::string page_libraries;
  bool progress = false;
};

// Whether `folder` holds a page library: a folder PUZZLE/ with its index.js.
bool holds_page_library(const std::filesystem::path& folder) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.is_directory(error) &&
        std::filesystem::is_regular_file(entry.path() / "index.js", error))
      return true;
  }
  return false;
}

// The puzzles' page libraries (twisty's: cubing.js, its 3D view): the folder --page-libraries
// names, else page-libraries/ beside the program (a build folder), else where an installation puts
// them, relative to the companion that serves (share/plumb/page-libraries); none when no folder
// holds one (the pages then do without them).
std::filesystem::path page_libraries_folder(const std::string& given) {
  if (!given.empty()) return given;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return {};
  for (const std::filesystem::path& folder :
       {self.parent_path() / "page-libraries",
        (self.parent_path() / PLUMB_PAGE_LIBRARIES_FROM_COMPANION).lexically_normal()}) {
    if (holds_page_library(folder)) return folder;
  }
  return {};
}

// The sets --databases names, comma-separated ("none": none), or why it cannot be read. An empty
// name, wherever it is ("15-555,", ",15-555", "a,,b", ""), is refused: a comma too many. "auto"
// is read by database_options().
std::vector<puzzle_interface::DeclaredTableSet> database_sets(const std::string& list,
                                                              std::string& error) {
  std::vector<puzzle_interface::DeclaredTableSet> sets;
  if (list == "none" || list == "auto") return sets;
  const std::vector<puzzle_interface::DeclaredTableSet> declared =
      puzzle_interface::declared_table_sets();
  for (std::size_t begin = 0; begin <= list.size();) {
    const std::size_t comma = std::min(list.find(',', begin), list.size());
    const std::string name = list.substr(begin, comma - begin);
    if (name.empty()) {
      error = fmt::format(
          "an empty set name in {} (a comma too many?); name at least one set, "
          "auto or none",
          io::quote(list));
      return {};
    }
    const auto named = [&](const puzzle_interface::DeclaredTableSet& set) {
      return set.info().name == name;
    };
    const auto found = std::find_if(declared.begin(), declared.end(), named);
    if (found == declared.end()) {
      error = fmt::format("no table set named {}; the sets: {}, or auto or none", io::quote(name),
                          puzzle_interface::declared_table_set_list());
      return {};
    }
    if (std::none_of(sets.begin(), sets.end(), named)) sets.push_back(*found);
    begin = comma + 1;
  }
  return sets;
}

// Under auto, a set whose build expands fewer states than this (a second or so) is not kept unless
// it is in the cache: a request that needs it builds it as `plumb solve` does, sooner than a 503
// and its retry would answer.
constexpr double kQuickBuildWork = 5e6;

// The sets the server prepares from its start and those it keeps for a request's first need: the
// sets named, and none on demand; with auto, every set in the cache from the start, and the others
// but the quick ones on demand.
void database_options(const std::string& list, serve::DatabaseOptions& options) {
  std::string unused;
  options.sets = database_sets(list, unused);  // checked when parsed
  if (list != "auto") return;
  for (const puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets()) {
    const std::vector<double>& parts = set.info().part_work;
    if (set.tables->in_cache(set.index)) {
      options.sets.push_back(set);
    } else if (std::accumulate(parts.begin(), parts.end(), 0.0) >= kQuickBuildWork) {
      options.on_demand.push_back(set);
    }
  }
}

ExitCode run_serve(ServeCommand& command) {
  serve::ServeOptions& options = command.options;
  options.limits.running = threads_to_use(command.threads);
  options.limits.max_seconds = command.time_limit > 0 ? command.time_limit : 1e9;
  options.limits.max_memory_bytes = max_memory_bytes(command.max_memory);
  database_options(command.databases, options.databases);
  options.databases.threads = static_cast<unsigned>(options.limits.running);
  options.databases.max_memory_bytes = options.limits.max_memory_bytes;
  options.databases.progress = terminal_progress(command.progress);
  options.databases.progress_interval = progress_interval();
  options.page_libraries = page_libraries_folder(command.page_libraries);
  options.databases.notice = [](const std::string& line) {
    std::cerr << "plumb: " << line << '\n' << std::flush;
  };
  if (const char* hold = std::getenv("PLUMB_SERVE_HOLD_DATABASES"); hold != nullptr)
    options.databases.hold_until = hold;
  serve_web(options);
  return ExitCode::done;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto command = std::make_shared<ServeCommand>();
  CLI::App* serve = app.add_subcommand(
      "serve", "Serve the web page and JSON API: solve and watch puzzles in a browser");
  text_value(serve->add_option("--host", command->options.host, "Address to listen on"), "HOST")
      ->capture_default_str();
  whole_value(
      serve->add_option("--port", command->options.port, "Port to listen on (0: any free port)"),
      "PORT", 0, 65535)
      ->capture_default_str();
  whole_value(serve->add_option("-j,--threads", command->threads,
                                "Searches at once (0: one a core); the others wait in the queue"),
              "N", 0)
      ->capture_default_str();
  whole_value(serve->add_option("--queue", command->options.limits.waiting,
                                "Requests that may wait for a search; more are refused with 503"),
              "N", 0)
      ->capture_default_str();
  number_value(serve->add_option("--time-limit", command->time_limit,
                                 "The most seconds a request's search may take (a request asks for "
                                 "10 unless it says; 0: no cap)"),
               "SECONDS", seconds_check(), "0")
      ->capture_default_str();
  text_value(
      serve->add_option("--max-memory", command->max_memory,
                        "Stop any search past this much memory, e.g. 512M, 16G (0: no limit)"),
      "SIZE");
  text_value(serve->add_option("--databases", command->databases,
                               "Table sets to load, or build and cache, from the start, "
                               "comma-separated: " +
                                   puzzle_interface::declared_table_set_list() +
                                   "; none; or auto: every set, those in the cache loaded from the "
                                   "start, any other that takes more than a second built when a "
                                   "request first needs it. A request that needs a set still "
                                   "building is answered 503 with its progress"),
             "SETS")
      ->check(CLI::Validator(
          [](const std::string& list) {
            std::string error;
            database_sets(list, error);
            return error;
          },
          ""))
      ->capture_default_str();
  text_value(
      serve->add_option("--page-libraries", command->page_libraries,
                        "The folder of the puzzles' page libraries, PUZZLE/index.js and its "
                        "chunks each, served under /lib/PUZZLE/: twisty's draws it in 3D "
                        "(default: page-libraries/ beside the program, where the build bundles "
                        "them; installed, share/plumb/page-libraries under the prefix)"),
      "DIR")
      ->check(CLI::Validator(
          [](const std::string& folder) {
            if (holds_page_library(folder)) return std::string();
            return fmt::format("{} holds no page library (PUZZLE/index.js)", io::quote(folder));
          },
          ""));
  serve->add_flag("--progress", command->progress,
                  "Show the databases' progress even when standard error is not a terminal");
  serve->callback([command] { finish_command([&] { return run_serve(*command); }); });
}

}  // namespace plumb::cli
