// tests/support/one_set_lender.hpp: OneSetLender, an io::TableLender that keeps one set a puzzle
// declares, assembled through the declaration as `plumb serve` assembles it, and counts what its
// solvers borrow: a puzzle's test gives it to the puzzle's factory to see that a solver borrows the
// set instead of loading or building its own.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "plumb/io/table_lender.hpp"
#include "plumb/puzzle_interface/builtin.hpp"

namespace plumb::testing {

class OneSetLender : public io::TableLender {
 public:
  // The set `name` of `puzzle`, loaded or built now (a test's temporary cache keeps it).
  OneSetLender(std::string puzzle, std::string name)
      : puzzle_(std::move(puzzle)), name_(std::move(name)) {
    for (const puzzle_interface::DeclaredTableSet& set : puzzle_interface::declared_table_sets()) {
      if (set.puzzle != puzzle_ || set.info().name != name_) continue;
      const auto assembly = set.tables->assemble(set.index);
      for (std::size_t part = 0; part < set.info().part_work.size(); ++part) {
        search::SearchStats stats;
        EXPECT_TRUE(assembly->add_part(part, search::SearchContext{}, 1, stats)) << name_;
      }
      set_ = assembly->finish();
      for (std::size_t part = 0; part < set.info().part_work.size(); ++part)
        files_.push_back(set.tables->part_file(set.index, part));
    }
    EXPECT_NE(set_, nullptr) << puzzle_ << " declares no set " << name_;
  }

  std::shared_ptr<const void> lend(std::string_view puzzle, std::string_view name) const override {
    if (puzzle != puzzle_ || name != name_) return nullptr;
    ++lent_;
    return set_;
  }
  std::shared_ptr<const void> lend_if_ready(std::string_view puzzle,
                                            std::string_view name) const override {
    return lend(puzzle, name);
  }

  // How many times the set was lent.
  int lent() const { return lent_; }
  // Whether any of the set's files is in the cache (a solver that loaded or built its own kept it).
  bool in_cache() const {
    return std::any_of(files_.begin(), files_.end(),
                       [](const auto& file) { return std::filesystem::exists(file); });
  }
  // Removes the set's files from the cache, so that a solver that did not borrow would build.
  void forget_cached_files() const {
    for (const auto& file : files_) std::filesystem::remove(file);
  }

 private:
  std::string puzzle_, name_;
  std::shared_ptr<const void> set_;
  std::vector<std::filesystem::path> files_;
  mutable std::atomic<int> lent_{0};
};

}  // namespace plumb::testing
