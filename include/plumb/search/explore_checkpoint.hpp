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
// version, or not a regular file is an io::EnvironmentError naming the file. Files are written and
// read as io/checkpoint_file.hpp does: whole or not at all, and only where a regular file may be.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "plumb/io/checkpoint_file.hpp"
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

using io::damaged_checkpoint;

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
    std::vector<std::byte> bytes = read_part_file(path, vouched.bytes);
    if (io::checksum64(bytes) != vouched.checksum) throw damaged_checkpoint(path, "a bad checksum");
    return bytes;
  }

  // Checks, without reading it, that a part is a regular file of the manifest's size: for the
  // parts a process has no states in.
  void check_part(std::size_t layer, int part, int parts, const CheckpointPart& vouched) const {
    const std::filesystem::path path = part_path(layer, part, parts);
    check_size(path, io::regular_file_size(path), vouched.bytes);
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
    text = io::with_checksum_line(std::move(text));
    write_atomically(manifest_path(), std::as_bytes(std::span(text.data(), text.size())));
  }

  // The manifest, checked whole and consistent: its checksum, each layer's parts holding its
  // states in items of `item_size` bytes, and the statistics those layers give.
  CheckpointManifest read_manifest(std::size_t item_size) const {
    const std::filesystem::path path = manifest_path();
    io::expect_checkpoint(folder_, path, "manifest");
    // Every layer has a part from each process, each a file in the folder: a manifest larger than
    // the folder's files can take is refused before it is read.
    std::error_code error;
    const auto files = static_cast<std::uint64_t>(
        std::distance(std::filesystem::directory_iterator(folder_, error), {}));
    const std::uint64_t most = kManifestHeadBytes + kManifestBytesPerFile * files;
    const std::vector<std::byte> bytes = io::read_regular_file(path, [&](std::uint64_t size) {
      if (size > most) {
        throw damaged_checkpoint(
            path, fmt::format("{} bytes, more than a manifest of a folder of {} files takes", size,
                              files));
      }
    });
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    if (!text.starts_with(kHeader))
      throw io::EnvironmentError(
          fmt::format("{} is not the manifest of a plumb explore checkpoint", path.string()));
    const std::string_view first_line = text.substr(0, text.find('\n'));
    int version = 0;
    if (!io::parse_number(first_line.substr(kHeader.size()), version))
      throw damaged_checkpoint(path, "not as written");
    if (version != kVersion) {
      throw io::EnvironmentError(
          fmt::format("{} is a checkpoint of version {}, written by another version of plumb, "
                      "which this one cannot read (it reads version {} only): start the "
                      "exploration again",
                      path.string(), version, kVersion));
    }
    const std::optional<std::string_view> body = io::checksummed_body(text);
    if (!body) throw damaged_checkpoint(path, "a bad checksum");
    CheckpointManifest manifest = parse_manifest(*body);
    if (const std::string why = disagreement(manifest, item_size); !why.empty())
      throw damaged_checkpoint(path, why);
    return manifest;
  }

 private:
  static constexpr std::string_view kHeader = "plumb explore checkpoint ";
  // The most bytes a manifest takes: its first lines, then a layer's line and a part's line (each
  // under 64 bytes) for each part file.
  static constexpr std::uint64_t kManifestHeadBytes = 4096;
  static constexpr std::uint64_t kManifestBytesPerFile = 128;
  static constexpr int kVersion = 2;  // 2: every part's size and checksum, and the manifest's own

  std::filesystem::path manifest_path() const { return folder_ / "manifest"; }

  // A part's bytes, which must be as many as the manifest says.
  static std::vector<std::byte> read_part_file(const std::filesystem::path& path,
                                               std::uint64_t vouched) {
    return io::read_regular_file(path,
                                 [&](std::uint64_t size) { check_size(path, size, vouched); });
  }

  void write_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes) const {
    io::write_file_atomically(folder_, path, bytes);
  }

  static void check_size(const std::filesystem::path& path, std::uint64_t size,
                         std::uint64_t vouched) {
    if (size != vouched)
      throw damaged_checkpoint(path,
                               fmt::format("{} bytes where the manifest says {}", size, vouched));
  }

  // The manifest's lines after its header, each a word and its numbers, exactly as write_manifest
  // writes them; throws if they are anything else.
  CheckpointManifest parse_manifest(std::string_view body) const {
    const std::vector<std::vector<std::string_view>> lines = io::checkpoint_lines(body);
    const auto is = [&](std::size_t line, std::string_view word, std::size_t values) {
      return line < lines.size() && lines[line].size() == values + 1 && lines[line][0] == word;
    };
    CheckpointManifest manifest;
    SearchStats& s = manifest.stats;
    bool good =
        is(0, "fingerprint", 1) && io::parse_number(lines[0][1], manifest.fingerprint, 16) &&
        is(1, "stats", 6) && io::parse_number(lines[1][1], s.expanded) &&
        io::parse_number(lines[1][2], s.generated) && io::parse_number(lines[1][3], s.duplicates) &&
        io::parse_number(lines[1][4], s.peak_stored) &&
        io::parse_number(lines[1][5], s.iterations) && io::parse_number(lines[1][6], s.seconds);
    for (std::size_t line = 2; good && line < lines.size();) {
      CheckpointLayer& layer = manifest.layers.emplace_back();
      std::size_t parts = 0;
      good = is(line, "layer", 2) && io::parse_number(lines[line][1], layer.size) &&
             io::parse_number(lines[line][2], parts) && parts > 0;
      for (++line; good && parts-- > 0; ++line) {
        CheckpointPart& part = layer.parts.emplace_back();
        good = is(line, "part", 2) && io::parse_number(lines[line][1], part.bytes) &&
               io::parse_number(lines[line][2], part.checksum, 16);
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
