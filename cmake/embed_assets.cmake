# Writes OUTPUT, a C++ source defining plumb::serve::assets() (src/serve/assets.hpp): every file of
# SOURCE_DIR (the page, web/, its folders included: web/app.js is "/app.js"), each puzzle's page
# module that PAGES lists (a file setting PUZZLE_PAGES to "NAME=PATH" items, cmake/puzzles.cmake) as
# "/puzzles/NAME.js", and "/puzzles/index.js", which gathers those modules into one object, PAGES,
# by name; each as bytes, by its path under "/", with its content type (text/javascript for the ES
# modules).
# Usage: cmake -DSOURCE_DIR=web -DPAGES=puzzle_pages.cmake -DOUTPUT=web_assets.cpp -P embed_assets.cmake
include(${PAGES})
file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/*.html ${SOURCE_DIR}/*.js ${SOURCE_DIR}/*.css
  ${SOURCE_DIR}/*.svg)
list(SORT files)
set(paths "")
foreach(name ${files})
  list(APPEND paths "${name}=${SOURCE_DIR}/${name}")
endforeach()
set(index_js "// The page modules of the puzzles plumb is built with (puzzles/NAME/page.js), by name.\n")
string(APPEND index_js "// Written by the build (cmake/embed_assets.cmake): do not edit.\n")
set(names "")
foreach(page ${PUZZLE_PAGES})
  string(REGEX REPLACE "=.*" "" name "${page}")
  string(REGEX REPLACE "^[^=]*=" "" path "${page}")
  list(APPEND paths "puzzles/${name}.js=${path}")
  string(APPEND index_js "import { ${name} } from './${name}.js';\n")
  list(APPEND names ${name})
endforeach()
list(JOIN names ", " listed)
string(APPEND index_js "\nexport const PAGES = { ${listed} };\n")
file(WRITE ${OUTPUT}.index.js "${index_js}")
list(APPEND paths "puzzles/index.js=${OUTPUT}.index.js")

set(arrays "")
set(entries "")
set(index 0)
foreach(item ${paths})
  string(REGEX REPLACE "=.*" "" name "${item}")
  string(REGEX REPLACE "^[^=]*=" "" path "${item}")
  file(READ ${path} hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  get_filename_component(extension ${name} LAST_EXT)
  if(extension STREQUAL ".html")
    set(type "text/html; charset=utf-8")
  elseif(extension STREQUAL ".js")
    set(type "text/javascript; charset=utf-8")
  elseif(extension STREQUAL ".css")
    set(type "text/css; charset=utf-8")
  else()
    set(type "image/svg+xml")
  endif()
  string(APPEND arrays "const unsigned char kFile${index}[] = {${bytes}};\n")
  string(APPEND entries "      {\"/${name}\", \"${type}\", text(kFile${index}, sizeof kFile${index})},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE ${OUTPUT}.tmp "// Generated from web/ and puzzles/*/page.js by cmake/embed_assets.cmake: do not edit.
#include <array>
#include <cstddef>

#include \"serve/assets.hpp\"

namespace plumb::serve {
namespace {

std::string_view text(const unsigned char* bytes, std::size_t size) {
  return {reinterpret_cast<const char*>(bytes), size};
}

${arrays}
}  // namespace

std::span<const Asset> assets() {
  static const std::array<Asset, ${index}> table{{
${entries}  }};
  return table;
}

}  // namespace plumb::serve
")
file(COPY_FILE ${OUTPUT}.tmp ${OUTPUT} ONLY_IF_DIFFERENT)
