// `plumb serve` against the requests of #37: sizes whose cell count overflows 32 bits ended the
// server (SIGFPE), answered wrongly or took a core forever; each now answers 400 at once and the
// server goes on. With two long searches running, SIGTERM cancels both (each client answered 503)
// and the server exits within 10 s (it takes well under one). A request that sends
// `Expect: 100-continue` and then no body gets its 408 at the request deadline. `--databases`
// refuses an empty set name wherever the comma too many stands.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/run_plumb.hpp"
#include "tests/support/serve_process.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;
using std::chrono::steady_clock;

json sized(const char* size) {
  return {{"puzzle", "sliding"}, {"options", {{"size", size}}}, {"time_limit", 1}};
}

TEST(ServeSizes, SizesThatWrapAreRefused400AndTheServerGoesOn) {
  ServeProcess server({"--threads", "1"});
  const auto client = server.client(30);
  for (const char* size : {"3x1431655766", "1000000x1000000", "2x2147483647", "65535x65537",
                           "46341x46341", "65536x65536"}) {
    const httplib::Result explored =
        client->Post("/api/explore", sized(size).dump(), "application/json");
    ASSERT_TRUE(explored) << size;
    EXPECT_EQ(explored->status, 400) << size << explored->body;
    EXPECT_NE(explored->body.find("--size"), std::string::npos) << explored->body;
  }
  for (const char* format : {"contest", "pretty", "json"}) {
    json solve = sized("3x1431655766");
    solve["input"] = "x 1\n";
    solve["format"] = format;
    const httplib::Result solved = client->Post("/api/solve", solve.dump(), "application/json");
    ASSERT_TRUE(solved) << format;
    EXPECT_EQ(solved->status, 400) << format << solved->body;
  }
  const json fine = {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n"}};
  const httplib::Result after = client->Post("/api/solve", fine.dump(), "application/json");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->status, 200) << after->body;
  EXPECT_EQ(server.stop(), 0);
}

// A 24-puzzle by IDA* on Manhattan distance alone: hours, far past its 60 s limit.
const json kLongSearch = {
    {"puzzle", "sliding"},
    {"input", "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13\n"},
    {"options", {{"size", "5x5"}, {"goal", "blank-first"}}},
    {"algo", "ida"},
    {"time_limit", 60}};

// Whether `result` is the server's refusal of a request because every slot is taken.
bool refused_as_busy(const httplib::Result& result) {
  if (!result || result->status != 503) return false;
  const json body = json::parse(result->body, nullptr, false);
  return body.is_object() && body.value("error", "").rfind("busy", 0) == 0;
}

TEST(ServeSizes, SigtermCancelsTwoLongSearchesAndExitsAtOnce) {
  ServeProcess server({"--threads", "2", "--queue", "0", "--time-limit", "60"});
  // Each long search is sent again while a probe holds its slot, until it holds one itself.
  std::vector<std::future<std::pair<int, std::string>>> searches;
  for (int i = 0; i < 2; ++i) {
    searches.push_back(std::async(std::launch::async, [&] {
      const auto client = server.client(90);
      for (const auto started = steady_clock::now();;) {
        const httplib::Result result =
            client->Post("/api/solve", kLongSearch.dump(), "application/json");
        if (!refused_as_busy(result) || steady_clock::now() - started > std::chrono::seconds(30))
          return result ? std::pair{result->status, result->body} : std::pair{-1, std::string()};
      }
    }));
  }
  // Both run once a probe is refused as busy: the server has only the two slots and no queue.
  const auto client = server.client(10);
  const json probe = {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n"}};
  bool both_running = false;
  for (const auto started = steady_clock::now();
       !both_running && steady_clock::now() - started < std::chrono::seconds(30);) {
    both_running = refused_as_busy(client->Post("/api/solve", probe.dump(), "application/json"));
  }
  ASSERT_TRUE(both_running);

  const auto signalled = steady_clock::now();
  EXPECT_EQ(server.stop(), 0);  // SIGTERM, then waits for the exit
  EXPECT_LT(steady_clock::now() - signalled, std::chrono::seconds(10));
  for (auto& search : searches) {
    ASSERT_EQ(search.wait_for(std::chrono::seconds(10)), std::future_status::ready);
    const auto [status, body] = search.get();
    EXPECT_EQ(status, 503) << body;
    EXPECT_NE(body.find("the server is stopping"), std::string::npos) << body;
  }
}

TEST(ServeSizes, ExpectContinueWithoutABodyIsAnswered408) {
  ServeProcess server;
  RawConnection connection(server.port());
  connection.send(
      "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
      "Content-Length: 20\r\nExpect: 100-continue\r\n\r\n");
  connection.receive(std::chrono::seconds(15));  // the deadline is 10 s
  const std::string& reply = connection.received();
  EXPECT_NE(reply.find("HTTP/1.1 408"), std::string::npos) << reply;
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServeSizes, AnEmptyDatabaseNameIsRefusedWhereverItStands) {
  for (const char* list : {"15-555,", ",15-555", "15-555,,24-6666", ""}) {
    const ProgramRun run = run_plumb({"serve", "--port", "0", "--databases", list});
    EXPECT_EQ(run.status, 2) << list << run.err;
    EXPECT_NE(run.err.find("empty set name"), std::string::npos) << list << run.err;
  }
}

}  // namespace
}  // namespace plumb::testing
