// cli/companion.hpp: the program in two parts. `plumb` itself loads only what solving and exploring
// need. The web service (cpp-httplib, which brings OpenSSL) and MPI live in a companion program,
// plumb-full, which is all of plumb: their libraries would cost every run of `plumb solve` several
// milliseconds of start-up. The lean program hands `plumb serve`, and any run that an MPI launcher
// started, to the companion by exec'ing it with its own arguments, so it stays the same process
// with the same standard streams, environment and launcher.
//
// The companion is looked for beside the running program (a build folder) and then where an
// installation puts it, relative to the program: ../libexec/plumb/ in the default layout (CMake
// derives the path and the companion's name from the install rules).
#pragma once

#include <string>

namespace plumb::cli {

// Replaces this process by the companion, run with this process's arguments; returns only when it
// cannot, with why, in a sentence that names `what` (e.g. "plumb serve") as the work that needs it.
std::string hand_over_to_companion(const std::string& what);

}  // namespace plumb::cli
