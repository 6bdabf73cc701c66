// serve_load: a load test of `plumb serve` on the loopback address, bounded in count and time:
// REQUESTS requests to /api/solve from CLIENTS concurrent clients, a fixed mix of the five puzzles'
// quick starts with one request in fifty a slow 15-puzzle that its 1 s time limit stops. Prints the
// latency percentiles, the statuses and the errors: an answer other than 200, the slow requests'
// 422 or a 503 (the queue full), or no answer at all. Exit status 1 when there is an error.
// Usage: serve_load PORT [REQUESTS] [CLIENTS]   (defaults 2000 and 32; run by bench/e2e/serve.sh)
#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

namespace {

using nlohmann::json;

struct Kind {
  const char* name;
  json request;
  int expected;  // the status a finished search answers with
};

std::vector<Kind> kinds() {
  return {
      {"sliding", {{"puzzle", "sliding"}, {"input", "8 6 7 2 5 4 3 x 1\n"}}, 200},
      {"sliding-many",
       {{"puzzle", "sliding"}, {"input", "2 3 4 1 5 x 7 6 8\n1 2 3 4 5 6 7 8 x\n8 1 3 4 x 2 7 6 5\n"},
        {"format", "contest"}},
       200},
      {"gap",
       {{"puzzle", "gap"},
        {"input", "1\n26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n"
                  "16 43 27 35 22 33 15\n"}},
       200},
      {"cubic", {{"puzzle", "cubic"}, {"input", "3 3\nW B W\nB R E\nR B R\n0 0\n"}}, 200},
      {"pegs", {{"puzzle", "pegs"}, {"input", "1\n5\n"}}, 200},
      {"block", {{"puzzle", "block"}, {"input", "1\n4\nb..$\n....\nHHHH\nHHHH\n"}}, 200},
      {"slow",
       {{"puzzle", "sliding"},
        {"input", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n"},
        {"options", {{"goal", "blank-first"}}},
        {"algo", "ida"},
        {"time_limit", 1}},
       422},
  };
}

// The kind of request number `i`: one in fifty slow, the others in turn.
std::size_t kind_of(std::size_t i, std::size_t count) {
  return i % 50 == 49 ? count - 1 : i % (count - 1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    fmt::print(stderr, "usage: serve_load PORT [REQUESTS] [CLIENTS]\n");
    return 2;
  }
  const int port = std::stoi(argv[1]);
  const std::size_t requests = argc > 2 ? std::stoul(argv[2]) : 2000;
  const std::size_t clients = argc > 3 ? std::stoul(argv[3]) : 32;
  const std::vector<Kind> mix = kinds();
  std::vector<std::string> bodies;
  for (const Kind& kind : mix) bodies.push_back(kind.request.dump());

  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::vector<double> latencies;  // seconds, of the answered requests but the 503s
  std::map<std::string, std::size_t> outcomes;
  std::size_t errors = 0;
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> threads;
  for (std::size_t c = 0; c < clients; ++c) {
    threads.emplace_back([&] {
      httplib::Client client("127.0.0.1", port);
      client.set_read_timeout(30, 0);
      for (std::size_t i = next++; i < requests; i = next++) {
        const std::size_t kind = kind_of(i, mix.size());
        const auto sent = std::chrono::steady_clock::now();
        const httplib::Result result = client.Post("/api/solve", bodies[kind], "application/json");
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count();
        const int status = result ? result->status : -1;
        const bool expected = status == mix[kind].expected || status == 503;
        const std::lock_guard lock(mutex);
        ++outcomes[fmt::format("{} {}", mix[kind].name, status)];
        if (!expected) {
          ++errors;
          if (errors <= 5)
            fmt::print(stderr, "error: {} answered {}: {}\n", mix[kind].name, status,
                       result ? result->body.substr(0, 200) : httplib::to_string(result.error()));
        }
        if (status != 503) latencies.push_back(seconds);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const double wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::sort(latencies.begin(), latencies.end());
  const auto percentile = [&](double p) {
    if (latencies.empty()) return 0.0;
    return latencies[std::min(latencies.size() - 1,
                              static_cast<std::size_t>(p * static_cast<double>(latencies.size())))];
  };
  fmt::print("{} requests from {} clients in {:.1f} s ({:.0f} a second)\n", requests, clients, wall,
             static_cast<double>(requests) / wall);
  fmt::print("latency of the answered (not 503): p50 {:.1f} ms, p99 {:.1f} ms, max {:.1f} ms\n",
             percentile(0.5) * 1e3, percentile(0.99) * 1e3, percentile(1.0) * 1e3);
  for (const auto& [outcome, count] : outcomes) fmt::print("  {:<18} {}\n", outcome, count);
  fmt::print("errors (not 200, the slow ones' 422, or 503): {}\n", errors);
  return errors == 0 ? 0 : 1;
}
