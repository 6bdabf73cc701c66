// plumb/version.hpp: the library's version, as the CMake project declares it.
#pragma once

#include <string_view>

namespace plumb {

std::string_view version();

}  // namespace plumb
