// The distributed exploration (plumb/search/distributed_explore.hpp) shared by 1 to 4 processes
// (threads of a ThreadGroup), each of 1 to 3 threads, gives what explore() alone gives: layers,
// deepest states and statistics, dense and hashed; a limit or a cancellation on one process stops
// them all; a checkpointed run that loses its processes carries on, with another number of them, to
// the same result; a checkpoint folder damaged in any way, or with a FIFO in a file's place, is an
// io::EnvironmentError naming the file, never a wrong count or a hang.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <iterator>
#include <string>

#include "plumb/io/checkpoint_file.hpp"
#include "plumb/io/table_file.hpp"
#include "plumb/search/explore.hpp"
#include "tests/search/test_domains.hpp"
#include "tests/support/fresh_folder.hpp"
#include "tests/support/thread_exchange.hpp"

namespace plumb::search {
namespace {

using testing::fresh_folder;
using testing::NumberWalk;
using testing::Pancakes;
using testing::run_in_group;

// Pancakes without ranks: explored with hash sets, its states sent as bytes.
template <int N>
struct UnrankedPancakes {
  using State = typename Pancakes<N>::State;
  using Move = int;
  Pancakes<N> pancakes;
  bool is_goal(const State& s) const { return pancakes.is_goal(s); }
  template <class F>
  void for_each_successor(const State& s, F&& f) const {
    pancakes.for_each_successor(s, f);
  }
  std::uint64_t pack(const State& s) const { return pancakes.pack(s); }
};

template <class D>
void expect_same(const ExploreResult<D>& shared, const ExploreResult<D>& alone) {
  EXPECT_EQ(shared.layer_sizes, alone.layer_sizes);
  EXPECT_EQ(shared.deepest, alone.deepest);
  EXPECT_EQ(shared.stats.reason, alone.stats.reason);
  EXPECT_EQ(shared.stats.expanded, alone.stats.expanded);
  EXPECT_EQ(shared.stats.generated, alone.stats.generated);
  EXPECT_EQ(shared.stats.duplicates, alone.stats.duplicates);
  EXPECT_EQ(shared.stats.peak_stored, alone.stats.peak_stored);
  EXPECT_EQ(shared.stats.iterations, alone.stats.iterations);
  EXPECT_EQ(shared.stats.depth, alone.stats.depth);
}

// explore(d, starts) shared by `processes` threads, under `limits` and `distribution` (its exchange
// set for each).
template <class D>
std::vector<ExploreResult<D>> explore_in_group(const D& d,
                                               const std::vector<typename D::State>& starts,
                                               int processes, std::size_t keep,
                                               SearchLimits limits = {},
                                               Distribution distribution = {}) {
  return run_in_group(processes, [&](std::shared_ptr<Exchange> member) {
    SearchContext context(limits);
    context.distribution = distribution;
    context.distribution.exchange = std::move(member);
    return explore(d, std::span(starts), context, keep);
  });
}

// explore(d, goal) shared by 1 to 4 processes of 1 to 3 threads each, in rounds of the default size
// and of a few dozen states, equals explore(d, goal) alone.
template <class D>
void expect_hybrid_runs_same(const D& d, const std::vector<typename D::State>& goal,
                             std::size_t keep) {
  const auto alone = explore(d, std::span(goal), {}, keep);
  for (int processes = 1; processes <= 4; ++processes) {
    for (unsigned threads = 1; threads <= 3; ++threads) {
      SearchLimits limits;
      limits.threads = threads;
      for (const std::size_t round : {std::size_t{1} << 18, std::size_t{40}}) {
        const Distribution rounds{.round_states = round};
        for (const auto& shared : explore_in_group(d, goal, processes, keep, limits, rounds)) {
          SCOPED_TRACE(::testing::Message() << processes << " processes x " << threads
                                            << " threads, rounds of " << round);
          expect_same(shared, alone);
        }
      }
    }
  }
}

TEST(DistributedExplore, ProcessesOfSeveralThreadsGiveWhatOneProcessGives) {
  const std::vector<Pancakes<7>::State> goal{Pancakes<7>::sorted()};
  expect_hybrid_runs_same(Pancakes<7>{}, goal, 1000);
  expect_hybrid_runs_same(UnrankedPancakes<7>{}, goal, 5);
}

TEST(DistributedExplore, RankedSpacesGiveWhatOneProcessGives) {
  const Pancakes<7> d;
  const std::vector<Pancakes<7>::State> goal{Pancakes<7>::sorted()};
  const auto alone = explore(d, std::span(goal), {}, 1000);
  for (int processes = 1; processes <= 4; ++processes) {
    for (const auto& shared : explore_in_group(d, goal, processes, 1000))
      expect_same(shared, alone);
  }
  const Distribution in_small_rounds{.round_states = 40};
  for (const auto& shared : explore_in_group(d, goal, 3, 1000, {}, in_small_rounds))
    expect_same(shared, alone);
}

TEST(DistributedExplore, HashedSpacesGiveWhatOneProcessGives) {
  const UnrankedPancakes<7> d;
  const std::vector<Pancakes<7>::State> goal{Pancakes<7>::sorted()};
  const auto alone = explore(d, std::span(goal), {}, 5);
  ASSERT_EQ(alone.deepest.size(), 5u);
  for (int processes = 1; processes <= 4; ++processes) {
    for (const auto& shared : explore_in_group(d, goal, processes, 5)) expect_same(shared, alone);
  }
  const Distribution in_small_rounds{.round_states = 40};
  for (const auto& shared : explore_in_group(d, goal, 2, 5, {}, in_small_rounds))
    expect_same(shared, alone);
  const NumberWalk walk;
  const std::vector<int> from{0, 7, 7};
  const auto walked = explore(walk, std::span(from), {}, 3);
  for (const auto& shared : explore_in_group(walk, from, 3, 3)) expect_same(shared, walked);
}

TEST(DistributedExplore, HashedDeepestStatesAreTheCanonicalFirst) {
  const UnrankedPancakes<6> d;
  const std::vector<Pancakes<6>::State> goal{Pancakes<6>::sorted()};
  const auto all = explore(d, std::span(goal), {}, 1000);
  const auto some = explore(d, std::span(goal), {}, 2);
  ASSERT_EQ(some.deepest.size(), 2u);
  EXPECT_TRUE(std::is_sorted(all.deepest.begin(), all.deepest.end(), CanonicalOrder(d)));
  EXPECT_EQ(some.deepest, std::vector(all.deepest.begin(), all.deepest.begin() + 2));
}

TEST(DistributedExplore, ALimitOnOneProcessStopsThemAll) {
  const Pancakes<8> d;
  const std::vector<Pancakes<8>::State> goal{Pancakes<8>::sorted()};
  SearchLimits limits;
  limits.max_nodes = 1000;
  for (const unsigned threads : {0u, 3u}) {
    limits.threads = threads;
    for (const auto& shared : explore_in_group(d, goal, 3, 4, limits)) {
      EXPECT_EQ(shared.stats.reason, StopReason::node_limit);
      EXPECT_GE(shared.stats.expanded, 1000u);
      EXPECT_TRUE(shared.deepest.empty());
    }
  }
  limits = {};
  limits.max_depth = 3;
  for (const auto& shared : explore_in_group(d, goal, 2, 4, limits)) {
    EXPECT_EQ(shared.stats.reason, StopReason::depth_limit);
    EXPECT_EQ(shared.layer_sizes.size(), 4u);
  }
  const auto cancelled = run_in_group(3, [&](std::shared_ptr<Exchange> member) {
    SearchContext context(SearchLimits{.threads = 2});
    if (member->rank() == 1) context.cancel();
    context.distribution.exchange = std::move(member);
    return explore(d, std::span(goal), context, 4);
  });
  for (const auto& shared : cancelled) EXPECT_EQ(shared.stats.reason, StopReason::cancelled);
}

TEST(DistributedExplore, ProgressIsReportedByTheFirstProcessWithTheGroupsTotals) {
  const Pancakes<8> d;  // 40,320 states, expanded in rounds of a few thousand
  const std::vector<Pancakes<8>::State> goal{Pancakes<8>::sorted()};
  std::vector<int> reports(2, 0);
  std::uint64_t most = 0;
  run_in_group(2, [&](std::shared_ptr<Exchange> member) {
    SearchContext context;
    const int rank = member->rank();
    context.set_progress(
        [&, rank](const SearchStats& stats) {
          ++reports[static_cast<std::size_t>(rank)];
          if (rank == 0) most = std::max(most, stats.expanded);
        },
        0);
    context.distribution.exchange = std::move(member);
    return explore(d, std::span(goal), context, 4);
  });
  EXPECT_GT(reports[0], 0);
  EXPECT_EQ(reports[1], 0);
  EXPECT_EQ(most, 40320u);
}

// Every process of a run throws from its after_checkpoint hook at `layer`: a lost run.
struct LostRun {};

// Explores d from `starts` with 2 processes, checkpointing into `folder`, and loses the run once
// layer 4's checkpoint is complete.
template <class D>
void lose_run(const D& d, const std::vector<typename D::State>& starts,
              const std::filesystem::path& folder) {
  const Distribution kept{.checkpoint = folder.string(),
                          .round_states = 100,
                          .after_checkpoint = [](std::size_t layer) {
                            if (layer == 4) throw LostRun{};
                          }};
  const auto lost = run_in_group(2, [&](std::shared_ptr<Exchange> member) {
    SearchContext context;
    context.distribution = kept;
    context.distribution.exchange = std::move(member);
    try {
      explore(d, std::span(starts), context, 6);
    } catch (const LostRun&) {
      return 1;
    }
    return 0;
  });
  EXPECT_EQ(lost, std::vector<int>(2, 1));
}

TEST(DistributedExplore, ACheckpointedRunResumesWithAnyNumberOfProcesses) {
  const auto check = [](const auto& d, const auto& starts, const std::string& name) {
    const auto alone = explore(d, std::span(starts), {}, 6);
    const auto folder = fresh_folder(name);
    lose_run(d, starts, folder);
    for (int processes : {3, 1, 2}) {
      const Distribution resumed{.checkpoint = folder.string(), .resume = true, .round_states = 70};
      const SearchLimits threads{.threads = processes == 2 ? 3u : 0u};
      for (const auto& shared : explore_in_group(d, starts, processes, 6, threads, resumed)) {
        EXPECT_EQ(shared.layer_sizes, alone.layer_sizes);
        EXPECT_EQ(shared.deepest, alone.deepest);
        EXPECT_EQ(shared.stats.expanded, alone.stats.expanded);
        EXPECT_EQ(shared.stats.generated, alone.stats.generated);
        EXPECT_EQ(shared.stats.duplicates, alone.stats.duplicates);
        EXPECT_EQ(shared.stats.reason, StopReason::exhausted);
      }
    }
    std::filesystem::remove_all(folder);
  };
  check(Pancakes<7>{}, std::vector<Pancakes<7>::State>{Pancakes<7>::sorted()}, "dense");
  check(UnrankedPancakes<7>{}, std::vector<Pancakes<7>::State>{Pancakes<7>::sorted()}, "hashed");
}

TEST(DistributedExplore, AResumeRefusesAnotherExplorationsCheckpoint) {
  const Pancakes<6> d;
  const auto folder = fresh_folder("another");
  const std::vector<Pancakes<6>::State> goal{Pancakes<6>::sorted()};
  SearchContext context;
  context.distribution.checkpoint = folder.string();
  explore(d, std::span(goal), context);
  std::vector<Pancakes<6>::State> other{d.unrank(5)};
  context.distribution.resume = true;
  EXPECT_THROW(explore(d, std::span(other), context), io::EnvironmentError);
  std::filesystem::remove_all(folder);
  EXPECT_THROW(explore(d, std::span(goal), context), io::EnvironmentError);
}

std::string bytes_of(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

// Applies `edit` to the file's bytes.
void edit_file(const std::filesystem::path& file, const std::function<void(std::string&)>& edit) {
  std::string bytes = bytes_of(file);
  edit(bytes);
  write_bytes(file, bytes);
}

// Replaces the one `from` in the text by `to`.
void replace_once(std::string& text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
}

// A checkpoint folder's manifest with its lines edited and its checksum made right again: a
// manifest that a checksum cannot catch out.
void reseal_manifest(const std::filesystem::path& folder,
                     const std::function<void(std::string&)>& edit) {
  edit_file(folder / "manifest", [&](std::string& text) {
    if (const std::size_t at = text.rfind("checksum "); at != std::string::npos) text.erase(at);
    edit(text);
    text += fmt::format("checksum {:016x}\n",
                        io::checksum64(std::as_bytes(std::span(text.data(), text.size()))));
  });
}

const std::vector<Pancakes<6>::State> kSorted6{Pancakes<6>::sorted()};

// What resuming d's exploration of the sorted pancakes from `folder` throws on each of `processes`
// processes: an io::EnvironmentError's message; "" where it carried on to the end.
template <class D>
std::vector<std::string> resume_failures(const D& d, const std::filesystem::path& folder,
                                         int processes) {
  return run_in_group(processes, [&](std::shared_ptr<Exchange> member) -> std::string {
    SearchContext context;
    context.distribution = {
        .exchange = std::move(member), .checkpoint = folder.string(), .resume = true};
    try {
      explore(d, std::span(kSorted6), context, 6);
    } catch (const io::EnvironmentError& error) {
      return error.what();
    } catch (const std::exception& error) {
      return std::string("not an io::EnvironmentError: ") + error.what();
    }
    return "";
  });
}

// A way a checkpoint folder of a run of 2 processes lost after layer 4 can lie, with the file that
// resuming must name.
struct Damage {
  std::string what;
  std::string file;  // in the folder; empty: the folder itself
  std::function<void(const std::filesystem::path& folder, std::size_t item_size)> apply;
};

const std::vector<Damage>& damages() {
  static const std::vector<Damage> all = [] {
    const std::string part = "layer-3.part-1-of-2";
    const auto edit = [](std::string file, std::function<void(std::string&, std::size_t)> change) {
      return [file, change](const std::filesystem::path& folder, std::size_t item_size) {
        edit_file(folder / file, [&](std::string& bytes) { change(bytes, item_size); });
      };
    };
    const auto in_place_of = [](std::string file,
                                std::function<void(const std::filesystem::path&)> make) {
      return [file, make](const std::filesystem::path& folder, std::size_t) {
        std::filesystem::remove(folder / file);
        make(folder / file);
      };
    };
    const auto directory = [](const std::filesystem::path& file) {
      std::filesystem::create_directory(file);
    };
    return std::vector<Damage>{
        {"a byte flipped", part, edit(part, [](std::string& b, std::size_t) { b.at(16) ^= 1; })},
        {"truncated by a state", part,
         edit(part, [](std::string& b, std::size_t n) { b.resize(b.size() - n); })},
        {"extended by a state", part,
         edit(part, [](std::string& b, std::size_t n) { b += b.substr(0, n); })},
        {"zeroed", part, edit(part, [](std::string& b, std::size_t) { b.assign(b.size(), '\0'); })},
        {"a state duplicated", part,
         edit(part, [](std::string& b, std::size_t n) { b.replace(n, n, b.substr(0, n)); })},
        {"swapped with another layer's part", "layer-2.part-1-of-2",
         [](const std::filesystem::path& folder, std::size_t) {
           const std::string second = bytes_of(folder / "layer-2.part-1-of-2");
           write_bytes(folder / "layer-2.part-1-of-2", bytes_of(folder / "layer-3.part-1-of-2"));
           write_bytes(folder / "layer-3.part-1-of-2", second);
         }},
        {"a part missing", "layer-1.part-0-of-2",
         [](const std::filesystem::path& folder, std::size_t) {
           std::filesystem::remove(folder / "layer-1.part-0-of-2");
         }},
        {"a directory in a part's place", part, in_place_of(part, directory)},
        {"the manifest: a layer's size", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) {
                replace_once(t, "\nlayer 79 2\n", "\nlayer 78 2\n");
              })},
        {"the manifest: a part's size", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) { replace_once(t, "\npart ", "\npart 1"); })},
        {"the manifest: its last layer gone", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) {
                const std::size_t last = t.rfind("\nlayer ") + 1;
                t.erase(last, t.rfind("checksum ") - last);
              })},
        {"the manifest: its statistics", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) { replace_once(t, "\nstats ", "\nstats 1"); })},
        {"the manifest: its fingerprint", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) {
                replace_once(t, "\nfingerprint ", "\nfingerprint 1");
              })},
        {"the manifest: a sparse 3 GB file", "manifest",
         [](const std::filesystem::path& folder, std::size_t) {
           std::filesystem::resize_file(folder / "manifest", 3ULL << 30);
         }},
        {"the manifest: truncated", "manifest",
         edit("manifest", [](std::string& t, std::size_t) { t.resize(t.size() / 2); })},
        {"the manifest: empty", "manifest",
         edit("manifest", [](std::string& t, std::size_t) { t.clear(); })},
        {"the manifest: another version's", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) {
                replace_once(t, "checkpoint 2\n", "checkpoint 1\n");
              })},
        {"the manifest: a version that is not a number", "manifest",
         edit("manifest",
              [](std::string& t, std::size_t) {
                replace_once(t, "checkpoint 2\n", "checkpoint 2x\n");
              })},
        {"the manifest: a directory", "manifest", in_place_of("manifest", directory)},
        {"the manifest missing", "",
         [](const std::filesystem::path& folder, std::size_t) {
           std::filesystem::remove(folder / "manifest");
         }},
        {"the folder missing", "",
         [](const std::filesystem::path& folder, std::size_t) {
           std::filesystem::remove_all(folder);
         }},
    };
  }();
  return all;
}

TEST(DistributedExplore, EveryDamageToACheckpointIsAnErrorNamingTheFile) {
  const auto check = [](const auto& d, std::size_t item_size, const std::string& name) {
    for (const Damage& damage : damages()) {
      const auto folder = fresh_folder(name);
      lose_run(d, kSorted6, folder);
      ASSERT_GE(bytes_of(folder / "layer-3.part-1-of-2").size(), 3 * item_size);
      damage.apply(folder, item_size);
      const std::string file = (damage.file.empty() ? folder : folder / damage.file).string();
      for (int processes : {1, 3}) {
        for (const std::string& failure : resume_failures(d, folder, processes)) {
          EXPECT_NE(failure.find(file), std::string::npos)
              << name << ", " << damage.what << ", " << processes << " processes: " << failure;
        }
      }
      std::filesystem::remove_all(folder);
    }
  };
  check(Pancakes<6>{}, sizeof(std::uint64_t), "damaged-dense");
  check(UnrankedPancakes<6>{}, sizeof(Pancakes<6>::State), "damaged-hashed");
}

TEST(DistributedExplore, AFolderInUseByAnotherRunIsRefusedOnEveryProcess) {
  const auto folder = fresh_folder("in-use");
  lose_run(Pancakes<6>{}, kSorted6, folder);
  const std::string manifest = bytes_of(folder / "manifest");
  {
    const io::CheckpointFolderLock another_run(folder, false);
    for (int processes : {1, 3}) {
      for (const std::string& failure : resume_failures(Pancakes<6>{}, folder, processes)) {
        EXPECT_NE(failure.find(folder.string() + " is in use by another plumb run"),
                  std::string::npos)
            << processes << " processes: " << failure;
      }
      SearchContext context;
      context.distribution.checkpoint = folder.string();
      EXPECT_THROW(explore(Pancakes<6>{}, std::span(kSorted6), context), io::EnvironmentError);
    }
    EXPECT_EQ(bytes_of(folder / "manifest"), manifest) << "written while in use";
  }
  for (const std::string& failure : resume_failures(Pancakes<6>{}, folder, 2))
    EXPECT_EQ(failure, "");
  std::filesystem::remove_all(folder);
}

TEST(DistributedExplore, AResealedManifestMustStillAddUp) {
  const Pancakes<6> d;
  // The last layer gone, a layer's size, the statistics.
  const std::vector<std::function<void(std::string&)>> edits{
      [](std::string& t) { t.erase(t.rfind("\nlayer ") + 1); },
      [](std::string& t) { replace_once(t, "\nlayer 79 2\n", "\nlayer 78 2\n"); },
      [](std::string& t) { replace_once(t, "\nstats ", "\nstats 1"); },
  };
  for (const auto& edit : edits) {
    const auto folder = fresh_folder("resealed");
    lose_run(d, kSorted6, folder);
    reseal_manifest(folder, edit);
    for (const std::string& failure : resume_failures(d, folder, 2))
      EXPECT_NE(failure.find((folder / "manifest").string() + " is damaged"), std::string::npos)
          << failure;
    std::filesystem::remove_all(folder);
  }
}

// Resumes from `folder` on a thread while this one keeps trying to open `fifo` for writing without
// blocking, until the resume ends: an open that succeeds means that the resume had the FIFO open
// for reading, where it would have waited forever but for this writer. Returns the resume's failure
// and whether the FIFO was opened.
std::pair<std::string, bool> resume_beside_a_fifo(const std::filesystem::path& folder,
                                                  const std::filesystem::path& fifo) {
  auto resumed =
      std::async(std::launch::async, [&] { return resume_failures(Pancakes<6>{}, folder, 1)[0]; });
  bool opened = false;
  while (resumed.wait_for(std::chrono::milliseconds(10)) != std::future_status::ready) {
    const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
    if (writer >= 0) {
      opened = true;
      ::close(writer);
    }
  }
  return {resumed.get(), opened};
}

TEST(DistributedExplore, AFifoInACheckpointFilesPlaceIsRefusedUnopened) {
  for (const std::string file : {"manifest", "layer-2.part-0-of-2"}) {
    const auto folder = fresh_folder("fifo-read");
    lose_run(Pancakes<6>{}, kSorted6, folder);
    std::filesystem::remove(folder / file);
    ASSERT_EQ(::mkfifo((folder / file).c_str(), 0600), 0);
    const auto [failure, opened] = resume_beside_a_fifo(folder, folder / file);
    EXPECT_FALSE(opened) << file << " was opened";
    EXPECT_NE(failure.find((folder / file).string() + ": it is not a regular file"),
              std::string::npos)
        << failure;
    std::filesystem::remove_all(folder);
  }
}

TEST(DistributedExplore, CheckpointsAreNeverWrittenIntoAFifo) {
  for (const std::string file : {"manifest", "layer-0.part-0-of-1", "layer-0.part-0-of-1.tmp"}) {
    const auto folder = fresh_folder("fifo-write");
    std::filesystem::create_directories(folder);
    const std::filesystem::path fifo = folder / file;
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // A reader, so that a writer opening the FIFO would not wait but write into it.
    const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    SearchContext context;
    context.distribution.checkpoint = folder.string();
    try {
      explore(Pancakes<6>{}, std::span(kSorted6), context);
      ADD_FAILURE() << file << ": no error";
    } catch (const io::EnvironmentError& error) {
      EXPECT_NE(std::string(error.what()).find(fifo.string() + ": it is not a regular file"),
                std::string::npos)
          << error.what();
    }
    char byte = 0;
    EXPECT_LE(::read(reader, &byte, 1), 0) << file << " was written into";
    ::close(reader);
    EXPECT_TRUE(std::filesystem::is_fifo(std::filesystem::symlink_status(fifo)))
        << file << " was replaced";
    std::filesystem::remove_all(folder);
  }
}

}  // namespace
}  // namespace plumb::search
