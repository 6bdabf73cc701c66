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

TEST(TextInput, OpeningAMissingFileIsAnInputError) {
  EXPECT_THROW(TextInput::open("/nonexistent/plumb/input.txt"), InputError);
}

}  // namespace
}  // namespace plumb::io
