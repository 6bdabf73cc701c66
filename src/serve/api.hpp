// serve/api.hpp: the web service's JSON API apart from HTTP (docs/serve.md): the answers to
// GET /api/puzzles, POST /api/solve, /api/explore and /api/read, each a Reply (an HTTP status and a
// JSON body), so that the server (serve/server.hpp) only routes.
//
// A request names a puzzle, its contest input, its options as the command line's long options
// without dashes, an algorithm, a format and a time limit. It is driven through the puzzle
// interface exactly as `plumb solve` drives it (puzzle_interface/run.hpp): the same declarations
// check the options, the same readers the input, and `"format": "contest"` answers the very text
// the program prints. A request that fails answers {"error": MESSAGE} (with "line" when the message
// names an input line, and "exit_status", the program's exit status for the same failure) with a
// 4xx or 5xx status, along with the answers before the failure, as the program writes them before
// its message. A message about the input says "line N: ..." where the program says "FILE:N: ...".
//
// Whatever a body holds, a request is answered: a body that is not JSON, a number out of range,
// bytes that are not UTF-8 are a 400, and every message quotes what it echoes of the request short
// and printable (io::quote), so that no answer is large or holds a raw control byte; a 500 is only
// ever the environment failing. stop() answers every running or waiting request 503.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string_view>
#include <vector>

#include "plumb/puzzle_interface/puzzle.hpp"
#include "plumb/search/context.hpp"
#include "serve/admission.hpp"
#include "serve/databases.hpp"
#include "serve/progress_board.hpp"
#include "serve/stop_switch.hpp"

namespace plumb::serve {

struct Reply {
  int status = 200;
  nlohmann::json body;
  int retry_after_seconds = 0;  // a 503's Retry-After header; 0: none
};

// What the service allows a request.
struct ApiLimits {
  double max_seconds = 60;             // the largest time_limit a request may ask for
  double default_seconds = 10;         // a request's time_limit when it names none
  std::uint64_t max_memory_bytes = 0;  // every search stops past this resident memory; 0: no limit
  std::size_t running = 1;             // searches at once
  std::size_t waiting = 16;            // requests waiting for one of them; more are refused (503)
};

// What a POST to the API asks: a search for each dataset, an exploration, each dataset read and
// described without a search (its start, its shape, whether it is known to be unsolvable), a
// random start from a seed, or each dataset's optimal distance alone.
enum class Action { solve, explore, read, scramble, distance };

// The statuses of the replies besides 200.
inline constexpr int kBadRequest = 400;      // bad JSON, puzzle, option, algorithm or input
inline constexpr int kNotFound = 404;        // no such page, or no search watched by that id
inline constexpr int kTimedOut = 408;        // a request that took too long to arrive
inline constexpr int kLengthRequired = 411;  // a body framed by neither a length nor chunks
inline constexpr int kTooLarge = 413;        // a body over the server's limit
inline constexpr int kLimitReached = 422;    // a search stopped by its time or memory limit
inline constexpr int kServerFailed = 500;    // the environment failed (a cache, memory)
inline constexpr int kBusy = 503;            // every slot and queue place taken, or stopping

// The longest id a request's "progress" may give its search.
inline constexpr std::size_t kProgressIdLength = 64;

// The error of every request the server answers while it stops.
inline constexpr const char* kStopping = "the server is stopping";

class Api {
 public:
  // `databases`, if given, lends its pattern database sets to sliding's requests: one that needs a
  // set not ready answers 503 {"status": "building", "error", "building": PROGRESS} with a
  // Retry-After, one whose set failed 500.
  explicit Api(const ApiLimits& limits, std::shared_ptr<const Databases> databases = nullptr);

  // GET /api/puzzles: every puzzle's name, summary, description, options and algorithms, and the
  // state of the server's pattern databases.
  Reply puzzles() const;

  // POST /api/solve, /api/explore, /api/read, /api/scramble or /api/distance with the request's
  // `body`. The search runs under `request` (a copy of the context the request's hangup watch
  // cancels) with the request's limits, once the admission queue lets it; a read runs no search
  // and answers at once, {"datasets": [each dataset's description]} (Instance::describe). A
  // scramble answers {"input": one dataset's text, "seed": the seed} (Instance::scramble; without
  // a "seed" the service draws one), a distance {"results": [{"dataset", "line", "status",
  // "distance"}]}, each dataset solved for its length alone.
  // A request's "progress", an id of letters, digits, '-' and '_', watches its search as that id
  // while it runs (progress()); an id already watching one is refused (400).
  Reply run(Action action, std::string_view body, search::SearchContext request);

  // GET /api/progress/ID: the statistics the search watched as `id` last reported, {"progress":
  // ID, "depth", "expanded", "generated", "seconds", "done"} (docs/serve.md), or 404 when no
  // search is watched as `id` (it ended, or never began).
  Reply progress(const std::string& id) const;

  // Cancels every running search: each request running or waiting answers 503, "the server is
  // stopping", at once, as does every request after.
  void stop() { stop_switch_.pull(); }

 private:
  ApiLimits limits_;
  std::shared_ptr<const Databases> databases_;
  std::vector<std::unique_ptr<puzzle_interface::Puzzle>> puzzles_;
  Admission admission_;
  StopSwitch stop_switch_;
  ProgressBoard progress_;
};

}  // namespace plumb::serve
