// plumb/io/environment_error.hpp: EnvironmentError, what the library throws when the machine, not the
// input, fails it: a cache that cannot be used, memory that cannot be had, a thread that cannot be
// started, output that cannot be written. The program reports it as `plumb: MESSAGE` and exits with
// status 4.
#pragma once

#include <fmt/core.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "plumb/io/counted.hpp"

namespace plumb::io {

class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The error for an allocation that failed: "out of memory: the WHAT needs 12.0 GiB".
inline EnvironmentError out_of_memory(std::string_view what, std::uint64_t bytes) {
  return EnvironmentError(fmt::format("out of memory: the {} needs {}", what,
                                      human_bytes(static_cast<double>(bytes))));
}

}  // namespace plumb::io
