// The `cache` command: list the files plumb keeps in its cache directory, and clear them.
//
// A file is plumb's when it starts with a table header (io/table_file.hpp) or is named as plumb
// names its tables (io::is_table_file_name: a damaged or zeroed table, an unfinished write).
// Nothing else in the directory is listed or removed, and neither is anything but a regular file:
// `clear` only ever unlinks regular files that are plumb's.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_cache.hpp"

namespace plumb::cli {
namespace {

struct CacheFile {
  std::filesystem::path path;
  std::uintmax_t bytes = 0;
  bool regular = true;
  std::string what;  // the header's kind, version and parameters, or what is wrong with the file
};

// Plumb's files in the cache directory, by name; none when the directory does not exist.
std::vector<CacheFile> plumb_files(const std::filesystem::path& directory) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(directory, error);
  if (!std::filesystem::exists(status)) return {};
  if (!std::filesystem::is_directory(status)) {
    throw io::EnvironmentError("the cache directory " + directory.string() + " is not a directory");
  }
  std::vector<CacheFile> files;
  std::filesystem::directory_iterator entries(directory, error);
  for (; !error && entries != std::filesystem::directory_iterator(); entries.increment(error)) {
    const std::filesystem::path& path = entries->path();
    const bool named = io::is_table_file_name(path.filename().string());
    CacheFile file{path, 0, entries->is_regular_file(error), ""};
    if (!file.regular) {
      if (named) {
        file.what = "not a regular file: plumb neither reads nor replaces it";
        files.push_back(std::move(file));
      }
      continue;
    }
    file.bytes = entries->file_size(error);
    if (const auto summary = io::read_table_header(path)) {
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
    std::cout << fmt::format("{:<{}}  {:>10}  {}\n", file.path.filename().string(), width,
                             file.regular ? human_bytes(static_cast<double>(file.bytes)) : "-",
                             file.what);
  }
  std::cout << total(files) << '\n';
  return ExitCode::done;
}

ExitCode run_cache_clear() {
  const std::filesystem::path directory = io::cache_directory();
  std::vector<CacheFile> removed = plumb_files(directory);
  std::erase_if(removed, [](const CacheFile& file) { return !file.regular; });
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
  const auto finish = [](ExitCode status) { throw CLI::RuntimeError(protocol::status(status)); };
  command
      ->add_subcommand("list", "List plumb's files in the cache directory: name, size, what it is")
      ->callback([finish] { finish(guarded(run_cache_list)); });
  command
      ->add_subcommand("clear",
                       "Remove plumb's table files from the cache directory (nothing else there)")
      ->callback([finish] { finish(guarded(run_cache_clear)); });
}

}  // namespace plumb::cli
