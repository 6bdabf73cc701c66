// Fuzz target: resuming an exploration from a checkpoint folder
// (plumb/search/explore_checkpoint.hpp) that may be damaged in any way. The bytes are the folder,
// file by file: a line `==> NAME` begins a file, whose bytes run to the line end before the next
// such line, or to the end of the input;
// `==> fifo:NAME` makes a FIFO and `==> dir:NAME` a directory instead (NAME of letters, digits,
// '.',
// '-' and '_'; other names are left out). A manifest whose last line is `checksum *` is given its
// true checksum: the fuzzer then reaches the checks behind it, with lines that a checksum no longer
// catches out.
//
// Two explorations resume from the folder as `plumb explore ... --resume DIR` does, each to a clean
// end or an io::EnvironmentError, anything else being a finding: the 2x3 sliding puzzle's (ranked)
// and the 2x3 gap's (hashed). They stand for the two layouts a checkpointed exploration has (a bit
// a ranked state, a hash table's states), not for the puzzles: the seeds in
// fuzz/corpus/checkpoint_fuzz are folders of these two, so that the fuzzer starts behind the
// checksums. A clean end from a folder whose checksums are the writer's own must
// give the counts of an uninterrupted exploration: a checkpoint cannot lie.
//
// The folder's `batch` file (also given its true checksum for a `checksum *` line) is read back as
// `plumb pdb solve 8-44 b.txt --resume DIR` reads it (cli/pdb_checkpoint.hpp), for a batch of three
// instances: to a checkpoint or an io::EnvironmentError; a checkpoint read back must hold only what
// a run of those instances writes (bounds they can reach, finite seconds, totals that do not wrap,
// printable lines naming their instance, a solved one with its published length).
#include <sys/stat.h>

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/pdb_checkpoint.hpp"
#include "fuzz/harness.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_file.hpp"
#include "plumb/puzzle_interface/builtin.hpp"

namespace {

namespace fs = std::filesystem;
using plumb::puzzle_interface::Exploration;

constexpr std::string_view kMark = "==> ";
constexpr std::string_view kUnsealed = "checksum *\n";

// An exploration to resume and what it finds uninterrupted.
struct Resumable {
  std::unique_ptr<plumb::puzzle_interface::Instance> instance;
  Exploration truth;
};

Resumable resumable(std::string_view name, const plumb::puzzle_interface::OptionValues& options) {
  static const auto puzzles = plumb::puzzle_interface::builtin_puzzles();
  const auto puzzle = std::find_if(puzzles.begin(), puzzles.end(),
                                   [&](const auto& p) { return p->info().name == name; });
  auto instance = (*puzzle)->configure(options);
  Exploration truth = instance->explore(nullptr, {});
  return {std::move(instance), std::move(truth)};
}

bool same_counts(const Exploration& a, const Exploration& b) {
  return a.layer_sizes == b.layer_sizes && a.stats.expanded == b.stats.expanded &&
         a.stats.generated == b.stats.generated && a.stats.duplicates == b.stats.duplicates;
}

// Where the next file of the bytes begins, looking from the start of a line; npos if nowhere.
std::size_t next_file(std::string_view bytes, std::size_t from) {
  if (bytes.substr(from).starts_with(kMark)) return from;
  const std::size_t line = bytes.find(fmt::format("\n{}", kMark), from);
  return line == std::string_view::npos ? line : line + 1;
}

// A name the harness lays out: one a file system takes (at most NAME_MAX bytes), not `.` or `..`.
bool is_file_name(std::string_view name) {
  return !name.empty() && name.size() <= NAME_MAX && name != "." && name != ".." &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '.' || c == '-' || c == '_';
         });
}

// Makes one file of the folder; returns whether it is a manifest given its true checksum.
bool make_file(const fs::path& folder, std::string_view name, std::string bytes) {
  const bool fifo = name.starts_with("fifo:"), directory = name.starts_with("dir:");
  if (fifo || directory) name.remove_prefix(name.find(':') + 1);
  if (!is_file_name(name)) return false;
  const fs::path path = folder / name;
  fs::remove_all(path);  // what an earlier line made there: a FIFO would block the writing below
  if (fifo) ::mkfifo(path.c_str(), 0600);
  if (directory) fs::create_directory(path);
  if (fifo || directory) return false;
  const bool sealed = (name == "manifest" || name == "batch") && bytes.ends_with(kUnsealed);
  if (sealed) {
    bytes.resize(bytes.size() - kUnsealed.size());
    bytes +=
        fmt::format("checksum {:016x}\n", plumb::io::checksum64(std::as_bytes(std::span(bytes))));
  }
  std::ofstream(path, std::ios::binary) << bytes;
  return sealed && name == "manifest";
}

// Lays the folder out from the bytes; returns whether a manifest was given its true checksum.
bool lay_out(std::string_view bytes, const fs::path& folder) {
  fs::remove_all(folder);
  fs::create_directories(folder);
  bool sealed = false;
  for (std::size_t at = next_file(bytes, 0); at != std::string_view::npos;) {
    const std::size_t line_end = std::min(bytes.find('\n', at), bytes.size());
    const std::string_view name = bytes.substr(at + kMark.size(), line_end - at - kMark.size());
    const std::size_t begin = std::min(line_end + 1, bytes.size());
    at = next_file(bytes, begin);
    const std::size_t end = at == std::string_view::npos ? bytes.size() : std::max(begin, at - 1);
    sealed = make_file(folder, name, std::string(bytes.substr(begin, end - begin))) || sealed;
  }
  return sealed;
}

void resume(const Resumable& exploration, const fs::path& folder, bool sealed) {
  plumb::search::SearchContext context;
  context.distribution.checkpoint = folder.string();
  context.distribution.resume = true;
  try {
    const Exploration resumed = exploration.instance->explore(nullptr, context);
    if (!sealed && !same_counts(resumed, exploration.truth))
      __builtin_trap();  // a checkpoint that lied
  } catch (const plumb::io::EnvironmentError&) {
    // a checkpoint refused, as it should be
  }
}

// The batch a `batch` file is read for, and what its benchmark file says of its instances.
const plumb::cli::BatchIdentity kBatch{"8-44", "b.txt", 3, 0xab, 0};
const std::vector<plumb::cli::InstanceFacts> kInstances = {
    {1, 20, 12, 31}, {2, 24, 14, 31}, {3, 31, 21, 31}};

// Whether `checkpoint` holds only what a run of kInstances writes.
bool could_be_written(const plumb::cli::BatchCheckpoint& checkpoint) {
  using plumb::cli::InstanceOutcome;
  std::uint64_t expanded = 0, generated = 0;
  const auto adds_up = [&](const plumb::search::SearchStats& stats) {
    return std::isfinite(stats.seconds) && stats.seconds >= 0 &&
           !__builtin_add_overflow(expanded, stats.expanded, &expanded) &&
           !__builtin_add_overflow(generated, stats.generated, &generated);
  };
  for (std::size_t i = 0; i < checkpoint.finished.size(); ++i) {
    const plumb::cli::FinishedInstance& done = checkpoint.finished[i];
    const plumb::cli::InstanceFacts& instance = kInstances.at(i);
    const bool printable = std::all_of(done.line.begin(), done.line.end(),
                                       [](char c) { return c >= ' ' && c <= '~'; });
    const std::string solved = fmt::format("{0} {1} {1} ", instance.id, instance.length);
    if (!adds_up(done.stats) || !printable ||
        !done.line.starts_with(fmt::format("{} ", instance.id)) ||
        (done.outcome == InstanceOutcome::solved && !done.line.starts_with(solved))) {
      return false;
    }
  }
  if (const auto& progress = checkpoint.in_progress) {
    const plumb::cli::InstanceFacts& instance = kInstances.at(checkpoint.finished.size());
    return adds_up(progress->stats) && progress->bound >= instance.least_bound &&
           progress->bound <= instance.most_bound;
  }
  return true;
}

void resume_batch(const fs::path& folder) {
  try {
    const plumb::cli::BatchCheckpoint read =
        plumb::cli::BatchCheckpointFolder(folder).read(kBatch, kInstances);
    if (!could_be_written(read)) __builtin_trap();  // a value taken on trust
  } catch (const plumb::io::EnvironmentError&) {
    // a checkpoint refused, as it should be
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // A resume fsyncs every layer it writes: tens of milliseconds a layer on a disk, nothing in
  // memory. The scratch directory (harness.hpp) goes to /dev/shm, unless TMPDIR says otherwise.
  if (fs::is_directory("/dev/shm")) ::setenv("TMPDIR", "/dev/shm", 0);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Resumable sliding = resumable("sliding", {{"size", "2x3"}});
  static const Resumable gap = resumable("gap", {{"suits", "2"}, {"values", "3"}});
  const fs::path folder = plumb::fuzz::scratch_directory() / "checkpoint";
  const bool sealed = lay_out(plumb::fuzz::text_of(data, size), folder);
  resume(sliding, folder, sealed);
  resume(gap, folder, sealed);
  resume_batch(folder);
  return 0;
}
