// `plumb solve block` end to end: the sample byte for byte, the other formats, and bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

TEST(BlockCli, SampleByteForByte) {
  const auto run = run_plumb({"solve", "block", sample_path("block", "sample.in").string()});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(trim_trailing_space(run.out),
            trim_trailing_space(read_file(sample_path("block", "sample.out"))));
  const std::string input = read_file(sample_path("block", "sample.in"));
  for (const char* algo : {"dinic", "bk", "edmonds-karp"}) {
    EXPECT_EQ(run_plumb({"solve", "block", "--algo", algo}, input).out, run.out) << algo;
  }
}

TEST(BlockCli, TopCoderLiteralAndRectangles) {
  const auto run = run_plumb({"solve", "block"},
                             "{\"b..$\", \"....\", \"HHHH\", \"HHHH\"}\n2 7\nb..$..b\n.......\n");
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, "2\n4\n");
}

TEST(BlockCli, PrettyAndJsonShowTheCellsToDig) {
  const std::string board = "1\n4\nb..$\n....\nHHHH\nHHHH\n";
  const auto pretty = run_plumb({"solve", "block", "--format", "pretty"}, board);
  EXPECT_EQ(pretty.status, 0);
  EXPECT_TRUE(trim_trailing_space(pretty.out)
                  .ends_with("\n\nBoard 1, by bk: dig 2 cells\nCell 1: row 1, column 2\n"
                             "Cell 2: row 1, column 3\nbxx$\n....\nHHHH\nHHHH\n"))
      << pretty.out;
  const auto json = run_plumb({"solve", "block", "--format", "json"}, board);
  EXPECT_EQ(json.status, 0);
  const auto parsed = nlohmann::json::parse(json.out);
  EXPECT_EQ(parsed["length"], 2);
  EXPECT_EQ(parsed["moves"], nlohmann::json::parse("[[0,1],[0,2]]"));
  EXPECT_EQ(parsed["start"], nlohmann::json::parse(R"(["b..$","....","HHHH","HHHH"])"));
  EXPECT_EQ(parsed["states"].back(), nlohmann::json::parse(R"(["bxx$","....","HHHH","HHHH"])"));
  const auto impossible = run_plumb({"solve", "block", "--format", "json"}, "1 4\nbb.$\n");
  const auto none = nlohmann::json::parse(impossible.out);
  EXPECT_TRUE(none["length"].is_null()) << impossible.out;
  EXPECT_TRUE(none["moves"].is_null()) << impossible.out;
  EXPECT_EQ(none["stats"]["reason"], "exhausted");
}

TEST(BlockCli, BadInputExitsWithFileAndLine) {
  const auto run =
      run_plumb({"solve", "block"}, "2\n4\nb..$\n....\nHHHH\nHHHH\n3\nb..\n.x.\n...\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_EQ(run.out, "2\n");  // the first board is answered before the bad one is read
  EXPECT_EQ(run.err, "plumb: <stdin>:9: unknown character 'x' in row 2 (expected . H b $)\n");
  const auto ragged = run_plumb({"solve", "block"}, "3\nb..\n.$\n...\n");
  EXPECT_EQ(ragged.status, 2);
  EXPECT_NE(ragged.err.find("<stdin>:3:"), std::string::npos) << ragged.err;
}

TEST(BlockCli, Explore) {
  const auto run = run_plumb({"explore", "block"});
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(run.out.find("the goal is reachable"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace plumb::testing
