// Fuzz target: `plumb serve`'s request handling without a socket: its routes (serve/routes.hpp) and
// API (serve/api.hpp) in a cpp-httplib server fed through a stream in memory. The bytes are a
// request: its method and path ("POST /api/solve"), then header lines up to an empty line, then the
// body (without an empty line, all that follows the first line); framed as HTTP/1.1, with a
// Content-Length unless the headers name a Transfer-Encoding (the body then frames itself).
// Searches run under a time limit of 10 ms. Every answer must be well formed: a status line, a JSON
// body where it says so, and a refusal's "error" short and printable. A 500 (or any 5xx: nothing
// here can be busy or stopping) is a finding, as is an answer that is not well formed: both abort.
#include <httplib.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "fuzz/harness.hpp"
#include "serve/routes.hpp"

namespace {

using nlohmann::json;

constexpr std::size_t kMaxBody = std::size_t{1} << 20;

// A request's bytes to read and the answer's bytes written, as a connection would carry them.
class MemoryStream final : public httplib::Stream {
 public:
  explicit MemoryStream(std::string request) : request_(std::move(request)) {}

  bool is_readable() const override { return true; }
  bool is_writable() const override { return true; }
  ssize_t read(char* data, std::size_t size) override {
    const std::size_t count = std::min(size, request_.size() - read_);
    std::memcpy(data, request_.data() + read_, count);
    read_ += count;
    return static_cast<ssize_t>(count);
  }
  ssize_t write(const char* data, std::size_t size) override {
    answer_.append(data, size);
    return static_cast<ssize_t>(size);
  }
  // TEST-NET-1: no socket of the process has it, so the hangup watch watches nothing.
  void get_remote_ip_and_port(std::string& ip, int& port) const override {
    ip = "192.0.2.1";
    port = 1;
  }
  void get_local_ip_and_port(std::string& ip, int& port) const override {
    get_remote_ip_and_port(ip, port);
  }
  socket_t socket() const override { return INVALID_SOCKET; }

  const std::string& answer() const { return answer_; }

 private:
  std::string request_;
  std::size_t read_ = 0;
  std::string answer_;
};

// The server's request handling, one request a call.
class Router final : public httplib::Server {
 public:
  Router() : api_(limits()) { plumb::serve::route(*this, api_, kMaxBody); }

  std::string answer(std::string request) {
    MemoryStream stream(std::move(request));
    bool closed = false;
    process_request(stream, true, closed, nullptr);
    return stream.answer();
  }

 private:
  static plumb::serve::ApiLimits limits() {
    plumb::serve::ApiLimits limits;
    limits.max_seconds = limits.default_seconds = 0.01;
    limits.max_memory_bytes = std::uint64_t{1} << 30;
    limits.running = 1;
    limits.waiting = 0;
    return limits;
  }

  plumb::serve::Api api_;
};

// The fuzz bytes as an HTTP/1.1 request (see the top of the file).
std::string framed(std::string_view text) {
  const std::size_t blank = text.find("\n\n");
  const bool headers = blank != std::string_view::npos;
  const std::size_t head_end = headers ? blank : std::min(text.find('\n'), text.size());
  const std::string head(text.substr(0, head_end));
  const std::string_view body = text.substr(std::min(head_end + (headers ? 2 : 1), text.size()));
  std::string lowered = head;
  std::transform(lowered.begin(), lowered.end(), lowered.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::string request;
  const std::size_t first_end = std::min(head.find('\n'), head.size());
  request += head.substr(0, first_end) + " HTTP/1.1\r\nHost: fuzz\r\n";
  for (std::size_t begin = first_end + 1; begin < head.size();) {
    const std::size_t end = std::min(head.find('\n', begin), head.size());
    request += head.substr(begin, end - begin) + "\r\n";
    begin = end + 1;
  }
  if (lowered.find("transfer-encoding") == std::string::npos)
    request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  return request + "\r\n" + std::string(body);
}

[[noreturn]] void finding(const char* what, std::string_view answer) {
  std::fprintf(stderr, "api_fuzz: %s:\n%.*s\n", what,
               static_cast<int>(std::min<std::size_t>(answer.size(), 2000)), answer.data());
  std::abort();
}

bool printable(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return c >= 0x20 && c < 0x7f; });
}

// Aborts unless `answers` is a well-formed answer of the server, after a "100 Continue" when the
// request expects one.
void check(const std::string& answers) {
  std::string_view answer = answers;
  if (answer.rfind("HTTP/1.1 100 ", 0) == 0)
    answer.remove_prefix(std::min(answer.find("\r\n\r\n") + 4, answer.size()));
  if (answer.rfind("HTTP/1.1 ", 0) != 0 || answer.size() < 12) finding("no status line", answer);
  int status = 0;
  std::from_chars(answer.data() + 9, answer.data() + 12, status);
  if (status < 200 || status >= 500) finding("a status that is not 2xx or 4xx", answer);
  const std::size_t head_end = answer.find("\r\n\r\n");
  if (head_end == std::string_view::npos) finding("no end to the headers", answer);
  const std::string_view head = answer.substr(0, head_end);
  const std::string_view body = answer.substr(head_end + 4);
  // A JSON body, unless it is compressed, a range of it (httplib serves a Range of any answer,
  // refusals too) or none (HEAD).
  const bool whole_json = head.find("Content-Type: application/json") != std::string_view::npos &&
                          head.find("Content-Encoding:") == std::string_view::npos &&
                          head.find("Content-Range:") == std::string_view::npos && !body.empty();
  if (!whole_json) return;
  const json parsed = json::parse(body, nullptr, false);
  if (parsed.is_discarded()) finding("a body that is not JSON", answer);
  if (status == 200) return;
  const auto error = parsed.find("error");
  if (error == parsed.end() || !error->is_string()) finding("a refusal without an error", answer);
  const auto& message = error->get_ref<const std::string&>();
  if (message.size() > 1000 || !printable(message))
    finding("an error not short and printable", answer);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  plumb::fuzz::scratch_directory();  // PLUMB_CACHE: the tables the searches build go there
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static Router router;
  check(router.answer(framed(plumb::fuzz::text_of(data, size))));
  return 0;
}
