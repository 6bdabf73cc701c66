// serve/assets.hpp: the page's files (web/), compiled into the program at build time by
// cmake/embed_assets.cmake, so that the page works offline and the server reads no file for it.
#pragma once

#include <span>
#include <string_view>

namespace plumb::serve {

struct Asset {
  std::string_view path;          // as requested: "/index.html", "/app.js"
  std::string_view content_type;  // "text/html; charset=utf-8"
  std::string_view body;
};

// Every file of web/, by path.
std::span<const Asset> assets();

}  // namespace plumb::serve
