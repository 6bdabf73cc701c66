// Table files round-trip, read or mapped in place, and any mismatch or corruption reads as "absent"
// so the caller rebuilds.
#include "plumb/io/table_file.hpp"

#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <unistd.h>
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>

#include "plumb/io/checkpoint_file.hpp"
#include "plumb/io/environment_error.hpp"

namespace plumb::io {
namespace {

class TableFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        std::filesystem::temp_directory_path() / ("plumb-table-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    for (int i = 0; i < 1000; ++i) payload_.push_back(static_cast<std::byte>(i * 7));
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // `open` (a read or a map of a path) refuses the file with a byte changed, then one cut short.
  template <class Open>
  void expect_damage_refused(const Open& open) {
    write_table_file(dir_ / "t.bin", header_, payload_);
    {
      std::fstream file(dir_ / "t.bin", std::ios::in | std::ios::out | std::ios::binary);
      file.seekp(100);
      file.put('\x55');
    }
    EXPECT_FALSE(open(dir_ / "t.bin"));
    write_table_file(dir_ / "t.bin", header_, payload_);
    std::filesystem::resize_file(dir_ / "t.bin", std::filesystem::file_size(dir_ / "t.bin") - 1);
    EXPECT_FALSE(open(dir_ / "t.bin"));
  }

  std::filesystem::path dir_;
  std::vector<std::byte> payload_;
  TableHeader header_{"test-table", 3, "size 1000"};
};

TEST_F(TableFileTest, RoundTrips) {
  write_table_file(dir_ / "t.bin", header_, payload_);
  EXPECT_EQ(read_table_file(dir_ / "t.bin", header_), payload_);
}

TEST_F(TableFileTest, AnotherHeaderReadsAsAbsent) {
  write_table_file(dir_ / "t.bin", header_, payload_);
  EXPECT_FALSE(read_table_file(dir_ / "t.bin", TableHeader{"test-table", 4, "size 1000"}));
  EXPECT_FALSE(read_table_file(dir_ / "t.bin", TableHeader{"test-table", 3, "size 999"}));
  EXPECT_FALSE(read_table_file(dir_ / "t.bin", TableHeader{"other", 3, "size 1000"}));
  EXPECT_FALSE(read_table_file(dir_ / "missing.bin", header_));
}

TEST_F(TableFileTest, CorruptionAndTruncationReadAsAbsent) {
  expect_damage_refused([&](const auto& path) { return read_table_file(path, header_); });
}

// The checksum's four lanes and its tail: a bit flipped in any of the payload's first 80 bytes
// (every lane, twice over, and beyond) or last 8 (a 1000-byte payload's tail) is found.
TEST_F(TableFileTest, ABitFlippedAnywhereInThePayloadIsFound) {
  write_table_file(dir_ / "t.bin", header_, payload_);
  const auto size = static_cast<std::streamoff>(std::filesystem::file_size(dir_ / "t.bin"));
  const std::streamoff payload_start = size - 8 - static_cast<std::streamoff>(payload_.size());
  std::vector<std::streamoff> offsets;
  for (std::streamoff i = 0; i < 80; ++i) offsets.push_back(payload_start + i);
  for (std::streamoff i = 1; i <= 8; ++i) offsets.push_back(size - 8 - i);
  for (const std::streamoff offset : offsets) {
    write_table_file(dir_ / "t.bin", header_, payload_);
    {
      std::fstream file(dir_ / "t.bin", std::ios::in | std::ios::out | std::ios::binary);
      file.seekg(offset);
      const int byte = file.get();
      file.seekp(offset);
      file.put(static_cast<char>(byte ^ 0x10));
    }
    EXPECT_EQ(read_table(dir_ / "t.bin", header_).state, TableFileState::damaged) << offset;
  }
}

// A table file of another format (an older plumb's) holds another table, and says so.
TEST_F(TableFileTest, AnotherFormatIsOutdated) {
  write_table_file(dir_ / "t.bin", header_, payload_);
  {
    std::fstream file(dir_ / "t.bin", std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(8);  // past the magic
    file.put('\x01').put('\0').put('\0').put('\0');
  }
  const TableRead old = read_table(dir_ / "t.bin", header_);
  EXPECT_EQ(old.state, TableFileState::outdated);
  EXPECT_EQ(old.detail,
            "a table file of format 1, where this plumb reads format 2: written by another version "
            "of plumb");
  EXPECT_FALSE(map_table_file(dir_ / "t.bin", header_));
  EXPECT_FALSE(read_table_header(dir_ / "t.bin"));
}

// A payload mapped in place is the one written, and outlives a rewrite of its file (a rename);
// whatever a read refuses, a mapping refuses too.
TEST_F(TableFileTest, MappedInPlaceAsRead) {
  write_table_file(dir_ / "t.bin", header_, payload_);
  const std::optional<MappedPayload> mapped = map_table_file(dir_ / "t.bin", header_);
  ASSERT_TRUE(mapped);
  ASSERT_EQ(mapped->size, payload_.size());
  EXPECT_TRUE(std::equal(payload_.begin(), payload_.end(), mapped->bytes.get()));
  write_table_file(dir_ / "t.bin", header_, std::vector<std::byte>(payload_.size()));
  EXPECT_TRUE(std::equal(payload_.begin(), payload_.end(), mapped->bytes.get()));
  EXPECT_FALSE(map_table_file(dir_ / "t.bin", TableHeader{"test-table", 4, "size 1000"}));
  EXPECT_FALSE(map_table_file(dir_ / "absent.bin", header_));
  EXPECT_FALSE(map_table_file(dir_, header_));
  expect_damage_refused([&](const auto& path) { return map_table_file(path, header_); });
}

TEST_F(TableFileTest, ThePayloadStartsAtItsOffsetInTheFileAndInTheMapping) {
  for (const std::size_t length : {0, 1, 2, 3, 300}) {
    const TableHeader header{"test-table", 3, std::string(length, 'p')};
    write_table_file(dir_ / "t.bin", header, payload_);
    std::ifstream file(dir_ / "t.bin", std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(file)), {});
    const std::uint64_t offset = payload_offset(header);
    ASSERT_EQ(bytes.size(), offset + payload_.size() + sizeof(std::uint64_t));
    EXPECT_EQ(std::memcmp(bytes.data() + offset, payload_.data(), payload_.size()), 0);
    const std::optional<MappedPayload> mapped = map_table_file(dir_ / "t.bin", header);
    ASSERT_TRUE(mapped);
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(mapped->bytes.get()) % page, offset % page);
  }
}

TEST_F(TableFileTest, ReadSaysWhatIsWrong) {
  EXPECT_EQ(read_table(dir_ / "missing.bin", header_).state, TableFileState::absent);
  write_table_file(dir_ / "t.bin", header_, payload_);
  EXPECT_EQ(read_table(dir_ / "t.bin", header_).state, TableFileState::intact);
  // A table of another kind, pattern or size, or version, says which.
  for (const auto& [expected, detail] : std::vector<std::pair<TableHeader, std::string>>{
           {{"test-table", 4, "size 1000"},
            "a test-table table of version 3, where this plumb reads version 4: written by "
            "another version of plumb"},
           {{"test-table", 3, "size 999"}, "built for size 1000, not size 999"},
           {{"other-table", 3, "size 1000"}, "of kind test-table, not other-table"},
       }) {
    const TableRead other = read_table(dir_ / "t.bin", expected);
    EXPECT_EQ(other.state, TableFileState::outdated);
    EXPECT_EQ(other.detail, detail);
  }
  EXPECT_EQ(describe(TableFileState::outdated), "holds another table");
  std::filesystem::resize_file(dir_ / "t.bin", 100);
  const TableRead truncated = read_table(dir_ / "t.bin", header_);
  EXPECT_EQ(truncated.state, TableFileState::damaged);
  EXPECT_EQ(truncated.detail, "truncated or extended");
  std::ofstream(dir_ / "t.bin", std::ios::trunc) << std::string(2000, '\0');
  const TableRead zeroed = read_table(dir_ / "t.bin", header_);
  EXPECT_EQ(zeroed.state, TableFileState::damaged);
  EXPECT_EQ(zeroed.detail, "not a plumb table");
  EXPECT_FALSE(read_table_header(dir_ / "t.bin"));
}

TEST_F(TableFileTest, HeadersAreReadAloneForListing) {
  write_table_file(dir_ / "t.bin", header_, payload_);
  auto summary = read_table_header(dir_ / "t.bin");
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->header.kind, "test-table");
  EXPECT_EQ(summary->header.version, 3U);
  EXPECT_EQ(summary->header.parameters, "size 1000");
  EXPECT_EQ(summary->payload_size, 1000U);
  EXPECT_TRUE(summary->whole);
  std::filesystem::resize_file(dir_ / "t.bin", 500);
  summary = read_table_header(dir_ / "t.bin");
  ASSERT_TRUE(summary);
  EXPECT_FALSE(summary->whole);
}

// A FIFO in a table's place would block a reader that opened it: it reads as not regular without
// being opened, and a write leaves it alone.
TEST_F(TableFileTest, OnlyRegularFilesAreReadOrReplaced) {
  const auto fifo = dir_ / "fifo.bin";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(read_table(fifo, header_).state, TableFileState::not_regular);
  EXPECT_FALSE(read_table_file(fifo, header_));
  EXPECT_FALSE(read_table_header(fifo));
  EXPECT_THROW(write_table_file(fifo, header_, payload_), EnvironmentError);
  EXPECT_TRUE(std::filesystem::is_fifo(fifo));
  std::filesystem::create_directories(dir_ / "dir.bin");
  EXPECT_EQ(read_table(dir_ / "dir.bin", header_).state, TableFileState::not_regular);
  EXPECT_THROW(write_table_file(dir_ / "dir.bin", header_, payload_), EnvironmentError);
}

TEST_F(TableFileTest, AFailedWriteIsAnEnvironmentError) {
  std::ofstream(dir_ / "file") << "x";
  try {
    write_table_file(dir_ / "file" / "t.bin", header_, payload_);
    FAIL() << "no error";
  } catch (const EnvironmentError& error) {
    EXPECT_EQ(std::string(error.what()).find("cannot write " + (dir_ / "file" / "t.bin").string()),
              0U)
        << error.what();
  }
}

// Past the file-size limit (ulimit -f) a write fails as on a full disk: an EnvironmentError, the
// temporary removed, where SIGXFSZ would kill the process and leave the temporary behind. Run in a
// child, which the limit binds alone; it exits 0 if both writers threw and anything else if not.
TEST_F(TableFileTest, AWritePastTheFileSizeLimitIsAnEnvironmentError) {
  const ::pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const ::rlimit limit{100, 100};
    if (::setrlimit(RLIMIT_FSIZE, &limit) != 0) ::_exit(10);
    int refused = 0;
    try {
      write_table_file(dir_ / "t.bin", header_, payload_);
    } catch (const EnvironmentError&) {
      ++refused;
    }
    try {
      write_file_atomically(dir_, dir_ / "checkpoint", payload_);
    } catch (const EnvironmentError&) {
      ++refused;
    }
    ::_exit(refused == 2 ? 0 : 11);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_TRUE(std::filesystem::is_empty(dir_)) << "a temporary file is left behind";
}

}  // namespace
}  // namespace plumb::io
