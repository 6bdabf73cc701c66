// A pattern's index reduced by the puzzle's symmetries (twisty_reduction.hpp).
#include "plumb/puzzles/twisty_reduction.hpp"

#include <algorithm>

namespace plumb::puzzles::twisty {
namespace {

// Per symmetry, the one that undoes it (two symmetries that map every move alike are one).
std::vector<std::uint32_t> inverses(const std::vector<Symmetry>& symmetries) {
  std::vector<std::uint32_t> inverse(symmetries.size());
  for (std::size_t s = 0; s < symmetries.size(); ++s) {
    for (std::size_t t = 0; t < symmetries.size(); ++t) {
      const auto& first = symmetries[s].moves;
      const auto& then = symmetries[t].moves;
      bool undoes = true;
      for (std::size_t move = 0; move < first.size() && undoes; ++move)
        undoes = then[first[move]] == move;
      if (undoes) inverse[s] = static_cast<std::uint32_t>(t);
    }
  }
  return inverse;
}

// The most values of a chunk of digits TurnSums adds at once: its table of sums of two chunks then
// stays within 96^2 bytes, in the processor's first cache.
constexpr std::uint32_t kMaxChunkValues = 96;

}  // namespace

SymmetryReduction::TurnSums::TurnSums(const Coordinate& orientation) {
  const std::uint32_t base = orientation.orientations();
  binary_ = base == 2;
  if (binary_) return;
  const int digits = orientation.turn_digits();
  int per_chunk = 1;
  chunk_values_ = base;
  while (chunk_values_ * base <= kMaxChunkValues && per_chunk < digits) {
    chunk_values_ *= base;
    ++per_chunk;
  }
  sums_.resize(std::size_t{chunk_values_} * chunk_values_);
  for (std::uint32_t a = 0; a < chunk_values_; ++a) {
    for (std::uint32_t b = 0; b < chunk_values_; ++b) {
      std::uint32_t sum = 0, weight = 1;
      for (std::uint32_t x = a, y = b; weight < chunk_values_; x /= base, y /= base) {
        sum += (x % base + y % base) % base * weight;
        weight *= base;
      }
      sums_[a * chunk_values_ + b] = static_cast<std::uint8_t>(sum);
    }
  }
  const std::size_t chunks = static_cast<std::size_t>((digits + per_chunk - 1) / per_chunk);
  for (std::uint32_t weight = 1; weights_.size() < chunks; weight *= chunk_values_)
    weights_.push_back(weight);
  chunks_.resize(orientation.size() * chunks);
  for (std::uint64_t rank = 0; rank < orientation.size(); ++rank) {
    std::uint64_t rest = rank;
    for (std::size_t j = 0; j < chunks; ++j, rest /= chunk_values_)
      chunks_[rank * chunks + j] = static_cast<std::uint8_t>(rest % chunk_values_);
  }
}

bool SymmetryReduction::reducible(const TwistyDefinition& definition, const Pattern& pattern) {
  const std::vector<Coordinate>& coordinates = pattern.coordinates();
  if (!definition.illegal.empty() || pattern.follows_illegal_rules() ||
      coordinates.size() > kMaxReducedCoordinates)
    return false;
  bool has_placement = false;
  for (const Coordinate& coordinate : coordinates) {
    const PieceSet& set = definition.sets[coordinate.set()];
    if (!coordinate.sees_every_piece() || set.labels != set.size ||
        coordinate.size() > kMaxReductionEntries)
      return false;
    if (coordinate.kind() == Coordinate::Kind::placement) {
      has_placement = true;
    } else if (definition.permutes(set) &&
               std::ranges::none_of(coordinates, [&](const Coordinate& other) {
                 return other.set() == coordinate.set() &&
                        other.kind() == Coordinate::Kind::placement;
               })) {
      return false;  // turns whose views depend on where pieces stand, which it does not see
    }
  }
  return has_placement;
}

std::shared_ptr<const SymmetryReduction> SymmetryReduction::make(
    const TwistyDefinition& definition, const Pattern& pattern,
    const std::vector<Symmetry>& symmetries) {
  const std::vector<Coordinate>& coordinates = pattern.coordinates();
  const std::uint64_t count = symmetries.size();
  if (count < 2 || !reducible(definition, pattern) ||
      std::ranges::any_of(coordinates, [&](const Coordinate& coordinate) {
        return coordinate.size() * count > kMaxReductionEntries;
      }))
    return nullptr;
  std::size_t key = 0;
  for (std::size_t c = 0; c < coordinates.size(); ++c) {
    const bool placement = coordinates[c].kind() == Coordinate::Kind::placement;
    if (placement && (coordinates[key].kind() != Coordinate::Kind::placement ||
                      coordinates[c].size() > coordinates[key].size()))
      key = c;
  }

  auto reduction = std::make_shared<SymmetryReduction>();
  reduction->key_ = key;
  reduction->symmetries_ = count;
  const Coordinate& key_coordinate = coordinates[key];
  const std::uint64_t key_size = key_coordinate.size();
  const auto set_views = [&](int set) {
    std::vector<SetView> views;
    for (const Symmetry& symmetry : symmetries) views.emplace_back(definition, set, symmetry);
    return views;
  };
  // Placements are viewed on a position whose other sets are solved and whose set's pieces are
  // all unturned: the view's turns in that set are then the turns the view adds.
  Position scratch = definition.solved, view = definition.solved;
  const auto unturn = [&](int set, Position& position) {
    const PieceSet& pieces = definition.sets[set];
    std::fill_n(position.begin() + static_cast<std::ptrdiff_t>(pieces.offset + pieces.size),
                pieces.size, 0);
  };
  const auto unturned = [&](const Coordinate& placement, std::uint64_t rank, Position& position) {
    placement.unrank(rank, position);
    unturn(placement.set(), position);
  };
  // The turns of the key's set, where the pattern follows them.
  const auto key_turns = std::ranges::find_if(coordinates, [&](const Coordinate& other) {
    return other.set() == key_coordinate.set() && other.kind() == Coordinate::Kind::orientation;
  });
  const auto turns_of = [&](const Position& position) {
    return key_turns == coordinates.end()
               ? std::uint32_t{0}
               : static_cast<std::uint32_t>(key_turns->rank(position, false));
  };

  // The key's classes, each the views of its least rank, found in order: every view of the least
  // rank not yet in a class (the views through the inverse symmetry lead back to it).
  const std::vector<SetView> key_views = set_views(key_coordinate.set());
  const std::vector<std::uint32_t> inverse = inverses(symmetries);
  reduction->keys_.assign(key_size, {kNone, 0, 0});
  Position unturned_view = definition.solved, back = definition.solved;
  for (std::uint64_t least = 0; least < key_size; ++least) {
    if (reduction->keys_[least].class_index != kNone) continue;
    const auto class_index = static_cast<std::uint32_t>(reduction->representatives_.size());
    reduction->representatives_.push_back(static_cast<std::uint32_t>(least));
    reduction->class_sizes_.push_back(0);
    reduction->stabilizer_begin_.push_back(
        static_cast<std::uint32_t>(reduction->stabilizers_.size()));
    unturned(key_coordinate, least, scratch);
    for (std::uint32_t s = 0; s < count; ++s) {
      key_views[s].apply(scratch, view);
      const std::uint64_t rank = key_coordinate.rank(view, false);
      if (rank == least && s != 0)
        reduction->stabilizers_.push_back({class_index, s, turns_of(view)});
      Key& key = reduction->keys_[rank];
      if (key.class_index != kNone) continue;
      key.class_index = class_index;
      ++reduction->class_sizes_.back();
      key.symmetry = inverse[s];
      unturned_view = view;
      unturn(key_coordinate.set(), unturned_view);
      key_views[inverse[s]].apply(unturned_view, back);
      key.turns = turns_of(back);
    }
  }
  reduction->stabilizer_begin_.push_back(
      static_cast<std::uint32_t>(reduction->stabilizers_.size()));

  for (std::size_t c = 0; c < coordinates.size(); ++c) {
    if (c == key) continue;
    const Coordinate& coordinate = coordinates[c];
    const int set = coordinate.set();
    const std::vector<SetView> views = set_views(set);
    Part part{c, coordinate.size(), {}, kUnpermuted, 0, {}, std::nullopt};
    part.viewed.resize(count * part.size);
    const bool placement = coordinate.kind() == Coordinate::Kind::placement;
    for (std::uint64_t rank = 0; rank < part.size; ++rank) {
      // An orientation is viewed with every piece home: a view then moves its turns alone.
      scratch = definition.solved;
      if (placement) {
        unturned(coordinate, rank, scratch);
      } else {
        coordinate.unrank(rank, scratch);
      }
      for (std::uint32_t s = 0; s < count; ++s) {
        views[s].apply(scratch, view);
        part.viewed[s * part.size + rank] =
            static_cast<std::uint32_t>(coordinate.rank(view, false));
      }
    }
    if (!placement) {
      part.sums.emplace(coordinate);
      // Without a placement its set never moves its pieces (reducible()): a view adds no turns.
      const auto pieces = std::ranges::find_if(coordinates, [&](const Coordinate& other) {
        return other.set() == set && other.kind() == Coordinate::Kind::placement;
      });
      if (pieces == coordinates.begin() + static_cast<std::ptrdiff_t>(key)) {
        part.placement = kKey;
      } else if (pieces != coordinates.end()) {
        part.placement = static_cast<int>(pieces - coordinates.begin());
        part.placement_size = pieces->size();
        part.turns.resize(count * part.placement_size);
        for (std::uint64_t rank = 0; rank < part.placement_size; ++rank) {
          unturned(*pieces, rank, scratch);
          for (std::uint32_t s = 0; s < count; ++s) {
            views[s].apply(scratch, view);
            part.turns[s * part.placement_size + rank] =
                static_cast<std::uint32_t>(coordinate.rank(view, false));
          }
        }
      }
    }
    reduction->parts_.push_back(std::move(part));
  }
  for (const Part& part : reduction->parts_) reduction->others_ *= part.size;
  reduction->size_ = reduction->classes() * reduction->others_;
  if (reduction->size_ >= pattern.size()) return nullptr;
  return reduction;
}

void SymmetryReduction::representative(std::uint64_t index, std::uint64_t* digits) const {
  for (auto part = parts_.rbegin(); part != parts_.rend(); ++part) {
    digits[part->coordinate] = index % part->size;
    index /= part->size;
  }
  digits[key_] = representatives_[index];
}

std::size_t SymmetryReduction::views(std::uint64_t index, std::uint64_t* views) const {
  const auto class_index = static_cast<std::uint32_t>(class_of(index));
  if (stabilizer_begin_[class_index] == stabilizer_begin_[class_index + 1]) return 0;  // most
  std::uint64_t digits[kMaxReducedCoordinates];
  representative(index, digits);
  std::size_t count = 0;
  for (std::uint32_t i = stabilizer_begin_[class_index]; i < stabilizer_begin_[class_index + 1];
       ++i)
    views[count++] = this->index(stabilizers_[i], digits);
  return count;
}

}  // namespace plumb::puzzles::twisty
