// Every puzzle's --format json output against the one schema, composed of
// docs/plumb-output.common.json and each puzzle's schema.json, as docs/plumb-output.schema.json
// publishes it (docs/json.md): `solve` on its sample, on datasets without an
// answer and under a limit that stops its searches, `explore` on a small case, each record's
// `status` agreeing with its `length` and statistics; and the validator
// (tests/support/json_schema.hpp) itself, which must reject what the schema rules out.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "tests/support/json_schema.hpp"
#include "tests/support/puzzle_cases.hpp"
#include "tests/support/puzzle_interface_run.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

const std::filesystem::path kDocs = std::filesystem::path(PLUMB_DATA_DIR).parent_path() / "docs";

// The schema of the records of the puzzles `names`.
nlohmann::ordered_json composed_schema(const std::vector<std::string>& names) {
  std::vector<std::filesystem::path> folders;
  for (const std::string& name : names) folders.push_back(puzzle_folder(name));
  return composed_output_schema(kDocs, folders);
}

// The schema of the records of every puzzle plumb is built with.
SchemaValidator output_schema() {
  return SchemaValidator(nlohmann::json::parse(composed_schema(puzzle_names()).dump()));
}

// Checks that a record's `status` says what its other keys say: a solve record's its `length`
// and statistics' reason, an explore record's its `complete`.
void expect_consistent_status(const nlohmann::json& record, const std::string& what) {
  const std::string status = record["status"];
  const std::string reason = record["stats"]["reason"];
  if (record.contains("complete")) {
    EXPECT_EQ(status, record["complete"] ? "complete" : reason) << what;
    return;
  }
  EXPECT_EQ(status == "solved", !record["length"].is_null()) << what << ": " << record.dump();
  if (status == "solved") {
    EXPECT_EQ(reason, "solved") << what;
  } else if (status == "no_solution") {
    EXPECT_EQ(reason, "exhausted") << what;
    EXPECT_TRUE(record["optimal"]) << what;
  } else if (status == "none_within_bound") {
    EXPECT_EQ(reason, "depth_limit") << what;
  } else {
    EXPECT_EQ(status, reason) << what;
    EXPECT_FALSE(record["optimal"]) << what;
  }
}

// Checks each line of `output` against the schema and its status; returns how many records there
// were.
std::size_t expect_valid_lines(const SchemaValidator& schema, const std::string& output,
                               const std::string& what) {
  std::istringstream lines(output);
  std::string line;
  std::size_t records = 0;
  while (std::getline(lines, line)) {
    ++records;
    const auto record = nlohmann::json::parse(line);
    const auto problems = schema.validate(record);
    EXPECT_TRUE(problems.empty()) << what << ": " << problems.front() << "\n" << line;
    expect_consistent_status(record, what);
  }
  return records;
}

ProgramRun run_json(const std::string& command, const std::string& puzzle,
                    const CommandRun& run) {
  std::vector<std::string> args{command, puzzle, "--format", "json"};
  args.insert(args.end(), run.args.begin(), run.args.end());
  return run_plumb(args, run.input);
}

TEST(JsonSchema, EveryPuzzlesSolveRecords) {
  const SchemaValidator schema = output_schema();
  for (const auto& puzzle : puzzle_interface::builtin_puzzles()) {
    const std::string name = puzzle->info().name;
    const PuzzleCases cases = cases_of(name);
    const CommandRun sample{{sample_path(name, "sample.in").string()}, ""};
    for (const CommandRun& each : {sample, cases.no_answer}) {
      const ProgramRun run = run_json("solve", name, each);
      ASSERT_EQ(run.status, 0) << name << ": " << run.err;
      EXPECT_GE(expect_valid_lines(schema, run.out, name), 1u) << name;
    }
    const ProgramRun none = run_json("solve", name, cases.no_answer);
    const auto record = nlohmann::json::parse(none.out);
    EXPECT_TRUE(record["length"].is_null()) << name << ": " << none.out;
    EXPECT_TRUE(record["moves"].is_null()) << name << ": " << none.out;
    EXPECT_EQ(record["status"], cases.no_answer_status) << name;
  }
}

// The records of searches that a limit stopped (which the program does not write: it exits with
// status 3, but a front end such as the web service may render them) say which limit.
TEST(JsonSchema, EveryPuzzlesRecordsOfSearchesALimitStopped) {
  const TemporaryCache cache;  // no table built or found elsewhere answers without a search
  const SchemaValidator schema = output_schema();
  search::SearchLimits one_node;
  one_node.max_nodes = 1;
  const search::SearchContext cancelled;
  cancelled.cancel();
  for (const auto& puzzle : puzzle_interface::builtin_puzzles()) {
    const std::string name = puzzle->info().name;
    const auto instance = puzzle->configure({});
    const std::string input = read_file(sample_path(name, "sample.in"));
    for (const search::SearchContext& context : {search::SearchContext(one_node), cancelled}) {
      std::size_t stopped = 0;
      for (const puzzle_interface::Solution& solution :
           solve_all(*instance, input, cases_of(name).searching_algorithm, context)) {
        const std::string record = instance->render(solution, puzzle_interface::Format::json);
        expect_valid_lines(schema, record, name);
        stopped += search::is_limit(solution.stats.reason) ? 1 : 0;
      }
      EXPECT_GE(stopped, 1u) << name;
    }
    const puzzle_interface::Exploration exploration = instance->explore(nullptr, cancelled);
    EXPECT_EQ(
        expect_valid_lines(schema, instance->render(exploration, puzzle_interface::Format::json),
                           name + " explore"),
        1u);
    EXPECT_EQ(puzzle_interface::exploration_status(exploration), "cancelled") << name;
  }
}

TEST(JsonSchema, EveryPuzzlesExploreRecord) {
  const SchemaValidator schema = output_schema();
  for (const auto& puzzle : puzzle_interface::builtin_puzzles()) {
    const std::string name = puzzle->info().name;
    const ProgramRun run = run_json("explore", name, cases_of(name).explore);
    ASSERT_EQ(run.status, 0) << name << ": " << run.err;
    EXPECT_EQ(expect_valid_lines(schema, run.out, name), 1u) << name;
    EXPECT_EQ(nlohmann::json::parse(run.out)["status"], "complete") << name;
  }
}

// docs/plumb-output.schema.json, the schema published whole, is the composition of its parts for
// the puzzles plumb ships. When a part changes, the test writes the new composition to copy over
// it.
TEST(JsonSchema, ThePublishedSchemaIsThePartsComposed) {
  const nlohmann::ordered_json composed = composed_schema(shipped_puzzle_names());
  const auto published = nlohmann::json::parse(read_file(kDocs / "plumb-output.schema.json"));
  if (published != nlohmann::json::parse(composed.dump())) {
    const auto written = std::filesystem::temp_directory_path() / "plumb-output.schema.json";
    std::ofstream(written) << composed.dump(2) << "\n";
    ADD_FAILURE() << "docs/plumb-output.schema.json is not its parts composed: copy " << written
                  << " over it";
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
