// plumb/encode/hash.hpp: fixed (unseeded) hash functions for packed states.
//
// The same key always hashes to the same value, in every process and on every run, so hashes may be
// used for anything written to disk. Keys are unsigned integers, arrays of 64-bit words, or any type
// with a std::hash specialization (used as the fallback).
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace plumb::encode {

// The finalizer of SplitMix64 (Steele, Lea and Flood 2014): a bijection with full avalanche.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

template <std::size_t N>
constexpr std::uint64_t hash_words(const std::array<std::uint64_t, N>& words) {
  std::uint64_t h = 0x9e3779b97f4a7c15ULL * (N + 1);
  for (std::uint64_t w : words) h = mix64(h ^ w) + 0x9e3779b97f4a7c15ULL;
  return h;
}

// The hash of a key: mix64 for integers, hash_words for word arrays, a key.hash() member where the
// key type has one, and std::hash otherwise.
struct KeyHash {
  template <std::unsigned_integral K>
  constexpr std::uint64_t operator()(K key) const {
    return mix64(static_cast<std::uint64_t>(key));
  }
  template <std::size_t N>
  constexpr std::uint64_t operator()(const std::array<std::uint64_t, N>& key) const {
    return hash_words(key);
  }
  template <class K>
    requires(!std::unsigned_integral<K>) && requires(const K& k) { { k.hash() } -> std::convertible_to<std::uint64_t>; }
  constexpr std::uint64_t operator()(const K& key) const {
    return key.hash();
  }
  template <class K>
    requires(!std::unsigned_integral<K>) && (!requires(const K& k) { k.hash(); }) &&
            requires(const K& k) { std::hash<K>{}(k); }
  std::uint64_t operator()(const K& key) const {
    return mix64(std::hash<K>{}(key));
  }
};

}  // namespace plumb::encode
