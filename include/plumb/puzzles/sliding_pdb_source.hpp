// plumb/puzzles/sliding_pdb_source.hpp: SlidingPdbSource, where a SlidingSolver gets pattern
// database sets that someone else keeps loaded. A long-running front end (`plumb serve`) loads or
// builds the sets once, apart from any request, and lends them to the solvers of every request, so
// that no request builds a set under its own limits or reads one from the disk again.
//
// A source keeps some partitions. For those it lends the set once it is ready, and throws
// otherwise (an exception of its own choosing, which the front end catches: the set is still being
// built, or could not be). For the others it lends nothing and the solver loads or builds the set
// itself, as it does without a source. Lending is thread-safe; a lent set stays valid while any
// solver holds it.
#pragma once

#include <memory>

#include "plumb/puzzles/sliding_pdb.hpp"

namespace plumb::puzzles {

class SlidingPdbSource {
 public:
  virtual ~SlidingPdbSource() = default;

  // The set of `partition` if this source keeps it and it is ready; null if the source does not
  // keep it. Throws if the source keeps it but it is not ready.
  virtual std::shared_ptr<const SlidingPdbSet> lend(const SlidingPartition& partition) const = 0;
};

}  // namespace plumb::puzzles
