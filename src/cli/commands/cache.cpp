// The `cache` command: list the files plumb keeps in its cache directory (name, size, when it was
// last written, how long its build took where that was kept, what it is), and clear them: the
// files named, or every one, which takes --yes or a yes at the terminal, since some tables take
// minutes to build again. Without either, nothing is removed and the status is 2 (usage): a script
// must say --yes.
//
// A file is plumb's when it starts with a table header (io/table_file.hpp) or is named as plumb
// names its tables (io::is_table_file_name: a damaged or zeroed table, an unfinished write).
// Nothing else in the directory is listed or removed, and neither is anything but a regular file:
// `clear` only ever unlinks regular files that are plumb's. A temporary copy (NAME.tmpPID) is an
// unfinished write, which `clear` removes, unless process PID is still running: it is left to it.
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "cli/values.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_cache.hpp"
#include "plumb/puzzle_interface/builtin.hpp"

namespace plumb::cli {
namespace {

struct CacheFile {
  std::filesystem::path path;
  std::uintmax_t bytes = 0;
  bool regular = true;
  std::string written;  // when the file was last written, UTC: "2026-11-27 00:54"
  std::string took;     // how long its build took ("1 min 32 s"), or "-" when that was not kept
  std::string what;     // the header's kind, version and parameters, or what is wrong with the file
  bool writing = false;  // a temporary copy whose writer is still running: not removed
};

// Plumb's files in the cache directory, by name; none when the directory does not exist.
std::vector<CacheFile> plumb_files(const std::filesystem::path& directory) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(directory, error);
  if (!std::filesystem::exists(status)) return {};
  if (!std::filesystem::is_directory(status)) {
    throw io::EnvironmentError("the cache directory " + directory.string() + " is not a directory");
  }
  std::vector<std::string> owners;  // a table file is named after its puzzle
  for (const auto& puzzle : puzzle_interface::builtin_puzzles())
    owners.push_back(puzzle->info().name);
  std::vector<CacheFile> files;
  std::filesystem::directory_iterator entries(directory, error);
  for (; !error && entries != std::filesystem::directory_iterator(); entries.increment(error)) {
    const std::filesystem::path& path = entries->path();
    const bool named = io::is_table_file_name(path.filename().string(), owners);
    CacheFile file{path, 0, entries->is_regular_file(error), "", "-", "", false};
    if (!file.regular) {
      if (named) {
        file.what = "not a regular file: plumb neither reads nor replaces it";
        files.push_back(std::move(file));
      }
      continue;
    }
    file.bytes = entries->file_size(error);
    const auto time = std::chrono::file_clock::to_sys(entries->last_write_time(error));
    file.written = fmt::format("{:%Y-%m-%d %H:%M}", std::chrono::floor<std::chrono::minutes>(time));
    if (const std::optional<double> seconds = io::build_seconds(path))
      file.took = duration_text(*seconds);
    if (const std::optional<long> writer = io::temporary_writer(path.filename().string())) {
      file.writing = ::kill(static_cast<pid_t>(*writer), 0) == 0 || errno == EPERM;
      file.what = file.writing ? fmt::format("being written by process {}", *writer)
                               : "an unfinished write, left by a build that was stopped";
    } else if (const auto summary = io::read_table_header(path)) {
      file.what = fmt::format("{} version {}: {}{}", summary->header.kind, summary->header.version,
                              summary->header.parameters,
                              summary->whole ? "" : " (damaged: truncated or extended)");
    } else if (named) {
      file.what = "damaged: not a plumb table";
    } else {
      continue;
    }
    files.push_back(std::move(file));
  }
  if (error) {
    throw io::EnvironmentError("cannot read the cache directory " + directory.string() + ": " +
                               error.message());
  }
  std::ranges::sort(files, {}, &CacheFile::path);
  return files;
}

std::string total(const std::vector<CacheFile>& files) {
  std::uintmax_t bytes = 0;
  for (const CacheFile& file : files) bytes += file.bytes;
  return fmt::format("{} file{}, {}", files.size(), files.size() == 1 ? "" : "s",
                     human_bytes(static_cast<double>(bytes)));
}

ExitCode run_cache_list() {
  const std::filesystem::path directory = io::cache_directory();
  const std::vector<CacheFile> files = plumb_files(directory);
  std::cout << fmt::format("cache: {}\n", directory.string());
  std::size_t width = 0;
  for (const CacheFile& file : files) width = std::max(width, file.path.filename().string().size());
  for (const CacheFile& file : files) {
    std::cout << fmt::format("{:<{}}  {:>10}  {:16}  {:>10}  {}\n", file.path.filename().string(),
                             width,
                             file.regular ? human_bytes(static_cast<double>(file.bytes)) : "-",
                             file.regular ? file.written : "-", file.took, file.what);
  }
  std::cout << total(files) << '\n';
  return ExitCode::done;
}

// What `cache clear` was given.
struct ClearRequest {
  std::vector<std::string> names;  // files of the cache, by name ("x.tbl" or "x"); none: all
  bool yes = false;                // remove them all without asking
};

// Whoever is at the terminal says yes to removing every table; false without a terminal.
bool confirmed(const std::vector<CacheFile>& files, const std::filesystem::path& directory) {
  if (::isatty(STDIN_FILENO) == 0) return false;
  std::cerr << fmt::format(
                   "plumb: remove every table in {} ({})? Some take minutes to build. "
                   "[y/N] ",
                   directory.string(), total(files))
            << std::flush;
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "y" || answer == "Y" || answer == "yes";
}

ExitCode run_cache_clear(const ClearRequest& request) {
  const std::filesystem::path directory = io::cache_directory();
  std::vector<CacheFile> removed = plumb_files(directory);
  std::erase_if(removed, [](const CacheFile& file) { return !file.regular || file.writing; });
  if (request.names.empty() && !removed.empty() && !request.yes) {
    if (!confirmed(removed, directory)) {
      std::cerr << fmt::format(
          "plumb: cache clear: nothing removed; to remove every table ({}) give --yes, or name "
          "the files to remove (plumb cache list shows them)\n",
          total(removed));
      return ExitCode::bad_input;
    }
  }
  if (!request.names.empty()) {
    std::vector<std::string> known;  // each file's name, and without .tbl
    for (const CacheFile& file : removed) {
      known.push_back(file.path.filename().string());
      known.push_back(file.path.stem().string());
    }
    for (const std::string& name : request.names) {
      if (std::ranges::find(known, name) == known.end()) {
        std::cerr << fmt::format("plumb: cache clear: no table named {} in {}, nothing removed{}\n",
                                 io::quote(name), directory.string(), did_you_mean(name, known));
        return ExitCode::bad_input;
      }
    }
    std::erase_if(removed, [&](const CacheFile& file) {
      return std::ranges::find(request.names, file.path.filename().string()) ==
                 request.names.end() &&
             std::ranges::find(request.names, file.path.stem().string()) == request.names.end();
    });
  }
  for (const CacheFile& file : removed) {
    std::error_code error;
    std::filesystem::remove(file.path, error);
    if (error) {
      throw io::EnvironmentError("cannot remove " + file.path.string() + ": " + error.message());
    }
    std::cout << fmt::format("removed {}\n", file.path.filename().string());
  }
  std::cout << fmt::format("cleared {} from {}\n", total(removed), directory.string());
  return ExitCode::done;
}

}  // namespace

void add_cache_command(CLI::App& app) {
  CLI::App* command = app.add_subcommand(
      "cache", "List or clear the tables plumb keeps in its cache directory ($PLUMB_CACHE)");
  command->require_subcommand(1);
  command
      ->add_subcommand("list",
                       "List plumb's files in the cache directory: name, size, when it was "
                       "written (UTC), how long its build took, what it is")
      ->callback([] { finish_command(run_cache_list); });
  auto request = std::make_shared<ClearRequest>();
  CLI::App* clear = command->add_subcommand(
      "clear",
      "Remove the named table files from the cache directory, or every one of plumb's (nothing "
      "else there): asked at a terminal, else only with --yes");
  text_value(clear->add_option("NAME", request->names,
                               "A table file to remove, as plumb cache list names it (.tbl may be "
                               "left out); none: every one"),
             "NAME");
  clear->add_flag("-y,--yes", request->yes, "Remove every table without asking");
  clear->callback([request] { finish_command([&] { return run_cache_clear(*request); }); });
}

}  // namespace plumb::cli
