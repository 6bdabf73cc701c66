// Finding a definition's symmetries (see twisty_symmetry.hpp). The base moves are matched first: a
// one-to-one map keeping each base move's order, how many slots of each set it moves, how many
// each pair moves in common and which pairs commute. For each such map, each orbit of slots (under
// the moves) is matched from one slot, whose image and added turn are tried in turn, the rest of
// the orbit following from "a move, then the symmetry" being "the symmetry, then the move it maps
// to"; each whole candidate is then checked against every move and the solved state.
#include "plumb/puzzles/twisty_symmetry.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

namespace plumb::puzzles::twisty {
namespace {

// The most steps the search takes (partial maps of base moves, orbits followed) before it gives up:
// a definition of many like moves that share no slots has as many maps as orderings of them.
constexpr std::size_t kMaxSteps = std::size_t{1} << 20;

int modulo(int value, int orientations) {
  const int rest = value % orientations;
  return rest < 0 ? rest + orientations : rest;
}

bool moves_slot(const Position& effect, const PieceSet& set, int slot) {
  return effect[set.offset + slot] != slot || effect[set.offset + set.size + slot] != 0;
}

// A symmetry being built: per byte of a position (perm bytes: the image slot, -1 unknown; ori
// bytes: the added turn).
using Partial = std::vector<int>;

class SymmetrySearch {
  struct Orbit {
    const PieceSet* set;
    std::vector<int> slots;  // its slots in the set, its least first
  };

 public:
  explicit SymmetrySearch(const TwistyDefinition& definition) : d_(definition) {
    const std::size_t bases = d_.base_moves.size();
    power_index_.resize(bases);
    for (std::size_t m = 0; m < d_.moves.size(); ++m) {
      const Move& move = d_.moves[m];
      auto& powers = power_index_[move.base];
      if (powers.size() <= static_cast<std::size_t>(move.power)) powers.resize(move.power + 1);
      powers[move.power] = m;
    }
    signature_.assign(d_.bytes, 0);
    moved_.assign(bases, std::vector<int>(d_.sets.size(), 0));
    shared_.assign(bases, std::vector<std::vector<int>>(bases, std::vector<int>(d_.sets.size())));
    for (std::size_t s = 0; s < d_.sets.size(); ++s) {
      const PieceSet& set = d_.sets[s];
      for (int slot = 0; slot < set.size; ++slot) {
        for (std::size_t b = 0; b < bases; ++b) {
          if (!moves_slot(base_effect(b), set, slot)) continue;
          signature_[set.offset + slot] |= std::uint64_t{1} << b;
          ++moved_[b][s];
        }
        const std::uint64_t signature = signature_[set.offset + slot];
        for (std::size_t a = 0; a < bases; ++a)
          for (std::size_t b = 0; b < bases; ++b)
            if ((signature >> a & 1) != 0 && (signature >> b & 1) != 0) ++shared_[a][b][s];
      }
      find_orbits(set);
    }
    commute_.assign(bases, std::vector<bool>(bases));
    for (std::size_t a = 0; a < bases; ++a)
      for (std::size_t b = 0; b < bases; ++b)
        commute_[a][b] = composed(d_, base_effect(a), base_effect(b)) ==
                         composed(d_, base_effect(b), base_effect(a));
  }

  // Every symmetry, or nothing when there were too many to look at.
  std::optional<std::vector<Symmetry>> run() {
    std::vector<int> image(d_.base_moves.size(), -1);
    std::vector<bool> used(d_.base_moves.size(), false);
    match_bases(0, image, used);
    if (gave_up_) return std::nullopt;
    return std::move(found_);
  }

 private:
  const Position& base_effect(std::size_t base) const {
    return d_.moves[power_index_[base][1]].effect;
  }

  // The orbits of `set`'s slots under the moves, each listed from its least slot.
  void find_orbits(const PieceSet& set) {
    std::vector<int> orbit_of(set.size, -1);
    for (int root = 0; root < set.size; ++root) {
      if (orbit_of[root] >= 0) continue;
      Orbit orbit{&set, {root}};
      orbit_of[root] = root;
      for (std::size_t k = 0; k < orbit.slots.size(); ++k) {
        for (const Move& move : d_.moves) {
          const int next = move.effect[set.offset + orbit.slots[k]];
          if (orbit_of[next] >= 0) continue;
          orbit_of[next] = root;
          orbit.slots.push_back(next);
        }
      }
      orbits_.push_back(std::move(orbit));
    }
  }

  void match_bases(std::size_t base, std::vector<int>& image, std::vector<bool>& used) {
    if (gave_up_ || !step()) return;
    const std::size_t bases = image.size();
    if (base == bases) {
      add_symmetry(image);
      return;
    }
    for (std::size_t b = 0; b < bases; ++b) {
      if (used[b] || d_.base_moves[b].order != d_.base_moves[base].order ||
          moved_[b] != moved_[base])
        continue;
      bool alike = true;
      for (std::size_t before = 0; before < base && alike; ++before) {
        const auto other = static_cast<std::size_t>(image[before]);
        alike = shared_[base][before] == shared_[b][other] &&
                commute_[base][before] == commute_[b][other];
      }
      if (!alike) continue;
      image[base] = static_cast<int>(b);
      used[b] = true;
      match_bases(base + 1, image, used);
      used[b] = false;
      image[base] = -1;
    }
  }

  // A symmetry whose base moves map as `image` says, if there is one. (One is enough: two that map
  // every move alike differ by a relabelling that every move, and so every position, commutes
  // with; they view every position the same.)
  void add_symmetry(const std::vector<int>& image) {
    std::vector<std::size_t> moves(d_.moves.size());
    for (std::size_t m = 0; m < d_.moves.size(); ++m)
      moves[m] = power_index_[image[d_.moves[m].base]][d_.moves[m].power];
    std::vector<std::vector<Partial>> choices;  // per orbit: its slots' images and turns
    for (const Orbit& orbit : orbits_) {
      choices.push_back(orbit_choices(orbit, image));
      if (choices.back().empty()) return;
    }
    Partial partial(d_.bytes, -1);
    combine(0, choices, moves, partial);
  }

  // The ways to map `orbit` under the base moves' `image`: where its first slot goes (a slot moved
  // by the base moves whose images move the first slot), with the least turn there that the moves
  // allow. (Two turns that both do differ by one turn added at every slot of the orbit, which every
  // position keeps: they view every position the same.)
  std::vector<Partial> orbit_choices(const Orbit& orbit, const std::vector<int>& image) {
    const PieceSet& set = *orbit.set;
    const std::size_t first = set.offset + orbit.slots.front();
    std::uint64_t wanted = 0;
    for (std::size_t b = 0; b < image.size(); ++b)
      if ((signature_[first] >> image[b] & 1) != 0) wanted |= std::uint64_t{1} << b;
    std::vector<Partial> choices;
    for (int target = 0; target < set.size; ++target) {
      if (signature_[set.offset + target] != wanted) continue;
      for (int turn = 0; turn < set.orientations; ++turn) {
        Partial partial(d_.bytes, -1);
        if (!step()) return {};
        if (!follow(orbit, target, turn, image, partial)) continue;
        choices.push_back(std::move(partial));
        break;
      }
    }
    return choices;
  }

  // Maps the orbit's first slot to `target` turned by `turn` and the rest of the orbit as the
  // moves then say: false if they contradict each other.
  bool follow(const Orbit& orbit, int target, int turn, const std::vector<int>& image,
              Partial& partial) const {
    const PieceSet& set = *orbit.set;
    const std::size_t perm = set.offset, ori = set.offset + set.size;
    const int first = orbit.slots.front();
    partial[perm + first] = target;
    partial[ori + first] = turn;
    std::vector<int> pending{first};
    while (!pending.empty()) {
      const int slot = pending.back();
      pending.pop_back();
      for (std::size_t b = 0; b < image.size(); ++b) {
        // move then symmetry = symmetry then mapped: at each slot i,
        //   symmetry[mapped[i]] = move[symmetry[i]], with the turns adding up alike.
        const Position& move = base_effect(b);
        const Position& mapped = base_effect(static_cast<std::size_t>(image[b]));
        const int next = mapped[perm + slot];
        const int place = move[perm + partial[perm + slot]];
        const int next_turn =
            modulo(move[ori + partial[perm + slot]] + partial[ori + slot] - mapped[ori + slot],
                   set.orientations);
        if (partial[perm + next] < 0) {
          partial[perm + next] = place;
          partial[ori + next] = next_turn;
          pending.push_back(next);
        } else if (partial[perm + next] != place || partial[ori + next] != next_turn) {
          return false;
        }
      }
    }
    return true;
  }

  // Adds the first whole symmetry made of one choice per orbit from `orbit` on: true if it did.
  bool combine(std::size_t orbit, const std::vector<std::vector<Partial>>& choices,
               const std::vector<std::size_t>& moves, Partial& partial) {
    if (found_.size() >= kMaxSymmetries) gave_up_ = true;
    if (gave_up_) return false;
    if (orbit == choices.size()) {
      Position effect(partial.begin(), partial.end());
      if (!is_symmetry(effect, moves)) return false;
      found_.push_back({std::move(effect), moves});
      return true;
    }
    const Orbit& here = orbits_[orbit];
    const PieceSet& set = *here.set;
    for (const Partial& choice : choices[orbit]) {
      for (const int slot : here.slots) {
        partial[set.offset + slot] = choice[set.offset + slot];
        partial[set.offset + set.size + slot] = choice[set.offset + set.size + slot];
      }
      if (combine(orbit + 1, choices, moves, partial)) return true;
      if (gave_up_) return false;
    }
    return false;
  }

  // Whether `effect` relabels each set one to one, keeps the solved state solved (conjugated()
  // needs identical pieces' slots turned alike), and makes every move the move `moves` maps it to.
  bool is_symmetry(const Position& effect, const std::vector<std::size_t>& moves) const {
    for (const PieceSet& set : d_.sets) {
      const std::size_t perm = set.offset, ori = set.offset + set.size;
      std::vector<int> label_image(set.labels, -1), label_turn(set.labels, -1);
      std::vector<bool> taken(set.size, false), label_taken(set.labels, false);
      for (int slot = 0; slot < set.size; ++slot) {
        const int target = effect[perm + slot];
        if (taken[target]) return false;
        taken[target] = true;
        const int from = d_.solved[perm + slot], to = d_.solved[perm + target];
        if (set.wild[from] != set.wild[to]) return false;
        if (!set.wild[from] && d_.solved[ori + slot] != d_.solved[ori + target]) return false;
        if (label_image[from] < 0) {
          if (label_taken[to]) return false;
          label_image[from] = to;
          label_taken[to] = true;
          label_turn[to] = effect[ori + slot];
        } else if (label_image[from] != to || label_turn[to] != effect[ori + slot]) {
          return false;
        }
      }
    }
    for (std::size_t m = 0; m < d_.moves.size(); ++m) {
      if (composed(d_, d_.moves[m].effect, effect) !=
          composed(d_, effect, d_.moves[moves[m]].effect))
        return false;
    }
    return true;
  }

  // Counts a step: false (and gives up) past kMaxSteps.
  bool step() {
    if (++steps_ > kMaxSteps) gave_up_ = true;
    return !gave_up_;
  }

  const TwistyDefinition& d_;
  std::vector<std::vector<std::size_t>> power_index_;  // [base][power]: the move's index
  std::vector<std::uint64_t> signature_;               // per perm byte: the bases that move it
  std::vector<std::vector<int>> moved_;                // [base][set]: slots the base moves
  std::vector<std::vector<std::vector<int>>> shared_;  // [a][b][set]: slots both move
  std::vector<std::vector<bool>> commute_;
  std::vector<Orbit> orbits_;
  std::vector<Symmetry> found_;
  std::size_t steps_ = 0;
  bool gave_up_ = false;
};

}  // namespace

std::vector<Symmetry> find_symmetries(const TwistyDefinition& definition) {
  std::vector<std::size_t> same(definition.moves.size());
  for (std::size_t m = 0; m < same.size(); ++m) same[m] = m;
  std::vector<Symmetry> identity{{definition.identity, same}};
  // Illegal rules name slots a symmetry would have to map alike: left to the identity.
  if (definition.base_moves.size() > 64 || !definition.illegal.empty() ||
      std::ranges::any_of(definition.base_moves,
                          [](const BaseMove& base) { return base.order < 2; }))
    return identity;
  std::optional<std::vector<Symmetry>> found = SymmetrySearch(definition).run();
  if (!found) return identity;
  const auto first = std::ranges::find(*found, definition.identity, &Symmetry::effect);
  if (first != found->end()) std::iter_swap(found->begin(), first);
  return std::move(*found);
}

std::shared_ptr<const std::vector<Symmetry>> symmetries_of(const TwistyDefinition& definition) {
  constexpr std::size_t kKept = 32;
  static std::mutex mutex;
  static std::map<std::uint64_t, std::shared_ptr<const std::vector<Symmetry>>> found;
  const std::lock_guard lock(mutex);
  if (const auto kept = found.find(definition.content_hash); kept != found.end())
    return kept->second;
  if (found.size() == kKept) found.clear();
  return found
      .emplace(definition.content_hash,
               std::make_shared<const std::vector<Symmetry>>(find_symmetries(definition)))
      .first->second;
}

SetView::SetView(const TwistyDefinition& definition, int set, const Symmetry& symmetry)
    : solved_(&definition.solved) {
  const PieceSet& pieces = definition.sets[set];
  perm_ = pieces.offset;
  ori_ = pieces.offset + pieces.size;
  orientations_ = pieces.orientations;
  from_.resize(pieces.size);
  turn_.resize(pieces.size);
  std::vector<int> inverse(pieces.size);
  for (int slot = 0; slot < pieces.size; ++slot) {
    from_[slot] = symmetry.effect[perm_ + slot];
    turn_[slot] = symmetry.effect[ori_ + slot] % orientations_;
    inverse[from_[slot]] = slot;
  }
  back_.assign(pieces.labels, -1);
  for (int slot = 0; slot < pieces.size; ++slot) {
    const int label = definition.solved[perm_ + slot];
    if (back_[label] < 0) back_[label] = inverse[slot];  // the label's home is its first slot
  }
}

void SetView::apply(const Position& position, Position& result) const {
  for (std::size_t slot = 0; slot < from_.size(); ++slot) {
    const int from = from_[slot];
    const int back = back_[position[perm_ + from]];
    result[perm_ + slot] = (*solved_)[perm_ + back];
    // (Turns are below orientations_: the sum is less than one of them out of range.)
    int turn = position[ori_ + from] + turn_[slot] - turn_[back];
    turn += turn < 0 ? orientations_ : 0;
    turn -= turn >= orientations_ ? orientations_ : 0;
    result[ori_ + slot] = static_cast<std::uint8_t>(turn);
  }
}

Position conjugated(const TwistyDefinition& definition, const Position& position,
                    const Symmetry& symmetry) {
  Position result(definition.bytes);
  for (int set = 0; set < static_cast<int>(definition.sets.size()); ++set)
    SetView(definition, set, symmetry).apply(position, result);
  return result;
}

}  // namespace plumb::puzzles::twisty
