// serve/hangup.hpp: HangupWatch, which cancels a request's search when its client goes away.
//
// cpp-httplib (Debian 12's 0.11) does not tell a handler about its connection, so the watch finds
// the connection's socket among the process's own by its two addresses (a TCP connection is the
// only socket with that pair), then polls it every 50 ms from a thread of its own until it is
// destroyed: a peer that closed or reset the connection cancels the context (every copy of it, so
// the search stops within its check interval). The socket stays open while the watch lives: the
// handler that owns both outlives it.
#pragma once

#include <atomic>
#include <string>
#include <thread>

#include "plumb/search/context.hpp"

namespace plumb::serve {

// A connection as the server sees it: its own address and port, and the peer's.
struct ConnectionAddresses {
  std::string local_address;
  int local_port = -1;
  std::string remote_address;
  int remote_port = -1;
};

class HangupWatch {
 public:
  // Watches the connection with these addresses; watches nothing if no socket of the process has
  // them.
  HangupWatch(const ConnectionAddresses& connection, search::SearchContext context);
  ~HangupWatch();
  HangupWatch(const HangupWatch&) = delete;
  HangupWatch& operator=(const HangupWatch&) = delete;

 private:
  std::atomic<bool> done_{false};
  std::thread thread_;
};

}  // namespace plumb::serve
