// serve/server.hpp: `plumb serve`'s HTTP server (cpp-httplib): the page's files compiled into the
// program (serve/assets.hpp) and the JSON API (serve/api.hpp), on the loopback address unless told
// otherwise. Nothing a request sends names a file: the server has no mount point and reads nothing
// but the program's own cache, as `plumb solve` does, and, once as it starts, the folder of the
// puzzles' page libraries, whose files it serves under /lib/PUZZLE/ (twisty's 3D view).
//
// It holds against slow and hostile clients: one request a connection, which must arrive whole
// within 10 s (else 408) and within twice the body limit in bytes (else 413); a body over the limit
// is refused 413 however it is framed (serve/routes.hpp); at most `running + waiting + 8`
// connections are served at once, and one past them is answered 503 and closed at once
// (serve/connection.hpp). Each API request runs on a thread of the server's pool under a search
// context of its own, which a HangupWatch (serve/hangup.hpp) cancels when the client goes away and
// a signal cancels with every other (Api::stop): at SIGINT or SIGTERM every request still running,
// waiting or being read is answered 503 and the server returns within about a second (a search
// that has not stopped 3 s after the signal is not waited for: the process exits). Once it
// listens, it loads or builds its pattern database sets in the background (serve/databases.hpp);
// a signal stops that build too.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>

#include "serve/api.hpp"
#include "serve/databases.hpp"

namespace plumb::serve {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;  // 0: any free port
  ApiLimits limits;
  DatabaseOptions databases;  // the pattern database sets loaded or built from the start
  std::size_t max_body_bytes = std::size_t{1} << 20;  // a longer body is refused with 413
  std::filesystem::path page_libraries;  // a folder of each, served under /lib/ (empty: none)
};

// Serves until SIGINT or SIGTERM, calling `listening` with the address to open
// ("http://127.0.0.1:8080/") once the port is bound. Throws io::EnvironmentError when it cannot
// read the page libraries' files, or bind or listen, saying why: a name that does not resolve, an
// address not this machine's, a port taken or not allowed.
void serve(const ServeOptions& options, const std::function<void(const std::string&)>& listening);

}  // namespace plumb::serve
