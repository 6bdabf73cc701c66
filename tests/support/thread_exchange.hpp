// tests/support/thread_exchange.hpp: a group of "processes" that are threads of the test, so that the
// engine's distributed exploration runs, and is checked under the sanitizers, without MPI.
//
// run_in_group(n, work) runs work(exchange) on n threads, each with its member of one ThreadGroup, and
// returns their results in rank order. Every collective is two waits at one barrier: each member
// posts its part, all wait, each reads what it needs, all wait again before anything is reused.
// The group's counter is an atomic that every member's threads add to.
#pragma once

#include <atomic>
#include <barrier>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <thread>
#include <utility>
#include <vector>

#include "plumb/search/exchange.hpp"

namespace plumb::testing {

class ThreadGroup {
 public:
  explicit ThreadGroup(int size)
      : size_(size), barrier_(size), posted_(static_cast<std::size_t>(size)),
        sums_(static_cast<std::size_t>(size)), parts_(static_cast<std::size_t>(size)) {}

  class Member final : public search::Exchange {
   public:
    Member(ThreadGroup& group, int rank) : group_(group), rank_(rank) {}
    int rank() const override { return rank_; }
    int size() const override { return group_.size_; }

    std::vector<std::byte> all_to_all(std::span<const std::vector<std::byte>> outgoing,
                                      std::vector<std::size_t>& from) override {
      group_.posted_[mine()].assign(outgoing.begin(), outgoing.end());
      for (int p = 0; p < size(); ++p) {
        if (p != rank_) count_sent(outgoing[static_cast<std::size_t>(p)].size());
      }
      group_.barrier_.arrive_and_wait();
      std::vector<std::byte> incoming;
      from.assign(1, 0);
      for (const auto& sent : group_.posted_) {
        incoming.insert(incoming.end(), sent[mine()].begin(), sent[mine()].end());
        from.push_back(incoming.size());
      }
      group_.barrier_.arrive_and_wait();
      return incoming;
    }

    void sum(std::span<std::uint64_t> values) override {
      group_.sums_[mine()].assign(values.begin(), values.end());
      group_.barrier_.arrive_and_wait();
      for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = 0;
        for (const auto& each : group_.sums_) values[i] += each[i];
      }
      group_.barrier_.arrive_and_wait();
    }

    std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> part) override {
      group_.parts_[mine()].assign(part.begin(), part.end());
      group_.barrier_.arrive_and_wait();
      std::vector<std::vector<std::byte>> all = group_.parts_;
      group_.barrier_.arrive_and_wait();
      return all;
    }

    std::uint64_t fetch_add(std::uint64_t amount) override {
      return group_.counter_.fetch_add(amount);
    }
    void reset_counter() override {
      group_.barrier_.arrive_and_wait();  // every member is done with the last round's counter
      if (rank_ == 0) group_.counter_ = 0;
      group_.barrier_.arrive_and_wait();
    }

   private:
    std::size_t mine() const { return static_cast<std::size_t>(rank_); }
    ThreadGroup& group_;
    int rank_;
  };

 private:
  int size_;
  std::barrier<> barrier_;
  std::vector<std::vector<std::vector<std::byte>>> posted_;  // posted_[from][to]
  std::vector<std::vector<std::uint64_t>> sums_;
  std::vector<std::vector<std::byte>> parts_;
  std::atomic<std::uint64_t> counter_{0};
};

// Runs work(member) for each member of a group of `size` threads; returns the results by rank.
template <class Work>
auto run_in_group(int size, Work work) {
  ThreadGroup group(size);
  using Result = decltype(work(std::declval<std::shared_ptr<search::Exchange>>()));
  std::vector<Result> results(static_cast<std::size_t>(size));
  {
    std::vector<std::jthread> threads;
    for (int rank = 0; rank < size; ++rank) {
      threads.emplace_back([&, rank] {
        results[static_cast<std::size_t>(rank)] = work(std::make_shared<ThreadGroup::Member>(group, rank));
      });
    }
  }
  return results;
}

}  // namespace plumb::testing
