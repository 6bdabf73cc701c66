// cli/git_commit.hpp: the git commit the program is built from, for `plumb --version`: its short
// hash, with "-dirty" when the tree had changes, or "unknown" outside a git checkout. Defined in a
// source the build writes at every build (cmake/git_commit.cmake).
#pragma once

#include <string_view>

namespace plumb::cli {

std::string_view git_commit();

}  // namespace plumb::cli
