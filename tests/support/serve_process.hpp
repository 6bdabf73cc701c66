// tests/support/serve_process.hpp: `plumb serve` run as a user runs it, for end-to-end tests of the
// web service: started on a free port (--port 0) with the options given, its address read from the
// line it prints, and stopped with SIGTERM when the ServeProcess is destroyed (it must then exit
// with status 0). client() talks to it with cpp-httplib.
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <httplib.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace plumb::testing {

class ServeProcess {
 public:
  explicit ServeProcess(const std::vector<std::string>& options = {}) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe");
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(out[1], STDOUT_FILENO);
      ::close(out[0]);
      ::close(out[1]);
      std::vector<std::string> args{PLUMB_BINARY, "serve", "--port", "0"};
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

}  // namespace plumb::testing
