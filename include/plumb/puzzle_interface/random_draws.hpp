// plumb/puzzle_interface/random_draws.hpp: the draws behind a puzzle's random starts (its
// scramble, Python's samples), the same for the same seed on every machine: std::mt19937_64's
// words are fixed by the standard, and the draws below are plumb's own, where the standard's
// distributions differ between libraries.
#pragma once

#include <cstdint>
#include <limits>
#include <random>
#include <utility>

namespace plumb::puzzle_interface {

// A uniform integer below `bound` (> 0): the generator's words at or above the largest multiple of
// `bound` are drawn again.
inline std::uint64_t uniform_below(std::mt19937_64& random, std::uint64_t bound) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t excess = (kMax % bound + 1) % bound;
  for (;;) {
    const std::uint64_t word = random();
    if (word <= kMax - excess) return word % bound;
  }
}

// `items` in a uniformly random order (Fisher-Yates).
template <class Items>
void shuffle(std::mt19937_64& random, Items& items) {
  for (std::size_t i = items.size(); i > 1; --i)
    std::swap(items[i - 1], items[uniform_below(random, i)]);
}

}  // namespace plumb::puzzle_interface
