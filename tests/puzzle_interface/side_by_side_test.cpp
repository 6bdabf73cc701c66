// solve_input over an instance that solves side by side (Instance::solves_side_by_side): the first
// dataset alone on every thread, the rest sharing the threads, their answers passed on in input
// order from the calling thread however the searches finish; bad input and a limit come after the
// answers before them and stop the searches after them; the caller's context is never cancelled.
// Then every built-in puzzle that solves side by side answers its samples so.
//
// The scripted instance's datasets wait for events, never for time: "wait N" finishes only after
// dataset N has, which holds only if they run at once; "limit N" stops at a node limit once
// dataset N has started; "hold" runs until its context is cancelled.
// Each wait gives up after a minute (a hang made a failure), far beyond what any machine needs.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "tests/support/puzzle_interface_run.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzle_interface {
namespace {

constexpr auto kGiveUp = std::chrono::minutes(1);

// What the scripted searches saw, shared among the threads that run them.
struct Record {
  std::mutex mutex;
  std::condition_variable changed;     // a search started or ended
  std::vector<std::size_t> finished;   // dataset numbers, in the order their searches ended
  std::map<std::size_t, bool> shared;  // each started dataset's: whether its threads are
  bool gave_up = false;                // a wait ran out: the datasets did not run at once
  bool held_search_cancelled = false;  // a "hold" search saw its context cancelled
};

// A line a dataset: a length (solved so), "wait N", "limit N", "hold", or "bad" (an input error).
class ScriptedReader : public DatasetReader {
 public:
  explicit ScriptedReader(io::TextInput& in) : in_(in) {}
  std::optional<Dataset> next() override {
    std::string line;
    if (!in_.next_line(line)) return std::nullopt;
    if (line == "bad") in_.fail("bad dataset");
    ++read_;
    return Dataset{read_, static_cast<std::size_t>(in_.line_number()), line, in_.name()};
  }

 private:
  io::TextInput& in_;
  std::size_t read_ = 0;
};

class ScriptedInstance : public Instance {
 public:
  ScriptedInstance(Record& record, bool side_by_side)
      : record_(record), side_by_side_(side_by_side) {}

  std::unique_ptr<DatasetReader> read(io::TextInput& in) const override {
    return std::make_unique<ScriptedReader>(in);
  }
  bool solves_side_by_side() const override { return side_by_side_; }

  Solution solve(const Dataset& dataset, std::string_view /*algorithm*/,
                 const search::SearchContext& context) const override {
    const auto& script = std::any_cast<const std::string&>(dataset.data);
    Solution solution;
    solution.dataset = dataset.number;
    solution.stats.reason = search::StopReason::solved;
    std::unique_lock lock(record_.mutex);
    record_.shared[dataset.number] = context.shared_threads != nullptr;
    record_.changed.notify_all();
    if (script.starts_with("wait ")) {
      const std::size_t awaited = std::stoul(script.substr(5));
      wait_for(lock, [&] { return std::ranges::count(record_.finished, awaited) != 0; });
      solution.length = 0;
    } else if (script.starts_with("limit ")) {
      const std::size_t awaited = std::stoul(script.substr(6));
      wait_for(lock, [&] { return record_.shared.contains(awaited); });
      solution.stats.reason = search::StopReason::node_limit;
    } else if (script == "hold") {
      lock.unlock();
      const auto give_up = std::chrono::steady_clock::now() + kGiveUp;
      while (!context.cancelled() && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      lock.lock();
      record_.held_search_cancelled = context.cancelled();
      solution.stats.reason = search::StopReason::cancelled;
    } else {
      solution.length = std::stoul(script);
    }
    record_.finished.push_back(dataset.number);
    record_.changed.notify_all();
    return solution;
  }

  Exploration explore(const Dataset* /*start*/,
                      const search::SearchContext& /*context*/) const override {
    return {};
  }
  std::string render(const Solution& solution, Format /*format*/) const override {
    return std::to_string(*solution.length) + "\n";
  }
  std::string render(const Exploration& /*exploration*/, Format /*format*/) const override {
    return "";
  }
  nlohmann::json to_json(const Solution& /*solution*/) const override { return {}; }
  nlohmann::json to_json(const Exploration& /*exploration*/) const override { return {}; }
  nlohmann::json describe(const Dataset& /*dataset*/) const override { return {}; }
  std::string scramble(std::uint64_t /*seed*/,
                       const search::SearchContext& /*context*/) const override {
    return "";
  }

 private:
  void fill_path(Solution& /*solution*/) const override {}

  // Waits under `lock` until `done()`, or gives up after kGiveUp and says so in the record.
  template <class Done>
  void wait_for(std::unique_lock<std::mutex>& lock, Done done) const {
    if (!record_.changed.wait_for(lock, kGiveUp, done)) record_.gave_up = true;
  }

  Record& record_;
  bool side_by_side_;
};

// The lengths passed on, in the order they were, and what solve_input threw ("" if nothing):
// "limit", or "input error at line N".
struct ScriptRun {
  std::vector<std::uint64_t> lengths;
  std::string failure;
};

ScriptRun solve_script(const Instance& instance, const std::string& script, unsigned threads,
                       const search::SearchContext& context = {}) {
  std::istringstream stream(script);
  io::TextInput input(stream, "script");
  search::SearchContext limited = context;
  limited.limits.threads = threads;
  ScriptRun run;
  const std::thread::id caller = std::this_thread::get_id();
  try {
    solve_input(instance, input, "scripted", limited, [&](Solution&& solution) {
      EXPECT_EQ(std::this_thread::get_id(), caller) << "answers are passed on the calling thread";
      run.lengths.push_back(*solution.length);
    });
  } catch (const LimitReached&) {
    run.failure = "limit";
  } catch (const io::InputError& error) {
    run.failure = "input error at line " + std::to_string(error.line());
  }
  return run;
}

TEST(SideBySide, AnswersComeInInputOrderWhateverOrderTheSearchesEndIn) {
  Record record;
  const ScriptedInstance instance(record, true);
  const ScriptRun run = solve_script(instance, "1\nwait 3\n5\n7\n8\n", 3);
  EXPECT_EQ(run.lengths, (std::vector<std::uint64_t>{1, 0, 5, 7, 8}));
  EXPECT_EQ(run.failure, "");
  EXPECT_FALSE(record.gave_up) << "the second and third datasets ran at once";
  EXPECT_EQ(record.shared,
            (std::map<std::size_t, bool>{{1, false}, {2, true}, {3, true}, {4, true}, {5, true}}))
      << "the first alone on every thread, the rest sharing them";
}

TEST(SideBySide, OneThreadOrAnInstanceThatDoesNotOptInSolvesInOrder) {
  for (const auto& [threads, opts_in] : {std::pair{1U, true}, std::pair{3U, false}}) {
    Record record;
    const ScriptedInstance instance(record, opts_in);
    const ScriptRun run = solve_script(instance, "4\n2\n6\n", threads);
    EXPECT_EQ(run.lengths, (std::vector<std::uint64_t>{4, 2, 6}));
    EXPECT_EQ(record.finished, (std::vector<std::size_t>{1, 2, 3}));
    EXPECT_EQ(record.shared, (std::map<std::size_t, bool>{{1, false}, {2, false}, {3, false}}));
  }
}

// The bad line is read while the dataset before it still waits: its error comes after that
// dataset's answer, and nothing after it is solved.
TEST(SideBySide, BadInputComesAfterTheAnswersBeforeIt) {
  Record record;
  const ScriptedInstance instance(record, true);
  const ScriptRun run = solve_script(instance, "1\nwait 3\n2\nbad\n5\n", 2);
  EXPECT_EQ(run.lengths, (std::vector<std::uint64_t>{1, 0, 2}));
  EXPECT_EQ(run.failure, "input error at line 4");
  EXPECT_FALSE(record.gave_up);
  EXPECT_FALSE(record.shared.contains(5));
}

// A limit stops the batch at its dataset: the answers before it are passed on, none after, and a
// search under way after it is cancelled, while the caller's context is not.
TEST(SideBySide, ALimitStopsTheSearchesAfterIt) {
  Record record;
  const ScriptedInstance instance(record, true);
  const search::SearchContext context;
  const ScriptRun run = solve_script(instance, "1\nlimit 3\nhold\n9\n", 2, context);
  EXPECT_EQ(run.lengths, (std::vector<std::uint64_t>{1}));
  EXPECT_EQ(run.failure, "limit");
  EXPECT_FALSE(record.gave_up);
  EXPECT_TRUE(record.held_search_cancelled);
  EXPECT_FALSE(context.cancelled());
}

// An answer that throws (an output that fails) stops the searches under way, and comes out.
TEST(SideBySide, AnAnswerThatThrowsStopsTheSearches) {
  Record record;
  const ScriptedInstance instance(record, true);
  std::istringstream stream("1\n2\nhold\n");
  io::TextInput input(stream, "script");
  search::SearchContext context;
  context.limits.threads = 2;
  std::size_t answered = 0;
  EXPECT_THROW(solve_input(instance, input, "scripted", context,
                           [&](Solution&&) {
                             if (++answered == 2) {
                               // wait for the held search to start, so that it is under way
                               std::unique_lock lock(record.mutex);
                               record.changed.wait_for(lock, kGiveUp,
                                                       [&] { return record.shared.contains(3); });
                               throw std::runtime_error("the output failed");
                             }
                           }),
               std::runtime_error);
  EXPECT_TRUE(record.held_search_cancelled);
}

// Every built-in puzzle whose solves run side by side answers each sample so as in order, on more
// threads than the machine may have.
TEST(SideBySide, BuiltinPuzzlesAnswerTheirSamplesSideBySide) {
  const testing::TemporaryCache cache;
  std::size_t puzzles = 0;
  for (const auto& puzzle : builtin_puzzles()) {
    const auto instance = puzzle->configure({});
    if (!instance->solves_side_by_side()) continue;
    ++puzzles;
    for (const testing::Sample& sample : testing::samples_of(puzzle->info().name)) {
      std::istringstream stream(sample.input);
      io::TextInput input(stream, sample.name);
      search::SearchContext context;
      context.limits.threads = 3;
      std::string text;
      solve_input(
          *instance, input, puzzle->info().algorithms[0], context,
          [&](Solution&& solution) { text += instance->render(solution, Format::contest); });
      EXPECT_EQ(text, testing::trim_trailing_space(sample.expected)) << sample.name;
    }
  }
  EXPECT_GT(puzzles, 0U) << "no built-in puzzle solves side by side";
}

}  // namespace
}  // namespace plumb::puzzle_interface
