// `plumb serve`'s service (web_service.hpp). Compiled once for each program: with
// PLUMB_LEAN_PROGRAM (the lean plumb, without cpp-httplib) it hands the command to the companion.
#include "cli/web_service.hpp"

#include <fmt/format.h>

#include <iostream>

#include "cli/companion.hpp"
#include "plumb/io/environment_error.hpp"

namespace plumb::cli {

void serve_web(const serve::ServeOptions& options) {
#ifdef PLUMB_LEAN_PROGRAM
  (void)options;
  throw io::EnvironmentError(hand_over_to_companion("plumb serve"));
#else
  serve::serve(options, [](const std::string& address) {
    std::cout << fmt::format("plumb: serving on {} (Ctrl-C stops it)\n", address) << std::flush;
  });
#endif
}

}  // namespace plumb::cli
