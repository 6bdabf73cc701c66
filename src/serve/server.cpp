// The HTTP server of `plumb serve` (see serve/server.hpp).
#include "serve/server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>

#include "plumb/io/environment_error.hpp"
#include "serve/connection.hpp"
#include "serve/routes.hpp"

// Under ThreadSanitizer: cpp-httplib is a library built without it, so the statics it initializes
// on first use (the set of request methods) look like races to the first connections that meet them
// at once; what the library reads through the sanitizer's interceptors is not reported.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
extern "C" const char* __tsan_default_suppressions() {
  return "called_from_lib:libcpp-httplib.so\n";
}
#endif
#endif

namespace plumb::serve {
namespace {

// Connections served at once beyond the search slots and queue places: they answer the page's
// files, the puzzle list and the 503s while every slot and place is taken.
constexpr std::size_t kSpareConnections = 8;

// Pool threads beyond the connections served: each answers a connection past the limit 503 at once.
constexpr std::size_t kRefusingThreads = 4;

// How long a connection may take to send its request, headers and body: past it, 408.
constexpr std::chrono::seconds kRequestTime{10};

// How long a connection is read and dropped after its answer, for its client to read the answer.
constexpr std::chrono::seconds kLinger{1};

// How long after a signal the server waits for its searches to stop (each does within its check
// interval, milliseconds): past it, it exits without them rather than wait on one that cannot stop.
constexpr std::chrono::seconds kStopGrace{3};

// Ends the process at once, status 0 as a clean stop, without waiting on the threads of searches
// that did not stop, whose objects it could not destroy under them.
[[noreturn]] void exit_without_stuck_searches() {
  std::fprintf(stderr,
               "plumb: a search did not stop within %lld s of the signal; exiting without "
               "waiting for it\n",
               static_cast<long long>(kStopGrace.count()));
  std::fflush(stdout);
  std::_Exit(0);
}

// Why `error` (an errno of bind) kept the server from listening.
std::string bind_failure(int error) {
  switch (error) {
    case EADDRNOTAVAIL:
      return "the address is not this machine's";
    case EADDRINUSE:
      return "the port is taken";
    case EACCES:
      return "permission denied (a port below 1024 needs privileges)";
    default:
      return std::strerror(error);
  }
}

// A connection counted among those open while it lives.
class OpenConnection {
 public:
  explicit OpenConnection(std::atomic<std::size_t>& open) : open_(open), count_(++open) {}
  ~OpenConnection() { --open_; }
  OpenConnection(const OpenConnection&) = delete;
  OpenConnection& operator=(const OpenConnection&) = delete;

  // The connections open, this one included, when it opened.
  std::size_t count() const { return count_; }

 private:
  std::atomic<std::size_t>& open_;
  const std::size_t count_;
};

// cpp-httplib's server with each connection held to a deadline, a byte budget and a limit on the
// connections served at once (serve/connection.hpp), one request a connection, and a listening
// socket of its own, so that a failure to listen says why.
class GuardedServer final : public httplib::Server {
 public:
  GuardedServer(std::size_t connections, std::size_t max_body_bytes,
                const std::atomic<bool>& stopping)
      : connections_(connections), budget_(2 * max_body_bytes), stopping_(stopping) {
    new_task_queue = [this] { return new httplib::ThreadPool(connections_ + kRefusingThreads); };
  }

  // Listens on `host` and `port` (0: any free port); the port listened on. Throws
  // io::EnvironmentError with the reason when it cannot.
  int bind_socket(const std::string& host, int port);

 private:
  bool process_and_close_socket(socket_t socket) override;

  const std::size_t connections_, budget_;
  const std::atomic<bool>& stopping_;
  std::atomic<std::size_t> open_{0};
};

int GuardedServer::bind_socket(const std::string& host, int port) {
  const auto fail = [&](const std::string& reason) {
    return io::EnvironmentError(fmt::format("cannot listen on {} port {}: {}", host, port, reason));
  };
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (const int error = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
      error != 0) {
    throw fail(fmt::format("the name does not resolve ({})", ::gai_strerror(error)));
  }
  const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> addresses(found, ::freeaddrinfo);
  int first_error = 0;
  for (const addrinfo* address = found; address != nullptr; address = address->ai_next) {
    const int socket =
        ::socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC, address->ai_protocol);
    // SO_REUSEADDR alone: SO_REUSEPORT would let a second server share a port that is taken.
    const int yes = 1;
    if (socket >= 0 && ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes)) == 0 &&
        ::bind(socket, address->ai_addr, address->ai_addrlen) == 0 &&
        ::listen(socket, SOMAXCONN) == 0) {
      svr_sock_ = socket;
      const auto bound = socket_address(socket, true);
      return bound ? bound->second : port;
    }
    if (first_error == 0) first_error = errno;
    if (socket >= 0) ::close(socket);
  }
  throw fail(bind_failure(first_error));
}

bool GuardedServer::process_and_close_socket(socket_t socket) {
  const auto deadline = Clock::now() + kRequestTime;
  const OpenConnection counted(open_);
  if (counted.count() > connections_) {
    answer_directly(socket, kBusy,
                    fmt::format("busy: {} connections are open; try again shortly", connections_));
    close_connection(socket, Clock::now(), stopping_);
    return false;
  }
  ConnectionStream stream(socket, deadline, budget_, stopping_);
  bool closed = false;
  const bool answered = process_request(stream, true, closed, nullptr);
  if (!stream.wrote()) {
    switch (stream.cut()) {
      case ConnectionStream::Cut::late:
        answer_directly(socket, kTimedOut,
                        fmt::format("the request took over {} s to arrive", kRequestTime.count()));
        break;
      case ConnectionStream::Cut::too_much:
        answer_directly(socket, kTooLarge, "the request is too large");
        break;
      case ConnectionStream::Cut::stopping:
        answer_directly(socket, kBusy, kStopping);
        break;
      case ConnectionStream::Cut::none:
        break;
    }
  }
  close_connection(socket, Clock::now() + kLinger, stopping_);
  return answered;
}

// SIGINT and SIGTERM blocked in this thread and in every thread it starts, so that only
// sigwait() sees them; the mask restored when destroyed.
class StopSignals {
 public:
  StopSignals() {
    sigemptyset(&set_);
    sigaddset(&set_, SIGINT);
    sigaddset(&set_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &set_, &previous_);
  }
  ~StopSignals() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // Waits for one of them.
  void wait() const {
    int signal = 0;
    sigwait(&set_, &signal);
  }

 private:
  sigset_t set_{}, previous_{};
};

}  // namespace

void serve(const ServeOptions& options, const std::function<void(const std::string&)>& listening) {
  const StopSignals signals;
  const auto databases = std::make_shared<Databases>(options.databases);
  Api api(options.limits, databases);
  std::atomic<bool> stopping{false};
  GuardedServer server(options.limits.running + options.limits.waiting + kSpareConnections,
                       options.max_body_bytes, stopping);
  route(server, api, options.max_body_bytes, read_page_libraries(options.page_libraries));

  const int port = server.bind_socket(options.host, options.port);
  const bool ipv6 = options.host.find(':') != std::string::npos;
  listening(fmt::format("http://{}{}{}:{}/", ipv6 ? "[" : "", options.host, ipv6 ? "]" : "", port));
  databases->start();

  // At a signal: every connection's reading and every search cut short (each answers 503), then the
  // server stopped; stop() again until listening ends, as a stop() before the server started
  // listening would be lost.
  std::atomic<bool> signalled{false}, finished{false};
  std::thread stopper([&] {
    signals.wait();
    const auto give_up = Clock::now() + kStopGrace;
    signalled = true;
    stopping = true;
    api.stop();
    databases->stop();
    while (!finished) {
      server.stop();
      if (Clock::now() > give_up) exit_without_stuck_searches();
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  });
  const bool listened = server.listen_after_bind();
  finished = true;
  if (!signalled) ::kill(::getpid(), SIGTERM);  // ends the stopper's wait
  stopper.join();
  if (!listened) throw io::EnvironmentError(fmt::format("cannot listen on port {}", port));
}

}  // namespace plumb::serve
