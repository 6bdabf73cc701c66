#include "plumb/version.hpp"

#include "plumb_git_commit.hpp"  // generated at build time by cmake/git_commit.cmake

namespace plumb {

std::string_view version() {
  return PLUMB_VERSION;
}

std::string_view git_commit() {
  return PLUMB_GIT_COMMIT;
}

}  // namespace plumb
