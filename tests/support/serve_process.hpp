// tests/support/serve_process.hpp: `plumb serve` run as a user runs it, for end-to-end tests of the
// web service: started on a free port (--port 0) with the options given, its address read from the
// line it prints, and stopped with SIGTERM when the ServeProcess is destroyed (it must then exit
// with status 0). It builds no pattern databases (--databases none) unless the options name some:
// the default sets take minutes and 1.4 GB. Its standard error goes to `errors` if given, else
// where the test's goes. client() talks to it with cpp-httplib; RawConnection writes requests by
// hand.
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <httplib.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace plumb::testing {

class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& options = {},
                        const std::filesystem::path& errors = {}) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      if (!errors.empty()) {
        const int file = ::open(errors.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (file < 0) ::_exit(127);
        ::dup2(file, STDERR_FILENO);
      }
      std::vector<std::string> args{PLUMB_BINARY, "serve", "--port", "0"};
      if (std::find(options.begin(), options.end(), "--databases") == options.end())
        args.insert(args.end(), {"--databases", "none"});
      args.insert(args.end(), options.begin(), options.end());
      std::vector<char*> argv;
      for (std::string& arg : args) argv.push_back(arg.data());
      argv.push_back(nullptr);
      ::execv(PLUMB_BINARY, argv.data());
      ::_exit(127);
    }
    ::close(out[1]);
    std::FILE* stream = ::fdopen(out[0], "r");
    std::string line;
    for (int c = std::fgetc(stream); c != EOF && c != '\n'; c = std::fgetc(stream))
      line += static_cast<char>(c);
    std::fclose(stream);
    // "plumb: serving on http://127.0.0.1:PORT/ (Ctrl-C stops it)"
    const auto colon = line.rfind(':');
    if (colon == std::string::npos || line.find("http://") == std::string::npos)
      throw std::runtime_error("plumb serve printed no address: " + line);
    port_ = std::stoi(line.substr(colon + 1));
  }

  ~ServeProcess() {
    if (pid_ > 0) stop();
  }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  int port() const { return port_; }

  std::unique_ptr<httplib::Client> client(int timeout_seconds = 60) const {
    auto client = std::make_unique<httplib::Client>("127.0.0.1", port_);
    client->set_read_timeout(timeout_seconds, 0);
    return client;
  }

  // Sends SIGTERM and returns the exit status (-1: killed by a signal).
  int stop() {
    ::kill(pid_, SIGTERM);
    int raw = 0;
    ::waitpid(pid_, &raw, 0);
    pid_ = -1;
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  }

 private:
  pid_t pid_ = -1;
  int port_ = 0;
};

// A connection to the server on 127.0.0.1 written by hand, for what no client library sends: bodies
// chunked or up to the connection's end, requests that trickle. Each send or wait on it gives up
// after 10 s; it closes when destroyed.
class RawConnection {
 public:
  explicit RawConnection(int port) : socket_(::socket(AF_INET, SOCK_STREAM, 0)) {
    const timeval limit{10, 0};
    ::setsockopt(socket_, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
    ::setsockopt(socket_, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof(limit));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(socket_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0)
      closed_ = true;
  }
  ~RawConnection() { ::close(socket_); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  // Writes all of `bytes`; false once the server no longer takes them (it closed the connection).
  bool send(std::string_view bytes) {
    while (!bytes.empty()) {
      const ssize_t sent = ::send(socket_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
      if (sent <= 0) return false;
      bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
    return true;
  }

  // Tells the server the request ends here.
  void finish_sending() { ::shutdown(socket_, SHUT_WR); }

  // Reads what the server sends within `wait`; closed() once it has closed the connection.
  void receive(std::chrono::milliseconds wait) {
    pollfd watched{socket_, POLLIN, 0};
    while (!closed_ && ::poll(&watched, 1, static_cast<int>(wait.count())) > 0) {
      char buffer[4096];
      const ssize_t received = ::recv(socket_, buffer, sizeof(buffer), 0);
      if (received <= 0) closed_ = true;
      if (received > 0) received_.append(buffer, static_cast<std::size_t>(received));
    }
  }

  // Everything the server sends until it closes the connection (or 10 s pass).
  const std::string& reply() {
    receive(std::chrono::seconds(10));
    return received_;
  }

  const std::string& received() const { return received_; }
  bool closed() const { return closed_; }

 private:
  int socket_;
  std::string received_;
  bool closed_ = false;
};

}  // namespace plumb::testing
