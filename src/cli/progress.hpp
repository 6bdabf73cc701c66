// cli/progress.hpp: the progress line the program shows on a terminal during long work, and the
// handling of the limit options (--time-limit, --max-memory, --threads) shared by every command.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "plumb/io/counted.hpp"
#include "plumb/search/context.hpp"
#include "plumb/search/stats.hpp"

namespace plumb::cli {

// A callback that shows progress on standard error (depth, states, rate, memory; for work whose
// whole is known, a database build, first the share done and the time left at the pace so far:
// "plumb: 37.2% | about 1 min 02 s left | depth 17 | ..."). On a terminal it
// redraws one status line, and from then on everything written to std::cout or std::cerr first
// erases that line, so no answer or message starts on it. When standard error is not a terminal:
// with `force`, plain newline-terminated lines without escape codes; without, an empty function.
std::function<void(const search::SearchStats&)> terminal_progress(bool force);

// Shows `context`'s progress through terminal_progress(force), at most once every
// progress_interval() seconds.
void show_progress(search::SearchContext& context, bool force);

// The seconds between two progress lines: $PLUMB_PROGRESS_INTERVAL (a number of seconds, 0 or more;
// 0 draws one at every check of the limits), else 0.5. A value that is not such a number costs one
// warning on standard error and gives 0.5.
double progress_interval();

// A span of time as the program's messages say it: "42 s" or "3 min 05 s" (whole seconds).
std::string duration_text(double seconds);

// Erases the progress line, if one was drawn.
void clear_progress();

// --threads as given (0: one a core), capped at search::max_worker_threads() with one warning on
// standard error when it is more.
unsigned capped_threads(unsigned requested);
// The threads a build or a batch runs: capped_threads(requested), and one a core for 0.
unsigned threads_to_use(unsigned requested);

using io::human_bytes;
using io::human_count;

}  // namespace plumb::cli
