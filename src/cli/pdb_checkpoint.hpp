// cli/pdb_checkpoint.hpp: the checkpoint of a `plumb pdb solve` batch (--checkpoint DIR, --resume
// DIR), so that a batch whose job is lost carries on where it was and ends with the same table.
//
// The folder holds one file, `batch`: a few lines of text saying which batch it is of (the set, the
// benchmark file's instances by count and fingerprint, --astar-states), each finished instance in
// order with its outcome, its statistics and the line the table printed for it, and, for the
// instance in progress, the bound its next IDA* iteration searches (every iteration below it ended
// without a solution) with the statistics of those iterations; it ends with the checksum of the
// lines before it. It is rewritten whole after each instance and each iteration, as
// io/checkpoint_file.hpp writes: a reader finds the previous state or the new one, never a part.
// Only process 0 of an MPI job writes it, and nothing in it depends on the number of processes.
//
// Reading it back trusts nothing: a file that is truncated, has a byte changed (the checksum), is
// of another version or is not as written, holds a value a run cannot write (a bound, count, time
// or line), a record that does not fit the instance of the benchmark file it stands for, or is the
// checkpoint of another batch, is an io::EnvironmentError naming the file (exit status 4), as is
// a folder or file that is missing or cannot be read or written. The writing process holds the
// folder (flock) for the batch's life: a second run on it fails at once (exit status 4, "... is in
// use by another plumb run"), before it reads or writes anything there. With
// PLUMB_CRASH_AFTER_CHECKPOINT=N set, the writing process kills itself (SIGKILL) once it has
// written the file N times: how the tests lose a batch at a chosen point.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/checkpoint_file.hpp"
#include "plumb/search/deepening.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::cli {

// What a batch is: a checkpoint resumes only the batch it was written for.
struct BatchIdentity {
  std::string set;                 // the set's name
  std::string file;                // the benchmark file as given, for messages
  std::size_t instances = 0;       // how many it holds
  std::uint64_t fingerprint = 0;   // of its instances (ids, lengths, boards): batch_fingerprint
  std::uint64_t astar_states = 0;  // --astar-states
  bool operator==(const BatchIdentity& other) const {
    return set == other.set && instances == other.instances && fingerprint == other.fingerprint &&
           astar_states == other.astar_states;
  }
};

// What the benchmark file says of one instance, and the bounds an IDA* search of it can reach: a
// checkpoint's records are checked against these.
struct InstanceFacts {
  long long id = 0;
  long long length = 0;  // the published optimal length
  Cost least_bound = 0;  // no bound is below it: the board's Manhattan distance, which every
                         // additive pattern database's value is at least
  Cost most_bound = 0;   // nor above it: the longest optimal length of a board of its size
};

enum class InstanceOutcome { solved, wrong, stopped };

struct FinishedInstance {
  InstanceOutcome outcome = InstanceOutcome::solved;
  search::SearchStats stats;  // expanded, generated and seconds, which the total adds up
  std::string line;           // the table's line for it, without its newline
};

// The instance after the finished ones, searched in part: every IDA* iteration below `bound` ended
// without a solution; `stats` counts those iterations (expanded, generated, iterations) and the
// seconds spent on the instance up to the last of them.
struct InstanceInProgress {
  Cost bound = 0;
  search::SearchStats stats;
};

struct BatchCheckpoint {
  BatchIdentity batch;
  std::vector<FinishedInstance> finished;  // the batch's first instances, in order
  std::optional<InstanceInProgress> in_progress;
};

// A fingerprint of a benchmark file's instances: each id, published length and board's cells.
std::uint64_t batch_fingerprint(const std::vector<long long>& ids,
                                const std::vector<long long>& lengths,
                                const std::vector<std::vector<std::uint8_t>>& boards);

// The checkpoint file's text, and the checkpoint read back from it (`path` names it in errors):
// throws puzzle_interface::UsageError for --resume if it is anything but what batch_checkpoint_text
// writes.
std::string batch_checkpoint_text(const BatchCheckpoint& checkpoint);
BatchCheckpoint parse_batch_checkpoint(std::string_view text, const std::filesystem::path& path);

// Throws io::EnvironmentError (damage naming `path` and the line) unless every record of
// `checkpoint` is one a run of `instances` writes: each finished instance's table line names its
// instance's id and published length, a length its outcome allows (a solved one the published
// length, a stopped one none), a root bound within the instance's bounds (and, solved, at most its
// length), the record's counts and seconds, the column --astar-states adds and no verdict but its
// outcome's; the bound of the instance in progress is within that instance's bounds.
void check_against_instances(const BatchCheckpoint& checkpoint,
                             std::span<const InstanceFacts> instances,
                             const std::filesystem::path& path);

class BatchCheckpointFolder {
 public:
  explicit BatchCheckpointFolder(std::filesystem::path folder) : folder_(std::move(folder)) {}

  std::filesystem::path file() const { return folder_ / "batch"; }
  // Replaces the file with `checkpoint` (then the crash the environment may ask for).
  void write(const BatchCheckpoint& checkpoint);
  // The checkpoint in the folder, which must be of `batch` and fit its `instances`.
  BatchCheckpoint read(const BatchIdentity& batch, std::span<const InstanceFacts> instances) const;

 private:
  std::filesystem::path folder_;
  std::uint64_t writes_ = 0;
};

// A batch's checkpoint kept as it runs, by its instances in order: what was finished before, the
// deepening of the next instance (from its recorded bound, each iteration recorded) and each
// instance's end. Without a folder it keeps nothing; a process that is not the writer (an MPI
// job's processes but 0) reads a resumed checkpoint but writes nothing.
class BatchRecorder {
 public:
  // Resuming, reads the checkpoint in `folder`, which must be of `batch` and fit its `instances`;
  // otherwise starts one there, replacing any (as `explore --checkpoint` does).
  BatchRecorder(const std::string& folder, bool resume, BatchIdentity batch,
                std::span<const InstanceFacts> instances, bool writer);

  // The instances finished before this run, to print again and count.
  const std::vector<FinishedInstance>& finished() const { return checkpoint_.finished; }
  // How the next instance's IDA* deepens: from its recorded bound if it was in progress.
  search::Deepening start_instance();
  // Adds to the next instance's statistics those of its iterations run before this run.
  void add_earlier_iterations(search::SearchStats& stats) const;
  // Records the next instance as finished, with its table line (no newline).
  void finish_instance(InstanceOutcome outcome, const search::SearchStats& stats, std::string line);

 private:
  void keep();

  std::optional<io::CheckpointFolderLock> lock_;  // the folder, held while the recorder lives
  std::optional<BatchCheckpointFolder> folder_;  // none: nothing kept
  BatchCheckpoint checkpoint_;
  search::SearchStats earlier_;  // of the next instance's iterations before this run
  std::chrono::steady_clock::time_point started_;  // the next instance's start in this run
};

}  // namespace plumb::cli
