// The invariants of a twisty puzzle's moves (twisty_invariants.hpp).
#include "plumb/puzzles/twisty_invariants.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace plumb::puzzles::twisty {
namespace {

// The parity of the labels in the set's slots, read as a permutation (distinct labels only).
int parity(const PieceSet& set, const Position& position) {
  std::vector<bool> seen(set.size, false);
  int transpositions = 0;
  for (int start = 0; start < set.size; ++start) {
    if (seen[start]) continue;
    int length = 0;
    for (int slot = start; !seen[slot]; slot = position[set.offset + slot]) {
      seen[slot] = true;
      ++length;
    }
    transpositions += length - 1;
  }
  return transpositions & 1;
}

int turn_sum(const PieceSet& set, const Position& position) {
  int sum = 0;
  for (int i = 0; i < set.size; ++i) sum += position[set.offset + set.size + i];
  return sum % set.orientations;
}

bool distinct(const PieceSet& set) {
  return set.labels == set.size;
}

}  // namespace

std::optional<std::string> unsolvable_reason(const TwistyDefinition& definition,
                                             const Position& position) {
  const std::size_t sets = definition.sets.size();
  for (const PieceSet& set : definition.sets) {
    const bool moved = std::ranges::any_of(definition.moves, [&](const Move& move) {
      return !std::equal(move.effect.begin() + set.offset,
                         move.effect.begin() + set.offset + 2 * set.size,
                         definition.identity.begin() + set.offset);
    });
    if (moved) continue;
    Position only = definition.solved;
    std::copy_n(position.begin() + set.offset, 2 * set.size, only.begin() + set.offset);
    if (!definition.is_solved(only))
      return fmt::format("no move changes {}, which is not as solved", set.name);
  }
  // Parities: the position's vector over the sets of distinct pieces (relative to the solved
  // state's) must be a sum of moves' vectors. Gaussian elimination over GF(2), one bit a set.
  std::vector<std::uint64_t> basis;  // reduced rows, each with a distinct leading bit
  auto reduce = [&](std::uint64_t vector) {
    for (const std::uint64_t row : basis)
      if ((vector ^ row) < vector) vector ^= row;
    return vector;
  };
  auto parity_vector = [&](const Position& p, bool relative) {
    std::uint64_t vector = 0;
    for (std::size_t i = 0; i < sets && i < 64; ++i) {
      const PieceSet& set = definition.sets[i];
      if (!distinct(set)) continue;
      int bit = parity(set, p);
      if (relative) bit ^= parity(set, definition.solved);
      vector |= std::uint64_t{static_cast<unsigned>(bit)} << i;
    }
    return vector;
  };
  for (const Move& move : definition.moves) {
    const std::uint64_t row = reduce(parity_vector(move.effect, false));
    if (row != 0) {
      basis.push_back(row);
      std::ranges::sort(basis, std::greater<>());
    }
  }
  if (reduce(parity_vector(position, true)) != 0) {
    return "its pieces' parity is one no sequence of moves makes (an odd swap of pieces)";
  }
  for (const PieceSet& set : definition.sets) {
    if (set.orientations == 1 || std::ranges::any_of(set.wild, [](bool wild) { return wild; }))
      continue;
    const bool kept = std::ranges::all_of(
        definition.moves, [&](const Move& move) { return turn_sum(set, move.effect) == 0; });
    if (kept && turn_sum(set, position) != turn_sum(set, definition.solved))
      return fmt::format("the turns of {} add up to {} (mod {}); every move keeps their sum at {}",
                         set.name, turn_sum(set, position), set.orientations,
                         turn_sum(set, definition.solved));
  }
  return std::nullopt;
}

}  // namespace plumb::puzzles::twisty
