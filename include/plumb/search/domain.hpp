// plumb/search/domain.hpp: the concepts through which every search algorithm sees a puzzle.
//
// A Domain names its State and Move types, tests goals and enumerates successors through a callback
// (no temporary vectors). Each refinement below is optional; meeting one unlocks a faster algorithm
// or table, chosen at compile time:
//   ReversibleDomain  for_each_move, apply, undo, inverse -> in-place IDA* with parent pruning,
//                                                           predecessors for bidirectional search
//   GoalEnumerable    for_each_goal                       -> backward and bidirectional search
//   RankedDomain      num_states, rank, unrank            -> dense bit arrays, not hash sets
//   PackedDomain      pack(s) -> integer or word array    -> flat hash tables over small keys
//   WeightedDomain    cost(s, m)                          -> non-unit step costs for A*, IDA*
//   yields_each_state_once() -> true                      -> breadth-first search keeps no
//                                                           visited set (the domain is one)
// Costs are integers (plumb::Cost); a domain without cost(s, m) has unit costs.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <utility>

namespace plumb {

using Cost = std::int32_t;
inline constexpr Cost kInfiniteCost = std::numeric_limits<Cost>::max() / 4;

}  // namespace plumb

namespace plumb::search {

template <class D>
concept Domain = requires(const D& d, const typename D::State& s) {
  typename D::State;
  typename D::Move;
  requires std::regular<typename D::State>;
  requires std::copyable<typename D::Move>;
  { d.is_goal(s) } -> std::same_as<bool>;
  d.for_each_successor(s, [](const typename D::Move&, const typename D::State&) {});
};

template <class D>
concept ReversibleDomain = Domain<D> && std::equality_comparable<typename D::Move> &&
    requires(const D& d, typename D::State& s, const typename D::Move& m) {
  d.for_each_move(std::as_const(s), [](const typename D::Move&) {});
  d.apply(s, m);  // s becomes the successor of s by m
  d.undo(s, m);   // the inverse of apply(s, m)
  { d.inverse(m) } -> std::same_as<typename D::Move>;  // apply(apply(s, m), inverse(m)) == s
};

template <class D>
concept GoalEnumerable = Domain<D> && requires(const D& d) {
  d.for_each_goal([](const typename D::State&) {});
};

template <class D>
concept RankedDomain = Domain<D> && requires(const D& d, const typename D::State& s, std::uint64_t r) {
  { d.num_states() } -> std::convertible_to<std::uint64_t>;  // ranks are 0 .. num_states() - 1
  { d.rank(s) } -> std::convertible_to<std::uint64_t>;
  { d.unrank(r) } -> std::same_as<typename D::State>;
};

template <class D>
concept PackedDomain = Domain<D> && requires(const D& d, const typename D::State& s) {
  { d.pack(s) } -> std::regular;  // equal keys if and only if equal states
};

template <class D>
concept WeightedDomain = Domain<D> &&
    requires(const D& d, const typename D::State& s, const typename D::Move& m) {
  { d.cost(s, m) } -> std::convertible_to<Cost>;
};

template <class H, class D>
concept HeuristicFor = Domain<D> && requires(const H& h, const typename D::State& s) {
  { h(s) } -> std::convertible_to<Cost>;
};

// Whether the domain itself gives breadth-first search each state once, in the order the search
// expands: it yields only the states it has not yielded before (the start included), so the search
// needs no table of its own. A domain says so with yields_each_state_once(); by default, no.
template <Domain D>
bool yields_each_state_once(const D& d) {
  if constexpr (requires {
                  { d.yields_each_state_once() } -> std::same_as<bool>;
                }) {
    return d.yields_each_state_once();
  } else {
    (void)d;
    return false;
  }
}

// The cost of moving from s by m: d.cost(s, m) for weighted domains, 1 otherwise.
template <Domain D>
constexpr Cost step_cost(const D& d, const typename D::State& s, const typename D::Move& m) {
  if constexpr (WeightedDomain<D>) {
    return static_cast<Cost>(d.cost(s, m));
  } else {
    (void)d, (void)s, (void)m;
    return 1;
  }
}

// The key under which a state is stored in hash tables: its packed form when the domain has one.
template <Domain D>
decltype(auto) state_key(const D& d, const typename D::State& s) {
  if constexpr (PackedDomain<D>) {
    return d.pack(s);
  } else {
    (void)d;
    return (s);
  }
}

template <Domain D>
using StateKey = std::remove_cvref_t<decltype(state_key(std::declval<const D&>(),
                                                        std::declval<const typename D::State&>()))>;

// Calls f(move, pred) for every predecessor pred of s, where move leads from pred to s.
// Reversible domains get this for free: pred = apply(s, m) and the move back is inverse(m).
template <class D>
concept BackwardDomain = Domain<D> && (ReversibleDomain<D> ||
    requires(const D& d, const typename D::State& s) {
      d.for_each_predecessor(s, [](const typename D::Move&, const typename D::State&) {});
    });

template <BackwardDomain D, class F>
void for_each_predecessor(const D& d, const typename D::State& s, F&& f) {
  if constexpr (requires { d.for_each_predecessor(s, f); }) {
    d.for_each_predecessor(s, f);
  } else {
    typename D::State pred = s;
    d.for_each_move(s, [&](const typename D::Move& m) {
      d.apply(pred, m);
      f(d.inverse(m), std::as_const(pred));
      d.undo(pred, m);
    });
  }
}

}  // namespace plumb::search
