// End-to-end tests of the program when its environment or its input misbehaves
// (docs/reliability.md): a cache that cannot be used or written, a FIFO or a damaged file in a
// table's place, output that cannot be written, input that cannot be read or whose line never ends,
// and input or command-line text that must not reach a message as it is. Each run gets a fresh
// temporary cache; none may end in a crash (134, 139).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

class Faults : public ::testing::Test {
 protected:
  // Runs the program with PLUMB_CACHE at `cache` for this one run.
  ProgramRun run_with_cache(const std::filesystem::path& cache,
                            const std::vector<std::string>& args, const std::string& input = "") {
    ::setenv("PLUMB_CACHE", cache.c_str(), 1);
    ProgramRun run = run_plumb(args, input);
    ::setenv("PLUMB_CACHE", cache_.path().c_str(), 1);
    return run;
  }

  // A directory where files cannot be made: a read-only one, or for root (whom permissions do not
  // stop) a sysfs directory; empty when there is none.
  std::filesystem::path unwritable_directory() {
    if (::geteuid() == 0) {
      return std::filesystem::is_directory("/sys/fs") ? "/sys/fs" : "";
    }
    const auto directory = cache_.path() / "read-only";
    std::filesystem::create_directories(directory);
    std::filesystem::permissions(
        directory, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    return directory;
  }

  TemporaryCache cache_;
  const std::string cubic_sample_ = read_file(sample_path("cubic", "sample.in"));
  const std::string cubic_answers_ =
      trim_trailing_space(read_file(sample_path("cubic", "sample.out")));
};

// A file where the cache directory should be: the table is built in memory with one warning, the
// pdb commands that only look still work, and pdb build, which has nothing to do without the
// cache, exits 4.
TEST_F(Faults, ACacheThatIsAFileIsOneWarning) {
  if (sanitized()) GTEST_SKIP() << "builds the 3x3 cubic table";
  const auto file = cache_.path() / "a-file";
  std::ofstream(file) << "not a directory";
  const ProgramRun table =
      run_with_cache(file, {"solve", "cubic", "--algo", "table"}, cubic_sample_);
  EXPECT_EQ(table.status, 0) << table.err;
  EXPECT_EQ(trim_trailing_space(table.out), cubic_answers_);
  EXPECT_EQ(table.err, "plumb: warning: the cache directory " + file.string() +
                           " cannot be used (not a directory); tables are kept in memory for this "
                           "run only\nplumb: building the cubic top-view table of 3x3 boards "
                           "(531,441 entries; for this run only)\n");
  const ProgramRun list = run_with_cache(file, {"pdb", "list"});
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_NE(list.out.find("(cannot be used: not a directory)"), std::string::npos) << list.out;
  const ProgramRun info = run_with_cache(file, {"pdb", "info", "15-555"});
  EXPECT_EQ(info.status, 0) << info.err;
  EXPECT_NE(info.out.find("status: not built"), std::string::npos) << info.out;
  const ProgramRun build = run_with_cache(file, {"pdb", "build", "8-44"});
  EXPECT_EQ(build.status, 4);
  EXPECT_EQ(build.err, "plumb: the cache directory " + file.string() +
                           " cannot be used (not a directory): the tables are built to be kept "
                           "there; set PLUMB_CACHE to a writable directory\n");
}

// A cache that cannot be written: the pattern databases (issue #12: they were thrown away as "bad
// input") and cubic's table on a hard goal (it aborted) are kept in memory; pdb build exits 4.
TEST_F(Faults, AnUnwritableCacheKeepsTablesInMemory) {
  const std::filesystem::path directory = unwritable_directory();
  if (directory.empty()) GTEST_SKIP() << "no directory that root cannot write";
  const ProgramRun pdb = run_with_cache(
      directory, {"solve", "sliding", "--algo", "pdb", "--pdb", "8-44"}, "1 2 3 4 5 6 7 x 8\n");
  EXPECT_EQ(pdb.status, 0) << pdb.err;
  EXPECT_EQ(pdb.out, "r\n");
  EXPECT_EQ(occurrences(pdb.err, "plumb: warning: "), 1U) << pdb.err;
  EXPECT_EQ(occurrences(pdb.err, "plumb: building pattern database "), 2U) << pdb.err;
  // A 2x3 board's hardest goal (27 moves) makes auto build the table within ten datasets.
  std::string hard, answers;
  for (int i = 0; i < 10; ++i) hard += "2 2\nB E B\nB B B\n", answers += "27\n";
  const ProgramRun cubic = run_with_cache(directory, {"solve", "cubic", "--size", "2x3"}, hard);
  EXPECT_EQ(cubic.status, 0) << cubic.err;
  EXPECT_EQ(cubic.out, answers);
  EXPECT_EQ(occurrences(cubic.err, "plumb: warning: "), 1U) << cubic.err;
  EXPECT_NE(cubic.err.find("plumb: building the cubic top-view table of 2x3 boards"),
            std::string::npos)
      << cubic.err;
  const ProgramRun build = run_with_cache(directory, {"pdb", "build", "8-44"});
  EXPECT_EQ(build.status, 4);
  EXPECT_EQ(build.err.find("plumb: "), 0U) << build.err;
}

// A FIFO where a table's file should be: opening it would block for ever. It is left alone and the
// table kept in memory.
TEST_F(Faults, AFifoInATablesPlaceIsLeftAlone) {
  const auto fifo = cache_.path() / "cubic-views-2x3.tbl";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string input = "3 1\nW W E\nW W W\n3 1\nRRR\nRRE\n0 0\n";
  const ProgramRun run = run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "table"}, input);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(run.out, run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "ida"}, input).out);
  EXPECT_NE(run.err.find("plumb: warning: " + fifo.string() +
                         " is not a regular file, which plumb leaves alone"),
            std::string::npos)
      << run.err;
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
}

// Every table says when it is built, once; a damaged file is rebuilt saying why, with the same
// answers.
TEST_F(Faults, BuildsAndRebuildsAreAnnounced) {
  const std::string input = "3 1\nW W E\nW W W\n3 1\nRRR\nRRE\n0 0\n";
  const std::vector<std::string> args{"solve", "cubic", "--size", "2x3", "--algo", "table"};
  const ProgramRun first = run_plumb(args, input);
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(first.err,
            "plumb: building the cubic top-view table of 2x3 boards (8,748 entries; "
            "once, then cached in " +
                cache_.path().string() + ")\n");
  EXPECT_EQ(run_plumb(args, input).err, "");
  const auto file = cache_.path() / "cubic-views-2x3.tbl";
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      << std::string(std::filesystem::file_size(file), '\0');
  const ProgramRun rebuilt = run_plumb(args, input);
  EXPECT_EQ(rebuilt.status, 0) << rebuilt.err;
  EXPECT_EQ(rebuilt.out, first.out);
  EXPECT_EQ(rebuilt.err,
            "plumb: rebuilding the cubic top-view table of 2x3 boards (8,748 entries; "
            "once, then cached in " +
                cache_.path().string() + "): its file is damaged (not a plumb table)\n");
  const ProgramRun sliding = run_plumb({"solve", "sliding"}, "1 2 3 4 5 6 7 x 8\n");
  EXPECT_EQ(sliding.err.find("plumb: building the distance table of 3x3 boards"), 0U)
      << sliding.err;
}

// cache list shows plumb's files only; cache clear removes plumb's regular files only.
TEST_F(Faults, CacheListAndClear) {
  ASSERT_EQ(
      run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "table"}, "3 1\nW W E\nW W W\n0 0\n")
          .status,
      0);
  std::ofstream(cache_.path() / "notes.txt") << "mine";
  std::ofstream(cache_.path() / "mine.tbl") << "mine too";
  std::ofstream(cache_.path() / "cubic-views-9x9.tbl") << std::string(100, '\0');
  ASSERT_EQ(::mkfifo((cache_.path() / "sliding-distances-3x3-1.tbl").c_str(), 0600), 0);
  // Temporaries of table writes: one left by a build that was killed (no process has that id),
  // one being written by a running process (this test's).
  const std::string stale = "sliding-pdb-15-555-1.pdb.tmp2147483646";
  const std::string writing = "cubic-views-3x3.tbl.tmp" + std::to_string(::getpid());
  std::ofstream(cache_.path() / stale) << std::string(100, '\0');
  std::ofstream(cache_.path() / writing) << std::string(100, '\0');
  const ProgramRun list = run_plumb({"cache", "list"});
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(list.out.find("cache: " + cache_.path().string() + "\n"), 0U) << list.out;
  EXPECT_NE(list.out.find("cubic-views-2x3.tbl  "), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("cubic-top-views version 1: 2x3\n"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("cubic-views-9x9.tbl  "), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("damaged: not a plumb table"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("not a regular file"), std::string::npos) << list.out;
  EXPECT_EQ(list.out.find("notes.txt"), std::string::npos) << list.out;
  EXPECT_EQ(list.out.find("mine.tbl"), std::string::npos) << list.out;
  EXPECT_NE(list.out.find("an unfinished write, left by a build that was stopped"),
            std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("being written by process " + std::to_string(::getpid())),
            std::string::npos)
      << list.out;
  EXPECT_NE(list.out.find("\n5 files, "), std::string::npos) << list.out;
  EXPECT_NE(list.out.find(" 20"), std::string::npos) << list.out;  // when written: 20YY-MM-DD
  const ProgramRun clear = run_plumb({"cache", "clear", "--yes"});
  EXPECT_EQ(clear.status, 0) << clear.err;
  EXPECT_NE(clear.out.find("removed cubic-views-2x3.tbl\nremoved cubic-views-9x9.tbl\nremoved " +
                           stale + "\n"),
            std::string::npos)
      << clear.out;
  EXPECT_FALSE(std::filesystem::exists(cache_.path() / stale));
  EXPECT_TRUE(std::filesystem::exists(cache_.path() / writing));
  EXPECT_FALSE(std::filesystem::exists(cache_.path() / "cubic-views-2x3.tbl"));
  EXPECT_FALSE(std::filesystem::exists(cache_.path() / "cubic-views-9x9.tbl"));
  EXPECT_TRUE(std::filesystem::exists(cache_.path() / "notes.txt"));
  EXPECT_TRUE(std::filesystem::exists(cache_.path() / "mine.tbl"));
  EXPECT_TRUE(std::filesystem::is_fifo(cache_.path() / "sliding-distances-3x3-1.tbl"));
  EXPECT_NE(run_plumb({"cache", "list"}).out.find("\n2 files, "), std::string::npos);
}

// cache list says how long each table's build took, where the file system keeps it (a user
// extended attribute), and "-" for a file whose build time was not kept.
TEST_F(Faults, CacheListSaysHowLongEachBuildTook) {
  const std::filesystem::path probe = cache_.path() / "probe";
  std::ofstream(probe) << "probe";
  if (::setxattr(probe.c_str(), "user.plumb.probe", "1", 1, 0) != 0)
    GTEST_SKIP() << "the cache's file system keeps no user attributes";
  std::filesystem::remove(probe);
  ASSERT_EQ(
      run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "table"}, "3 1\nW W E\nW W W\n0 0\n")
          .status,
      0);
  std::filesystem::copy_file(cache_.path() / "cubic-views-2x3.tbl",
                             cache_.path() / "cubic-views-3x2.tbl");  // a copy keeps no attribute
  const std::string list = run_plumb({"cache", "list"}).out;
  // The column before what the file is, 10 wide: "0 s" for the build, "-" for the copy.
  const auto took = [&](const std::string& name) {
    const std::size_t line = list.find(name + "  ");
    const std::size_t what = list.find("  cubic-top-views", line);
    if (line == std::string::npos || what == std::string::npos || what < 10)
      return std::string("?");
    const std::string column = list.substr(what - 10, 10);
    return column.substr(std::min(column.find_first_not_of(' '), column.size()));
  };
  const std::string built = took("cubic-views-2x3.tbl");
  ASSERT_GE(built.size(), 2U) << list;
  EXPECT_EQ(built.back(), 's') << list;
  EXPECT_NE(built.find_first_of("0123456789"), std::string::npos) << list;
  EXPECT_EQ(took("cubic-views-3x2.tbl"), "-") << list;
}

// Clearing every table, some of which take minutes to build, takes --yes (or a yes at a
// terminal): without either, nothing is removed and it says so; named files go without asking.
TEST_F(Faults, CacheClearAsksBeforeRemovingEveryTable) {
  ASSERT_EQ(
      run_plumb({"solve", "cubic", "--size", "2x3", "--algo", "table"}, "3 1\nW W E\nW W W\n0 0\n")
          .status,
      0);
  const ProgramRun sliding = run_plumb({"solve", "sliding"}, "1 2 3 4 5 6 7 x 8\n");
  ASSERT_EQ(sliding.status, 0) << sliding.err;
  const auto count = [&] {
    return std::distance(std::filesystem::directory_iterator(cache_.path()),
                         std::filesystem::directory_iterator());
  };
  ASSERT_EQ(count(), 2);
  const ProgramRun refused = run_plumb({"cache", "clear"});  // standard input is no terminal
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find("plumb: cache clear: nothing removed; to remove every table (2 "
                             "files, "),
            std::string::npos)
      << refused.err;
  EXPECT_NE(refused.err.find("give --yes"), std::string::npos) << refused.err;
  EXPECT_EQ(count(), 2);
  const ProgramRun unknown = run_plumb({"cache", "clear", "cubic-views-2x4"});
  EXPECT_EQ(unknown.status, 2);
  EXPECT_NE(unknown.err.find("no table named 'cubic-views-2x4'"), std::string::npos) << unknown.err;
  EXPECT_NE(unknown.err.find("nothing removed; did you mean cubic-views-2x3?"), std::string::npos)
      << unknown.err;
  EXPECT_EQ(count(), 2);
  const ProgramRun named = run_plumb({"cache", "clear", "cubic-views-2x3"});
  EXPECT_EQ(named.status, 0) << named.err;
  EXPECT_EQ(named.out.find("removed cubic-views-2x3.tbl\n"), 0U) << named.out;
  EXPECT_FALSE(std::filesystem::exists(cache_.path() / "cubic-views-2x3.tbl"));
  EXPECT_EQ(count(), 1);
  EXPECT_EQ(run_plumb({"cache", "clear", "-y"}).status, 0);
  EXPECT_EQ(count(), 0);
}

// Output that cannot be written is exit 4 with the reason, for every command that writes.
TEST_F(Faults, OutputThatCannotBeWritten) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const std::string sliding = sample_path("sliding", "sample.in").string();
  const std::vector<std::vector<std::string>> commands = {{"solve", "sliding", sliding},
                                                          {"solve", "cubic", "--algo", "bidir"},
                                                          {"explore", "sliding", "--size", "2x2"},
                                                          {"list"},
                                                          {"help", "cubic"},
                                                          {"--help"},
                                                          {"--version"},
                                                          {"solve", "gap", "--help"},
                                                          {"pdb", "list"},
                                                          {"cache", "list"}};
  for (const auto& args : commands) {
    const ProgramRun run = run_plumb(args, cubic_sample_, "/dev/full");
    EXPECT_EQ(run.status, 4) << args.front() << " " << args.back() << ": " << run.err;
    EXPECT_TRUE(run.err.ends_with("plumb: cannot write the output: No space left on device\n"))
        << args.front() << " " << args.back() << ": " << run.err;
  }
}

TEST_F(Faults, InputThatCannotBeRead) {
  const ProgramRun directory = run_plumb({"solve", "sliding", cache_.path().string()});
  EXPECT_EQ(directory.status, 2);
  EXPECT_EQ(directory.err, "plumb: cannot read '" + cache_.path().string() + "': is a directory\n");
  const auto missing = (cache_.path() / "missing.in").string();
  const ProgramRun absent = run_plumb({"solve", "sliding", missing});
  EXPECT_EQ(absent.status, 2);
  EXPECT_EQ(absent.err, "plumb: cannot open '" + missing + "': No such file or directory\n");
  const ProgramRun empty = run_plumb({"solve", "gap"}, "");
  EXPECT_EQ(empty.status, 2);
  EXPECT_EQ(empty.err, "plumb: <stdin>: the input is empty: expected a dataset\n");
}

// Input text reaches a message quoted: cut after 40 bytes, control bytes and NUL escaped.
TEST_F(Faults, BadInputIsQuotedNotEchoed) {
  const ProgramRun long_token =
      run_plumb({"solve", "sliding"}, "1 2 3 4 5 6 7 8 " + std::string(1'000'000, 'z') + "\n");
  EXPECT_EQ(long_token.status, 2);
  EXPECT_EQ(long_token.err, "plumb: <stdin>:1: unknown tile '" + std::string(40, 'z') +
                                "...' (expected 1 to 8, or x or 0 for the blank)\n");
  const ProgramRun escape = run_plumb({"solve", "sliding"}, "1 2 3 4 5 6 7 8 \x1b[2J\n");
  EXPECT_EQ(escape.status, 2);
  EXPECT_EQ(
      escape.err,
      "plumb: <stdin>:1: unknown tile '\\x1b[2J' (expected 1 to 8, or x or 0 for the blank)\n");
  const ProgramRun nul = run_plumb({"solve", "sliding"}, std::string("1 2 3 4 5 6 7 8 a\0b\n", 20));
  EXPECT_EQ(nul.status, 2);
  EXPECT_EQ(nul.err,
            "plumb: <stdin>:1: unknown tile 'a\\0b' (expected 1 to 8, or x or 0 for the blank)\n");
}

// A line that never ends (/dev/zero) is refused once it passes the puzzle's bound on a line (1 MiB
// for sliding; block's boards allow 512 MiB), or, before that, at --max-memory: at once, in little
// memory. (Before, the line grew without bound, deaf to both; an address-space limit stops such a
// program, except in the sanitized builds, which reserve address space of their own and count
// their shadow memory as resident.)
TEST_F(Faults, AnEndlessLineIsRefusedWithinItsBoundAndTheMemoryLimit) {
  if (!std::filesystem::exists("/dev/zero")) GTEST_SKIP() << "no /dev/zero";
  const std::uint64_t address_space = sanitized() ? 0 : std::uint64_t{2} << 30;
  const ProgramRun bounded = run_plumb({"solve", "sliding", "/dev/zero"}, "", "", address_space);
  EXPECT_EQ(bounded.status, 2) << bounded.err;
  EXPECT_EQ(bounded.err,
            "plumb: /dev/zero:1: the line is longer than 1048576 bytes (1.0 MiB), more than any "
            "dataset needs\n");
  const ProgramRun limited =
      run_plumb({"solve", "block", "/dev/zero", "--max-memory", "100M"}, "", "", address_space);
  EXPECT_EQ(limited.status, 3) << limited.err;
  EXPECT_EQ(
      limited.err.rfind("plumb: stopped by the memory limit while reading line 1 of /dev/zero", 0),
      0U)
      << limited.err;
  if (!sanitized()) {
    EXPECT_LT(bounded.peak_resident_bytes, std::uint64_t{64} << 20);
    EXPECT_LT(limited.peak_resident_bytes, std::uint64_t{100} << 20);
  }
}

// What the command line gives reaches a message short and printable, whichever command's parser
// or which option refuses it: an escape sequence, or 100 KB, as an option's value, an option's
// name, a FILE or a word too many.
TEST_F(Faults, CommandLineTextIsQuotedNotEchoed) {
  const std::string escape = "\x1b[2J", long_text(100'000, 'a');
  const std::vector<std::vector<std::string>> commands = {
      {"solve", "sliding", "--format", escape},
      {"solve", "sliding", "--format", long_text},
      {"solve", "sliding", "--format=" + escape},
      {"solve", "sliding", "--threads", long_text},
      {"solve", "sliding", "--threads", escape},
      {"explore", "sliding", "--threads=" + long_text},
      {"solve", "sliding", "--checkpoint", long_text},
      {"solve", "sliding", "--resume", escape},
      {"solve", "sliding", "--" + escape},
      {"solve", "sliding", "--" + long_text},
      {"solve", "sliding", "--" + long_text + "=" + escape},
      {"solve", "sliding", "/nonexistent/" + escape},
      {"solve", "sliding", "/" + long_text},
      {"explore", "sliding", "/nonexistent/" + escape},
      {"solve", "sliding", "-", escape},
      {"list", escape},
      {"list", long_text},
      {"help", escape},
      {"help", "sliding", long_text},
      {"cache", "list", escape},
      {"pdb", "list", long_text},
      {"pdb", "solve", "8-44", "/nonexistent/" + escape},
      {"serve", "--port", escape},
      {"serve", "--host", "localhost", long_text},
  };
  for (const auto& args : commands) {
    const ProgramRun run = run_plumb(args);
    const std::string shown = args.front() + " " + args[1];
    EXPECT_EQ(run.status, 2) << shown << ": " << run.err;
    EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << shown << ": " << run.err;
    EXPECT_LT(run.err.size(), 300U) << shown << ": " << run.err.substr(0, 300);
    EXPECT_EQ(run.err.rfind("plumb", 0), 0U) << shown << ": " << run.err.substr(0, 300);
  }
  // Messages of the work itself, not of the parser, that name a folder from the command line:
  // exit 4, the folder quoted.
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"explore", "sliding", "--size", "2x3", "--resume", escape},
           {"explore", "sliding", "--size", "2x3", "--resume", "/nonexistent/" + long_text},
           {"explore", "sliding", "--size", "2x3", "--checkpoint", "/proc/" + escape},
           {"explore", "sliding", "--size", "2x3", "--checkpoint", "/proc/" + long_text}}) {
    const ProgramRun run = run_plumb(args);
    EXPECT_EQ(run.status, 4) << args[4] << ": " << run.err;
    EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << args[4] << ": " << run.err;
    EXPECT_LT(run.err.size(), 300U) << args[4] << ": " << run.err.substr(0, 300);
  }
}

}  // namespace
}  // namespace plumb::testing
