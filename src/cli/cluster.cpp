// The program's cluster (cluster.hpp): recognizing an MPI launcher, joining its job, the exchange
// over MPI's collectives (and a counter in a one-sided window), and quieting every process but the first. MPI is used through its C API,
// and only here; a build without it (PLUMB_HAVE_MPI unset) keeps the rest. Compiled once for each
// program (companion.hpp): the lean plumb (PLUMB_LEAN_PROGRAM) hands a launched run to plumb-full.
#include "cli/cluster.hpp"

#include <sys/resource.h>

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <limits>
#include <mutex>
#include <optional>
#include <span>
#include <streambuf>

#include "cli/companion.hpp"
#include "plumb/io/counted.hpp"
#include "plumb/io/environment_error.hpp"

#ifdef PLUMB_HAVE_MPI
#define OMPI_SKIP_MPICXX 1  // the C API only: no C++ bindings to link
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#endif

namespace plumb::cli {
namespace {

const Cluster* the_cluster = nullptr;

// The seconds this process has spent in the exchange's collectives, waiting for the others included
// (MPI waits by polling, so this is CPU time too).
double seconds_in_exchange = 0;

std::optional<int> variable(const char* name) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return std::nullopt;
  return std::atoi(text);
}

// Whether a launcher started this process, and its number and count as the launcher set them.
struct Launch {
  bool launched = false;
  int rank = 0;
  int size = 1;
};

Launch launch() {
  if (const auto size = variable("OMPI_COMM_WORLD_SIZE"))
    return {true, variable("OMPI_COMM_WORLD_RANK").value_or(0), *size};
  if (const auto size = variable("PMI_SIZE"))
    return {true, variable("PMI_RANK").value_or(0), *size};
  if (const auto rank = variable("PMIX_RANK"))
    return {true, *rank, variable("SLURM_NTASKS").value_or(1)};
  return {};
}

// A stream buffer that takes everything and keeps nothing.
class Discard : public std::streambuf {
 protected:
  int_type overflow(int_type c) override { return traits_type::not_eof(c); }
  std::streamsize xsputn(const char*, std::streamsize count) override { return count; }
};

void discard_output() {
  // Never destroyed: the streams outlive static objects.
  static Discard* const discard = new Discard;
  std::cout.rdbuf(discard);
  std::cerr.rdbuf(discard);
}

#ifdef PLUMB_HAVE_MPI

// Adds the time from its making to its end to seconds_in_exchange.
class ExchangeTimer {
 public:
  ExchangeTimer() : start_(std::chrono::steady_clock::now()) {}
  ~ExchangeTimer() {
    seconds_in_exchange +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  ExchangeTimer(const ExchangeTimer&) = delete;
  ExchangeTimer& operator=(const ExchangeTimer&) = delete;

 private:
  std::chrono::steady_clock::time_point start_;
};

int byte_count(std::size_t bytes) {
  if (bytes > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw io::EnvironmentError(fmt::format("a message of {} bytes is too big for MPI", bytes));
  return static_cast<int>(bytes);
}

// The job's processes, over a communicator of their own.
class MpiExchange final : public search::Exchange {
 public:
  MpiExchange() {
    MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
    counter_.open(comm_, rank_);
  }
  ~MpiExchange() override {
    counter_.close();
    MPI_Comm_free(&comm_);
  }
  MpiExchange(const MpiExchange&) = delete;
  MpiExchange& operator=(const MpiExchange&) = delete;

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  std::vector<std::byte> all_to_all(std::span<const std::vector<std::byte>> outgoing,
                                    std::vector<std::size_t>& from) override {
    const ExchangeTimer timer;
    const auto processes = static_cast<std::size_t>(size_);
    std::vector<int> send_counts(processes), send_offsets(processes), receive_counts(processes),
        receive_offsets(processes);
    std::vector<std::byte> send;
    for (std::size_t p = 0; p < processes; ++p) {
      send_offsets[p] = byte_count(send.size());
      send_counts[p] = byte_count(outgoing[p].size());
      send.insert(send.end(), outgoing[p].begin(), outgoing[p].end());
      if (static_cast<int>(p) != rank_) count_sent(outgoing[p].size());
    }
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT, comm_);
    from.assign(processes + 1, 0);
    for (std::size_t p = 0; p < processes; ++p) {
      receive_offsets[p] = byte_count(from[p]);
      from[p + 1] = from[p] + static_cast<std::size_t>(receive_counts[p]);
    }
    std::vector<std::byte> incoming(from.back());
    MPI_Alltoallv(send.data(), send_counts.data(), send_offsets.data(), MPI_BYTE, incoming.data(),
                  receive_counts.data(), receive_offsets.data(), MPI_BYTE, comm_);
    return incoming;
  }

  void sum(std::span<std::uint64_t> values) override {
    const ExchangeTimer timer;
    MPI_Allreduce(MPI_IN_PLACE, values.data(), byte_count(values.size()), MPI_UINT64_T, MPI_SUM,
                  comm_);
  }

  std::vector<std::vector<std::byte>> all_gather(std::span<const std::byte> mine) override {
    const ExchangeTimer timer;
    const auto processes = static_cast<std::size_t>(size_);
    const int count = byte_count(mine.size());
    std::vector<int> counts(processes), offsets(processes);
    MPI_Allgather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, comm_);
    std::size_t total = 0;
    for (std::size_t p = 0; p < processes; ++p) {
      offsets[p] = byte_count(total);
      total += static_cast<std::size_t>(counts[p]);
    }
    std::vector<std::byte> all(total);
    MPI_Allgatherv(mine.data(), count, MPI_BYTE, all.data(), counts.data(), offsets.data(),
                   MPI_BYTE, comm_);
    count_sent(mine.size() * (processes - 1));
    std::vector<std::vector<std::byte>> parts;
    for (std::size_t p = 0; p < processes; ++p) {
      const auto begin = all.begin() + offsets[p];
      parts.emplace_back(begin, begin + counts[p]);
    }
    return parts;
  }

  std::uint64_t fetch_add(std::uint64_t amount) override { return counter_.apply(amount, MPI_SUM); }

  void reset_counter() override {
    MPI_Barrier(comm_);  // every process is done with the last round's counter
    if (rank_ == 0) counter_.apply(0, MPI_REPLACE);
    MPI_Barrier(comm_);
  }

 private:
  // The group's counter: one word in a window at process 0, changed by MPI's atomic one-sided
  // calls inside one passive epoch that lasts the window's life; a mutex lets one thread of this
  // process at a time call MPI (the program asks for MPI_THREAD_SERIALIZED).
  class Counter {
   public:
    void open(MPI_Comm comm, int rank) {
      const MPI_Aint bytes = rank == 0 ? sizeof(std::uint64_t) : 0;
      std::uint64_t* word = nullptr;
      MPI_Win_allocate(bytes, sizeof(std::uint64_t), MPI_INFO_NULL, comm, &word, &window_);
      if (rank == 0) *word = 0;
      MPI_Win_lock_all(0, window_);
      MPI_Barrier(comm);
    }
    void close() {
      MPI_Win_unlock_all(window_);
      MPI_Win_free(&window_);
    }
    // Applies `op` (MPI_SUM, MPI_REPLACE) with `operand` to the word; returns its value before.
    std::uint64_t apply(std::uint64_t operand, MPI_Op op) {
      const std::lock_guard lock(mutex_);
      std::uint64_t before = 0;
      MPI_Fetch_and_op(&operand, &before, MPI_UINT64_T, 0, 0, op, window_);
      MPI_Win_flush(0, window_);
      return before;
    }

   private:
    MPI_Win window_ = MPI_WIN_NULL;
    std::mutex mutex_;
  };

  MPI_Comm comm_ = MPI_COMM_NULL;
  int rank_ = 0;
  int size_ = 1;
  Counter counter_;
};

#endif

}  // namespace

Cluster::Cluster(int& argc, char**& argv) {
  const Launch started = launch();
#ifdef PLUMB_HAVE_MPI
  if (started.launched) {
    int provided = 0;
    // Serialized: a search's threads take work from the group's counter, one at a time.
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    exchange_ = std::make_shared<MpiExchange>();
    rank_ = exchange_->rank();
    size_ = exchange_->size();
  }
#else
  (void)argc, (void)argv;
  rank_ = started.rank;
#ifdef PLUMB_LEAN_PROGRAM
  // The companion has MPI: this process becomes it, and returns here only if it cannot.
  if (started.launched) missing_ = hand_over_to_companion("a run under an MPI launcher");
#endif
  if (missing_.empty() && started.size > 1) {
    missing_ = fmt::format(
        "this plumb was built without MPI, so it cannot share the work with the {} processes its "
        "launcher started: install MPI (Debian: libopenmpi-dev openmpi-bin) and rebuild, or run "
        "plumb alone",
        started.size);
  }
#endif
  if (rank_ != 0) discard_output();
  the_cluster = this;
}

Cluster::~Cluster() {
  if (the_cluster == this) the_cluster = nullptr;
  const bool joined = exchange_ != nullptr;
  exchange_.reset();  // its communicator is freed before MPI is finalized
#ifdef PLUMB_HAVE_MPI
  if (joined) MPI_Finalize();
#else
  (void)joined;
#endif
}

void Cluster::abort(int status) const {
#ifdef PLUMB_HAVE_MPI
  if (exchange_ != nullptr && size_ > 1) MPI_Abort(MPI_COMM_WORLD, status);
#else
  (void)status;
#endif
}

const Cluster& cluster() {
  static const Cluster alone;
  return the_cluster != nullptr ? *the_cluster : alone;
}

search::Distribution distribution(const std::string& checkpoint, bool resume) {
  search::Distribution shared{
      .exchange = cluster().exchange(), .checkpoint = checkpoint, .resume = resume};
  if (const auto layer = variable("PLUMB_CRASH_AFTER_LAYER")) {
    const bool last = cluster().rank() == cluster().size() - 1;
    shared.after_checkpoint = [last,
                               crash_layer = static_cast<std::size_t>(*layer)](std::size_t done) {
      if (last && done == crash_layer) std::raise(SIGKILL);
    };
  }
  return shared;
}

void report_cluster_stats(std::uint64_t states) {
  const std::shared_ptr<search::Exchange>& group = cluster().exchange();
  if (group == nullptr) return;
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  const std::array<std::uint64_t, 3> mine{group->bytes_sent(),
                                          static_cast<std::uint64_t>(usage.ru_maxrss) * 1024,
                                          static_cast<std::uint64_t>(seconds_in_exchange * 1e3)};
  std::uint64_t sent = 0;
  std::array<std::uint64_t, 2> least{std::numeric_limits<std::uint64_t>::max(),
                                     std::numeric_limits<std::uint64_t>::max()},
      most{};
  for (const std::vector<std::byte>& part : group->all_gather(std::as_bytes(std::span(mine)))) {
    std::array<std::uint64_t, 3> theirs{};
    std::memcpy(theirs.data(), part.data(), sizeof theirs);
    sent += theirs[0];
    for (std::size_t i = 0; i < 2; ++i) {
      least[i] = std::min(least[i], theirs[i + 1]);
      most[i] = std::max(most[i], theirs[i + 1]);
    }
  }
  std::cerr << fmt::format(
      "cluster: {}, {} sent between them ({:.2f} bytes a state), peak resident memory a process {} "
      "to {}, {:.1f} to {:.1f} s a process in the exchange (waiting for the others included)\n",
      io::counted(static_cast<std::uint64_t>(group->size()), "process", "processes"),
      io::human_bytes(static_cast<double>(sent)),
      states != 0 ? static_cast<double>(sent) / static_cast<double>(states) : 0.0,
      io::human_bytes(static_cast<double>(least[0])), io::human_bytes(static_cast<double>(most[0])),
      static_cast<double>(least[1]) / 1e3, static_cast<double>(most[1]) / 1e3);
}

}  // namespace plumb::cli
