// TextInput reads lines and tokens with the right line numbers, and its errors name file and line.
#include "plumb/io/text_input.hpp"

#include <gtest/gtest.h>

#include <sstream>

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
              "cannot open /nonexistent/plumb/input.txt: No such file or directory");
  }
  try {
    TextInput::open("/");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.located(), "cannot read /: is a directory");
  }
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
