// Twisty puzzles read from cubing.js's KPuzzle JSON (twisty_kpuzzle.hpp): the same definition as
// the ksolve reader gives for the same puzzle, the shipped *.kpuzzle.json against their .tws, and
// the errors of bad JSON.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_definition.hpp"
#include "plumb/puzzles/twisty_kpuzzle.hpp"
#include "plumb/puzzles/twisty_shipped.hpp"

namespace plumb::puzzles::twisty {
namespace {

std::string shipped_text(std::string_view name) {
  return std::string(*shipped_definition(name));
}

std::string kpuzzle_file(std::string_view name) {
  const std::string path =
      std::string(PLUMB_PUZZLES_DIR) + "/twisty/definitions/" + std::string(name) + ".kpuzzle.json";
  std::ifstream file(path, std::ios::binary);
  if (!file) throw std::runtime_error("cannot read " + path);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// The KPuzzle JSON of a definition read from ksolve text: its sets and moves in the same order
// (base moves, then rotations, which is the text's order when no rotation comes between moves).
std::string to_kpuzzle_json(const TwistyDefinition& definition) {
  nlohmann::ordered_json out;
  out["name"] = definition.name;
  out["orbits"] = nlohmann::ordered_json::array();
  for (const PieceSet& set : definition.sets) {
    out["orbits"].push_back(
        {{"orbitName", set.name}, {"numPieces", set.size}, {"numOrientations", set.orientations}});
    std::vector<int> pieces, orientation, mod;
    for (int i = 0; i < set.size; ++i) {
      const int label = definition.solved[set.offset + i];
      pieces.push_back(set.written[label] - 1);
      orientation.push_back(definition.solved[set.offset + set.size + i]);
      mod.push_back(set.wild[label] ? 1 : 0);
    }
    auto& pattern = out["defaultPattern"][set.name];
    pattern = {{"pieces", pieces}, {"orientation", orientation}};
    if (std::ranges::count(mod, 1) > 0) pattern["orientationMod"] = mod;
  }
  const auto add = [&](const Move& move, std::string_view name) {
    auto& transformation = out["moves"][std::string(name)];
    transformation = nlohmann::ordered_json::object();
    for (const PieceSet& set : definition.sets) {
      const auto begin = move.effect.begin() + static_cast<std::ptrdiff_t>(set.offset);
      transformation[set.name] = {
          {"permutation", std::vector<int>(begin, begin + set.size)},
          {"orientationDelta", std::vector<int>(begin + set.size, begin + 2 * set.size)}};
    }
  };
  for (const Move& move : definition.moves)
    if (move.power == 1) add(move, definition.base_moves[move.base].name);
  for (const Move& rotation : definition.rotations)
    if (rotation.power == 1) add(rotation, rotation.name);
  return out.dump(2);
}

void expect_same_definition(const TwistyDefinition& a, const TwistyDefinition& b,
                            std::string_view what) {
  EXPECT_EQ(a.name, b.name) << what;
  ASSERT_EQ(a.sets.size(), b.sets.size()) << what;
  for (std::size_t s = 0; s < a.sets.size(); ++s) {
    const PieceSet &x = a.sets[s], &y = b.sets[s];
    EXPECT_EQ(x.name, y.name) << what;
    EXPECT_EQ(x.size, y.size) << what << " " << x.name;
    EXPECT_EQ(x.orientations, y.orientations) << what << " " << x.name;
    EXPECT_EQ(x.offset, y.offset) << what << " " << x.name;
    EXPECT_EQ(x.labels, y.labels) << what << " " << x.name;
    EXPECT_EQ(x.wild, y.wild) << what << " " << x.name;
    EXPECT_EQ(x.written, y.written) << what << " " << x.name;
  }
  EXPECT_EQ(a.bytes, b.bytes) << what;
  EXPECT_EQ(a.identity, b.identity) << what;
  EXPECT_EQ(a.solved, b.solved) << what;
  ASSERT_EQ(a.base_moves.size(), b.base_moves.size()) << what;
  for (std::size_t i = 0; i < a.base_moves.size(); ++i) {
    EXPECT_EQ(a.base_moves[i].name, b.base_moves[i].name) << what;
    EXPECT_EQ(a.base_moves[i].order, b.base_moves[i].order) << what;
  }
  for (const auto& [x, y] :
       {std::pair(&a.moves, &b.moves), std::pair(&a.rotations, &b.rotations)}) {
    ASSERT_EQ(x->size(), y->size()) << what;
    for (std::size_t i = 0; i < x->size(); ++i) {
      const Move &m = (*x)[i], &n = (*y)[i];
      EXPECT_EQ(m.name, n.name) << what;
      EXPECT_EQ(m.base, n.base) << what << " " << m.name;
      EXPECT_EQ(m.power, n.power) << what << " " << m.name;
      EXPECT_EQ(m.quarter_turns, n.quarter_turns) << what << " " << m.name;
      EXPECT_EQ(m.effect, n.effect) << what << " " << m.name;
    }
  }
  EXPECT_EQ(a.illegal.size(), b.illegal.size()) << what;
  EXPECT_EQ(a.content_hash, b.content_hash) << what;
}

TEST(TwistyKPuzzle, EveryShippedTwsTranslatedToJsonReadsTheSame) {
  for (const ShippedDefinition& shipped : shipped_definitions()) {
    const TwistyDefinition ksolve = read_ksolve(shipped.text, std::string(shipped.name));
    const std::string json = to_kpuzzle_json(ksolve);
    const TwistyDefinition kpuzzle = read_kpuzzle_json(json, std::string(shipped.name) + ".json");
    expect_same_definition(ksolve, kpuzzle, shipped.name);
  }
}

// A small puzzle of my own, written both ways: a set with twists, one with identical pieces and an
// orientation that does not matter, a rotation, and moves defined by sequences.
constexpr std::string_view kTinyTws = R"(Name Tiny
Set A 3 2
Set B 4 3
Solved
A
1 2 3
0 0 0
B
1 1 2 2
0 ? 0 0
End
MoveTransformation T
A
1 2 0
1 1 0
End
MoveTransformation x
B
1 2 3 0
0 0 0 0
End
MoveSequence S T x
MoveSequence U T x'
)";

constexpr std::string_view kTinyJson = R"({
  "name": "Tiny",
  "orbits": [
    {"orbitName": "A", "numPieces": 3, "numOrientations": 2},
    {"orbitName": "B", "numPieces": 4, "numOrientations": 3}
  ],
  "defaultPattern": {
    "A": {"pieces": [0, 1, 2], "orientation": [0, 0, 0]},
    "B": {"pieces": [0, 0, 1, 1], "orientation": [0, 0, 0, 0], "orientationMod": [0, 1, 0, 0]}
  },
  "moves": {
    "T": {
      "A": {
        "permutation": [1, 2, 0],
        "orientationDelta": [1, 1, 0]
      }
    },
    "x": {"B": {"permutation": [1, 2, 3, 0], "orientationDelta": [0, 0, 0, 0]}}
  },
  "derivedMoves": {"S": "T x", "U": "T2' x3"}
}
)";

TEST(TwistyKPuzzle, ReadsAHandwrittenPuzzleAsItsKsolveTwin) {
  const TwistyDefinition json = read_kpuzzle_json(kTinyJson, "tiny.json");
  EXPECT_EQ(json.name, "Tiny");
  ASSERT_EQ(json.sets.size(), 2u);
  EXPECT_EQ(json.sets[1].labels, 2);
  EXPECT_EQ(json.sets[1].wild, (std::vector<bool>{true, false}));
  EXPECT_EQ(json.solved, (Position{0, 1, 2, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0}));
  ASSERT_EQ(json.base_moves.size(), 3u);
  EXPECT_EQ(json.base_moves[0].name, "T");
  EXPECT_EQ(json.base_moves[0].order, 3);
  EXPECT_EQ(json.base_moves[1].name, "S");
  EXPECT_EQ(json.base_moves[1].order, 12);
  EXPECT_EQ(json.moves[0].name, "T");
  EXPECT_EQ(json.moves[1].name, "T'");
  EXPECT_EQ(json.moves[0].effect, (Position{1, 2, 0, 1, 1, 0, 0, 1, 2, 3, 0, 0, 0, 0}));
  ASSERT_EQ(json.rotations.size(), 3u);
  EXPECT_EQ(json.rotations[0].name, "x");
  EXPECT_EQ(json.rotations[1].name, "x2");
  EXPECT_EQ(json.rotations[2].name, "x'");
  ASSERT_NE(json.find_move("S6"), nullptr);
  ASSERT_NE(json.find_move("U5'"), nullptr);
  // "T2' x3" is T x' as cubing.js reads amounts.
  EXPECT_EQ(json.find_move("U")->effect,
            composed(json, *json.effect_of("T"), *json.effect_of("x'")));
  expect_same_definition(read_ksolve(kTinyTws, "tiny.tws"), json, "tiny");
}

// The effect's order, counting only the sets named (all when none are).
int order_of(const TwistyDefinition& definition, const Position& effect,
             const std::set<std::string>& only = {}) {
  const auto same = [&](const Position& p) {
    for (const PieceSet& set : definition.sets) {
      if (!only.empty() && !only.contains(set.name)) continue;
      for (std::size_t i = set.offset; i < set.offset + 2 * set.size; ++i)
        if (p[i] != definition.identity[i]) return false;
    }
    return true;
  };
  Position power = effect;
  int order = 1;
  while (!same(power)) {
    power = composed(definition, power, effect);
    ++order;
  }
  return order;
}

Position effect_of_sequence(const TwistyDefinition& definition,
                            const std::vector<std::string>& names) {
  Position effect = definition.identity;
  for (const std::string& name : names)
    effect = composed(definition, effect, *definition.effect_of(name));
  return effect;
}

// The shipped KPuzzles were generated from cubing.js's own puzzles, the .tws from its
// PuzzleGeometry with orbits optimized: the sets differ in places (3x3x3's and megaminx's JSON have
// centers the .tws drops, skewb's JSON has its corners as one set of 8 where the .tws has two of
// 4, FTO's JSON has 24 distinct centers and edges with orientations), and some sets number their
// slots differently. They must still be the same puzzle with the same moves.
TEST(TwistyKPuzzle, ShippedKPuzzlesAgreeWithTheirTws) {
  // Sets whose slots and twists the two number alike: their moves' effects are equal there.
  const std::map<std::string, std::vector<std::string>> alike = {
      {"2x2x2", {"CORNERS"}},
      {"3x3x3", {"CORNERS", "EDGES"}},
      {"pyraminx", {"CORNERS", "CORNERS2"}},
      {"FTO", {"C4RNER"}}};
  // Puzzles whose JSON tracks nothing the .tws does not: a sequence's whole order is the same.
  const std::set<std::string> same_order = {"2x2x2", "pyraminx", "FTO"};
  std::mt19937 random(2024);
  for (const std::string name : {"2x2x2", "3x3x3", "pyraminx", "skewb", "megaminx", "FTO"}) {
    const TwistyDefinition tws = read_ksolve(shipped_text(name), name + ".tws");
    const TwistyDefinition json = read_kpuzzle_json(kpuzzle_file(name), name + ".kpuzzle.json");
    EXPECT_TRUE(json.is_solved(json.solved)) << name;
    // The same moves, with the same orders and so the same powers.
    std::map<std::string, int> tws_orders, json_orders;
    for (const BaseMove& move : tws.base_moves) tws_orders[move.name] = move.order;
    for (const BaseMove& move : json.base_moves) json_orders[move.name] = move.order;
    EXPECT_EQ(tws_orders, json_orders) << name;
    std::set<std::string> tws_names, json_names;
    for (const Move& move : tws.moves) tws_names.insert(move.name);
    for (const Move& move : json.moves) json_names.insert(move.name);
    EXPECT_EQ(tws_names, json_names) << name;
    EXPECT_TRUE(json.rotations.empty()) << name;
    // Equal effects on the sets numbered alike.
    if (const auto sets = alike.find(name); sets != alike.end()) {
      for (const std::string& set_name : sets->second) {
        const auto a = std::ranges::find(tws.sets, set_name, &PieceSet::name);
        const auto b = std::ranges::find(json.sets, set_name, &PieceSet::name);
        ASSERT_TRUE(a != tws.sets.end() && b != json.sets.end()) << name << " " << set_name;
        ASSERT_EQ(a->size, b->size);
        ASSERT_EQ(a->orientations, b->orientations);
        for (const Move& move : tws.moves) {
          const Position other = *json.effect_of(move.name);
          const auto slice = [](const Position& p, const PieceSet& set) {
            return Position(p.begin() + static_cast<std::ptrdiff_t>(set.offset),
                            p.begin() + static_cast<std::ptrdiff_t>(set.offset + 2 * set.size));
          };
          EXPECT_EQ(slice(move.effect, *a), slice(other, *b)) << name << " " << move.name;
          EXPECT_EQ(slice(tws.solved, *a), slice(json.solved, *b)) << name;
        }
      }
    }
    // Random sequences: the same order on each set both have alike in size and twists (whatever
    // their numbering), and the same whole order where the JSON tracks nothing more.
    for (int trial = 0; trial < 100; ++trial) {
      std::vector<std::string> names;
      for (int i = 0, count = 1 + static_cast<int>(random() % 8); i < count; ++i)
        names.push_back(tws.moves[random() % tws.moves.size()].name);
      const Position a = effect_of_sequence(tws, names), b = effect_of_sequence(json, names);
      for (const PieceSet& set : tws.sets) {
        const auto other = std::ranges::find(json.sets, set.name, &PieceSet::name);
        if (other == json.sets.end() || other->size != set.size ||
            other->orientations != set.orientations)
          continue;
        EXPECT_EQ(order_of(tws, a, {set.name}), order_of(json, b, {set.name}))
            << name << " " << set.name << " " << ::testing::PrintToString(names);
      }
      if (same_order.contains(name)) {
        EXPECT_EQ(order_of(tws, a), order_of(json, b)) << name << ::testing::PrintToString(names);
      }
    }
  }
  // 3x3x3's centers turn with their faces, but their orientation does not matter (orientationMod
  // 1): a sequence repeated as often as it takes the .tws's corners and edges back is solved in
  // the JSON's too, when its centers are left twisted.
  const TwistyDefinition cube_tws = read_ksolve(shipped_text("3x3x3"), "3x3x3.tws");
  const TwistyDefinition cube = read_kpuzzle_json(kpuzzle_file("3x3x3"), "3x3x3.kpuzzle.json");
  const auto centers = std::ranges::find(cube.sets, "CENTERS", &PieceSet::name);
  ASSERT_NE(centers, cube.sets.end());
  EXPECT_EQ(centers->wild, std::vector<bool>(6, true));
  int twisted = 0;
  for (int trial = 0; trial < 50; ++trial) {
    std::vector<std::string> names;
    for (int i = 0; i < 5; ++i)
      names.push_back(cube_tws.moves[random() % cube_tws.moves.size()].name);
    const Position effect = effect_of_sequence(cube, names);
    Position position = cube.solved;
    for (int i = order_of(cube_tws, effect_of_sequence(cube_tws, names)); i > 0; --i)
      position = composed(cube, position, effect);
    EXPECT_TRUE(cube.is_solved(position)) << ::testing::PrintToString(names);
    twisted += position != cube.solved;
  }
  EXPECT_GT(twisted, 0);
}

// The error `text` raises: its line and message.
std::pair<int, std::string> error_of(std::string_view text) {
  try {
    read_kpuzzle_json(text, "bad.json");
  } catch (const io::InputError& error) {
    EXPECT_EQ(error.file(), "bad.json");
    return {error.line(), error.what()};
  }
  ADD_FAILURE() << "no error for " << text;
  return {-1, ""};
}

// kTinyJson with `from` (which must be in it) replaced by `to`.
std::string tiny_with(std::string_view from, std::string_view to) {
  std::string text(kTinyJson);
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(TwistyKPuzzle, BadJsonNamesTheLineAndThePath) {
  struct Case {
    std::string text;
    int line;
    std::string message;
  };
  const std::vector<Case> cases = {
      {tiny_with("\"numPieces\": 4,", "\"numPieces\" 4,"), 5, "not JSON: "},
      {"{\n  \"name\": \"x\",\n", 3, "not JSON: "},
      {"[1, 2]", 1, "a KPuzzle definition is a JSON object, not an array"},
      {tiny_with("[1, 2, 0]", "[1, 1, 0]"), 14,
       "moves.T.A.permutation[1]: slot 1 appears twice: a permutation lists each slot 0 to 2 once"},
      {tiny_with("[1, 2, 0]", "[1, 2]"), 14, "moves.T.A.permutation: expected 3 slots, found 2"},
      {tiny_with("[1, 2, 0]", "[1, 2, 3]"), 14,
       "moves.T.A.permutation[2]: 3 is out of range (a slot of A: 0 to 2)"},
      {tiny_with("[1, 1, 0]", "[1, 2, 0]"), 15,
       "moves.T.A.orientationDelta[1]: 2 is out of range (an orientation of A: 0 to 1)"},
      {tiny_with("{\"B\": {\"perm", "{\"C\": {\"perm"), 18,
       "moves.x.C: no orbit named 'C' (the orbits: A, B)"},
      {tiny_with("\"defaultPattern\": {\n"
                 "    \"A\": {\"pieces\": [0, 1, 2], \"orientation\": [0, 0, 0]},\n"
                 "    \"B\": {\"pieces\": [0, 0, 1, 1], \"orientation\": [0, 0, 0, 0], "
                 "\"orientationMod\": [0, 1, 0, 0]}\n"
                 "  },\n",
                 ""),
       1,
       "no \"defaultPattern\" (a KPuzzle definition has name, orbits, defaultPattern and moves)"},
      {tiny_with("    \"B\": {\"pieces\"", "    \"C\": {\"pieces\""), 9,
       "defaultPattern.C: no orbit named 'C' (the orbits: A, B)"},
      {tiny_with("\"orientationMod\": [0, 1, 0, 0]", "\"orientationMod\": [0, 2, 0, 0]"), 9,
       "defaultPattern.B.orientationMod[1]: 2 does not divide the orbit's 3 orientations"},
      {tiny_with("\"T x\"", "\"[T, x]\""), 20,
       "derivedMoves.S: '[' is not supported: only moves separated by spaces are"},
      {tiny_with("\"T x\"", "\"T Q\""), 20, "derivedMoves.S: the sequence S names no move 'Q'"},
      {tiny_with("\"T x\"", "\"T T'\""), 20, "derivedMoves.S: the move S moves nothing"},
      {tiny_with("\"S\": \"T x\"", "\"T\": \"x\""), 20, "derivedMoves.T: a second move named 'T'"},
      {tiny_with("\"numOrientations\": 2}", "\"numOrientations\": 2.5}"), 4,
       "orbits[0].numOrientations: expected an orbit's orientations (a whole number), found a "
       "number"},
      {tiny_with("\"name\"", "\"nam\""), 2, "nam: unknown key (expected name, orbits,"},
  };
  for (const Case& c : cases) {
    const auto [line, message] = error_of(c.text);
    EXPECT_EQ(line, c.line) << message;
    EXPECT_TRUE(message.starts_with(c.message)) << message << "\nexpected: " << c.message;
  }
}

}  // namespace
}  // namespace plumb::puzzles::twisty
