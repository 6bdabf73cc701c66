// The `pdb` command: build, describe and list the precomputed tables in the cache (the sets of
// pattern databases each puzzle declares, puzzle_interface/table_sets.hpp): `plumb pdb build
// 15-7-8`. A puzzle's folder may add subcommands of its own under it (sliding's `pdb solve`, its
// cli/ part).
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

struct PdbOptions {
  std::string set;
  unsigned threads = 0;  // 0: one a core (threads_to_use)
  bool force = false;
  bool progress = false;
};

// The set a puzzle declares by this name: one of SET's choices, which CLI11 checked.
puzzle_interface::DeclaredTableSet find_set(const std::string& name) {
  for (puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets())
    if (set.info().name == name) return set;
  throw std::logic_error("pdb: no declared table set named " + name);
}

// The sets' names, SET's choices, which the manual page and completions show: those the puzzles
// declare (puzzle_interface/table_sets.hpp).
std::vector<std::string> set_names() {
  std::vector<std::string> names;
  for (const puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets())
    names.push_back(set.info().name);
  return names;
}

// Builds the set's parts into the cache, which must be usable: keeping them is the point.
ExitCode run_build(const PdbOptions& options) {
  const puzzle_interface::DeclaredTableSet set = find_set(options.set);
  if (const io::CacheDirectory cache = io::check_cache_directory(); !cache.usable()) {
    throw io::EnvironmentError(fmt::format(
        "the cache directory {} cannot be used ({}): pdb build keeps the databases there; set "
        "PLUMB_CACHE to a writable directory",
        cache.path.string(), cache.problem));
  }
  search::SearchContext context;
  show_progress(context, options.progress);
  const CancelOnInterrupt cancel_on_interrupt(context);
  const puzzle_interface::TableSets& tables = *set.tables;
  for (std::size_t part = 0; part < set.info().part_work.size(); ++part) {
    const std::string path = tables.part_file(set.index, part).string();
    if (!options.force && tables.part_intact(set.index, part)) {
      std::cout << fmt::format("{}: already built, {}\n", tables.part_title(set.index, part), path);
      continue;
    }
    search::SearchStats stats;
    const std::optional<std::string> built =
        tables.build_part(set.index, part, context, options.threads, stats);
    clear_progress();
    if (!built) {
      std::cerr << fmt::format("plumb: the build stopped: {}\n", search::to_string(stats.reason));
      return ExitCode::limit;
    }
    std::cout << fmt::format("{}: {}, {}\n", tables.part_title(set.index, part), *built, path);
  }
  return ExitCode::done;
}

ExitCode run_info(const PdbOptions& options) {
  const puzzle_interface::DeclaredTableSet set = find_set(options.set);
  std::cout << set.tables->describe(set.index);
  return ExitCode::done;
}

ExitCode run_list() {
  const io::CacheDirectory cache = io::check_cache_directory();
  std::cout << fmt::format("cache: {}{}\n", cache.path.string(),
                           cache.usable() ? "" : " (cannot be used: " + cache.problem + ")");
  for (const puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets()) {
    const std::size_t parts = set.info().part_work.size();
    std::size_t present = 0;
    std::uintmax_t bytes = 0;
    for (std::size_t part = 0; part < parts; ++part) {
      std::error_code error;
      const std::uintmax_t size =
          std::filesystem::file_size(set.tables->part_file(set.index, part), error);
      if (error) continue;
      ++present;
      bytes += size;
    }
    std::cout << fmt::format("{:<8} {}  {}/{} databases present  {}\n", set.info().name,
                             set.info().serves, present, parts,
                             human_bytes(static_cast<double>(bytes)));
  }
  return ExitCode::done;
}

// `pdb build`'s line of help, with the first two sets as examples: "Build a set of databases
// (15-7-8, 24-6666, ...) and cache it".
std::string build_help(const std::vector<std::string>& names) {
  if (names.empty()) return "Build a set of databases and cache it";
  return fmt::format(
      "Build a set of databases ({}, ...) and cache it",
      fmt::join(names.begin(), names.begin() + std::min<std::size_t>(2, names.size()), ", "));
}

}  // namespace

void add_pdb_command(CLI::App& app) {
  auto options = std::make_shared<PdbOptions>();
  CLI::App* command =
      app.add_subcommand("pdb", "Build, describe and list the pattern databases in the cache");
  command->require_subcommand(1);
  const std::vector<std::string> names = set_names();  // read once: it makes every puzzle
  CLI::App* build = command->add_subcommand("build", build_help(names));
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
      command->add_subcommand("info", "Describe a set: files, sizes, build date, mean bound");
  choice_value(info->add_option("SET", options->set, "The set's name")->required(), "SET", names);
  info->callback([options] { finish_command([&] { return run_info(*options); }); });
  CLI::App* list =
      command->add_subcommand("list", "List the known sets and what of them is cached");
  list->callback([] { finish_command([] { return run_list(); }); });
}

}  // namespace plumb::cli
