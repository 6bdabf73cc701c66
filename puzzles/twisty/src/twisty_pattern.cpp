// Coordinates and patterns of a twisty puzzle (twisty_pattern.hpp).
#include "plumb/puzzles/twisty_pattern.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>

#include "plumb/io/table_cache.hpp"
#include "plumb/search/budget.hpp"

namespace plumb::puzzles::twisty {
namespace {

// The slots before `slot` that `taken` (bit i: slot i) leaves free. The bits are counted in
// place, in parallel within the word (Warren, Hacker's Delight, 5-1): std::popcount is a library
// call where the processor's instruction cannot be assumed (Debian's amd64 baseline), and these
// counts are most of a move table's build.
inline int free_before(std::uint64_t taken, int slot) {
  std::uint64_t x = taken & ((std::uint64_t{1} << slot) - 1);
  x -= (x >> 1) & 0x5555555555555555ULL;
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return slot - static_cast<int>((x * 0x0101010101010101ULL) >> 56);
}

constexpr std::uint64_t kTooMany = std::numeric_limits<std::uint64_t>::max();

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > kTooMany / a) return kTooMany;
  return a * b;
}

// C(n, k) for n, k <= 256, saturating at kTooMany, row n at n * 257.
const std::vector<std::uint64_t> kChoose = [] {
  std::vector<std::uint64_t> c(257 * 257, 0);
  for (int i = 0; i <= 256; ++i) {
    c[i * 257] = 1;
    for (int j = 1; j <= i; ++j) {
      const std::uint64_t a = c[(i - 1) * 257 + j - 1], b = c[(i - 1) * 257 + j];
      c[i * 257 + j] = a > kTooMany - b ? kTooMany : a + b;
    }
  }
  return c;
}();

std::uint64_t choose(int n, int k) {
  return k < 0 || k > n ? 0 : kChoose[n * 257 + k];
}

std::uint64_t power(std::uint64_t base, int exponent) {
  std::uint64_t result = 1;
  for (int i = 0; i < exponent; ++i) result = saturating_product(result, base);
  return result;
}

// Whether every move keeps the sum of the set's orientations (mod their count).
bool keeps_orientation_sum(const TwistyDefinition& definition, const PieceSet& set) {
  return std::ranges::all_of(definition.moves, [&](const Move& move) {
    int sum = 0;
    for (int i = 0; i < set.size; ++i) sum += move.effect[set.offset + set.size + i];
    return sum % set.orientations == 0;
  });
}

// Where each move takes the piece of each slot of a set of at most 64, and the turn it adds
// (compose_set: the piece of slot effect[i] goes to slot i, turned by the effect's turn of slot i).
struct SlotMoves {
  std::vector<std::array<std::uint8_t, 64>> destination, turn;  // per move, per slot
};

SlotMoves slot_moves(const TwistyDefinition& definition, const PieceSet& set) {
  SlotMoves moves{std::vector<std::array<std::uint8_t, 64>>(definition.moves.size()),
                  std::vector<std::array<std::uint8_t, 64>>(definition.moves.size())};
  for (std::size_t move = 0; move < definition.moves.size(); ++move) {
    const Position& effect = definition.moves[move].effect;
    for (int slot = 0; slot < set.size; ++slot) {
      const int from = effect[set.offset + slot];
      moves.destination[move][from] = static_cast<std::uint8_t>(slot);
      moves.turn[move][from] = effect[set.offset + set.size + slot];
    }
  }
  return moves;
}

}  // namespace

Coordinate::Coordinate(const TwistyDefinition& definition, int set, Kind kind,
                       std::vector<int> group_of)
    : set_(set), kind_(kind), group_of_(std::move(group_of)) {
  const PieceSet& pieces = definition.sets[set];
  offset_ = pieces.offset;
  slots_ = pieces.size;
  orientations_ = pieces.orientations;
  label_group_.fill(kUntracked);
  projected_group_.fill(kUntracked);
  if (kind_ == Kind::orientation) group_of_.assign(pieces.labels, -1);
  if (group_of_.size() != static_cast<std::size_t>(pieces.labels))
    throw std::invalid_argument("a coordinate's groups must cover the set's labels");
  const int groups = 1 + std::ranges::max(group_of_);
  group_size_.assign(groups, 0);
  for (int i = 0; i < slots_; ++i) {
    const int group = group_of_[definition.solved[offset_ + i]];
    if (group >= 0) ++group_size_[group];
  }
  for (std::size_t label = 0; label < group_of_.size(); ++label)
    if (group_of_[label] >= 0) label_group_[label] = static_cast<std::uint8_t>(group_of_[label]);
  for (int group = 0; group < groups; ++group)
    projected_group_[group] = static_cast<std::uint8_t>(group);
  tracked_ = std::accumulate(group_size_.begin(), group_size_.end(), 0);
  single_pieces_ = std::ranges::all_of(group_size_, [](int count) { return count == 1; });

  if (kind_ != Kind::orientation) {
    int free = slots_;
    for (const int count : group_size_) {
      placements_ = saturating_product(placements_, choose(free, count));
      free -= count;
    }
  }
  if (kind_ == Kind::placement && single_pieces_ && tracked_ >= 2 && tracked_ <= kMaxPartedPieces &&
      tracked_ < slots_ && slots_ <= 64 &&
      saturating_product(placements_, definition.moves.size()) >= kCachedMoveEntries) {
    layout_ = Layout::parted;
    for (int piece = 2; piece <= tracked_; ++piece) arrangements_ *= piece;
  }
  if (kind_ == Kind::orientation) {
    drop_last_digit_ = keeps_orientation_sum(definition, pieces);
    turns_ = power(orientations_, slots_ - (drop_last_digit_ ? 1 : 0));
  } else if (kind_ == Kind::both) {
    turns_ = power(orientations_, tracked_);
  }
  size_ = saturating_product(placements_, turns_);
  if (drop_last_digit_) {
    for (int i = 0; i < slots_; ++i) solved_sum_ += definition.solved[offset_ + slots_ + i];
    solved_sum_ %= orientations_;
  }
}

bool Coordinate::sees_every_piece() const {
  if (kind_ == Kind::orientation) return true;
  if (kind_ != Kind::placement || !single_pieces_ || tracked_ != slots_) return false;
  for (std::size_t label = 0; label < group_of_.size(); ++label)
    if (group_of_[label] != static_cast<int>(label)) return false;
  return true;
}

std::string Coordinate::describe(const TwistyDefinition& definition) const {
  const PieceSet& set = definition.sets[set_];
  if (kind_ == Kind::orientation) return "the turns of " + set.name;
  std::string pieces = set.name;
  if (tracked_ < slots_) {
    std::vector<int> written;
    for (std::size_t label = 0; label < group_of_.size(); ++label)
      if (group_of_[label] >= 0) written.push_back(set.written[label]);
    pieces += fmt::format(" {}", fmt::join(written, ","));
  }
  return kind_ == Kind::both ? pieces + " and their turns" : "where " + pieces + " stand";
}

std::string Coordinate::key() const {
  const char* kinds[] = {"p", "o", "b"};
  return fmt::format("{}{}:{}", layout_ == Layout::parted ? "c" : kinds[static_cast<int>(kind_)],
                     set_, fmt::join(group_of_, "."));
}

std::uint64_t Coordinate::placement_rank(const Position& position,
                                         const std::array<std::uint8_t, 256>& map,
                                         std::uint64_t* digits_rank) const {
  if (layout_ == Layout::parted) return parted_rank(position, map);
  // Group by group, the colex rank of its slots among those the groups before left free.
  std::uint64_t rank = 0, turns = 0;
  std::uint64_t taken = 0;  // bit i: slot i belongs to an earlier group (slots_ <= 64 here)
  const bool wide = slots_ > 64;
  if (single_pieces_ && !wide) {
    // A group of one piece: its rank is how many free slots come before its own.
    std::array<int, 64> slot_of{};
    for (int slot = 0; slot < slots_; ++slot) {
      const std::uint8_t group = map[position[offset_ + slot]];
      if (group != kUntracked) slot_of[group] = slot;
    }
    int free = slots_;
    for (int group = 0; group < static_cast<int>(group_size_.size()); ++group) {
      const int slot = slot_of[group];
      const auto before = static_cast<std::uint64_t>(free_before(taken, slot));
      rank = rank * static_cast<std::uint64_t>(free--) + before;
      taken |= std::uint64_t{1} << slot;
    }
    if (digits_rank != nullptr) {  // each piece's turn, the last group's the first digit
      for (int group = static_cast<int>(group_size_.size()) - 1; group >= 0; --group)
        turns = turns * orientations_ + position[offset_ + slots_ + slot_of[group]];
      *digits_rank = turns;
    }
    return rank;
  }
  rank = groups_rank(position, map);
  if (digits_rank != nullptr) {
    for (int slot = slots_ - 1; slot >= 0; --slot)
      if (map[position[offset_ + slot]] != kUntracked)
        turns = turns * orientations_ + position[offset_ + slots_ + slot];
    *digits_rank = turns;
  }
  return rank;
}

std::uint64_t Coordinate::groups_rank(const Position& position,
                                      const std::array<std::uint8_t, 256>& map) const {
  std::uint64_t rank = 0;
  std::uint64_t taken = 0;
  std::array<bool, 256> taken_wide;  // for sets of more than 64 slots
  const bool wide = slots_ > 64;
  if (wide) taken_wide.fill(false);
  int free = slots_;
  const int groups = static_cast<int>(group_size_.size());
  for (int group = 0; group < groups; ++group) {
    std::uint64_t sub = 0;
    int seen = 0, chosen = 0;
    for (int slot = 0; slot < slots_; ++slot) {
      if (wide ? taken_wide[slot] : ((taken >> slot) & 1) != 0) continue;
      if (map[position[offset_ + slot]] == group) {
        ++chosen;
        sub += choose(seen, chosen);
        if (wide) {
          taken_wide[slot] = true;
        } else {
          taken |= std::uint64_t{1} << slot;
        }
      }
      ++seen;
    }
    rank = rank * choose(free, group_size_[group]) + sub;
    free -= group_size_[group];
  }
  return rank;
}

std::uint64_t Coordinate::parted_rank(const Position& position,
                                      const std::array<std::uint8_t, 256>& map) const {
  // The combination's colex rank, and the pieces' order as digits of falling radix k, k - 1, ...
  // (a digit: how many pieces not placed yet have a smaller group).
  std::uint64_t combination = 0, arrangement = 0, placed = 0;
  int seen = 0;
  for (int slot = 0; slot < slots_; ++slot) {
    const std::uint8_t group = map[position[offset_ + slot]];
    if (group == kUntracked) continue;
    combination += choose(slot, ++seen);
    arrangement = arrangement * static_cast<std::uint64_t>(tracked_ - seen + 1) +
                  static_cast<std::uint64_t>(free_before(placed, group));
    placed |= std::uint64_t{1} << group;
  }
  return combination * arrangements_ + arrangement;
}

std::uint64_t Coordinate::rank(const Position& position, bool projected) const {
  const std::array<std::uint8_t, 256>& map = projected ? projected_group_ : label_group_;
  switch (kind_) {
    case Kind::placement:
      return placement_rank(position, map, nullptr);
    case Kind::both: {
      std::uint64_t turns = 0;
      const std::uint64_t placement = placement_rank(position, map, &turns);
      return placement * turns_ + turns;
    }
    case Kind::orientation:
      break;
  }
  std::uint64_t turns = 0;
  for (int slot = slots_ - 1 - (drop_last_digit_ ? 1 : 0); slot >= 0; --slot)
    turns = turns * orientations_ + position[offset_ + slots_ + slot];
  return turns;
}

void Coordinate::unrank(std::uint64_t rank, Position& projection) const {
  if (kind_ == Kind::orientation) {
    int sum = 0;
    for (int slot = 0; slot < slots_ - (drop_last_digit_ ? 1 : 0); ++slot) {
      const int digit = static_cast<int>(rank % orientations_);
      rank /= orientations_;
      projection[offset_ + slots_ + slot] = static_cast<std::uint8_t>(digit);
      sum += digit;
    }
    if (drop_last_digit_) {
      const int last = ((solved_sum_ - sum) % orientations_ + orientations_) % orientations_;
      projection[offset_ + 2 * slots_ - 1] = static_cast<std::uint8_t>(last);
    }
    return;
  }
  if (layout_ == Layout::parted) return parted_unrank(rank, projection);
  std::uint64_t turns = 0;
  if (kind_ == Kind::both) {
    turns = rank % turns_;
    rank /= turns_;
  }
  // The groups' sub-ranks, last group first.
  const int groups = static_cast<int>(group_size_.size());
  std::array<std::uint64_t, 256> sub{};
  int free = slots_ - tracked_;
  for (int group = groups - 1; group >= 0; --group) {
    free += group_size_[group];
    const std::uint64_t count = choose(free, group_size_[group]);
    sub[group] = rank % count;
    rank /= count;
  }
  for (int slot = 0; slot < slots_; ++slot) {
    projection[offset_ + slot] = kUntracked;
    if (kind_ == Kind::both) projection[offset_ + slots_ + slot] = 0;
  }
  std::array<std::uint8_t, 256> free_slots;  // the slots no group has taken yet, in order
  int free_count = slots_;
  for (int slot = 0; slot < slots_; ++slot) free_slots[slot] = static_cast<std::uint8_t>(slot);
  for (int group = 0; group < groups; ++group) {
    // Colex unranking: the largest free index r with C(r, j) <= the rest, for j = count .. 1.
    std::uint64_t rest = sub[group];
    int limit = free_count;
    for (int j = group_size_[group]; j >= 1; --j) {
      int r = limit - 1;
      while (choose(r, j) > rest) --r;
      rest -= choose(r, j);
      projection[offset_ + free_slots[r]] = static_cast<std::uint8_t>(group);
      limit = r;
    }
    int kept = 0;  // the free slots the group did not take, in order
    for (int index = 0; index < free_count; ++index)
      if (projection[offset_ + free_slots[index]] == kUntracked)
        free_slots[kept++] = free_slots[index];
    free_count = kept;
  }
  if (kind_ == Kind::both && single_pieces_ && slots_ <= 64) {  // turns in group order
    std::array<int, 64> slot_of{};
    for (int slot = 0; slot < slots_; ++slot)
      if (projection[offset_ + slot] != kUntracked) slot_of[projection[offset_ + slot]] = slot;
    for (int group = 0; group < groups; ++group) {
      projection[offset_ + slots_ + slot_of[group]] =
          static_cast<std::uint8_t>(turns % orientations_);
      turns /= orientations_;
    }
  } else if (kind_ == Kind::both) {  // in slot order
    for (int slot = 0; slot < slots_; ++slot) {
      if (projection[offset_ + slot] == kUntracked) continue;
      projection[offset_ + slots_ + slot] = static_cast<std::uint8_t>(turns % orientations_);
      turns /= orientations_;
    }
  }
}

void Coordinate::parted_unrank(std::uint64_t rank, Position& projection) const {
  std::uint64_t arrangement = rank % arrangements_, combination = rank / arrangements_;
  std::array<int, kMaxPartedPieces> digit{}, slot_of{};
  for (int i = tracked_ - 1; i >= 0; --i) {
    const auto radix = static_cast<std::uint64_t>(tracked_ - i);
    digit[i] = static_cast<int>(arrangement % radix);
    arrangement /= radix;
  }
  for (int j = tracked_, limit = slots_; j >= 1; --j) {  // colex, as unrank()'s
    int r = limit - 1;
    while (choose(r, j) > combination) --r;
    combination -= choose(r, j);
    slot_of[j - 1] = r;
    limit = r;
  }
  for (int slot = 0; slot < slots_; ++slot) projection[offset_ + slot] = kUntracked;
  std::uint64_t placed = 0;
  for (int i = 0; i < tracked_; ++i) {
    int group = 0;
    for (int skip = digit[i]; (placed >> group & 1) != 0 || skip-- > 0;) ++group;
    projection[offset_ + slot_of[i]] = static_cast<std::uint8_t>(group);
    placed |= std::uint64_t{1} << group;
  }
}

void Coordinate::project(const Position& position, Position& projection) const {
  for (int slot = 0; slot < slots_; ++slot) {
    const std::uint8_t group = label_group_[position[offset_ + slot]];
    const bool turned = kind_ == Kind::orientation || (kind_ == Kind::both && group != kUntracked);
    if (kind_ != Kind::orientation) projection[offset_ + slot] = group;
    if (turned) projection[offset_ + slots_ + slot] = position[offset_ + slots_ + slot];
  }
}

std::uint32_t Coordinate::split_after(std::uint64_t rank, std::size_t move) const {
  const std::uint64_t placement = rank / turns_, turns = rank % turns_;
  const std::uint32_t* row = move_table_.get() + 2 * (placement * moves_ + move);
  return static_cast<std::uint32_t>(row[0] * turns_ + add_turns(turns, row[1]));
}

std::uint64_t Coordinate::move_table_entries(std::size_t moves) const {
  if (size_ > std::numeric_limits<std::uint32_t>::max()) return kTooMany;
  if (layout_ == Layout::parted)
    return placements_ / arrangements_ * 2 * moves +
           std::uint64_t{arrangements_} * arrangements_ / 2;
  const std::uint64_t whole = saturating_product(size_, moves);
  if (!splits_moves()) return whole;
  return std::min(whole, saturating_product(placements_, moves));
}

bool Coordinate::splits_moves() const {
  return kind_ == Kind::both && single_pieces_ && slots_ <= 64 && turns_ <= (1U << 16);
}

bool Coordinate::build_move_table(const TwistyDefinition& definition, std::uint64_t max_entries) {
  if (has_move_table()) return true;
  moves_ = definition.moves.size();
  if (move_table_entries(moves_) > max_entries) return false;
  if (splits_moves() && saturating_product(size_, moves_) > max_entries) layout_ = Layout::split;
  if (layout_ == Layout::parted) reorderings_offset_ = placements_ / arrangements_ * 2 * moves_;
  const bool split = layout_ == Layout::split;
  // Coordinates of one shape share one table while any holds it: of one set of one definition,
  // of one kind, with groups of the same sizes (which pieces they follow changes their ranks, not
  // how the moves change them): a quick table and the table it is part of, chunks of a set alike.
  static std::mutex registry_mutex;
  static std::map<std::string, std::weak_ptr<const std::uint32_t>> registry;
  const std::string registry_key = fmt::format(
      "{:016x} {} {} {}{}", definition.content_hash, static_cast<int>(kind_), set_,
      fmt::join(group_size_, "."), split ? " split" : (layout_ == Layout::parted ? " parted" : ""));
  const std::lock_guard lock(registry_mutex);
  if (kind_ == Kind::both && single_pieces_) build_turn_sums();
  if ((move_table_ = registry[registry_key].lock()) != nullptr) return true;
  std::erase_if(registry, [](const auto& entry) { return entry.second.expired(); });
  // Whole: the rank after each move from each rank. Split: from each placement with every piece
  // unturned, the placement after each move and the turns the move gives each piece.
  const std::uint64_t entries = layout_ == Layout::parted
                                    ? move_table_entries(moves_)
                                    : (split ? placements_ : size_) * moves_ * (split ? 2 : 1);
  const auto fill = [&] {
    std::vector<std::uint32_t> table(entries);
    if (layout_ == Layout::parted) {
      fill_parted_table(definition, table);
    } else if (single_pieces_ && slots_ <= 64 && kind_ != Kind::orientation) {
      fill_single_piece_table(definition, table);
    } else {
      fill_table_by_positions(definition, table);
    }
    return table;
  };
  const auto held = [](std::vector<std::uint32_t> table) {
    auto vector = std::make_shared<const std::vector<std::uint32_t>>(std::move(table));
    return std::shared_ptr<const std::uint32_t>(vector, vector->data());
  };
  if (entries < kCachedMoveEntries) {
    move_table_ = held(fill());
  } else {
    // Kept in the cache, and mapped in place later: a large table costs a short batch of positions
    // more to fill than to search (the dino's whole table of 6 edges, 10.6 million entries, took
    // 60% of 20 positions' run before it was parted). Its header's parameters are the registry's
    // key, padded to align the entries.
    io::TableHeader header{"twisty-moves", 1, registry_key};
    while (io::payload_offset(header) % alignof(std::uint32_t) != 0) header.parameters += ' ';
    const io::CachedTable file{
        fmt::format("twisty-{:016x}-moves-{:08x}.tbl", definition.content_hash,
                    io::checksum64(std::as_bytes(std::span(registry_key))) & 0xffffffffU),
        header, entries, entries * sizeof(std::uint32_t),
        fmt::format("move table of {}'s {}", definition.name, definition.sets[set_].name)};
    if (std::optional<io::MappedPayload> mapped = io::map_cached(file)) {
      move_table_ = std::shared_ptr<const std::uint32_t>(
          mapped->bytes, reinterpret_cast<const std::uint32_t*>(mapped->bytes.get()));
    } else {
      std::vector<std::uint32_t> table = fill();
      io::keep_in_cache(file, std::as_bytes(std::span(table)));
      move_table_ = held(std::move(table));
    }
  }
  registry[registry_key] = move_table_;
  return true;
}

void Coordinate::fill_table_by_positions(const TwistyDefinition& definition,
                                         std::vector<std::uint32_t>& table) const {
  const PieceSet& set = definition.sets[set_];
  const bool split = layout_ == Layout::split;
  const std::uint64_t rows = split ? placements_ : size_;
  search::run_workers(2, [&](unsigned worker) {
    Position projection(definition.bytes, kUntracked), child(definition.bytes, kUntracked);
    for (std::uint64_t row = worker; row < rows; row += 2) {
      unrank(split ? row * turns_ : row, projection);
      for (std::size_t move = 0; move < moves_; ++move) {
        compose_set(set, projection, definition.moves[move].effect, child);
        const std::uint64_t reached = this->rank(child, true);
        if (split) {
          table[2 * (row * moves_ + move)] = static_cast<std::uint32_t>(reached / turns_);
          table[2 * (row * moves_ + move) + 1] = static_cast<std::uint32_t>(reached % turns_);
        } else {
          table[row * moves_ + move] = static_cast<std::uint32_t>(reached);
        }
      }
    }
  });
}

void Coordinate::fill_single_piece_table(const TwistyDefinition& definition,
                                         std::vector<std::uint32_t>& table) const {
  const SlotMoves by_move = slot_moves(definition, definition.sets[set_]);
  const auto& destination = by_move.destination;
  const auto& turn = by_move.turn;
  // Placements in increasing rank are the groups' slots in the lexicographic order of their
  // digits, group 0's the most significant: a walk over them keeps, for each group and move, the
  // rank's digits so far, the slots they take and the turns of the groups before where the move
  // takes them, so each entry costs one digit. The workers share the first group's slots.
  const int groups = static_cast<int>(group_size_.size());
  const std::uint64_t per_first_slot = placements_ / static_cast<std::uint64_t>(slots_);
  std::vector<std::uint64_t> turn_weight(groups, 1);
  for (int group = 1; group < groups; ++group)
    turn_weight[group] = turn_weight[group - 1] * static_cast<std::uint64_t>(orientations_);
  search::run_workers(2, [&](unsigned worker) {
    const auto level = [&](int group) { return static_cast<std::size_t>(group) * moves_; };
    std::vector<std::uint64_t> reached(level(groups + 1)), reached_taken(level(groups + 1)),
        twist(level(groups + 1));
    std::uint64_t placement = 0;
    const auto emit = [&] {
      const std::uint64_t* ranks = &reached[level(groups)];
      const std::uint64_t* twists = &twist[level(groups)];
      for (std::size_t move = 0; move < moves_; ++move) {
        if (kind_ == Kind::placement) {
          table[placement * moves_ + move] = static_cast<std::uint32_t>(ranks[move]);
        } else if (layout_ == Layout::split) {
          table[2 * (placement * moves_ + move)] = static_cast<std::uint32_t>(ranks[move]);
          table[2 * (placement * moves_ + move) + 1] = static_cast<std::uint32_t>(twists[move]);
        } else {
          for (std::uint64_t turns = 0; turns < turns_; ++turns)
            table[(placement * turns_ + turns) * moves_ + move] =
                static_cast<std::uint32_t>(ranks[move] * turns_ + add_turns(turns, twists[move]));
        }
      }
      ++placement;
    };
    // Places `group` at `slot` (the slots before it taken), then the groups after it.
    const auto place = [&](const auto& self, int group, int slot, std::uint64_t taken) -> void {
      const std::size_t here = level(group), next = level(group + 1);
      const auto radix = static_cast<std::uint64_t>(slots_ - group);
      if (kind_ == Kind::placement && group + 1 == groups) {  // the entries at once
        std::uint32_t* row = &table[placement++ * moves_];
        for (std::size_t move = 0; move < moves_; ++move) {
          row[move] =
              static_cast<std::uint32_t>(reached[here + move] * radix +
                                         static_cast<std::uint64_t>(free_before(
                                             reached_taken[here + move], destination[move][slot])));
        }
        return;
      }
      for (std::size_t move = 0; move < moves_; ++move) {
        const int to = destination[move][slot];
        const std::uint64_t before = reached_taken[here + move];
        reached[next + move] =
            reached[here + move] * radix + static_cast<std::uint64_t>(free_before(before, to));
        reached_taken[next + move] = before | std::uint64_t{1} << to;
        twist[next + move] = twist[here + move] + turn[move][slot] * turn_weight[group];
      }
      if (group + 1 == groups) return emit();
      taken |= std::uint64_t{1} << slot;
      for (int later = 0; later < slots_; ++later)
        if (((taken >> later) & 1) == 0) self(self, group + 1, later, taken);
    };
    for (int first = static_cast<int>(worker); first < slots_; first += 2) {
      placement = static_cast<std::uint64_t>(first) * per_first_slot;
      place(place, 0, first, 0);
    }
  });
}

void Coordinate::fill_parted_table(const TwistyDefinition& definition,
                                   std::vector<std::uint32_t>& table) const {
  const std::vector<std::array<std::uint8_t, 64>> destination =
      slot_moves(definition, definition.sets[set_]).destination;
  using Order = std::array<std::uint8_t, kMaxPartedPieces>;
  const auto order_rank = [&](const Order& order) {  // as parted_rank()'s arrangement
    std::uint64_t rank = 0, seen = 0;
    for (int i = 0; i < tracked_; ++i) {
      rank = rank * static_cast<std::uint64_t>(tracked_ - i) +
             static_cast<std::uint64_t>(free_before(seen, order[i]));
      seen |= std::uint64_t{1} << order[i];
    }
    return static_cast<std::uint32_t>(rank);
  };
  // The combinations in colex order are the masks of k bits in increasing order (the next one by
  // Gosper's hack). A move sends the piece of the i-th slot of a combination to the
  // reordering[i]-th slot of the combination after it; each reordering met gets a row.
  const std::uint64_t combinations = placements_ / arrangements_;
  std::vector<std::int32_t> row_of(arrangements_, -1);  // per reordering's rank
  std::vector<Order> reorderings;
  std::uint64_t mask = (std::uint64_t{1} << tracked_) - 1;
  for (std::uint64_t combination = 0; combination < combinations; ++combination) {
    for (std::size_t move = 0; move < moves_; ++move) {
      std::uint64_t after = 0;
      for (std::uint64_t bits = mask; bits != 0; bits &= bits - 1)
        after |= std::uint64_t{1} << destination[move][std::countr_zero(bits)];
      std::uint64_t reached = 0;
      int seen = 0;
      for (std::uint64_t bits = after; bits != 0; bits &= bits - 1)
        reached += choose(std::countr_zero(bits), ++seen);
      Order reordering{};
      int i = 0;
      for (std::uint64_t bits = mask; bits != 0; bits &= bits - 1) {
        const int to = destination[move][std::countr_zero(bits)];
        reordering[i++] = static_cast<std::uint8_t>(to - free_before(after, to));
      }
      std::int32_t& row = row_of[order_rank(reordering)];
      if (row < 0) {
        row = static_cast<std::int32_t>(reorderings.size());
        reorderings.push_back(reordering);
      }
      std::uint32_t* entry = &table[2 * (combination * moves_ + move)];
      entry[0] = static_cast<std::uint32_t>(reached * arrangements_);
      entry[1] = static_cast<std::uint32_t>(row);
    }
    const std::uint64_t low = mask & (~mask + 1), higher = mask + low;
    mask = (((higher ^ mask) >> 2) / low) | higher;
  }
  // Then per arrangement (in lexicographic order), the arrangement each reordering makes of it,
  // two to an entry (the even row's in the low half): a node's children read one short run.
  search::run_workers(2, [&](unsigned worker) {
    Order order{}, reordered{};
    std::iota(order.begin(), order.end(), std::uint8_t{0});  // the first k are permuted
    for (std::uint32_t arrangement = 0; arrangement < arrangements_; ++arrangement) {
      if (arrangement % 2 == worker) {
        std::uint32_t* entries = &table[reorderings_offset_ + arrangement * (arrangements_ / 2)];
        for (std::size_t row = 0; row < reorderings.size(); ++row) {
          for (int i = 0; i < tracked_; ++i) reordered[reorderings[row][i]] = order[i];
          entries[row / 2] |= order_rank(reordered) << (row % 2 * 16);
        }
      }
      std::next_permutation(order.begin(), order.begin() + tracked_);
    }
  });
}

void Coordinate::build_turn_sums() {
  if (orientations_ == 2 || turns_ * turns_ > kMaxTurnSums) return;  // xor, or digit by digit
  // Shared by the coordinates of as many pieces of as many orientations while any holds it (the
  // caller, build_move_table, holds the registry's lock).
  static std::map<std::pair<int, int>, std::weak_ptr<const std::vector<std::uint16_t>>> shared;
  std::weak_ptr<const std::vector<std::uint16_t>>& kept = shared[{orientations_, tracked_}];
  if ((turn_sums_ = kept.lock()) != nullptr) return;
  std::vector<std::uint16_t> sums(turns_ * turns_);
  for (std::uint64_t a = 0; a < turns_; ++a)
    for (std::uint64_t b = 0; b < turns_; ++b) sums[a * turns_ + b] = add_turns_slowly(a, b);
  turn_sums_ = std::make_shared<const std::vector<std::uint16_t>>(std::move(sums));
  kept = turn_sums_;
}

std::uint16_t Coordinate::add_turns_slowly(std::uint64_t a, std::uint64_t b) const {
  std::uint64_t sum = 0, weight = 1;
  for (int digit = 0; digit < tracked_; ++digit) {
    sum += (a % orientations_ + b % orientations_) % orientations_ * weight;
    a /= orientations_;
    b /= orientations_;
    weight *= orientations_;
  }
  return static_cast<std::uint16_t>(sum);
}

void Coordinate::mark_illegal(const TwistyDefinition& definition) {
  const bool concerned = std::ranges::any_of(definition.illegal, [&](const Illegal& rule) {
    return rule.byte >= offset_ && rule.byte < offset_ + slots_;
  });
  if (!concerned || kind_ != Kind::placement || tracked_ != slots_) return;
  illegal_.assign(size_, false);
  Position projection(definition.bytes, kUntracked);
  for (std::uint64_t rank = 0; rank < size_; ++rank) {
    unrank(rank, projection);  // groups are labels: the whole set is placed
    illegal_[rank] = !definition.is_legal(projection);
  }
}

Pattern::Pattern(std::vector<Coordinate> coordinates)
    : coordinates_(std::move(coordinates)), weights_(coordinates_.size()) {
  for (std::size_t c = coordinates_.size(); c-- > 0;) {
    weights_[c] = size_;
    size_ = saturating_product(size_, coordinates_[c].size());
  }
}

std::string Pattern::describe(const TwistyDefinition& definition) const {
  std::vector<std::string> parts;
  for (const Coordinate& coordinate : coordinates_)
    parts.push_back(coordinate.describe(definition));
  return fmt::format("{}", fmt::join(parts, " + "));
}

std::string Pattern::key() const {
  std::vector<std::string> parts;
  for (const Coordinate& coordinate : coordinates_) parts.push_back(coordinate.key());
  return fmt::format("{}", fmt::join(parts, "+"));
}

std::uint64_t Pattern::rank(const Position& position, bool projected) const {
  std::uint64_t rank = 0;
  for (const Coordinate& coordinate : coordinates_)
    rank = rank * coordinate.size() + coordinate.rank(position, projected);
  return rank;
}

void Pattern::unrank(std::uint64_t rank, Position& projection) const {
  for (auto it = coordinates_.rbegin(); it != coordinates_.rend(); ++it) {
    it->unrank(rank % it->size(), projection);
    rank /= it->size();
  }
}

bool Pattern::moves_by_table() const {
  return std::ranges::all_of(coordinates_, &Coordinate::has_move_table);
}

void Pattern::split(std::uint64_t rank, std::uint64_t* digits) const {
  for (std::size_t c = coordinates_.size(); c-- > 0;) {
    digits[c] = rank % coordinates_[c].size();
    rank /= coordinates_[c].size();
  }
}

std::uint64_t Pattern::join(const std::uint64_t* digits) const {
  std::uint64_t rank = 0;
  for (std::size_t c = 0; c < coordinates_.size(); ++c)
    rank = rank * coordinates_[c].size() + digits[c];
  return rank;
}

}  // namespace plumb::puzzles::twisty
