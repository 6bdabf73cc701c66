// `plumb solve gap` and `plumb explore gap` end to end: the sample byte for byte, every algorithm,
// the pretty and JSON formats, larger decks in dotted notation, and bad input (exit 2, FILE:LINE).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

// Concatenation without operator+ on literals (which trips g++ 12's -Wrestrict at -O3).
std::string cat(std::initializer_list<std::string_view> parts) {
  std::string text;
  for (std::string_view part : parts) text += part;
  return text;
}

// Solved once the aces move: the sample's first deal.
const std::string kSolved =
    "12 13 14 15 16 17 21\n22 23 24 25 26 27 31\n32 33 34 35 36 37 41\n42 43 44 45 46 47 11\n";
const std::string kDeal2 =
    "26 31 13 44 21 24 42\n17 45 23 25 41 36 11\n46 34 14 12 37 32 47\n16 43 27 35 22 33 15\n";

TEST(GapCli, SampleByteForByte) {
  const std::string input = read_file(sample_path("gap", "sample.in"));
  const std::string expected = trim_trailing_space(read_file(sample_path("gap", "sample.out")));
  for (const char* algo : {"bfs", "astar", "bidir"}) {
    for (const char* prune : {"none", "stubborn"}) {
      const ProgramRun run = run_plumb({"solve", "gap", "--algo", algo, "--prune", prune}, input);
      EXPECT_EQ(run.status, 0) << algo << " " << prune << ": " << run.err;
      EXPECT_EQ(trim_trailing_space(run.out), expected) << algo << " " << prune;
    }
  }
  const ProgramRun bad = run_plumb({"solve", "gap", "--prune", "some"}, input);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--prune"), std::string::npos) << bad.err;
}

TEST(GapCli, JsonListsTheMovesAndPrettyReplaysThem) {
  const ProgramRun json =
      run_plumb({"solve", "gap", "--format", "json"}, cat({"2\n", kDeal2, "\n", kSolved}));
  ASSERT_EQ(json.status, 0) << json.err;
  std::istringstream lines(json.out);
  std::string line;
  std::getline(lines, line);
  const auto first = nlohmann::json::parse(line);
  EXPECT_EQ(first["length"], 33);
  ASSERT_EQ(first["moves"].size(), 33u);
  EXPECT_EQ(first["stats"]["reason"], "solved");
  // Each move takes its card from where the state before it shows the card to a gap there.
  for (std::size_t i = 0; i < 33; ++i) {
    const auto& move = first["moves"][i];
    const auto& before = first["states"][i];
    const auto at = [&](const nlohmann::json& place) {
      return before[place[0].get<int>() - 1][place[1].get<int>() - 1];
    };
    EXPECT_EQ(at(move["from"]), move["card"]) << i;
    EXPECT_TRUE(at(move["to"]).is_null()) << i;
  }
  std::getline(lines, line);
  EXPECT_EQ(nlohmann::json::parse(line)["length"], 0);

  const ProgramRun pretty = run_plumb({"solve", "gap", "--format", "pretty"}, cat({"1\n", kDeal2}));
  ASSERT_EQ(pretty.status, 0) << pretty.err;
  EXPECT_NE(pretty.out.find("\nDeal 1, by bfs: 33 moves\n"), std::string::npos);
  EXPECT_NE(pretty.out.find("Move 33: "), std::string::npos);
  // The last layout drawn is the goal: row 4 ends in its 7 and a gap.
  EXPECT_NE(pretty.out.rfind("41 42 43 44 45 46 47 --"), std::string::npos);
}

TEST(GapCli, SmallerAndDottedDecks) {
  // 2 suits of 3 values: solved, and a deal that needs 4 moves (4 cards out of place).
  EXPECT_EQ(run_plumb({"solve", "gap", "--suits", "2", "--values", "3"},
                      "2\n12 13 21\n22 23 11\n21 23 12\n11 22 13\n")
                .out,
            "0\n4\n");
  const std::string montana_solved = [] {
    std::string text = "1\n";
    for (int suit = 1; suit <= 4; ++suit) {
      for (int value = 2; value <= 13; ++value)
        text += cat({std::to_string(suit), ".", std::to_string(value), " "});
      text += cat({std::to_string(suit % 4 + 1), ".1\n"});
    }
    return text;
  }();
  const ProgramRun run = run_plumb({"solve", "gap", "--values", "13"}, montana_solved);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "0\n");
  // The dotted form is accepted in the default size too.
  EXPECT_EQ(
      run_plumb({"solve", "gap"}, cat({"1\n1.2 13 14 15 16 17 2.1\n", kSolved.substr(21)})).out,
      "0\n");
}

struct BadInput {
  std::string name, input, message;
  std::vector<std::string> extra_args = {};
};

TEST(GapCli, BadInputExitsTwoNamingTheLine) {
  const std::vector<BadInput> cases{
      {"repeated card, hence one missing",
       cat({"1\n", kSolved.substr(0, 63), "42 43 44 45 46 47 47\n"}),
       "<stdin>:5: card 47 appears twice (first on line 5), and the deal is missing 11"},
      {"card out of range", cat({"1\n", kSolved.substr(0, 63), "42 43 44 45 46 47 48\n"}),
       "<stdin>:5: card '48' is out of range"},
      {"not a card", "1\n11 12 13 14 15 16 x7\n", "<stdin>:2: 'x7' is not a card"},
      {"short row", "1\n11 12 13 14 15 16\n", "<stdin>:2: expected 7 cards in a row, found 6"},
      {"long row", "1\n11 12 13 14 15 16 17 21\n", "<stdin>:2: expected 7 cards in a row, found 8"},
      {"count too large", cat({"2\n", kSolved}), "<stdin>:5: unexpected end of input"},
      {"count too small", cat({"1\n", kSolved, "\n", kSolved}),
       "<stdin>:7: input continues after the 1 deal its"},
      {"bad count", "four\n", "<stdin>:1: expected the number of deals"},
      {"empty", "", "<stdin>: the input is empty"},
      {"blank", "\n  \n", "<stdin>: the input is empty"},
      {"two digits for 13 values",
       "1\n11 12 13 14 15 16 17 18 19 1.10 1.11 1.12 1.13\n",
       "<stdin>:2: card '11': with more than 9 values write cards as suit.value",
       {"--suits", "1", "--values", "13"}},
  };
  for (const BadInput& c : cases) {
    std::vector<std::string> args{"solve", "gap"};
    args.insert(args.end(), c.extra_args.begin(), c.extra_args.end());
    const ProgramRun run = run_plumb(args, c.input);
    EXPECT_EQ(run.status, 2) << c.name;
    EXPECT_NE(run.err.find(cat({"plumb: ", c.message})), std::string::npos)
        << c.name << ": " << run.err;
  }
  // Answers before a bad deal are written first.
  const ProgramRun run = run_plumb({"solve", "gap"}, cat({"2\n", kSolved, "\n11 12\n"}));
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "0\n");
}

TEST(GapCli, ExploreCountsLayersFromADealOrARandomOne) {
  const ProgramRun random =
      run_plumb({"explore", "gap", "--suits", "3", "--values", "4", "--seed", "5"});
  ASSERT_EQ(random.status, 0) << random.err;
  EXPECT_NE(random.out.find("reachable from random deal 5"), std::string::npos);
  EXPECT_NE(random.out.find("total"), std::string::npos);

  const auto dir =
      std::filesystem::temp_directory_path() / cat({"plumb-gap-", std::to_string(::getpid())});
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "deal.txt") << "1\n" << kSolved;
  const ProgramRun solved =
      run_plumb({"explore", "gap", (dir / "deal.txt").string(), "--format", "json"});
  std::filesystem::remove_all(dir);
  ASSERT_EQ(solved.status, 0) << solved.err;
  const auto json = nlohmann::json::parse(solved.out);
  EXPECT_EQ(json["total"], 1);  // nothing moves in the solved layout
}

}  // namespace
}  // namespace plumb::testing
