// Finding a connection's socket and cancelling its search when the peer hangs up (see
// serve/hangup.hpp).
#include "serve/hangup.hpp"

#include <poll.h>

#include <charconv>
#include <filesystem>
#include <optional>
#include <string_view>

#include "serve/connection.hpp"

namespace plumb::serve {
namespace {

// The process's socket with these addresses, from its open descriptors (/proc/self/fd; another
// thread may open and close descriptors meanwhile, which only that thread's own can be).
std::optional<int> socket_of(const ConnectionAddresses& connection) try {
  for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) {
    const std::string name = entry.path().filename().string();
    int descriptor = -1;
    if (std::from_chars(name.data(), name.data() + name.size(), descriptor).ec != std::errc{})
      continue;
    const auto peer = socket_address(descriptor, false);
    if (!peer || peer->second != connection.remote_port || peer->first != connection.remote_address)
      continue;
    const auto own = socket_address(descriptor, true);
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
