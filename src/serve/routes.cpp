// The routes of `plumb serve` (see serve/routes.hpp).
#include "serve/routes.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "plumb/io/counted.hpp"
#include "plumb/io/environment_error.hpp"
#include "plumb/io/text_input.hpp"
#include "serve/assets.hpp"
#include "serve/hangup.hpp"

namespace plumb::serve {
namespace {

using nlohmann::json;

// The page may load only its own files: no CDN, no inline script.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

constexpr std::array kActions{
    std::pair{"/api/solve", Action::solve}, std::pair{"/api/explore", Action::explore},
    std::pair{"/api/read", Action::read}, std::pair{"/api/scramble", Action::scramble},
    std::pair{"/api/distance", Action::distance}};

void send_json(httplib::Response& response, const Reply& reply) {
  response.status = reply.status;
  if (reply.retry_after_seconds > 0)
    response.set_header("Retry-After", std::to_string(reply.retry_after_seconds));
  // Bytes that are not UTF-8 replaced rather than thrown over: every answer is written.
  response.set_content(reply.body.dump(-1, ' ', false, json::error_handler_t::replace),
                       "application/json");
}

Reply too_large(std::size_t max_body_bytes) {
  return {kTooLarge,
          {{"error", fmt::format("the body is too large (at most {})",
                                 io::human_bytes(static_cast<double>(max_body_bytes)))}}};
}

Reply nothing_at(const httplib::Request& request) {
  return {404,
          {{"error", fmt::format("nothing at {} {}", request.method, io::quote(request.path))}}};
}

bool chunked(const httplib::Request& request) {
  constexpr std::string_view kChunked = "chunked";
  const std::string coding = request.get_header_value("Transfer-Encoding");
  return std::equal(
      coding.begin(), coding.end(), kChunked.begin(), kChunked.end(),
      [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
}

// Answers at once, before any body is read: a request whose declared body is over the limit, one
// that no route reads a body for (anything but GET, HEAD and POST to the API), and a POST to the
// API with neither a Content-Length nor chunks (HTTP/1.1 gives it no body; httplib would read one
// up to the connection's end).
httplib::Server::HandlerResponse refuse_early(const httplib::Request& request,
                                              httplib::Response& response,
                                              std::size_t max_body_bytes) {
  const auto answer = [&](const Reply& reply) {
    send_json(response, reply);
    return httplib::Server::HandlerResponse::Handled;
  };
  if (request.get_header_value<std::uint64_t>("Content-Length") > max_body_bytes)
    return answer(too_large(max_body_bytes));
  const bool to_api = request.method == "POST" &&
                      std::any_of(kActions.begin(), kActions.end(),
                                  [&](const auto& action) { return request.path == action.first; });
  if (!to_api && request.method != "GET" && request.method != "HEAD")
    return answer(nothing_at(request));
  if (to_api && !request.has_header("Content-Length") && !chunked(request))
    return answer({kLengthRequired, {{"error", "the body needs a Content-Length or chunks"}}});
  return httplib::Server::HandlerResponse::Unhandled;
}

// A POST to the API (kActions): the body read up to the limit, then run.
void answer_action(Api& api, Action action, std::size_t max_body_bytes,
                   const httplib::Request& request, httplib::Response& response,
                   const httplib::ContentReader& read_body) {
  if (request.is_multipart_form_data())
    return send_json(response, {kBadRequest, {{"error", "the body must be JSON, not a form"}}});
  std::string body;
  bool over = false;
  const bool whole = read_body([&](const char* data, std::size_t size) {
    over = body.size() + size > max_body_bytes;
    if (!over) body.append(data, size);
    return !over;
  });
  if (over) return send_json(response, too_large(max_body_bytes));
  if (!whole) {
    return send_json(response, {kBadRequest,
                                {{"error",
                                  "the body could not be read: cut short, badly chunked "
                                  "or in an unknown encoding"}}});
  }
  const search::SearchContext context;
  const HangupWatch watch(
      {request.local_addr, request.local_port, request.remote_addr, request.remote_port}, context);
  send_json(response, api.run(action, body, context));
}

void serve_script(const std::string& body, httplib::Response& response) {
  response.set_content(body, "text/javascript; charset=utf-8");
  response.set_header("X-Content-Type-Options", "nosniff");
}

void serve_asset(const httplib::Request& request, httplib::Response& response) {
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
}

// The error for a page library's folder that cannot be read.
io::EnvironmentError unreadable_library(const std::filesystem::path& folder,
                                        const std::error_code& error) {
  return io::EnvironmentError(
      fmt::format("cannot read the page libraries in {}: {}", folder.string(), error.message()));
}

// Adds the JavaScript files (*.js) of the page library in `library` to `files`, read whole, as
// "LIBRARY/NAME".
void read_page_library(const std::filesystem::path& library, ServedFiles& files) {
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(library, error)) {
    if (!entry.is_regular_file() || entry.path().extension() != ".js") continue;
    std::ifstream file(entry.path(), std::ios::binary);
    std::string body{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (!file.good() && !file.eof()) error = std::make_error_code(std::errc::io_error);
    if (error) break;
    files.emplace(library.filename().string() + "/" + entry.path().filename().string(),
                  std::move(body));
  }
  if (error) throw unreadable_library(library, error);
}

}  // namespace

ServedFiles read_page_libraries(const std::filesystem::path& folder) {
  ServedFiles files;
  if (folder.empty()) return files;
  std::error_code error;
  for (const auto& library : std::filesystem::directory_iterator(folder, error)) {
    if (library.is_directory()) read_page_library(library.path(), files);
  }
  if (error) throw unreadable_library(folder, error);
  return files;
}

void route(httplib::Server& server, Api& api, std::size_t max_body_bytes, ServedFiles libraries) {
  server.set_pre_routing_handler(
      [max_body_bytes](const httplib::Request& request, httplib::Response& response) {
        return refuse_early(request, response, max_body_bytes);
      });
  server.Get("/api/puzzles", [&api](const httplib::Request&, httplib::Response& response) {
    send_json(response, api.puzzles());
  });
  server.Get(fmt::format("/api/progress/([A-Za-z0-9_-]{{1,{}}})", kProgressIdLength),
             [&api](const httplib::Request& request, httplib::Response& response) {
               send_json(response, api.progress(request.matches[1].str()));
             });
  for (const auto& [path, action] : kActions) {
    const Action chosen = action;  // clang 14 cannot capture a structured binding
    server.Post(path, [&api, chosen, max_body_bytes](const httplib::Request& request,
                                                     httplib::Response& response,
                                                     const httplib::ContentReader& read_body) {
      answer_action(api, chosen, max_body_bytes, request, response, read_body);
    });
  }
  server.Get("/lib/([a-z][a-z0-9_]{0,63}/[A-Za-z0-9_.-]{1,200})",
             [libraries = std::make_shared<const ServedFiles>(std::move(libraries))](
                 const httplib::Request& request, httplib::Response& response) {
               const auto file = libraries->find(request.matches[1].str());
               if (file == libraries->end()) {
                 response.status = 404;  // answered by the error handler
                 return;
               }
               serve_script(file->second, response);
             });
  server.Get(".*", serve_asset);
  // httplib's own refusals (404, 400, 414, ...) answer JSON too.
  server.set_error_handler([](const httplib::Request& request, httplib::Response& response) {
    if (!response.body.empty()) return;
    if (response.status == 404) return send_json(response, nothing_at(request));
    send_json(response,
              {response.status,
               {{"error", fmt::format("the request was refused ({})", response.status)}}});
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

}  // namespace plumb::serve
