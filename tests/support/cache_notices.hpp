// tests/support/cache_notices.hpp: CacheNotices collects the lines the table cache reports
// (io::set_cache_reporter: build notices, the warning) for the life of the object, then restores
// the default reporter.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/table_cache.hpp"

namespace plumb::testing {

class CacheNotices {
 public:
  CacheNotices() {
    io::set_cache_reporter([this](const std::string& line) { lines_.push_back(line); });
  }
  ~CacheNotices() { io::set_cache_reporter({}); }
  CacheNotices(const CacheNotices&) = delete;
  CacheNotices& operator=(const CacheNotices&) = delete;

  const std::vector<std::string>& lines() const { return lines_; }
  // How many lines start with `prefix`.
  std::size_t count(std::string_view prefix) const {
    std::size_t n = 0;
    for (const std::string& line : lines_) n += line.starts_with(prefix);
    return n;
  }
  void clear() { lines_.clear(); }

 private:
  std::vector<std::string> lines_;
};

}  // namespace plumb::testing
