// The HTTP server of `plumb serve` (see serve/server.hpp).
#include "serve/server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <exception>
#include <thread>

#include "plumb/io/environment_error.hpp"
#include "plumb/io/text_input.hpp"
#include "serve/assets.hpp"
#include "serve/hangup.hpp"

namespace plumb::serve {
namespace {

// Pool threads beyond the search slots and queue places: they answer the page's files, the puzzle
// list and the 503s while every slot and place is taken.
constexpr std::size_t kSpareThreads = 8;

// The page may load only its own files: no CDN, no inline script.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

void send_json(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  // Bytes that are not UTF-8 replaced rather than thrown over: every answer is written.
  response.set_content(reply.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                       "application/json");
}

void route(httplib::Server& server, Api& api) {
  server.Get("/api/puzzles", [&api](const httplib::Request&, httplib::Response& response) {
    send_json(response, api.puzzles());
  });
  for (const auto& [path, action] :
       {std::pair{"/api/solve", Action::solve}, std::pair{"/api/explore", Action::explore}}) {
    const Action chosen = action;  // clang 14 cannot capture a structured binding
    server.Post(path, [&api, chosen](const httplib::Request& request, httplib::Response& response) {
      const search::SearchContext context;
      const HangupWatch watch(
          {request.local_addr, request.local_port, request.remote_addr, request.remote_port},
          context);
      send_json(response, api.run(chosen, request.body, context));
    });
  }
  server.Get(".*", [](const httplib::Request& request, httplib::Response& response) {
    std::string_view path = request.path;
    if (path == "/") path = "/index.html";
    for (const Asset& asset : assets()) {
      if (asset.path != path) continue;
      response.set_content(std::string(asset.body), std::string(asset.content_type));
      response.set_header("Content-Security-Policy", kContentSecurityPolicy);
      response.set_header("X-Content-Type-Options", "nosniff");
      return;
    }
    response.status = 404;
  });
  // httplib's own refusals (413, 404, 400) and a handler's uncaught exception answer JSON too.
  server.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;
    const std::string message =
        response.status == kTooLarge ? "the body is too large (at most 1 MB)"
        : response.status == 404
            ? fmt::format("nothing at {} {}", request.method, io::quote(request.path))
            : fmt::format("the request was refused ({})", response.status);
    response.set_content(nlohmann::json{{"error", message}}.dump(), "application/json");
  });
  server.set_exception_handler(
      [](const httplib::Request&, httplib::Response& response, std::exception_ptr failure) {
        std::string message = "internal error";
        try {
          std::rethrow_exception(failure);
        } catch (const std::exception& error) {
          message += std::string(": ") + error.what();
        } catch (...) {
        }
        send_json(response, {kServerFailed, {{"error", message}}});
      });
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
  Api api(options.limits);
  httplib::Server server;
  const std::size_t threads = options.limits.running + options.limits.waiting + kSpareThreads;
  server.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  server.set_payload_max_length(options.max_body_bytes);
  server.set_keep_alive_timeout(1);
  // SO_REUSEADDR alone: httplib's default adds SO_REUSEPORT, which would let a second server share
  // a port that is taken instead of failing.
  server.set_socket_options([](socket_t socket) {
    const int yes = 1;
    ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof(yes));
  });
  route(server, api);

  const int port = options.port == 0
                       ? server.bind_to_any_port(options.host)
                       : (server.bind_to_port(options.host, options.port) ? options.port : -1);
  if (port < 0) {
    throw io::EnvironmentError(fmt::format(
        "cannot listen on {} port {}: {}", options.host, options.port,
        options.port == 0 ? "no free port" : "the address is taken or not this machine's"));
  }
  const bool ipv6 = options.host.find(':') != std::string::npos;
  listening(fmt::format("http://{}{}{}:{}/", ipv6 ? "[" : "", options.host, ipv6 ? "]" : "", port));

  // Stops the server at a signal; stop() again until listening ends, as a stop() before the
  // server started listening would be lost.
  std::atomic<bool> signalled{false}, finished{false};
  std::thread stopper([&] {
    signals.wait();
    signalled = true;
    while (!finished) {
      server.stop();
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
