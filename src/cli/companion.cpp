// The hand-over to the companion program (companion.hpp). The program's arguments are read back
// from /proc/self/cmdline, as the kernel keeps them.
#include "cli/companion.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

namespace plumb::cli {
namespace {

constexpr const char* kCompanion = PLUMB_COMPANION_NAME;  // set by CMake, like its install place

}  // namespace

std::string hand_over_to_companion(const std::string& what) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  std::ifstream cmdline("/proc/self/cmdline", std::ios::binary);
  std::string words{std::istreambuf_iterator<char>(cmdline), std::istreambuf_iterator<char>()};
  if (error || words.empty()) {
    return fmt::format("{} needs the program {}, and this program cannot tell where it is: {}",
                       what, kCompanion, error ? error.message() : "no /proc/self/cmdline");
  }
  if (words.back() != '\0') words.push_back('\0');
  std::vector<char*> argv;  // each word ends with its NUL
  for (std::size_t start = 0; start < words.size(); start = words.find('\0', start) + 1)
    argv.push_back(words.data() + start);
  argv.push_back(nullptr);
  const std::filesystem::path folder = self.parent_path();
  const std::array<std::filesystem::path, 2> places{
      folder / kCompanion, (folder / PLUMB_COMPANION_FROM_BINDIR / kCompanion).lexically_normal()};
  for (const std::filesystem::path& place : places) {
    if (::access(place.c_str(), X_OK) != 0) continue;
    ::execv(place.c_str(), argv.data());
    return fmt::format("{} needs the program {}, which cannot be started: {}: {}", what, kCompanion,
                       place.string(), std::strerror(errno));
  }
  return fmt::format("{} needs the program {}, installed with plumb, which is in neither {} nor {}",
                     what, kCompanion, places[0].string(), places[1].string());
}

}  // namespace plumb::cli
