// serve/databases.hpp: Databases, the sets of precomputed tables `plumb serve` keeps for its
// requests (docs/serve.md): those the puzzles declare (puzzle_interface/table_sets.hpp), sliding's
// pattern databases today. One thread of its own loads each set from the table cache or builds it
// there (io/table_cache.hpp: the cache's notices, the set kept for good), one set after another, on
// the server's threads; no request's limit stops it, only the server's stop. Some sets are prepared
// from the server's start; the others wait, idle, until a request first needs one. The puzzles'
// solvers borrow the sets through io::TableLender, so a request reads no table itself.
//
// Each set is idle, queued, building (loaded or built so far: `fraction`, estimated from the
// expansions its parts' declared work), ready or failed; a request's need queues an idle set, and
// sets are prepared in the order they were queued. A solver that needs a set not yet ready meets
// DatabaseNotReady (the service answers 503, with the progress and a Retry-After); one whose set
// failed meets io::EnvironmentError (500, exit status 4). A set the server does not keep is the
// request's own to load or build, as `plumb solve` does. Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
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
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/search/context.hpp"

namespace plumb::serve {

struct DatabaseOptions {
  std::vector<puzzle_interface::DeclaredTableSet> sets;       // prepared from the start, in order
  std::vector<puzzle_interface::DeclaredTableSet> on_demand;  // kept, prepared when first needed
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

  // {"database": "15-7-8", "puzzle": "sliding", "title": "the 15-puzzle's databases (15-7-8)",
  //  "board": "4x4", "fraction": 0.43}
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

  // Starts the thread that loads or builds the sets, the ones of `sets` first.
  void start();
  // Cancels the build running, if any, and the builds after it; the sets not ready stay as they
  // are. Returns at once.
  void stop();

  // The set `name` of `puzzle`, if the server keeps it; queues it if idle.
  std::shared_ptr<const void> lend(std::string_view puzzle, std::string_view name) const override;
  std::shared_ptr<const void> lend_if_ready(std::string_view puzzle,
                                            std::string_view name) const override;

  // Every set's state, for GET /api/puzzles: [{"database", "puzzle", "title", "board", "state",
  // "fraction"}, and "error" when it failed], the sets from the start first.
  nlohmann::json states() const;

 private:
  enum class State { idle, queued, building, ready, failed };
  using Clock = std::chrono::steady_clock;

  struct Entry {
    puzzle_interface::DeclaredTableSet declared;
    State state = State::idle;
    double fraction = 0;
    Clock::time_point started{};
    std::string failure{};
    std::shared_ptr<const void> set{};  // the puzzle's set, once ready
  };

  // The thread: prepares each set queued, in turn, until the server stops.
  void prepare_queued();
  // Loads or builds entries_[index]'s set and says how it went; returns false if the server
  // stopped first.
  bool prepare(std::size_t index);
  // Loads or builds entries_[index]'s set; nothing if the server stopped first. Throws whatever
  // made the build fail.
  std::shared_ptr<const void> build(std::size_t index);
  // The entry of the set `name` of `puzzle`, if kept; call it with mutex_ held.
  Entry* find(std::string_view puzzle, std::string_view name) const;
  void report(const search::SearchStats& stats);
  void hold() const;
  int retry_after(const Entry& entry) const;
  // What an answer says of a set: its name, its puzzle's, its title, the board it serves and the
  // part of it loaded or built.
  static nlohmann::json progress(const Entry& entry);

  DatabaseOptions options_;
  search::SearchContext context_;  // the builds', cancelled by stop()
  // A request's need changes an idle set's state and the queue: lending is const to the solvers,
  // and what it changes is this class's bookkeeping, guarded by mutex_.
  mutable std::mutex mutex_;
  mutable std::condition_variable queued_;  // a set was queued, or the server stops
  mutable std::vector<Entry> entries_;
  mutable std::deque<std::size_t> queue_;  // the entries queued, in order
  // The build running: its entry, the work of its parts before the current one, and the current
  // part's work (the expansions its build takes, as the puzzle estimates it).
  std::size_t current_ = 0;
  double work_done_ = 0, work_now_ = 0, work_total_ = 0;
  std::thread thread_;
};

}  // namespace plumb::serve
