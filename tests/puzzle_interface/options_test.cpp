// Option values read against a puzzle's declaration (puzzle_interface/options.hpp): defaults,
// ranges, choices, flags, undeclared names and algorithm names, each refusal naming its option.
#include <gtest/gtest.h>

#include "plumb/puzzle_interface/options.hpp"

namespace plumb::puzzle_interface {
namespace {

PuzzleInfo declared() {
  PuzzleInfo info;
  info.name = "toy";
  info.options = {
      {"size", "Board size", OptionSpec::Type::integer, "3", 2, 5, {}},
      {"goal", "The goal", OptionSpec::Type::text, "ordered", 0, 0, {"ordered", "reversed"}},
      {"label", "Free text", OptionSpec::Type::text, "", 0, 0, {}},
      {"all", "Yes or no", OptionSpec::Type::flag, "false", 0, 0, {}},
  };
  info.algorithms = {"fast", "slow"};
  return info;
}

// The option a call refuses, or "" when it accepts.
template <class Call>
std::string refused(Call&& call) {
  try {
    call();
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()), "");
    return error.option();
  }
  return "";
}

TEST(Options, DefaultsForWhatIsLeftOut) {
  const PuzzleInfo info = declared();
  EXPECT_EQ(integer_option(info, {}, "size"), 3);
  EXPECT_EQ(text_option(info, {}, "goal"), "ordered");
  EXPECT_EQ(text_option(info, {}, "label"), "");
  EXPECT_EQ(integer_option(info, {{"size", "5"}}, "size"), 5);
  EXPECT_EQ(text_option(info, {{"goal", "reversed"}}, "goal"), "reversed");
  EXPECT_EQ(text_option(info, {{"label", "any text"}}, "label"), "any text");
  EXPECT_FALSE(flag_option(info, {}, "all"));
  EXPECT_TRUE(flag_option(info, {{"all", "true"}}, "all"));
  EXPECT_FALSE(flag_option(info, {{"all", "false"}}, "all"));
}

TEST(Options, RefusalsNameTheOption) {
  const PuzzleInfo info = declared();
  for (const char* size : {"1", "6", "-3", "3x3", "", " 3"})
    EXPECT_EQ(refused([&] { integer_option(info, {{"size", size}}, "size"); }), "size") << size;
  EXPECT_EQ(refused([&] { text_option(info, {{"goal", "spiral"}}, "goal"); }), "goal");
  for (const char* all : {"yes", "1", "", "True"})
    EXPECT_EQ(refused([&] { flag_option(info, {{"all", all}}, "all"); }), "all") << all;
  EXPECT_EQ(refused([&] { expect_declared(info, {{"size", "4"}, {"rows", "4"}}); }), "rows");
  EXPECT_EQ(refused([&] { expect_declared(info, {{"size", "4"}, {"goal", "x"}}); }), "");
}

TEST(Options, AlgorithmsByPosition) {
  const PuzzleInfo info = declared();
  EXPECT_EQ(algorithm_index(info, "fast"), 0u);
  EXPECT_EQ(algorithm_index(info, "slow"), 1u);
  for (const char* name : {"Fast", "", "medium"})
    EXPECT_EQ(refused([&] { algorithm_index(info, name); }), "algo") << name;
}

}  // namespace
}  // namespace plumb::puzzle_interface
