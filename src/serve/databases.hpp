// serve/databases.hpp: Databases, the pattern database sets `plumb serve` keeps for its requests
// (docs/serve.md). From the server's start, one thread loads each set from the table cache or
// builds it there (io/table_cache.hpp: the cache's notices, the set kept for good), one set after
// another, on the server's threads; no request's limit stops it, only the server's stop. Sliding's
// solvers borrow the sets through io::TableLender, so a request reads no table itself.
//
// Each set is queued, building (loaded or built so far: `fraction`, estimated from the
// placements expanded), ready or failed. A solver that needs a set not yet ready meets
// DatabaseNotReady (the service answers 503, with the progress and a Retry-After); one whose set
// failed meets io::EnvironmentError (500, exit status 4). A set the server does not keep is the
// request's own to load or build, as `plumb solve` does. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "plumb/io/table_lender.hpp"
#include "plumb/puzzles/sliding_pdb.hpp"
#include "plumb/search/context.hpp"

namespace plumb::serve {

struct DatabaseOptions {
  std::vector<const puzzles::SlidingPartition*> sets;  // built in this order
  unsigned threads = 1;                                // each build's
  std::uint64_t max_memory_bytes = 0;                  // a build stops (and fails) past it; 0: none
  search::ProgressReporter progress;  // the builds' progress (the terminal's line), if any
  double progress_interval = 0.5;     // seconds between two reports
  std::function<void(const std::string& line)> notice;  // a set ready or failed, one line
  // For tests: each set, once loaded or built, stays `building` until this file exists, so that a
  // test meets that state whatever the machine's speed. Empty: none.
  std::filesystem::path hold_until;
};

// A request needs a set still queued or building: the 503's body and how long to wait.
class DatabaseNotReady : public std::runtime_error {
 public:
  DatabaseNotReady(const std::string& message, nlohmann::json building, int retry_after_seconds)
      : std::runtime_error(message),
        building_(std::move(building)),
        retry_after_(retry_after_seconds) {}

  // {"database": "15-7-8", "puzzle": "sliding", "board": "4x4", "fraction": 0.43}
  const nlohmann::json& building() const { return building_; }
  int retry_after_seconds() const { return retry_after_; }

 private:
  nlohmann::json building_;
  int retry_after_;
};

class Databases final : public io::TableLender {
 public:
  explicit Databases(DatabaseOptions options);
  ~Databases() override;  // stops, then waits for the thread to end
  Databases(const Databases&) = delete;
  Databases& operator=(const Databases&) = delete;

  // Starts loading or building the sets, on a thread of their own.
  void start();
  // Cancels the build running, if any, and the builds after it; the sets not ready stay as they
  // are. Returns at once.
  void stop() { context_.cancel(); }

  // Sliding's set `name` (a puzzles::SlidingPdbSet), if the server keeps it.
  std::shared_ptr<const void> lend(std::string_view puzzle, std::string_view name) const override;

  // Every set's state, for GET /api/puzzles: [{"database", "puzzle", "board", "state",
  // "fraction"}, and "error" when it failed].
  nlohmann::json states() const;

 private:
  enum class State { queued, building, ready, failed };
  using Clock = std::chrono::steady_clock;

  struct Entry {
    const puzzles::SlidingPartition* partition = nullptr;
    State state = State::queued;
    double fraction = 0;
    Clock::time_point started{};
    std::string failure;
    std::shared_ptr<const puzzles::SlidingPdbSet> set;
  };

  void build_all();
  // Loads or builds entries_[index]'s set; nothing if the server stopped first. Throws whatever
  // made the build fail.
  std::shared_ptr<const puzzles::SlidingPdbSet> build(std::size_t index);
  void report(const search::SearchStats& stats);
  void hold() const;
  int retry_after(const Entry& entry) const;

  DatabaseOptions options_;
  search::SearchContext context_;  // the builds', cancelled by stop()
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  // The build running: its entry, the work of its patterns before the current one, and the
  // current pattern's work (the placements its build expands, as estimated).
  std::size_t current_ = 0;
  double work_done_ = 0, work_now_ = 0, work_total_ = 0;
  std::thread thread_;
};

}  // namespace plumb::serve
