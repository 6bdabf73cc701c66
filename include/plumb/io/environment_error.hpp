// plumb/io/environment_error.hpp: EnvironmentError, what the library throws when the machine, not the
// input, fails it: a cache that cannot be used, memory that cannot be had, output that cannot be
// written. The program reports it as `plumb: MESSAGE` and exits with status 4.
#pragma once

#include <stdexcept>
#include <string>

namespace plumb::io {

class EnvironmentError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace plumb::io
