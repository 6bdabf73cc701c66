// Running a puzzle over an input and naming its failures, for every front end (see
// puzzle_interface/run.hpp).
#include "plumb/puzzle_interface/run.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <new>

#include "plumb/io/counted.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/puzzle_interface/options.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzle_interface {
namespace {

// How a message begins for what stopped the work: "interrupted", "stopped by the time limit".
std::string stopped_by(search::StopReason reason) {
  if (reason == search::StopReason::cancelled) return "interrupted";
  return fmt::format("stopped by the {}", search::to_string(reason));
}

// After the last dataset: nothing but white space.
void expect_end(io::TextInput& input) {
  if (!input.only_blank_left()) input.fail("input continues after the last dataset");
}

}  // namespace

LimitReached::LimitReached(const search::SearchStats& stats)
    : std::runtime_error(fmt::format("{} after {:.1f} s and {} expanded states",
                                     stopped_by(stats.reason), stats.seconds,
                                     io::human_count(static_cast<double>(stats.expanded)))),
      stats_(stats) {}

LimitReached::LimitReached(search::StopReason reason, const io::ReadProgress& read)
    : std::runtime_error(fmt::format(
          "{} while reading line {} of {}{}", stopped_by(reason), read.line, read.input,
          read.bytes == 0 ? std::string()
                          : fmt::format(" (its buffer would grow to {})",
                                        io::human_bytes(static_cast<double>(read.bytes))))) {
  stats_.reason = reason;
}

io::ReadLimits read_limits(std::size_t max_line_bytes, const search::SearchContext& context) {
  return {
      max_line_bytes, [context](const io::ReadProgress& read) {
        if (context.cancelled()) throw LimitReached(search::StopReason::cancelled, read);
        const std::uint64_t limit = context.limits.max_memory_bytes;
        if (read.bytes != 0 && limit != 0 && search::resident_memory_bytes() + read.bytes > limit)
          throw LimitReached(search::StopReason::memory_limit, read);
      }};
}

std::optional<Format> format_named(std::string_view name) {
  if (name == "contest") return Format::contest;
  if (name == "pretty") return Format::pretty;
  if (name == "json") return Format::json;
  return std::nullopt;
}

std::string chosen_algorithm(const PuzzleInfo& info, std::string_view requested) {
  std::string algorithm(requested.empty() ? std::string_view(info.algorithms.front()) : requested);
  algorithm_index(info, algorithm);
  return algorithm;
}

void expect_dataset(io::TextInput& input) {
  if (input.only_blank_left()) input.fail_at(0, "the input is empty: expected a dataset");
}

void solve_input(const Instance& instance, io::TextInput& input, std::string_view algorithm,
                 const search::SearchContext& context,
                 const std::function<void(Solution&&)>& answer) {
  const auto reader = instance.read(input);
  while (const std::optional<Dataset> dataset = reader->next()) {
    Solution solution = instance.solve(*dataset, algorithm, context);
    if (search::is_limit(solution.stats.reason)) throw LimitReached(solution.stats);
    answer(std::move(solution));
  }
  expect_end(input);
}

void describe_input(const Instance& instance, io::TextInput& input,
                    const std::function<void(nlohmann::json&&)>& description) {
  const auto reader = instance.read(input);
  while (const std::optional<Dataset> dataset = reader->next())
    description(instance.describe(*dataset));
  expect_end(input);
}

Exploration explore_input(const Instance& instance, io::TextInput* input,
                          const search::SearchContext& context) {
  std::optional<Dataset> start;
  if (input != nullptr) {
    start = instance.read(*input)->next();
    if (!start) input->fail("no dataset to explore from");
  }
  Exploration exploration = instance.explore(start ? &*start : nullptr, context);
  if (search::is_limit(exploration.stats.reason)) throw LimitReached(exploration.stats);
  return exploration;
}

Failure current_failure() {
  Failure failure;
  try {
    throw;
  } catch (const io::InputError& error) {
    failure.message = error.located();
    failure.line = error.line();
    failure.source = error.file();
  } catch (const UsageError& error) {
    failure.message = fmt::format("--{}: {}", error.option(), error.what());
    failure.option = error.option();
  } catch (const LimitReached& stop) {
    failure.status = ExitCode::limit;
    failure.message = stop.what();
    failure.limit = stop.stats().reason;
  } catch (const io::EnvironmentError& error) {
    failure.status = ExitCode::environment;
    failure.message = error.what();
  } catch (const std::filesystem::filesystem_error& error) {
    failure.status = ExitCode::environment;
    failure.message = error.what();
  } catch (const std::bad_alloc&) {
    failure.status = ExitCode::environment;
    failure.message = "out of memory";
  }
  return failure;
}

}  // namespace plumb::puzzle_interface
