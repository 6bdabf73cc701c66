// `plumb serve`: the web service (src/serve) with its options: the address, how many searches run
// at once and wait, and the most time a request's search may take. Prints the address to open on
// standard output once it listens, then serves until SIGINT or SIGTERM (cli/web_service.hpp).
#include <algorithm>
#include <thread>

#include "cli/commands/commands.hpp"
#include "cli/progress.hpp"
#include "cli/web_service.hpp"

namespace plumb::cli {
namespace {

struct ServeCommand {
  serve::ServeOptions options;
  unsigned threads = 0;
  double time_limit = 60;
  std::string max_memory;
};

ExitCode run_serve(ServeCommand& command) {
  serve::ServeOptions& options = command.options;
  const unsigned threads = capped_threads(command.threads);
  options.limits.running =
      threads > 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
  options.limits.max_seconds = command.time_limit > 0 ? command.time_limit : 1e9;
  options.limits.max_memory_bytes = max_memory_bytes(command.max_memory);
  serve_web(options);
  return ExitCode::done;
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto command = std::make_shared<ServeCommand>();
  CLI::App* serve = app.add_subcommand(
      "serve", "Serve the web page and JSON API: solve and watch puzzles in a browser");
  serve->add_option("--host", command->options.host, "Address to listen on")->capture_default_str();
  serve->add_option("--port", command->options.port, "Port to listen on (0: any free port)")
      ->check(CLI::Range(0, 65535))
      ->capture_default_str();
  serve
      ->add_option("--threads", command->threads,
                   "Searches at once (0: one a core); the others wait in the queue")
      ->capture_default_str();
  serve
      ->add_option("--queue", command->options.limits.waiting,
                   "Requests that may wait for a search; more are refused with 503")
      ->capture_default_str();
  serve
      ->add_option("--time-limit", command->time_limit,
                   "The most seconds a request's search may take (a request asks for 10 unless it "
                   "says; 0: no cap)")
      ->check(seconds_check())
      ->capture_default_str();
  serve->add_option("--max-memory", command->max_memory,
                    "Stop any search past this much memory, e.g. 512M, 16G (0: no limit)");
  serve->callback([command] {
    throw CLI::RuntimeError(protocol::status(guarded([&] { return run_serve(*command); })));
  });
}

}  // namespace plumb::cli
