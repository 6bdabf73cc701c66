// plumb/puzzles/sliding_ranked.hpp: RankedSlidingDomain, the sliding puzzle restricted to the
// parity class of one reference state (the goal, or a start to explore from), with a dense rank.
//
// The class holds (R*C)!/2 states. A state's rank is blank * ((n-1)!/2) + the rank, among
// permutations of its parity, of the tiles read row by row without the blank
// (encode::rank_parity_class, Myrvold and Ruskey's linear order), the tiles numbered by their order
// in the reference. Within the class the blank's cell fixes that parity, so the map is a bijection
// onto 0 .. n!/2 - 1. rank and unrank are O(R*C). Ranks need 64 bits: boards of at most 20 cells
// (kMaxRankedSlidingCells).
#pragma once

#include <cassert>
#include <cstdint>

#include "plumb/encode/permutation_rank.hpp"
#include "plumb/puzzles/sliding.hpp"

namespace plumb::puzzles {

inline constexpr int kMaxRankedSlidingCells = 20;

class RankedSlidingDomain : public SlidingDomain {
 public:
  // Ranks the parity class of `reference` (ordinarily the goal; states of the other class have no
  // rank). Preconditions: as SlidingDomain, and rows * cols <= kMaxRankedSlidingCells.
  RankedSlidingDomain(int rows, int cols, const State& goal, const State& reference);
  RankedSlidingDomain(int rows, int cols, const State& goal)
      : RankedSlidingDomain(rows, cols, goal, goal) {}

  std::uint64_t num_states() const { return static_cast<std::uint64_t>(cells()) * half_; }

  // Precondition: s is in the reference's parity class.
  std::uint64_t rank(const State& s) const {
    std::array<std::uint8_t, kMaxSlidingCells> labels;
    const int n = cells();
    int j = 0;
    for (int i = 0; i < n; ++i) {
      if (i != s.blank) labels[j++] = label_of_[s.cells[i]];
    }
    return s.blank * half_ + encode::rank_parity_class(std::span(labels.data(), n - 1));
  }

  // The rank of s after move m, given r = rank(s), with s left unchanged. A sideways move keeps the
  // tiles' row-by-row order, so its rank differs only in the blank's cell: O(1); up and down
  // O(R*C).
  std::uint64_t rank_after(State& s, std::uint64_t r, Move m) const {
    if (m == Move::left) return r - half_;
    if (m == Move::right) return r + half_;
    apply(s, m);
    const std::uint64_t next = rank(s);
    undo(s, m);
    return next;
  }

  State unrank(std::uint64_t r) const {
    assert(r < num_states());
    const int n = cells();
    const int blank = static_cast<int>(r / half_);
    std::array<std::uint8_t, kMaxSlidingCells> labels;
    encode::unrank_parity_class(r % half_, label_parity_[blank], std::span(labels.data(), n - 1));
    State s;
    s.blank = static_cast<std::uint8_t>(blank);
    int j = 0;
    for (int i = 0; i < n; ++i) {
      if (i != blank) s.cells[i] = tile_of_label_[labels[j++]];
    }
    return s;
  }

 private:
  std::uint64_t half_;                                     // (n-1)! / 2
  std::array<std::uint8_t, kMaxSlidingCells> label_of_{};  // tile -> its order in the reference
  std::array<std::uint8_t, kMaxSlidingCells> tile_of_label_{};
  std::array<int, kMaxSlidingCells> label_parity_{};  // blank cell -> parity of the labels
};

}  // namespace plumb::puzzles
