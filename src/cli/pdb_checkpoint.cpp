// The checkpoint of a `pdb solve` batch (pdb_checkpoint.hpp): its text, read back with every line
// checked, and the folder that keeps it.
#include "cli/pdb_checkpoint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <span>

#include "plumb/io/checkpoint_file.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_file.hpp"
#include "plumb/io/text_input.hpp"

namespace plumb::cli {
namespace {

constexpr std::string_view kHeader = "plumb pdb solve checkpoint ";
constexpr int kVersion = 1;

constexpr std::string_view outcome_word(InstanceOutcome outcome) {
  switch (outcome) {
    case InstanceOutcome::solved:
      return "solved";
    case InstanceOutcome::wrong:
      return "wrong";
    case InstanceOutcome::stopped:
      return "stopped";
  }
  return "";
}

std::optional<InstanceOutcome> outcome_of(std::string_view word) {
  for (InstanceOutcome outcome :
       {InstanceOutcome::solved, InstanceOutcome::wrong, InstanceOutcome::stopped}) {
    if (word == outcome_word(outcome)) return outcome;
  }
  return std::nullopt;
}

// A line's free text as the file keeps it: on one line, whatever its bytes.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', '?');
  return text;
}

// Above every optimal length of the puzzles pdb solve has sets for (the 24-puzzle's are at most
// 208): a bound read back above it cannot be one a search reached.
constexpr Cost kMaxBound = 255;

// The most bytes a record of one instance takes in the file: its words and its output line, whose
// verdict is a short fixed text.
constexpr std::uint64_t kMaxRecordBytes = 1024;

// Throws unless the values a record keeps could have been written: seconds finite and not negative,
// a line of printable text, counts whose running totals (`total`, over the batch) do not wrap.
void check_record(const std::filesystem::path& path, const search::SearchStats& stats,
                  std::string_view line, search::SearchStats& total) {
  if (!std::isfinite(stats.seconds) || stats.seconds < 0)
    throw io::damaged_checkpoint(path, fmt::format("{} seconds", stats.seconds));
  if (std::any_of(line.begin(), line.end(), [](char c) { return c < ' ' || c > '~'; }))
    throw io::damaged_checkpoint(path, "a line that is not printable text");
  for (auto [sum, add] :
       {std::pair{&total.expanded, stats.expanded}, std::pair{&total.generated, stats.generated}}) {
    if (__builtin_add_overflow(*sum, add, sum))
      throw io::damaged_checkpoint(path, fmt::format("a count of {} overflows the totals", add));
  }
}

// The file's line (from 1) that keeps the record of the instance at `index`: after the header, set,
// batch and astar-states lines.
std::size_t record_line(std::size_t index) {
  return index + 5;
}

// Throws unless `done`, the record on the file's line `at`, is the one a run writes for `instance`.
void check_finished(const FinishedInstance& done, const InstanceFacts& instance, bool astar_column,
                    const std::filesystem::path& path, std::size_t at) {
  const std::string_view line = done.line;
  std::vector<std::string_view> words;
  for (std::size_t word = 0, space = 0; word <= line.size(); word = space + 1) {
    space = std::min(line.find(' ', word), line.size());
    words.push_back(line.substr(word, space - word));
  }
  const auto refuse = [&](std::string_view why) {
    return io::damaged_checkpoint(
        path, fmt::format("line {}: the record of instance {} (published length {}) {}: {}", at,
                          instance.id, instance.length, why, io::quote(line)));
  };
  const std::size_t columns = astar_column ? 8 : 7;
  if (words.size() < columns) throw refuse("has too few columns");
  if (words[0] != fmt::format("{}", instance.id) ||
      words[2] != fmt::format("{}", instance.length)) {
    throw refuse("names another instance");
  }
  Cost length = 0, root_bound = 0;
  std::uint64_t stored = 0;
  const bool found = io::parse_number(words[1], length);
  const std::string_view verdict = line.substr(
      std::min(line.size(), static_cast<std::size_t>(words[columns - 1].end() - line.begin()) + 1));
  const bool as_its_outcome = done.outcome == InstanceOutcome::solved
                                  ? found && length == instance.length && verdict.empty()
                              : done.outcome == InstanceOutcome::stopped
                                  ? words[1] == "-" && verdict.starts_with("stopped: ")
                                  : (found || words[1] == "-") && verdict.starts_with("MISMATCH: ");
  if (!as_its_outcome)
    throw refuse(fmt::format("is not that of a {} one", outcome_word(done.outcome)));
  if (!io::parse_number(words[3], root_bound) || root_bound > instance.most_bound ||
      (done.outcome == InstanceOutcome::solved &&
       (root_bound < instance.least_bound || root_bound > length))) {
    throw refuse("has a root bound its board cannot have");
  }
  if (words[4] != fmt::format("{}", done.stats.expanded) ||
      words[5] != fmt::format("{}", done.stats.generated) ||
      words[6] != fmt::format("{:.4f}", done.stats.seconds) ||
      (astar_column && !io::parse_number(words[7], stored))) {
    throw refuse("does not show the counts and seconds it keeps");
  }
}

std::string describe(const BatchIdentity& batch) {
  return fmt::format(
      "{} on {} ({} instances{})", batch.set, batch.file, batch.instances,
      batch.astar_states == 0 ? "" : fmt::format(", --astar-states {}", batch.astar_states));
}

}  // namespace

std::uint64_t batch_fingerprint(const std::vector<long long>& ids,
                                const std::vector<long long>& lengths,
                                const std::vector<std::vector<std::uint8_t>>& boards) {
  std::uint64_t fingerprint = io::checksum64(std::as_bytes(std::span(ids)));
  fingerprint = io::checksum64(std::as_bytes(std::span(lengths)), fingerprint);
  for (const std::vector<std::uint8_t>& board : boards)
    fingerprint = io::checksum64(std::as_bytes(std::span(board)), fingerprint);
  return fingerprint;
}

std::string batch_checkpoint_text(const BatchCheckpoint& checkpoint) {
  const BatchIdentity& batch = checkpoint.batch;
  std::string text = fmt::format("{}{}\nset {}\nbatch {} {:016x} {}\nastar-states {}\n", kHeader,
                                 kVersion, one_line(batch.set), batch.instances, batch.fingerprint,
                                 one_line(batch.file), batch.astar_states);
  for (const FinishedInstance& done : checkpoint.finished) {
    text += fmt::format("done {} {} {} {} {}\n", outcome_word(done.outcome), done.stats.expanded,
                        done.stats.generated, done.stats.seconds, one_line(done.line));
  }
  if (const auto& progress = checkpoint.in_progress) {
    text +=
        fmt::format("bound {} {} {} {} {}\n", progress->bound, progress->stats.expanded,
                    progress->stats.generated, progress->stats.iterations, progress->stats.seconds);
  }
  return io::with_checksum_line(std::move(text));
}

BatchCheckpoint parse_batch_checkpoint(std::string_view text, const std::filesystem::path& path) {
  if (!text.starts_with(kHeader)) {
    throw io::EnvironmentError(
        fmt::format("{} is not the checkpoint of a plumb pdb solve batch", path.string()));
  }
  const std::string_view version =
      text.substr(kHeader.size(), text.find('\n') - std::min(text.find('\n'), kHeader.size()));
  if (int number = 0; io::parse_number(version, number) && number != kVersion) {
    throw io::EnvironmentError(
        fmt::format("{} is a checkpoint of version {}, written by another version of plumb, "
                    "which this one cannot read (it reads version {} only): start the batch again",
                    path.string(), number, kVersion));
  }
  const std::optional<std::string_view> body = io::checksummed_body(text);
  if (!body) throw io::damaged_checkpoint(path, "a bad checksum");
  if (version != fmt::format("{}", kVersion)) throw io::damaged_checkpoint(path, "not as written");
  // Words: "set NAME", "batch COUNT FINGERPRINT FILE...", "done OUTCOME E G S LINE...".
  constexpr std::size_t kLineFrom = 5;
  const std::vector<std::vector<std::string_view>> lines = io::checkpoint_lines(*body, kLineFrom);
  const auto is = [&](std::size_t line, std::string_view word, std::size_t least_words) {
    return line < lines.size() && lines[line].size() >= least_words && lines[line][0] == word;
  };
  BatchCheckpoint checkpoint;
  BatchIdentity& batch = checkpoint.batch;
  bool good = is(0, "set", 2) && lines[0].size() == 2 && is(1, "batch", 4) &&
              io::parse_number(lines[1][1], batch.instances) &&
              io::parse_number(lines[1][2], batch.fingerprint, 16) && is(2, "astar-states", 2) &&
              lines[2].size() == 2 && io::parse_number(lines[2][1], batch.astar_states);
  if (good) {
    batch.set = lines[0][1];
    const std::string_view batch_line = lines[1][3];
    batch.file = std::string(batch_line.begin(), lines[1].back().end());
  }
  std::size_t line = 3;
  for (; good && is(line, "done", kLineFrom + 1); ++line) {
    const std::vector<std::string_view>& words = lines[line];
    FinishedInstance& done = checkpoint.finished.emplace_back();
    const std::optional<InstanceOutcome> outcome = outcome_of(words[1]);
    good = outcome && io::parse_number(words[2], done.stats.expanded) &&
           io::parse_number(words[3], done.stats.generated) &&
           io::parse_number(words[4], done.stats.seconds) && words.size() == kLineFrom + 1;
    done.outcome = outcome.value_or(InstanceOutcome::solved);
    done.line = words[kLineFrom];
  }
  if (good && is(line, "bound", 6) && lines[line].size() == 6) {
    const std::vector<std::string_view>& words = lines[line++];
    InstanceInProgress& progress = checkpoint.in_progress.emplace();
    good = io::parse_number(words[1], progress.bound) &&
           io::parse_number(words[2], progress.stats.expanded) &&
           io::parse_number(words[3], progress.stats.generated) &&
           io::parse_number(words[4], progress.stats.iterations) &&
           io::parse_number(words[5], progress.stats.seconds);
  }
  if (!good || line != lines.size()) throw io::damaged_checkpoint(path, "not as written");
  search::SearchStats total;
  for (const FinishedInstance& done : checkpoint.finished)
    check_record(path, done.stats, done.line, total);
  if (checkpoint.in_progress) {
    const InstanceInProgress& progress = *checkpoint.in_progress;
    if (progress.bound < 1 || progress.bound > kMaxBound) {
      throw io::damaged_checkpoint(
          path, fmt::format("bound {} is not between 1 and {}", progress.bound, kMaxBound));
    }
    check_record(path, progress.stats, "", total);
  }
  const std::size_t begun = checkpoint.finished.size() + (checkpoint.in_progress ? 1 : 0);
  if (begun > batch.instances)
    throw io::damaged_checkpoint(path, "more instances than its batch has");
  return checkpoint;
}

void check_against_instances(const BatchCheckpoint& checkpoint,
                             std::span<const InstanceFacts> instances,
                             const std::filesystem::path& path) {
  const std::size_t finished = checkpoint.finished.size();
  if (finished + (checkpoint.in_progress ? 1 : 0) > instances.size())
    throw io::damaged_checkpoint(path, "more instances than its batch has");
  for (std::size_t i = 0; i < finished; ++i) {
    check_finished(checkpoint.finished[i], instances[i], checkpoint.batch.astar_states != 0, path,
                   record_line(i));
  }
  if (checkpoint.in_progress) {
    const Cost bound = checkpoint.in_progress->bound;
    const InstanceFacts& instance = instances[finished];
    if (bound < instance.least_bound || bound > instance.most_bound) {
      throw io::damaged_checkpoint(
          path, fmt::format("line {}: bound {} is not one a search of instance {} can reach "
                            "(between {} and {})",
                            record_line(finished), bound, instance.id, instance.least_bound,
                            instance.most_bound));
    }
  }
}

void BatchCheckpointFolder::write(const BatchCheckpoint& checkpoint) {
  const std::string text = batch_checkpoint_text(checkpoint);
  io::write_file_atomically(folder_, file(), std::as_bytes(std::span(text.data(), text.size())));
  ++writes_;
  static const char* const crash = std::getenv("PLUMB_CRASH_AFTER_CHECKPOINT");
  if (crash != nullptr && std::to_string(writes_) == crash) std::raise(SIGKILL);
}

BatchCheckpoint BatchCheckpointFolder::read(const BatchIdentity& batch,
                                            std::span<const InstanceFacts> instances) const {
  io::expect_checkpoint(folder_, file(), "batch file");
  // Checked before it is read: a file larger than the batch's records can take is not read whole.
  const std::uint64_t most =
      (batch.instances + 5) * kMaxRecordBytes + batch.set.size() + batch.file.size();
  const std::vector<std::byte> bytes = io::read_regular_file(file(), [&](std::uint64_t size) {
    if (size > most) {
      throw io::EnvironmentError(
          fmt::format("the checkpoint file {} is too large ({} bytes; a batch of {} instances "
                      "takes at most {})",
                      file().string(), size, batch.instances, most));
    }
  });
  BatchCheckpoint checkpoint = parse_batch_checkpoint(
      std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), file());
  if (!(checkpoint.batch == batch)) {
    throw io::EnvironmentError(
        fmt::format("{} holds the checkpoint of another batch, {}, not of {}: resume it with the "
                    "same SET, FILE and --astar-states, or start again with --checkpoint",
                    folder_.string(), describe(checkpoint.batch), describe(batch)));
  }
  check_against_instances(checkpoint, instances, file());
  return checkpoint;
}

BatchRecorder::BatchRecorder(const std::string& folder, bool resume, BatchIdentity batch,
                             std::span<const InstanceFacts> instances, bool writer) {
  checkpoint_.batch = std::move(batch);
  if (folder.empty()) return;
  if (writer) lock_.emplace(folder, !resume);
  BatchCheckpointFolder kept(folder);
  if (resume) checkpoint_ = kept.read(checkpoint_.batch, instances);
  if (writer) folder_ = std::move(kept);
  keep();  // at once: a folder that cannot be written fails the batch before any search
}

search::Deepening BatchRecorder::start_instance() {
  started_ = std::chrono::steady_clock::now();
  earlier_ = {};
  search::Deepening deepening;
  if (checkpoint_.in_progress) {
    deepening.first_bound = checkpoint_.in_progress->bound;
    earlier_ = checkpoint_.in_progress->stats;
  }
  deepening.after_iteration = [this, ran = search::SearchStats{}](
                                  Cost next_bound, const search::SearchStats& iteration) mutable {
    ran.expanded += iteration.expanded;
    ran.generated += iteration.generated;
    ran.iterations += 1;
    InstanceInProgress& progress = checkpoint_.in_progress.emplace();
    progress.bound = next_bound;
    progress.stats.expanded = earlier_.expanded + ran.expanded;
    progress.stats.generated = earlier_.generated + ran.generated;
    progress.stats.iterations = earlier_.iterations + ran.iterations;
    progress.stats.seconds =
        earlier_.seconds +
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    keep();
  };
  return deepening;
}

void BatchRecorder::add_earlier_iterations(search::SearchStats& stats) const {
  stats.expanded += earlier_.expanded;
  stats.generated += earlier_.generated;
  stats.seconds += earlier_.seconds;
}

void BatchRecorder::finish_instance(InstanceOutcome outcome, const search::SearchStats& stats,
                                    std::string line) {
  search::SearchStats counted;
  counted.expanded = stats.expanded;
  counted.generated = stats.generated;
  counted.seconds = stats.seconds;
  checkpoint_.finished.push_back({outcome, counted, std::move(line)});
  checkpoint_.in_progress.reset();
  keep();
}

void BatchRecorder::keep() {
  if (folder_) folder_->write(checkpoint_);
}

}  // namespace plumb::cli
