// plumb/pdb/additive_heuristic.hpp: the additive pattern-database heuristic with reflection (Korf
// and Felner, "Disjoint pattern database heuristics", AIJ 134, 2002), for any domain whose states
// place pieces on cells and whose moves each slide one piece to a free cell (PlacementDomain), as
// an IncrementalHeuristic of search/parallel_ida_star.hpp.
//
// AdditivePdb holds what every search shares: the patterns (disjoint sets of pieces), one database
// per pattern indexed by the PlacementIndex rank of its pieces' cells, and what an entry means: a
// pattern's value is the sum over its pieces of base_cost[piece][cell] (an additive part, e.g. the
// distance from home, or nothing) plus `scale` times its entry. The sum over the patterns is a lower
// bound when each database counts only its own pieces' moves. With a Reflection (a symmetry of the
// puzzle, e.g. the mirror about the main diagonal of a square board), the sum is also taken on the
// state's image and the larger one is the value. AdditivePdbHeuristic follows one search: per
// pattern the rank and value of the state and of its image. A move slides one piece, so it changes
// one term of each sum: prepare() re-ranks those two (PlacementIndex::rank_after_move) and
// prefetches their entries, apply() reads them.
#pragma once

#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <utility>
#include <vector>

#include "plumb/pdb/nibble_array.hpp"
#include "plumb/pdb/placement_index.hpp"
#include "plumb/search/domain.hpp"

namespace plumb::pdb {

// States place pieces (numbered below kMaxCells) on at most kMaxCells cells; piece_at(s, c) is the
// piece on cell c (free cells hold pieces of no pattern, e.g. the blank), and each move m from
// s slides the piece on slide_of(s, m).from to the cell slide_of(s, m).to, which is free.
template <class D>
concept PlacementDomain =
    search::ReversibleDomain<D> &&
    requires(const D& d, const typename D::State& s, const typename D::Move& m, unsigned cell) {
      { d.piece_at(s, cell) } -> std::convertible_to<unsigned>;
      { d.slide_of(s, m).from } -> std::convertible_to<unsigned>;
      { d.slide_of(s, m).to } -> std::convertible_to<unsigned>;
    };

// A symmetry of a puzzle: the state whose piece piece[p] stands on cell[c] wherever p stands on c
// is as far from the goal as the state itself. Both maps are involutions.
struct Reflection {
  std::array<std::uint8_t, kMaxCells> cell{}, piece{};
};

// The mirror image about the main diagonal of a square board `width` cells a side whose pieces are
// named by their home cells (piece p belongs on cell p).
inline Reflection main_diagonal_reflection(unsigned width) {
  Reflection reflection;
  for (unsigned cell = 0; cell < width * width; ++cell) {
    const auto image = static_cast<std::uint8_t>(cell % width * width + cell / width);
    reflection.cell[cell] = reflection.piece[cell] = image;
  }
  return reflection;
}

class AdditivePdb {
 public:
  static constexpr unsigned kMaxPatterns = 8;
  static constexpr std::uint8_t kNoPattern = 255;
  using CostTable = std::array<std::array<std::uint8_t, kMaxCells>, kMaxCells>;

  // Throws std::invalid_argument unless the patterns (at most kMaxPatterns) are disjoint sets of
  // pieces below `cells` and each database has one entry per placement of its pattern. The
  // databases must outlive this object.
  AdditivePdb(unsigned cells, std::span<const std::vector<std::uint8_t>> patterns,
              std::vector<const NibbleArray*> databases, const CostTable& base_cost, int scale,
              std::optional<Reflection> reflection)
      : cells_(cells),
        databases_(std::move(databases)),
        base_cost_(base_cost),
        scale_(scale),
        reflection_(std::move(reflection)) {
    if (cells > kMaxCells || patterns.size() > kMaxPatterns || databases_.size() != patterns.size())
      throw std::invalid_argument("additive pdb: bad partition");
    pattern_of_.fill(kNoPattern);
    for (std::size_t p = 0; p < patterns.size(); ++p) {
      pieces_.push_back(patterns[p]);
      for (std::size_t i = 0; i < patterns[p].size(); ++i) {
        const unsigned piece = patterns[p][i];
        if (piece >= cells || pattern_of_[piece] != kNoPattern)
          throw std::invalid_argument("additive pdb: the patterns must be disjoint sets of pieces");
        pattern_of_[piece] = static_cast<std::uint8_t>(p);
        piece_index_[piece] = static_cast<std::uint8_t>(i);
      }
      indices_.emplace_back(cells, static_cast<unsigned>(patterns[p].size()));
      if (databases_[p]->size() != indices_.back().size())
        throw std::invalid_argument("additive pdb: a database of the wrong size");
    }
  }

  std::size_t patterns() const { return pieces_.size(); }

 private:
  template <PlacementDomain D>
  friend class AdditivePdbHeuristic;

  unsigned cells_;
  std::vector<std::vector<std::uint8_t>> pieces_;  // each pattern's pieces, in index order
  std::vector<PlacementIndex> indices_;
  std::vector<const NibbleArray*> databases_;
  CostTable base_cost_;
  int scale_;
  std::optional<Reflection> reflection_;
  std::array<std::uint8_t, kMaxCells> pattern_of_{};   // kNoPattern for a piece of none
  std::array<std::uint8_t, kMaxCells> piece_index_{};  // a piece's place in its pattern
};

template <PlacementDomain D>
class AdditivePdbHeuristic {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  // What a move changes: the piece, its cells, and the ranks of its pattern's placement after it,
  // on the board and on its image.
  struct Prepared {
    std::uint64_t rank = 0, image_rank = 0;
    std::uint8_t piece = 0, from = 0, to = 0;
  };
  struct Term {
    std::uint64_t rank = 0;
    int base = 0, value = 0;
  };
  // The terms and sums a move replaced.
  struct Saved {
    Term term, image_term;
    int sum, image_sum;
  };

  // Precondition: every piece that a move can slide belongs to a pattern of `pdb`.
  AdditivePdbHeuristic(const D& domain, const AdditivePdb& pdb, const State& start)
      : d_(&domain), t_(&pdb), scale_(pdb.scale_) {
    for (unsigned p = 0; p < t_->patterns(); ++p) tables_[p] = t_->databases_[p]->bytes().data();
    Cells where{}, image_where{};  // each piece's cell, on the board and on its image
    const bool reflected = t_->reflection_.has_value();
    for (unsigned cell = 0; cell < t_->cells_; ++cell) {
      const auto piece = static_cast<std::uint8_t>(domain.piece_at(start, cell));
      where[piece] = static_cast<std::uint8_t>(cell);
      if (!reflected) continue;
      const std::uint8_t image = t_->reflection_->piece[piece],
                         image_cell = t_->reflection_->cell[cell];
      image_board_[image_cell] = image;
      image_where[image] = image_cell;
    }
    for (unsigned p = 0; p < t_->patterns(); ++p) {
      terms_[p] = evaluate(p, where);
      sum_ += terms_[p].value;
      if (!reflected) continue;
      image_terms_[p] = evaluate(p, image_where);
      image_sum_ += image_terms_[p].value;
    }
    if (!reflected) image_sum_ = sum_;
  }

  int value() const { return std::max(sum_, image_sum_); }

  Prepared prepare(const State& s, const Move& m) const {
    const auto slide = d_->slide_of(s, m);
    Prepared prepared;
    prepared.from = static_cast<std::uint8_t>(slide.from);
    prepared.to = static_cast<std::uint8_t>(slide.to);
    prepared.piece = static_cast<std::uint8_t>(d_->piece_at(s, prepared.from));
    const auto on_board = [&](unsigned cell) { return d_->piece_at(s, cell); };
    prepared.rank = rank_after(terms_, prepared.piece, prepared.from, prepared.to, on_board);
    if (const std::optional<Reflection>& reflection = t_->reflection_) {
      const auto on_image = [&](unsigned cell) { return image_board_[cell]; };
      prepared.image_rank = rank_after(image_terms_, reflection->piece[prepared.piece],
                                       reflection->cell[prepared.from],
                                       reflection->cell[prepared.to], on_image);
    }
    return prepared;
  }

  Saved apply(const Prepared& move) {
    const unsigned p = t_->pattern_of_[move.piece];
    if (!t_->reflection_) {
      const Saved saved{terms_[p], {}, sum_, image_sum_};
      update(p, terms_[p], sum_, move.rank, move.piece, move.from, move.to);
      image_sum_ = sum_;
      return saved;
    }
    const Reflection& reflection = *t_->reflection_;
    const unsigned image = reflection.piece[move.piece], q = t_->pattern_of_[image];
    const Saved saved{terms_[p], image_terms_[q], sum_, image_sum_};
    update(p, terms_[p], sum_, move.rank, move.piece, move.from, move.to);
    const unsigned image_from = reflection.cell[move.from], image_to = reflection.cell[move.to];
    std::swap(image_board_[image_from], image_board_[image_to]);
    update(q, image_terms_[q], image_sum_, move.image_rank, image, image_from, image_to);
    return saved;
  }

  void undo(const Prepared& move, const Saved& saved) {
    terms_[t_->pattern_of_[move.piece]] = saved.term;
    sum_ = saved.sum;
    image_sum_ = saved.image_sum;
    if (const std::optional<Reflection>& reflection = t_->reflection_) {
      std::swap(image_board_[reflection->cell[move.from]], image_board_[reflection->cell[move.to]]);
      image_terms_[t_->pattern_of_[reflection->piece[move.piece]]] = saved.image_term;
    }
  }

 private:
  using Cells = std::array<std::uint8_t, kMaxCells>;
  using Terms = std::array<Term, AdditivePdb::kMaxPatterns>;

  int entry_value(unsigned p, const Term& term) const {
    return term.base + scale_ * NibbleArray::get(tables_[p], term.rank);
  }

  Term evaluate(unsigned p, const Cells& where) const {
    const std::vector<std::uint8_t>& pieces = t_->pieces_[p];
    Term term;
    term.rank = t_->indices_[p].rank_by([&](unsigned i) { return unsigned{where[pieces[i]]}; });
    for (std::uint8_t piece : pieces) term.base += t_->base_cost_[piece][where[piece]];
    term.value = entry_value(p, term);
    return term;
  }

  // The rank of `piece`'s pattern after it slides from `from` to `to` on the board whose pieces
  // `piece_on(cell)` gives, its entry prefetched.
  template <class PieceOn>
  std::uint64_t rank_after(const Terms& terms, unsigned piece, unsigned from, unsigned to,
                           const PieceOn& piece_on) const {
    const unsigned p = t_->pattern_of_[piece];
    // The pattern's pieces by cell, as rank_after_move reads them (kMaxCells: none of them).
    const struct {
      const AdditivePdb& t;
      const PieceOn& piece_on;
      unsigned p;
      unsigned operator[](unsigned cell) const {
        const unsigned other = piece_on(cell);
        return t.pattern_of_[other] == p ? t.piece_index_[other] : kMaxCells;
      }
    } pieces{*t_, piece_on, p};
    const std::uint64_t rank =
        t_->indices_[p].rank_after_move(terms[p].rank, t_->piece_index_[piece], from, to, pieces);
    NibbleArray::prefetch(tables_[p], rank);
    return rank;
  }

  // One term of a sum after `piece` of pattern p slid from `from` to `to`: its new rank and value.
  void update(unsigned p, Term& term, int& sum, std::uint64_t rank, unsigned piece, unsigned from,
              unsigned to) {
    term.rank = rank;
    term.base += t_->base_cost_[piece][to] - t_->base_cost_[piece][from];
    const int value = entry_value(p, term);
    sum += value - term.value;
    term.value = value;
  }

  const D* d_;
  const AdditivePdb* t_;
  // Copies of t_'s scale and databases' bytes, one load from this object away.
  int scale_;
  std::array<const std::byte*, AdditivePdb::kMaxPatterns> tables_{};
  Cells image_board_{};  // the pieces on the image's cells, when reflected
  Terms terms_{}, image_terms_{};
  int sum_ = 0, image_sum_ = 0;
};

}  // namespace plumb::pdb
