// plumb/io/text_input.hpp: TextInput, a reader of puzzle input that knows its file name and line
// numbers, and InputError, the one exception bad input raises.
//
// Puzzles parse their contest formats through it, reading whole lines or white-space separated
// tokens (a token never spans lines). Every error names the file and the line it was found on; the
// program prints it as `plumb: FILE:LINE: MESSAGE` and exits with status 2.
#pragma once

#include <cctype>
#include <charconv>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace plumb::io {

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, const std::string& message)
      : std::runtime_error(message), file_(std::move(file)), line_(line) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  std::string file_;
  int line_;
};

// The white-space separated tokens of a line.
inline std::vector<std::string_view> split_tokens(std::string_view line) {
  std::vector<std::string_view> tokens;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    if (j > i) tokens.push_back(line.substr(i, j - i));
    i = j;
  }
  return tokens;
}

// The whole token as a decimal integer, or nothing.
inline std::optional<long long> parse_int(std::string_view token) {
  long long value = 0;
  const char* end = token.data() + token.size();
  auto [ptr, ec] = std::from_chars(token.data(), end, value);
  if (ec != std::errc{} || ptr != end || token.empty()) return std::nullopt;
  return value;
}

class TextInput {
 public:
  // Reads `stream`, which must outlive this object; `name` is what errors call it.
  TextInput(std::istream& stream, std::string name) : stream_(&stream), name_(std::move(name)) {}

  // Opens a file, or standard input for "-" (named "<stdin>"). Throws InputError if it cannot.
  static TextInput open(const std::string& path) {
    if (path == "-") return TextInput(std::cin, "<stdin>");
    auto file = std::make_shared<std::ifstream>(path);
    if (!*file) throw InputError(path, 0, "cannot open the file");
    TextInput input(*file, path);
    input.owned_ = std::move(file);
    return input;
  }

  const std::string& name() const { return name_; }
  // The number of the line read last (1-based; 0 before the first).
  int line_number() const { return line_number_; }

  // Reads the next line (dropping what is left of a line partly read as tokens); false at the end.
  bool next_line(std::string& line) {
    pending_.clear();
    position_ = 0;
    if (lookahead_) {
      line = std::move(*lookahead_);
      lookahead_.reset();
      return true;
    }
    if (!std::getline(*stream_, line)) return false;
    ++line_number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }

  // Whether nothing but white space is left. Reads ahead to the next line that is not blank, which
  // the next read returns (line_number() already counts it).
  bool only_blank_left() {
    if (lookahead_ || pending_.find_first_not_of(" \t\r\f\v", position_) != std::string::npos) return false;
    std::string line;
    if (!next_nonblank_line(line)) return true;
    lookahead_ = std::move(line);
    return false;
  }

  // Reads the next line that is not blank; false at the end.
  bool next_nonblank_line(std::string& line) {
    while (next_line(line)) {
      if (line.find_first_not_of(" \t\r\f\v") != std::string::npos) return true;
    }
    return false;
  }

  // Reads the next token, across line ends; nothing at the end of the input.
  std::optional<std::string> next_token() {
    for (;;) {
      while (position_ < pending_.size() && std::isspace(static_cast<unsigned char>(pending_[position_]))) {
        ++position_;
      }
      if (position_ < pending_.size()) break;
      std::string line;
      if (!next_line(line)) return std::nullopt;
      pending_ = std::move(line);
    }
    const std::size_t start = position_;
    while (position_ < pending_.size() && !std::isspace(static_cast<unsigned char>(pending_[position_]))) {
      ++position_;
    }
    return pending_.substr(start, position_ - start);
  }

  // Reads the next token as an integer; nothing at the end of the input; fails on anything else,
  // naming `what` ("the number of deals").
  std::optional<long long> next_int(std::string_view what) {
    auto token = next_token();
    if (!token) return std::nullopt;
    auto value = parse_int(*token);
    if (!value) fail("expected " + std::string(what) + ", found '" + *token + "'");
    return value;
  }

  // Like next_int, but the end of the input is an error too.
  long long expect_int(std::string_view what) {
    auto value = next_int(what);
    if (!value) fail("unexpected end of input: expected " + std::string(what));
    return *value;
  }

  // Throws InputError for the line read last.
  [[noreturn]] void fail(const std::string& message) const { fail_at(line_number_, message); }
  [[noreturn]] void fail_at(int line, const std::string& message) const {
    throw InputError(name_, line, message);
  }

 private:
  std::istream* stream_;
  std::shared_ptr<std::istream> owned_;
  std::string name_;
  int line_number_ = 0;
  std::string pending_;  // the line tokens are being read from
  std::size_t position_ = 0;
  std::optional<std::string> lookahead_;  // a line only_blank_left read ahead
};

}  // namespace plumb::io
