// A connection's stream with its deadline and budget, and the answers the server writes by itself
// (see serve/connection.hpp).
#include "serve/connection.hpp"

#include <fmt/format.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <nlohmann/json.hpp>
#include <tuple>

namespace plumb::serve {
namespace {

// How long a wait for the socket lasts before it looks at the server's stop again.
constexpr std::chrono::milliseconds kStopCheck{100};

// The longest a write waits for room in the socket's buffer: a client must read its answer.
constexpr int kWriteWaitMilliseconds = 5000;

// Whether `socket` has bytes to read (or an end) within `wait`.
bool readable_within(int socket, std::chrono::milliseconds wait) {
  pollfd watched{socket, POLLIN, 0};
  return ::poll(&watched, 1, static_cast<int>(wait.count())) != 0;
}

const char* reason_phrase(int status) {
  switch (status) {
    case 408:
      return "Request Timeout";
    case 413:
      return "Payload Too Large";
    case 503:
      return "Service Unavailable";
    default:
      return "Error";
  }
}

}  // namespace

std::optional<std::pair<std::string, int>> socket_address(int socket, bool local) {
  sockaddr_storage address{};
  socklen_t length = sizeof(address);
  auto* raw = reinterpret_cast<sockaddr*>(&address);
  if ((local ? ::getsockname(socket, raw, &length) : ::getpeername(socket, raw, &length)) != 0)
    return std::nullopt;
  int port = 0;
  if (address.ss_family == AF_INET)
    port = ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
  else if (address.ss_family == AF_INET6)
    port = ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
  else
    return std::nullopt;
  std::array<char, NI_MAXHOST> host{};
  if (::getnameinfo(raw, length, host.data(), host.size(), nullptr, 0, NI_NUMERICHOST) != 0)
    return std::nullopt;
  return std::pair{std::string(host.data()), port};
}

ConnectionStream::ConnectionStream(int socket, Clock::time_point deadline, std::size_t budget,
                                   const std::atomic<bool>& stopping)
    : socket_(socket), deadline_(deadline), budget_(budget), stopping_(stopping) {}

ConnectionStream::Cut ConnectionStream::wait_readable() const {
  for (;;) {
    if (stopping_.load()) return Cut::stopping;
    const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline_ - Clock::now());
    if (left.count() <= 0) return Cut::late;
    if (readable_within(socket_, std::min(left, kStopCheck))) return Cut::none;
  }
}

bool ConnectionStream::is_readable() const {
  return cut_ == Cut::none && (begin_ < end_ || wait_readable() == Cut::none);
}

bool ConnectionStream::is_writable() const {
  pollfd watched{socket_, POLLOUT, 0};
  return cut_ == Cut::none && ::poll(&watched, 1, kWriteWaitMilliseconds) > 0 &&
         (watched.revents & POLLOUT) != 0;
}

ssize_t ConnectionStream::read(char* data, std::size_t size) {
  if (cut_ != Cut::none) return -1;
  if (begin_ == end_) {
    cut_ = budget_ == 0 ? Cut::too_much : wait_readable();
    if (cut_ != Cut::none) return -1;
    const ssize_t received = ::recv(socket_, buffer_.data(), std::min(buffer_.size(), budget_), 0);
    if (received <= 0) return received;
    begin_ = 0;
    end_ = static_cast<std::size_t>(received);
    budget_ -= end_;
  }
  const std::size_t count = std::min(size, end_ - begin_);
  std::memcpy(data, buffer_.data() + begin_, count);
  begin_ += count;
  return static_cast<ssize_t>(count);
}

ssize_t ConnectionStream::write(const char* data, std::size_t size) {
  if (!is_writable()) return -1;
  const ssize_t sent = ::send(socket_, data, size, MSG_NOSIGNAL);
  // Before the answer, the only thing written is an interim one ("HTTP/1.1 100 Continue").
  constexpr std::string_view kInterim = "HTTP/1.1 1";
  if (sent > 0 && !std::string_view(data, size).starts_with(kInterim)) wrote_ = true;
  return sent;
}

void ConnectionStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  if (const auto address = socket_address(socket_, false)) std::tie(ip, port) = *address;
}

void ConnectionStream::get_local_ip_and_port(std::string& ip, int& port) const {
  if (const auto address = socket_address(socket_, true)) std::tie(ip, port) = *address;
}

void answer_directly(int socket, int status, std::string_view message) {
  const std::string body = nlohmann::json{{"error", message}}.dump();
  const std::string answer = fmt::format(
      "HTTP/1.1 {} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n"
      "Connection: close\r\n\r\n{}",
      status, reason_phrase(status), body.size(), body);
  ::send(socket, answer.data(), answer.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
}

void close_connection(int socket, Clock::time_point linger_until,
                      const std::atomic<bool>& stopping) {
  ::shutdown(socket, SHUT_WR);
  std::array<char, 4096> dropped{};
  do {
    const ssize_t received = ::recv(socket, dropped.data(), dropped.size(), MSG_DONTWAIT);
    if (received == 0 || (received < 0 && errno != EAGAIN && errno != EWOULDBLOCK)) break;
    if (received < 0) readable_within(socket, kStopCheck);
  } while (!stopping.load() && Clock::now() < linger_until);
  ::close(socket);
}

}  // namespace plumb::serve
