// plumb/encode/permutation_rank.hpp: linear-time ranking and unranking of permutations, of
// k-permutations and of one parity class of permutations.
//
// The order is that of Myrvold and Ruskey, "Ranking and unranking permutations in linear time",
// Information Processing Letters 79 (2001): not lexicographic, but rank and unrank each take O(n)
// with no tables. Unranking r applies, for i = n, n-1, ..., 1, the swap of positions i-1 and
// (r mod i) to the identity and divides r by i; ranking undoes those swaps with the inverse
// permutation at hand and reads the digits back.
//
//   rank_permutation / unrank_permutation      the n! permutations of 0 .. n-1        (n <= 20)
//   rank_partial / unrank_partial              k distinct values from 0 .. n-1, in order:
//                                              n! / (n-k)! ranks (e.g. the cells of k chosen
//                                              tiles, the index of a pattern database)
//   rank_parity_class / unrank_parity_class    the n!/2 permutations of one parity   (n >= 2)
//
// The parity classes: the digit of i = 2 is the most significant (its weight is n!/2), and it alone
// decides the parity once the other digits are fixed; dropping it ranks a parity class densely.
// Values are std::uint8_t; n <= kMaxPermutationSize, and a count of ranks must fit 64 bits.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

namespace plumb::encode {

inline constexpr std::size_t kMaxPermutationSize = 32;

// n! / (n-k)!: the number of k-permutations of n values. Precondition: it fits 64 bits.
constexpr std::uint64_t count_partial_permutations(std::size_t n, std::size_t k) {
  assert(k <= n);
  std::uint64_t count = 1;
  for (std::size_t i = n; i > n - k; --i) {
    assert(count <= UINT64_MAX / i);
    count *= i;
  }
  return count;
}

constexpr std::uint64_t count_permutations(std::size_t n) {
  return count_partial_permutations(n, n);
}

// 0 for an even permutation of 0 .. n-1, 1 for an odd one (counting cycles), O(n).
inline int permutation_parity(std::span<const std::uint8_t> perm) {
  assert(perm.size() <= kMaxPermutationSize);
  std::array<bool, kMaxPermutationSize> seen{};
  std::size_t cycles = 0;
  for (std::size_t start = 0; start < perm.size(); ++start) {
    if (seen[start]) continue;
    ++cycles;
    for (std::size_t i = start; !seen[i]; i = perm[i]) seen[i] = true;
  }
  return static_cast<int>((perm.size() - cycles) & 1);
}

namespace detail {

// The Myrvold-Ruskey digits of positions n-1 down to n-k of `perm` (a full permutation, with its
// inverse), consumed in place; the sum of digit(i) * n!/i! over those positions.
inline std::uint64_t myrvold_ruskey_digits(std::size_t n, std::size_t k, std::uint8_t* perm,
                                           std::uint8_t* inverse) {
  std::uint64_t rank = 0, weight = 1;
  for (std::size_t i = n; i > n - k; --i) {
    const std::uint8_t digit = perm[i - 1];
    const std::uint8_t at = inverse[i - 1];
    perm[at] = digit;
    inverse[digit] = at;
    rank += digit * weight;
    weight *= i;
  }
  return rank;
}

// Applies the swaps of positions i-1 and (rank mod i) for i = n down to n-k+1 to `perm`; returns
// the number of swaps that exchanged two different positions.
inline int myrvold_ruskey_swaps(std::size_t n, std::size_t k, std::uint64_t rank,
                                std::uint8_t* perm) {
  int swaps = 0;
  for (std::size_t i = n; i > n - k; --i) {
    const std::size_t j = rank % i;
    rank /= i;
    const std::uint8_t value = perm[i - 1];
    perm[i - 1] = perm[j];
    perm[j] = value;
    swaps += j != i - 1;
  }
  return swaps;
}

inline void fill_identity(std::span<std::uint8_t> perm) {
  for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<std::uint8_t>(i);
}

}  // namespace detail

// The rank of `values` (k distinct values below n) in [0, n!/(n-k)!). O(n).
inline std::uint64_t rank_partial(std::span<const std::uint8_t> values, std::size_t n) {
  const std::size_t k = values.size();
  assert(k <= n && n <= kMaxPermutationSize);
  // A full permutation with `values` in its last k positions and the other values before them; the
  // digits of the last k positions do not depend on how the others are placed.
  std::array<std::uint8_t, kMaxPermutationSize> perm, inverse;
  std::array<bool, kMaxPermutationSize> used{};
  for (std::size_t j = 0; j < k; ++j) {
    assert(values[j] < n && !used[values[j]]);
    used[values[j]] = true;
    perm[n - k + j] = values[j];
  }
  std::size_t free_position = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (!used[v]) perm[free_position++] = static_cast<std::uint8_t>(v);
  }
  for (std::size_t i = 0; i < n; ++i) inverse[perm[i]] = static_cast<std::uint8_t>(i);
  return detail::myrvold_ruskey_digits(n, k, perm.data(), inverse.data());
}

// The k-permutation of values below n whose rank is `rank` (< n!/(n-k)!), k = values.size(). O(n).
inline void unrank_partial(std::uint64_t rank, std::size_t n, std::span<std::uint8_t> values) {
  const std::size_t k = values.size();
  assert(k <= n && n <= kMaxPermutationSize);
  std::array<std::uint8_t, kMaxPermutationSize> perm;
  detail::fill_identity(std::span(perm.data(), n));
  detail::myrvold_ruskey_swaps(n, k, rank, perm.data());
  for (std::size_t j = 0; j < k; ++j) values[j] = perm[n - k + j];
}

// The rank of a permutation of 0 .. n-1 in [0, n!). O(n).
inline std::uint64_t rank_permutation(std::span<const std::uint8_t> perm) {
  return rank_partial(perm, perm.size());
}

// The permutation of 0 .. perm.size()-1 whose rank is `rank` (< n!). O(n).
inline void unrank_permutation(std::uint64_t rank, std::span<std::uint8_t> perm) {
  unrank_partial(rank, perm.size(), perm);
}

// The rank of a permutation of 0 .. n-1 (n >= 2) among those of its parity, in [0, n!/2). O(n).
inline std::uint64_t rank_parity_class(std::span<const std::uint8_t> perm) {
  assert(perm.size() >= 2);
  return rank_permutation(perm) % (count_permutations(perm.size()) / 2);
}

// The permutation of 0 .. n-1 (n >= 2) of the given parity (0 even, 1 odd) whose rank among those
// of its parity is `rank` (< n!/2). O(n).
inline void unrank_parity_class(std::uint64_t rank, int parity, std::span<std::uint8_t> perm) {
  const std::size_t n = perm.size();
  assert(n >= 2 && n <= kMaxPermutationSize);
  std::array<std::uint8_t, kMaxPermutationSize> work;
  detail::fill_identity(std::span(work.data(), n));
  // Every digit but that of i = 2, which then swaps positions 0 and 1 exactly when the parity needs
  // it.
  const int swaps = detail::myrvold_ruskey_swaps(n, n - 2, rank, work.data());
  if (((swaps ^ parity) & 1) != 0) std::swap(work[0], work[1]);
  std::copy_n(work.begin(), n, perm.begin());
}

}  // namespace plumb::encode
