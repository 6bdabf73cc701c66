// plumb/version.hpp: the library's version, as the CMake project declares it (its one place), and
// the git commit it was built from.
#pragma once

#include <string_view>

namespace plumb {

std::string_view version();
// The short commit hash, with "-dirty" when the tree had changes; "unknown" outside a git checkout.
std::string_view git_commit();

}  // namespace plumb
