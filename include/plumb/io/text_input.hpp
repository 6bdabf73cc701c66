// plumb/io/text_input.hpp: TextInput, a reader of puzzle input that knows its file name and line
// numbers, and InputError, the one exception bad input raises.
//
// Puzzles parse their contest formats through it, reading whole lines or white-space separated
// tokens (a token never spans lines). Every error names the file and the line it was found on; the
// program prints it as `plumb: FILE:LINE: MESSAGE` (see InputError::located) and exits with status
// 2. Input text echoed into a message goes through quote(), so a message stays short, printable and
// whole whatever the input holds; a file's name is shown printable too.
//
// A line is held whole, so its length is bounded (ReadLimits::max_line_bytes: a front end gives the
// puzzle's, more than any of its datasets needs); a longer one is an input error naming it, found
// when the bound is passed, not at the line's end, which may never come. A file or a pipe (open())
// is read with read(2) and never waited on for long: before each read, at least every 0.1 s while
// it waits and before a line's buffer grows past a chunk, the reader asks its watch
// (ReadLimits::watch) whether to go on, which is how a front end stops a read at an interrupt or a
// memory limit.
#pragma once

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <functional>
#include <istream>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/counted.hpp"

namespace plumb::io {

// Bad input. `file` is what the input is called ("<stdin>", a path, an option such as "--size"),
// empty when the message names it itself ("cannot open FILE: ..."); `line` is 0 when the error is
// about the input as a whole (an empty file) rather than one of its lines.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, const std::string& message)
      : std::runtime_error(message), file_(std::move(file)), line_(line) {}
  const std::string& file() const { return file_; }
  int line() const { return line_; }

  // The message with where it was found, as the program prints it after "plumb: ":
  // "FILE:LINE: MESSAGE", "FILE: MESSAGE" (line 0) or "MESSAGE" (no file).
  std::string located() const {
    if (file_.empty()) return what();
    if (line_ == 0) return file_ + ": " + what();
    return file_ + ":" + std::to_string(line_) + ": " + what();
  }

 private:
  std::string file_;
  int line_;
};

// How much of a piece of input quote() shows by default.
inline constexpr std::size_t kQuotedLength = 40;

// Input text with every byte that is not printable ASCII escaped (\0, \t, \n, \r, \xHH; a
// backslash as \\), at most `limit` bytes of it followed by "..." when there is more, so that
// nothing from the input can cut, flood or drive the terminal.
inline std::string printable(std::string_view text,
                             std::size_t limit = std::numeric_limits<std::size_t>::max()) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string shown;
  for (const char c : text.substr(0, limit)) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '\0':
        shown += "\\0";
        break;
      case '\t':
        shown += "\\t";
        break;
      case '\n':
        shown += "\\n";
        break;
      case '\r':
        shown += "\\r";
        break;
      case '\\':
        shown += "\\\\";
        break;
      default:
        if (byte >= 0x20 && byte < 0x7f) {
          shown += c;
        } else {
          shown += "\\x";
          shown += kHex[byte >> 4];
          shown += kHex[byte & 15];
        }
    }
  }
  if (text.size() > limit) shown += "...";
  return shown;
}

// Input text as an error message shows it: printable(), in single quotes, at most `limit` bytes.
inline std::string quote(std::string_view text, std::size_t limit = kQuotedLength) {
  return "'" + printable(text, limit) + "'";
}

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

// Where a read stands when it asks its watch whether to go on (ReadLimits::watch).
struct ReadProgress {
  std::string_view input;  // the input's name, as messages show it
  int line = 0;            // the line being read
  std::size_t bytes = 0;   // what the line's buffer is about to take; 0 before a read of the input
};

// How far a TextInput reads: lines of at most `max_line_bytes`, and `watch`, when set, asked before
// each read of the input, at least every 0.1 s while a file or a pipe keeps it waiting, and before
// a line's buffer grows past kReadChunkBytes (then at each doubling). The watch throws to stop the
// read; what it throws comes out of the TextInput call that was reading.
struct ReadLimits {
  std::size_t max_line_bytes = std::numeric_limits<std::size_t>::max();
  std::function<void(const ReadProgress&)> watch = {};  // none: every read goes on
};

// How much a TextInput asks its input for at a time.
inline constexpr std::size_t kReadChunkBytes = std::size_t{1} << 16;

// Where a TextInput's bytes come from: a stream (TextInput's constructor) or a file descriptor
// (TextInput::open).
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // Reads at most buffer.size() bytes into `buffer`: at least one, or 0 at the end. Calls
  // `waiting` before each read, and at least every 0.1 s while nothing is there to read; what it
  // throws stops the read.
  virtual std::size_t read_some(std::span<char> buffer, const std::function<void()>& waiting) = 0;
};

// The bytes of a stream, as many at a time as it has at hand (at least one, which may wait).
class StreamSource final : public ByteSource {
 public:
  explicit StreamSource(std::istream& stream) : stream_(stream) {}
  std::size_t read_some(std::span<char> buffer, const std::function<void()>& waiting) override {
    waiting();
    std::streambuf& bytes = *stream_.rdbuf();
    const std::streamsize wanted = std::clamp<std::streamsize>(
        bytes.in_avail(), 1, static_cast<std::streamsize>(buffer.size()));
    return static_cast<std::size_t>(bytes.sgetn(buffer.data(), wanted));
  }

 private:
  std::istream& stream_;
};

class TextInput {
 public:
  // Reads `stream`, which must outlive this object; `name` is what errors call it.
  TextInput(std::istream& stream, std::string name, ReadLimits limits = {})
      : TextInput(std::make_shared<StreamSource>(stream), std::move(name), std::move(limits)) {}

  // Opens a file, or standard input for "-" (named "<stdin>"; a file is named by its path, made
  // printable), to read with `limits`. Throws InputError if it cannot, or if it is a directory:
  // "cannot open 'FILE': No such file or directory", "cannot read 'FILE': is a directory"; and,
  // from a read that fails, "cannot read 'FILE': REASON". Opening a FIFO does not wait for its
  // writer (the first read does, watched).
  static TextInput open(const std::string& path, ReadLimits limits = {});

  const std::string& name() const { return name_; }

  // Puts `watch` in the place of the limits' watch (ReadLimits) and returns the one it replaces: a
  // caller that reads on another thread adds a check of its own so, and puts the old one back.
  std::function<void(const ReadProgress&)> replace_watch(
      std::function<void(const ReadProgress&)> watch) {
    std::swap(limits_.watch, watch);
    return watch;
  }

  // The number of the line read last (1-based; 0 before the first).
  int line_number() const { return line_number_; }

  // Reads the next line (dropping what is left of a line partly read as tokens); false at the end.
  // Throws InputError for a line longer than the limits allow.
  bool next_line(std::string& line) {
    pending_.clear();
    position_ = 0;
    if (lookahead_) {
      line = std::move(*lookahead_);
      lookahead_.reset();
      return true;
    }
    line.clear();
    for (bool read_any = false;; read_any = true) {
      if (chunk_begin_ == chunk_end_ && !fill_chunk()) {
        if (!read_any) return false;
        break;
      }
      const std::string_view rest(chunk_.data() + chunk_begin_, chunk_end_ - chunk_begin_);
      const std::size_t end = std::min(rest.find('\n'), rest.size());
      append_to_line(line, rest.substr(0, end));
      chunk_begin_ += end;
      if (end < rest.size()) {
        ++chunk_begin_;
        break;
      }
    }
    ++line_number_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }

  // Whether nothing but white space is left. Reads ahead to the next line that is not blank, which
  // the next read returns (line_number() already counts it).
  bool only_blank_left() {
    if (lookahead_ || pending_.find_first_not_of(" \t\r\f\v", position_) != std::string::npos)
      return false;
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
      while (position_ < pending_.size() &&
             std::isspace(static_cast<unsigned char>(pending_[position_]))) {
        ++position_;
      }
      if (position_ < pending_.size()) break;
      std::string line;
      if (!next_line(line)) return std::nullopt;
      pending_ = std::move(line);
    }
    const std::size_t start = position_;
    while (position_ < pending_.size() &&
           !std::isspace(static_cast<unsigned char>(pending_[position_]))) {
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
    if (!value) fail("expected " + std::string(what) + ", found " + quote(*token));
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
  TextInput(std::shared_ptr<ByteSource> source, std::string name, ReadLimits limits)
      : source_(std::move(source)), name_(std::move(name)), limits_(std::move(limits)) {}

  // Asks the watch whether to go on, for the line being read.
  void watch(std::size_t bytes) const {
    if (limits_.watch) limits_.watch(ReadProgress{name_, line_number_ + 1, bytes});
  }

  // Reads the next chunk of the input; false at its end.
  bool fill_chunk() {
    if (chunk_.empty()) chunk_.resize(kReadChunkBytes);
    chunk_begin_ = 0;
    chunk_end_ = source_->read_some(chunk_, [this] { watch(0); });
    return chunk_end_ != 0;
  }

  // Adds `piece` to the line being read, within the bound on its length; a buffer growing past a
  // chunk doubles, the watch told first.
  void append_to_line(std::string& line, std::string_view piece) {
    const std::size_t length = line.size() + piece.size();
    if (length > limits_.max_line_bytes) {
      fail_at(line_number_ + 1,
              fmt::format("the line is longer than {} bytes ({}), more than any dataset needs",
                          limits_.max_line_bytes,
                          human_bytes(static_cast<double>(limits_.max_line_bytes))));
    }
    if (length > line.capacity() && length > kReadChunkBytes) {
      const std::size_t capacity =
          std::max(length, std::min(2 * line.capacity(), limits_.max_line_bytes));
      watch(capacity);
      line.reserve(capacity);
    }
    line.append(piece);
  }

  std::shared_ptr<ByteSource> source_;
  std::string name_;
  ReadLimits limits_;
  int line_number_ = 0;
  std::vector<char> chunk_;  // input read and not yet taken: [chunk_begin_, chunk_end_)
  std::size_t chunk_begin_ = 0;
  std::size_t chunk_end_ = 0;
  std::string pending_;  // the line tokens are being read from
  std::size_t position_ = 0;
  std::optional<std::string> lookahead_;  // a line only_blank_left read ahead
};

}  // namespace plumb::io
