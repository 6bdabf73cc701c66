// plumb/search/exchange.hpp: Exchange, the transport a search shared by several processes speaks,
// and Distribution, how a SearchContext asks for its search to be shared (context.hpp).
//
// An Exchange is a fixed group of `size()` processes, this one numbered `rank()`. Its calls but
// fetch_add are collective: every process of the group makes the same calls in the same order, and each returns on
// a process once every process has made it (bulk-synchronous, as MPI's collectives). Messages are
// bytes; what they mean is the search's business. The engine keeps no networking of its own: the
// program gives it an Exchange over MPI (src/cli/cluster.cpp), a test one over threads, and a single
// process LocalExchange. Exchanges count the bytes they pass to other processes.
// The group also shares one counter, kept at process 0, for work handed out while a search runs
// (parallel_ida_star.hpp's items): fetch_add is not collective, and any thread of any process may
// call it between two reset_counter()s, which are.
//
// Distribution says which group a search runs in and where it keeps its checkpoints: an exploration
// under a context whose distribution is active runs distributed_explore.hpp's algorithm, even in a
// group of one (the checkpoints then need it).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace plumb::search {

class Exchange {
 public:
  virtual ~Exchange() = default;

  virtual int rank() const = 0;
  virtual int size() const = 0;

  // Personalised all-to-all: outgoing[p] goes to process p (outgoing has size() entries). Returns
  // what every process sent to this one, one after the other in process order, and in `from` (size()
  // + 1 entries) where each begins: the bytes from process p are [from[p], from[p + 1]).
  virtual std::vector<std::byte> all_to_all(std::span<const std::vector<std::byte>> outgoing,
                                            std::vector<std::size_t>& from) = 0;
  // Element-wise sums over the group; every process gets the sums in `values`.
  virtual void sum(std::span<std::uint64_t> values) = 0;
  // Every process's `mine`, on every process, in process order.
  virtual std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) = 0;
  // Adds `amount` to the group's counter and returns its value before, atomically among every
  // thread of every process. Not collective: thread-safe, and callable while the others compute.
  virtual std::uint64_t fetch_add(std::uint64_t amount) = 0;
  // Collective: sets the group's counter to 0; no process adds to it again before every process
  // has made this call.
  virtual void reset_counter() = 0;

  // The bytes this process has passed to the others so far.
  std::uint64_t bytes_sent() const { return bytes_sent_; }

 protected:
  void count_sent(std::uint64_t bytes) { bytes_sent_ += bytes; }

 private:
  std::uint64_t bytes_sent_ = 0;
};

// A group of one: every call returns what it was given.
class LocalExchange final : public Exchange {
 public:
  int rank() const override { return 0; }
  int size() const override { return 1; }
  std::vector<std::byte> all_to_all(std::span<const std::vector<std::byte>> outgoing,
                                    std::vector<std::size_t>& from) override {
    from = {0, outgoing[0].size()};
    return outgoing[0];
  }
  void sum(std::span<std::uint64_t>) override {}
  std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) override {
    return {std::vector<std::byte>(mine.begin(), mine.end())};
  }
  std::uint64_t fetch_add(std::uint64_t amount) override { return counter_.fetch_add(amount); }
  void reset_counter() override { counter_ = 0; }

 private:
  std::atomic<std::uint64_t> counter_{0};
};

struct Distribution {
  std::shared_ptr<Exchange> exchange = nullptr;  // the group; none: this process alone (a LocalExchange)
  std::string checkpoint{};                      // a folder for each finished layer; empty: none kept
  bool resume = false;                 // carry on from the checkpoint's last complete layer
  std::size_t round_states = std::size_t{1} << 18;  // successors sent, or states expanded, a round
  // Called on every process after each checkpoint is complete, with its layer: a test's crash.
  std::function<void(std::size_t layer)> after_checkpoint{};

  bool active() const { return exchange != nullptr || !checkpoint.empty(); }
};

}  // namespace plumb::search
