// serve_load: a load test of `plumb serve` on the loopback address, bounded in count and time:
// REQUESTS requests to /api/solve from CLIENTS concurrent clients, a fixed mix of the requests each
// puzzle's folder gives in bench/serve_requests.jsonl (the registered puzzles' quick starts, and
// one request in fifty a slow 15-puzzle that its 1 s time limit stops). Prints the latency
// percentiles, the statuses and the errors: an answer other than the one a request expects (200
// unless it says), a 503 (the queue full) aside, or no answer at all. Exit status 1 when there is
// an error, 2 for a bad command line or request file.
// Usage: serve_load PORT REQUESTS CLIENTS FILE...   (run by bench/e2e/serve.sh, 2000 and 32)
// A FILE holds a request a line: {"kind": NAME, "request": BODY, "status": 422, "every": 50}, the
// status (default 200) and "every" (N: sent as every Nth request; default: in turn with the others)
// optional.
#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using nlohmann::json;

struct Kind {
  std::string name;
  json request;
  int expected = 200;     // the status a finished search answers with
  std::size_t every = 0;  // sent as every Nth request; 0: in turn with the other such kinds
};

// The kinds of request the files give, in order; throws for a line that is not one.
std::vector<Kind> kinds(const std::vector<std::string>& files) {
  std::vector<Kind> mix;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) throw std::runtime_error("cannot read " + file);
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      const json kind = json::parse(line);
      mix.push_back({kind.at("kind").get<std::string>(), kind.at("request"),
                     kind.value("status", 200), kind.value("every", std::size_t{0})});
    }
  }
  if (std::none_of(mix.begin(), mix.end(), [](const Kind& kind) { return kind.every == 0; }))
    throw std::runtime_error("no request to send in turn");
  return mix;
}

// The kind of request number `i`: a periodic kind on its turn, else the next of the others.
std::size_t kind_of(std::size_t i, const std::vector<Kind>& mix) {
  std::vector<std::size_t> in_turn;
  for (std::size_t k = 0; k < mix.size(); ++k) {
    if (mix[k].every != 0 && i % mix[k].every == mix[k].every - 1) return k;
    if (mix[k].every == 0) in_turn.push_back(k);
  }
  return in_turn[i % in_turn.size()];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    fmt::print(stderr, "usage: serve_load PORT REQUESTS CLIENTS FILE...\n");
    return 2;
  }
  // A server that answers 503 and closes while a client still sends must not kill the load test:
  // the write fails and the request counts as unanswered instead.
  std::signal(SIGPIPE, SIG_IGN);
  const int port = std::stoi(argv[1]);
  const std::size_t requests = std::stoul(argv[2]);
  const std::size_t clients = std::stoul(argv[3]);
  std::vector<Kind> mix;
  try {
    mix = kinds(std::vector<std::string>(argv + 4, argv + argc));
  } catch (const std::exception& error) {
    fmt::print(stderr, "serve_load: {}\n", error.what());
    return 2;
  }
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
        const std::size_t kind = kind_of(i, mix);
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
  fmt::print("errors (not the status expected, or 503): {}\n", errors);
  return errors == 0 ? 0 : 1;
}
