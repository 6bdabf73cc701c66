#include "plumb/io/table_file.hpp"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

#include "plumb/encode/hash.hpp"

namespace plumb::io {
namespace {

constexpr char kMagic[8] = {'P', 'L', 'U', 'M', 'B', 'T', 'B', 'L'};
constexpr std::uint32_t kFormatVersion = 1;

void append_bytes(std::vector<std::byte>& out, const void* data, std::size_t size) {
  const std::size_t offset = out.size();
  out.resize(offset + size);
  if (size != 0) std::memcpy(out.data() + offset, data, size);
}

template <class T>
void append_value(std::vector<std::byte>& out, T value) {
  append_bytes(out, &value, sizeof value);
}

void append_string(std::vector<std::byte>& out, const std::string& text) {
  append_value<std::uint32_t>(out, static_cast<std::uint32_t>(text.size()));
  append_bytes(out, text.data(), text.size());
}

std::vector<std::byte> encode_header(const TableHeader& header, std::uint64_t payload_size) {
  std::vector<std::byte> out;
  append_bytes(out, kMagic, sizeof kMagic);
  append_value(out, kFormatVersion);
  append_string(out, header.kind);
  append_value(out, header.version);
  append_string(out, header.parameters);
  append_value(out, payload_size);
  return out;
}

}  // namespace

std::filesystem::path cache_directory() {
  std::filesystem::path dir;
  if (const char* env = std::getenv("PLUMB_CACHE"); env != nullptr && *env != '\0') {
    dir = env;
  } else if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    dir = std::filesystem::path(xdg) / "plumb";
  } else if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    dir = std::filesystem::path(home) / ".cache" / "plumb";
  } else {
    dir = std::filesystem::temp_directory_path() / "plumb-cache";
  }
  std::filesystem::create_directories(dir);
  return dir;
}

std::uint64_t checksum64(std::span<const std::byte> bytes, std::uint64_t seed) {
  std::uint64_t h = encode::mix64(seed ^ bytes.size());
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    h = (h ^ word) * 0x9fb21c651e98df25ULL;
    h ^= h >> 29;
  }
  std::uint64_t tail = 0;
  if (i < bytes.size()) std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  return encode::mix64(h ^ tail);
}

void write_table_file(const std::filesystem::path& path, const TableHeader& header,
                      std::span<const std::byte> payload) {
  const std::vector<std::byte> head = encode_header(header, payload.size());
  const std::uint64_t checksum = checksum64(payload, checksum64(head));
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path());
  const std::filesystem::path temporary = path.string() + ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(head.data()), static_cast<std::streamsize>(head.size()));
    out.write(reinterpret_cast<const char*>(payload.data()), static_cast<std::streamsize>(payload.size()));
    out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
    if (!out) {
      std::filesystem::remove(temporary);
      throw std::runtime_error("cannot write " + path.string());
    }
  }
  std::filesystem::rename(temporary, path);
}

std::optional<std::vector<std::byte>> read_table_file(const std::filesystem::path& path,
                                                      const TableHeader& expected) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  const std::uint64_t file_size = std::filesystem::file_size(path);
  // The header of a matching file is exactly what we would write for it; its size comes last.
  std::vector<std::byte> head = encode_header(expected, 0);
  const std::size_t size_offset = head.size() - sizeof(std::uint64_t);
  std::vector<std::byte> found(head.size());
  if (!in.read(reinterpret_cast<char*>(found.data()), static_cast<std::streamsize>(found.size()))) {
    return std::nullopt;
  }
  if (std::memcmp(found.data(), head.data(), size_offset) != 0) return std::nullopt;
  std::uint64_t payload_size = 0;
  std::memcpy(&payload_size, found.data() + size_offset, sizeof payload_size);
  if (file_size != head.size() + payload_size + sizeof(std::uint64_t)) return std::nullopt;
  std::vector<std::byte> payload(payload_size);
  std::uint64_t checksum = 0;
  in.read(reinterpret_cast<char*>(payload.data()), static_cast<std::streamsize>(payload_size));
  in.read(reinterpret_cast<char*>(&checksum), sizeof checksum);
  if (!in || checksum != checksum64(payload, checksum64(found))) return std::nullopt;
  return payload;
}

}  // namespace plumb::io
