// serve/routes.hpp: what `plumb serve` answers, wired into a cpp-httplib server apart from its
// sockets (serve/server.hpp), so that a fuzz target can drive it through a stream in memory.
//
// GET / and the page's files, GET /lib/PUZZLE/NAME (the files of a puzzle's page library, when the
// server has them), GET /api/puzzles and /api/progress/ID, POST /api/solve,
// /api/explore, /api/read, /api/scramble and /api/distance (serve/api.hpp), whose bodies are read
// up to `max_body_bytes` however they are framed (a Content-Length, chunks, or up to the
// connection's end; past the limit 413, without reading the rest). A request no route takes is
// answered 404 without its body read. Every refusal, httplib's own included, is JSON
// {"error": MESSAGE} with a short, printable message, and no answer fails to be written for the
// bytes it holds.
#pragma once

#include <httplib.h>

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <string>

#include "serve/api.hpp"

namespace plumb::serve {

// Files served as they are, by name ("PUZZLE/NAME"): each file's content.
using ServedFiles = std::map<std::string, std::string, std::less<>>;

// The JavaScript files (*.js) of each page library in `folder` (a folder PUZZLE/ a puzzle), read
// whole, as "PUZZLE/NAME"; none when `folder` is empty. Throws io::EnvironmentError, naming the
// folder, when one cannot be read.
ServedFiles read_page_libraries(const std::filesystem::path& folder);

// `libraries`: the files answering GET /lib/PUZZLE/NAME (read_page_libraries); none: 404.
void route(httplib::Server& server, Api& api, std::size_t max_body_bytes,
           ServedFiles libraries = {});

}  // namespace plumb::serve
