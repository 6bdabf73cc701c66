// The plumb program, and its companion plumb-full (cli/companion.hpp): everything is in cli/app.cpp;
// see `plumb --help`. Started by an MPI launcher, it first joins the job (cli/cluster.hpp), and
// leaves it on the way out; a process whose environment failed ends the whole job (Cluster::abort),
// since it may have failed alone, the others waiting for it in a collective.
#include "cli/app.hpp"
#include "cli/cluster.hpp"
#include "plumb/puzzle_interface/exit_code.hpp"

int main(int argc, char** argv) {
  const plumb::cli::Cluster cluster(argc, argv);
  const int status = plumb::cli::run_program(argc, argv);
  if (status == static_cast<int>(plumb::puzzle_interface::ExitCode::environment))
    cluster.abort(status);
  return status;
}
