// The steps of building a TwistyDefinition that its readers share (twisty_building.hpp).
#include "twisty_building.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <stdexcept>

#include "plumb/io/text_input.hpp"

namespace plumb::puzzles::twisty::building {

namespace {

[[noreturn]] void fail_with(const Fail& fail, const std::string& message) {
  fail(message);
  throw std::logic_error("a twisty reader's Fail returned: " + message);
}

// twsearch's rule: x, y or z with an optional 2 or ', or capitals (and _) followed by one `v`.
bool is_rotation_name(std::string_view name) {
  if (!name.empty() && (name[0] == 'x' || name[0] == 'y' || name[0] == 'z'))
    return name.size() == 1 || (name.size() == 2 && (name[1] == '2' || name[1] == '\''));
  std::size_t i = 0;
  while (i < name.size() && (name[i] == '_' || (name[i] >= 'A' && name[i] <= 'Z'))) ++i;
  return i > 0 && i + 1 == name.size() && name[i] == 'v';
}

bool name_taken(const TwistyDefinition& definition, std::string_view name) {
  return definition.effect_of(name).has_value();
}

}  // namespace

void add_set(TwistyDefinition& definition, ContentHash& hash, std::string name, int size,
             int orientations) {
  PieceSet set;
  set.name = std::move(name);
  set.size = size;
  set.orientations = orientations;
  set.offset = definition.bytes;
  definition.bytes += 2 * static_cast<std::size_t>(size);
  hash.add(set.name);
  hash.add(set.size);
  hash.add(set.orientations);
  definition.sets.push_back(std::move(set));
}

void set_solved(TwistyDefinition& definition, ContentHash& hash,
                const std::vector<std::vector<int>>& written, std::vector<std::vector<int>> ori) {
  TwistyDefinition& d = definition;
  d.identity.assign(d.bytes, 0);
  for (const PieceSet& set : d.sets)
    for (int i = 0; i < set.size; ++i) d.identity[set.offset + i] = static_cast<std::uint8_t>(i);
  d.solved = d.identity;
  for (std::size_t index = 0; index < d.sets.size(); ++index) {
    PieceSet& set = d.sets[index];
    // Labels in increasing order of the numbers written; identical pieces share one.
    const std::set<int> distinct(written[index].begin(), written[index].end());
    set.written.assign(distinct.begin(), distinct.end());
    set.labels = static_cast<int>(set.written.size());
    set.wild.assign(set.labels, false);
    for (int i = 0; i < set.size; ++i) {
      const auto label =
          std::ranges::lower_bound(set.written, written[index][i]) - set.written.begin();
      d.solved[set.offset + i] = static_cast<std::uint8_t>(label);
      int& turned = ori[index][i];
      if (turned < 0) {
        set.wild[label] = true;
        turned = 0;
      }
      d.solved[set.offset + set.size + i] = static_cast<std::uint8_t>(turned);
    }
  }
  hash.add(d.solved);
  for (const PieceSet& set : d.sets)
    for (const bool wild : set.wild) hash.add(wild ? "?" : ".");
}

void add_move(TwistyDefinition& definition, ContentHash& hash, const std::string& name,
              const Position& effect, const Fail& fail) {
  TwistyDefinition& d = definition;
  if (name_taken(d, name)) fail_with(fail, "a second move named " + io::quote(name));
  std::vector<Position> powers{effect};
  while (powers.back() != d.identity) {
    if (powers.size() > 255) fail_with(fail, "the move " + name + " has an order above 255");
    powers.push_back(composed(d, powers.back(), effect));
  }
  const int order = static_cast<int>(powers.size());
  if (order == 1) fail_with(fail, "the move " + name + " moves nothing");
  const bool rotation = is_rotation_name(name);
  const int base = static_cast<int>(d.base_moves.size());
  if (!rotation) d.base_moves.push_back({name, order});
  for (int power = 1; power < order; ++power) {
    const int signed_turns = order - power < power ? power - order : power;
    const int turns = std::abs(signed_turns);
    std::string power_name = name;
    if (turns != 1) power_name += std::to_string(turns);
    if (signed_turns < 0) power_name += "'";
    if (power > 1 && name_taken(d, power_name))
      fail_with(fail, "the move " + name + "'s power " + power_name + " is named twice");
    Move move{power_name, rotation ? -1 : base, power, turns, powers[power - 1]};
    (rotation ? d.rotations : d.moves).push_back(std::move(move));
  }
  hash.add(name);
  hash.add(effect);
}

void add_sequences(TwistyDefinition& definition, ContentHash& hash,
                   std::vector<PendingSequence> pending, const Resolve& resolve,
                   const std::function<void(const PendingSequence&, const std::string&)>& fail) {
  while (!pending.empty()) {
    const std::size_t before = pending.size();
    for (auto it = pending.begin(); it != pending.end();) {
      Position effect = definition.identity;
      bool known = true;
      for (const std::string& name : it->moves) {
        const std::optional<Position> step = resolve(name);
        if (!step) {
          known = false;
          break;
        }
        effect = composed(definition, effect, *step);
      }
      if (!known) {
        ++it;
        continue;
      }
      const PendingSequence& sequence = *it;
      add_move(definition, hash, sequence.name, effect,
               [&](const std::string& message) { fail(sequence, message); });
      it = pending.erase(it);
    }
    if (pending.size() == before) {
      const PendingSequence& stuck = pending.front();
      for (const std::string& name : stuck.moves)
        if (!resolve(name))
          fail_with([&](const std::string& message) { fail(stuck, message); },
                    "the sequence " + stuck.name + " names no move " + io::quote(name));
    }
  }
}

void finish(TwistyDefinition& definition, ContentHash& hash) {
  if (definition.name.empty()) definition.name = "Unnamed";
  hash.add(definition.name);
  definition.content_hash = hash.value();
}

}  // namespace plumb::puzzles::twisty::building
