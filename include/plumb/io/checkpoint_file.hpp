// plumb/io/checkpoint_file.hpp: the file handling every checkpoint shares (an exploration's,
// search/explore_checkpoint.hpp; a `pdb solve` batch's, cli/pdb_checkpoint.hpp): writing a file
// whole or not at all, reading one back without trusting what is there, and the checksummed text
// lines they keep their records in, and the lock by which one run at a time writes a folder.
//
// A file is written to a temporary name beside it, flushed to the disk (fsync) and renamed over
// the old one, so that a reader finds the old file or the new one, never a part. Only regular
// files are read or replaced: a FIFO, directory or device in a file's place is left alone, never
// opened for reading (a FIFO would block) and never written into. Every failure is an
// io::EnvironmentError naming the file.
#pragma once

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_file.hpp"

namespace plumb::io {

// The error for a checkpoint file that cannot be trusted: "the checkpoint file F is damaged (WHY)".
inline EnvironmentError damaged_checkpoint(const std::filesystem::path& file,
                                           std::string_view why) {
  return EnvironmentError(
      fmt::format("the checkpoint file {} is damaged ({})", file.string(), why));
}

namespace checkpoint_file_detail {

// A file descriptor, closed at the end of its scope.
struct Descriptor {
  int fd;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

inline EnvironmentError not_regular(const std::filesystem::path& path, std::string_view doing) {
  return EnvironmentError(fmt::format(
      "cannot {} the checkpoint file {}: it is not a regular file; plumb leaves it alone", doing,
      path.string()));
}

inline EnvironmentError failed(const std::filesystem::path& path, std::string_view doing,
                               int reason) {
  return EnvironmentError(fmt::format("cannot {} the checkpoint file {}: {}", doing, path.string(),
                                      std::strerror(reason)));
}

}  // namespace checkpoint_file_detail

// The size of the regular file at `path`, found without opening it.
inline std::uint64_t regular_file_size(const std::filesystem::path& path) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status))
    throw EnvironmentError(fmt::format("the checkpoint file {} is missing", path.string()));
  if (!std::filesystem::is_regular_file(status))
    throw checkpoint_file_detail::not_regular(path, "read");
  const std::uint64_t size = std::filesystem::file_size(path, error);
  if (error) throw checkpoint_file_detail::failed(path, "read", error.value());
  return size;
}

// The bytes of the regular file at `path`; `check_size`, when given, is called with its size
// before anything is read, and throws if the file cannot be the one expected. Opened without
// blocking and checked again once open, should a FIFO have taken its place meanwhile.
inline std::vector<std::byte> read_regular_file(
    const std::filesystem::path& path,
    const std::function<void(std::uint64_t size)>& check_size = {}) {
  using namespace checkpoint_file_detail;
  const std::uint64_t size = regular_file_size(path);
  if (check_size) check_size(size);
  const Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
  struct stat opened {};
  if (file.fd < 0 || ::fstat(file.fd, &opened) != 0) throw failed(path, "read", errno);
  if (!S_ISREG(opened.st_mode)) throw not_regular(path, "read");
  if (static_cast<std::uint64_t>(opened.st_size) != size)
    throw damaged_checkpoint(path, "changed while read");
  std::vector<std::byte> bytes(size);
  for (std::size_t at = 0; at < bytes.size();) {
    const ::ssize_t got = ::read(file.fd, bytes.data() + at, bytes.size() - at);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw failed(path, "read", errno);
    if (got == 0) throw damaged_checkpoint(path, "changed while read");
    at += static_cast<std::size_t>(got);
  }
  return bytes;
}

// Writes `bytes` to `path` (in `folder`, which is made if missing) whole or not at all: to a
// temporary file beside it, flushed to the disk, then renamed. Neither the temporary nor `path` may
// be anything but a regular file: a FIFO there is never written into.
inline void write_file_atomically(const std::filesystem::path& folder,
                                  const std::filesystem::path& path,
                                  std::span<const std::byte> bytes) {
  using namespace checkpoint_file_detail;
  let_oversized_writes_fail();
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) {
    throw EnvironmentError(
        fmt::format("cannot make the checkpoint folder {}: {}", folder.string(), error.message()));
  }
  std::filesystem::path temporary = path;
  temporary += ".tmp";
  // What is at `path`, or at the temporary (opened without following a link), must be a regular
  // file or nothing.
  for (const auto& [file, status] :
       {std::pair{path, std::filesystem::status(path, error)},
        std::pair{temporary, std::filesystem::symlink_status(temporary, error)}}) {
    if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
      throw not_regular(file, "write");
  }
  {
    const Descriptor file{::open(temporary.c_str(),
                                 O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
                                 0644)};
    struct stat opened {};
    if (file.fd < 0 || ::fstat(file.fd, &opened) != 0) throw failed(temporary, "write", errno);
    if (!S_ISREG(opened.st_mode)) throw not_regular(temporary, "write");
    const auto fail = [&](int reason) {
      std::filesystem::remove(temporary, error);
      return failed(temporary, "write", reason);
    };
    for (std::size_t at = 0; at < bytes.size();) {
      const ::ssize_t put = ::write(file.fd, bytes.data() + at, bytes.size() - at);
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) throw fail(errno);
      at += static_cast<std::size_t>(put);
    }
    if (::fsync(file.fd) != 0) throw fail(errno);
  }
  std::filesystem::rename(temporary, path, error);
  if (error) throw failed(path, "write", error.value());
}

// Holds a checkpoint folder for one run: an exclusive flock on the folder itself, released when
// the lock is destroyed or its process ends (a killed run leaves nothing to clear). A second run
// asking for the folder meanwhile is refused at once, "in use by another plumb run", before it
// writes anything. With `make`, a missing folder is made; without (a resume), a missing folder is
// not held, and the reading that follows says what is missing.
class CheckpointFolderLock {
 public:
  CheckpointFolderLock(const std::filesystem::path& folder, bool make) {
    std::error_code error;
    if (make) std::filesystem::create_directories(folder, error);
    if (error) {
      throw EnvironmentError(fmt::format("cannot make the checkpoint folder {}: {}",
                                         folder.string(), error.message()));
    }
    fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) {
      if (!make) return;
      throw EnvironmentError(fmt::format("cannot open the checkpoint folder {}: {}",
                                         folder.string(), std::strerror(errno)));
    }
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int reason = errno;
      ::close(fd_);
      throw EnvironmentError(
          reason == EWOULDBLOCK
              ? fmt::format("the checkpoint folder {} is in use by another plumb run",
                            folder.string())
              : fmt::format("cannot lock the checkpoint folder {}: {}", folder.string(),
                            std::strerror(reason)));
    }
  }
  CheckpointFolderLock(CheckpointFolderLock&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  CheckpointFolderLock& operator=(CheckpointFolderLock&& other) noexcept {
    std::swap(fd_, other.fd_);
    return *this;
  }
  ~CheckpointFolderLock() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  int fd_ = -1;
};

// Throws unless `folder` is a folder that holds `file` (the checkpoint's `what`, "manifest"): the
// checkpoint a resume starts from.
inline void expect_checkpoint(const std::filesystem::path& folder,
                              const std::filesystem::path& file, std::string_view what) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(folder, error);
  if (!std::filesystem::is_directory(status)) {
    throw EnvironmentError(
        fmt::format("no checkpoint to resume from: {} {}", folder.string(),
                    std::filesystem::exists(status) ? "is not a folder" : "does not exist"));
  }
  if (!std::filesystem::exists(std::filesystem::status(file, error))) {
    throw EnvironmentError(
        fmt::format("no checkpoint to resume from: {} has no {}", folder.string(), what));
  }
}

// The checksum a checkpoint's text ends with: io::checksum64 of the lines before it.
inline std::uint64_t text_checksum(std::string_view text) {
  return checksum64(std::as_bytes(std::span(text.data(), text.size())));
}

// The text with its last line, "checksum HEX\n", which vouches for the lines before it.
inline std::string with_checksum_line(std::string text) {
  text += fmt::format("checksum {:016x}\n", text_checksum(text));
  return text;
}

// The lines before the last of `text` if that is the checksum line with_checksum_line writes for
// them; nothing if the text is truncated or any byte of it changed.
inline std::optional<std::string_view> checksummed_body(std::string_view text) {
  if (!text.ends_with('\n')) return std::nullopt;
  const std::size_t last_line = text.size() < 2 ? 0 : text.rfind('\n', text.size() - 2) + 1;
  const std::string_view body = text.substr(0, last_line);
  if (fmt::format("checksum {:016x}\n", text_checksum(body)) != text.substr(last_line))
    return std::nullopt;
  return body;
}

// The lines of `text` (each ending in '\n') after the first, each split into its words at single
// spaces; a line's last word runs to its end only if `rest_from` (the word at which it starts) is
// given, so that a record may end with free text.
inline std::vector<std::vector<std::string_view>> checkpoint_lines(
    std::string_view text, std::size_t rest_from = std::string_view::npos) {
  std::vector<std::vector<std::string_view>> lines;
  for (std::size_t at = text.find('\n') + 1, end = 0; at < text.size(); at = end + 1) {
    end = text.find('\n', at);
    std::vector<std::string_view>& words = lines.emplace_back();
    for (std::size_t word = at, space = at; word <= end; word = space + 1) {
      space = words.size() == rest_from ? end : std::min(text.find(' ', word), end);
      words.push_back(text.substr(word, space - word));
    }
  }
  return lines;
}

// Reads `text` whole as a number (hexadecimal for base 16).
template <class T>
bool parse_number(std::string_view text, T& value, int base = 10) {
  const char* end = text.data() + text.size();
  std::from_chars_result read{};
  if constexpr (std::is_floating_point_v<T>) {
    read = std::from_chars(text.data(), end, value);
  } else {
    read = std::from_chars(text.data(), end, value, base);
  }
  return read.ec == std::errc{} && read.ptr == end;
}

}  // namespace plumb::io
