// The API a game plays on (docs/serve.md), end to end against the running program: POST
// /api/scramble gives every registered puzzle a start in its input format, the same for the same
// seed, one with a solution (solved here, then its distance asked: the two agree); without a seed
// the service draws one and says which; POST /api/distance answers each dataset's optimal length
// alone, as /api/solve finds it, and refuses what /api/solve refuses. Both answers are checked
// against their definitions in the published schema (docs/plumb-output.common.json).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "tests/support/json_schema.hpp"
#include "tests/support/puzzle_cases.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/serve_process.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;

struct Answer {
  int status = -1;  // -1: no answer
  json body;
};

Answer post(httplib::Client& client, const std::string& path, const json& body) {
  const httplib::Result result = client.Post(path.c_str(), body.dump(), "application/json");
  if (!result) return {};
  return {result->status, json::parse(result->body, nullptr, false)};
}

// A validator of the schema's definition `name` (an API answer's).
SchemaValidator answer_schema(const std::string& name) {
  return api_answer_schema(std::filesystem::path(PLUMB_DATA_DIR).parent_path() / "docs", name);
}

// Command-line options ("--size", "2x3") as the API's "options" object.
json options_json(const std::vector<std::string>& args) {
  json options = json::object();
  for (std::size_t i = 0; i + 1 < args.size(); i += 2) options[args[i].substr(2)] = args[i + 1];
  return options;
}

TEST(PlayApi, EachSeedScramblesOneSolvableStartAndItsDistanceIsTheSolutionsLength) {
  const SchemaValidator scrambles = answer_schema("scramble_answer");
  const SchemaValidator distances = answer_schema("distance_answer");
  ServeProcess server;
  const auto client = server.client();
  for (const std::string& puzzle : puzzle_names()) {
    const json options = options_json(cases_of(puzzle).scrambled);
    std::set<std::string> starts;
    for (const int seed : {1, 2, 3}) {
      const json request = {{"puzzle", puzzle}, {"options", options}, {"seed", seed}};
      const Answer first = post(*client, "/api/scramble", request);
      ASSERT_EQ(first.status, 200) << puzzle << ": " << first.body.dump();
      EXPECT_EQ(first.body.at("seed"), seed) << puzzle;
      EXPECT_EQ(scrambles.validate(first.body), std::vector<std::string>{}) << puzzle;
      const std::string input = first.body.at("input");
      EXPECT_EQ(post(*client, "/api/scramble", request).body.at("input"), input) << puzzle;
      starts.insert(input);

      const json position = {{"puzzle", puzzle}, {"options", options}, {"input", input}};
      const Answer read = post(*client, "/api/read", position);
      ASSERT_EQ(read.status, 200) << puzzle << ": " << input << read.body.dump();
      ASSERT_EQ(read.body.at("datasets").size(), 1U) << puzzle << ": " << input;
      EXPECT_TRUE(read.body.at("datasets").at(0).at("unsolvable").is_null()) << puzzle;
      const Answer solved = post(*client, "/api/solve", position);
      ASSERT_EQ(solved.status, 200) << puzzle << ": " << input << solved.body.dump();
      const json& record = solved.body.at("results").at(0);
      ASSERT_TRUE(record.at("length").is_number()) << puzzle << ": " << input;
      const Answer distance = post(*client, "/api/distance", position);
      ASSERT_EQ(distance.status, 200) << puzzle << ": " << distance.body.dump();
      EXPECT_EQ(distances.validate(distance.body), std::vector<std::string>{}) << puzzle;
      EXPECT_EQ(distance.body.at("results"), json::array({{{"dataset", 1},
                                                           {"line", record.at("line")},
                                                           {"status", "solved"},
                                                           {"distance", record.at("length")}}}))
          << puzzle << ": " << input;
    }
    EXPECT_GT(starts.size(), 1U) << puzzle << ": three seeds, one start";
  }
  EXPECT_EQ(server.stop(), 0);
}

TEST(PlayApi, WithoutASeedTheServiceDrawsOneAndSaysIt) {
  ServeProcess server;
  const auto client = server.client();
  const Answer drawn = post(*client, "/api/scramble", {{"puzzle", "sliding"}});
  ASSERT_EQ(drawn.status, 200) << drawn.body.dump();
  const Answer again =
      post(*client, "/api/scramble", {{"puzzle", "sliding"}, {"seed", drawn.body.at("seed")}});
  EXPECT_EQ(again.body.at("input"), drawn.body.at("input"));
  // The options shape the start: a 15-puzzle's sixteen cells.
  const Answer fifteen =
      post(*client, "/api/scramble", {{"puzzle", "sliding"}, {"options", {{"size", "4x4"}}}});
  EXPECT_EQ(fifteen.body.at("input").get<std::string>().find('\n'),
            fifteen.body.at("input").get<std::string>().size() - 1);
  const Answer cells =
      post(*client, "/api/read", {{"puzzle", "sliding"}, {"input", fifteen.body.at("input")}});
  EXPECT_EQ(cells.body.at("datasets").at(0).at("rows"), 4) << cells.body.dump();
  EXPECT_EQ(server.stop(), 0);
}

TEST(PlayApi, BadSeedsAndInputsAreRefusedAsTheirOwnFaults) {
  ServeProcess server;
  const auto client = server.client();
  for (const json& seed : {json(-1), json(1.5), json("7"), json(nullptr)}) {
    const Answer answer = post(*client, "/api/scramble", {{"puzzle", "gap"}, {"seed", seed}});
    EXPECT_EQ(answer.status, 400) << seed;
    EXPECT_NE(answer.body.value("error", "").find("\"seed\" must be an integer"), std::string::npos)
        << answer.body.dump();
  }
  // A seed where it means nothing, an input where one is dealt.
  EXPECT_EQ(post(*client, "/api/solve", {{"puzzle", "gap"}, {"input", "0\n"}, {"seed", 3}}).status,
            400);
  EXPECT_EQ(post(*client, "/api/scramble", {{"puzzle", "gap"}, {"input", "0\n"}}).status, 400);

  const Answer bad = post(*client, "/api/distance",
                          {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n1 2 3\n"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body.value("line", 0), 2) << bad.body.dump();
  EXPECT_EQ(bad.body.at("results").size(), 1U) << bad.body.dump();  // the board before it
  const Answer unsolvable =
      post(*client, "/api/distance", {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 8 7 x\n"}});
  ASSERT_EQ(unsolvable.status, 200) << unsolvable.body.dump();
  EXPECT_EQ(unsolvable.body.at("results").at(0).at("status"), "no_solution");
  EXPECT_TRUE(unsolvable.body.at("results").at(0).at("distance").is_null());
  EXPECT_EQ(answer_schema("distance_answer").validate(unsolvable.body), std::vector<std::string>{});
  // The validator can fail: a distance that is no number.
  json broken = unsolvable.body;
  broken["results"][0]["distance"] = "none";
  EXPECT_FALSE(answer_schema("distance_answer").validate(broken).empty());
  EXPECT_EQ(post(*client, "/api/distance", {{"puzzle", "sliding"}}).status, 400);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace plumb::testing
