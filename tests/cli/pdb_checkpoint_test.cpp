// The reader of `pdb solve`'s checkpoint file (cli/pdb_checkpoint.hpp), on every truncation and
// every changed byte of a written file, and on text with a good checksum that is not as written:
// each is an error naming the file, never a checkpoint read back wrong.
#include "cli/pdb_checkpoint.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "plumb/io/checkpoint_file.hpp"
#include "plumb/io/text_input.hpp"

namespace plumb::cli {
namespace {

const std::filesystem::path kPath = "ck/batch";

BatchCheckpoint example() {
  BatchCheckpoint checkpoint;
  checkpoint.batch = {"15-555", "my korf.txt", 3, 0x0123456789abcdefULL, 0};
  search::SearchStats first;
  first.expanded = 5626;
  first.generated = 11946;
  first.seconds = 0.000625;
  checkpoint.finished.push_back({InstanceOutcome::solved, first, "55 41 41 33 5626 11946 0.0006"});
  checkpoint.finished.push_back(
      {InstanceOutcome::wrong, first, "12 45 44 39 5626 11946 0.0006 MISMATCH: length"});
  InstanceInProgress& progress = checkpoint.in_progress.emplace();
  progress.bound = 51;
  progress.stats.expanded = 1297854;
  progress.stats.generated = 2546924;
  progress.stats.iterations = 4;
  progress.stats.seconds = 0.32;
  return checkpoint;
}

// What the benchmark file of example() says of its instances.
const std::vector<InstanceFacts> kFacts = {{55, 41, 27, 80}, {12, 44, 30, 80}, {82, 62, 40, 80}};

// The message parse_batch_checkpoint gives `text`, or "" if it reads it.
std::string refusal(std::string_view text) {
  try {
    parse_batch_checkpoint(text, kPath);
  } catch (const io::EnvironmentError& error) {
    return error.what();
  }
  return "";
}

TEST(PdbCheckpoint, WhatIsWrittenReadsBackTheSame) {
  const BatchCheckpoint written = example();
  const std::string text = batch_checkpoint_text(written);
  const BatchCheckpoint read = parse_batch_checkpoint(text, kPath);
  EXPECT_TRUE(read.batch == written.batch);
  EXPECT_EQ(read.batch.file, "my korf.txt");
  ASSERT_EQ(read.finished.size(), 2u);
  EXPECT_EQ(read.finished[1].outcome, InstanceOutcome::wrong);
  EXPECT_EQ(read.finished[1].line, written.finished[1].line);
  EXPECT_EQ(read.finished[0].stats.generated, 11946u);
  EXPECT_EQ(read.finished[0].stats.seconds, 0.000625);
  ASSERT_TRUE(read.in_progress.has_value());
  EXPECT_EQ(read.in_progress->bound, 51);
  EXPECT_EQ(read.in_progress->stats.iterations, 4u);
  EXPECT_EQ(batch_checkpoint_text(read), text);
  BatchCheckpoint fresh;
  fresh.batch = written.batch;
  EXPECT_EQ(batch_checkpoint_text(parse_batch_checkpoint(batch_checkpoint_text(fresh), kPath)),
            batch_checkpoint_text(fresh));
}

TEST(PdbCheckpoint, EveryTruncationIsDamageNamingTheFile) {
  const std::string text = batch_checkpoint_text(example());
  for (std::size_t size = 0; size < text.size(); ++size) {
    const std::string why = refusal(text.substr(0, size));
    EXPECT_NE(why.find(kPath.string()), std::string::npos) << size << ": " << why;
  }
}

TEST(PdbCheckpoint, EveryChangedByteIsDamageNamingTheFile) {
  const std::string text = batch_checkpoint_text(example());
  const std::string header = "plumb pdb solve checkpoint 1\n";
  for (std::size_t at = 0; at < text.size(); ++at) {
    for (const char flip : {'\x01', '\x20', '\x80'}) {
      std::string changed = text;
      changed[at] = static_cast<char>(changed[at] ^ flip);
      const std::string why = refusal(changed);
      EXPECT_NE(why.find(kPath.string()), std::string::npos) << at << ": " << why;
      if (at >= header.size()) {
        EXPECT_EQ(why, "the checkpoint file ck/batch is damaged (a bad checksum)") << at;
      }
    }
  }
}

TEST(PdbCheckpoint, TextNotAsWrittenIsRefusedWhateverItsChecksum) {
  const std::string header = "plumb pdb solve checkpoint 1\n";
  const std::string identity = "set 8-44\nbatch 2 00000000000000ab b.txt\nastar-states 0\n";
  const std::string not_as_written = "the checkpoint file ck/batch is damaged (not as written)";
  for (const std::string& body : std::vector<std::string>{
           std::string("set 8-44\n"),                                          // no batch line
           "set 8 44\nbatch 2 00000000000000ab b.txt\nastar-states 0\n",       // a set with a space
           "set 8-44\nbatch two 00000000000000ab b.txt\nastar-states 0\n",     // not a number
           identity + "done fine 1 2 0.5 1 31 31 27 1 2 0.5\n",                // no such outcome
           identity + "done solved 1 2 0.5\n",                                 // no line
           identity + "bound 31 1 2 3 0.5\nbound 33 1 2 3 0.5\n",              // two bounds
           identity + "bound 31 1 2 3 0.5\ndone solved 1 2 0.5 1 31 31 27\n",  // done after bound
           identity + "extra\n",
       }) {
    EXPECT_EQ(refusal(io::with_checksum_line(header + body)), not_as_written) << body;
  }
  EXPECT_EQ(
      refusal(io::with_checksum_line(
          header + identity + "done solved 1 2 0.5 a\ndone solved 1 2 0.5 b\nbound 3 0 0 0 0\n")),
      "the checkpoint file ck/batch is damaged (more instances than its batch has)");
  EXPECT_EQ(refusal("plumb explore checkpoint 2\n"),
            "ck/batch is not the checkpoint of a plumb pdb solve batch");
  EXPECT_NE(refusal(io::with_checksum_line("plumb pdb solve checkpoint 9\n" + identity))
                .find("is a checkpoint of version 9, written by another version of plumb"),
            std::string::npos);
  // A version that is not a number is no other version's: the file is not as written.
  for (const std::string version : {"1x", "01", "", " 1"}) {
    EXPECT_EQ(
        refusal(io::with_checksum_line("plumb pdb solve checkpoint " + version + "\n" + identity)),
        not_as_written)
        << version;
  }
  EXPECT_EQ(refusal(io::with_checksum_line(header + identity)), "");
}

// Values in a file whose checksum is good (resealed) are checked too: each that a run cannot have
// written is damage naming the file and the value.
TEST(PdbCheckpoint, ValuesARunCannotWriteAreRefused) {
  const std::string head =
      "plumb pdb solve checkpoint 1\nset 8-44\nbatch 3 00000000000000ab b.txt\nastar-states 0\n";
  const std::string damaged = "the checkpoint file ck/batch is damaged ";
  for (const auto& [body, why] : std::vector<std::pair<std::string, std::string>>{
           {"bound 65535 1 2 3 0.5\n", "(bound 65535 is not between 1 and 255)"},
           {"bound 2147483647 1 2 3 0.5\n", "(bound 2147483647 is not between 1 and 255)"},
           {"bound 0 1 2 3 0.5\n", "(bound 0 is not between 1 and 255)"},
           {"done solved 1 2 nan 1 31 31\n", "(nan seconds)"},
           {"done solved 1 2 -1 1 31 31\n", "(-1 seconds)"},
           {"bound 31 1 2 3 inf\n", "(inf seconds)"},
           {"done solved 1 2 0.5 1 \x1b[2J 31\n", "(a line that is not printable text)"},
           {"done solved 18446744073709551615 2 0.5 a\nbound 31 1 2 3 0.5\n",
            "(a count of 1 overflows the totals)"},
       }) {
    EXPECT_EQ(refusal(io::with_checksum_line(head + body)), damaged + why) << body;
  }
  EXPECT_EQ(refusal(io::with_checksum_line(head + "done solved 1 2 0.5 a b\nbound 255 1 2 3 0\n")),
            "");
}

// The message check_against_instances gives `checkpoint` with kFacts, or "" if it fits them.
std::string misfit(const BatchCheckpoint& checkpoint) {
  try {
    check_against_instances(checkpoint, kFacts, kPath);
  } catch (const io::EnvironmentError& error) {
    return error.what();
  }
  return "";
}

// A resealed file's records must be those a run of its instances writes: a forged length, another
// instance's line, a bound the board cannot reach are damage naming the file and the line.
TEST(PdbCheckpoint, RecordsThatDoNotFitTheirInstancesAreRefused) {
  EXPECT_EQ(misfit(example()), "");
  const std::string damaged = "the checkpoint file ck/batch is damaged (line ";
  const std::string first = "5: the record of instance 55 (published length 41) ";
  const std::string second = "6: the record of instance 12 (published length 44) ";
  for (const auto& [line, why] : std::vector<std::pair<std::string, std::string>>{
           {"55 40 41 33 5626 11946 0.0006", first + "is not that of a solved one"},
           {"55 40 40 33 5626 11946 0.0006", first + "names another instance"},
           {"42 41 41 33 5626 11946 0.0006", first + "names another instance"},
           {"55 41 41 33 5626 11946", first + "has too few columns"},
           {"55 41 41 33 5626 11946 0.0006 MISMATCH: length",
            first + "is not that of a solved one"},
           {"55 41 41 90 5626 11946 0.0006", first + "has a root bound its board cannot have"},
           {"55 41 41 26 5626 11946 0.0006", first + "has a root bound its board cannot have"},
           {"55 41 41 42 5626 11946 0.0006", first + "has a root bound its board cannot have"},
           {"55 41 41 33 5627 11946 0.0006",
            first + "does not show the counts and seconds it keeps"},
           {"55 41 41 33 5626 11946 0.0007",
            first + "does not show the counts and seconds it keeps"},
       }) {
    BatchCheckpoint forged = example();
    forged.finished[0].line = line;
    EXPECT_EQ(misfit(forged), damaged + why + ": " + io::quote(line) + ")");
  }
  BatchCheckpoint stopped = example();
  stopped.finished[1].outcome = InstanceOutcome::stopped;
  EXPECT_EQ(misfit(stopped), damaged + second + "is not that of a stopped one: " +
                                 io::quote(stopped.finished[1].line) + ")");
  stopped.finished[1].line = "12 - 44 39 5626 11946 0.0006 stopped: time limit";
  EXPECT_EQ(misfit(stopped), "");
  BatchCheckpoint astar = example();
  astar.batch.astar_states = 100;
  EXPECT_EQ(misfit(astar),
            damaged + first + "has too few columns: '" + astar.finished[0].line + "')");
  astar.finished[0].line = "55 41 41 33 5626 11946 0.0006 812";
  astar.finished[1].line = "12 45 44 39 5626 11946 0.0006 812 MISMATCH: length";
  EXPECT_EQ(misfit(astar), "");
  for (const Cost bound : {39, 81, 65535}) {
    BatchCheckpoint forged = example();
    forged.in_progress->bound = bound;
    EXPECT_EQ(misfit(forged),
              damaged + fmt::format("7: bound {} is not one a search of instance 82 can reach "
                                    "(between 40 and 80))",
                                    bound));
  }
  BatchCheckpoint longer = example();
  longer.finished.push_back(longer.finished[0]);
  longer.finished.push_back(longer.finished[0]);
  EXPECT_EQ(misfit(longer),
            "the checkpoint file ck/batch is damaged (more instances than its batch has)");
}

// One run at a time writes a checkpoint folder: a second recorder on it is refused at once, naming
// it, and the folder is free again once the first is gone.
TEST(PdbCheckpoint, AFolderInUseByAnotherRunIsRefused) {
  const std::filesystem::path folder =
      std::filesystem::temp_directory_path() / ("plumb-pdb-in-use-" + std::to_string(::getpid()));
  std::string message;
  {
    const BatchRecorder first(folder.string(), false, example().batch, kFacts, true);
    for (const bool resume : {false, true}) {
      try {
        const BatchRecorder second(folder.string(), resume, example().batch, kFacts, true);
      } catch (const io::EnvironmentError& error) {
        message = error.what();
      }
      EXPECT_EQ(message,
                "the checkpoint folder " + folder.string() + " is in use by another plumb run");
      message.clear();
    }
    const BatchRecorder reader(folder.string(), true, example().batch, kFacts, false);
  }
  const BatchRecorder again(folder.string(), true, example().batch, kFacts, true);
  std::filesystem::remove_all(folder);
}

// A checkpoint file larger than its batch's records can take is refused by its size, unread: a
// sparse 3 GB file, which costs no disk, would otherwise be read whole.
TEST(PdbCheckpoint, AFileTooLargeForItsBatchIsRefusedUnread) {
  const std::filesystem::path folder = std::filesystem::temp_directory_path() /
                                       ("plumb-pdb-checkpoint-" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  const BatchCheckpointFolder kept(folder);
  { std::ofstream(folder / "batch").put('x'); }
  std::filesystem::resize_file(folder / "batch", 3ULL << 30);
  const auto started = std::chrono::steady_clock::now();
  std::string message;
  try {
    kept.read(example().batch, kFacts);
  } catch (const io::EnvironmentError& error) {
    message = error.what();
  }
  std::filesystem::remove_all(folder);
  EXPECT_EQ(message.find("the checkpoint file " + (folder / "batch").string() +
                         " is too large (3221225472 bytes"),
            0U)
      << message;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

}  // namespace
}  // namespace plumb::cli
