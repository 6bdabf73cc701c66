// The `tables` command: build, describe and list the precomputed tables in the cache, the sets
// each puzzle declares (puzzle_interface/table_sets.hpp: sliding's pattern databases and distance
// tables, cubic's top views): `plumb tables build 15-7-8`. `pdb` is the same command under the name
// it had when the only sets were pattern databases, kept for the scripts that use it; a puzzle's
// folder may add subcommands of its own under it (sliding's `pdb solve`, its cli/ part).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/interrupt.hpp"
#include "cli/progress.hpp"
#include "cli/values.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/puzzle_interface/builtin.hpp"

namespace plumb::cli {
namespace {

struct TablesOptions {
  std::string set;
  unsigned threads = 0;  // 0: one a core (threads_to_use)
  bool force = false;
  bool progress = false;
};

// The set a puzzle declares by this name: one of SET's choices, which CLI11 checked.
puzzle_interface::DeclaredTableSet find_set(const std::string& name) {
  if (auto set = puzzle_interface::declared_table_set(name)) return std::move(*set);
  throw std::logic_error("tables: no declared table set named " + name);
}

// The sets' names, SET's choices, which the manual page and completions show: those the puzzles
// declare (puzzle_interface/table_sets.hpp).
std::vector<std::string> set_names() {
  std::vector<std::string> names;
  for (const puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets())
    names.push_back(set.info().name);
  return names;
}

// Builds the set's parts into the cache, saying what it built or found whole a line each.
ExitCode run_build(const TablesOptions& options) {
  const puzzle_interface::DeclaredTableSet set = find_set(options.set);
  search::SearchContext context;
  show_progress(context, options.progress);
  const CancelOnInterrupt cancel_on_interrupt(context);
  search::SearchStats stats;
  const bool built = puzzle_interface::build_into_cache(
      *set.tables, set.index, options.force, context, options.threads, stats,
      [](const puzzle_interface::BuiltPart& part) {
        clear_progress();
        std::cout << fmt::format("{}: {}, {}\n", part.title,
                                 part.report ? *part.report : "already built", part.file.string());
      });
  if (built) return ExitCode::done;
  clear_progress();
  std::cerr << fmt::format("plumb: the build stopped: {}\n", search::to_string(stats.reason));
  return ExitCode::limit;
}

ExitCode run_info(const TablesOptions& options) {
  const puzzle_interface::DeclaredTableSet set = find_set(options.set);
  std::cout << set.tables->describe(set.index);
  return ExitCode::done;
}

ExitCode run_list() {
  const io::CacheDirectory cache = io::check_cache_directory();
  std::cout << fmt::format("cache: {}{}\n", cache.path.string(),
                           cache.usable() ? "" : " (cannot be used: " + cache.problem + ")");
  const std::vector<puzzle_interface::DeclaredTableSet> sets =
      puzzle_interface::declared_table_sets();
  std::size_t name_width = 0, serves_width = 0;  // the columns', as wide as their widest entry
  for (const puzzle_interface::DeclaredTableSet& set : sets) {
    name_width = std::max(name_width, set.info().name.size());
    serves_width = std::max(serves_width, set.info().serves.size());
  }
  for (const puzzle_interface::DeclaredTableSet& set : sets) {
    const std::size_t parts = set.info().part_work.size();
    const puzzle_interface::CachedParts cached =
        puzzle_interface::cached_parts(*set.tables, set.index);
    std::cout << fmt::format("{:<{}} {:<{}} {}/{} {} present  {}\n", set.info().name, name_width,
                             set.info().serves, serves_width, cached.present, parts,
                             parts == 1 ? "table" : "tables",
                             human_bytes(static_cast<double>(cached.bytes)));
  }
  return ExitCode::done;
}

// `build`'s line of help, with the first two sets as examples: "Build a set of tables (15-7-8,
// 24-6666, ...) and cache it".
std::string build_help(const std::vector<std::string>& names) {
  if (names.empty()) return "Build a set of tables and cache it";
  return fmt::format(
      "Build a set of tables ({}, ...) and cache it",
      fmt::join(names.begin(), names.begin() + std::min<std::size_t>(2, names.size()), ", "));
}

// Adds build, info and list under `command`.
void add_table_subcommands(CLI::App& command, const std::vector<std::string>& names) {
  auto options = std::make_shared<TablesOptions>();
  command.require_subcommand(1);
  CLI::App* build = command.add_subcommand("build", build_help(names));
  choice_value(build->add_option("SET", options->set, "The set's name")->required(), "SET", names);
  whole_value(
      build->add_option("-j,--threads", options->threads, "Threads to build with; 0: one a core"),
      "N", 0)
      ->capture_default_str();
  build->add_flag("--force", options->force, "Rebuild even if cached");
  build->add_flag("--progress", options->progress,
                  "Show progress even when standard error is not a terminal");
  build->callback([options] {
    options->threads = threads_to_use(options->threads);
    finish_command([&] { return run_build(*options); });
  });
  CLI::App* info =
      command.add_subcommand("info", "Describe a set: files, sizes, build date, what they hold");
  choice_value(info->add_option("SET", options->set, "The set's name")->required(), "SET", names);
  info->callback([options] { finish_command([&] { return run_info(*options); }); });
  CLI::App* list = command.add_subcommand("list", "List the known sets and what of them is cached");
  list->callback([] { finish_command([] { return run_list(); }); });
}

}  // namespace

void add_tables_commands(CLI::App& app) {
  const std::vector<std::string> names = set_names();  // read once: it makes every puzzle
  add_table_subcommands(
      *app.add_subcommand("tables", "Build, describe and list the precomputed tables in the cache"),
      names);
  add_table_subcommands(*app.add_subcommand("pdb", "The same as tables, under its name of before"),
                        names);
}

}  // namespace plumb::cli
