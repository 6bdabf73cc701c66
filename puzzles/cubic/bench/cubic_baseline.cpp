// The baseline for the Cubic Eight-Puzzle: plain IDA* (search::ida_star) with the mismatch bound,
// the textbook method for AOJ 1268, which bench/cubic.sh compares `plumb solve cubic` against.
//
//   cubic_baseline --generate N SEED   writes N random datasets (random start, random goal view) in
//   the
//                                      contest format; some need more than 30 moves
//   cubic_baseline [FILE]              solves the contest input (standard input by default) and
//   writes
//                                      the contest's answers; the time taken goes to standard error
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>
#include <string>

#include "plumb/puzzles/cubic_bound.hpp"
#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/search/ida_star.hpp"

namespace cubic = plumb::puzzles::cubic;

namespace {

void generate(int count, unsigned seed) {
  std::mt19937 rng(seed);
  const cubic::Board board;
  for (int i = 0; i < count; ++i) {
    const int start = static_cast<int>(rng() % 9), empty = static_cast<int>(rng() % 9);
    std::printf("%d %d\n", start % 3 + 1, start / 3 + 1);
    for (int cell = 0; cell < board.cells(); ++cell) {
      std::printf("%c%c", cell == empty ? 'E' : "WRB"[rng() % 3], cell % 3 == 2 ? '\n' : ' ');
    }
  }
  std::printf("0 0\n");
}

int solve(plumb::io::TextInput& in) {
  const cubic::Board board;
  plumb::search::SearchLimits limits;
  limits.max_depth = 30;
  const auto begin = std::chrono::steady_clock::now();
  std::uint64_t expanded = 0;
  int datasets = 0;
  while (const auto dataset = cubic::read_dataset(in, board)) {
    const cubic::CubicDomain domain(board, dataset->goal);
    const auto result = plumb::search::ida_star(domain, domain.start(dataset->start_empty),
                                                cubic::MismatchBound(domain), limits);
    std::printf("%d\n", result.solved() ? static_cast<int>(result.cost) : -1);
    expanded += result.stats.expanded;
    ++datasets;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  std::fprintf(stderr, "baseline: %d datasets, %.3f s, %llu expanded\n", datasets, seconds,
               static_cast<unsigned long long>(expanded));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string first = argc > 1 ? argv[1] : "-";
  if (first == "--generate" && argc == 4) {
    generate(std::stoi(argv[2]), static_cast<unsigned>(std::stoul(argv[3])));
    return 0;
  }
  try {
    plumb::io::TextInput in = plumb::io::TextInput::open(first);
    return solve(in);
  } catch (const plumb::io::InputError& error) {
    std::fprintf(stderr, "cubic_baseline: %s:%d: %s\n", error.file().c_str(), error.line(),
                 error.what());
    return 2;
  }
}
