// cli/cluster.hpp: the processes of one run of the program. Started by an MPI launcher (mpirun,
// mpiexec, Slurm's srun), plumb joins the MPI job at start-up and `explore` shares its work among the
// job's processes (search::Exchange over MPI's collectives), as `solve` and `pdb solve` share each
// IDA* (the exchange's counter); started alone, it runs alone as ever.
//
// A launcher is recognized by the variables it sets (Open MPI's OMPI_COMM_WORLD_SIZE, PMI's PMI_SIZE,
// PMIx's PMIX_RANK). Only process 0 writes: the others' standard output and error are discarded, so
// `mpirun -np N plumb explore ...` prints what `plumb explore ...` prints. A build without MPI that a
// launcher starts as one of several processes knows it cannot join them: `missing()` says so, and
// `explore` fails with that message (from the launcher's process 0) rather than run N times.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "plumb/search/exchange.hpp"

namespace plumb::cli {

class Cluster {
 public:
  Cluster() = default;  // a process alone
  // Joins the job if a launcher started this process and the build has MPI; the program makes one.
  Cluster(int& argc, char**& argv);
  ~Cluster();  // leaves the job
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  // The job's exchange; null for a process alone (or one that cannot join its job).
  const std::shared_ptr<search::Exchange>& exchange() const { return exchange_; }
  // Why this process cannot share its work with the others its launcher started; empty if it can.
  const std::string& missing() const { return missing_; }
  // Ends every process of the job with `status` (MPI_Abort) if there are others: for a process that
  // failed on its own, which they would otherwise wait for at their next collective. Alone, returns.
  void abort(int status) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  std::shared_ptr<search::Exchange> exchange_;
  std::string missing_;
};

// The program's cluster; a process alone when no Cluster was made (commands run inside tests).
const Cluster& cluster();

// The distribution an `explore` runs under: this job's exchange, if any, and the checkpoint folder
// (`--checkpoint DIR`; `--resume DIR` reads it first and carries on writing into it). With
// PLUMB_CRASH_AFTER_LAYER=K set, the job's last process kills itself (SIGKILL) once layer K's
// checkpoint is complete: how the tests lose a machine.
search::Distribution distribution(const std::string& checkpoint, bool resume);

// After an exploration shared by several processes, the line `--stats` adds on standard error (from
// process 0; every process must call it): the processes, the bytes they sent to each other (and per
// state explored), their peak resident memory and the time each spent in the exchange.
void report_cluster_stats(std::uint64_t states);

}  // namespace plumb::cli
