// The sets of precomputed tables `plumb serve` keeps (see serve/databases.hpp).
#include "serve/databases.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <optional>
#include <utility>

#include "plumb/io/environment_error.hpp"
#include "plumb/puzzle_interface/run.hpp"
#include "plumb/puzzle_interface/table_sets.hpp"

namespace plumb::serve {
namespace {

// The longest Retry-After: a client comes back at least this often to show the progress.
constexpr int kMaxRetrySeconds = 10;
// The Retry-After before a build has a rate: a set loaded from the cache is ready in about that.
constexpr int kFirstRetrySeconds = 2;

// How often a held set looks for its file.
constexpr std::chrono::milliseconds kHoldPoll{20};

// A fraction as JSON shows it: to a thousandth.
double rounded(double fraction) {
  return std::round(fraction * 1000) / 1000;
}

// What the server does with its sets, said at its start: "tables: 15-7-8 from the start;
// 24-6666, views-3x3 when a request first needs one".
std::string plan(const DatabaseOptions& options) {
  const auto names = [](const std::vector<puzzle_interface::DeclaredTableSet>& sets) {
    std::vector<std::string_view> list;
    for (const puzzle_interface::DeclaredTableSet& set : sets) list.emplace_back(set.info().name);
    return fmt::format("{}", fmt::join(list, ", "));
  };
  std::string said = "tables: ";
  if (!options.sets.empty()) said += names(options.sets) + " from the start";
  if (!options.sets.empty() && !options.on_demand.empty()) said += "; ";
  if (!options.on_demand.empty())
    said += names(options.on_demand) + " when a request first needs one";
  return said;
}

// The message of the exception being handled. Call it only inside a catch block.
std::string failure_message() {
  try {
    return puzzle_interface::current_failure().message;
  } catch (const std::exception& error) {
    return error.what();
  } catch (...) {
    return "an unknown error";
  }
}

}  // namespace

Databases::Databases(DatabaseOptions options) : options_(std::move(options)) {
  context_.limits.threads = options_.threads;
  context_.limits.max_memory_bytes = options_.max_memory_bytes;
  context_.set_progress([this](const search::SearchStats& stats) { report(stats); },
                        options_.progress_interval);
  for (const puzzle_interface::DeclaredTableSet& set : options_.sets) {
    queue_.push_back(entries_.size());
    entries_.push_back({.declared = set, .state = State::queued});
  }
  for (const puzzle_interface::DeclaredTableSet& set : options_.on_demand)
    entries_.push_back({.declared = set});
}

Databases::~Databases() {
  stop();
  if (thread_.joinable()) thread_.join();
}

void Databases::start() {
  if (entries_.empty() || thread_.joinable()) return;
  if (options_.notice) options_.notice(plan(options_));
  thread_ = std::thread([this] { prepare_queued(); });
}

void Databases::stop() {
  {
    const std::lock_guard lock(mutex_);
    context_.cancel();
  }
  queued_.notify_all();
}

void Databases::prepare_queued() {
  for (;;) {
    std::size_t index = 0;
    {
      std::unique_lock lock(mutex_);
      queued_.wait(lock, [this] { return context_.cancelled() || !queue_.empty(); });
      if (context_.cancelled()) return;
      index = queue_.front();
      queue_.pop_front();
    }
    if (!prepare(index)) return;
  }
}

bool Databases::prepare(std::size_t index) {
  const std::string& title = entries_[index].declared.info().title;
  const Clock::time_point began = Clock::now();
  double seconds = 0;  // loading or building, without the hold
  try {
    std::shared_ptr<const void> set = build(index);
    if (!set) return false;  // the server stops
    seconds = std::chrono::duration<double>(Clock::now() - began).count();
    hold();
    if (context_.cancelled()) return false;
    const std::lock_guard lock(mutex_);
    entries_[index].set = std::move(set);
    entries_[index].state = State::ready;
    entries_[index].fraction = 1;
  } catch (...) {
    const std::string message = failure_message();
    {
      const std::lock_guard lock(mutex_);
      entries_[index].state = State::failed;
      entries_[index].failure = message;
    }
    if (options_.notice)
      options_.notice(fmt::format("cannot build {}: {}", title, message));
    return true;
  }
  if (options_.notice) options_.notice(fmt::format("ready: {} ({:.1f} s)", title, seconds));
  return true;
}

std::shared_ptr<const void> Databases::build(std::size_t index) {
  const puzzle_interface::DeclaredTableSet& declared = entries_[index].declared;
  const std::vector<double>& part_work = declared.info().part_work;
  {
    const std::lock_guard lock(mutex_);
    current_ = index;
    entries_[index].state = State::building;
    entries_[index].started = Clock::now();
    work_done_ = 0;
    work_total_ = 0;
    for (const double work : part_work) work_total_ += work;
  }
  const std::unique_ptr<puzzle_interface::TableAssembly> assembly =
      declared.tables->assemble(declared.index);
  for (std::size_t part = 0; part < part_work.size(); ++part) {
    {
      const std::lock_guard lock(mutex_);
      work_now_ = part_work[part];
    }
    search::SearchStats stats;
    if (!assembly->add_part(part, context_, options_.threads, stats)) {
      if (context_.cancelled()) return nullptr;
      throw puzzle_interface::LimitReached(stats);  // the memory limit, the only other that applies
    }
    const std::lock_guard lock(mutex_);
    work_done_ += work_now_;
    work_now_ = 0;
    entries_[index].fraction = work_done_ / work_total_;
  }
  return assembly->finish();
}

void Databases::report(const search::SearchStats& stats) {
  {
    const std::lock_guard lock(mutex_);
    Entry& entry = entries_[current_];
    // At most 99% before the set is whole: the estimate of the work is only an estimate.
    const double now = std::min(static_cast<double>(stats.expanded), 0.99 * work_now_);
    entry.fraction = std::max(entry.fraction, std::min(0.99, (work_done_ + now) / work_total_));
  }
  if (options_.progress) options_.progress(stats);
}

void Databases::hold() const {
  if (options_.hold_until.empty()) return;
  std::error_code error;
  while (!std::filesystem::exists(options_.hold_until, error) && !context_.cancelled())
    std::this_thread::sleep_for(kHoldPoll);
}

int Databases::retry_after(const Entry& entry) const {
  if (entry.state != State::building || entry.fraction <= 0) return kFirstRetrySeconds;
  const double elapsed = std::chrono::duration<double>(Clock::now() - entry.started).count();
  const double left = elapsed * (1 - entry.fraction) / entry.fraction;
  return static_cast<int>(std::clamp(std::ceil(left), 1.0, double{kMaxRetrySeconds}));
}

Databases::Entry* Databases::find(std::string_view puzzle, std::string_view name) const {
  const auto found = std::find_if(entries_.begin(), entries_.end(), [&](const Entry& entry) {
    return entry.declared.puzzle == puzzle && entry.declared.info().name == name;
  });
  return found == entries_.end() ? nullptr : &*found;
}

std::shared_ptr<const void> Databases::lend(std::string_view puzzle, std::string_view name) const {
  const std::lock_guard lock(mutex_);
  Entry* entry = find(puzzle, name);
  if (entry == nullptr) return nullptr;
  const puzzle_interface::TableSetInfo& info = entry->declared.info();
  switch (entry->state) {
    case State::ready:
      return entry->set;
    case State::failed:
      throw io::EnvironmentError(
          fmt::format("{} could not be built: {}", info.title, entry->failure));
    case State::idle:
      entry->state = State::queued;
      queue_.push_back(static_cast<std::size_t>(entry - entries_.data()));
      queued_.notify_all();
      break;
    case State::queued:
    case State::building:
      break;
  }
  const std::string message = entry->state == State::queued
                                  ? fmt::format("building {}: queued", info.title)
                                  : fmt::format("building {}: {:.0f}%", info.title,
                                                std::floor(100 * entry->fraction));
  throw DatabaseNotReady(message, progress(*entry), retry_after(*entry));
}

std::shared_ptr<const void> Databases::lend_if_ready(std::string_view puzzle,
                                                     std::string_view name) const {
  const std::lock_guard lock(mutex_);
  const Entry* entry = find(puzzle, name);
  return entry != nullptr && entry->state == State::ready ? entry->set : nullptr;
}

nlohmann::json Databases::progress(const Entry& entry) {
  const puzzle_interface::TableSetInfo& info = entry.declared.info();
  return {{"database", info.name},
          {"puzzle", entry.declared.puzzle},
          {"title", info.title},
          {"board", info.serves},
          {"fraction", rounded(entry.fraction)}};
}

nlohmann::json Databases::states() const {
  constexpr const char* kStateNames[] = {"idle", "queued", "building", "ready", "failed"};
  const std::lock_guard lock(mutex_);
  nlohmann::json list = nlohmann::json::array();
  for (const Entry& entry : entries_) {
    nlohmann::json item = progress(entry);
    item["state"] = kStateNames[static_cast<int>(entry.state)];
    if (entry.state == State::failed) item["error"] = entry.failure;
    list.push_back(std::move(item));
  }
  return list;
}

}  // namespace plumb::serve
