// The hand-over to the companion program (companion.hpp).
#include "cli/companion.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace plumb::cli {
namespace {

constexpr const char* kCompanion = "plumb-full";

char** arguments = nullptr;

}  // namespace

void remember_arguments(char** argv) {
  arguments = argv;
}

char** remembered_arguments() {
  return arguments;
}

std::string hand_over_to_companion(char** argv, const std::string& what) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error)
    return fmt::format(
        "{} needs the program {}, and this program cannot tell where it is itself: {}", what,
        kCompanion, error.message());
  const std::filesystem::path folder = self.parent_path();
  const std::array<std::filesystem::path, 2> places{
      folder / kCompanion, folder.parent_path() / "libexec" / "plumb" / kCompanion};
  for (const std::filesystem::path& place : places) {
    if (::access(place.c_str(), X_OK) != 0) continue;
    ::execv(place.c_str(), argv);
    return fmt::format("{} needs the program {}, which cannot be started: {}: {}", what, kCompanion,
                       place.string(), std::strerror(errno));
  }
  return fmt::format("{} needs the program {}, installed with plumb, which is in neither {} nor {}",
                     what, kCompanion, places[0].string(), places[1].string());
}

}  // namespace plumb::cli
