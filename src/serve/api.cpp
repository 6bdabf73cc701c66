// The web service's JSON API (see serve/api.hpp): requests read and checked, then run through the
// puzzle interface as the command line runs them (puzzle_interface/run.hpp).
#include "serve/api.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzle_interface/builtin.hpp"
#include "plumb/puzzle_interface/render.hpp"
#include "plumb/puzzle_interface/run.hpp"

namespace plumb::serve {
namespace {

using nlohmann::json;

// A request the service refuses before running anything: a 400 with this message.
class BadRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the input is called: in an exploration's origin ("the first deal of the input"), and in
// the puzzle interface's messages ("the input:3: ..."), which api_message() turns into "line 3:
// ...".
constexpr const char* kInputName = "the input";

json option_json(const puzzle_interface::OptionSpec& spec) {
  json option = {{"name", spec.name}, {"help", spec.help}};
  if (spec.type == puzzle_interface::OptionSpec::Type::integer) {
    option["type"] = "integer";
    option["min"] = spec.min;
    option["max"] = spec.max;
    const std::optional<long long> value = io::parse_int(spec.default_value);
    option["default"] = value ? json(*value) : json(nullptr);
  } else if (spec.type == puzzle_interface::OptionSpec::Type::flag) {
    option["type"] = "flag";
    option["default"] = false;
  } else {
    option["type"] = spec.type == puzzle_interface::OptionSpec::Type::file ? "file" : "text";
    option["choices"] = spec.choices;
    option["default"] = spec.default_value.empty() ? json(nullptr) : json(spec.default_value);
  }
  return option;
}

json puzzle_json(const puzzle_interface::PuzzleInfo& info) {
  json options = json::array();
  for (const puzzle_interface::OptionSpec& spec : info.options)
    options.push_back(option_json(spec));
  return {{"name", info.name},
          {"summary", info.summary},
          {"description", info.description},
          {"dataset_noun", info.dataset_noun},
          {"options", options},
          {"algorithms", info.algorithms}};
}

// nlohmann's message for a body it cannot read, without its "[json.exception...] " prefix and with
// the text it echoes (after "last read: '" or "parsing '": the token last read, a number out of
// range, up to the end) quoted by io::quote instead: short and printable whatever the body holds.
// The rest of the message is nlohmann's own text.
std::string json_error(const json::exception& error) {
  std::string_view message = error.what();
  if (const auto prefix = message.find("] "); prefix != std::string_view::npos)
    message.remove_prefix(prefix + 2);
  for (const std::string_view opening : {"last read: '", "parsing '"}) {
    const auto echo = message.find(opening);
    if (echo == std::string_view::npos) continue;
    std::string_view echoed = message.substr(echo + opening.size());
    if (!echoed.empty() && echoed.back() == '\'') echoed.remove_suffix(1);
    return std::string(message.substr(0, echo + opening.size() - 1)) + io::quote(echoed);
  }
  return std::string(message);
}

// The request's fields, each checked for its type.
class Fields {
 public:
  explicit Fields(std::string_view body) {
    try {
      request_ = json::parse(body);
    } catch (const json::exception& error) {
      throw BadRequest(fmt::format("the body is not JSON: {}", json_error(error)));
    }
    if (!request_.is_object()) throw BadRequest("the body must be a JSON object");
    for (const auto& item : request_.items()) {
      if (std::find(kKnown.begin(), kKnown.end(), item.key()) == kKnown.end())
        throw BadRequest(fmt::format("unknown field {} (the fields: {})", io::quote(item.key()),
                                     fmt::join(kKnown, ", ")));
    }
  }

  // The text field `name`, or nothing when the request leaves it out.
  std::optional<std::string> text(const char* name) const {
    if (!request_.contains(name)) return std::nullopt;
    const json& value = request_.at(name);
    if (!value.is_string()) throw BadRequest(fmt::format("\"{}\" must be a string", name));
    return value.get<std::string>();
  }

  // The positive number `name`, or nothing when the request leaves it out.
  std::optional<double> seconds(const char* name) const {
    if (!request_.contains(name)) return std::nullopt;
    const json& value = request_.at(name);
    if (!value.is_number() || !(value.get<double>() > 0) || !std::isfinite(value.get<double>()))
      throw BadRequest(fmt::format("\"{}\" must be a number of seconds above 0", name));
    return value.get<double>();
  }

  // The seed `name`, an integer from 0 to 2^64 - 1, or nothing when the request leaves it out.
  std::optional<std::uint64_t> seed(const char* name) const {
    if (!request_.contains(name)) return std::nullopt;
    const json& value = request_.at(name);
    if (value.is_number_unsigned()) return value.get<std::uint64_t>();
    if (value.is_number_integer() && value.get<std::int64_t>() >= 0)
      return static_cast<std::uint64_t>(value.get<std::int64_t>());
    throw BadRequest(fmt::format("\"{}\" must be an integer from 0 to 2^64 - 1", name));
  }

  // "options": each one the puzzle declares, its value a string or an integer, as text.
  puzzle_interface::OptionValues options(const puzzle_interface::PuzzleInfo& puzzle) const {
    puzzle_interface::OptionValues values;
    if (!request_.contains("options")) return values;
    const json& given = request_.at("options");
    if (!given.is_object())
      throw BadRequest("\"options\" must be an object such as {\"suits\": 4}");
    for (const auto& item : given.items()) {
      const std::string& name = item.key();
      if (std::none_of(
              puzzle.options.begin(), puzzle.options.end(),
              [&](const puzzle_interface::OptionSpec& spec) { return spec.name == name; })) {
        throw BadRequest(fmt::format("{} has no option {} (GET /api/puzzles lists them)",
                                     puzzle.name, io::quote("--" + name)));
      }
      const json& value = item.value();
      const puzzle_interface::OptionSpec& spec =
          *std::ranges::find(puzzle.options, name, &puzzle_interface::OptionSpec::name);
      if (spec.type == puzzle_interface::OptionSpec::Type::file && value.is_string() &&
          value.get<std::string>().find('\n') == std::string::npos &&
          std::ranges::find(spec.choices, value.get<std::string>()) == spec.choices.end()) {
        throw BadRequest(
            fmt::format("option {} takes a file's text (with its line breaks) or one "
                        "of {}, not a file's name",
                        io::quote(name), fmt::join(spec.choices, ", ")));
      }
      if (spec.type == puzzle_interface::OptionSpec::Type::flag) {
        if (!value.is_boolean())
          throw BadRequest(fmt::format("option {} must be true or false", io::quote(name)));
        values.emplace(name, value.dump());
      } else if (value.is_string()) {
        values.emplace(name, value.get<std::string>());
      } else if (value.is_number_integer()) {
        values.emplace(name, value.dump());
      } else {
        throw BadRequest(fmt::format("option {} must be a string or an integer", io::quote(name)));
      }
    }
    return values;
  }

 private:
  static constexpr std::array<std::string_view, 8> kKnown{
      "puzzle", "input", "options", "algo", "format", "time_limit", "seed", "progress"};
  json request_;
};

// Whether `id` may name a search to watch: what GET /api/progress/ID routes.
bool is_progress_id(std::string_view id) {
  return !id.empty() && id.size() <= kProgressIdLength &&
         std::all_of(id.begin(), id.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
         });
}

// A request read and checked, its instance configured: ready to run.
struct Job {
  const puzzle_interface::Puzzle* puzzle = nullptr;
  std::unique_ptr<puzzle_interface::Instance> instance;
  std::optional<std::string> input;
  std::optional<std::uint64_t> seed;
  std::optional<std::string> progress;  // the id to watch the search by (GET /api/progress/ID)
  std::string algorithm;
  puzzle_interface::Format format = puzzle_interface::Format::json;
  double seconds = 0;
};

// The failure's message as the service says it: "line 2: ..." for the program's "FILE:2: ...", the
// line also in its own field; "WHAT" for "FILE: WHAT".
std::string api_message(const puzzle_interface::Failure& failure) {
  if (failure.source != kInputName) return failure.message;
  const std::string located = failure.line > 0 ? fmt::format("{}:{}: ", kInputName, failure.line)
                                               : fmt::format("{}: ", kInputName);
  if (failure.message.rfind(located, 0) != 0) return failure.message;
  const std::string what = failure.message.substr(located.size());
  return failure.line > 0 ? fmt::format("line {}: {}", failure.line, what) : what;
}

// The status a failure of the puzzle interface's answers with.
int http_status(puzzle_interface::ExitCode code) {
  switch (code) {
    case puzzle_interface::ExitCode::bad_input:
      return kBadRequest;
    case puzzle_interface::ExitCode::limit:
      return kLimitReached;
    default:
      return kServerFailed;
  }
}

// The request in `body` read and checked against the puzzles, its instance configured.
Job job_of(Action action, std::string_view body,
           const std::vector<std::unique_ptr<puzzle_interface::Puzzle>>& puzzles,
           const ApiLimits& limits) {
  const Fields fields(body);
  Job job;
  const std::optional<std::string> name = fields.text("puzzle");
  if (!name) throw BadRequest("\"puzzle\" is missing (GET /api/puzzles lists the puzzles)");
  const auto found = std::find_if(puzzles.begin(), puzzles.end(),
                                  [&](const auto& puzzle) { return puzzle->info().name == *name; });
  if (found == puzzles.end())
    throw BadRequest(
        fmt::format("no puzzle named {} (GET /api/puzzles lists them)", io::quote(*name)));
  job.puzzle = found->get();
  const std::string format = fields.text("format").value_or("json");
  if (!puzzle_interface::format_named(format))
    throw BadRequest(fmt::format("no format named {}: contest, pretty or json", io::quote(format)));
  job.format = *puzzle_interface::format_named(format);
  job.algorithm =
      puzzle_interface::chosen_algorithm(job.puzzle->info(), fields.text("algo").value_or(""));
  job.input = fields.text("input");
  if (action != Action::explore && action != Action::scramble && !job.input)
    throw BadRequest("\"input\" is missing");
  if (action == Action::scramble && job.input)
    throw BadRequest("a scramble takes no \"input\": it deals one");
  job.seed = fields.seed("seed");
  if (job.seed && action != Action::scramble)
    throw BadRequest("\"seed\" is for POST /api/scramble alone");
  job.progress = fields.text("progress");
  if (job.progress && action == Action::read)
    throw BadRequest("\"progress\" watches a search, and POST /api/read runs none");
  if (job.progress && !is_progress_id(*job.progress)) {
    throw BadRequest(
        fmt::format("\"progress\" must be an id of 1 to {} letters, digits, '-' or "
                    "'_', not {}",
                    kProgressIdLength, io::quote(*job.progress)));
  }
  job.seconds =
      std::min(fields.seconds("time_limit").value_or(limits.default_seconds), limits.max_seconds);
  job.instance = job.puzzle->configure(fields.options(job.puzzle->info()));
  job.instance->set_path_recording(job.format == puzzle_interface::Format::contest ||
                                           action == Action::distance
                                       ? puzzle_interface::PathRecording::length
                                       : puzzle_interface::PathRecording::full);
  return job;
}

}  // namespace

Api::Api(const ApiLimits& limits, std::shared_ptr<const Databases> databases)
    : limits_(limits),
      databases_(std::move(databases)),
      puzzles_(puzzle_interface::builtin_puzzles(databases_)),
      admission_(limits.running, limits.waiting) {}

Reply Api::puzzles() const {
  json list = json::array();
  for (const auto& puzzle : puzzles_) list.push_back(puzzle_json(puzzle->info()));
  return {200,
          {{"puzzles", list},
           {"time_limit", std::min(limits_.default_seconds, limits_.max_seconds)},
           {"max_time_limit", limits_.max_seconds},
           {"databases", databases_ ? databases_->states() : json::array()}}};
}

Reply Api::progress(const std::string& id) const {
  const std::optional<search::SearchStats> stats = progress_.latest(id);
  if (!stats) {
    return {kNotFound,
            {{"error",
              fmt::format("no search is watched as {}: it ended, or never began", io::quote(id))}}};
  }
  return {200,
          {{"progress", id},
           {"depth", stats->depth},
           {"expanded", stats->expanded},
           {"generated", stats->generated},
           {"seconds", stats->seconds},
           {"done", stats->done}}};
}

Reply Api::run(Action action, std::string_view body, search::SearchContext request) {
  const StopSwitch::Registration registration = stop_switch_.enter(request);
  json answer = json::object();  // the answers so far
  try {
    const Job job = job_of(action, body, puzzles_, limits_);
    std::istringstream text(job.input.value_or(""));
    io::TextInput input(text, kInputName);
    if (job.input) puzzle_interface::expect_dataset(input);
    if (action == Action::read) {  // no search: no place in the admission queue either
      json& descriptions = answer["datasets"] = json::array();
      puzzle_interface::describe_input(*job.instance, input, [&](json&& description) {
        descriptions.push_back(std::move(description));
      });
      return {200, answer};
    }

    const std::optional<ProgressBoard::Watch> watch =
        job.progress ? progress_.watch(*job.progress, request) : std::nullopt;
    if (job.progress && !watch) {
      throw BadRequest(
          fmt::format("\"progress\": {} watches a search already", io::quote(*job.progress)));
    }
    const std::optional<Admission::Ticket> ticket = admission_.enter(request);
    if (!ticket && stop_switch_.pulled()) return {kBusy, {{"error", kStopping}}};
    if (!ticket) {
      return {kBusy,
              {{"error", fmt::format("busy: {} searches are running and {} waiting; try again "
                                     "shortly",
                                     admission_.running(), admission_.waiting())}}};
    }
    request.limits.max_seconds = job.seconds;
    request.limits.max_memory_bytes = limits_.max_memory_bytes;
    request.limits.threads = 1;  // the service runs several searches at once instead

    if (action == Action::scramble) {
      const std::uint64_t seed = job.seed.value_or(std::random_device()());
      answer["input"] = job.instance->scramble(seed, request);
      answer["seed"] = seed;
    } else if (action == Action::distance) {
      json& answers = answer["results"] = json::array();
      puzzle_interface::solve_input(
          *job.instance, input, job.algorithm, request,
          [&](const puzzle_interface::Solution& solution) {
            answers.push_back({{"dataset", solution.dataset},
                               {"line", solution.line},
                               {"status", puzzle_interface::solution_status(solution)},
                               {"distance", solution.length ? json(*solution.length) : json()}});
          });
    } else if (action == Action::solve) {
      const bool as_json = job.format == puzzle_interface::Format::json;
      json& answers = answer[as_json ? "results" : "output"];
      answers = as_json ? json::array() : json("");
      puzzle_interface::solve_input(*job.instance, input, job.algorithm, request,
                                    [&](const puzzle_interface::Solution& solution) {
                                      if (as_json)
                                        answers.push_back(job.instance->to_json(solution));
                                      else
                                        answers.get_ref<std::string&>() +=
                                            job.instance->render(solution, job.format);
                                    });
    } else {
      const puzzle_interface::Exploration exploration =
          puzzle_interface::explore_input(*job.instance, job.input ? &input : nullptr, request);
      if (job.format == puzzle_interface::Format::json)
        answer["result"] = job.instance->to_json(exploration);
      else
        answer["output"] = job.instance->render(exploration, job.format);
    }
    return {200, answer};
  } catch (const BadRequest& refused) {
    return {kBadRequest, {{"error", refused.what()}}};
  } catch (const DatabaseNotReady& building) {
    return {kBusy,
            {{"status", "building"}, {"error", building.what()}, {"building", building.building()}},
            building.retry_after_seconds()};
  } catch (...) {
    const puzzle_interface::Failure failure = puzzle_interface::current_failure();
    if (failure.status == puzzle_interface::ExitCode::limit && stop_switch_.pulled()) {
      answer["error"] = kStopping;
      return {kBusy, answer};
    }
    answer["error"] = api_message(failure);
    if (failure.line > 0) answer["line"] = failure.line;
    answer["exit_status"] = puzzle_interface::status(failure.status);
    return {http_status(failure.status), answer};
  }
}

}  // namespace plumb::serve
