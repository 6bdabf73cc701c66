// Twisty puzzles: reading definitions and positions, the coordinates' ranks, and the solvers
// checked against each other and against an independent replay of every solution.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_invariants.hpp"
#include "plumb/puzzles/twisty_pattern.hpp"
#include "plumb/puzzles/twisty_positions.hpp"
#include "plumb/puzzles/twisty_ranked.hpp"
#include "plumb/puzzles/twisty_reduction.hpp"
#include "plumb/puzzles/twisty_search.hpp"
#include "plumb/puzzles/twisty_shipped.hpp"
#include "plumb/puzzles/twisty_symmetry.hpp"
#include "plumb/puzzles/twisty_tables.hpp"
#include "plumb/search/explore.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzles::twisty {
namespace {

// Tables built by these tests go to a temporary cache directory, never to ~/.cache.
const auto* const kTemporaryCache =
    ::testing::AddGlobalTestEnvironment(new plumb::testing::TemporaryCacheEnvironment);

std::string shipped_text(std::string_view name) {
  return std::string(*shipped_definition(name));
}

TwistyDefinition shipped(std::string_view name) {
  return read_ksolve(shipped_text(name), std::string(name));
}

// The shipped 2x2x2 without the moves D, L and B: the corner between them never moves, so the
// puzzle has 3,674,160 positions (8!/8 * 3^7/3) instead of 24 times as many.
TwistyDefinition fixed_corner_2x2x2() {
  std::istringstream in(shipped_text("2x2x2"));
  std::string text, line;
  bool skipping = false;
  while (std::getline(in, line)) {
    if (line == "Move D" || line == "Move L" || line == "Move B") skipping = true;
    if (!skipping) text += line + "\n";
    if (line == "End") skipping = false;
  }
  return read_ksolve(text, "2x2x2 (U, R, F)");
}

// The message of the io::InputError that reading `text` throws, as "LINE: MESSAGE".
std::string definition_error(const std::string& text) {
  try {
    read_ksolve(text, "test.tws");
  } catch (const io::InputError& error) {
    return std::to_string(error.line()) + ": " + error.what();
  }
  return "no error";
}

std::string position_error(const TwistyDefinition& definition, const std::string& text) {
  std::istringstream stream(text);
  io::TextInput in(stream, "test.scr");
  PositionReader reader(in, definition);
  try {
    while (reader.next()) {
    }
  } catch (const io::InputError& error) {
    return std::to_string(error.line()) + ": " + error.what();
  }
  return "no error";
}

std::vector<NamedPosition> read_positions(const TwistyDefinition& definition,
                                          const std::string& text) {
  std::istringstream stream(text);
  io::TextInput in(stream, "test.scr");
  PositionReader reader(in, definition);
  std::vector<NamedPosition> positions;
  while (std::optional<NamedPosition> position = reader.next()) positions.push_back(*position);
  return positions;
}

// Replays `moves` on `start` by the rule of twsearch's format notes, written here apart from the
// library's compose(): slot i takes the piece of slot m.perm[i], turned by m.ori[i] more.
Position replay(const TwistyDefinition& definition, Position position,
                const std::vector<std::size_t>& moves) {
  for (const std::size_t index : moves) {
    const Position& effect = definition.moves.at(index).effect;
    Position next = position;
    for (const PieceSet& set : definition.sets) {
      for (int i = 0; i < set.size; ++i) {
        const std::size_t from = set.offset + effect[set.offset + i];
        next[set.offset + i] = position[from];
        next[set.offset + set.size + i] = static_cast<std::uint8_t>(
            (position[from + set.size] + effect[set.offset + set.size + i]) % set.orientations);
      }
    }
    position = std::move(next);
  }
  return position;
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

// A coordinate's move table, whole, split (a `both` of single pieces whose whole table is too
// large: placements and the turns each move adds) or parted (the megaminx's placements of 4
// pieces), agrees with making the move on a position.
TEST(TwistyPattern, MoveTablesOfEveryLayoutAgreeWithTheMoves) {
  std::mt19937 random(5);
  int split = 0, parted = 0;  // tables built split, coordinates parted
  for (const char* name : {"3x3x3", "pyraminx", "megaminx", "dino"}) {
    const TwistyDefinition definition = shipped(name);
    for (int index = 0; index < static_cast<int>(definition.sets.size()); ++index) {
      const PieceSet& set = definition.sets[index];
      std::vector<int> group_of(set.labels, -1);
      for (int label = 0; label < std::min(set.labels, 4); ++label) group_of[label] = label;
      for (const auto& [kind, max_entries] :
           {std::pair{Coordinate::Kind::both, std::uint64_t{1} << 24},
            std::pair{Coordinate::Kind::both, std::uint64_t{1} << 20},
            std::pair{Coordinate::Kind::placement, std::uint64_t{1} << 24}}) {
        Coordinate coordinate(definition, index, kind, group_of);
        const bool built = coordinate.build_move_table(definition, max_entries);
        ASSERT_EQ(built, coordinate.move_table_entries(definition.moves.size()) <= max_entries);
        if (!built) continue;
        if (coordinate.parted()) {
          ++parted;
        } else if (coordinate.size() * definition.moves.size() > max_entries) {
          ++split;
        }
        for (int trial = 0; trial < 200; ++trial) {
          const Position position = scrambled(definition, random, 20);
          const std::size_t move = random() % definition.moves.size();
          EXPECT_EQ(
              coordinate.after(coordinate.rank(position, false), move),
              coordinate.rank(composed(definition, position, definition.moves[move].effect), false))
              << name << " " << set.name << " " << max_entries;
        }
      }
    }
  }
  EXPECT_GT(split, 2);
  EXPECT_GT(parted, 1);
}

// A placement ranked in two parts (the dino's 6 of 12 edges, the megaminx's 5 of 20 corners)
// numbers its placements 0 to size - 1 once each, and its two small tables move every one as the
// moves do.
TEST(TwistyPattern, PartedPlacementsRankEachPlacementOnceAndMoveAsTheMovesDo) {
  for (const auto& [name, pieces, stride] :
       {std::tuple{"dino", 6, std::uint64_t{1}}, std::tuple{"megaminx", 5, std::uint64_t{997}}}) {
    const TwistyDefinition definition = shipped(name);
    std::vector<int> group_of(definition.sets[0].labels, -1);
    for (int label = 0; label < pieces; ++label) group_of[label] = pieces - 1 - label;
    Coordinate coordinate(definition, 0, Coordinate::Kind::placement, group_of);
    ASSERT_TRUE(coordinate.parted()) << name;
    ASSERT_TRUE(coordinate.build_move_table(definition, std::uint64_t{1} << 25)) << name;
    Position projection(definition.bytes, kUntracked);
    for (std::uint64_t rank = 0; rank < coordinate.size(); rank += stride) {
      coordinate.unrank(rank, projection);
      ASSERT_EQ(coordinate.rank(projection, true), rank) << name;
      for (std::size_t move = rank % 7; move < definition.moves.size(); move += 7) {
        ASSERT_EQ(
            coordinate.after(rank, move),
            coordinate.rank(composed(definition, projection, definition.moves[move].effect), true))
            << name << " rank " << rank << " move " << definition.moves[move].name;
      }
    }
  }
}

TEST(TwistyPattern, LargeMoveTablesAreKeptInTheCacheAndMappedLater) {
  const plumb::testing::TemporaryCache cache;  // empty (other tests here build move tables too)
  const TwistyDefinition definition = shipped("dino");
  std::vector<int> group_of(definition.sets[0].labels, -1);
  for (int label = 0; label < 6; ++label) group_of[label] = label;
  const auto move_table_files = [] {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(io::cache_directory()))
      if (entry.path().filename().string().find("-moves-") != std::string::npos)
        files.push_back(entry.path());
    return files;
  };
  std::mt19937 random(3);
  std::filesystem::file_time_type written;
  for (const bool first : {true, false}) {  // built and kept, then mapped from the file
    Coordinate coordinate(definition, 0, Coordinate::Kind::placement, group_of);
    ASSERT_GE(coordinate.move_table_entries(definition.moves.size()),
              Coordinate::kCachedMoveEntries);
    ASSERT_TRUE(coordinate.build_move_table(definition, std::uint64_t{1} << 25));
    const std::vector<std::filesystem::path> files = move_table_files();
    ASSERT_EQ(files.size(), 1U);
    if (first) written = std::filesystem::last_write_time(files[0]);
    EXPECT_EQ(std::filesystem::last_write_time(files[0]), written);  // not written again
    for (int trial = 0; trial < 500; ++trial) {
      const Position position = scrambled(definition, random, 20);
      const std::size_t move = random() % definition.moves.size();
      ASSERT_EQ(
          coordinate.after(coordinate.rank(position, false), move),
          coordinate.rank(composed(definition, position, definition.moves[move].effect), false));
    }
  }
}

// A small puzzle of its own, written for this test: three sets, two identical pieces, a move
// given as a sequence of others, a 0-based MoveTransformation, a wildcard turn and an Illegal rule.
constexpr const char* kSmall = R"(# a test puzzle
Name Small
Set A 4 1
Set B 3 2
Set C 2 3

Solved
A
1 2 2 3
B
1 2 3
0 0 ?
End

Move X
A
2 1 3 4
B
2 1 3
1 1 0
End

MoveTransformation Y
A
0 2 3 1
C
1 0
0 1
End

MoveSequence Z X Y X
Illegal A 4 1
)";

TEST(TwistyDefinition, ReadsSetsIdenticalPiecesSequencesAndRules) {
  const TwistyDefinition d = read_ksolve(kSmall, "small.tws");
  EXPECT_EQ(d.name, "Small");
  ASSERT_EQ(d.sets.size(), 3u);
  EXPECT_EQ(d.sets[0].labels, 3);  // the two pieces numbered 2 are one
  EXPECT_EQ(d.sets[1].wild, (std::vector<bool>{false, false, true}));
  EXPECT_EQ(d.bytes, 18u);
  std::vector<std::string> names;
  for (const Move& move : d.moves) names.push_back(move.name);
  EXPECT_EQ(names, (std::vector<std::string>{"X", "Y", "Y2", "Y3", "Y2'", "Y'", "Z", "Z2", "Z3",
                                             "Z2'", "Z'"}));
  EXPECT_EQ(d.base_moves[1].order, 6);  // Y: A's 3-cycle and C's swap
  ASSERT_EQ(d.illegal.size(), 1u);
  EXPECT_EQ(d.illegal[0].byte, 3u);
  EXPECT_EQ(d.illegal[0].label, 0);
  // Z is X, Y, X made in turn.
  const Position xyx = composed(
      d, composed(d, composed(d, d.solved, d.find_move("X")->effect), d.find_move("Y")->effect),
      d.find_move("X")->effect);
  EXPECT_EQ(composed(d, d.solved, d.find_move("Z")->effect), xyx);
  // The wildcard: B's third piece may be turned either way in the solved state.
  Position turned = d.solved;
  turned[d.sets[1].offset + 3 + 2] = 1;
  EXPECT_TRUE(d.is_solved(turned));
  // X twists B's first two pieces by 1 each: ksolve gives a move's twists by the piece moved.
  const Position after_x = composed(d, d.solved, d.find_move("X")->effect);
  EXPECT_EQ(after_x[d.sets[1].offset + 3], 1);
}

TEST(TwistyDefinition, ContentHashIgnoresCommentsAndSpacing) {
  ASSERT_EQ(definition_error(kSmall), "no error");
  const TwistyDefinition a = read_ksolve(kSmall, "a");
  std::string spaced = std::string("# another comment\n\n") + kSmall;
  std::ranges::replace(spaced, ' ', '\t');
  ASSERT_EQ(definition_error(spaced), "no error");
  EXPECT_EQ(read_ksolve(spaced, "b").content_hash, a.content_hash);
  std::string other = kSmall;
  other.replace(other.find("2 1 3\n1 1 0"), 11, "2 1 3\n0 1 1");
  EXPECT_NE(read_ksolve(other, "c").content_hash, a.content_hash);
}

TEST(TwistyDefinition, NamesPowersAsTwsearchDoes) {
  const TwistyDefinition megaminx = shipped("megaminx");
  std::vector<std::string> powers;
  for (const Move& move : megaminx.moves)
    if (move.base == 0) powers.push_back(move.name);
  ASSERT_EQ(powers.size(), 4u);
  EXPECT_EQ(powers[1], powers[0] + "2");
  EXPECT_EQ(powers[2], powers[0] + "2'");
  EXPECT_EQ(powers[3], powers[0] + "'");
  EXPECT_EQ(megaminx.find_move(powers[2])->quarter_turns, 2);
  EXPECT_EQ(metric_moves(megaminx, Metric::quarter).size(), 2 * megaminx.base_moves.size());
}

TEST(TwistyDefinition, BadDefinitionsNameTheirLine) {
  EXPECT_EQ(
      definition_error("Set A 2 1\nSolved\nA\n1 2\nEnd\nMove X\nA\n2 1\nEnd\nTwist Y\n"),
      "10: unknown keyword 'Twist' (expected Name, Set, Solved, Move, MoveSequence, Illegal)");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nA\n1 2 3\nEnd\n"),
            "4: the set A has 2 slots; this line has 3 numbers");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nA\n1 2\nEnd\nMove X\nA\n1 1\nEnd\n"),
            "8: a move's line must list the slots 1 to 2 once each");
  EXPECT_EQ(definition_error("Set A 2 1\nMove X\n"), "2: Move before Solved");
  EXPECT_EQ(definition_error("Set A 2 0\n"),
            "1: a set's orientations must be an integer from 1 to 127, not '0'");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nB\n1 2\nEnd\n"), "3: no set named 'B'");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nA\n1 2\n"), "4: a block is not closed by End");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nA\n1 2\nEnd\n"),
            "5: no Move: a puzzle needs moves");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nA\n1 2\nEnd\nMoveSequence Z X Q\n"),
            "6: the sequence Z names no move 'X'");
  EXPECT_EQ(definition_error("Set A 2 3\nSolved\nA\n1 2\n0 3\nEnd\n"),
            "5: an orientation in A must be an integer from 0 to 2, not '3'");
  EXPECT_EQ(definition_error("Set A 2 1\nSolved\nA\n1 2\nEnd\nMove X\nA\n1 2\nEnd\n"),
            "6: the move X moves nothing");
}

TEST(TwistyPositions, ReadsEachFormAndNamesBadLines) {
  const TwistyDefinition d = shipped("3x3x3");
  const std::vector<NamedPosition> positions =
      read_positions(d,
                     "# comment\nScrambleAlg a\nR U\nR'\nEnd\n\nR, U R'\nScramble b\nEDGES\n"
                     "2 1 3 4 5 6 7 8 9 10 11 12\nEnd\nScrambleState c\nCORNERS\n0 1 2 3 4 5 6 7\n"
                     "0 0 0 0 0 0 0 1\nEnd\n");
  ASSERT_EQ(positions.size(), 4u);
  EXPECT_EQ(positions[0].name, "a");
  EXPECT_EQ(positions[0].line, 2);
  EXPECT_EQ(positions[0].position, positions[1].position);
  EXPECT_EQ(positions[1].name, "");
  EXPECT_EQ(positions[1].line, 7);
  EXPECT_EQ(positions[2].position[d.sets[1].offset], 1);  // EDGES: piece 2 in slot 1
  EXPECT_EQ(positions[3].position[d.sets[0].offset + 8 + 7], 1);
  EXPECT_EQ(position_error(d, "R U\nR Q\n"), "2: no move named 'Q' in 3x3x3");
  EXPECT_EQ(position_error(d, "Scramble x\nEDGES\n1 1 3 4 5 6 7 8 9 10 11 12\nEnd\n"),
            "3: the set EDGES must hold each of its pieces as many times as Solved does");
  EXPECT_EQ(position_error(d, "ScrambleAlg x\nR U\n"), "1: ScrambleAlg x has no End");
  EXPECT_EQ(position_error(d, "Scramble x\nEDGES\n1 2 3\nEnd\n"),
            "3: the set EDGES has 12 slots; this line has 3 numbers");
}

TEST(TwistyInvariants, ParitiesAndTurnSumsProveNoSolution) {
  const TwistyDefinition d = shipped("3x3x3");
  const std::size_t corners = d.sets[0].offset, edges = d.sets[1].offset;
  Position twisted = d.solved;
  twisted[corners + 8] = 1;
  EXPECT_TRUE(unsolvable_reason(d, twisted).has_value());
  Position flipped = d.solved;
  flipped[edges + 12] = 1;
  EXPECT_TRUE(unsolvable_reason(d, flipped).has_value());
  Position swapped = d.solved;
  std::swap(swapped[edges], swapped[edges + 1]);
  EXPECT_TRUE(unsolvable_reason(d, swapped).has_value());
  std::swap(swapped[corners], swapped[corners + 1]);  // both sets odd: as one quarter turn makes
  EXPECT_FALSE(unsolvable_reason(d, swapped).has_value());
  std::mt19937 random(3);
  for (int i = 0; i < 20; ++i)
    EXPECT_FALSE(unsolvable_reason(d, scrambled(d, random, 25)).has_value());
}

// Solves random positions by IDA* over several choices of tables, and by descending the layers
// of the whole puzzle, and checks the lengths agree and every solution replays to solved.
// Every sequence of `moves` in canonical order, as the solver's header states it (never a move of
// the base move before it, nor after a larger base move that it commutes with along with every
// move between them: written here apart from the solver, by looking back along the path), that
// leads from `start` to solved descending the layers by one each move: the optimal solutions.
std::vector<std::vector<std::size_t>> descents(const TwistyDefinition& d, const Layers& layers,
                                               const Pattern& whole,
                                               const std::vector<std::size_t>& moves,
                                               const Position& start) {
  const auto single_turn = [&](int base) {
    return std::ranges::find_if(
               d.moves, [&](const Move& move) { return move.base == base && move.power == 1; })
        ->effect;
  };
  const auto commute = [&](int a, int b) {
    return composed(d, single_turn(a), single_turn(b)) ==
           composed(d, single_turn(b), single_turn(a));
  };
  std::vector<std::vector<std::size_t>> found;
  std::vector<std::size_t> path;
  const auto descend = [&](const auto& self, const Position& at) -> void {
    if (d.is_solved(at)) {
      found.push_back(path);
      return;
    }
    const int value = layers.entries.get(whole.rank(at));
    for (const std::size_t move : moves) {
      const int base = d.moves[move].base;
      if (!path.empty() && d.moves[path.back()].base == base) continue;
      bool could_come_first = false;
      for (auto earlier = path.rbegin(); earlier != path.rend(); ++earlier) {
        const int earlier_base = d.moves[*earlier].base;
        if (!commute(base, earlier_base)) break;
        if (earlier_base > base) could_come_first = true;
      }
      if (could_come_first) continue;
      const Position child = composed(d, at, d.moves[move].effect);
      if (!d.is_legal(child) || layers.entries.get(whole.rank(child)) != (value + 13) % 15 + 1)
        continue;
      path.push_back(move);
      self(self, child);
      path.pop_back();
    }
  };
  descend(descend, start);
  return found;
}

// The table of `pattern`, built in memory (reduced by symmetry where it reduces, larger tables
// than the program reduces too, unless `reduce` is false), filled only as far as its layers make
// `max_layer_moves` moves (its bound past that depth one more).
std::shared_ptr<const PruningTable> built_table(const TwistyDefinition& d, Pattern pattern,
                                                Metric metric, std::uint64_t max_layer_moves,
                                                bool reduce = true) {
  search::SearchStats stats;
  build_move_tables(d, pattern);
  std::shared_ptr<const SymmetryReduction> reduction =
      reduce ? reduction_of(d, pattern, kUncachedTableEntries) : nullptr;
  std::optional<Layers> built = breadth_first(d, pattern, metric_moves(d, metric), 14, 2, {}, stats,
                                              nullptr, max_layer_moves, reduction.get());
  if (!built) throw std::runtime_error("a table's build stopped");
  const int filled = static_cast<int>(built->layer_sizes.size()) - 1;
  return std::make_shared<const PruningTable>(std::move(pattern), std::move(built->entries),
                                              built->complete, filled, std::move(reduction));
}

// The tables choose_tables() picks within `max_entries` entries each, built as above.
std::vector<std::shared_ptr<const PruningTable>> built_tables(const TwistyDefinition& d,
                                                              Metric metric,
                                                              std::uint64_t max_entries,
                                                              std::uint64_t max_layer_moves) {
  std::vector<std::shared_ptr<const PruningTable>> tables;
  for (TableChoice& choice : choose_tables(d, max_entries))
    tables.push_back(built_table(d, std::move(choice.pattern), metric, max_layer_moves));
  return tables;
}

void cross_check(const TwistyDefinition& d, Metric metric, int positions, int scramble_moves) {
  const std::vector<std::size_t> moves = metric_moves(d, metric);
  Pattern whole = whole_puzzle(d);
  build_move_tables(d, whole);
  search::SearchStats stats;
  const std::optional<Layers> layers = breadth_first(d, whole, moves, 1 << 20, 2, {}, stats);
  ASSERT_TRUE(layers.has_value());
  // Small tables, large ones, and large ones filled only as far as their layers make 300 moves
  // (their bound past that depth is one more); and those the program chooses, reduced by
  // symmetry where they reduce.
  std::vector<std::vector<std::shared_ptr<const PruningTable>>> choices;
  for (const auto& [max_entries, max_layer_moves] :
       {std::pair{std::uint64_t{1} << 12, UINT64_MAX},
        std::pair{std::uint64_t{1} << 22, UINT64_MAX},
        std::pair{std::uint64_t{1} << 22, std::uint64_t{300}},
        std::pair{kDefaultTableEntries, UINT64_MAX},
        std::pair{kDefaultTableEntries, std::uint64_t{300}}}) {
    choices.push_back(built_tables(d, metric, max_entries, max_layer_moves));
    if (max_layer_moves == UINT64_MAX) continue;
    for (const auto& table : choices.back()) {
      if (table->unfilled_bound() != PruningTable::kUnreachable) {
        EXPECT_LT(table->filled, 8);
      }
    }
  }
  std::mt19937 random(11);
  for (int trial = 0; trial < positions; ++trial) {
    Position start = d.solved;
    for (int i = 0; i < scramble_moves; ++i) {
      Position next = composed(d, start, d.moves[moves[random() % moves.size()]].effect);
      if (d.is_legal(next)) start = std::move(next);
    }
    // The depth of `start` in the layers: the first layer whose value it holds, read back by
    // descending (each layer's value is 1 + depth mod 15).
    int depth = 0;
    Position walk = start, child(d.bytes);
    while (!d.is_solved(walk)) {
      const int value = layers->entries.get(whole.rank(walk));
      bool stepped = false;
      for (const std::size_t move : moves) {
        compose(d, walk, d.moves[move].effect, child);
        if (!d.is_legal(child) || layers->entries.get(whole.rank(child)) != (value + 13) % 15 + 1)
          continue;
        walk = child;
        stepped = true;
        break;
      }
      ASSERT_TRUE(stepped);
      ++depth;
    }
    // (A bound past the depth prunes the solutions away: the search stops at the node limit.)
    search::SearchContext one_thread, two_threads;
    one_thread.limits.threads = 1;
    two_threads.limits.threads = 2;
    one_thread.limits.max_nodes = two_threads.limits.max_nodes = 50'000'000;
    for (const auto& tables : choices) {
      const TwistySolution solution = TwistySolver(d, metric, tables).solve(start, two_threads);
      // The threads split the work, not the answer: one thread finds the same moves.
      EXPECT_EQ(TwistySolver(d, metric, tables).solve(start, one_thread).moves, solution.moves);
      ASSERT_TRUE(solution.moves.has_value()) << d.name;
      EXPECT_EQ(static_cast<int>(solution.moves->size()), depth) << d.name << " trial " << trial;
      EXPECT_TRUE(d.is_solved(replay(d, start, *solution.moves))) << d.name;
      for (const std::size_t move : *solution.moves)
        EXPECT_TRUE(std::ranges::find(moves, move) != moves.end());
      if (metric != Metric::half) continue;
      // Every optimal solution, each once, the same on one thread and two, the first the one a
      // search for one finds.
      const TwistySolution all =
          TwistySolver(d, metric, tables).solve(start, two_threads, Solutions::all);
      EXPECT_EQ(all.moves, solution.moves);
      EXPECT_EQ(TwistySolver(d, metric, tables).solve(start, one_thread, Solutions::all).all,
                all.all);
      std::vector<std::vector<std::size_t>> listed = all.all,
                                            expected = descents(d, *layers, whole, moves, start);
      std::ranges::sort(listed);
      std::ranges::sort(expected);
      EXPECT_EQ(listed, expected) << d.name << " trial " << trial;
      for (const std::vector<std::size_t>& moves_found : all.all)
        EXPECT_TRUE(d.is_solved(replay(d, start, moves_found))) << d.name;
    }
  }
}

TEST(TwistySolver, AgreesWithTheWholePuzzlesLayersOnTheFloppyCube) {
  cross_check(shipped("floppy"), Metric::half, 30, 12);
}

TEST(TwistySolver, AgreesWithTheWholePuzzlesLayersOnTheFixedCorner2x2x2) {
  // (The table the program chooses, of the whole puzzle, is reduced by its 3 symmetries; the
  // small tables, of a few corners each, are read at their views through them too.)
  const TwistyDefinition d = fixed_corner_2x2x2();
  ASSERT_NE(reduction_of(d, choose_tables(d, kDefaultTableEntries).back().pattern), nullptr);
  const auto small = built_tables(d, Metric::half, std::uint64_t{1} << 12, UINT64_MAX);
  EXPECT_GT(TwistySolver(d, Metric::half, small).table_reads(), small.size());
  cross_check(fixed_corner_2x2x2(), Metric::half, 12, 25);
  cross_check(fixed_corner_2x2x2(), Metric::quarter, 6, 25);
}

// T commutes with X and with Y, which do not commute with each other, and T lies between them in
// the order of the base moves: of Y X T, Y T X and T Y X one is canonical, which a rule on pairs
// of moves alone does not see (Y T X and T Y X both pass it).
constexpr const char* kCommuting = R"(Name Commuting
Set A 3 1
Set B 2 1
Solved
A
1 2 3
B
1 2
End
Move X
A
2 1 3
End
Move T
B
2 1
End
Move Y
A
1 3 2
End
)";

TEST(TwistySolver, AgreesWithTheWholePuzzlesLayersWhereMovesCommute) {
  cross_check(read_ksolve(kCommuting, "commuting.tws"), Metric::half, 30, 12);
}

TEST(TwistySolver, AgreesWithTheWholePuzzlesLayersWithIdenticalPiecesAndIllegalRules) {
  cross_check(read_ksolve(kSmall, "small.tws"), Metric::half, 30, 12);
  cross_check(read_ksolve(kSmall, "small.tws"), Metric::quarter, 30, 12);
}

TEST(TwistyExplore, CountsTheFixedCorner2x2x2sPositions) {
  const TwistyDefinition d = fixed_corner_2x2x2();
  Pattern whole = whole_puzzle(d);
  build_move_tables(d, whole);
  search::SearchStats stats;
  const std::optional<Layers> layers =
      breadth_first(d, whole, metric_moves(d, Metric::half), 1 << 20, 2, {}, stats);
  ASSERT_TRUE(layers.has_value());
  // The 2x2x2's known distribution in the half-turn metric, God's number 11.
  const std::vector<std::uint64_t> known{1,     9,      54,     321,     1847,   9992,
                                         50136, 227536, 870072, 1887748, 623800, 2644};
  EXPECT_EQ(layers->layer_sizes, known);
  EXPECT_EQ(layers->projections, known);
  EXPECT_TRUE(layers->complete);

  // Over the indices reduced by its 3 symmetries (those that keep the fixed corner), each index
  // counting the positions of its key's class: the same counts, a third of the indices. Its
  // deepest indices' representatives are deepest positions.
  const auto reduction = reduction_of(d, whole, 0);
  ASSERT_NE(reduction, nullptr);
  EXPECT_EQ(reduction->symmetries(), 3U);
  const std::optional<Layers> reduced =
      breadth_first(d, whole, metric_moves(d, Metric::half), 1 << 20, 2, {}, stats, nullptr,
                    UINT64_MAX, reduction.get());
  ASSERT_TRUE(reduced.has_value());
  EXPECT_EQ(reduced->projections, known);
  EXPECT_TRUE(reduced->complete);
  const std::uint64_t indices =
      std::reduce(reduced->layer_sizes.begin(), reduced->layer_sizes.end());
  const std::uint64_t positions = std::reduce(known.begin(), known.end());
  EXPECT_GE(indices, positions / 3);  // each stands for at most 3
  EXPECT_LT(indices, positions / 2);
  ASSERT_FALSE(reduced->deepest.empty());
  std::vector<std::uint64_t> digits(whole.coordinates().size());
  for (const std::uint64_t index : reduced->deepest) {
    reduction->representative(index, digits.data());
    EXPECT_EQ(layers->entries.get(whole.join(digits.data())), 12) << index;  // 1 + 11 moves
  }
}

// The engine's exploration over the puzzle's ranks (what --checkpoint and mpirun run) finds the
// layers and the deepest positions the puzzle's own breadth-first search finds, on one thread or
// two (the 2x2x2, 3,674,160 positions, on two only: seconds under the sanitizers): the
// fixed-corner 2x2x2, the Floppy Cube in the quarter metric, and a puzzle with identical pieces
// and Illegal rules (its successors that break a rule left out).
TEST(TwistyExplore, TheEnginesExplorationOfTheRanksAgreesWithTheTables) {
  for (const auto& [d, metric] : {std::pair{fixed_corner_2x2x2(), Metric::half},
                                  std::pair{shipped("floppy"), Metric::quarter},
                                  std::pair{read_ksolve(kSmall, "small.tws"), Metric::half}}) {
    Pattern whole = whole_puzzle(d);
    build_move_tables(d, whole);
    const std::vector<std::size_t> moves = metric_moves(d, metric);
    search::SearchStats stats;
    const std::optional<Layers> layers = breadth_first(d, whole, moves, 1 << 20, 2, {}, stats);
    ASSERT_TRUE(layers.has_value());
    const std::uint64_t origin = projected_rank(d, whole, d.solved);
    const RankedPuzzle ranks(d, whole, moves, origin);
    for (const unsigned threads : {1U, 2U}) {
      if (threads == 1 && whole.size() > 1000000) continue;
      search::SearchContext context;
      context.limits.threads = threads;
      const auto explored = search::explore(ranks, std::span(&origin, 1), context, 8);
      EXPECT_EQ(explored.layer_sizes, layers->layer_sizes) << d.name;
      EXPECT_EQ(explored.deepest, layers->deepest) << d.name;
    }
  }
}

// The 2x2x2 with the four corners of its U layer alike (Solved numbers them all 1): a symmetry
// must keep their slots together.
TwistyDefinition like_top_corners_2x2x2() {
  std::string text = shipped_text("2x2x2");
  const std::string solved = "CORNERS\n1 2 3 4 5 6 7 8\n";
  text.replace(text.find(solved), solved.size(), "CORNERS\n1 1 1 1 2 3 4 5\n");
  return read_ksolve(text, "2x2x2 (like top corners)");
}

TEST(TwistySymmetry, FindsTheRotationsThatKeepEachSet) {
  // The cube's 24 rotations, the tetrahedron's 12, the dodecahedron's 60 and the square's 8 (the
  // floppy cube's half turns are their own inverses); the skewb's and the FTO's rotations that
  // swap their two sets of corners or of centres are not looked for: 12 of their 24.
  const std::vector<std::pair<std::string_view, std::size_t>> expected{
      {"2x2x2", 24},    {"3x3x3", 24}, {"dino", 24},  {"pyraminx", 12},
      {"megaminx", 60}, {"floppy", 8}, {"skewb", 12}, {"FTO", 12}};
  for (const auto& [name, count] : expected) {
    const TwistyDefinition d = shipped(name);
    const std::vector<Symmetry> symmetries = find_symmetries(d);
    EXPECT_EQ(symmetries.size(), count) << name;
    EXPECT_EQ(symmetries.front().effect, d.identity) << name;
    std::set<std::vector<std::size_t>> maps;
    for (const Symmetry& symmetry : symmetries) maps.insert(symmetry.moves);
    EXPECT_EQ(maps.size(), symmetries.size()) << name;  // each maps the moves its own way
    for (const Symmetry& symmetry : symmetries) {
      // None is missing: the two maps of two symmetries, one after the other, are a third's.
      for (const Symmetry& then : symmetries) {
        std::vector<std::size_t> both(d.moves.size());
        for (std::size_t m = 0; m < both.size(); ++m) both[m] = then.moves[symmetry.moves[m]];
        EXPECT_TRUE(maps.contains(both)) << name;
      }
      // A move made from solved, viewed through the symmetry, is the move it maps to.
      for (std::size_t m = 0; m < d.moves.size(); ++m) {
        EXPECT_EQ(conjugated(d, composed(d, d.solved, d.moves[m].effect), symmetry),
                  composed(d, d.solved, d.moves[symmetry.moves[m]].effect))
            << name << " " << d.moves[m].name;
      }
    }
  }
  EXPECT_EQ(find_symmetries(fixed_corner_2x2x2()).size(), 3u);      // turns about the still corner
  EXPECT_EQ(find_symmetries(like_top_corners_2x2x2()).size(), 4u);  // turns about the U-D axis
  EXPECT_EQ(find_symmetries(read_ksolve(kSmall, "small.tws")).size(), 1u);  // Illegal rules
  // Nine like moves that share no slots map to each other in 9! ways: too many to try.
  std::string pairs = "Name pairs\nSet A 18 1\nSolved\nA\n";
  for (int slot = 1; slot <= 18; ++slot) pairs += std::to_string(slot) + " ";
  pairs += "\nEnd\n";
  for (int pair = 0; pair < 9; ++pair) {
    pairs += "Move M" + std::to_string(pair) + "\nA\n";
    for (int slot = 0; slot < 18; ++slot)
      pairs += std::to_string((slot / 2 == pair ? slot ^ 1 : slot) + 1) + " ";
    pairs += "\nEnd\n";
  }
  EXPECT_EQ(find_symmetries(read_ksolve(pairs, "pairs.tws")).size(), 1u);
}

// Viewed through a symmetry, a position is as far from solved: IDA* finds optimal solutions of the
// same length.
TEST(TwistySymmetry, ViewsArePositionsAsFarFromSolved) {
  // (Random positions of the 2x2x2 and the pyraminx are slow to solve with tables of 2^22
  // entries: theirs are 8 random moves deep.)
  for (const auto& [definition, depth] :
       {std::pair{shipped("2x2x2"), 8}, std::pair{fixed_corner_2x2x2(), 40},
        std::pair{shipped("pyraminx"), 8}, std::pair{like_top_corners_2x2x2(), 40}}) {
    const TwistyDefinition& d = definition;  // (clang 14's lambdas cannot capture a binding)
    const auto tables = built_tables(d, Metric::half, std::uint64_t{1} << 22, UINT64_MAX);
    const std::vector<Symmetry> symmetries = find_symmetries(d);
    ASSERT_GT(symmetries.size(), 1u) << d.name;
    // (A wrong view, unsolvable or far deeper, stops at the node limit: no length.)
    search::SearchContext bounded;
    bounded.limits.max_nodes = 20'000'000;
    const auto length = [&](const Position& position) {
      const TwistySolution solution =
          TwistySolver(d, Metric::half, tables).solve(position, bounded);
      return solution.moves ? static_cast<int>(solution.moves->size()) : -1;
    };
    std::mt19937 random(9);
    for (int trial = 0; trial < 3; ++trial) {
      const Position start = scrambled(d, random, depth);
      const int expected = length(start);
      ASSERT_GE(expected, 0) << d.name;
      for (int view = 0; view < 2; ++view) {
        const Symmetry& symmetry = symmetries[1 + random() % (symmetries.size() - 1)];
        const Position viewed = conjugated(d, start, symmetry);
        EXPECT_FALSE(unsolvable_reason(d, viewed).has_value()) << d.name;
        EXPECT_EQ(length(viewed), expected) << d.name << " trial " << trial;
      }
    }
  }
}

// The coordinates' ranks of `position` in `pattern`'s coordinates.
std::vector<std::uint64_t> ranks(const Pattern& pattern, const Position& position) {
  std::vector<std::uint64_t> digits;
  for (const Coordinate& coordinate : pattern.coordinates())
    digits.push_back(coordinate.rank(position, false));
  return digits;
}

// A position and its views through every symmetry have one index; an index's representative is
// one of them.
TEST(TwistyReduction, ThePositionsViewsShareOneIndex) {
  for (const TwistyDefinition& d : {shipped("2x2x2"), shipped("3x3x3"), shipped("pyraminx"),
                                    shipped("skewb"), fixed_corner_2x2x2()}) {
    const std::vector<Symmetry> symmetries = find_symmetries(d);
    int reduced = 0;
    for (TableChoice& choice : choose_tables(d, kDefaultTableEntries)) {
      const std::shared_ptr<const SymmetryReduction> reduction =
          reduction_of(d, choice.pattern, kUncachedTableEntries);
      if (!reduction) continue;
      ++reduced;
      EXPECT_EQ(reduction->symmetries(), symmetries.size()) << d.name;
      EXPECT_LT(reduction->size(), choice.pattern.size()) << d.name;
      std::mt19937 random(5);
      std::vector<std::uint64_t> representative(choice.pattern.coordinates().size()),
          views(symmetries.size());
      for (int trial = 0; trial < 200; ++trial) {
        const Position start = scrambled(d, random, 30);
        const std::uint64_t index = reduction->index(ranks(choice.pattern, start).data());
        ASSERT_LT(index, reduction->size());
        reduction->representative(index, representative.data());
        EXPECT_EQ(reduction->index(representative.data()), index) << d.name;
        // Where the key's representative is its own view through several symmetries, the
        // position's views have as many indices, the views() of each.
        const std::size_t count = reduction->views(index, views.data());
        std::set<std::uint64_t> indices{index};
        for (std::size_t v = 0; v < count; ++v) {
          indices.insert(views[v]);
          reduction->representative(views[v], representative.data());
          EXPECT_EQ(reduction->index(representative.data()), views[v]) << d.name;
          std::vector<std::uint64_t> views_of_view(symmetries.size());
          views_of_view.resize(reduction->views(views[v], views_of_view.data()));
          EXPECT_TRUE(views[v] == index ||
                      std::ranges::find(views_of_view, index) != views_of_view.end())
              << d.name;
        }
        for (const Symmetry& symmetry : symmetries) {
          EXPECT_TRUE(indices.contains(
              reduction->index(ranks(choice.pattern, conjugated(d, start, symmetry)).data())))
              << d.name << " trial " << trial;
        }
      }
    }
    EXPECT_GT(reduced, 0) << d.name;
  }
}

// A reduced table holds at each index the depth the whole table holds at every projection with
// that index, its views marked by the breadth-first search too. (The pyraminx's key, where its 4
// centres stand, has classes of large stabilizers. The fixed-corner 2x2x2's reduced table is
// checked by cross_check, against the whole puzzle's layers.)
TEST(TwistyReduction, TablesHoldTheDepthsOfTheWholeTables) {
  for (const auto& [definition, tables] :
       {std::pair{shipped("pyraminx"), "CORNERS+CORNERS2"}, std::pair{shipped("skewb"), ""}}) {
    const TwistyDefinition& d = definition;
    std::vector<TableChoice> choices =
        *tables == '\0' ? choose_tables(d, kDefaultTableEntries) : parse_tables(d, tables);
    std::erase_if(choices, [&](const TableChoice& choice) {
      return reduction_of(d, choice.pattern, kUncachedTableEntries) == nullptr;
    });
    EXPECT_FALSE(choices.empty()) << d.name;
    for (const Metric metric : {Metric::half, Metric::quarter}) {
      for (const TableChoice& choice : choices) {
        const auto reduced = built_table(d, choice.pattern, metric, UINT64_MAX);
        const auto whole = built_table(d, choice.pattern, metric, UINT64_MAX, false);
        ASSERT_EQ(whole->reduction, nullptr);
        std::vector<bool> seen(reduced->reduction->size());
        std::vector<std::uint64_t> digits(choice.pattern.coordinates().size());
        for (std::uint64_t rank = 0; rank < whole->pattern.size(); ++rank) {
          const int entry = whole->entries.get(rank);
          if (entry == 0) continue;  // not reached
          whole->pattern.split(rank, digits.data());
          const std::uint64_t index = reduced->reduction->index(digits.data());
          ASSERT_EQ(reduced->entries.get(index), entry) << d.name << " rank " << rank;
          seen[index] = true;
        }
        // And nothing else: every index with an entry stands for a projection reached.
        for (std::uint64_t index = 0; index < reduced->reduction->size(); ++index)
          ASSERT_EQ(reduced->entries.get(index) != 0, seen[index]) << d.name << " " << index;
      }
    }
  }
}

// A shallow table of at most kCachedShallowEntries is kept in the cache, apart from the whole
// table (its file's name and header say its first layers): read back, it holds the entries a
// breadth-first search of those layers makes, and bounds what lies past them by one more.
TEST(TwistyTables, ASmallShallowTableIsCachedAndReadBackAlike) {
  const plumb::testing::TemporaryCache cache;
  const TwistyDefinition d = shipped("2x2x2");
  const std::vector<TableChoice> quick =
      quick_tables(d, choose_tables(d, kDefaultTableEntries), kShallowLayerMoves[0]);
  const TableChoice& shallow = quick.back();  // the corners' first layers, reduced by symmetry
  ASSERT_NE(shallow.shallow_moves, 0U);
  ASSERT_NE(reduction_of(d, shallow.pattern), nullptr);
  ASSERT_LE(table_entries(d, shallow.pattern), kCachedShallowEntries);
  search::SearchStats stats;
  const auto built = load_or_build_table(d, shallow, Metric::half, 2, {}, stats);
  ASSERT_NE(built, nullptr);
  const std::filesystem::path file =
      table_file(d, shallow.pattern, Metric::half, shallow.shallow_moves).path();
  EXPECT_TRUE(std::filesystem::is_regular_file(file));
  EXPECT_NE(file, table_file(d, shallow.pattern, Metric::half).path());
  const auto read = load_or_build_table(d, shallow, Metric::half, 2, {}, stats);
  ASSERT_NE(read, nullptr);
  const auto direct = built_table(d, shallow.pattern, Metric::half, shallow.shallow_moves);
  EXPECT_GT(direct->filled, 3);
  EXPECT_LT(direct->filled, 11);  // the 2x2x2's deepest positions are 11 moves away
  for (const auto& table : {built, read}) {
    EXPECT_EQ(table->filled, direct->filled);
    EXPECT_TRUE(std::ranges::equal(table->entries.bytes(), direct->entries.bytes()));
    EXPECT_EQ(table->unfilled_bound(), direct->filled + 1);
  }
}

}  // namespace
}  // namespace plumb::puzzles::twisty
