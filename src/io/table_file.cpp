// Table files: the header, the checksum, and reading and writing them whole (see table_file.hpp).
#include "plumb/io/table_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <mutex>
#include <span>

#include "plumb/encode/hash.hpp"
#include "plumb/io/environment_error.hpp"

namespace plumb::io {
namespace {

constexpr char kMagic[8] = {'P', 'L', 'U', 'M', 'B', 'T', 'B', 'L'};
// 2: the checksum in four lanes (table_checksum).
constexpr std::uint32_t kFormatVersion = 2;
// The longest kind or parameters a header may hold: anything longer is not a table file.
constexpr std::uint32_t kMaxHeaderText = 4096;

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

template <class T>
bool read_value(std::istream& in, T& value) {
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&value), sizeof value));
}

bool read_text(std::istream& in, std::string& text) {
  std::uint32_t size = 0;
  if (!read_value(in, size) || size > kMaxHeaderText) return false;
  text.resize(size);
  if (!in.read(text.data(), size)) return false;
  return std::all_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f;
  });
}

struct ParsedHeader {
  std::uint32_t format = 0;  // of another plumb when not kFormatVersion: the rest is not read
  TableHeader header{"", 0, ""};
  std::uint64_t payload_size = 0;
};

// The header at the start of `in`, or nothing if the stream does not start with one.
std::optional<ParsedHeader> parse_header(std::istream& in) {
  char magic[sizeof kMagic];
  ParsedHeader parsed;
  if (!in.read(magic, sizeof magic) || std::memcmp(magic, kMagic, sizeof magic) != 0 ||
      !read_value(in, parsed.format)) {
    return std::nullopt;
  }
  if (parsed.format != kFormatVersion) return parsed;
  if (!read_text(in, parsed.header.kind) || !read_value(in, parsed.header.version) ||
      !read_text(in, parsed.header.parameters) || !read_value(in, parsed.payload_size)) {
    return std::nullopt;
  }
  return parsed;
}

// One word into a checksum's state: checksum64's step, and each lane's of table_checksum.
constexpr std::uint64_t checksum_step(std::uint64_t h, std::uint64_t word) {
  h = (h ^ word) * 0x9fb21c651e98df25ULL;
  return h ^ (h >> 29);
}

// The checksum of a table file, its header's and payload's: checksum64's step in four lanes, each
// over every fourth word of the payload, so that the multiplications overlap and a large payload
// is checked at about memory speed; the lanes are folded into the header's checksum, and the
// payload's last words follow.
std::uint64_t table_checksum(std::span<const std::byte> head, std::span<const std::byte> payload) {
  constexpr std::size_t kLanes = 4;
  std::array<std::uint64_t, kLanes> lanes{};
  for (std::size_t lane = 0; lane < kLanes; ++lane) lanes[lane] = encode::mix64(lane + 1);
  std::size_t i = 0;
  for (; i + 8 * kLanes <= payload.size(); i += 8 * kLanes) {
    for (std::size_t lane = 0; lane < kLanes; ++lane) {
      std::uint64_t word;
      std::memcpy(&word, payload.data() + i + 8 * lane, 8);
      lanes[lane] = checksum_step(lanes[lane], word);
    }
  }
  std::uint64_t h = checksum64(head, payload.size());
  for (const std::uint64_t lane : lanes) h = encode::mix64(h ^ lane);
  return checksum64(payload.subspan(i), h);
}

// Whether a file of `file_size` bytes holds exactly the parsed header, its payload and a checksum.
bool is_whole(const ParsedHeader& parsed, std::uint64_t file_size) {
  const std::uint64_t framing = encode_header(parsed.header, 0).size() + sizeof(std::uint64_t);
  return file_size >= framing && file_size - framing == parsed.payload_size;
}

// The size of the regular file at `path`; or nothing, with `state` saying why there is none to
// read (absent, not_regular, unreadable). Nothing is opened: opening a FIFO would block.
std::optional<std::uint64_t> regular_file_size(const std::filesystem::path& path,
                                               TableFileState& state) {
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (!std::filesystem::exists(status)) {
    state = TableFileState::absent;
    return std::nullopt;
  }
  if (!std::filesystem::is_regular_file(status)) {
    state = TableFileState::not_regular;
    return std::nullopt;
  }
  const std::uint64_t size = std::filesystem::file_size(path, error);
  if (error) {
    state = TableFileState::unreadable;
    return std::nullopt;
  }
  return size;
}

// What makes a table written under `found` another than the one `expected` names, or "" if none:
// its kind, the pattern or size it was built for, or its version (another plumb's).
std::string what_differs(const TableHeader& found, const TableHeader& expected) {
  if (found.kind != expected.kind) return "of kind " + found.kind + ", not " + expected.kind;
  if (found.parameters != expected.parameters)
    return "built for " + found.parameters + ", not " + expected.parameters;
  if (found.version != expected.version) {
    return "a " + found.kind + " table of version " + std::to_string(found.version) +
           ", where this plumb reads version " + std::to_string(expected.version) +
           ": written by another version of plumb";
  }
  return "";
}

}  // namespace

std::uint64_t payload_offset(const TableHeader& header) {
  return encode_header(header, 0).size();
}

std::string_view describe(TableFileState state) {
  switch (state) {
    case TableFileState::intact:
      return "is intact";
    case TableFileState::absent:
      return "is absent";
    case TableFileState::not_regular:
      return "is not a regular file";
    case TableFileState::unreadable:
      return "cannot be read";
    case TableFileState::damaged:
      return "is damaged";
    case TableFileState::outdated:
      return "holds another table";
  }
  return "is unknown";
}

std::uint64_t checksum64(std::span<const std::byte> bytes, std::uint64_t seed) {
  std::uint64_t h = encode::mix64(seed ^ bytes.size());
  std::size_t i = 0;
  for (; i + 8 <= bytes.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes.data() + i, 8);
    h = checksum_step(h, word);
  }
  std::uint64_t tail = 0;
  if (i < bytes.size()) std::memcpy(&tail, bytes.data() + i, bytes.size() - i);
  return encode::mix64(h ^ tail);
}

void let_oversized_writes_fail() {
  static std::once_flag once;
  std::call_once(once, [] { std::signal(SIGXFSZ, SIG_IGN); });
}

void write_table_file(const std::filesystem::path& path, const TableHeader& header,
                      std::span<const std::byte> payload) {
  let_oversized_writes_fail();
  const auto fail = [&](const std::string& reason) {
    throw EnvironmentError("cannot write " + path.string() + ": " + reason);
  };
  std::error_code error;
  const std::filesystem::file_status status = std::filesystem::status(path, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    fail("something other than a regular file is in its place; plumb leaves it alone");
  }
  if (path.has_parent_path()) {
    std::filesystem::create_directories(path.parent_path(), error);
    if (error) fail(error.message());
  }
  const std::vector<std::byte> head = encode_header(header, payload.size());
  const std::uint64_t checksum = table_checksum(head, payload);
  const std::filesystem::path temporary = path.string() + ".tmp" + std::to_string(::getpid());
  std::filesystem::remove(temporary, error);  // left by a process with our id that was killed
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) fail(std::strerror(errno));
    out.write(reinterpret_cast<const char*>(head.data()),
              static_cast<std::streamsize>(head.size()));
    out.write(reinterpret_cast<const char*>(payload.data()),
              static_cast<std::streamsize>(payload.size()));
    out.write(reinterpret_cast<const char*>(&checksum), sizeof checksum);
    out.close();
    if (!out) {
      const int reason = errno;
      std::filesystem::remove(temporary, error);
      fail(std::strerror(reason));
    }
  }
  std::filesystem::rename(temporary, path, error);
  if (error) {
    const std::string reason = error.message();
    std::filesystem::remove(temporary, error);
    fail(reason);
  }
}

TableRead read_table(const std::filesystem::path& path, const TableHeader& expected) {
  TableRead result;
  const std::optional<std::uint64_t> file_size = regular_file_size(path, result.state);
  if (!file_size) return result;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    result.state = TableFileState::unreadable;
    result.detail = std::strerror(errno);
    return result;
  }
  const auto damaged = [&](std::string detail) {
    result.state = TableFileState::damaged;
    result.detail = std::move(detail);
    return std::move(result);
  };
  const std::optional<ParsedHeader> parsed = parse_header(in);
  if (!parsed) return damaged("not a plumb table");
  if (parsed->format != kFormatVersion) {
    result.state = TableFileState::outdated;
    result.detail = "a table file of format " + std::to_string(parsed->format) +
                    ", where this plumb reads format " + std::to_string(kFormatVersion) +
                    ": written by another version of plumb";
    return result;
  }
  if (!is_whole(*parsed, *file_size)) return damaged("truncated or extended");
  if (const std::string other = what_differs(parsed->header, expected); !other.empty()) {
    result.state = TableFileState::outdated;
    result.detail = other;
    return result;
  }
  std::vector<std::byte> payload(parsed->payload_size);
  std::uint64_t checksum = 0;
  in.read(reinterpret_cast<char*>(payload.data()), static_cast<std::streamsize>(payload.size()));
  if (!in || !read_value(in, checksum)) return damaged("truncated while read");
  if (checksum != table_checksum(encode_header(expected, payload.size()), payload)) {
    return damaged("a bad checksum");
  }
  result.state = TableFileState::intact;
  result.payload = std::move(payload);
  return result;
}

std::optional<std::vector<std::byte>> read_table_file(const std::filesystem::path& path,
                                                      const TableHeader& expected) {
  TableRead read = read_table(path, expected);
  if (read.state != TableFileState::intact) return std::nullopt;
  return std::move(read.payload);
}

std::optional<MappedPayload> map_table_file(const std::filesystem::path& path,
                                            const TableHeader& expected) {
  const std::optional<TableFileSummary> summary = read_table_header(path);
  if (!summary || !summary->whole || summary->header.kind != expected.kind ||
      summary->header.version != expected.version ||
      summary->header.parameters != expected.parameters) {
    return std::nullopt;
  }
  const int file = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file < 0) return std::nullopt;
  const std::vector<std::byte> head = encode_header(expected, summary->payload_size);
  const std::size_t length = head.size() + summary->payload_size + sizeof(std::uint64_t);
  struct stat opened {};
  // The file opened is the one whose header was read, or another one of the same length (a rename
  // in between): the header is compared again below, and no page lies past its end.
  void* const mapped =
      ::fstat(file, &opened) == 0 && static_cast<std::uint64_t>(opened.st_size) == length
          ? ::mmap(nullptr, length, PROT_READ, MAP_SHARED, file, 0)
          : MAP_FAILED;
  ::close(file);  // the mapping keeps the file
  if (mapped == MAP_FAILED) return std::nullopt;
  const std::shared_ptr<const std::byte> whole(
      static_cast<const std::byte*>(mapped),
      [length](const std::byte* begin) { ::munmap(const_cast<std::byte*>(begin), length); });
  const std::span<const std::byte> payload(whole.get() + head.size(), summary->payload_size);
  std::uint64_t checksum = 0;
  std::memcpy(&checksum, payload.data() + payload.size(), sizeof checksum);
  if (std::memcmp(whole.get(), head.data(), head.size()) != 0 ||
      checksum != table_checksum(head, payload)) {
    return std::nullopt;
  }
  return MappedPayload{std::shared_ptr<const std::byte>(whole, payload.data()), payload.size()};
}

std::optional<TableFileSummary> read_table_header(const std::filesystem::path& path) {
  TableFileState state = TableFileState::absent;
  const std::optional<std::uint64_t> file_size = regular_file_size(path, state);
  if (!file_size) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  const std::optional<ParsedHeader> parsed = parse_header(in);
  if (!parsed || parsed->format != kFormatVersion) return std::nullopt;
  return TableFileSummary{parsed->header, parsed->payload_size, is_whole(*parsed, *file_size)};
}

}  // namespace plumb::io
