// Reading the ksolve/twsearch definition format (twisty_definition.hpp), and positions' algebra.
#include "plumb/puzzles/twisty_definition.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_lines.hpp"
#include "twisty_building.hpp"

namespace plumb::puzzles::twisty {

void compose_set(const PieceSet& set, const Position& p, const Position& m, Position& q) {
  const std::size_t perm = set.offset, ori = set.offset + set.size;
  const int modulus = set.orientations;
  for (int i = 0; i < set.size; ++i) {
    const int from = m[perm + i];
    q[perm + i] = p[perm + from];
    const int turned = p[ori + from] + m[ori + i];
    q[ori + i] = static_cast<std::uint8_t>(turned >= modulus ? turned - modulus : turned);
  }
}

void compose(const TwistyDefinition& definition, const Position& p, const Position& m,
             Position& q) {
  for (const PieceSet& set : definition.sets) compose_set(set, p, m, q);
}

Position composed(const TwistyDefinition& definition, const Position& p, const Position& m) {
  Position q(p.size());
  compose(definition, p, m, q);
  return q;
}

bool TwistyDefinition::permutes(const PieceSet& set) const {
  return std::ranges::any_of(moves, [&](const Move& move) {
    return !std::equal(move.effect.begin() + set.offset,
                       move.effect.begin() + set.offset + set.size, identity.begin() + set.offset);
  });
}

const Move* TwistyDefinition::find_move(std::string_view move_name) const {
  for (const Move& move : moves)
    if (move.name == move_name) return &move;
  return nullptr;
}

std::optional<Position> TwistyDefinition::effect_of(std::string_view move_name) const {
  if (const Move* move = find_move(move_name)) return move->effect;
  for (const Move& rotation : rotations)
    if (rotation.name == move_name) return rotation.effect;
  return std::nullopt;
}

bool TwistyDefinition::is_solved(const Position& position) const {
  for (const PieceSet& set : sets) {
    for (int i = 0; i < set.size; ++i) {
      const std::size_t perm = set.offset + i, ori = perm + set.size;
      if (position[perm] != solved[perm]) return false;
      if (position[ori] != solved[ori] && !set.wild[solved[perm]]) return false;
    }
  }
  return true;
}

bool TwistyDefinition::is_legal(const Position& position) const {
  return std::ranges::none_of(
      illegal, [&](const Illegal& rule) { return position[rule.byte] == rule.label; });
}

std::vector<std::string> split_moves(std::string_view line) {
  std::vector<std::string> names;
  std::string name;
  for (const char c : line) {
    if (static_cast<unsigned char>(c) <= ' ' || c == ',') {
      if (!name.empty()) names.push_back(std::move(name));
      name.clear();
    } else {
      name.push_back(c);
    }
  }
  if (!name.empty()) names.push_back(std::move(name));
  return names;
}

namespace {

class KsolveReader {
 public:
  KsolveReader(std::string_view text, const std::string& source)
      : stream_(std::string(text)), input_(stream_, source), lines_(input_) {}

  TwistyDefinition read() {
    while (const Line* next = lines_.next()) {
      const Line line_copy = *next;  // the blocks read below reuse the reader's line
      const Line* line = &line_copy;
      const std::string& keyword = line->tokens[0];
      if (keyword == "Name") {
        if (!definition_.name.empty() || !definition_.sets.empty())
          lines_.fail(*line, "Name must come first, once");
        expect_tokens(*line, 2);
        definition_.name = line->tokens[1];
      } else if (keyword == "Set") {
        if (have_solved_) lines_.fail(*line, "a Set must come before Solved");
        read_set(*line);
      } else if (keyword == "Solved" || keyword == "StartState") {
        if (have_solved_) lines_.fail(*line, "a second Solved");
        if (definition_.sets.empty()) lines_.fail(*line, "Solved before any Set");
        expect_tokens(*line, 1);
        read_solved(keyword == "StartState");
      } else if (keyword == "Move" || keyword == "MoveTransformation") {
        require_solved(*line);
        expect_tokens(*line, 2);
        const Position effect = read_move_block(keyword == "MoveTransformation");
        add_move(*line, line->tokens[1], effect);
      } else if (keyword == "MoveAlias" || keyword == "MoveSequence") {
        require_solved(*line);
        if (line->tokens.size() < 3) lines_.fail(*line, keyword + " needs a name and moves");
        if (keyword == "MoveAlias") expect_tokens(*line, 3);
        pending_.push_back({line->tokens[1],
                            std::vector<std::string>(line->tokens.begin() + 2, line->tokens.end()),
                            line->number});
      } else if (keyword == "Illegal") {
        require_solved(*line);
        read_illegal(*line);
      } else {
        lines_.fail(*line, "unknown keyword " + io::quote(keyword) +
                               " (expected Name, Set, Solved, Move, MoveSequence, Illegal)");
      }
    }
    building::add_sequences(
        definition_, hash_, std::move(pending_),
        [&](const std::string& name) { return definition_.effect_of(name); },
        [&](const building::PendingSequence& sequence, const std::string& message) {
          lines_.fail_at(sequence.line, message);
        });
    if (definition_.sets.empty()) lines_.fail_whole("no Set: a puzzle needs pieces");
    if (!have_solved_) lines_.fail_whole("no Solved block");
    if (definition_.moves.empty()) lines_.fail_whole("no Move: a puzzle needs moves");
    building::finish(definition_, hash_);
    return std::move(definition_);
  }

 private:
  void expect_tokens(const Line& line, std::size_t count) {
    if (line.tokens.size() != count)
      lines_.fail(line, fmt::format("{} takes {} word{} after it, not {}", line.tokens[0],
                                    count - 1, count == 2 ? "" : "s", line.tokens.size() - 1));
  }

  void require_solved(const Line& line) {
    if (!have_solved_) lines_.fail(line, line.tokens[0] + " before Solved");
  }

  int number(const Line& line, const std::string& token, int min, int max, std::string_view what) {
    return read_number(lines_, line, token, min, max, what);
  }

  void read_set(const Line& line) {
    expect_tokens(line, 4);
    const std::string& name = line.tokens[1];
    for (const PieceSet& other : definition_.sets)
      if (other.name == name) lines_.fail(line, "a second set named " + io::quote(name));
    const int size = number(line, line.tokens[2], 1, 255, "a set's size");
    const int orientations = number(line, line.tokens[3], 1, 127, "a set's orientations");
    building::add_set(definition_, hash_, name, size, orientations);
  }

  int set_index(const Line& line) { return set_named(lines_, definition_.sets, line); }

  std::map<int, SetLines> read_block(bool wild_ori) {
    return read_set_block(lines_, definition_.sets, wild_ori);
  }

  void read_solved(bool zero_based) {
    have_solved_ = true;
    const std::vector<PieceSet>& sets = definition_.sets;
    std::vector<std::vector<int>> written(sets.size()), ori(sets.size());
    const std::map<int, SetLines> block = read_block(true);
    for (std::size_t index = 0; index < sets.size(); ++index) {
      const int size = sets[index].size;
      written[index].resize(size);
      ori[index].assign(size, 0);
      if (const auto found = block.find(static_cast<int>(index)); found != block.end()) {
        written[index] = found->second.perm;
        if (zero_based)
          for (int& value : written[index]) ++value;
        for (const int value : written[index])
          if (value < 1) lines_.fail_at(found->second.perm_line, "pieces are numbered from 1");
        if (found->second.ori) ori[index] = *found->second.ori;
      } else {
        for (int i = 0; i < size; ++i) written[index][i] = i + 1;
      }
    }
    building::set_solved(definition_, hash_, written, std::move(ori));
  }

  static int label_of(const PieceSet& set, int written) {
    const auto found = std::ranges::lower_bound(set.written, written);
    return found != set.written.end() && *found == written
               ? static_cast<int>(found - set.written.begin())
               : -1;
  }

  Position read_move_block(bool transformation) {
    const std::map<int, SetLines> block = read_block(false);
    Position effect = definition_.identity;
    for (const auto& [index, lines] : block) {
      const PieceSet& set = definition_.sets[index];
      std::vector<bool> seen(set.size, false);
      for (int i = 0; i < set.size; ++i) {
        const int slot = lines.perm[i] - (transformation ? 0 : 1);
        if (slot < 0 || slot >= set.size || seen[slot])
          lines_.fail_at(
              lines.perm_line,
              fmt::format("a move's line must list the slots {} to {} once each",
                          transformation ? 0 : 1, transformation ? set.size - 1 : set.size));
        seen[slot] = true;
        effect[set.offset + i] = static_cast<std::uint8_t>(slot);
      }
      if (!lines.ori) continue;
      for (int i = 0; i < set.size; ++i) {
        // ksolve gives a move's twists by the piece moved, a position's by the slot it lands in.
        const int twist = transformation ? (*lines.ori)[i] : (*lines.ori)[effect[set.offset + i]];
        effect[set.offset + set.size + i] = static_cast<std::uint8_t>(twist);
      }
    }
    return effect;
  }

  void add_move(const Line& line, const std::string& name, const Position& effect) {
    building::add_move(definition_, hash_, name, effect,
                       [&](const std::string& message) { lines_.fail(line, message); });
  }

  void read_illegal(const Line& line) {
    if (line.tokens.size() < 4) lines_.fail(line, "Illegal takes a set, a slot and pieces");
    const Line set_line{line.number, {line.tokens[1]}};
    const PieceSet& set = definition_.sets[set_index(set_line)];
    const int slot = number(line, line.tokens[2], 1, set.size, "a slot of " + set.name);
    for (std::size_t i = 3; i < line.tokens.size(); ++i) {
      const int written = number(line, line.tokens[i], 1, 255, "a piece");
      const int label = label_of(set, written);
      if (label < 0) lines_.fail(line, "no piece " + line.tokens[i] + " in the set " + set.name);
      definition_.illegal.push_back(
          {set.offset + static_cast<std::size_t>(slot - 1), static_cast<std::uint8_t>(label)});
      hash_.add(fmt::format("illegal {} {}", set.offset + slot - 1, label));
    }
  }

  std::istringstream stream_;
  io::TextInput input_;
  Lines lines_;
  TwistyDefinition definition_;
  bool have_solved_ = false;
  std::vector<building::PendingSequence> pending_;
  building::ContentHash hash_;
};

}  // namespace

TwistyDefinition read_ksolve(std::string_view text, const std::string& source) {
  return KsolveReader(text, source).read();
}

}  // namespace plumb::puzzles::twisty
