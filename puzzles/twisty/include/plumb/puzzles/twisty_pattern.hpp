// plumb/puzzles/twisty_pattern.hpp: abstractions of a twisty puzzle, ranked densely: the indices
// of its pruning tables and of its exhaustive explorations.
//
// A Coordinate follows part of one set of pieces, and numbers what it sees from 0 to size()-1:
//   placement     where chosen pieces stand: the slots of each group of them (a group is one
//                 piece, or pieces taken as identical), ranked group by group as combinations of
//                 the slots the groups before left free;
//   orientation   how every slot of the set is turned, base-`orientations` digits (the last left
//                 out when every move keeps the sum of the set's orientations);
//   both          where the chosen pieces stand and how each is turned (tracked pieces' turns in
//                 slot order): the joint index of a placement and its pieces' digits.
// A placement and an orientation see nothing of each other, so each moves by a table of its own
// (after(), when the table is small enough: size times moves entries), as does `both`. A Pattern is
// coordinates of different sets, its index their mixed-radix number.
//
// A placement of 2 to kMaxPartedPieces single pieces, fewer than the set's slots, whose move table
// would be kept in the cache (kCachedMoveEntries or more entries) is ranked in two parts instead:
// which slots the pieces take (the colex rank of the combination) times k!, plus how they stand in
// those slots (the lexicographic rank of the pieces' order, slot by slot). A move takes a
// combination to one combination and reorders its slots the same way whatever stands in them, so
// it moves by two small tables (the combination's, and per reordering the arrangements') where a
// whole table is one entry per placement and move: the dino's 6 of 12 edges, 288,768 entries in
// two parts where the whole table has 10.6 million.
//
// Ranks of positions and of projections (positions whose labels are groups, 255 where untracked:
// what unrank() writes) use one code: each coordinate maps a byte of a position to its group.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "plumb/puzzles/twisty_definition.hpp"

namespace plumb::puzzles::twisty {

inline constexpr std::uint8_t kUntracked = 255;

class Coordinate {
 public:
  enum class Kind { placement, orientation, both };

  // `group_of`: per label of the set, its group (0, 1, ...; groups numbered in order of first
  // use) or -1 when it is not followed; ignored by an orientation.
  Coordinate(const TwistyDefinition& definition, int set, Kind kind, std::vector<int> group_of);

  Kind kind() const { return kind_; }
  int set() const { return set_; }
  // Per label of the set: its group, or -1 when it is not followed (every label, of an
  // orientation).
  const std::vector<int>& groups() const { return group_of_; }
  // Whether it sees its whole set and tells every piece apart: an orientation (every slot's
  // turn), or a placement of a set of distinct pieces, each its own group, numbered as its label.
  bool sees_every_piece() const;
  // An orientation's rank is that many base-orientations digits, slot 0's the lowest.
  int orientations() const { return orientations_; }
  int turn_digits() const { return slots_ - (drop_last_digit_ ? 1 : 0); }
  std::uint64_t size() const { return size_; }
  // Whether it is a placement ranked in two parts, a combination and an arrangement (above).
  bool parted() const { return layout_ == Layout::parted; }
  // "CORNERS", "EDGES 1-6 and their turns", "the turns of CORNERS": for --stats and tables.
  std::string describe(const TwistyDefinition& definition) const;
  // A text that tells this coordinate from any other of the definition: a table's file key.
  std::string key() const;

  // The rank of a position (projected: false) or of a projection (true).
  std::uint64_t rank(const Position& position, bool projected) const;
  // Writes the projection of rank `rank` into this coordinate's set of `projection`.
  void unrank(std::uint64_t rank, Position& projection) const;
  // This coordinate's part of the projection of `position`.
  void project(const Position& position, Position& projection) const;

  // A table of the rank after each move (moves[m] of the definition) from each rank; built on
  // demand (build_move_table), absent where it would be too large. A `both` of single pieces that
  // is too large for one splits it: the placement after each move from each placement, and the
  // turns the move adds to each piece (its pieces' turns are then in group order, not slot order).
  // A parted placement's is in its two parts (above).
  bool has_move_table() const { return move_table_ != nullptr; }
  // A rank's place in the move table, found once for all its moves: whole, the rank's row; split,
  // the rank; parted, its combination's row and its arrangement's.
  struct Row {
    const std::uint32_t* entries;
    std::uint64_t rank;
    const std::uint32_t* reordered;
  };
  Row row(std::uint64_t rank) const {
    if (layout_ == Layout::whole) [[likely]]
      return {move_table_.get() + rank * moves_, rank, nullptr};
    if (layout_ == Layout::split) return {nullptr, rank, nullptr};
    const std::uint64_t combination = rank / arrangements_;
    const std::uint64_t arrangement = rank - combination * arrangements_;
    return {move_table_.get() + 2 * combination * moves_, rank,
            move_table_.get() + reorderings_offset_ + arrangement * (arrangements_ / 2)};
  }
  std::uint32_t after(const Row& row, std::size_t move) const {
    if (layout_ == Layout::whole) [[likely]]
      return row.entries[move];
    if (layout_ == Layout::parted) return parted_after(row, move);
    return split_after(row.rank, move);
  }
  std::uint32_t after(std::uint64_t rank, std::size_t move) const { return after(row(rank), move); }
  // Adds weight * after(rank, moves[i]) to out[i] for every i: a branch a coordinate, not a move.
  void add_after_each(std::uint64_t rank, const std::vector<std::size_t>& moves,
                      std::uint64_t weight, std::uint64_t* out) const {
    const Row from = row(rank);
    for (std::size_t i = 0; i < moves.size(); ++i) out[i] += weight * after(from, moves[i]);
  }
  // The entries of this coordinate's move table, for `moves` moves (the smaller of the whole and
  // the split one, where it may split, whose entries are pairs: a placement and the turns added).
  std::uint64_t move_table_entries(std::size_t moves) const;
  // Builds the table if it has at most max_entries (or finds it built for a coordinate alike, or
  // kept in the cache: one of kCachedMoveEntries or more is kept there); true if it has one.
  bool build_move_table(const TwistyDefinition& definition, std::uint64_t max_entries);
  static constexpr std::uint64_t kCachedMoveEntries = std::uint64_t{1} << 18;
  static constexpr int kMaxPartedPieces = 6;  // rows of k! arrangements: 720 for 6

  // Whether a placement of every piece of the set breaks none of the definition's Illegal rules;
  // every rank is legal until mark_illegal() has run (for a placement of all the set's pieces).
  bool legal(std::uint64_t rank) const { return illegal_.empty() || !illegal_[rank]; }
  void mark_illegal(const TwistyDefinition& definition);
  bool follows_illegal_rules() const { return !illegal_.empty(); }

 private:
  std::uint64_t placement_rank(const Position& position, const std::array<std::uint8_t, 256>& map,
                               std::uint64_t* digits_rank) const;
  std::uint32_t split_after(std::uint64_t rank, std::size_t move) const;  // out of line: rarer
  // A parted table's entries: per combination and move, the combination's rank after it times k!
  // and the number of the reordering the move makes of its slots; then per arrangement, the
  // arrangement after each reordering, 16 bits each (k!/2 entries an arrangement: the few that
  // the moves make are in one run of a cache line or a few).
  std::uint32_t parted_after(const Row& row, std::size_t move) const {
    const std::uint32_t* entry = row.entries + 2 * move;
    return entry[0] + (row.reordered[entry[1] / 2] >> (entry[1] % 2 * 16) & 0xffffU);
  }
  std::uint64_t parted_rank(const Position& position,
                            const std::array<std::uint8_t, 256>& map) const;
  void parted_unrank(std::uint64_t rank, Position& projection) const;
  // The turns `a` and `b` (digits in group order) added piece by piece.
  std::uint64_t add_turns(std::uint64_t a, std::uint64_t b) const {
    if (orientations_ == 2) return a ^ b;
    if (turn_sums_ != nullptr) return (*turn_sums_)[a * turns_ + b];
    return add_turns_slowly(a, b);
  }
  std::uint16_t add_turns_slowly(std::uint64_t a, std::uint64_t b) const;
  void build_turn_sums();
  // The move table of a placement or `both` of single pieces, from where each move takes each
  // slot's piece (no positions made).
  void fill_single_piece_table(const TwistyDefinition& definition,
                               std::vector<std::uint32_t>& table) const;
  // The move table of a parted placement, from where each move takes each slot's piece.
  void fill_parted_table(const TwistyDefinition& definition,
                         std::vector<std::uint32_t>& table) const;
  // Any other move table, from the positions of each rank.
  void fill_table_by_positions(const TwistyDefinition& definition,
                               std::vector<std::uint32_t>& table) const;
  bool splits_moves() const;  // whether it may move by a split table

  // The placement's rank when a group may hold several pieces.
  std::uint64_t groups_rank(const Position& position,
                            const std::array<std::uint8_t, 256>& map) const;

  int set_;
  Kind kind_;
  std::size_t offset_ = 0;  // the set's perm in a position
  int slots_ = 0, orientations_ = 1;
  std::vector<int> group_of_;     // per label
  std::vector<int> group_size_;   // per group: its slots in the solved state
  int tracked_ = 0;               // slots the groups hold
  bool single_pieces_ = false;    // every group is one piece
  bool drop_last_digit_ = false;  // the orientations' last digit follows from the others
  int solved_sum_ = 0;            // then: the sum of the solved state's, mod orientations
  std::array<std::uint8_t, 256> label_group_{}, projected_group_{};  // byte -> group or 255
  std::uint64_t placements_ = 1, turns_ = 1, size_ = 1;
  std::size_t moves_ = 0;
  // The move table's entries: a vector's or a cached file's mapping, shared by coordinates alike.
  std::shared_ptr<const std::uint32_t> move_table_;
  // Whole: one entry per rank and move. Split: per placement, a `both`'s turns apart. Parted: a
  // placement ranked in two parts (a combination, an arrangement), fixed when constructed.
  enum class Layout : std::uint8_t { whole, split, parted };
  Layout layout_ = Layout::whole;
  std::uint32_t arrangements_ = 1;        // a parted placement's k!
  std::uint64_t reorderings_offset_ = 0;  // where its table's arrangements start
  std::shared_ptr<const std::vector<std::uint16_t>> turn_sums_;   // add_turns()'s, when small
  static constexpr std::uint64_t kMaxTurnSums = std::uint64_t{1} << 24;
  std::vector<bool> illegal_;  // per rank, when some rule concerns the set
};

// Coordinates of different sets ranked together: the index of one pruning table.
class Pattern {
 public:
  explicit Pattern(std::vector<Coordinate> coordinates);

  std::uint64_t size() const { return size_; }
  const std::vector<Coordinate>& coordinates() const { return coordinates_; }
  std::vector<Coordinate>& coordinates() { return coordinates_; }
  std::string describe(const TwistyDefinition& definition) const;
  std::string key() const;

  std::uint64_t rank(const Position& position, bool projected = false) const;
  void unrank(std::uint64_t rank, Position& projection) const;
  // Whether every coordinate moves by table: ranks then move without positions (after()).
  bool moves_by_table() const;
  bool follows_illegal_rules() const {
    return std::ranges::any_of(coordinates_, &Coordinate::follows_illegal_rules);
  }
  // Whether the coordinates' ranks (split()) break no Illegal rule (Coordinate::legal).
  bool legal(const std::uint64_t* digits) const {
    for (std::size_t c = 0; c < coordinates_.size(); ++c)
      if (!coordinates_[c].legal(digits[c])) return false;
    return true;
  }
  // The coordinates' ranks in `rank` (as many as coordinates()), and the rank after `move` from
  // them: a rank's neighbours at one division a coordinate.
  void split(std::uint64_t rank, std::uint64_t* digits) const;
  // The rank of the coordinates' ranks `digits`: split()'s inverse.
  std::uint64_t join(const std::uint64_t* digits) const;
  // The ranks after each of `moves` from the coordinates' ranks `digits`, into `out`.
  void after_each(const std::uint64_t* digits, const std::vector<std::size_t>& moves,
                  std::uint64_t* out) const {
    std::fill(out, out + moves.size(), 0);
    for (std::size_t c = 0; c < coordinates_.size(); ++c)
      coordinates_[c].add_after_each(digits[c], moves, weights_[c], out);
  }
  std::uint64_t after(const std::uint64_t* digits, std::size_t move) const {
    std::uint64_t result = 0;
    for (std::size_t c = 0; c < coordinates_.size(); ++c)
      result += weights_[c] * coordinates_[c].after(digits[c], move);
    return result;
  }

 private:
  std::vector<Coordinate> coordinates_;
  std::vector<std::uint64_t> weights_;  // of each coordinate's rank in the pattern's
  std::uint64_t size_ = 1;
};

}  // namespace plumb::puzzles::twisty
