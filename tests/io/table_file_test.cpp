// Table files round-trip, and any mismatch or corruption reads as "absent" so the caller rebuilds.
#include "plumb/io/table_file.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace plumb::io {
namespace {

class TableFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("plumb-table-test-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
    for (int i = 0; i < 1000; ++i) payload_.push_back(static_cast<std::byte>(i * 7));
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

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
  write_table_file(dir_ / "t.bin", header_, payload_);
  {
    std::fstream file(dir_ / "t.bin", std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(100);
    file.put('\x55');
  }
  EXPECT_FALSE(read_table_file(dir_ / "t.bin", header_));
  write_table_file(dir_ / "t.bin", header_, payload_);
  std::filesystem::resize_file(dir_ / "t.bin", std::filesystem::file_size(dir_ / "t.bin") - 1);
  EXPECT_FALSE(read_table_file(dir_ / "t.bin", header_));
}

TEST_F(TableFileTest, CacheDirectoryFollowsTheEnvironment) {
  ::setenv("PLUMB_CACHE", (dir_ / "cache").c_str(), 1);
  EXPECT_EQ(cache_directory(), dir_ / "cache");
  EXPECT_TRUE(std::filesystem::is_directory(dir_ / "cache"));
  ::unsetenv("PLUMB_CACHE");
}

}  // namespace
}  // namespace plumb::io
