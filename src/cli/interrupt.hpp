// cli/interrupt.hpp: an interrupt (Ctrl-C, SIGINT) or SIGTERM cancels a command's searches, and its
// reading of the input (puzzle_interface::read_limits), instead of killing the program, so that the
// answers found before it are written and the run ends as a limit does: a message and exit
// status 3. A second signal, once the first has been caught, ends the program at once as if none
// were caught.
#pragma once

#include <csignal>

#include "plumb/search/context.hpp"

namespace plumb::cli {

// For its life, SIGINT and SIGTERM cancel `context` (search::SearchContext::cancel, one atomic
// store: safe in a signal handler); the handlers before it come back after. One at a time.
class CancelOnInterrupt {
 public:
  explicit CancelOnInterrupt(const search::SearchContext& context);
  ~CancelOnInterrupt();
  CancelOnInterrupt(const CancelOnInterrupt&) = delete;
  CancelOnInterrupt& operator=(const CancelOnInterrupt&) = delete;

 private:
  search::SearchContext context_;
  struct sigaction previous_interrupt_ {};
  struct sigaction previous_terminate_ {};
};

}  // namespace plumb::cli
