// `plumb serve` against hostile clients, end to end on 127.0.0.1: a body over the limit is refused
// 413 however it is framed, chunked too, without the server reading it all, and one framed by
// neither a length nor chunks is refused 411 unread; clients that trickle their headers are cut off
// at the request deadline (408) or refused at once past the connection limit (503), while a normal
// request still gets its answer; SIGTERM answers the search in flight and the server exits at once;
// a path that is not UTF-8 is a 404; a server that cannot listen says why (exit status 4).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/run_plumb.hpp"
#include "tests/support/serve_process.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;
using std::chrono::steady_clock;

// The status of a raw HTTP reply ("HTTP/1.1 413 Payload Too Large..."); -1 for no reply.
int status_of(const std::string& reply) {
  if (reply.rfind("HTTP/1.1 ", 0) != 0 || reply.size() < 12) return -1;
  return std::stoi(reply.substr(9, 3));
}

// A solve request for a 3x3 board (answered 200 at once), padded with white space to `size` bytes.
std::string padded_solve(std::size_t size) {
  const std::string start = R"({"puzzle": "sliding", "input": "1 2 3 4 5 6 7 8 x\n")";
  return start + std::string(size - start.size() - 1, ' ') + "}";
}

constexpr std::size_t kOverTheLimit = 1'500'000;  // the server takes bodies of at most 1 MiB

TEST(ServeHostileClients, AChunkedBodyOverTheLimitIs413) {
  ServeProcess server;
  RawConnection connection(server.port());
  connection.send(
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Transfer-Encoding: chunked\r\n\r\n");
  const std::string body = padded_solve(kOverTheLimit);
  constexpr std::size_t kChunk = 64 * 1024;
  bool taken = true;
  for (std::size_t at = 0; taken && at < body.size(); at += kChunk) {
    const std::string chunk = body.substr(at, kChunk);
    taken = connection.send(fmt::format("{:x}\r\n{}\r\n", chunk.size(), chunk));
  }
  if (taken) connection.send("0\r\n\r\n");
  const std::string& reply = connection.reply();
  EXPECT_EQ(status_of(reply), 413) << reply.substr(0, 200);
  EXPECT_NE(reply.find("too large"), std::string::npos) << reply.substr(0, 200);
  EXPECT_EQ(server.stop(), 0);
}

// HTTP/1.1 gives a request without a length or chunks no body: the server does not read one.
TEST(ServeHostileClients, ABodyWithoutALengthIsRefused411Unread) {
  ServeProcess server;
  RawConnection connection(server.port());
  connection.send(
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Connection: close\r\n\r\n");
  if (connection.send(padded_solve(kOverTheLimit))) connection.finish_sending();
  const std::string& reply = connection.reply();
  EXPECT_EQ(status_of(reply), 411) << reply.substr(0, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServeHostileClients, AChunkedBodyWithinTheLimitIsRead) {
  ServeProcess server;
  const std::string body = padded_solve(900'000);
  RawConnection connection(server.port());
  connection.send(
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n" +
      fmt::format("{:x}\r\n{}\r\n0\r\n\r\n", body.size(), body));
  const std::string& reply = connection.reply();
  EXPECT_EQ(status_of(reply), 200) << reply.substr(0, 300);
  EXPECT_EQ(server.stop(), 0);
}

// Sixty connections that each send a header byte every half second (a bounded slowloris): those
// past the connection limit are refused 503 at once, the others cut off with 408 at the request
// deadline (10 s); meanwhile a normal request is answered (200, or 503 while every connection is
// taken), and once they are gone the server answers as ever.
TEST(ServeHostileClients, SlowClientsAreCutOffAndOthersAnswered) {
  ServeProcess server({"--threads", "1", "--queue", "2"});
  std::vector<std::unique_ptr<RawConnection>> slow;
  for (int i = 0; i < 60; ++i) {
    slow.push_back(std::make_unique<RawConnection>(server.port()));
    slow.back()->send("GET /api/puzzles HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  }
  const auto trickle = [&] {
    for (const auto& connection : slow) {
      connection->receive(std::chrono::milliseconds(0));
      if (!connection->closed()) connection->send("a");
    }
  };
  const auto started = steady_clock::now();
  trickle();
  std::future<int> normal = std::async(std::launch::async, [&] {
    const httplib::Result result = server.client(10)->Get("/api/puzzles");
    return result ? result->status : -1;
  });
  while (normal.wait_for(std::chrono::milliseconds(500)) != std::future_status::ready) trickle();
  const int status = normal.get();
  EXPECT_TRUE(status == 200 || status == 503) << status;

  const auto all_closed = [&] {
    return std::all_of(slow.begin(), slow.end(), [](const auto& c) { return c->closed(); });
  };
  while (!all_closed() && steady_clock::now() - started < std::chrono::seconds(40)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    trickle();
  }
  for (const auto& connection : slow) {
    EXPECT_TRUE(connection->closed());
    const int refused = status_of(connection->received());
    EXPECT_TRUE(refused == 408 || refused == 503) << connection->received();
  }
  // Their places are free again once the server has let go of them (it reads what a client still
  // sends for a second after its answer).
  int after = -1;
  const auto cut_off = steady_clock::now();
  while (after != 200 && steady_clock::now() - cut_off < std::chrono::seconds(10)) {
    const httplib::Result result = server.client(10)->Get("/api/puzzles");
    after = result ? result->status : -1;
    if (after != 200) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(after, 200);
  EXPECT_EQ(server.stop(), 0);
}

// A 24-puzzle (Korf and Felner's instance 1, data/korf24.txt) that plain IDA* takes far longer than
// its 60 s limit over.
const json kHeldSearch = {
    {"puzzle", "sliding"},
    {"input", "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13\n"},
    {"options", {{"size", "5x5"}, {"goal", "blank-first"}}},
    {"algo", "ida"},
    {"time_limit", 60}};

TEST(ServeHostileClients, SigtermAnswersTheSearchInFlightAndExitsAtOnce) {
  ServeProcess server({"--threads", "1", "--queue", "0", "--time-limit", "60"});
  // The search is sent again while a probe holds the only slot; it holds the slot once a probe is
  // refused as busy.
  std::future<std::pair<int, json>> held = std::async(std::launch::async, [&] {
    const auto client = server.client(90);
    for (const auto started = steady_clock::now();;) {
      const httplib::Result result =
          client->Post("/api/solve", kHeldSearch.dump(), "application/json");
      if (!result) return std::pair{-1, json()};
      const json body = json::parse(result->body, nullptr, false);
      const bool busy = result->status == 503 && body.is_object() &&
                        body.value("error", "").rfind("busy", 0) == 0;
      if (!busy || steady_clock::now() - started > std::chrono::seconds(30))
        return std::pair{result->status, body};
    }
  });
  const auto client = server.client(10);
  const json probe = {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n"}};
  for (const auto started = steady_clock::now();
       steady_clock::now() - started < std::chrono::seconds(30);) {
    const httplib::Result result = client->Post("/api/solve", probe.dump(), "application/json");
    if (result && result->status == 503) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }

  const auto signalled = steady_clock::now();
  EXPECT_EQ(server.stop(), 0);  // SIGTERM, then waits for the exit
  EXPECT_LT(steady_clock::now() - signalled, std::chrono::seconds(10));
  ASSERT_EQ(held.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  const auto [status, body] = held.get();
  EXPECT_EQ(status, 503) << body.dump();
  EXPECT_EQ(body.value("error", ""), "the server is stopping");
}

TEST(ServeHostileClients, APathThatIsNotUtf8IsA404) {
  ServeProcess server;
  RawConnection connection(server.port());
  connection.send("GET /%ff%c3 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  const std::string& reply = connection.reply();
  ASSERT_EQ(status_of(reply), 404) << reply;
  const json body = json::parse(reply.substr(reply.find("\r\n\r\n") + 4), nullptr, false);
  EXPECT_NE(body.value("error", "").find("nothing at GET"), std::string::npos) << reply;
  const httplib::Result after = server.client()->Get("/api/puzzles");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->status, 200);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServeHostileClients, AServerThatCannotListenSaysWhy) {
  // 192.0.2.1 (TEST-NET-1) is documentation's address: never this machine's.
  const ProgramRun elsewhere = run_plumb({"serve", "--host", "192.0.2.1", "--port", "0"});
  EXPECT_EQ(elsewhere.status, 4);
  EXPECT_NE(elsewhere.err.find("cannot listen on 192.0.2.1 port 0: the address is not this "
                               "machine's"),
            std::string::npos)
      << elsewhere.err;

  ServeProcess taken;
  const std::string port = std::to_string(taken.port());
  const ProgramRun second = run_plumb({"serve", "--port", port});
  EXPECT_EQ(second.status, 4);
  EXPECT_NE(second.err.find("port " + port + ": the port is taken"), std::string::npos)
      << second.err;
}

}  // namespace
}  // namespace plumb::testing
