// python/cancellable.hpp: a search run from Python without holding the GIL, and stopped by Ctrl-C.
//
// Python's SIGINT handler only sets a flag that the main thread acts on when it next runs Python
// code, and a search runs no Python code of its own. So the work runs on a thread of its own while
// the calling thread waits with the GIL released, waking every kSignalCheck to take the GIL and let
// Python handle pending signals (PyErr_CheckSignals). When that raises (KeyboardInterrupt, or
// whatever a handler raises), the context is cancelled (search::SearchContext::cancel: every search
// under it stops at its next check), the work is waited for and the exception raised. Other Python
// threads run meanwhile, and several threads may run searches at once; on a thread other than the
// main one PyErr_CheckSignals does nothing, as Python delivers signals to the main thread alone.
// What the work throws is thrown again in the calling thread.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <functional>

#include "plumb/search/context.hpp"

namespace plumb::python {

inline constexpr std::chrono::milliseconds kSignalCheck{50};

// Runs `work` as above. Call it with the GIL held; `work` runs without it.
void run_cancellable(const search::SearchContext& context, const std::function<void()>& work);

}  // namespace plumb::python
