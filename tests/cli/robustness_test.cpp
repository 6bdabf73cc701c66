// What must stay true under hostile use: mutated contest inputs give answers, input errors or a
// limit (never a crash or another status), and two processes building one cache file at once
// leave a valid file that gives the same answers.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "tests/support/run_plumb.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::testing {
namespace {

bool sanitized() { return std::getenv("PLUMB_SANITIZED") != nullptr; }

// One random edit of `text`: a byte changed, removed or repeated, a line doubled or dropped, a
// random printable or control byte inserted, or the text cut short.
std::string mutate(std::string text, std::mt19937& random) {
  if (text.empty()) return text;
  const auto at = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  const std::size_t i = at(text.size());
  switch (at(7)) {
    case 0:
      text[i] = static_cast<char>(at(256));
      break;
    case 1:
      text.erase(i, 1);
      break;
    case 2:
      text.insert(i, 1, text[i]);
      break;
    case 3: {
      const std::size_t start = text.rfind('\n', i) == std::string::npos ? 0 : text.rfind('\n', i) + 1;
      const std::size_t end = text.find('\n', i);
      const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
      text.insert(start, line);
      break;
    }
    case 4: {
      const std::size_t start = text.rfind('\n', i) == std::string::npos ? 0 : text.rfind('\n', i) + 1;
      const std::size_t end = text.find('\n', i);
      text.erase(start, end == std::string::npos ? std::string::npos : end - start + 1);
      break;
    }
    case 5:
      text.insert(i, 1, "0123456789 -x.\t\n\x1b"[at(17)]);
      break;
    default:
      text.resize(i);
  }
  return text;
}

TEST(Robustness, MutatedSamplesGiveAnswersInputErrorsOrALimit) {
  const TemporaryCache cache;  // a mutated board may choose a table or pattern databases
  const int mutations = sanitized() ? 10 : 40;
  for (const std::string& puzzle : puzzle_names()) {
    const std::string sample = read_file(sample_path(puzzle, "sample.in"));
    std::mt19937 random(12345);
    for (int m = 0; m < mutations; ++m) {
      std::string input = mutate(sample, random);
      if (m % 3 == 2) input = mutate(input, random);
      const ProgramRun run = run_plumb({"solve", puzzle, "--time-limit", "2", "--max-memory", "2G"}, input);
      EXPECT_TRUE(run.status == 0 || run.status == 2 || run.status == 3)
          << puzzle << " mutation " << m << " exited " << run.status << ": " << run.err
          << "\ninput:\n" << input;
      if (run.status == 2) {
        EXPECT_EQ(run.err.rfind("plumb: ", 0), 0u) << run.err;
        EXPECT_EQ(run.err.find('\x1b'), std::string::npos) << "an escape byte reached the message";
      }
    }
  }
}

TEST(Robustness, TwoProcessesBuildingOneCacheFileAgree) {
  const TemporaryCache cache;
  const std::string sample = sample_path("cubic", "sample.in").string();
  const std::string expected = trim_trailing_space(read_file(sample_path("cubic", "sample.out")));
  const std::filesystem::path dir = cache.path();
  std::string command = "(";
  for (int i = 0; i < 2; ++i) {
    command += shell_quote(PLUMB_BINARY) + " solve cubic --algo table " + shell_quote(sample) + " >" +
               shell_quote((dir / ("out" + std::to_string(i))).string()) + " 2>/dev/null & ";
  }
  command += "wait)";
  ASSERT_EQ(std::system(command.c_str()), 0);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(trim_trailing_space(read_file(dir / ("out" + std::to_string(i)))), expected) << i;
    std::filesystem::remove(dir / ("out" + std::to_string(i)));
  }
  std::size_t tables = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    EXPECT_EQ(entry.path().string().find(".tmp"), std::string::npos) << "left behind: " << entry.path();
    ++tables;
  }
  EXPECT_EQ(tables, 1u);
  const ProgramRun again = run_plumb({"solve", "cubic", "--algo", "table", sample});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(trim_trailing_space(again.out), expected);
  EXPECT_EQ(again.err, "") << "the table built by the two runs was not used";
}

}  // namespace
}  // namespace plumb::testing
