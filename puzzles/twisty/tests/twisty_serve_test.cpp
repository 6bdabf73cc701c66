// `plumb serve` keeps a shipped twisty definition's declared table set (twisty-skewb) and lends it
// to the requests' searches: once the set is ready its files may go from the cache and a request
// still answers without building a table again (the server says "building" once a table, for the
// set). Every wait is for an event, with a generous bound. And a flag option (--all) through the
// JSON API.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/serve_process.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;

// The set's state as GET /api/puzzles lists it, or "" while it is not listed.
std::string set_state(const ServeProcess& server, const std::string& name) {
  const httplib::Result result = server.client()->Get("/api/puzzles");
  if (!result) return "";
  const json listing = json::parse(result->body);
  for (const json& set : listing.at("databases"))
    if (set.at("database") == name) return set.at("state");
  return "";
}

std::size_t occurrences(const std::string& text, const std::string& word) {
  std::size_t count = 0;
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++count;
  return count;
}

TEST(TwistyServe, TheDeclaredSetIsLentToTheSearches) {
  const TemporaryCache cache;
  const std::filesystem::path folder = fresh_folder("twisty-serve"), errors = folder / "errors";
  std::filesystem::create_directories(folder);
  ServeProcess server({"--databases", "twisty-skewb"}, errors);
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (set_state(server, "twisty-skewb") != "ready" && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_EQ(set_state(server, "twisty-skewb"), "ready");
  for (const auto& entry : std::filesystem::directory_iterator(cache.path()))
    std::filesystem::remove(entry.path());

  // 9 moves from solved: U R' L R' U R' L B' R' solves it.
  const json request = {{"puzzle", "twisty"},
                        {"input", "R B L' R U' R L' R U'\n"},
                        {"options", {{"definition", "skewb"}}}};
  const httplib::Result result =
      server.client()->Post("/api/solve", request.dump(), "application/json");
  ASSERT_TRUE(result);
  ASSERT_EQ(result->status, 200) << result->body;
  const json answer = json::parse(result->body).at("results").at(0);
  EXPECT_EQ(answer.at("length"), 9) << answer.dump();
  EXPECT_EQ(server.stop(), 0);
  std::stringstream said;
  said << std::ifstream(errors).rdbuf();
  EXPECT_EQ(occurrences(said.str(), "building pruning table"), 2U) << said.str();
}

// A flag (--all) is true or false in a request, as the listing says; anything else is refused.
TEST(TwistyServe, AFlagIsTrueOrFalse) {
  ServeProcess server;
  const auto client = server.client();
  const httplib::Result listing = client->Get("/api/puzzles");
  ASSERT_TRUE(listing);
  const json puzzles = json::parse(listing->body).at("puzzles");
  bool listed = false;
  for (const json& puzzle : puzzles) {
    if (puzzle.at("name") != "twisty") continue;
    for (const json& option : puzzle.at("options")) {
      if (option.at("name") != "all") continue;
      EXPECT_EQ(option.at("type"), "flag") << option.dump();
      EXPECT_EQ(option.at("default"), false) << option.dump();
      listed = true;
    }
  }
  EXPECT_TRUE(listed);
  const std::string position = "R U R' U'\n";
  const ProgramRun run = run_plumb({"solve", "twisty", "--def", "2x2x2", "--all"}, position);
  const json request{{"puzzle", "twisty"},
                     {"input", position},
                     {"format", "contest"},
                     {"options", {{"definition", "2x2x2"}, {"all", true}}}};
  const httplib::Result answer = client->Post("/api/solve", request.dump(), "application/json");
  ASSERT_TRUE(answer);
  ASSERT_EQ(answer->status, 200) << answer->body;
  EXPECT_EQ(json::parse(answer->body).at("output").get<std::string>(), run.out);
  for (const json& value : {json("true"), json(1), json(nullptr)}) {
    json bad = request;
    bad["options"]["all"] = value;
    const httplib::Result refused = client->Post("/api/solve", bad.dump(), "application/json");
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->status, 400) << value.dump();
    EXPECT_NE(refused->body.find("must be true or false"), std::string::npos) << refused->body;
  }
}

}  // namespace
}  // namespace plumb::testing
