// serve/progress_board.hpp: ProgressBoard, the latest statistics of each search a client asked to
// watch (a request's "progress" id), for GET /api/progress/ID while the search runs. A request
// watches its search context under its id for as long as it runs; the search reports through the
// context at most every kInterval, and the board keeps its latest report. An id watches one
// search at a time; once the request ends, its id is unknown again. Thread-safe.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "plumb/search/context.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::serve {

class ProgressBoard {
 public:
  static constexpr double kInterval = 0.25;  // seconds between a search's reports

  // A search watched until destroyed.
  class Watch {
   public:
    Watch(ProgressBoard& board, std::string id) : board_(&board), id_(std::move(id)) {}
    Watch(Watch&& other) noexcept : board_(std::exchange(other.board_, nullptr)), id_(other.id_) {}
    Watch& operator=(Watch&&) = delete;
    ~Watch();

   private:
    ProgressBoard* board_;  // null once moved from
    std::string id_;
  };

  // Watches the searches under `context` as `id` (its reporter set here) until the Watch ends;
  // nothing when `id` already watches one.
  [[nodiscard]] std::optional<Watch> watch(const std::string& id, search::SearchContext& context);

  // The statistics the search watched as `id` last reported (all zero before its first report),
  // or nothing when no search is watched as `id`.
  std::optional<search::SearchStats> latest(const std::string& id) const;

 private:
  mutable std::mutex mutex_;
  std::unordered_map<std::string, search::SearchStats> latest_;
};

}  // namespace plumb::serve
