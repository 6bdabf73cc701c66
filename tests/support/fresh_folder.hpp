// tests/support/fresh_folder.hpp: a temporary folder path of its own for a test (a checkpoint's
// folder), named after the test and the process, and empty: anything left there before is removed.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>

namespace plumb::testing {

inline std::filesystem::path fresh_folder(const std::string& name) {
  const auto folder = std::filesystem::temp_directory_path() /
                      ("plumb-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  return folder;
}

}  // namespace plumb::testing
