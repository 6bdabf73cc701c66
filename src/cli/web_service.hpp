// cli/web_service.hpp: where `plumb serve` runs. web_service.cpp is built into each of the two
// programs (companion.hpp): plumb-full serves; the lean plumb hands the command over to it.
#pragma once

#include "serve/server.hpp"

namespace plumb::cli {

// Serves until SIGINT or SIGTERM, printing the address to open once it listens. Throws
// io::EnvironmentError when the service cannot start (or, in the lean program, be handed over).
void serve_web(const serve::ServeOptions& options);

}  // namespace plumb::cli
