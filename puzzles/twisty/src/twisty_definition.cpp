// Reading the ksolve/twsearch definition format (twisty_definition.hpp), and positions' algebra.
#include "plumb/puzzles/twisty_definition.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "plumb/io/text_input.hpp"
#include "plumb/puzzles/twisty_lines.hpp"

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

// twsearch's rule: x, y or z with an optional 2 or ', or capitals (and _) followed by one `v`.
bool is_rotation_name(std::string_view name) {
  if (!name.empty() && (name[0] == 'x' || name[0] == 'y' || name[0] == 'z'))
    return name.size() == 1 || (name.size() == 2 && (name[1] == '2' || name[1] == '\''));
  std::size_t i = 0;
  while (i < name.size() && (name[i] == '_' || (name[i] >= 'A' && name[i] <= 'Z'))) ++i;
  return i > 0 && i + 1 == name.size() && name[i] == 'v';
}

// 64-bit FNV-1a, over the definition's meaning (not its comments or spacing).
class ContentHash {
 public:
  void add(std::string_view bytes) {
    for (const char c : bytes) value_ = (value_ ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    value_ = (value_ ^ 0xff) * 0x100000001b3ULL;  // ends the field
  }
  void add(const Position& position) {
    add(std::string_view(reinterpret_cast<const char*>(position.data()), position.size()));
  }
  void add(long long number) { add(std::to_string(number)); }
  std::uint64_t value() const { return value_; }

 private:
  std::uint64_t value_ = 0xcbf29ce484222325ULL;
};

// A sequence of moves that defines a move (MoveAlias, MoveSequence), expanded once every move it
// names is known.
struct PendingSequence {
  std::string name;
  std::vector<std::string> moves;
  int line = 0;
};

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
    expand_sequences();
    if (definition_.sets.empty()) lines_.fail_whole("no Set: a puzzle needs pieces");
    if (!have_solved_) lines_.fail_whole("no Solved block");
    if (definition_.moves.empty()) lines_.fail_whole("no Move: a puzzle needs moves");
    if (definition_.name.empty()) definition_.name = "Unnamed";
    hash_.add(definition_.name);
    definition_.content_hash = hash_.value();
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
    PieceSet set;
    set.name = line.tokens[1];
    for (const PieceSet& other : definition_.sets)
      if (other.name == set.name) lines_.fail(line, "a second set named " + io::quote(set.name));
    set.size = number(line, line.tokens[2], 1, 255, "a set's size");
    set.orientations = number(line, line.tokens[3], 1, 127, "a set's orientations");
    set.offset = definition_.bytes;
    definition_.bytes += 2 * static_cast<std::size_t>(set.size);
    hash_.add(set.name);
    hash_.add(set.size);
    hash_.add(set.orientations);
    definition_.sets.push_back(std::move(set));
  }

  int set_index(const Line& line) { return set_named(lines_, definition_.sets, line); }

  std::map<int, SetLines> read_block(bool wild_ori) {
    return read_set_block(lines_, definition_.sets, wild_ori);
  }

  void read_solved(bool zero_based) {
    have_solved_ = true;
    TwistyDefinition& d = definition_;
    d.identity.assign(d.bytes, 0);
    for (const PieceSet& set : d.sets)
      for (int i = 0; i < set.size; ++i) d.identity[set.offset + i] = static_cast<std::uint8_t>(i);
    d.solved = d.identity;
    const std::map<int, SetLines> block = read_block(true);
    for (std::size_t index = 0; index < d.sets.size(); ++index) {
      PieceSet& set = d.sets[index];
      std::vector<int> written(set.size);
      std::vector<int> ori(set.size, 0);
      if (const auto found = block.find(static_cast<int>(index)); found != block.end()) {
        written = found->second.perm;
        if (zero_based)
          for (int& value : written) ++value;
        for (const int value : written)
          if (value < 1) lines_.fail_at(found->second.perm_line, "pieces are numbered from 1");
        if (found->second.ori) ori = *found->second.ori;
      } else {
        for (int i = 0; i < set.size; ++i) written[i] = i + 1;
      }
      // Labels in increasing order of the numbers written; identical pieces share one.
      std::set<int> distinct(written.begin(), written.end());
      set.written.assign(distinct.begin(), distinct.end());
      set.labels = static_cast<int>(set.written.size());
      set.wild.assign(set.labels, false);
      for (int i = 0; i < set.size; ++i) {
        const int label = label_of(set, written[i]);
        d.solved[set.offset + i] = static_cast<std::uint8_t>(label);
        if (ori[i] < 0) {
          set.wild[label] = true;
          ori[i] = 0;
        }
        d.solved[set.offset + set.size + i] = static_cast<std::uint8_t>(ori[i]);
      }
    }
    hash_.add(d.solved);
    for (const PieceSet& set : d.sets)
      for (const bool wild : set.wild) hash_.add(wild ? "?" : ".");
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

  bool name_taken(std::string_view name) const { return definition_.effect_of(name).has_value(); }

  void add_move(const Line& line, const std::string& name, const Position& effect) {
    TwistyDefinition& d = definition_;
    if (name_taken(name)) lines_.fail(line, "a second move named " + io::quote(name));
    std::vector<Position> powers{effect};
    while (powers.back() != d.identity) {
      if (powers.size() > 255) lines_.fail(line, "the move " + name + " has an order above 255");
      powers.push_back(composed(d, powers.back(), effect));
    }
    const int order = static_cast<int>(powers.size());
    if (order == 1) lines_.fail(line, "the move " + name + " moves nothing");
    const bool rotation = is_rotation_name(name);
    const int base = static_cast<int>(d.base_moves.size());
    if (!rotation) d.base_moves.push_back({name, order});
    for (int power = 1; power < order; ++power) {
      const int signed_turns = order - power < power ? power - order : power;
      const int turns = std::abs(signed_turns);
      std::string power_name = name;
      if (turns != 1) power_name += std::to_string(turns);
      if (signed_turns < 0) power_name += "'";
      if (power > 1 && name_taken(power_name))
        lines_.fail(line, "the move " + name + "'s power " + power_name + " is named twice");
      Move move{power_name, rotation ? -1 : base, power, turns, powers[power - 1]};
      (rotation ? d.rotations : d.moves).push_back(std::move(move));
    }
    hash_.add(name);
    hash_.add(effect);
  }

  // MoveAlias and MoveSequence moves, each once the moves it names are known (one may name
  // another).
  void expand_sequences() {
    while (!pending_.empty()) {
      const std::size_t before = pending_.size();
      for (auto it = pending_.begin(); it != pending_.end();) {
        Position effect = definition_.identity;
        bool known = true;
        for (const std::string& name : it->moves) {
          const std::optional<Position> step = definition_.effect_of(name);
          if (!step) {
            known = false;
            break;
          }
          effect = composed(definition_, effect, *step);
        }
        if (!known) {
          ++it;
          continue;
        }
        add_move(Line{it->line, {it->name}}, it->name, effect);
        it = pending_.erase(it);
      }
      if (pending_.size() == before) {
        const PendingSequence& stuck = pending_.front();
        for (const std::string& name : stuck.moves)
          if (!definition_.effect_of(name))
            lines_.fail_at(stuck.line,
                           "the sequence " + stuck.name + " names no move " + io::quote(name));
      }
    }
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
  std::vector<PendingSequence> pending_;
  ContentHash hash_;
};

}  // namespace

TwistyDefinition read_ksolve(std::string_view text, const std::string& source) {
  return KsolveReader(text, source).read();
}

}  // namespace plumb::puzzles::twisty
