// TextInput reads lines and tokens with the right line numbers, and its errors name file and line;
// a line is bounded, and a read asks its watch whether to go on, waiting on a pipe too.
#include "plumb/io/text_input.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace plumb::io {
namespace {

TEST(TextInput, ReadsTokensAcrossLinesWithTheirLineNumbers) {
  std::istringstream text("3\n\n  10 x\r\n7\n");
  TextInput input(text, "deals.txt");
  EXPECT_EQ(input.next_int("a count"), 3);
  EXPECT_EQ(input.line_number(), 1);
  EXPECT_EQ(input.next_token(), "10");
  EXPECT_EQ(input.line_number(), 3);
  EXPECT_EQ(input.next_token(), "x");
  EXPECT_EQ(input.next_token(), "7");
  EXPECT_EQ(input.line_number(), 4);
  EXPECT_EQ(input.next_token(), std::nullopt);
}

TEST(TextInput, ErrorsNameTheFileAndLine) {
  std::istringstream text("1 2\nthree\n");
  TextInput input(text, "in.txt");
  input.expect_int("a number");
  input.expect_int("a number");
  try {
    input.expect_int("the number of rows");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "in.txt");
    EXPECT_EQ(error.line(), 2);
    EXPECT_STREQ(error.what(), "expected the number of rows, found 'three'");
  }
  EXPECT_THROW(input.expect_int("more"), InputError);
}

TEST(TextInput, LinesDropThePartOfALineReadAsTokens) {
  std::istringstream text("2 rest\nsecond line\n\n\nlast\n");
  TextInput input(text, "f");
  EXPECT_EQ(input.next_int("n"), 2);
  std::string line;
  ASSERT_TRUE(input.next_line(line));
  EXPECT_EQ(line, "second line");
  ASSERT_TRUE(input.next_nonblank_line(line));
  EXPECT_EQ(line, "last");
  EXPECT_EQ(input.line_number(), 5);
  EXPECT_FALSE(input.next_line(line));
}

TEST(TextInput, ParsesOnlyWholeIntegers) {
  EXPECT_EQ(parse_int("42"), 42);
  EXPECT_EQ(parse_int("-7"), -7);
  EXPECT_EQ(parse_int("4x"), std::nullopt);
  EXPECT_EQ(parse_int(""), std::nullopt);
  EXPECT_EQ(split_tokens("  a bb\tc "), (std::vector<std::string_view>{"a", "bb", "c"}));
}

TEST(TextInput, OpeningAMissingFileOrADirectoryIsAnInputErrorWithTheReason) {
  try {
    TextInput::open("/nonexistent/plumb/input.txt");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.located(),
              "cannot open '/nonexistent/plumb/input.txt': No such file or directory");
  }
  try {
    TextInput::open("/");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.located(), "cannot read '/': is a directory");
  }
}

// A file's name reaches a message as input text does: quoted and cut where the message names it
// itself, printable where it locates an error.
TEST(TextInput, AFilesNameIsShownPrintable) {
  try {
    TextInput::open("/nonexistent/\x1b[2J" + std::string(100'000, 'n'));
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.located(), "cannot open '/nonexistent/\\x1b[2J" + std::string(23, 'n') +
                                   "...': File name too long");
  }
  const auto path = std::filesystem::temp_directory_path() /
                    ("plumb-text-input-\x1b[2J-" + std::to_string(::getpid()));
  std::ofstream(path) << "1 2\nthree\n";
  TextInput input = TextInput::open(path.string());
  EXPECT_EQ(input.name(), printable(path.string()));
  EXPECT_EQ(input.name().find('\x1b'), std::string::npos);
  EXPECT_EQ(input.next_int("a number"), 1);
  std::filesystem::remove(path);
}

// An endless stream of bytes with no line end, as /dev/zero is.
class EndlessLine : public std::streambuf {
 protected:
  int_type underflow() override {
    setg(bytes_, bytes_, bytes_ + sizeof bytes_);
    return traits_type::to_int_type('z');
  }

 private:
  char bytes_[4096] = {};
};

TEST(TextInput, ALineLongerThanItsBoundIsAnInputErrorNamingIt) {
  std::istringstream text("short\n" + std::string(100, 'a') + "\n" + std::string(101, 'b') + "\n");
  TextInput input(text, "in.txt", {.max_line_bytes = 100});
  std::string line;
  ASSERT_TRUE(input.next_line(line));
  ASSERT_TRUE(input.next_line(line));
  EXPECT_EQ(line, std::string(100, 'a'));
  try {
    input.next_line(line);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.located(),
              "in.txt:3: the line is longer than 100 bytes (100.0 B), more than any dataset needs");
  }
  // A line that never ends is refused once it passes the bound, as tokens too.
  EndlessLine endless_bytes;
  std::istream endless(&endless_bytes);
  TextInput endless_input(endless, "/dev/zero", {.max_line_bytes = std::size_t{1} << 20});
  try {
    endless_input.next_token();
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.located(),
              "/dev/zero:1: the line is longer than 1048576 bytes (1.0 MiB), more than any "
              "dataset needs");
  }
}

// The watch hears of every read of the input, and of a line's buffer before it grows past a
// chunk; what it throws stops the read.
TEST(TextInput, TheWatchIsAskedBeforeReadsAndBeforeALineGrows) {
  const std::string long_line(3 * kReadChunkBytes, 'x');
  std::istringstream text("1\n" + long_line + "\n");
  std::vector<ReadProgress> asked;
  TextInput input(text, "in.txt",
                  {.watch = [&](const ReadProgress& read) { asked.push_back(read); }});
  std::string line;
  ASSERT_TRUE(input.next_line(line));
  ASSERT_FALSE(asked.empty());
  EXPECT_EQ(asked.front().input, "in.txt");
  EXPECT_EQ(asked.front().line, 1);
  EXPECT_EQ(asked.front().bytes, 0U);
  ASSERT_TRUE(input.next_line(line));
  EXPECT_EQ(line, long_line);
  const auto growth = std::find_if(asked.begin(), asked.end(),
                                   [](const ReadProgress& read) { return read.bytes != 0; });
  ASSERT_NE(growth, asked.end());
  EXPECT_EQ(growth->line, 2);
  EXPECT_GT(growth->bytes, kReadChunkBytes);

  std::istringstream more("1\n2\n");
  TextInput stopped(more, "in.txt",
                    {.watch = [](const ReadProgress&) { throw std::runtime_error("stop"); }});
  EXPECT_THROW(stopped.next_line(line), std::runtime_error);
}

// A pipe held open with nothing in it: the read waits, asking the watch at least every 0.1 s,
// until the watch stops it. Opening the FIFO does not wait for a writer.
TEST(TextInput, AWaitForInputAsksTheWatch) {
  const auto fifo = std::filesystem::temp_directory_path() /
                    ("plumb-text-input-fifo-" + std::to_string(::getpid()));
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  int asked = 0;
  TextInput input = TextInput::open(fifo.string(), {.watch = [&](const ReadProgress& read) {
                                      EXPECT_EQ(read.bytes, 0U);
                                      if (++asked == 3) throw std::runtime_error("stop");
                                    }});
  const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
  ASSERT_GE(writer, 0);
  std::string line;
  EXPECT_THROW(input.next_line(line), std::runtime_error);
  EXPECT_EQ(asked, 3);
  ::close(writer);
  std::filesystem::remove(fifo);
}

TEST(TextInput, ErrorsAreLocatedByFileAndLineWhenThereAreThey) {
  EXPECT_EQ(InputError("in.txt", 3, "bad").located(), "in.txt:3: bad");
  EXPECT_EQ(InputError("<stdin>", 0, "empty input").located(), "<stdin>: empty input");
  EXPECT_EQ(InputError("", 0, "cannot open x").located(), "cannot open x");
}

TEST(Quote, ShowsShortPrintableTextAsItIs) {
  EXPECT_EQ(quote("three"), "'three'");
  EXPECT_EQ(quote(""), "''");
  EXPECT_EQ(quote(std::string(40, 'a')), "'" + std::string(40, 'a') + "'");
}

TEST(Quote, CutsLongTextAfterFortyBytes) {
  EXPECT_EQ(quote(std::string(10'000'000, 'z')), "'" + std::string(40, 'z') + "...'");
  EXPECT_EQ(quote("abcdef", 3), "'abc...'");
}

TEST(Quote, EscapesWhatIsNotPrintable) {
  EXPECT_EQ(quote(std::string("a\0b", 3)), "'a\\0b'");
  EXPECT_EQ(quote("\x1b[2J"), "'\\x1b[2J'");
  EXPECT_EQ(quote("tab\there\r\n"), "'tab\\there\\r\\n'");
  EXPECT_EQ(quote("back\\slash"), "'back\\\\slash'");
  EXPECT_EQ(quote("\x7f\xc3\xa9"), "'\\x7f\\xc3\\xa9'");
  // The limit counts input bytes, not the escapes they become.
  EXPECT_EQ(quote(std::string(50, '\x01'), 2), "'\\x01\\x01...'");
}

TEST(Quote, IsWhatErrorsEchoInputWith) {
  std::istringstream text(std::string(100, '7') + "x\n");
  TextInput input(text, "in.txt");
  try {
    input.expect_int("a number");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(std::string(error.what()),
              "expected a number, found '" + std::string(40, '7') + "...'");
  }
}

}  // namespace
}  // namespace plumb::io
