// `plumb serve`'s JSON API end to end, against the running program: every sample through
// /api/solve in both formats matches `plumb solve`, /api/explore matches `plumb explore`, the
// puzzle list comes from the declarations, and each bad request gets its status: malformed JSON,
// unknown puzzle, option or field, bad input (with its line), a body over 1 MB (413), a search past
// its time limit (422, the program's exit status 3), a full queue (503). A client that goes away
// cancels its search; a search watched by its progress id reports while it runs. /api/read
// describes every sample's datasets without a search: the start `plumb solve` begins from,
// sliding's size and goal, and the parity that makes a board unsolvable.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "tests/support/fresh_folder.hpp"
#include "tests/support/json_schema.hpp"
#include "tests/support/run_plumb.hpp"
#include "tests/support/serve_process.hpp"

namespace plumb::testing {
namespace {

using nlohmann::json;

const std::vector<std::string> kPuzzles = puzzle_names();

// A 15-puzzle that IDA* takes many minutes over (Korf's instance 88, data/korf100.txt).
const json kSlowRequest = {{"puzzle", "sliding"},
                           {"input", "15 2 12 11 14 13 9 5 1 3 8 7 0 10 6 4\n"},
                           {"options", {{"goal", "blank-first"}}},
                           {"algo", "ida"}};

struct Answer {
  int status = -1;  // -1: no answer
  json body;
};

Answer post(httplib::Client& client, const std::string& path, const std::string& body) {
  const httplib::Result result = client.Post(path.c_str(), body, "application/json");
  if (!result) return {};
  return {result->status, json::parse(result->body, nullptr, false)};
}

Answer post(httplib::Client& client, const std::string& path, const json& body) {
  return post(client, path, body.dump());
}

// A POST to /api/solve of `body` as a raw request, for a connection held open by the test.
std::string raw_solve(const json& body) {
  return "POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
         "Content-Length: " +
         std::to_string(body.dump().size()) + "\r\n\r\n" + body.dump();
}

// A record without what changes from run to run: the statistics.
json without_stats(json record) {
  record.erase("stats");
  record.erase("table_build");
  return record;
}

TEST(ServeApi, EverySampleAnswersAsPlumbSolveInBothFormats) {
  ServeProcess server;
  const auto client = server.client();
  for (const std::string& puzzle : kPuzzles) {
    const std::string input = read_file(sample_path(puzzle, "sample.in"));
    const ProgramRun contest = run_plumb({"solve", puzzle}, input);
    ASSERT_EQ(contest.status, 0) << contest.err;
    const Answer text = post(*client, "/api/solve",
                             json{{"puzzle", puzzle}, {"input", input}, {"format", "contest"}});
    ASSERT_EQ(text.status, 200) << puzzle << ": " << text.body.dump();
    EXPECT_EQ(text.body.at("output").get<std::string>(), contest.out) << puzzle;

    const ProgramRun lines = run_plumb({"solve", puzzle, "--format", "json"}, input);
    ASSERT_EQ(lines.status, 0) << lines.err;
    const Answer records = post(*client, "/api/solve", json{{"puzzle", puzzle}, {"input", input}});
    ASSERT_EQ(records.status, 200) << puzzle << ": " << records.body.dump();
    std::istringstream expected(lines.out);
    std::string line;
    std::size_t count = 0;
    for (; std::getline(expected, line); ++count) {
      ASSERT_LT(count, records.body.at("results").size()) << puzzle;
      const json& record = records.body.at("results").at(count);
      EXPECT_EQ(without_stats(record), without_stats(json::parse(line))) << puzzle << " " << count;
      EXPECT_EQ(record.at("states").size(),
                record.at("moves").is_null() ? 1 : record.at("moves").size() + 1)
          << puzzle;
    }
    EXPECT_EQ(count, records.body.at("results").size()) << puzzle;
  }
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServeApi, OptionsAlgorithmsAndPrettyAsTheProgramTakesThem) {
  ServeProcess server;
  const auto client = server.client();
  const std::string deal = "1\n21 23 12\n11 22 13\n";
  const ProgramRun run = run_plumb(
      {"solve", "gap", "--suits", "2", "--values", "3", "--algo", "bidir", "--format", "pretty"},
      deal);
  const Answer answer = post(*client, "/api/solve",
                             json{{"puzzle", "gap"},
                                  {"input", deal},
                                  {"algo", "bidir"},
                                  {"options", {{"suits", 2}, {"values", "3"}}},
                                  {"format", "pretty"}});
  ASSERT_EQ(answer.status, 200) << answer.body.dump();
  EXPECT_EQ(answer.body.at("output").get<std::string>(), run.out);
}

TEST(ServeApi, ExploreAnswersAsPlumbExplore) {
  ServeProcess server;
  const auto client = server.client();
  const Answer record =
      post(*client, "/api/explore", json{{"puzzle", "sliding"}, {"options", {{"size", "2x3"}}}});
  ASSERT_EQ(record.status, 200) << record.body.dump();
  EXPECT_EQ(record.body.at("result").at("total"), 360);
  EXPECT_EQ(record.body.at("result").at("layers").size(), 22U);

  const ProgramRun run = run_plumb({"explore", "pegs", "--rows", "4"});
  const Answer text =
      post(*client, "/api/explore",
           json{{"puzzle", "pegs"}, {"options", {{"rows", 4}}}, {"format", "contest"}});
  ASSERT_EQ(text.status, 200) << text.body.dump();
  EXPECT_EQ(text.body.at("output").get<std::string>(), run.out);
}

// Explore's input decides the start, as the program's FILE does: the same layers, start and
// deepest states, and an origin that names the input.
TEST(ServeApi, ExploreStartsFromTheInputAsPlumbExploreOfTheSameFile) {
  ServeProcess server;
  const auto client = server.client();
  struct Case {
    std::string puzzle;
    std::vector<std::string> options;
    json api_options;
    std::string input;
    std::string origin;
  };
  const std::vector<Case> cases{
      {"gap",
       {"--suits", "2", "--values", "3"},
       {{"suits", 2}, {"values", "3"}},
       "1\n21 23 12\n11 22 13\n",
       "the first deal of the input"},
      {"pegs", {}, json::object(), "1\n5\n", "hole 5 empty"},
  };
  const auto file = std::filesystem::temp_directory_path() /
                    ("plumb-explore-input-" + std::to_string(::getpid()) + ".in");
  for (const Case& c : cases) {
    {
      std::ofstream out(file);
      out << c.input;
    }
    std::vector<std::string> args{"explore", c.puzzle, file.string(), "--format", "json"};
    args.insert(args.end(), c.options.begin(), c.options.end());
    const ProgramRun run = run_plumb(args);
    ASSERT_EQ(run.status, 0) << run.err;
    const Answer answer =
        post(*client, "/api/explore",
             json{{"puzzle", c.puzzle}, {"input", c.input}, {"options", c.api_options}});
    ASSERT_EQ(answer.status, 200) << answer.body.dump();
    json served = without_stats(answer.body.at("result"));
    json program = without_stats(json::parse(run.out));
    EXPECT_EQ(served.at("origin"), c.origin) << c.puzzle;
    served.erase("origin");
    program.erase("origin");
    EXPECT_EQ(served, program) << c.puzzle;
    // And not what it explores from without an input.
    const Answer natural =
        post(*client, "/api/explore", json{{"puzzle", c.puzzle}, {"options", c.api_options}});
    ASSERT_EQ(natural.status, 200) << natural.body.dump();
    EXPECT_NE(natural.body.at("result").at("start"), served.at("start")) << c.puzzle;
  }
  std::filesystem::remove(file);
}

TEST(ServeApi, ListsEveryPuzzleFromItsDeclarations) {
  ServeProcess server;
  const httplib::Result result = server.client()->Get("/api/puzzles");
  ASSERT_TRUE(result);
  EXPECT_EQ(result->status, 200);
  const json list = json::parse(result->body).at("puzzles");
  ASSERT_EQ(list.size(), kPuzzles.size());
  EXPECT_EQ(json::parse(result->body).at("databases"), json::array());  // --databases none
  for (std::size_t i = 0; i < kPuzzles.size(); ++i) {
    EXPECT_EQ(list[i].at("name"), kPuzzles[i]);
    EXPECT_FALSE(list[i].at("algorithms").empty());
  }
  const json suits = list[1].at("options")[0];
  EXPECT_EQ(suits, (json{{"name", "suits"},
                         {"help", "Suits, the rows of a deal"},
                         {"type", "integer"},
                         {"default", 4},
                         {"min", 1},
                         {"max", 9}}));
}

TEST(ServeApi, ServesThePageFromTheProgram) {
  ServeProcess server;
  const auto client = server.client();
  for (const char* path : {"/", "/app.js", "/style.css"}) {
    const httplib::Result result = client->Get(path);
    ASSERT_TRUE(result) << path;
    EXPECT_EQ(result->status, 200) << path;
    EXPECT_FALSE(result->body.empty()) << path;
  }
  // Each puzzle's module of the page, its folder's page.js, gathered in the page's registry.
  const httplib::Result index = client->Get("/puzzles/index.js");
  ASSERT_TRUE(index);
  EXPECT_EQ(index->status, 200);
  for (const std::string& name : kPuzzles) {
    const std::filesystem::path module = puzzle_folder(name) / "page.js";
    if (!std::filesystem::exists(module)) continue;  // a puzzle the page does not offer
    const httplib::Result page = client->Get("/puzzles/" + name + ".js");
    ASSERT_TRUE(page) << name;
    EXPECT_EQ(page->status, 200) << name;
    EXPECT_EQ(page->body, read_file(module)) << name;
    EXPECT_NE(index->body.find("import { " + name + " } from './" + name + ".js';"),
              std::string::npos)
        << index->body;
  }
  const httplib::Result missing = client->Get("/../../etc/passwd");
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->status, 404);
  EXPECT_TRUE(json::parse(missing->body).contains("error"));
}

// The puzzles' page libraries (--page-libraries DIR, a folder PUZZLE/ each): their JavaScript files
// under /lib/PUZZLE/, read as the server starts; anything else there, a file deeper or outside a
// library, is not served, and a folder without a library's index.js is refused.
TEST(ServeApi, ServesThePageLibrariesOfTheFolderNamed) {
  const std::filesystem::path folder = fresh_folder("serve-page-libraries");
  std::filesystem::create_directories(folder / "twisty" / "deeper");
  std::ofstream(folder / "twisty" / "index.js") << "export {TwistyPlayer} from './chunk-A.js';\n";
  std::ofstream(folder / "twisty" / "chunk-A.js") << "export class TwistyPlayer {}\n";
  std::ofstream(folder / "twisty" / "notes.txt") << "not a script\n";
  std::ofstream(folder / "twisty" / "deeper" / "hidden.js") << "export {};\n";
  std::ofstream(folder / "loose.js") << "export {};\n";
  ServeProcess server({"--page-libraries", folder.string()});
  const auto client = server.client();
  for (const std::string name : {"twisty/index.js", "twisty/chunk-A.js"}) {
    const httplib::Result result = client->Get("/lib/" + name);
    ASSERT_TRUE(result) << name;
    EXPECT_EQ(result->status, 200) << name;
    EXPECT_EQ(result->body, read_file(folder / name)) << name;
    EXPECT_EQ(result->get_header_value("Content-Type"), "text/javascript; charset=utf-8");
  }
  for (const char* path :
       {"/lib/twisty/notes.txt", "/lib/twisty/deeper/hidden.js", "/lib/loose.js",
        "/lib/twisty/../twisty/index.js", "/lib/twisty/missing.js", "/lib/gap/index.js"}) {
    const httplib::Result result = client->Get(path);
    ASSERT_TRUE(result) << path;
    EXPECT_EQ(result->status, 404) << path;
    EXPECT_TRUE(json::parse(result->body).contains("error")) << path;
  }
  std::filesystem::remove(folder / "twisty" / "index.js");
  const ProgramRun refused =
      run_plumb({"serve", "--port", "0", "--page-libraries", folder.string()});
  EXPECT_EQ(refused.status, 2);
  EXPECT_NE(refused.err.find("holds no page library"), std::string::npos) << refused.err;
  std::filesystem::remove_all(folder);
}

TEST(ServeApi, BadRequestsGetTheirStatusAndMessage) {
  ServeProcess server;
  const auto client = server.client();
  const auto expect_refused = [&](const std::string& body, int status, const std::string& words) {
    const Answer answer = post(*client, "/api/solve", body);
    EXPECT_EQ(answer.status, status) << body;
    const std::string error = answer.body.value("error", "");
    EXPECT_NE(error.find(words), std::string::npos) << body << " -> " << error;
  };
  expect_refused("{\"puzzle\": \"gap\",", 400, "not JSON");
  expect_refused("[1, 2]", 400, "object");
  expect_refused("{}", 400, "\"puzzle\" is missing");
  expect_refused(json{{"puzzle", "nosuch"}, {"input", "1\n"}}.dump(), 400, "no puzzle named");
  expect_refused(json{{"puzzle", "gap"}, {"input", "1\n"}, {"options", {{"colour", 2}}}}.dump(),
                 400, "--colour");
  expect_refused(json{{"puzzle", "gap"}, {"input", "1\n"}, {"options", {{"suits", 99}}}}.dump(),
                 400, "--suits");
  expect_refused(json{{"puzzle", "gap"}, {"input", "1\n"}, {"algo", "magic"}}.dump(), 400,
                 "--algo");
  expect_refused(json{{"puzzle", "gap"}, {"input", "1\n"}, {"format", "xml"}}.dump(), 400,
                 "no format");
  expect_refused(json{{"puzzle", "gap"}, {"inptu", "1\n"}}.dump(), 400, "unknown field");
  expect_refused(json{{"puzzle", "gap"}}.dump(), 400, "\"input\" is missing");
  expect_refused(json{{"puzzle", "gap"}, {"input", " \n"}}.dump(), 400, "empty");
  expect_refused(std::string(2 << 20, ' '), 413, "too large");

  // Bad input names its line, after the answers before it, as the program writes them.
  const Answer bad = post(
      *client, "/api/solve",
      json{{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n1 2 3\n"}, {"format", "contest"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body.value("line", 0), 2);
  // The line said once, as the service words it (docs/serve.md), not the program's "FILE:2: ".
  EXPECT_EQ(bad.body.value("error", "").rfind("line 2: cannot infer a square board", 0), 0U)
      << bad.body.dump();
  EXPECT_EQ(bad.body.value("exit_status", 0), 2);
  EXPECT_EQ(bad.body.value("output", ""), "\n");
  EXPECT_EQ(server.stop(), 0);
}

// Every sample read: a description a dataset, in order, each starting from the state the program's
// solution starts from, none said unsolvable by a puzzle that cannot tell without a search.
TEST(ServeApi, ReadDescribesEverySampleDatasetFromTheStartPlumbSolveStartsFrom) {
  ServeProcess server;
  const auto client = server.client();
  for (const std::string& puzzle : kPuzzles) {
    const std::string input = read_file(sample_path(puzzle, "sample.in"));
    const ProgramRun lines = run_plumb({"solve", puzzle, "--format", "json"}, input);
    ASSERT_EQ(lines.status, 0) << lines.err;
    const Answer read = post(*client, "/api/read", json{{"puzzle", puzzle}, {"input", input}});
    ASSERT_EQ(read.status, 200) << puzzle << ": " << read.body.dump();
    const json& datasets = read.body.at("datasets");
    std::istringstream expected(lines.out);
    std::string line;
    std::size_t count = 0;
    for (; std::getline(expected, line); ++count) {
      ASSERT_LT(count, datasets.size()) << puzzle;
      const json record = json::parse(line);
      const json& description = datasets.at(count);
      EXPECT_EQ(description.at("dataset"), record.at("dataset")) << puzzle;
      EXPECT_EQ(description.at("line"), record.at("line")) << puzzle;
      EXPECT_EQ(description.at("start"), record.at("states").at(0)) << puzzle << " " << count;
      if (!description.at("unsolvable").is_null()) {
        EXPECT_TRUE(record.at("length").is_null()) << puzzle << " " << count;
      }
    }
    EXPECT_EQ(count, datasets.size()) << puzzle;
  }
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServeApi, ReadGivesSlidingsSizeGoalAndParity) {
  ServeProcess server;
  const auto client = server.client();
  const auto read = [&](const std::string& input, const json& options = json::object()) {
    return post(*client, "/api/read",
                json{{"puzzle", "sliding"}, {"input", input}, {"options", options}});
  };
  const Answer board = read("2 3 4 1 5 x 7 6 8\n");
  ASSERT_EQ(board.status, 200) << board.body.dump();
  ASSERT_EQ(board.body.at("datasets").size(), 1U);
  const json& eight = board.body.at("datasets")[0];
  EXPECT_EQ(eight.at("dataset"), 1);
  EXPECT_EQ(eight.at("line"), 1);
  EXPECT_EQ(eight.at("rows"), 3);
  EXPECT_EQ(eight.at("columns"), 3);
  EXPECT_EQ(eight.at("start"), (json{2, 3, 4, 1, 5, 0, 7, 6, 8}));
  EXPECT_EQ(eight.at("goal"), (json{1, 2, 3, 4, 5, 6, 7, 8, 0}));
  EXPECT_TRUE(eight.at("unsolvable").is_null());

  // Two tiles swapped: the other parity, told at once. With the blank first, the goal changes.
  const Answer swapped = read("1 2 3 4 5 6 8 7 x\n");
  ASSERT_EQ(swapped.status, 200) << swapped.body.dump();
  EXPECT_NE(swapped.body.at("datasets")[0].value("unsolvable", "").find("parity"),
            std::string::npos)
      << swapped.body.dump();
  const Answer first = read("x 1 2 3 4 5 6 7 8\n", {{"goal", "blank-first"}});
  ASSERT_EQ(first.status, 200) << first.body.dump();
  EXPECT_EQ(first.body.at("datasets")[0].at("goal"), (json{0, 1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_TRUE(first.body.at("datasets")[0].at("unsolvable").is_null());

  // 16 tiles are a 4x4 board without --size (and no pattern database is asked for); --size 2x8
  // reads the same tiles as two rows.
  const std::string sixteen = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 x 15\n";
  const Answer square = read(sixteen);
  ASSERT_EQ(square.status, 200) << square.body.dump();
  EXPECT_EQ(square.body.at("datasets")[0].at("rows"), 4);
  EXPECT_EQ(square.body.at("datasets")[0].at("columns"), 4);
  const Answer wide = read(sixteen, {{"size", "2x8"}});
  ASSERT_EQ(wide.status, 200) << wide.body.dump();
  EXPECT_EQ(wide.body.at("datasets")[0].at("rows"), 2);
  EXPECT_EQ(wide.body.at("datasets")[0].at("columns"), 8);

  // Bad input: the error /api/solve gives, its line named, with the datasets before it.
  const Answer bad = read("1 2 3 4 5 6 7 8 x\n1 2 3\n");
  EXPECT_EQ(bad.status, 400);
  EXPECT_EQ(bad.body.value("line", 0), 2);
  EXPECT_EQ(bad.body.value("error", "").rfind("line 2: cannot infer a square board", 0), 0U)
      << bad.body.dump();
  EXPECT_EQ(bad.body.value("exit_status", 0), 2);
  EXPECT_EQ(bad.body.at("datasets").size(), 1U);
  EXPECT_EQ(read(" \n").status, 400);
  EXPECT_EQ(post(*client, "/api/read", json{{"puzzle", "sliding"}}).status, 400);
  EXPECT_EQ(post(*client, "/api/read", std::string(2 << 20, ' ')).status, 413);
  EXPECT_EQ(server.stop(), 0);
}

TEST(ServeApi, ASearchPastItsTimeLimitAnswersAsTheProgramsExitStatus3) {
  ServeProcess server({"--time-limit", "0.3"});
  json request = kSlowRequest;
  request["time_limit"] = 5;  // capped at the server's 0.3 s
  const auto started = std::chrono::steady_clock::now();
  const Answer answer = post(*server.client(), "/api/solve", request);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(3));
  EXPECT_EQ(answer.status, 422);
  EXPECT_EQ(answer.body.value("exit_status", 0), 3);
  EXPECT_NE(answer.body.value("error", "").find("time limit"), std::string::npos);
}

// The slow search is sent on a connection of its own until a quick probe is refused as busy while
// that connection has no answer: then it holds the only slot, whatever the machine's speed.
TEST(ServeApi, AFullQueueRefusesAtOnceAndAClientThatLeavesFreesItsSearch) {
  ServeProcess server({"--threads", "1", "--queue", "0", "--time-limit", "60"});
  json slow = kSlowRequest;
  slow["time_limit"] = 60;
  const std::string held_request = raw_solve(slow);
  const json quick = {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n"}};
  const auto client = server.client();
  std::unique_ptr<RawConnection> held;
  bool refused = false;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!refused && std::chrono::steady_clock::now() < give_up) {
    held = std::make_unique<RawConnection>(server.port());
    held->send(held_request);
    do {  // until a probe is refused, or the held search was (a probe had the slot first)
      refused = post(*client, "/api/solve", quick).status == 503;
      held->receive(std::chrono::milliseconds(20));
    } while (!refused && held->received().empty() && std::chrono::steady_clock::now() < give_up);
    refused = refused && held->received().empty();
  }
  ASSERT_TRUE(refused) << "the slow search never held the slot";
  // A read runs no search: it does not wait for the slot.
  EXPECT_EQ(post(*client, "/api/read", quick).status, 200);
  held.reset();  // its client goes away
  // The slot is free again soon after the client left, long before the search's 60 s.
  int status = -1;
  const auto left = std::chrono::steady_clock::now();
  while (status != 200 && std::chrono::steady_clock::now() - left < std::chrono::seconds(10)) {
    status = post(*client, "/api/solve", quick).status;
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(status, 200);
  EXPECT_EQ(server.stop(), 0);
}

// A search watched by its "progress" id reports growing statistics while it runs, and the id is
// unknown again once its client leaves. The search cannot finish first (many minutes of IDA*, a
// 600 s limit); every wait is for what the server says, with a wide bound.
TEST(ServeApi, AWatchedSearchReportsItsProgressUntilItsClientLeaves) {
  ServeProcess server({"--time-limit", "600"});
  json slow = kSlowRequest;
  slow["time_limit"] = 600;
  slow["progress"] = "watch-1";
  auto held = std::make_unique<RawConnection>(server.port());
  held->send(raw_solve(slow));
  const auto client = server.client();
  const auto progress = [&](const std::string& id) {
    const httplib::Result result = client->Get(("/api/progress/" + id).c_str());
    return result ? Answer{result->status, json::parse(result->body, nullptr, false)} : Answer{};
  };
  const SchemaValidator reports = api_answer_schema(
      std::filesystem::path(PLUMB_DATA_DIR).parent_path() / "docs", "progress_answer");
  std::vector<std::uint64_t> expanded;  // each report seen, once the search has expanded states
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (expanded.size() < 2 && std::chrono::steady_clock::now() < give_up) {
    const Answer report = progress("watch-1");
    if (report.status == 200 && report.body.value("expanded", 0ULL) > 0 &&
        (expanded.empty() || report.body["expanded"] != expanded.back())) {
      EXPECT_EQ(report.body["progress"], "watch-1");
      EXPECT_EQ(reports.validate(report.body), std::vector<std::string>{}) << report.body;
      expanded.push_back(report.body["expanded"]);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(expanded.size(), 2u) << "no two reports of the search";
  EXPECT_GT(expanded[1], expanded[0]);
  EXPECT_TRUE(held->received().empty());
  // The id watches one search at a time; a read runs none to watch; an id is short and plain.
  json quick = {{"puzzle", "sliding"}, {"input", "1 2 3 4 5 6 7 8 x\n"}, {"progress", "watch-1"}};
  Answer refused = post(*client, "/api/solve", quick);
  EXPECT_EQ(refused.status, 400);
  EXPECT_EQ(refused.body.value("error", ""), "\"progress\": 'watch-1' watches a search already");
  EXPECT_EQ(post(*client, "/api/read", quick).status, 400);
  quick["progress"] = "a b";
  EXPECT_EQ(post(*client, "/api/solve", quick).status, 400);
  held.reset();  // its client goes away: the search is cancelled, its id forgotten
  Answer gone;
  const auto left = std::chrono::steady_clock::now();
  while (gone.status != 404 && std::chrono::steady_clock::now() - left < std::chrono::seconds(30)) {
    gone = progress("watch-1");
    if (gone.status != 404) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_EQ(gone.status, 404);
  EXPECT_EQ(gone.body.value("error", ""),
            "no search is watched as 'watch-1': it ended, or never began");
  // The id is free again, and a search that ends forgets it.
  quick["progress"] = "watch-1";
  EXPECT_EQ(post(*client, "/api/solve", quick).status, 200);
  EXPECT_EQ(progress("watch-1").status, 404);
  EXPECT_EQ(server.stop(), 0);
}

}  // namespace
}  // namespace plumb::testing
