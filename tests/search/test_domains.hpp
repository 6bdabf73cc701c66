// tests/search/test_domains.hpp: small domains that exercise every concept the engine dispatches on,
// for cross-checking the algorithms against each other.
//   Pancakes<N>: prefix reversals of a permutation; reversible, goal-enumerable, ranked, packed, with
//                the admissible gap heuristic (Helmert 2010).
//   NumberWalk:  x -> x + 1, x -> 2x, x -> x - 3 over 0..limit: a directed, non-reversible graph with
//                no ranks and no packing, so the generic (copying, hashed) code paths run.
//   CostlyPancakes<N>: Pancakes whose flip of k costs k, for the weighted paths of A* and IDA*.
//   IncrementalGaps<N>, NoHeuristic: the gap heuristic and none, as incremental heuristics
//                (search/parallel_ida_star.hpp), kept up to date move by move.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>

#include "plumb/search/domain.hpp"

namespace plumb::testing {

template <int N>
struct Pancakes {
  using State = std::array<std::uint8_t, N>;
  using Move = int;  // flip the top k pancakes, 2 <= k <= N
  static constexpr std::size_t kMaxMoves = N - 1;

  static State sorted() {
    State s;
    std::iota(s.begin(), s.end(), 0);
    return s;
  }
  bool is_goal(const State& s) const { return s == sorted(); }
  template <class F>
  void for_each_move(const State&, F&& f) const {
    for (int k = 2; k <= N; ++k) f(k);
  }
  void apply(State& s, Move k) const { std::reverse(s.begin(), s.begin() + k); }
  void undo(State& s, Move k) const { apply(s, k); }
  Move inverse(Move k) const { return k; }
  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    for (int k = 2; k <= N; ++k) {
      State t = s;
      apply(t, k);
      f(k, t);
    }
  }
  template <class F>
  void for_each_goal(F&& f) const {
    f(sorted());
  }
  std::uint64_t num_states() const {
    std::uint64_t n = 1;
    for (int i = 2; i <= N; ++i) n *= i;
    return n;
  }
  // Lexicographic rank, quadratic: fine for tests.
  std::uint64_t rank(const State& s) const {
    std::uint64_t r = 0;
    for (int i = 0; i < N; ++i) {
      int smaller = 0;
      for (int j = i + 1; j < N; ++j) smaller += s[j] < s[i];
      r = r * (N - i) + smaller;
    }
    return r;
  }
  State unrank(std::uint64_t r) const {
    std::array<int, N> digits;
    for (int i = N - 1; i >= 0; --i) {
      digits[i] = static_cast<int>(r % (N - i));
      r /= (N - i);
    }
    std::vector<int> pool(N);
    std::iota(pool.begin(), pool.end(), 0);
    State s;
    for (int i = 0; i < N; ++i) {
      s[i] = static_cast<std::uint8_t>(pool[digits[i]]);
      pool.erase(pool.begin() + digits[i]);
    }
    return s;
  }
  std::uint64_t pack(const State& s) const {
    std::uint64_t key = 0;
    for (auto v : s) key = key * 16 + v;
    return key;
  }
  static State random(std::mt19937& rng) {
    State s = sorted();
    std::shuffle(s.begin(), s.end(), rng);
    return s;
  }
};

// The gap heuristic: the number of adjacent pairs (with a plate N below the stack) that are not
// consecutive. Each flip changes at most one adjacency, so it is admissible and consistent.
template <int N>
struct GapHeuristic {
  int operator()(const typename Pancakes<N>::State& s) const {
    int gaps = 0;
    for (int i = 0; i < N; ++i) {
      const int below = i + 1 < N ? s[i + 1] : N;
      gaps += std::abs(s[i] - below) != 1;
    }
    return gaps;
  }
};

template <int N>
struct CostlyPancakes : Pancakes<N> {
  Cost cost(const typename Pancakes<N>::State&, int k) const { return k; }
};

struct NumberWalk {
  using State = int;
  using Move = char;  // '+', '*', '-'
  int target = 0;
  int limit = 200;

  bool is_goal(int x) const { return x == target; }
  template <class F>
  void for_each_successor(int x, F&& f) const {
    if (x + 1 <= limit) f('+', x + 1);
    if (2 * x <= limit) f('*', 2 * x);
    if (x - 3 >= 0) f('-', x - 3);
  }
  int apply(int x, char m) const { return m == '+' ? x + 1 : m == '*' ? 2 * x : x - 3; }
};

// GapHeuristic kept up to date move by move: flipping the top k changes only the adjacency
// between positions k - 1 and k (position N is the plate).
template <int N>
class IncrementalGaps {
 public:
  using State = typename Pancakes<N>::State;
  struct Prepared {
    int change;
  };
  using Saved = int;

  explicit IncrementalGaps(const State& start) : gaps_(GapHeuristic<N>{}(start)) {}

  int value() const { return gaps_; }
  Prepared prepare(const State& s, int k) const {
    const int below = k < N ? s[k] : N;
    return {gap(s[0], below) - gap(s[k - 1], below)};
  }
  Saved apply(const Prepared& prepared) {
    gaps_ += prepared.change;
    return prepared.change;
  }
  void undo(const Prepared&, Saved change) { gaps_ -= change; }

 private:
  static int gap(int a, int b) { return std::abs(a - b) != 1; }
  int gaps_;
};

// No information at all, as an incremental heuristic: IDA* then expands every node within each depth, many thousands.
struct NoHeuristic {
  struct Prepared {};
  using Saved = int;
  int value() const { return 0; }
  template <class State>
  Prepared prepare(const State&, int) const {
    return {};
  }
  Saved apply(const Prepared&) { return 0; }
  void undo(const Prepared&, Saved) {}
};

struct ZeroHeuristic {
  template <class S>
  int operator()(const S&) const {
    return 0;
  }
};

static_assert(search::ReversibleDomain<Pancakes<5>> && search::RankedDomain<Pancakes<5>> &&
              search::PackedDomain<Pancakes<5>> && search::GoalEnumerable<Pancakes<5>>);
static_assert(search::Domain<NumberWalk> && !search::ReversibleDomain<NumberWalk> &&
              !search::RankedDomain<NumberWalk> && !search::PackedDomain<NumberWalk>);
static_assert(search::WeightedDomain<CostlyPancakes<5>>);

// Whether the moves lead from s to a goal of d.
template <class D>
bool reaches_goal(const D& d, typename D::State s, const std::vector<typename D::Move>& moves) {
  for (const auto& m : moves) d.apply(s, m);
  return d.is_goal(s);
}

}  // namespace plumb::testing
