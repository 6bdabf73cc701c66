// `plumb serve` keeps a shipped twisty definition's declared table set (twisty-skewb) and lends it
// to the requests' searches: once the set is ready its files may go from the cache and a request
// still answers without building a table again (the server says "building" once a table, for the
// set). Every wait is for an event, with a generous bound.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "tests/support/fresh_folder.hpp"
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

}  // namespace
}  // namespace plumb::testing
