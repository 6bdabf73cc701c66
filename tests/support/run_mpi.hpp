// tests/support/run_mpi.hpp: runs the built plumb program as N processes of an MPI job on this
// machine, as `mpirun -np N plumb ARGS` would, for the tests of `explore` across processes.
//
// The launcher is the one CMake found (PLUMB_MPIEXEC; empty in a build without MPI, where the tests
// skip). Open MPI is told what a test machine needs: to run as root if the tests do, to start more
// processes than there are cores, to pass messages through shared memory within the machine (no
// network probing, no single-copy mechanism, which containers refuse), to add no report of its own
// when a process exits with a non-zero status (mpirun -q), and, under AddressSanitizer,
// not to count MPI's own allocations that live to the end as leaks. `environment` adds NAME=VALUE
// words to the processes' environment.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "tests/support/run_plumb.hpp"

namespace plumb::testing {

inline bool have_mpi() { return std::string(PLUMB_MPIEXEC).size() > 0; }

// The words that start `processes` processes of the plumb program with `args`.
inline std::vector<std::string> mpi_words(int processes, const std::vector<std::string>& args,
                                          const std::vector<std::string>& environment = {}) {
  const char* asan = std::getenv("ASAN_OPTIONS");
  std::vector<std::string> words{"env",
                                 "OMPI_ALLOW_RUN_AS_ROOT=1",
                                 "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                                 "OMPI_MCA_rmaps_base_oversubscribe=1",
                                 "OMPI_MCA_btl=self,vader",
                                 "OMPI_MCA_btl_vader_single_copy_mechanism=none",
                                 "OMPI_MCA_orte_execute_quiet=1",
                                 "ASAN_OPTIONS=" + std::string(asan != nullptr ? asan : "") + ":detect_leaks=0"};
  words.insert(words.end(), environment.begin(), environment.end());
  words.insert(words.end(), {PLUMB_MPIEXEC, "-np", std::to_string(processes), PLUMB_BINARY});
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

inline ProgramRun run_mpi(int processes, const std::vector<std::string>& args,
                          const std::vector<std::string>& environment = {}) {
  return run_command(mpi_words(processes, args, environment));
}

}  // namespace plumb::testing
