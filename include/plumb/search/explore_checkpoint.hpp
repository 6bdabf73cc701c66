// plumb/search/explore_checkpoint.hpp: the folder in which a distributed exploration
// (distributed_explore.hpp) keeps every finished layer, so that a run that loses a process can carry
// on from its last complete layer, with any number of processes.
//
// Layer k's states are in files `layer-K.part-P-of-N`, one from each of the N processes that found
// them, each the process's part as raw items (ranks, or states), written to a temporary name and
// renamed: a file is whole or absent. The manifest (a few lines of text, written the same way, by one
// process, once every part of a layer is written) lists the complete layers, each with its size and
// its number of parts, the statistics so far and a fingerprint of the exploration; parts of a layer
// not in it are leftovers of a lost run, written again. Layers hold only the states new in them, so
// the folder grows by each layer's states once: the whole space (8 bytes a state when ranked) by the end.
// Every failure is an io::EnvironmentError naming the file.
#pragma once

#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "plumb/io/environment_error.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::search::detail {

struct CheckpointLayer {
  std::uint64_t size = 0;  // states
  int parts = 0;           // the processes that wrote it
};

struct CheckpointManifest {
  std::uint64_t fingerprint = 0;  // of the exploration: its kind, space and starts
  std::vector<CheckpointLayer> layers;
  SearchStats stats;  // the group's statistics when the last layer was found
};

class CheckpointFolder {
 public:
  explicit CheckpointFolder(std::filesystem::path folder) : folder_(std::move(folder)) {}

  const std::filesystem::path& path() const { return folder_; }

  void write_part(std::size_t layer, int part, int parts, std::span<const std::byte> bytes) const {
    std::filesystem::create_directories(folder_);
    write_atomically(part_path(layer, part, parts), bytes);
  }

  std::vector<std::byte> read_part(std::size_t layer, int part, int parts) const {
    const std::filesystem::path path = part_path(layer, part, parts);
    std::ifstream file(path, std::ios::binary);
    std::vector<std::byte> bytes;
    if (file) {
      file.seekg(0, std::ios::end);
      bytes.resize(static_cast<std::size_t>(file.tellg()));
      file.seekg(0);
      file.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    if (!file) throw io::EnvironmentError(fmt::format("cannot read the checkpoint {}", path.string()));
    return bytes;
  }

  void write_manifest(const CheckpointManifest& manifest) const {
    const SearchStats& s = manifest.stats;
    std::string text = fmt::format("{}\nfingerprint {:016x}\nstats {} {} {} {} {} {}\n", kHeader,
                                   manifest.fingerprint, s.expanded, s.generated, s.duplicates,
                                   s.peak_stored, s.iterations, s.seconds);
    for (const CheckpointLayer& layer : manifest.layers) text += fmt::format("layer {} {}\n", layer.size, layer.parts);
    std::filesystem::create_directories(folder_);
    write_atomically(folder_ / "manifest", std::as_bytes(std::span(text.data(), text.size())));
  }

  CheckpointManifest read_manifest() const {
    const std::filesystem::path path = folder_ / "manifest";
    std::ifstream file(path);
    if (!file) throw io::EnvironmentError(fmt::format("no checkpoint to resume from: cannot read {}", path.string()));
    CheckpointManifest manifest;
    std::string header, word;
    SearchStats& s = manifest.stats;
    std::getline(file, header);
    file >> word >> std::hex >> manifest.fingerprint >> std::dec;
    bool good = header == kHeader && word == "fingerprint";
    file >> word >> s.expanded >> s.generated >> s.duplicates >> s.peak_stored >> s.iterations >> s.seconds;
    good = good && word == "stats";
    CheckpointLayer layer;
    while (good && file >> word >> layer.size >> layer.parts) {
      good = word == "layer" && layer.parts > 0;
      manifest.layers.push_back(layer);
    }
    if (!good || !file.eof() || manifest.layers.empty())
      throw io::EnvironmentError(fmt::format("{} is not a checkpoint of plumb explore", path.string()));
    return manifest;
  }

 private:
  static constexpr const char* kHeader = "plumb explore checkpoint 1";

  std::filesystem::path part_path(std::size_t layer, int part, int parts) const {
    return folder_ / fmt::format("layer-{}.part-{}-of-{}", layer, part, parts);
  }

  // Writes `bytes` to a temporary file beside `path`, flushes it to the disk and renames it.
  static void write_atomically(const std::filesystem::path& path, std::span<const std::byte> bytes) {
    std::filesystem::path temporary = path;
    temporary += ".tmp";
    std::FILE* file = std::fopen(temporary.c_str(), "wb");
    bool written = file != nullptr &&
                   (bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size()) &&
                   std::fflush(file) == 0 && ::fsync(::fileno(file)) == 0;
    const int reason = errno;
    if (file != nullptr) written = std::fclose(file) == 0 && written;
    if (!written) {
      throw io::EnvironmentError(
          fmt::format("cannot write the checkpoint {}: {}", temporary.string(), std::strerror(reason)));
    }
    std::filesystem::rename(temporary, path);
  }

  std::filesystem::path folder_;
};

}  // namespace plumb::search::detail
