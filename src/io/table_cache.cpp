// The cache directory and what the user is told about it (see table_cache.hpp).
#include "plumb/io/table_cache.hpp"

#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <utility>

#include "plumb/io/environment_error.hpp"

namespace plumb::io {
namespace {

void report_to_standard_error(const std::string& line) {
  std::cerr << "plumb: " << line << '\n';
}

std::function<void(const std::string&)>& reporter() {
  static std::function<void(const std::string&)> report = report_to_standard_error;
  return report;
}

// Whether the reporter was given its one cache warning, and whether the cache refused a table, so
// that the next builds are announced as kept in memory (both reset with the reporter).
std::atomic<bool> warned{false};
std::atomic<bool> refused{false};

// The extended attribute that keeps a table file's build time, in seconds, as text.
constexpr const char* kBuildSecondsAttribute = "user.plumb.build_seconds";

// When each table being built in this process was announced, by file name.
std::mutex builds_mutex;
std::map<std::string, std::chrono::steady_clock::time_point> builds_begun;

void note_build_begun(const std::string& file_name) {
  const std::lock_guard lock(builds_mutex);
  builds_begun[file_name] = std::chrono::steady_clock::now();
}

// The seconds since file_name's build was announced, forgotten then; nothing if it was not.
std::optional<double> build_ended(const std::string& file_name) {
  const std::lock_guard lock(builds_mutex);
  const auto found = builds_begun.find(file_name);
  if (found == builds_begun.end()) return std::nullopt;
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - found->second;
  builds_begun.erase(found);
  return took.count();
}

// The one cache warning of a process (of a reporter); later ones are dropped.
void warn_once(const std::string& message) {
  if (!warned.exchange(true)) reporter()("warning: " + message);
}

std::string unusable_warning(const CacheDirectory& cache) {
  return "the cache directory " + cache.path.string() + " cannot be used (" + cache.problem +
         "); tables are kept in memory for this run only";
}

// 518918400 -> "518,918,400".
std::string digit_groups(std::uint64_t count) {
  std::string digits = std::to_string(count);
  for (std::size_t end = digits.size(); end > 3; end -= 3) digits.insert(end - 3, ",");
  return digits;
}

}  // namespace

std::filesystem::path cache_directory() {
  if (const char* env = std::getenv("PLUMB_CACHE"); env != nullptr && *env != '\0') return env;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::filesystem::path(xdg) / "plumb";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::filesystem::path(home) / ".cache" / "plumb";
  }
  std::error_code ignored;
  return std::filesystem::temp_directory_path(ignored) / "plumb-cache";
}

CacheDirectory check_cache_directory() {
  CacheDirectory cache{cache_directory(), ""};
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(cache.path, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status)) {
    cache.problem = "not a directory";
  } else if (std::filesystem::create_directories(cache.path, error); error) {
    cache.problem = error.message();
  } else if (::access(cache.path.c_str(), W_OK | X_OK) != 0) {
    cache.problem = std::strerror(errno);
  }
  return cache;
}

void set_cache_reporter(std::function<void(const std::string& line)> report) {
  if (report) {
    reporter() = std::move(report);
  } else {
    reporter() = report_to_standard_error;
  }
  warned = false;
  refused = false;
}

std::optional<std::vector<std::byte>> load_cached(const CachedTable& table) {
  std::optional<std::vector<std::byte>> payload = read_table_file(table.path(), table.header);
  if (!payload || payload->size() != table.payload_bytes) return std::nullopt;
  return payload;
}

std::optional<MappedPayload> map_cached(const CachedTable& table) {
  std::optional<MappedPayload> payload = map_table_file(table.path(), table.header);
  if (!payload || payload->size != table.payload_bytes) return std::nullopt;
  return payload;
}

void announce_build(const CachedTable& table) {
  const std::string entries = digit_groups(table.entries) + " entries";
  const CacheDirectory cache = check_cache_directory();
  const auto in_memory = [&] {
    reporter()("building " + table.description + " (" + entries + "; for this run only)");
  };
  if (!cache.usable()) {
    warn_once(unusable_warning(cache));
    return in_memory();
  }
  if (refused) return in_memory();
  note_build_begun(table.file_name);
  const std::filesystem::path path = cache.path / table.file_name;
  const std::string cached = entries + "; once, then cached in " + cache.path.string();
  const TableRead found = read_table(path, table.header);
  switch (found.state) {
    case TableFileState::not_regular:
      warn_once(path.string() + " is not a regular file, which plumb leaves alone; " +
                table.description + " is kept in memory for this run only");
      return in_memory();
    case TableFileState::unreadable:
    case TableFileState::damaged:
    case TableFileState::outdated:
      reporter()("rebuilding " + table.description + " (" + cached + "): its file " +
                 std::string(describe(found.state)) +
                 (found.detail.empty() ? "" : " (" + found.detail + ")"));
      return;
    case TableFileState::absent:
    case TableFileState::intact:
      reporter()("building " + table.description + " (" + cached + ")");
      return;
  }
}

bool keep_in_cache(const CachedTable& table, std::span<const std::byte> payload) {
  const CacheDirectory cache = check_cache_directory();
  if (!cache.usable()) {
    warn_once(unusable_warning(cache));
    return false;
  }
  const std::optional<double> seconds = build_ended(table.file_name);
  try {
    const std::filesystem::path path = cache.path / table.file_name;
    write_table_file(path, table.header, payload);
    if (seconds) {  // a file system without user attributes keeps none: nothing is lost
      const std::string text = std::to_string(*seconds);
      ::setxattr(path.c_str(), kBuildSecondsAttribute, text.data(), text.size(), 0);
    }
    return true;
  } catch (const EnvironmentError& failure) {
    // Not a file in the way of this one table: the cache itself refuses to take tables.
    std::error_code error;
    const auto status = std::filesystem::status(cache.path / table.file_name, error);
    if (!std::filesystem::exists(status) || std::filesystem::is_regular_file(status))
      refused = true;
    warn_once(std::string(failure.what()) + "; " + table.description +
              " is kept in memory for this run only");
    return false;
  }
}

std::optional<double> build_seconds(const std::filesystem::path& path) {
  char text[32] = {};
  const ssize_t length = ::getxattr(path.c_str(), kBuildSecondsAttribute, text, sizeof text - 1);
  if (length <= 0) return std::nullopt;
  double seconds = 0;
  const auto [end, error] = std::from_chars(text, text + length, seconds);
  if (error != std::errc{} || end != text + length || !(seconds >= 0)) return std::nullopt;
  return seconds;
}

std::optional<long> temporary_writer(std::string_view name) {
  const std::size_t tmp = name.rfind(".tmp");
  if (tmp == std::string_view::npos) return std::nullopt;
  const std::string_view digits = name.substr(tmp + 4);
  long pid = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), pid);
  if (error != std::errc{} || end != digits.data() + digits.size() || pid <= 0) return std::nullopt;
  return pid;
}

bool is_table_file_name(std::string_view name, std::span<const std::string> owners) {
  if (temporary_writer(name)) name = name.substr(0, name.rfind(".tmp"));
  const auto owned = [&](const std::string& owner) {
    return name.size() > owner.size() && name.starts_with(owner) && name[owner.size()] == '-';
  };
  return std::any_of(owners.begin(), owners.end(), owned) &&
         (name.ends_with(".tbl") || name.ends_with(".pdb"));
}

}  // namespace plumb::io
