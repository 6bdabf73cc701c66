// serve/connection.hpp: one connection of `plumb serve` held against slow and hostile clients.
//
// ConnectionStream is the cpp-httplib stream of a connection's socket. Its reads end for good once
// the request's deadline passes (a total time to read the request, headers and body, not a time
// each read), once the connection has sent its byte budget, or once the server stops; after that it
// writes nothing, and the connection answers by itself: 408 (too slow), 413 (too much) or 503 (the
// server is stopping). answer_directly() writes such an answer without httplib, as the server does
// too for a connection past its limit, which it answers 503 without reading anything.
// close_connection() ends a connection so that its client can read the answer: the server's side
// shut, what the client still sends read and dropped for a short while, then the socket closed.
#pragma once

#include <httplib.h>

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace plumb::serve {

using Clock = std::chrono::steady_clock;

// The numeric host and port of a socket's own (`local`) or peer's address, as httplib writes them
// ("127.0.0.1", "::1"); nothing for a socket that is not a connected TCP/IP one.
std::optional<std::pair<std::string, int>> socket_address(int socket, bool local);

class ConnectionStream final : public httplib::Stream {
 public:
  // Why reading ended before the client was done.
  enum class Cut { none, late, too_much, stopping };

  // Reads `socket` until `deadline`, at most `budget` bytes in all, while `stopping` is false.
  ConnectionStream(int socket, Clock::time_point deadline, std::size_t budget,
                   const std::atomic<bool>& stopping);

  bool is_readable() const override;
  bool is_writable() const override;
  ssize_t read(char* data, std::size_t size) override;
  ssize_t write(const char* data, std::size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return socket_; }

  Cut cut() const { return cut_; }
  // Whether the answer was begun: an interim "100 Continue" alone is none.
  bool wrote() const { return wrote_; }

 private:
  // Waits until the socket has bytes (or an end) to read, or until a reason to stop reading.
  Cut wait_readable() const;

  int socket_;
  Clock::time_point deadline_;
  std::size_t budget_;
  const std::atomic<bool>& stopping_;
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0, end_ = 0;  // the bytes of buffer_ received and not read yet
  Cut cut_ = Cut::none;
  bool wrote_ = false;
};

// Writes a whole HTTP answer, {"error": MESSAGE} with this status, without waiting for room: a
// connection's first answer always fits its socket's buffer.
void answer_directly(int socket, int status, std::string_view message);

// Shuts the server's side of the connection, reads and drops what the client still sends until it
// closes its side, `linger_until` passes or the server stops, then closes the socket.
void close_connection(int socket, Clock::time_point linger_until,
                      const std::atomic<bool>& stopping);

}  // namespace plumb::serve
