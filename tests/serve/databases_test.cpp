// `plumb serve`'s pattern databases (docs/serve.md), against the running program with an empty
// cache of its own and the small 3x3 set 8-44: while the set is building, a request that needs it
// answers 503 with a Retry-After and the build's progress, and every other request answers; once
// built, the request answers the optimal solution (replayed to the goal, its length the distance
// table's), the set lent from memory, not read again; the set stays in the cache, and a second
// server loads it without building; a set that cannot be built answers 500 with exit status 4.
// By default (--databases auto) a set is built only when a request first needs one (an easy
// 15-puzzle board needs none), and the next start loads the sets in the cache.
//
// Whatever the machine's speed, the test meets the building state: $PLUMB_SERVE_HOLD_DATABASES
// holds each set, once built, as building until its file exists, and the test makes the file only
// after its checks of that state. Every wait is for an event, with a generous bound.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "tests/support/fresh_folder.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/serve_process.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;

// The hardest 3x3 boards are 31 moves from the goal; this is one.
const std::string kBoard = "8 6 7 2 5 4 3 x 1";

// Needs the server's set: the pdb algorithm over 8-44.
const json kNeedsTheSet = {{"puzzle", "sliding"},
                           {"input", kBoard + "\n"},
                           {"algo", "pdb"},
                           {"options", {{"pdb", "8-44"}}}};

struct Answer {
  int status = -1;  // -1: no answer
  json body;
  std::string retry_after;
};

Answer post(const ServeProcess& server, const std::string& path, const json& body) {
  const httplib::Result result =
      server.client()->Post(path.c_str(), body.dump(), "application/json");
  if (!result) return {};
  return {result->status, json::parse(result->body, nullptr, false),
          result->get_header_value("Retry-After")};
}

// The server's set `name` as GET /api/puzzles lists it; null if it does not.
json listed_set(const ServeProcess& server, const std::string& name = "8-44") {
  const httplib::Result result = server.client()->Get("/api/puzzles");
  if (!result) return nullptr;
  const json listing = json::parse(result->body);
  for (const json& set : listing.at("databases"))
    if (set.at("database") == name) return set;
  return nullptr;
}

// Waits (up to 5 minutes, whatever the machine) until the set `name` is in `state`; false if it
// never is.
bool wait_for_state(const ServeProcess& server, const std::string& state,
                    const std::string& name = "8-44") {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (std::chrono::steady_clock::now() < give_up) {
    const json set = listed_set(server, name);
    if (set.is_object() && set.at("state") == state) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

// The cache's files of the 8-44 set, with their inode numbers.
std::map<std::string, ino_t> set_files(const std::filesystem::path& cache) {
  std::map<std::string, ino_t> files;
  for (const auto& entry : std::filesystem::directory_iterator(cache)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("sliding-3x3-", 0) != 0 || entry.path().extension() != ".pdb") continue;
    struct stat about {};
    ::stat(entry.path().c_str(), &about);
    files[name] = about.st_ino;
  }
  return files;
}

class ServeDatabases : public ::testing::Test {
 protected:
  ~ServeDatabases() override { ::unsetenv("PLUMB_SERVE_HOLD_DATABASES"); }

  TemporaryCache cache_;
  const std::filesystem::path folder_ = fresh_folder("serve-databases");
};

TEST_F(ServeDatabases, ARequestNeedingASetStillBuildingAnswers503ThenTheOptimalSolution) {
  std::filesystem::create_directories(folder_);
  const std::filesystem::path hold = folder_ / "go", errors = folder_ / "errors";
  ::setenv("PLUMB_SERVE_HOLD_DATABASES", hold.c_str(), 1);
  ServeProcess server({"--databases", "8-44", "--threads", "2"}, errors);

  // Held before it is ready (queued at first, then building): the 503 of docs/serve.md.
  const Answer building = post(server, "/api/solve", kNeedsTheSet);
  ASSERT_EQ(building.status, 503) << building.body.dump();
  const int retry = std::atoi(building.retry_after.c_str());
  EXPECT_GE(retry, 1) << building.retry_after;
  EXPECT_LE(retry, 10) << building.retry_after;
  EXPECT_EQ(building.body.size(), 3U) << building.body.dump();
  EXPECT_EQ(building.body.at("status"), "building");
  EXPECT_EQ(building.body.at("error").get<std::string>().rfind(
                "building the 8-puzzle's databases (8-44): ", 0),
            0U)
      << building.body.dump();
  const json& progress = building.body.at("building");
  EXPECT_EQ(progress.at("database"), "8-44");
  EXPECT_EQ(progress.at("puzzle"), "sliding");
  EXPECT_EQ(progress.at("title"), "the 8-puzzle's databases (8-44)");
  EXPECT_EQ(progress.at("board"), "3x3");
  EXPECT_GE(progress.at("fraction").get<double>(), 0.0);
  EXPECT_LE(progress.at("fraction").get<double>(), 1.0);
  const json listed = listed_set(server);
  ASSERT_TRUE(listed.is_object());
  EXPECT_TRUE(listed.at("state") == "queued" || listed.at("state") == "building") << listed;

  // Meanwhile every request that needs no set answers: another puzzle, and the same board by the
  // distance table.
  const Answer gap = post(server, "/api/solve",
                          json{{"puzzle", "gap"},
                               {"input", "1\n21 23 12\n11 22 13\n"},
                               {"options", {{"suits", 2}, {"values", 3}}}});
  EXPECT_EQ(gap.status, 200) << gap.body.dump();
  const Answer table =
      post(server, "/api/solve",
           json{{"puzzle", "sliding"}, {"input", kBoard + "\n"}, {"algo", "table"}});
  ASSERT_EQ(table.status, 200) << table.body.dump();
  const json optimal = table.body.at("results")[0].at("length");
  EXPECT_EQ(optimal, 31);

  // Released: ready, and the request answers with the set.
  { std::ofstream{hold}; }
  ASSERT_TRUE(wait_for_state(server, "ready")) << listed_set(server);
  EXPECT_EQ(listed_set(server).at("fraction"), 1.0);
  const Answer solved = post(server, "/api/solve", kNeedsTheSet);
  ASSERT_EQ(solved.status, 200) << solved.body.dump();
  const json& record = solved.body.at("results")[0];
  EXPECT_EQ(record.at("length"), optimal);
  EXPECT_EQ(record.at("moves").size(), optimal.get<std::size_t>());
  ASSERT_EQ(record.at("states").size(), optimal.get<std::size_t>() + 1);
  EXPECT_EQ(record.at("states").front(), json::parse("[8, 6, 7, 2, 5, 4, 3, 0, 1]"));  // kBoard
  for (std::size_t step = 0; step < record.at("moves").size();
       ++step) {  // the blank moves one cell
    const json& before = record.at("states")[step];
    const json& after = record.at("states")[step + 1];
    int changed = 0;
    for (std::size_t cell = 0; cell < before.size(); ++cell) changed += before[cell] != after[cell];
    EXPECT_EQ(changed, 2) << step;
  }
  EXPECT_EQ(record.at("states").back(), json::parse("[1, 2, 3, 4, 5, 6, 7, 8, 0]"));

  // Built into the cache, as the cache's notices and the server's said on standard error.
  const auto built = set_files(cache_.path());
  EXPECT_EQ(built.size(), 2U);
  // A request reads no file: the set is lent from memory (were it read, its files gone, it would
  // be built and kept again).
  for (const auto& [name, inode] : built) std::filesystem::remove(cache_.path() / name);
  const Answer again = post(server, "/api/solve", kNeedsTheSet);
  ASSERT_EQ(again.status, 200) << again.body.dump();
  EXPECT_EQ(again.body.at("results")[0].at("moves"), record.at("moves"));
  EXPECT_TRUE(set_files(cache_.path()).empty());
  EXPECT_EQ(server.stop(), 0);
  const std::string said = read_file(errors);
  EXPECT_NE(said.find("building pattern database 1 of 2 of 8-44"), std::string::npos) << said;
  EXPECT_NE(said.find("ready: the 8-puzzle's databases (8-44) ("), std::string::npos) << said;
}

TEST_F(ServeDatabases, ASecondServerLoadsTheCachedSetWithoutBuildingIt) {
  std::filesystem::create_directories(folder_);
  {
    ServeProcess first({"--databases", "8-44"});
    ASSERT_TRUE(wait_for_state(first, "ready")) << listed_set(first);
  }
  const auto built = set_files(cache_.path());
  ASSERT_EQ(built.size(), 2U);

  const std::filesystem::path errors = folder_ / "errors";
  ServeProcess second({"--databases", "8-44"}, errors);
  ASSERT_TRUE(wait_for_state(second, "ready")) << listed_set(second);
  EXPECT_EQ(post(second, "/api/solve", kNeedsTheSet).status, 200);
  EXPECT_EQ(second.stop(), 0);
  EXPECT_EQ(set_files(cache_.path()), built);  // the same files: none written again
  const std::string said = read_file(errors);
  EXPECT_EQ(said.find("building"), std::string::npos) << said;
  EXPECT_NE(said.find("ready: the 8-puzzle's databases (8-44)"), std::string::npos) << said;
}

// Under auto, the sets whose builds take more than a second or so are kept, each built when a
// request first needs it; the quicker ones (8-44, the 8-puzzle's distance table) are left to the
// requests, as `plumb solve` builds them. views-3x3 is the quickest of the kept ones: cubic's table
// algorithm on the contest's board needs it.
TEST_F(ServeDatabases, ByDefaultASetIsBuiltWhenARequestFirstNeedsItAndLoadedAtTheNextStart) {
  std::filesystem::create_directories(folder_);
  const std::filesystem::path hold = folder_ / "go", errors = folder_ / "errors";
  ::setenv("PLUMB_SERVE_HOLD_DATABASES", hold.c_str(), 1);
  const json needs_views = {
      {"puzzle", "cubic"}, {"input", "1 2\nW W W\nE W W\nW W W\n0 0\n"}, {"algo", "table"}};
  {
    ServeProcess server({"--databases", "auto", "--threads", "2"}, errors);
    for (const std::string name : {"views-3x3", "15-7-8", "24-6666"})
      EXPECT_EQ(listed_set(server, name).value("state", ""), "idle") << name;
    for (const std::string name : {"8-44", "distances-3x3"})
      EXPECT_TRUE(listed_set(server, name).is_null()) << name << ": quick, not kept";

    // A 15-puzzle board that a short search answers needs no set: none is built. A set left to
    // the requests is built by the one that needs it.
    const Answer easy =
        post(server, "/api/solve",
             json{{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 9 10 11 12 13 x 14 15\n"}});
    ASSERT_EQ(easy.status, 200) << easy.body.dump();
    EXPECT_EQ(easy.body.at("results")[0].at("length"), 2);
    EXPECT_EQ(listed_set(server, "15-7-8").value("state", ""), "idle");
    const Answer quick = post(server, "/api/solve", kNeedsTheSet);
    ASSERT_EQ(quick.status, 200) << quick.body.dump();
    EXPECT_EQ(quick.body.at("results")[0].at("length"), 31);

    // The first request that needs views-3x3 queues it: 503 until it is ready, then the answer.
    const Answer building = post(server, "/api/solve", needs_views);
    ASSERT_EQ(building.status, 503) << building.body.dump();
    EXPECT_EQ(building.body.at("building").at("database"), "views-3x3");
    const json listed = listed_set(server, "views-3x3");
    EXPECT_TRUE(listed.at("state") == "queued" || listed.at("state") == "building") << listed;
    { std::ofstream{hold}; }
    ASSERT_TRUE(wait_for_state(server, "ready", "views-3x3")) << listed_set(server, "views-3x3");
    const Answer solved = post(server, "/api/solve", needs_views);
    ASSERT_EQ(solved.status, 200) << solved.body.dump();
    EXPECT_EQ(solved.body.at("results")[0].at("length"), 0);
    EXPECT_EQ(listed_set(server, "15-7-8").value("state", ""), "idle");
    EXPECT_EQ(server.stop(), 0);
  }
  EXPECT_TRUE(std::filesystem::exists(cache_.path() / "cubic-views-3x3.tbl"));
  const std::string said = read_file(errors);
  EXPECT_NE(said.find("tables: 15-7-8, 24-6666, distances-3x4, distances-4x3, views-3x3"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("when a request first needs one"), std::string::npos) << said;

  // The next start loads the sets in the cache without a request (views-3x3, and 8-44, which the
  // quick request built), and keeps the others idle.
  ServeProcess next({"--databases", "auto"}, errors);
  ASSERT_TRUE(wait_for_state(next, "ready", "views-3x3")) << listed_set(next, "views-3x3");
  EXPECT_EQ(listed_set(next, "15-7-8").value("state", ""), "idle");
  EXPECT_EQ(next.stop(), 0);
  EXPECT_NE(read_file(errors).find("tables: 8-44, views-3x3 from the start; "), std::string::npos)
      << read_file(errors);
}

TEST_F(ServeDatabases, ASetThatCannotBeBuiltAnswers500WithTheEnvironmentsExitStatus) {
  // 1 MB: less than the process holds before the build, which stops at once.
  ServeProcess server({"--databases", "8-44", "--max-memory", "1M"});
  ASSERT_TRUE(wait_for_state(server, "failed")) << listed_set(server);
  EXPECT_NE(listed_set(server).at("error").get<std::string>().find("memory limit"),
            std::string::npos);
  const Answer failed = post(server, "/api/solve", kNeedsTheSet);
  EXPECT_EQ(failed.status, 500) << failed.body.dump();
  EXPECT_EQ(failed.body.value("exit_status", 0), 4);
  EXPECT_NE(failed.body.value("error", "").find("could not be built"), std::string::npos)
      << failed.body.dump();
}

TEST(ServeDatabasesOption, UnknownSetsAreRefusedWithTheList) {
  const ProgramRun run = run_plumb({"serve", "--port", "0", "--databases", "8-44,nosuch"});
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("no table set named 'nosuch'"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("15-7-8 (4x4)"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace plumb::testing
