// plumb/puzzles/gap.hpp: the Gap card solitaire (POJ 2046) and its generalization to S suits of V
// values (Montana solitaire is 4 x 13) as a search domain over bit-packed layouts.
//
// A layout has S rows of V + 1 columns. Column 0 holds the aces (row r the ace of suit r) from the
// start on and never changes, so a state is the other S * V cells, each holding a card code:
//   0 = a gap,  (s, v) with 2 <= v <= V  ->  s * (V - 1) + (v - 1)     (s 0-based, v 1-based),
// so that the card after code k in its suit is k + 1, and k is the suit's highest (a "king") when
// k % (V - 1) == 0. Cell index r * V + (c - 1) is row r, column c (1 <= c <= V). There are always S
// gaps. A move fills a gap whose left neighbour is a card other than a king (or an ace, column 0)
// with the next card of that suit; the card's old cell becomes the gap. The goal is unique: row r
// holds its suit in order and the gaps are the last column.
//
// GapDomain<Packing> stores a state in encode::PackedCells<W>, packed one of two ways: GapCells<W>,
// each cell's card code in bit_width(S * (V - 1)) bits (every shape), or GapPositions<W>, each
// card's cell in 5 bits (shapes of at most 32 cells, where that saves a word: 2 words instead of 3
// at 4 x 7). W is the fewest words the packing fits in; with_gap_domain() picks the packing
// and the instance for a shape at run time. Expanding a state decodes it once (O(S * V)), then each
// of the at most S successors costs one or two field writes. The state is its own hash key; the
// domain is Domain, GoalEnumerable, and has for_each_predecessor (moves taken back) for
// bidirectional search. Both packings visit successors and predecessors in the same order.
//
// With GapPruning::stubborn, for_each_successor makes only the moves of a strong stubborn set
// (partial-order reduction: Valmari 1991; Alkhazraji, Wehrle, Mattmueller and Helmert 2012 for
// shortest plans): moves that commute with everything left out. Every optimal solution is then
// still found in the same number of moves, in another order, from fewer layouts; a layout from
// which no stubborn move leads on is a dead end and has no successors. Searches that need every
// layout (explore) or walk edges backwards (bidirectional search) keep GapPruning::none.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "plumb/encode/packed_state.hpp"
#include "plumb/search/domain.hpp"

namespace plumb::puzzles {

inline constexpr int kGapMaxSuits = 9;
inline constexpr int kGapMaxValues = 13;
inline constexpr std::size_t kGapMaxCells = kGapMaxSuits * kGapMaxValues;

struct GapShape {
  int suits = 4;
  int values = 7;

  int cells() const { return suits * values; }             // cells that can change: columns 1..V
  int card_codes() const { return suits * (values - 1); }  // card codes 1..card_codes()
  unsigned bits() const { return static_cast<unsigned>(std::bit_width(unsigned(card_codes()))); }
  std::size_t words() const { return encode::PackedCells<1>::words_for(cells(), bits()); }
  bool is_king(int code) const { return code % (values - 1) == 0; }
  int suit_of(int code) const { return (code - 1) / (values - 1); }       // 0-based
  int value_of(int code) const { return (code - 1) % (values - 1) + 2; }  // 2..V
  int code_of(int suit, int value) const { return suit * (values - 1) + (value - 1); }
  int row_of(int cell) const { return cell / values; }         // 0-based
  int column_of(int cell) const { return cell % values + 1; }  // 1..V
  // The card code the goal puts in a cell (0 for the last column's gaps).
  int goal_code(int cell) const {
    const int column = column_of(cell);
    return column == values ? 0 : code_of(row_of(cell), column + 1);
  }
};

// A layout after the aces moved: the card code of every cell, by cell index.
using GapLayout = std::vector<std::uint8_t>;

// Moves the card in cell `from` into the gap at cell `to`.
struct GapMove {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  friend bool operator==(const GapMove&, const GapMove&) = default;
};

GapLayout gap_goal_layout(const GapShape& shape);
// Whether `move` is legal in `layout`; if so, make it.
bool apply_gap_move(const GapShape& shape, GapLayout& layout, GapMove move);

// The cells of a layout decoded from a packed state: what expanding it reads.
struct GapDecoded {
  std::array<std::uint8_t, kGapMaxCells> cells;      // card code by cell
  std::array<std::uint8_t, kGapMaxCells + 1> where;  // cell by card code (GapCells only)
  std::array<std::uint8_t, kGapMaxSuits + 1> gaps;   // the gaps' cells, in increasing order
  int gap_count = 0;
};

// A state as its cells: cell i holds its card code (0 for a gap), bit_width(S * (V - 1)) bits a
// cell, in PackedCells<Words>; Words = shape.words(). Fits every shape.
template <std::size_t Words>
class GapCells {
 public:
  using State = encode::PackedCells<Words>;

  static constexpr int kMaxCells = static_cast<int>(kGapMaxCells);

  explicit GapCells(const GapShape& shape) : cells_(shape.cells()), bits_(shape.bits()) {
    assert(shape.words() == Words);
  }

  State pack(const GapLayout& layout) const {
    State state;
    for (int cell = 0; cell < cells_; ++cell) state.set(cell, bits_, layout[cell]);
    return state;
  }

  void decode(const State& s, GapDecoded& d) const {
    int gaps = 0;  // a local, not d.gap_count: byte stores could alias a member and stall the loop
    s.for_each_cell(cells_, bits_, [&](std::size_t cell, std::uint32_t card) {
      // Without branches: where[0] collects the gaps' cells (unused), and a card's cell written to
      // gaps[gaps] is overwritten by the next cell.
      d.cells[cell] = static_cast<std::uint8_t>(card);
      d.where[card] = static_cast<std::uint8_t>(cell);
      d.gaps[gaps] = static_cast<std::uint8_t>(cell);
      gaps += card == 0;
    });
    d.gap_count = gaps;
  }

  // The cell of `card` in s, decoded into d.
  int cell_of(const State& /*s*/, const GapDecoded& d, int card) const { return d.where[card]; }

  // Moves `card` from cell `from` into the gap at cell `to`.
  void move(State& s, int card, int from, int to) const {
    s.set(to, bits_, static_cast<std::uint32_t>(card));
    s.set(from, bits_, 0);
  }

 private:
  int cells_;
  unsigned bits_;
};

// A state as the cards' places: card code k's cell in field k - 1, kFieldBits = 5 bits a field
// (so at most 32 cells), in PackedCells<Words>; the gaps are the cells no card names. S * (V - 1)
// fields instead of S * V cells, so a smaller key where the cells need more bits than the places:
// 120 bits (2 words) at 4 x 7 instead of 140 (3). For shapes where words_for(shape) == Words. The
// field width being a constant, decode() reads every field at a fixed word and shift, unrolled.
template <std::size_t Words>
class GapPositions {
 public:
  using State = encode::PackedCells<Words>;
  static constexpr unsigned kFieldBits = 5;
  static constexpr int kMaxCells = 1 << kFieldBits;
  static constexpr int kMaxFields = 64 * Words / kFieldBits;

  static std::size_t words_for(const GapShape& shape) {
    return State::words_for(shape.card_codes(), kFieldBits);
  }

  explicit GapPositions(const GapShape& shape) : cells_(shape.cells()), cards_(shape.card_codes()) {
    assert(words_for(shape) == Words && cells_ <= kMaxCells);
  }

  State pack(const GapLayout& layout) const {
    State state;
    for (int cell = 0; cell < cells_; ++cell) {
      if (layout[cell] != 0) {
        state.set(layout[cell] - 1, kFieldBits, static_cast<std::uint32_t>(cell));
      }
    }
    return state;
  }

  // Decodes d.cells and d.gaps (not d.where: cell_of reads a card's field directly). The loop is
  // unrolled over the most fields the words hold, so that each field's word and shift are
  // constants; the state and the count are copied first, since the byte stores into d could alias
  // them and reloading them would stall the loop.
  void decode(const State& s, GapDecoded& d) const {
    const State state = s;
    const int cards = cards_;
    std::uint64_t occupied = 0;
    std::fill_n(d.cells.begin(), kMaxCells, std::uint8_t{0});
#pragma GCC unroll 32
    for (int field = 0; field < kMaxFields; ++field) {
      if (field == cards) break;
      const std::uint32_t cell = state.get(static_cast<std::size_t>(field), kFieldBits);
      d.cells[cell] = static_cast<std::uint8_t>(field + 1);
      occupied |= std::uint64_t{1} << cell;
    }
    int gaps = 0;
    for (std::uint64_t free = ~occupied & all_cells(); free != 0; free &= free - 1) {
      d.gaps[gaps++] = static_cast<std::uint8_t>(std::countr_zero(free));
    }
    d.gap_count = gaps;
  }

  // The cell of `card` in s: its field.
  int cell_of(const State& s, const GapDecoded& /*d*/, int card) const {
    return static_cast<int>(s.get(card - 1, kFieldBits));
  }

  // Moves `card` into the gap at cell `to` (its old cell becomes a gap by itself).
  void move(State& s, int card, int /*from*/, int to) const {
    s.set(card - 1, kFieldBits, static_cast<std::uint32_t>(to));
  }

 private:
  std::uint64_t all_cells() const {
    return (std::uint64_t{1} << cells_) - 1;
  }

  int cells_;
  int cards_;
};

// Which moves GapDomain::for_each_successor makes.
enum class GapPruning {
  none,      // every legal move
  stubborn,  // those of a strong stubborn set: the same optimal lengths to the goal
};

template <class Packing>
class GapDomain {
 public:
  using State = typename Packing::State;
  using Move = GapMove;

  explicit GapDomain(const GapShape& shape, GapPruning pruning = GapPruning::none)
      : shape_(shape), packing_(shape), goal_(pack(gap_goal_layout(shape))), pruning_(pruning) {
    for (unsigned shift = 1; shift < kLaneBits; shift *= 2) {
      for (std::size_t lane = 0; lane < kLanesPerWord; ++lane) {
        fill_masks_[shift] |= ((std::uint64_t{1} << (kLaneBits - shift)) - 1) << (lane * kLaneBits);
      }
    }
    for (int cell = 0; cell < shape.cells(); ++cell) {
      goal_codes_[cell] = static_cast<std::uint8_t>(shape.goal_code(cell));
      cell_column0_[cell] = static_cast<std::uint8_t>(shape.column_of(cell) - 1);
      first_card_[cell] = static_cast<std::uint8_t>(shape.code_of(shape.row_of(cell), 2));
    }
    for (int code = 1; code <= shape.card_codes(); ++code) {
      next_card_[code] = static_cast<std::uint8_t>(shape.is_king(code) ? 0 : code + 1);
      const std::size_t bit = static_cast<std::size_t>(shape.suit_of(code)) * kLaneBits +
                              static_cast<std::size_t>(shape.value_of(code) - 2);
      card_set_[code][bit / 64] = std::uint64_t{1} << (bit % 64);
    }
  }

  const GapShape& shape() const { return shape_; }

  State pack(const GapLayout& layout) const { return packing_.pack(layout); }
  GapLayout unpack(const State& state) const {
    const GapDecoded d = decode(state);
    return GapLayout(d.cells.begin(), d.cells.begin() + shape_.cells());
  }

  bool is_goal(const State& s) const { return s == goal_; }
  template <class F>
  void for_each_goal(F&& f) const {
    f(goal_);
  }

  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    const GapDecoded d = decode(s);
    // The gaps that can be filled and their cards first, without a branch on each gap (whether it
    // can be filled is as good as random), then one call each.
    std::array<std::uint8_t, kGapMaxSuits + 1> gaps, cards;
    int moves = 0;
    for (int i = 0; i < d.gap_count; ++i) {
      const int gap = d.gaps[i];
      // The card after the row's ace in column 1, else after the card on the left (none after a
      // gap or a king: 0). Both are read, so that the choice needs no branch.
      const int after_left = next_card_[d.cells[std::max(gap - 1, 0)]];
      const int card = cell_column0_[gap] == 0 ? first_card_[gap] : after_left;
      gaps[moves] = static_cast<std::uint8_t>(gap);
      cards[moves] = static_cast<std::uint8_t>(card);
      moves += card != 0;
    }
    const unsigned made = pruning_ == GapPruning::stubborn
                              ? stubborn_moves(d, std::span(cards.data(), moves))
                              : (1u << moves) - 1;
    for (int i = 0; i < moves; ++i) {
      if ((made >> i & 1) == 0) continue;
      const int from = packing_.cell_of(s, d, cards[i]);
      State next = s;
      packing_.move(next, cards[i], from, gaps[i]);
      f(Move{static_cast<std::uint8_t>(from), gaps[i]}, std::as_const(next));
    }
  }

  // Calls f(move, pred) for every pred with a move to s: a card that follows its predecessor in its
  // suit (or its ace) could have come from any of the gaps.
  template <class F>
  void for_each_predecessor(const State& s, F&& f) const {
    const GapDecoded d = decode(s);
    for (int cell = 0; cell < shape_.cells(); ++cell) {
      const int card = d.cells[cell];
      if (card == 0) continue;
      const bool after_predecessor =
          shape_.value_of(card) == 2 ? cell == shape_.suit_of(card) * shape_.values
                                     : cell_column0_[cell] != 0 && d.cells[cell - 1] == card - 1;
      if (!after_predecessor) continue;
      for (int i = 0; i < d.gap_count; ++i) {
        State pred = s;
        packing_.move(pred, card, cell, d.gaps[i]);
        f(Move{d.gaps[i], static_cast<std::uint8_t>(cell)}, std::as_const(pred));
      }
    }
  }

  // An admissible and consistent lower bound on the moves to the goal:
  //   h = (cards not in their goal cell) + (cards sitting in the goal cell of their own
  //   predecessor).
  // Proof. Every move moves exactly one card, so a card out of its goal cell needs one move at
  // least; this is the first term. Now let card X = (s, v), v >= 3, sit in the goal cell of P = (s,
  // v - 1) (row s, column v - 2). X's first move puts it right of wherever P is then; P is not in
  // its goal cell then (X still is), and the goal cell of X is the cell right of P's goal cell, so
  // the first move cannot end in X's goal cell: X moves twice at least, and moves of different
  // cards are different moves, so the terms add up. (Cards of value 2 never qualify: the goal cell
  // of an ace is column 0, which no card ever enters.) Consistency: each term depends only on its
  // own card's cell, one card moves per move, and a card's term never falls from 2 to 0 in one move
  // (that is exactly the move ruled out above), so h falls by at most 1 per move.
  Cost lower_bound(const State& s) const {
    const GapDecoded d = decode(s);
    Cost h = 0;
    for (int cell = 0; cell < shape_.cells(); ++cell) {
      const int card = d.cells[cell];
      if (card == 0) continue;
      const int goal = goal_codes_[cell];
      h += (card != goal) + (card == goal + 1 && cell_column0_[cell] <= shape_.values - 3);
    }
    return h;
  }

 private:
  // A set of cards: suit s in bits 16 s + (value - 2) (a 16-bit lane for at most 12 cards of
  // values 2..13), four lanes a word; Words words, the first words of a CardSet.
  static constexpr std::size_t kLaneBits = 16, kLanesPerWord = 64 / kLaneBits;
  static constexpr std::size_t kCardWords = (kGapMaxSuits + kLanesPerWord - 1) / kLanesPerWord;
  using CardSet = std::array<std::uint64_t, kCardWords>;
  template <std::size_t Words>
  using Lanes = std::array<std::uint64_t, Words>;

  // The moves of a strong stubborn set at s, as a mask over `movers` (the cards of the legal
  // moves, one per fillable gap). A transition here is M(b), "card b moves into the cell right of
  // its predecessor" (a 2: into column 1 of its suit's row); it is enabled when that cell is a gap.
  // A set T of transitions is strong stubborn at s (not the goal) when
  //   (1) T holds M(k) for a card k away from its goal cell: every solution moves k, by M(k) alone;
  //   (2) for each disabled M(b) in T, T holds every transition that could enable it: M(d) for the
  //       card d on b's target (it must leave), and M(b - 1) (moving the predecessor moves the
  //       target; a predecessor in the last column has no target at all);
  //   (3) for each enabled M(c) in T, T holds every transition it could interfere with: M(c - 1)
  //       (moving the predecessor would disable M(c)) and M(c + 1) (M(c) moves c + 1's target,
  //       from right of c's old cell to right of its new one).
  // Any other transition touches neither M(c)'s gap nor c's cell, so M(c) stays enabled through
  // any run of such transitions and commutes with each; and (2) keeps a disabled member disabled
  // through them. So the first move of any solution that lies in T is enabled at s and can be made
  // first, the rest of the solution unchanged: some optimal solution starts with a move of T, and
  // by induction BFS and A* over these moves alone find optimal lengths. Of the sets grown from
  // the first misplaced card of each row, the one with the fewest enabled moves is taken; none
  // means no solution passes through s.
  //
  // Every M(b) in T brings M(b - 1), so T is closed downwards in each suit: it is a set of suit
  // lanes, each filled up to its highest card. The other transition each M(b) brings (the card on
  // b's target, or b's successor where the target is a gap) is gathered for all of a lane's cards
  // at once: reach[b] holds those of b and of the cards below it in its suit. So T grows in rounds,
  // each adding the reach of every lane's top card and filling the lanes down, until it is stable.
  // Sets of up to four suits take one word, held in registers (Words = 1), others kCardWords.
  unsigned stubborn_moves(const GapDecoded& d, std::span<const std::uint8_t> movers) const {
    return shape_.suits <= static_cast<int>(kLanesPerWord)
               ? stubborn_moves_in<1>(d, movers)
               : stubborn_moves_in<kCardWords>(d, movers);
  }

  template <std::size_t Words>
  unsigned stubborn_moves_in(const GapDecoded& d, std::span<const std::uint8_t> movers) const {
    const int codes = shape_.card_codes(), suit_cards = shape_.values - 1;
    // reach[b]: the transitions M(b) and the cards below it in its suit bring besides their own.
    std::array<Lanes<Words>, Packing::kMaxCells + 1> reach;
    {
      std::array<std::uint8_t, Packing::kMaxCells + 1> brings;  // by card code; 0: none
      std::fill_n(brings.begin(), codes + 1, std::uint8_t{0});
      for (int cell = 0; cell < shape_.cells(); ++cell) {
        // Chosen by masks, not branches (the data decide them): the card after the left
        // neighbour, or in column 1 the row's 2; the occupant, or if none the wanted card's next.
        const unsigned in_column1 = 0u - (cell_column0_[cell] == 0);
        const unsigned wanted = (next_card_[d.cells[std::max(cell - 1, 0)]] & ~in_column1) |
                                (first_card_[cell] & in_column1);
        const unsigned occupant = d.cells[cell];
        brings[wanted] =
            static_cast<std::uint8_t>(occupant | (next_card_[wanted] & (0u - (occupant == 0))));
      }
      brings[0] = 0;  // written for the cells no card can enter
      for (int suit_first = 1; suit_first <= codes; suit_first += suit_cards) {
        Lanes<Words> below{};
        for (int card = suit_first; card < suit_first + suit_cards; ++card) {
          for (std::size_t w = 0; w < Words; ++w) below[w] |= card_set_[brings[card]][w];
          reach[card] = below;
        }
      }
    }
    Lanes<Words> enabled{};
    for (const std::uint8_t card : movers) {
      for (std::size_t w = 0; w < Words; ++w) enabled[w] |= card_set_[card][w];
    }
    const auto count_in = [&](const Lanes<Words>& set, int card) {
      std::uint64_t hit = 0;
      for (std::size_t w = 0; w < Words; ++w) hit |= set[w] & card_set_[card][w];
      return hit != 0;
    };

    int best_count = static_cast<int>(movers.size());
    Lanes<Words> best{};
    for (int row = 0; row < shape_.suits && best_count > 0; ++row) {
      const int first = row * shape_.values, last = first + shape_.values - 1;
      int cell = first;
      while (cell < last && d.cells[cell] == goal_codes_[cell]) ++cell;
      if (cell == last) continue;  // the row's cards are home
      const Lanes<Words> set = stubborn_closure<Words>(reach, enabled, goal_codes_[cell]);
      int count = 0;
      for (const std::uint8_t card : movers) count += count_in(set, card);
      if (count < best_count) {
        best = set;
        best_count = count;
      }
    }
    if (best_count == static_cast<int>(movers.size())) return (1u << movers.size()) - 1;
    unsigned made = 0;
    for (std::size_t i = 0; i < movers.size(); ++i) {
      made |= static_cast<unsigned>(count_in(best, movers[i])) << i;
    }
    return made;
  }

  // The smallest set of transitions that holds M(seed) and meets (2) and (3) above, or any set
  // holding every enabled one once it does.
  template <std::size_t Words>
  Lanes<Words> stubborn_closure(const std::array<Lanes<Words>, Packing::kMaxCells + 1>& reach,
                                const Lanes<Words>& enabled, int seed) const {
    Lanes<Words> in;
    for (std::size_t w = 0; w < Words; ++w) in[w] = card_set_[seed][w];
    for (;;) {
      Lanes<Words> grown = in;
      for (int suit = 0; suit < shape_.suits; ++suit) {
        const std::size_t word = static_cast<std::size_t>(suit) / kLanesPerWord;
        const auto lane = static_cast<std::uint32_t>(
            in[word] >> (suit % kLanesPerWord * kLaneBits) & ((1u << kLaneBits) - 1));
        if (lane == 0) continue;
        const Lanes<Words>& more = reach[shape_.code_of(suit, std::bit_width(lane) + 1)];
        for (std::size_t w = 0; w < Words; ++w) grown[w] |= more[w];
      }
      bool stable = true, all_enabled = true;
      for (std::size_t w = 0; w < Words; ++w) {
        std::uint64_t x = grown[w];  // each lane filled below its highest bit
        for (unsigned shift = 1; shift < kLaneBits; shift *= 2)
          x |= x >> shift & fill_masks_[shift];
        stable &= x == in[w];
        all_enabled &= (x & enabled[w]) == enabled[w];
        in[w] = x;
      }
      if (stable || all_enabled) return in;
    }
  }

  GapDecoded decode(const State& s) const {
    GapDecoded d;
    packing_.decode(s, d);
    assert(d.gap_count == shape_.suits);
    return d;
  }

  GapShape shape_;
  Packing packing_;
  State goal_;
  std::array<std::uint8_t, kGapMaxCells> goal_codes_{};     // the goal's card code by cell
  std::array<std::uint8_t, kGapMaxCells> cell_column0_{};   // column - 1 by cell (no division)
  std::array<std::uint8_t, kGapMaxCells> first_card_{};     // the code of the 2 of a cell's row
  std::array<std::uint8_t, kGapMaxCells + 1> next_card_{};  // the next of a code's suit, or 0
  GapPruning pruning_;
  // For stubborn sets: the set of each card code alone (empty for 0), and by shift k the lanes'
  // bits that a right shift by k keeps within their lane.
  std::array<CardSet, Packing::kMaxCells + 1> card_set_{};
  std::array<std::uint64_t, kLaneBits> fill_masks_{};
};

// The largest word count with_gap_domain() instantiates: 9 suits of 13 values need 13 words.
inline constexpr std::size_t kGapMaxWords = 13;
// The most words a GapPositions instance has: small shapes, where the places save a word.
inline constexpr std::size_t kGapMaxPositionsWords = 2;

// Whether with_gap_domain() packs the shape's states as the cards' places (GapPositions): where
// that takes fewer words than the cells, within kGapMaxPositionsWords.
inline bool gap_packs_positions(const GapShape& shape) {
  const std::size_t words = GapPositions<1>::words_for(shape);
  return shape.cells() <= GapPositions<1>::kMaxCells && words <= kGapMaxPositionsWords &&
         words < shape.words();
}

// Calls f(domain) with the GapDomain instance for the shape and pruning, chosen at run time:
// GapPositions<W> where gap_packs_positions(shape), otherwise GapCells<W> with W = shape.words().
template <class F>
decltype(auto) with_gap_domain(const GapShape& shape, GapPruning pruning, F&& f) {
  assert(shape.words() >= 1 && shape.words() <= kGapMaxWords);
  using Result = decltype(f(GapDomain<GapCells<1>>(shape, pruning)));
  return [&]<std::size_t... I, std::size_t... P>(std::index_sequence<I...>,
                                                 std::index_sequence<P...>)
      ->decltype(auto) {
    // Calls f with the first instance whose `chosen` holds.
    auto first = [&]<class... Packings>(auto... chosen) -> decltype(auto) {
      if constexpr (std::is_void_v<Result>) {
        static_cast<void>(
            ((chosen ? (f(GapDomain<Packings>(shape, pruning)), true) : false) || ...));
      } else {
        Result result{};
        static_cast<void>(
            ((chosen ? (result = f(GapDomain<Packings>(shape, pruning)), true) : false) || ...));
        return result;
      }
    };
    const bool positions = gap_packs_positions(shape);
    const std::size_t positions_words = GapPositions<1>::words_for(shape);
    return first.template operator()<GapPositions<P + 1>..., GapCells<I + 1>...>(
        (positions && positions_words == P + 1)..., (!positions && shape.words() == I + 1)...);
  }
  (std::make_index_sequence<kGapMaxWords>{}, std::make_index_sequence<kGapMaxPositionsWords>{});
}

}  // namespace plumb::puzzles
