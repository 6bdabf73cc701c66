// tests/support/temporary_cache.hpp: TemporaryCache points PLUMB_CACHE at a fresh temporary
// directory for the life of the object, so tests that build tables never touch ~/.cache/plumb;
// PLUMB_CACHE is then as it was (one may live inside another: a test's own inside the program's).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

namespace plumb::testing {

class TemporaryCache {
 public:
  TemporaryCache()
      : path_(std::filesystem::temp_directory_path() /
              ("plumb-test-cache-" + std::to_string(::getpid()) + "-" + std::to_string(made()++))) {
    if (const char* value = std::getenv("PLUMB_CACHE")) before_ = value;
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
    ::setenv("PLUMB_CACHE", path_.c_str(), 1);
  }
  ~TemporaryCache() {
    if (before_) {
      ::setenv("PLUMB_CACHE", before_->c_str(), 1);
    } else {
      ::unsetenv("PLUMB_CACHE");
    }
    std::filesystem::remove_all(path_);
  }
  TemporaryCache(const TemporaryCache&) = delete;
  TemporaryCache& operator=(const TemporaryCache&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  static int& made() {
    static int count = 0;
    return count;
  }

  std::filesystem::path path_;
  std::optional<std::string> before_;  // PLUMB_CACHE before this one
};

// The same for a whole test program: ::testing::AddGlobalTestEnvironment(new
// TemporaryCacheEnvironment).
class TemporaryCacheEnvironment : public ::testing::Environment {
 public:
  void SetUp() override { cache_.emplace(); }
  void TearDown() override { cache_.reset(); }

 private:
  std::optional<TemporaryCache> cache_;
};

}  // namespace plumb::testing
