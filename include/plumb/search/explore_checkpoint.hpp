// plumb/search/explore_checkpoint.hpp: the folder in which a distributed exploration
// (distributed_explore.hpp) keeps every finished layer, so that a run that loses a process can
// carry on from its last complete layer, with any number of processes.
//
// Layer k's states are in files `layer-K.part-P-of-N`, one from each of the N processes that found
// them, each the process's part as raw items (ranks, or states), written to a temporary name and
// renamed: a file is whole or absent. The manifest (a few lines of text, written the same way, by
// one process, once every part of a layer is written) lists the complete layers, each with its size
// and each of its parts' size in bytes and checksum (io::checksum64), the statistics so far, a
// fingerprint of the exploration, and ends with the checksum of the lines before it; parts of a
// layer not in it are leftovers of a lost run, written again. Layers hold only the states new in
// them, so the folder grows by each layer's states once: the whole space (8 bytes a state when
// ranked) by the end.
//
// Nothing in the folder is trusted: a resume reads only what the manifest vouches for, and a
// manifest or part that is missing, damaged (a bad checksum, another size), of another format
// version, or not a regular file is an io::EnvironmentError naming the file. Only regular files are
// read or replaced: a FIFO, directory or device in a file's place is left alone, never opened for
// reading (a FIFO would block) and never written into.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "plumb/io/environment_error.hpp"
#include "plumb/io/table_file.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search::detail {

// One process's part of a layer, as the manifest vouches for it.
struct CheckpointPart {
  std::uint64_t bytes = 0;
  std::uint64_t checksum = 0;  // io::checksum64 of its bytes
};

struct CheckpointLayer {
  std::uint64_t size = 0;             // states
  std::vector<CheckpointPart> parts;  // one from each process that wrote it
};

struct CheckpointManifest {
  std::uint64_t fingerprint = 0;  // of the exploration: its kind, space and starts
  std::vector<CheckpointLayer> layers;
  SearchStats stats;  // the group's statistics when the last layer was found
};

// The error for a checkpoint file that cannot be trusted: "the checkpoint file F is damaged (WHY)".
inline io::EnvironmentError damaged_checkpoint(const std::filesystem::path& file,
                                               std::string_view why) {
  return io::EnvironmentError(
      fmt::format("the checkpoint file {} is damaged ({})", file.string(), why));
}

class CheckpointFolder {
 public:
  explicit CheckpointFolder(std::filesystem::path folder) : folder_(std::move(folder)) {}

  const std::filesystem::path& path() const { return folder_; }

  std::filesystem::path part_path(std::size_t layer, int part, int parts) const {
    return folder_ / fmt::format("layer-{}.part-{}-of-{}", layer, part, parts);
  }

  // Writes a part; returns what the manifest is to vouch for.
  CheckpointPart write_part(std::size_t layer, int part, int parts,
                            std::span<const std::byte> bytes) const {
    write_atomically(part_path(layer, part, parts), bytes);
    return {bytes.size(), io::checksum64(bytes)};
  }

  // A part's bytes, checked against the manifest's size and checksum.
  std::vector<std::byte> read_part(std::size_t layer, int part, int parts,
                                   const CheckpointPart& vouched) const {
    const std::filesystem::path path = part_path(layer, part, parts);
    std::vector<std::byte> bytes = read_regular_file(path, vouched.bytes);
    if (io::checksum64(bytes) != vouched.checksum) throw damaged_checkpoint(path, "a bad checksum");
    return bytes;
  }

  // Checks, without reading it, that a part is a regular file of the manifest's size: for the
  // parts a process has no states in.
  void check_part(std::size_t layer, int part, int parts, const CheckpointPart& vouched) const {
    const std::filesystem::path path = part_path(layer, part, parts);
    check_size(path, regular_file_size(path), vouched.bytes);
  }

  void write_manifest(const CheckpointManifest& manifest) const {
    const SearchStats& s = manifest.stats;
    std::string text = fmt::format("{}{}\nfingerprint {:016x}\nstats {} {} {} {} {} {}\n", kHeader,
                                   kVersion, manifest.fingerprint, s.expanded, s.generated,
                                   s.duplicates, s.peak_stored, s.iterations, s.seconds);
    for (const CheckpointLayer& layer : manifest.layers) {
      text += fmt::format("layer {} {}\n", layer.size, layer.parts.size());
      for (const CheckpointPart& part : layer.parts)
        text += fmt::format("part {} {:016x}\n", part.bytes, part.checksum);
    }
    text += fmt::format("checksum {:016x}\n", text_checksum(text));
    write_atomically(manifest_path(), std::as_bytes(std::span(text.data(), text.size())));
  }

  // The manifest, checked whole and consistent: its checksum, each layer's parts holding its
  // states in items of `item_size` bytes, and the statistics those layers give.
  CheckpointManifest read_manifest(std::size_t item_size) const {
    std::error_code error;
    const std::filesystem::file_status folder = std::filesystem::status(folder_, error);
    if (!std::filesystem::is_directory(folder)) {
      throw io::EnvironmentError(
          fmt::format("no checkpoint to resume from: {} {}", folder_.string(),
                      std::filesystem::exists(folder) ? "is not a folder" : "does not exist"));
    }
    const std::filesystem::path path = manifest_path();
    if (!std::filesystem::exists(std::filesystem::status(path, error)))
      throw io::EnvironmentError(
          fmt::format("no checkpoint to resume from: {} has no manifest", folder_.string()));
    const std::vector<std::byte> bytes = read_regular_file(path);
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (!text.starts_with(kHeader))
      throw io::EnvironmentError(
          fmt::format("{} is not the manifest of a plumb explore checkpoint", path.string()));
    if (!text.starts_with(fmt::format("{}{}\n", kHeader, kVersion))) {
      throw io::EnvironmentError(fmt::format(
          "{} is a checkpoint of another version of plumb, which this one cannot read (it reads "
          "version {} only): start the exploration again",
          path.string(), kVersion));
    }
    const std::size_t last_line = text.size() < 2 ? 0 : text.rfind('\n', text.size() - 2) + 1;
    const std::string_view body = text.substr(0, last_line);
    if (fmt::format("checksum {:016x}\n", text_checksum(body)) != text.substr(last_line))
      throw damaged_checkpoint(path, "a bad checksum");
    CheckpointManifest manifest = parse_manifest(body);
    if (const std::string why = disagreement(manifest, item_size); !why.empty())
      throw damaged_checkpoint(path, why);
    return manifest;
  }

 private:
  static constexpr std::string_view kHeader = "plumb explore checkpoint ";
  static constexpr int kVersion = 2;  // 2: every part's size and checksum, and the manifest's own

  // A file descriptor, closed at the end of its scope.
  struct Descriptor {
    int fd;
    ~Descriptor() {
      if (fd >= 0) ::close(fd);
    }
  };

  std::filesystem::path manifest_path() const { return folder_ / "manifest"; }

  static std::uint64_t text_checksum(std::string_view text) {
    return io::checksum64(std::as_bytes(std::span(text.data(), text.size())));
  }

  static io::EnvironmentError not_regular(const std::filesystem::path& path,
                                          std::string_view doing) {
    return io::EnvironmentError(fmt::format(
        "cannot {} the checkpoint file {}: it is not a regular file; plumb leaves it alone", doing,
        path.string()));
  }

  static io::EnvironmentError failed(const std::filesystem::path& path, std::string_view doing,
                                     int reason) {
    return io::EnvironmentError(fmt::format("cannot {} the checkpoint file {}: {}", doing,
                                            path.string(), std::strerror(reason)));
  }

  // The size of the regular file at `path`, found without opening it.
  static std::uint64_t regular_file_size(const std::filesystem::path& path) {
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status))
      throw io::EnvironmentError(fmt::format("the checkpoint file {} is missing", path.string()));
    if (!std::filesystem::is_regular_file(status)) throw not_regular(path, "read");
    const std::uint64_t size = std::filesystem::file_size(path, error);
    if (error) throw failed(path, "read", error.value());
    return size;
  }

  static void check_size(const std::filesystem::path& path, std::uint64_t size,
                         std::uint64_t vouched) {
    if (size != vouched)
      throw damaged_checkpoint(path,
                               fmt::format("{} bytes where the manifest says {}", size, vouched));
  }

  // The bytes of the regular file at `path`; `vouched`, when given, the size it must have. Opened
  // without blocking and checked again once open, should a FIFO have taken its place meanwhile.
  static std::vector<std::byte> read_regular_file(
      const std::filesystem::path& path, std::optional<std::uint64_t> vouched = std::nullopt) {
    const std::uint64_t size = regular_file_size(path);
    if (vouched) check_size(path, size, *vouched);
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

  // Writes `bytes` to a temporary file beside `path`, flushes it to the disk and renames it.
  // Neither the temporary nor `path` may be anything but a regular file: a FIFO there is never
  // written into.
  void write_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes) const {
    std::error_code error;
    std::filesystem::create_directories(folder_, error);
    if (error) {
      throw io::EnvironmentError(fmt::format("cannot make the checkpoint folder {}: {}",
                                             folder_.string(), error.message()));
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
      const Descriptor file{
          ::open(temporary.c_str(),
                 O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644)};
      struct stat opened {};
      if (file.fd < 0 || ::fstat(file.fd, &opened) != 0) throw failed(temporary, "write", errno);
      if (!S_ISREG(opened.st_mode)) throw not_regular(temporary, "write");
      for (std::size_t at = 0; at < bytes.size();) {
        const ::ssize_t put = ::write(file.fd, bytes.data() + at, bytes.size() - at);
        if (put < 0 && errno == EINTR) continue;
        if (put < 0) throw failed(temporary, "write", errno);
        at += static_cast<std::size_t>(put);
      }
      if (::fsync(file.fd) != 0) throw failed(temporary, "write", errno);
    }
    std::filesystem::rename(temporary, path, error);
    if (error) throw failed(path, "write", error.value());
  }

  // Reads `text` whole as a number (hexadecimal for base 16).
  template <class T>
  static bool number(std::string_view text, T& value, int base = 10) {
    const char* end = text.data() + text.size();
    std::from_chars_result read{};
    if constexpr (std::is_floating_point_v<T>) {
      read = std::from_chars(text.data(), end, value);
    } else {
      read = std::from_chars(text.data(), end, value, base);
    }
    return read.ec == std::errc{} && read.ptr == end;
  }

  // The manifest's lines after its header, each a word and its numbers, exactly as write_manifest
  // writes them; throws if they are anything else.
  CheckpointManifest parse_manifest(std::string_view body) const {
    std::vector<std::vector<std::string_view>> lines;  // each line's words
    for (std::size_t at = body.find('\n') + 1, end = 0; at < body.size(); at = end + 1) {
      end = body.find('\n', at);
      std::vector<std::string_view>& words = lines.emplace_back();
      for (std::size_t word = at, space = at; word <= end; word = space + 1) {
        space = std::min(body.find(' ', word), end);
        words.push_back(body.substr(word, space - word));
      }
    }
    const auto is = [&](std::size_t line, std::string_view word, std::size_t values) {
      return line < lines.size() && lines[line].size() == values + 1 && lines[line][0] == word;
    };
    CheckpointManifest manifest;
    SearchStats& s = manifest.stats;
    bool good = is(0, "fingerprint", 1) && number(lines[0][1], manifest.fingerprint, 16) &&
                is(1, "stats", 6) && number(lines[1][1], s.expanded) &&
                number(lines[1][2], s.generated) && number(lines[1][3], s.duplicates) &&
                number(lines[1][4], s.peak_stored) && number(lines[1][5], s.iterations) &&
                number(lines[1][6], s.seconds);
    for (std::size_t line = 2; good && line < lines.size();) {
      CheckpointLayer& layer = manifest.layers.emplace_back();
      std::size_t parts = 0;
      good = is(line, "layer", 2) && number(lines[line][1], layer.size) &&
             number(lines[line][2], parts) && parts > 0;
      for (++line; good && parts-- > 0; ++line) {
        CheckpointPart& part = layer.parts.emplace_back();
        good = is(line, "part", 2) && number(lines[line][1], part.bytes) &&
               number(lines[line][2], part.checksum, 16);
      }
    }
    if (!good || manifest.layers.empty())
      throw damaged_checkpoint(manifest_path(), "not as written");
    return manifest;
  }

  // What in a manifest does not add up (empty if nothing): a layer's parts must hold its states,
  // and the statistics must be those of having expanded every layer but the last.
  static std::string disagreement(const CheckpointManifest& manifest, std::size_t item_size) {
    std::uint64_t expanded = 0;  // the states of the layers before the last
    std::uint64_t found = 0;     // the states of the layers after the first
    for (std::size_t layer = 0; layer < manifest.layers.size(); ++layer) {
      std::uint64_t bytes = 0;
      for (const CheckpointPart& part : manifest.layers[layer].parts) bytes += part.bytes;
      const std::uint64_t size = manifest.layers[layer].size;
      if (bytes % item_size != 0 || bytes / item_size != size)
        return fmt::format("layer {}'s parts hold {} bytes, not {} states", layer, bytes, size);
      if (layer + 1 < manifest.layers.size()) expanded += size;
      if (layer > 0) found += size;
    }
    const SearchStats& s = manifest.stats;
    if (s.iterations + 1 != manifest.layers.size() || s.expanded != expanded ||
        s.duplicates + found != s.generated)
      return "statistics that disagree with its layers";
    return "";
  }

  std::filesystem::path folder_;
};

}  // namespace plumb::search::detail
