// Running a puzzle over an input and naming its failures, for every front end (see
// puzzle_interface/run.hpp).
#include "plumb/puzzle_interface/run.hpp"

#include <fmt/format.h>

#include <condition_variable>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>

#include "plumb/io/counted.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzle_interface {
namespace {

// How a message begins for what stopped the work: "interrupted", "stopped by the time limit".
std::string stopped_by(search::StopReason reason) {
  if (reason == search::StopReason::cancelled) return "interrupted";
  return fmt::format("stopped by the {}", search::to_string(reason));
}

// After the last dataset: nothing but white space.
void expect_end(io::TextInput& input) {
  if (!input.only_blank_left()) input.fail("input continues after the last dataset");
}

// The solution of `dataset`; throws LimitReached when a limit stopped its search.
Solution solved(const Instance& instance, const Dataset& dataset, std::string_view algorithm,
                const search::SearchContext& context) {
  Solution solution = instance.solve(dataset, algorithm, context);
  if (search::is_limit(solution.stats.reason)) throw LimitReached(solution.stats);
  return solution;
}

// The datasets left in an input solved side by side (solve_input): each worker (one a thread the
// context allows) reads the next dataset (one reads at a time), solves it on its own thread and
// leaves what came of it, numbered in input order; the calling thread passes the outcomes on in
// that order. The searches share the threads (search::SharedThreads): a worker holds one while it
// has datasets to solve, and a search that can use more borrows those idle, as the last searches
// of a batch do when the other workers are done. The workers read at most kAhead datasets past the
// last one passed on, so a slow search holds back no more than that many answers. Reading ends at
// the input's end or at a failure (what the reader threw); a failure passed on, or one of
// `answer`'s, stops the workers (the searches, and a read waiting on its input) and waits for them
// before it is rethrown.
class SideBySide {
 public:
  SideBySide(const Instance& instance, DatasetReader& reader, io::TextInput& input,
             std::string_view algorithm, const search::SearchContext& context)
      : instance_(instance),
        reader_(reader),
        input_(input),
        algorithm_(algorithm),
        workers_(search::worker_threads(context)),
        context_(context.with_own_cancellation()),
        previous_watch_(input.replace_watch([this](const io::ReadProgress& read) {
          if (stopping_) throw LimitReached(search::StopReason::cancelled, read);
          if (previous_watch_) previous_watch_(read);
        })) {
    context_.shared_threads = std::make_shared<search::SharedThreads>(workers_);
  }
  SideBySide(const SideBySide&) = delete;
  SideBySide& operator=(const SideBySide&) = delete;
  ~SideBySide() { input_.replace_watch(std::move(previous_watch_)); }

  void run(const std::function<void(Solution&&)>& answer) {
    std::vector<std::jthread> workers;
    const Stopper stopper(*this);  // destroyed first: stops the workers before they are joined
    for (unsigned worker = 0; worker < workers_; ++worker) {
      try {
        workers.emplace_back([this] { work(); });
      } catch (const std::system_error& error) {
        if (workers.empty()) {
          throw io::EnvironmentError(
              fmt::format("cannot start a thread to solve on: {}", error.what()));
        }
        break;  // those started share the work
      }
    }
    while (std::optional<Outcome> outcome = next_outcome()) {
      if (outcome->failure) std::rethrow_exception(outcome->failure);
      answer(std::move(*outcome->solution));
    }
  }

 private:
  static constexpr std::size_t kAhead = 64;

  // What came of a dataset: its solution, or what reading or solving it threw.
  struct Outcome {
    std::optional<Solution> solution;
    std::exception_ptr failure;
  };

  // A worker's own thread, taken from the shared ones while it reads and solves (a search borrows
  // it only once the worker is done).
  class HeldThread {
   public:
    explicit HeldThread(search::SharedThreads& threads) : threads_(threads) { threads_.take_one(); }
    HeldThread(const HeldThread&) = delete;
    HeldThread& operator=(const HeldThread&) = delete;
    ~HeldThread() { threads_.give_back(1); }

   private:
    search::SharedThreads& threads_;
  };

  // Stops the workers when the calling thread leaves run(), by its end or by a failure.
  struct Stopper {
    explicit Stopper(SideBySide& batch) : batch(batch) {}
    Stopper(const Stopper&) = delete;
    Stopper& operator=(const Stopper&) = delete;
    ~Stopper() { batch.stop(); }
    SideBySide& batch;
  };

  void stop() {
    stopping_ = true;
    context_.cancel();
    const std::lock_guard lock(mutex_);
    changed_.notify_all();
  }

  // A worker: reads the next dataset and solves it, until the input ends or the work stops.
  void work() {
    const HeldThread held(*context_.shared_threads);
    for (;;) {
      std::size_t number = 0;
      std::optional<Dataset> dataset;
      {
        const std::lock_guard reading(read_mutex_);
        if (!wait_for_room()) return;
        number = ++read_;
        try {
          dataset = reader_.next();
          if (!dataset) expect_end(input_);
        } catch (...) {
          leave(number, Outcome{std::nullopt, std::current_exception()});
          return;
        }
        if (!dataset) {
          leave(number, std::nullopt);
          return;
        }
      }
      Outcome outcome;
      try {
        outcome.solution = solved(instance_, *dataset, algorithm_, context_);
      } catch (...) {
        outcome.failure = std::current_exception();
      }
      leave(number, std::move(outcome));
    }
  }

  // Waits until the next dataset is at most kAhead past the last passed on, lending its thread to
  // the searches meanwhile; false when the input's end or a failure has been read, or the work
  // stops. Called holding read_mutex_.
  bool wait_for_room() {
    std::unique_lock lock(mutex_);
    const auto room = [this] { return stopping_ || read_all_ || read_ < passed_on_ + kAhead; };
    if (!room()) {
      context_.shared_threads->give_back(1);
      changed_.wait(lock, room);
      lock.unlock();
      context_.shared_threads->take_one();
      lock.lock();
    }
    return !stopping_ && !read_all_;
  }

  // Leaves the outcome of dataset `number`; none: the input ended before it. Either, or a failure,
  // ends the reading.
  void leave(std::size_t number, std::optional<Outcome> outcome) {
    const std::lock_guard lock(mutex_);
    if (!outcome || outcome->failure) {
      read_all_ = true;
      if (!outcome) end_ = number;
    }
    if (outcome) outcomes_.emplace(number, std::move(*outcome));
    changed_.notify_all();
  }

  // The outcome of the dataset after the last passed on, once there is one; none after the last.
  std::optional<Outcome> next_outcome() {
    std::unique_lock lock(mutex_);
    const std::size_t number = passed_on_ + 1;
    changed_.wait(lock, [&] { return outcomes_.contains(number) || number == end_; });
    if (number == end_) return std::nullopt;
    Outcome outcome = std::move(outcomes_.extract(number).mapped());
    passed_on_ = number;
    changed_.notify_all();
    return outcome;
  }

  const Instance& instance_;
  DatasetReader& reader_;
  io::TextInput& input_;
  std::string_view algorithm_;
  unsigned workers_;               // one a thread the context allows
  search::SearchContext context_;  // threads shared; its own cancellation, to stop the searches
  std::atomic<bool> stopping_ = false;
  std::function<void(const io::ReadProgress&)> previous_watch_;  // the input's, put back at the end
  std::mutex read_mutex_;                                        // held by the worker that reads
  std::mutex mutex_;  // guards what follows, and stopping_'s changes for changed_
  std::condition_variable changed_;
  std::size_t read_ = 0;       // the number of the last dataset a worker began to read
  std::size_t passed_on_ = 0;  // the number of the last outcome passed on
  bool read_all_ = false;      // the input's end, or a failure, has been read
  std::size_t end_ = 0;        // the number after the last dataset, once the end is read; else 0
  std::map<std::size_t, Outcome> outcomes_;
};

}  // namespace

LimitReached::LimitReached(const search::SearchStats& stats)
    : std::runtime_error(fmt::format("{} after {:.1f} s and {} expanded states",
                                     stopped_by(stats.reason), stats.seconds,
                                     io::human_count(static_cast<double>(stats.expanded)))),
      stats_(stats) {}

LimitReached::LimitReached(search::StopReason reason, const io::ReadProgress& read)
    : std::runtime_error(fmt::format(
          "{} while reading line {} of {}{}", stopped_by(reason), read.line, read.input,
          read.bytes == 0 ? std::string()
                          : fmt::format(" (its buffer would grow to {})",
                                        io::human_bytes(static_cast<double>(read.bytes))))) {
  stats_.reason = reason;
}

io::ReadLimits read_limits(std::size_t max_line_bytes, const search::SearchContext& context) {
  return {
      max_line_bytes, [context](const io::ReadProgress& read) {
        if (context.cancelled()) throw LimitReached(search::StopReason::cancelled, read);
        const std::uint64_t limit = context.limits.max_memory_bytes;
        if (read.bytes != 0 && limit != 0 && search::resident_memory_bytes() + read.bytes > limit)
          throw LimitReached(search::StopReason::memory_limit, read);
      }};
}

std::optional<Format> format_named(std::string_view name) {
  if (name == "contest") return Format::contest;
  if (name == "pretty") return Format::pretty;
  if (name == "json") return Format::json;
  return std::nullopt;
}

std::string chosen_algorithm(const PuzzleInfo& info, std::string_view requested) {
  std::string algorithm(requested.empty() ? std::string_view(info.algorithms.front()) : requested);
  algorithm_index(info, algorithm);
  return algorithm;
}

void expect_dataset(io::TextInput& input) {
  if (input.only_blank_left()) input.fail_at(0, "the input is empty: expected a dataset");
}

void solve_input(const Instance& instance, io::TextInput& input, std::string_view algorithm,
                 const search::SearchContext& context,
                 const std::function<void(Solution&&)>& answer) {
  const auto reader = instance.read(input);
  const bool side_by_side = search::worker_threads(context) > 1 && instance.solves_side_by_side() &&
                            !context.distribution.active();
  while (std::optional<Dataset> dataset = reader->next()) {
    answer(solved(instance, *dataset, algorithm, context));
    if (side_by_side) {
      SideBySide(instance, *reader, input, algorithm, context).run(answer);
      return;
    }
  }
  expect_end(input);
}

void describe_input(const Instance& instance, io::TextInput& input,
                    const std::function<void(nlohmann::json&&)>& description) {
  const auto reader = instance.read(input);
  while (const std::optional<Dataset> dataset = reader->next())
    description(instance.describe(*dataset));
  expect_end(input);
}

Exploration explore_input(const Instance& instance, io::TextInput* input,
                          const search::SearchContext& context) {
  std::optional<Dataset> start;
  if (input != nullptr) {
    start = instance.read(*input)->next();
    if (!start) input->fail("no dataset to explore from");
  }
  Exploration exploration = instance.explore(start ? &*start : nullptr, context);
  if (search::is_limit(exploration.stats.reason)) throw LimitReached(exploration.stats);
  return exploration;
}

Failure current_failure() {
  Failure failure;
  try {
    throw;
  } catch (const io::InputError& error) {
    failure.message = error.located();
    failure.line = error.line();
    failure.source = error.file();
  } catch (const UsageError& error) {
    failure.message = fmt::format("--{}: {}", error.option(), error.what());
    failure.option = error.option();
  } catch (const LimitReached& stop) {
    failure.status = ExitCode::limit;
    failure.message = stop.what();
    failure.limit = stop.stats().reason;
  } catch (const io::EnvironmentError& error) {
    failure.status = ExitCode::environment;
    failure.message = error.what();
  } catch (const std::filesystem::filesystem_error& error) {
    failure.status = ExitCode::environment;
    failure.message = error.what();
  } catch (const std::bad_alloc&) {
    failure.status = ExitCode::environment;
    failure.message = "out of memory";
  }
  return failure;
}

}  // namespace plumb::puzzle_interface
