// Every protocol puzzle's --format json output against the one schema,
// docs/plumb-output.schema.json (docs/json.md): `solve` on its sample and on datasets without an
// answer, `explore` on a small case; and the validator (tests/support/json_schema.hpp) itself,
// which must reject what the schema rules out.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "plumb/protocol/builtin.hpp"
#include "tests/support/json_schema.hpp"
#include "tests/support/run_plumb.hpp"

namespace plumb::testing {
namespace {

SchemaValidator output_schema() {
  const auto path =
      std::filesystem::path(PLUMB_DATA_DIR).parent_path() / "docs" / "plumb-output.schema.json";
  return SchemaValidator(nlohmann::json::parse(read_file(path)));
}

// Checks each line of `output` against the schema; returns how many records there were.
std::size_t expect_valid_lines(const SchemaValidator& schema, const std::string& output,
                               const std::string& what) {
  std::istringstream lines(output);
  std::string line;
  std::size_t records = 0;
  while (std::getline(lines, line)) {
    ++records;
    const auto problems = schema.validate(nlohmann::json::parse(line));
    EXPECT_TRUE(problems.empty()) << what << ": " << problems.front() << "\n" << line;
  }
  return records;
}

// A run of a puzzle command with its input.
struct Case {
  std::vector<std::string> args;
  std::string input;
};

// Datasets with no answer, whose records carry nulls.
const std::map<std::string, Case> kNoAnswer{
    {"sliding", {{}, "2 1 3 4 5 6 7 8 x\n"}},
    {"gap", {{"--suits", "2", "--values", "3"}, "1\n11 12 13\n23 21 22\n"}},
    {"cubic", {{"--max-moves", "1"}, "2 1\nR B W\nR W W\nE W W\n0 0\n"}},
    {"pegs", {{"--rows", "4"}, "1\n1\n"}},
    {"block", {{}, "1 4\nbb.$\n"}},
};

// A small exploration of each puzzle.
const std::map<std::string, Case> kExplore{
    {"sliding", {{"--size", "2x3"}, ""}},
    {"gap", {{"--suits", "2", "--values", "4", "--seed", "3"}, ""}},
    {"cubic", {{"--size", "2x2"}, ""}},
    {"pegs", {{"--rows", "4"}, ""}},
    {"block", {{"-"}, "1\n4\nb..$\n....\nHHHH\nHHHH\n"}},
};

ProgramRun run_json(const std::string& command, const std::string& puzzle, const Case& run) {
  std::vector<std::string> args{command, puzzle, "--format", "json"};
  args.insert(args.end(), run.args.begin(), run.args.end());
  return run_plumb(args, run.input);
}

TEST(JsonSchema, EveryPuzzlesSolveRecords) {
  const SchemaValidator schema = output_schema();
  for (const auto& puzzle : protocol::builtin_puzzles()) {
    const std::string name = puzzle->info().name;
    const Case sample{{sample_path(name, "sample.in").string()}, ""};
    for (const Case& each : {sample, kNoAnswer.at(name)}) {
      const ProgramRun run = run_json("solve", name, each);
      ASSERT_EQ(run.status, 0) << name << ": " << run.err;
      EXPECT_GE(expect_valid_lines(schema, run.out, name), 1u) << name;
    }
    const ProgramRun none = run_json("solve", name, kNoAnswer.at(name));
    const auto record = nlohmann::json::parse(none.out);
    EXPECT_TRUE(record["length"].is_null()) << name << ": " << none.out;
    EXPECT_TRUE(record["moves"].is_null()) << name << ": " << none.out;
  }
}

TEST(JsonSchema, EveryPuzzlesExploreRecord) {
  const SchemaValidator schema = output_schema();
  for (const auto& puzzle : protocol::builtin_puzzles()) {
    const std::string name = puzzle->info().name;
    const ProgramRun run = run_json("explore", name, kExplore.at(name));
    ASSERT_EQ(run.status, 0) << name << ": " << run.err;
    EXPECT_EQ(expect_valid_lines(schema, run.out, name), 1u) << name;
  }
}

// The validator finds what breaks the schema: a missing key, an extra key, a move outside the
// vocabulary, a wrong type, and a record of one puzzle with another's moves.
TEST(JsonSchema, TheValidatorRejectsWhatTheSchemaRulesOut) {
  const SchemaValidator schema = output_schema();
  const auto valid = nlohmann::json::parse(
      run_plumb({"solve", "sliding", "--format", "json"}, "1 2 3 4 5 6 7 x 8\n").out);
  ASSERT_TRUE(schema.validate(valid).empty());
  const auto gap = nlohmann::json::parse(
      run_plumb({"solve", "gap", "--format", "json", "--suits", "2", "--values", "3"},
                "1\n21 23 12\n11 22 13\n")
          .out);
  ASSERT_TRUE(schema.validate(gap).empty());

  auto broken = valid;
  broken.erase("stats");
  EXPECT_FALSE(schema.validate(broken).empty());
  broken = valid;
  broken["answer"] = 1;
  EXPECT_FALSE(schema.validate(broken).empty());
  broken = valid;
  broken["moves"][0] = "x";
  EXPECT_FALSE(schema.validate(broken).empty());
  broken = valid;
  broken["length"] = "1";
  EXPECT_FALSE(schema.validate(broken).empty());
  broken = valid;
  broken["stats"]["reason"] = "bored";
  EXPECT_FALSE(schema.validate(broken).empty());
  broken = valid;
  broken["moves"] = gap["moves"];
  EXPECT_FALSE(schema.validate(broken).empty());
}

}  // namespace
}  // namespace plumb::testing
