// Finding a connection's socket and cancelling its search when the peer hangs up (see
// serve/hangup.hpp).
#include "serve/hangup.hpp"

#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

#include <array>
#include <charconv>
#include <filesystem>
#include <optional>
#include <string_view>

namespace plumb::serve {
namespace {

// The numeric host and port of a socket's own (`local`) or peer's address, as httplib writes them;
// nothing for a socket that is not a connected TCP/IP one.
std::optional<std::pair<std::string, int>> address_of(int socket, bool local) {
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

// The process's socket with these addresses, from its open descriptors (/proc/self/fd; another
// thread may open and close descriptors meanwhile, which only that thread's own can be).
std::optional<int> socket_of(const ConnectionAddresses& connection) try {
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    const std::string name = entry.path().filename().string();
    int descriptor = -1;
    if (std::from_chars(name.data(), name.data() + name.size(), descriptor).ec != std::errc{})
      continue;
    const auto peer = address_of(descriptor, false);
    if (!peer || peer->second != connection.remote_port || peer->first != connection.remote_address)
      continue;
    const auto own = address_of(descriptor, true);
    if (own && own->second == connection.local_port && own->first == connection.local_address)
      return descriptor;
  }
  return std::nullopt;
} catch (const std::filesystem::filesystem_error&) {
  return std::nullopt;
}

}  // namespace

HangupWatch::HangupWatch(const ConnectionAddresses& connection, search::SearchContext context) {
  const std::optional<int> socket = socket_of(connection);
  if (!socket) return;
  thread_ = std::thread([this, descriptor = *socket, context] {
    while (!done_.load()) {
      pollfd watched{descriptor, POLLRDHUP, 0};
      if (::poll(&watched, 1, 50) > 0 && (watched.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0) {
        context.cancel();
        return;
      }
    }
  });
}

HangupWatch::~HangupWatch() {
  done_.store(true);
  if (thread_.joinable()) thread_.join();
}

}  // namespace plumb::serve
