// The plumb program, and its companion plumb-full (cli/companion.hpp): everything is in cli/app.cpp;
// see `plumb --help`. Started by an MPI launcher, it first joins the job (cli/cluster.hpp), and
// leaves it on the way out.
#include "cli/app.hpp"
#include "cli/cluster.hpp"

int main(int argc, char** argv) {
  const plumb::cli::Cluster cluster(argc, argv);
  return plumb::cli::run_program(argc, argv);
}
