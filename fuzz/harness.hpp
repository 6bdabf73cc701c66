// fuzz/harness.hpp: what the fuzz targets share: the fuzz bytes read as a puzzle's input, with
// io::InputError the expected way to reject them, and a scratch directory of the process's own.
//
// Anything but an InputError that escapes a parse is a finding: libFuzzer reports the uncaught
// exception (std::terminate) as a crash, as it does a sanitizer's report.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>

#include "plumb/io/text_input.hpp"

namespace plumb::fuzz {

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Reads the bytes with `read(io::TextInput&)`, as the program reads a file of the contest format.
template <class Read>
void read_text(const std::uint8_t* data, std::size_t size, Read&& read) {
  std::istringstream stream{std::string(text_of(data, size))};
  io::TextInput in(stream, "<fuzz>");
  try {
    read(in);
  } catch (const io::InputError&) {
    // bad input, rejected as it should be
  }
}

// A fresh directory for the life of this process, set as PLUMB_CACHE, so that no target reads or
// writes the user's cache. Removed at exit (a crash leaves it, with what the target wrote there).
class ScratchDirectory {
 public:
  ScratchDirectory()
      : path_(std::filesystem::temp_directory_path() /
              ("plumb-fuzz-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
    ::setenv("PLUMB_CACHE", path_.c_str(), 1);
  }
  ~ScratchDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The process's scratch directory, made on first use.
inline const std::filesystem::path& scratch_directory() {
  static const ScratchDirectory directory;
  return directory.path();
}

}  // namespace plumb::fuzz
