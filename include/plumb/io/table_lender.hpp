// plumb/io/table_lender.hpp: TableLender, where a puzzle's solvers borrow precomputed tables that
// someone else keeps loaded. A long-running front end (`plumb serve`) loads or builds its sets
// once, apart from any request, and lends them to the solvers of every request, so that no request
// builds a set under its own limits or reads one from the disk again. Every puzzle is given the
// front end's lender, if any, when it is made (puzzle_interface/builtin.hpp); a puzzle without
// tables ignores it.
//
// A set is named by its puzzle and its own name ("sliding", "15-7-8"). A lender keeps some sets.
// For those it lends the set once it is ready, and throws otherwise (an exception of its own
// choosing, which the front end catches: the set is still being built, or could not be); a lender
// may start building a set when a solver first asks for it. For the others it lends nothing and
// the solver loads or builds the set itself, as it does without a lender. A solver that could do
// without a set (an easy position) asks whether it is ready first, which starts nothing. Lending
// is thread-safe; a lent set stays valid while any solver holds it.
#pragma once

#include <memory>
#include <string_view>

namespace plumb::io {

class TableLender {
 public:
  virtual ~TableLender() = default;

  // The set `name` of `puzzle` if this lender keeps it and it is ready; null if it does not keep
  // it. Throws if it keeps it but it is not ready. The object lent is of the type that `puzzle`
  // builds its sets as (borrow() below names it).
  virtual std::shared_ptr<const void> lend(std::string_view puzzle,
                                           std::string_view name) const = 0;

  // The set if this lender keeps it and it is ready; otherwise null. Never throws, and starts no
  // build.
  virtual std::shared_ptr<const void> lend_if_ready(std::string_view puzzle,
                                                    std::string_view name) const = 0;
};

// lender.lend(puzzle, name) as the `Set` type that `puzzle` builds its sets as.
template <class Set>
std::shared_ptr<const Set> borrow(const TableLender& lender, std::string_view puzzle,
                                  std::string_view name) {
  return std::static_pointer_cast<const Set>(lender.lend(puzzle, name));
}

// lender.lend_if_ready(puzzle, name), typed as borrow() types it.
template <class Set>
std::shared_ptr<const Set> borrow_if_ready(const TableLender& lender, std::string_view puzzle,
                                           std::string_view name) {
  return std::static_pointer_cast<const Set>(lender.lend_if_ready(puzzle, name));
}

}  // namespace plumb::io
