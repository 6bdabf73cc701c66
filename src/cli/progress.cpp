#include "cli/progress.hpp"

#include <unistd.h>

#include <fmt/core.h>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <streambuf>
#include <thread>

#include "plumb/io/text_input.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::cli {
namespace {

constexpr double kDefaultProgressInterval = 0.5;  // seconds

std::atomic<bool> progress_drawn = false;  // a progress line without its newline is on the terminal

// A stream buffer that erases the progress line before it passes anything on to `target`: installed
// in std::cout and std::cerr while a progress line may be drawn, so that no answer or message is
// written after one.
class ClearingBuffer : public std::streambuf {
 public:
  explicit ClearingBuffer(std::streambuf* target) : target_(target) {}

 protected:
  int_type overflow(int_type c) override {
    clear_progress();
    return traits_type::eq_int_type(c, traits_type::eof())
               ? traits_type::not_eof(c)
               : target_->sputc(traits_type::to_char_type(c));
  }
  std::streamsize xsputn(const char* text, std::streamsize count) override {
    clear_progress();
    return target_->sputn(text, count);
  }
  int sync() override { return target_->pubsync(); }

 private:
  std::streambuf* target_;
};

// Routes std::cout and std::cerr through ClearingBuffers, once. The buffers live as long as the
// streams (they are never destroyed: the streams are flushed after static destructors run).
void clear_before_output() {
  static const bool installed = [] {
    std::cout.rdbuf(new ClearingBuffer(std::cout.rdbuf()));
    std::cerr.rdbuf(new ClearingBuffer(std::cerr.rdbuf()));
    return true;
  }();
  (void)installed;
}

// The share of work whose whole is known (stats.done), and the time left at the pace so far, once
// there is a pace to go by (1% done): "37.2% | about 1 min 02 s left | ".
std::string share_text(const search::SearchStats& stats) {
  if (stats.done <= 0) return "";
  const std::string share = fmt::format("{:.1f}% | ", 100 * stats.done);
  if (stats.done < 0.01 || stats.done >= 1) return share;
  return share + "about " + duration_text(stats.seconds * (1 - stats.done) / stats.done) +
         " left | ";
}

std::string progress_text(const search::SearchStats& stats) {
  const double rate = stats.seconds > 0 ? stats.expanded / stats.seconds : 0;
  return fmt::format("plumb: {}depth {} | {} expanded | {} generated | {}/s | {} | {:.1f} s",
                     share_text(stats), stats.depth, human_count(stats.expanded),
                     human_count(stats.generated), human_count(rate),
                     human_bytes(search::resident_memory_bytes()), stats.seconds);
}

}  // namespace

std::string duration_text(double seconds) {
  const auto whole = static_cast<long long>(std::lround(seconds));
  return whole < 60 ? fmt::format("{} s", whole)
                    : fmt::format("{} min {:02} s", whole / 60, whole % 60);
}

std::function<void(const search::SearchStats&)> terminal_progress(bool force) {
  if (isatty(STDERR_FILENO)) {
    clear_before_output();
    return [](const search::SearchStats& stats) {
      std::cout.flush();
      std::fflush(stdout);  // what is written so far comes before the line
      std::fputs(("\r\033[K" + progress_text(stats)).c_str(), stderr);
      std::fflush(stderr);
      progress_drawn = true;
    };
  }
  if (!force) return {};
  return [](const search::SearchStats& stats) {  // into a file or pipe: plain lines
    std::cerr << progress_text(stats) << '\n';
    std::cerr.flush();
  };
}

void show_progress(search::SearchContext& context, bool force) {
  context.set_progress(terminal_progress(force), progress_interval());
}

double progress_interval() {
  const char* text = std::getenv("PLUMB_PROGRESS_INTERVAL");
  if (text == nullptr || *text == '\0') return kDefaultProgressInterval;
  char* end = nullptr;
  const double seconds = std::strtod(text, &end);
  if (*end == '\0' && std::isfinite(seconds) && seconds >= 0) return seconds;
  static const bool warned = [text] {
    std::cerr << fmt::format(
        "plumb: warning: PLUMB_PROGRESS_INTERVAL={} is not a number of seconds (0 or more); "
        "using {}\n",
        io::quote(text), kDefaultProgressInterval);
    return true;
  }();
  (void)warned;
  return kDefaultProgressInterval;
}

void clear_progress() {
  if (!progress_drawn.exchange(false)) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
}

unsigned capped_threads(unsigned requested) {
  const unsigned most = search::max_worker_threads();
  if (requested <= most) return requested;
  std::cerr << fmt::format(
      "plumb: warning: --threads {} is more than this machine can use; using {}\n", requested,
      most);
  return most;
}

unsigned threads_to_use(unsigned requested) {
  const unsigned threads = capped_threads(requested);
  return threads > 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
}

}  // namespace plumb::cli
