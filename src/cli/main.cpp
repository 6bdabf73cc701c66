// The plumb program. Everything is in cli/app.cpp; see `plumb --help`.
#include "cli/app.hpp"

int main(int argc, char** argv) { return plumb::cli::run_program(argc, argv); }
