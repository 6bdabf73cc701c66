// cli/app.hpp: the plumb program as a function, so that main() stays one line.
#pragma once

namespace plumb::cli {

// Parses the command line and runs the command; returns the exit status (see commands.hpp).
int run_program(int argc, char** argv);

}  // namespace plumb::cli
