// Work run off the GIL and cancelled by Python's signals (see python/cancellable.hpp).
#include "python/cancellable.hpp"

#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

#include "plumb/io/environment_error.hpp"

namespace plumb::python {

namespace py = pybind11;

void run_cancellable(const search::SearchContext& context, const std::function<void()>& work) {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  std::exception_ptr failure;
  std::thread worker;
  try {
    worker = std::thread([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      const std::lock_guard lock(mutex);
      done = true;
      finished.notify_one();
    });
  } catch (const std::system_error& error) {
    throw io::EnvironmentError(std::string("cannot start the search's thread: ") + error.what());
  }
  bool interrupted = false;
  for (;;) {
    {
      const py::gil_scoped_release unlocked;
      std::unique_lock lock(mutex);
      if (finished.wait_for(lock, kSignalCheck, [&] { return done; })) break;
    }
    if (PyErr_CheckSignals() != 0) {
      context.cancel();
      interrupted = true;
      break;
    }
  }
  {
    const py::gil_scoped_release unlocked;  // the work may need the GIL to finish
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace plumb::python
