// The web service's API (serve::Api, in this process) against bodies written to break it: numbers
// out of range and bytes that are not UTF-8 are a 400 like any body that is not JSON, never a 500;
// whatever a message echoes of the body is quoted short, so that every refusal is small and
// printable (its JSON dumps without error, and holds no raw control byte). Api::stop() answers a
// running search 503 at once, and every request after it.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "serve/api.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;

// Runs a solve request, failing the test (with what escaped) if it throws instead of answering.
serve::Reply solve(serve::Api& api, const std::string& body) {
  try {
    return api.run(serve::Action::solve, body, search::SearchContext());
  } catch (const std::exception& error) {
    ADD_FAILURE() << "the request threw " << error.what();
    return {-1, json::object()};
  }
}

// A 400 whose message says `words`, its body a small JSON text of printable ASCII.
void expect_brief_refusal(const serve::Reply& reply, const std::string& words,
                          const std::string& request) {
  const std::string shown = request.substr(0, 60);
  EXPECT_EQ(reply.status, 400) << shown;
  std::string text;
  try {
    text = reply.body.dump();  // strict, as a client's parser is
  } catch (const json::exception& error) {
    ADD_FAILURE() << shown << ": the answer does not dump: " << error.what();
    return;
  }
  EXPECT_LT(text.size(), 1000U) << shown;
  EXPECT_TRUE(std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; }))
      << shown << " -> " << text;
  EXPECT_NE(reply.body.value("error", "").find(words), std::string::npos)
      << shown << " -> " << text;
}

TEST(ServeHostileBodies, NumbersOutOfRangeAre400) {
  serve::Api api({});
  for (const std::string body :
       {R"({"puzzle": "sliding", "input": "1 2 3 4 5 6 7 8 x\n", "time_limit": 1e400})",
        R"({"puzzle": "gap", "input": "1\n", "options": {"suits": 1e999}})",
        R"({"puzzle": "gap", "input": "1\n", "options": {"suits": -1e999}})", R"([1, [2, 1e999]])",
        R"({"puzzle": "gap", "input": "1\n", "time_limit": 1e309})"}) {
    expect_brief_refusal(solve(api, body), "number overflow", body);
  }
  const std::string long_number = "{\"time_limit\": 1" + std::string(100'000, '0') + "}";
  expect_brief_refusal(solve(api, long_number), "number overflow", long_number);
}

TEST(ServeHostileBodies, BytesThatAreNotUtf8Are400) {
  serve::Api api({});
  for (const std::string body :
       {"{\"puzzle\":\"\xc3\"}", "{\"puzzle\": \"sliding\", \"input\": \"\xff\xfe\"}",
        "{\"\xc3\x28\": 1}",
        "{\"puzzle\": \"gap\", \"input\": \"1\\n\", \"options\": {\"\xe2\x82\": 1}}",
        "{\"puzzle\": \"\xc0\xaf\"}", "{\"puzzle\": \"\xed\xa0\x80\"}", "{\"puzzle\": \"\\ud800\"}",
        "\xef\xbb\xbf\xff"}) {
    expect_brief_refusal(solve(api, body), "not JSON", body);
  }
}

TEST(ServeHostileBodies, EchoedTextIsQuotedShortAndPrintable) {
  serve::Api api({});
  const std::string long_text(900'000, 'a');
  const std::string escapes = [] {
    std::string text;
    for (int i = 0; i < 100'000; ++i) text += "\\u001b";
    return text;
  }();
  const std::string raw_escapes(100'000, '\x1b');
  const auto request = [](const std::string& fields) { return "{\"puzzle\": " + fields + "}"; };
  const std::pair<std::string, std::string> cases[] = {
      {"{\"puzzle\": \"" + long_text, "not JSON"},  // unterminated
      {request("\"" + raw_escapes + "\"}"), "not JSON"},
      {request("\"gap\", \"input\": \"1\\n\", \"options\": {\"" + escapes + "\": 1}"), "no option"},
      {request("\"gap\", \"input\": \"1\\n\", \"options\": {\"" + long_text + "\": 1}"),
       "no option"},
      {request("\"gap\", \"input\": \"1\\n\", \"options\": {\"" + escapes + "\": []}"),
       "no option"},
      {request("\"" + escapes + "\", \"input\": \"1\\n\""), "no puzzle"},
      {request("\"gap\", \"" + escapes + "\": 1"), "unknown field"},
      {request("\"gap\", \"input\": \"1\\n\", \"algo\": \"" + escapes + "\""),
       "--algo: expected one of"},
      {request("\"gap\", \"input\": \"1\\n\", \"format\": \"" + escapes + "\""), "no format"},
      {request("\"gap\", \"input\": \"1\\n\", \"options\": {\"suits\": \"" + escapes + "\"}"),
       "--suits"},
      {request("\"sliding\", \"input\": \"1\\n\", \"options\": {\"goal\": \"" + escapes + "\"}"),
       "--goal"},
      {request("\"sliding\", \"input\": \"1\\n\", \"options\": {\"size\": \"" + escapes + "\"}"),
       "--size"},
      {request("\"sliding\", \"input\": \"" + escapes + "\""), "line 1: "},
      {request("\"gap\", \"input\": \"" + long_text + "\""), "line 1: "},
  };
  for (const auto& [body, words] : cases) expect_brief_refusal(solve(api, body), words, body);
}

// A 15-puzzle that IDA* takes many minutes over (Korf's instance 88, data/korf100.txt), held by a
// 60 s limit.
const std::string kSlowRequest =
    R"({"puzzle": "sliding", "input": "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n",
        "options": {"goal": "blank-first"}, "algo": "ida", "time_limit": 60})";

TEST(ServeApiStop, ARunningSearchAndEveryLaterRequestAnswer503AtOnce) {
  serve::ApiLimits limits;
  limits.running = 1;
  limits.waiting = 0;
  serve::Api api(limits);
  // The search is sent again while a probe holds the only slot; it holds the slot once a probe is
  // refused as busy.
  std::future<serve::Reply> slow = std::async(std::launch::async, [&] {
    for (const auto started = std::chrono::steady_clock::now();;) {
      serve::Reply reply = solve(api, kSlowRequest);
      const bool busy = reply.status == 503 && reply.body.value("error", "").rfind("busy", 0) == 0;
      if (!busy || std::chrono::steady_clock::now() - started > std::chrono::seconds(30))
        return reply;
    }
  });
  const std::string probe = R"({"puzzle": "sliding", "input": "1 2 3 4 5 6 7 8 x\n"})";
  const auto started = std::chrono::steady_clock::now();
  while (solve(api, probe).status != 503 &&
         std::chrono::steady_clock::now() - started < std::chrono::seconds(30))
    std::this_thread::sleep_for(std::chrono::milliseconds(20));

  const auto stopped = std::chrono::steady_clock::now();
  api.stop();
  ASSERT_EQ(slow.wait_for(std::chrono::seconds(20)), std::future_status::ready);
  EXPECT_LT(std::chrono::steady_clock::now() - stopped, std::chrono::seconds(10));
  const serve::Reply reply = slow.get();
  EXPECT_EQ(reply.status, 503) << reply.body.dump();
  EXPECT_EQ(reply.body.value("error", ""), serve::kStopping);

  const serve::Reply later = solve(api, kSlowRequest);
  EXPECT_EQ(later.status, 503) << later.body.dump();
  EXPECT_EQ(later.body.value("error", ""), serve::kStopping);
}

}  // namespace
}  // namespace plumb::testing
