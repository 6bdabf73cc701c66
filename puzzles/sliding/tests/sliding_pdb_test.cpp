// Tests of the sliding-puzzle pattern databases and their IDA*: the entries equal a plain 0-1 BFS
// of the abstract space, the databases never overestimate (on every state of small boards), the
// solutions are optimal (against BFS distances and generic IDA*) and replay to the goal for any
// goal with the blank in a corner, and the cache rebuilds damaged files.
#include "plumb/puzzles/sliding_pdb.hpp"
#include "tests/support/cache_notices.hpp"
#include "tests/support/temporary_cache.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>
#include <tuple>
#include <unordered_map>

#include <unistd.h>

#include "plumb/pdb/placement_index.hpp"
#include "plumb/puzzles/sliding.hpp"
#include "plumb/puzzles/sliding_heuristics.hpp"
#include "plumb/search/bfs.hpp"
#include "plumb/search/ida_star.hpp"

namespace plumb::puzzles {
namespace {

using Board = std::vector<std::uint8_t>;

using plumb::testing::TemporaryCache;

const SlidingPartition& partition(std::string_view name) {
  const SlidingPartition* found = find_sliding_partition(name);
  EXPECT_NE(found, nullptr) << name;
  return *found;
}

SlidingPdbSet build_set(const SlidingPartition& partition) {
  SlidingPdbSet set{partition, {}};
  for (std::size_t p = 0; p < partition.patterns.size(); ++p) {
    auto entries = build_sliding_pdb(partition, p, {}, 2);
    EXPECT_TRUE(entries.has_value());
    set.databases.push_back({sliding_pdb_header(partition, p), std::move(*entries)});
  }
  return set;
}

Board ordered(unsigned cells, BlankPlace place) {
  Board board(cells);
  for (unsigned i = 0; i < cells; ++i)
    board[i] = static_cast<std::uint8_t>(place == BlankPlace::first ? i : (i + 1) % cells);
  return board;
}

SlidingState to_state(const Board& board) {
  SlidingState state;
  for (std::size_t i = 0; i < board.size(); ++i) {
    state.cells[i] = board[i];
    if (board[i] == 0) state.blank = static_cast<std::uint8_t>(i);
  }
  return state;
}

Board to_board(const SlidingState& state, unsigned cells) {
  return Board(state.cells.begin(), state.cells.begin() + cells);
}

// Whether `moves` (blank directions) take `board` to `goal` without leaving the board.
bool replay(const SlidingDomain& domain, const Board& board, const std::vector<SlidingMove>& moves,
            const Board& goal) {
  const std::optional<SlidingState> end = domain.replay(to_state(board), moves);
  return end && to_board(*end, static_cast<unsigned>(domain.cells())) == goal;
}

// Breadth-first distances to `goal` of every state that reaches it.
std::vector<std::pair<Board, int>> all_distances(const SlidingDomain& domain) {
  std::unordered_map<std::uint64_t, int> seen;
  const auto key = [&](const SlidingState& s) {
    std::uint64_t k = 0;
    for (int i = 0; i < domain.cells(); ++i) k = k * 16 + s.cells[i];
    return k;
  };
  std::vector<std::pair<Board, int>> out;
  std::vector<SlidingState> layer{domain.goal()};
  seen[key(domain.goal())] = 0;
  for (int depth = 0; !layer.empty(); ++depth) {
    std::vector<SlidingState> next;
    for (const SlidingState& s : layer) {
      out.emplace_back(to_board(s, static_cast<unsigned>(domain.cells())), depth);
      domain.for_each_successor(s, [&](SlidingMove, const SlidingState& t) {
        if (seen.emplace(key(t), depth + 1).second) next.push_back(t);
      });
    }
    layer = std::move(next);
  }
  return out;
}

Board random_walk(const SlidingDomain& domain, int steps, std::mt19937& random) {
  SlidingState state = domain.goal();
  for (int i = 0; i < steps; ++i) {
    std::vector<SlidingMove> moves;
    domain.for_each_move(state, [&](SlidingMove m) { moves.push_back(m); });
    domain.apply(state, moves[random() % moves.size()]);
  }
  return to_board(state, static_cast<unsigned>(domain.cells()));
}

TEST(SlidingPdb, PartitionsSplitTheTiles) {
  for (const SlidingPartition& p : sliding_partitions()) {
    std::vector<int> count(p.width * p.height, 0);
    for (const auto& pattern : p.patterns) {
      for (std::uint8_t tile : pattern) ++count.at(tile);
    }
    EXPECT_EQ(count[0], 0) << p.name;
    for (std::size_t tile = 1; tile < count.size(); ++tile)
      EXPECT_EQ(count[tile], 1) << p.name << " tile " << tile;
  }
  EXPECT_EQ(sliding_pdb_entries(partition("15-7-8"), 1), 518'918'400u);
  EXPECT_EQ(sliding_pdb_entries(partition("24-6666"), 0), 127'512'000u);
  EXPECT_EQ(default_sliding_partition(4, 4)->name, "15-7-8");
  EXPECT_EQ(default_sliding_partition(5, 5)->name, "24-6666");
  EXPECT_EQ(default_sliding_partition(3, 4), nullptr);
}

// The entries of one pattern's database, computed by a plain 0-1 breadth-first search over (where
// the pattern's tiles are, where the blank is): moving a pattern tile costs 1, any other tile 0.
std::vector<std::uint8_t> reference_entries(const SlidingPartition& part, std::size_t pattern) {
  const std::vector<std::uint8_t>& tiles = part.patterns[pattern];
  const unsigned width = part.width, cells = part.width * part.height;
  const pdb::PlacementIndex index(cells, static_cast<unsigned>(tiles.size()));
  const auto distance = [width](unsigned a, unsigned b) {
    return std::abs(int(a / width) - int(b / width)) + std::abs(int(a % width) - int(b % width));
  };
  std::vector<std::uint8_t> depth(index.size() * cells, 255);
  std::deque<std::pair<Board, unsigned>> queue;  // the tiles' cells, the blank's cell
  const auto key = [&](const Board& at, unsigned blank) {
    return index.rank(std::span<const std::uint8_t>(at)) * cells + blank;
  };
  depth[key(tiles, 0)] = 0;
  queue.emplace_back(tiles, 0);
  while (!queue.empty()) {
    auto [at, blank] = queue.front();
    queue.pop_front();
    const int d = depth[key(at, blank)];
    for (unsigned to = 0; to < cells; ++to) {
      if (distance(blank, to) != 1) continue;
      Board next = at;
      const auto moved = std::ranges::find(next, to);
      if (moved != next.end()) *moved = static_cast<std::uint8_t>(blank);
      const int cost = moved != next.end() ? 1 : 0;
      std::uint8_t& seen = depth[key(next, to)];
      if (seen <= d + cost) continue;
      seen = static_cast<std::uint8_t>(d + cost);
      if (cost == 0) {
        queue.emplace_front(next, to);
      } else {
        queue.emplace_back(next, to);
      }
    }
  }
  std::vector<std::uint8_t> entries(index.size());
  Board at(tiles.size());
  for (std::uint64_t rank = 0; rank < index.size(); ++rank) {
    const std::uint8_t* first = &depth[rank * cells];
    const int least = *std::min_element(first, first + cells);
    index.unrank(rank, std::span(at));
    int manhattan = 0;
    for (std::size_t i = 0; i < tiles.size(); ++i) manhattan += distance(tiles[i], at[i]);
    entries[rank] = static_cast<std::uint8_t>(std::min(15, (least - manhattan) / 2));
  }
  return entries;
}

TEST(SlidingPdb, EntriesAreExactAbstractDistances) {
  std::vector<std::string_view> sets = {"7-34", "8-44"};
  if (std::getenv("PLUMB_SANITIZED") == nullptr) sets.push_back("15-555");
  for (std::string_view name : sets) {
    const SlidingPartition& part = partition(name);
    for (std::size_t p = 0; p < part.patterns.size(); ++p) {
      for (unsigned threads : {1u, 2u}) {
        const auto built = build_sliding_pdb(part, p, {}, threads);
        ASSERT_TRUE(built.has_value());
        const std::vector<std::uint8_t> expected = reference_entries(part, p);
        for (std::uint64_t rank = 0; rank < expected.size(); ++rank)
          ASSERT_EQ(built->get(rank), expected[rank])
              << name << " pattern " << p << " rank " << rank;
      }
    }
  }
}

// Patterns whose space a reflection of the board maps onto itself are searched over half of their
// placements; the other half take their images' entries. Each reflection, on patterns that no
// earlier one (in the order tried) fits.
TEST(SlidingPdb, SymmetricPatternsAreExact) {
  struct Case {
    unsigned width, height;
    std::vector<std::uint8_t> tiles;
    std::string_view symmetry;
  };
  const std::vector<Case> cases = {
      {4, 2, {4, 5, 6, 7}, "left-right"},      // 7-34's second pattern
      {4, 4, {12, 13, 14, 15}, "left-right"},  // the bottom row
      {3, 4, {2, 5, 8, 11}, "up-down"},        // the right column
      {3, 3, {2, 6}, "half turn"},             // two opposite corners
      {3, 3, {4, 5, 7, 8}, "diagonal"},        // the bottom-right square
      {3, 3, {1, 5}, "anti-diagonal"},         // the cells beside the top-right corner
      {3, 3, {3, 6, 7, 8}, ""},                // 8-44's second pattern
  };
  for (const Case& c : cases) {
    const SlidingPartition part{"test", c.width, c.height, {c.tiles}};
    EXPECT_EQ(sliding_pattern_symmetry(part, 0), c.symmetry);
    const std::vector<std::uint8_t> expected = reference_entries(part, 0);
    for (unsigned threads : {1u, 2u}) {
      const auto built = build_sliding_pdb(part, 0, {}, threads);
      ASSERT_TRUE(built.has_value());
      for (std::uint64_t rank = 0; rank < expected.size(); ++rank)
        ASSERT_EQ(built->get(rank), expected[rank]) << c.symmetry << " rank " << rank;
    }
  }
}

// With more than 16 free cells the search's slots are the blank's regions rather than its cells:
// the entries are the same. Patterns of the 5x5 board: tiles that shut the goal's blank in its
// corner (its class is then a region of one cell), with and without a symmetry (a symmetric
// space is searched over half of its placements), and a pair far apart.
TEST(SlidingPdb, RegionSlotsAreExact) {
  struct Case {
    std::vector<std::uint8_t> tiles;
    std::string_view symmetry;
  };
  const std::vector<Case> cases = {
      {{1, 5}, "diagonal"}, {{1, 5, 7}, ""}, {{6, 7, 8}, "left-right"}, {{3, 20}, ""}};
  for (const auto& [tiles, symmetry] : cases) {
    const SlidingPartition part{"test", 5, 5, {tiles}};
    EXPECT_EQ(sliding_pattern_symmetry(part, 0), symmetry);
    const std::vector<std::uint8_t> expected = reference_entries(part, 0);
    for (unsigned threads : {1u, 2u}) {
      const auto built = build_sliding_pdb(part, 0, {}, threads);
      ASSERT_TRUE(built.has_value());
      for (std::uint64_t rank = 0; rank < expected.size(); ++rank)
        ASSERT_EQ(built->get(rank), expected[rank]) << int{tiles[0]} << "... rank " << rank;
    }
  }
}

// On every state of the 3x3 and 2x4 boards, for both ordered goals: the IDA* answer is as long as
// the BFS distance, replays to the goal, and the pattern databases' root bound never exceeds it.
void check_every_state(const SlidingPartition& part, int rows, int cols, std::size_t stride) {
  const SlidingPdbSet set = build_set(part);
  const unsigned cells = static_cast<unsigned>(rows * cols);
  for (BlankPlace place : {BlankPlace::first, BlankPlace::last}) {
    const Board goal = ordered(cells, place);
    const SlidingDomain domain(rows, cols, to_state(goal));
    const auto distances = all_distances(domain);
    for (std::size_t i = 0; i < distances.size(); i += stride) {
      const auto& [board, distance] = distances[i];
      search::SearchLimits limits;
      limits.max_depth =
          0;  // only the root's bound: an iteration with bound h0 fails unless h0 = d
      const SlidingPdbSolution bound_only = solve_sliding_pdb(set, board, goal, limits);
      if (distance > 0) {
        EXPECT_LE(bound_only.stats.depth, distance);
      }
      const SlidingPdbSolution solution =
          solve_sliding_pdb(set, board, goal, {}, i % 2 == 0 ? 1 : 2);
      ASSERT_TRUE(solution.moves.has_value());
      ASSERT_EQ(static_cast<int>(solution.moves->size()), distance) << "state " << i;
      ASSERT_TRUE(replay(domain, board, *solution.moves, goal));
    }
  }
}

TEST(SlidingPdb, EveryStateOfThe2x4) {
  check_every_state(partition("7-34"), 2, 4, std::getenv("PLUMB_SANITIZED") != nullptr ? 17 : 3);
}

TEST(SlidingPdb, EveryStateOfThe3x3) {
  check_every_state(partition("8-44"), 3, 3, std::getenv("PLUMB_SANITIZED") != nullptr ? 97 : 13);
}

TEST(SlidingPdb, AnyGoalWithTheBlankInACorner) {
  const SlidingPdbSet set = build_set(partition("8-44"));
  std::mt19937 random(7);
  for (int trial = 0; trial < 40; ++trial) {
    Board goal = ordered(9, BlankPlace::first);
    std::shuffle(goal.begin() + 1, goal.end(), random);
    const int corner = std::array{0, 2, 6, 8}[trial % 4];
    std::swap(goal[0], goal[corner]);
    const SlidingDomain domain(3, 3, to_state(goal));
    const Board start = random_walk(domain, 40 + trial, random);
    const auto expected = search::bfs(domain, to_state(start));
    const SlidingPdbSolution solution = solve_sliding_pdb(set, start, goal);
    ASSERT_TRUE(solution.moves.has_value());
    EXPECT_EQ(solution.moves->size(), expected.moves->size());
    EXPECT_TRUE(replay(domain, start, *solution.moves, goal));
    // Without the databases, the same moves (the first optimal solution in depth-first order).
    EXPECT_EQ(solve_sliding_as_pdb_would({3, 3}, start, goal, {}).moves, solution.moves);
  }
}

TEST(SlidingPdb, UnsolvableAndBadBoards) {
  const SlidingPdbSet set = build_set(partition("8-44"));
  const Board goal = ordered(9, BlankPlace::first);
  Board swapped = goal;
  std::swap(swapped[1], swapped[2]);
  const SlidingPdbSolution solution = solve_sliding_pdb(set, swapped, goal);
  EXPECT_FALSE(solution.moves.has_value());
  EXPECT_EQ(solution.stats.reason, search::StopReason::exhausted);
  EXPECT_TRUE(solve_sliding_pdb(set, goal, goal).moves->empty());
  Board middle_blank = goal;
  std::swap(middle_blank[0], middle_blank[4]);
  EXPECT_THROW(solve_sliding_pdb(set, goal, middle_blank), std::invalid_argument);
  EXPECT_THROW(solve_sliding_pdb(set, Board{0, 1, 2}, goal), std::invalid_argument);
}

// The 15-puzzle with the small 5-5-5 partition: the same lengths as IDA* with Manhattan distance,
// and the same moves with one thread or two, and without databases (solve_sliding_as_pdb_would).
TEST(SlidingPdb, FifteenPuzzleAgainstManhattanIda) {
  const SlidingPdbSet set = build_set(partition("15-555"));
  const Board goal = ordered(16, BlankPlace::last);
  const SlidingDomain domain(4, 4, to_state(goal));
  const SlidingManhattan manhattan(domain);
  std::mt19937 random(15);
  const int trials = std::getenv("PLUMB_SANITIZED") != nullptr ? 2 : 6;
  for (int trial = 0; trial < trials; ++trial) {
    const Board start = random_walk(domain, 80, random);
    const auto expected = search::ida_star(domain, to_state(start), manhattan);
    ASSERT_TRUE(expected.moves.has_value());
    const SlidingPdbSolution one = solve_sliding_pdb(set, start, goal, {}, 1);
    const SlidingPdbSolution two = solve_sliding_pdb(set, start, goal, {}, 2);
    ASSERT_TRUE(one.moves && two.moves);
    EXPECT_EQ(one.moves->size(), expected.moves->size());
    EXPECT_EQ(*one.moves, *two.moves);
    EXPECT_EQ(solve_sliding_as_pdb_would({4, 4}, start, goal, {}).moves, one.moves);
    EXPECT_TRUE(replay(domain, start, *one.moves, goal));
    EXPECT_LE(one.stats.expanded, expected.stats.expanded);
  }
}

// A* then IDA* from its frontier (solve_sliding_pdb with astar_states): the lengths of IDA* alone,
// the same moves on one thread or two, whether A* stores one state, a few hundred or (on the 3x3)
// more than the whole class; every solution replays to the goal.
TEST(SlidingPdb, AStarThenIdaStarFromItsFrontier) {
  const bool sanitized = std::getenv("PLUMB_SANITIZED") != nullptr;
  std::mt19937 random(24);
  for (const auto& [name, rows, walk] : {std::tuple{"8-44", 3, 40}, std::tuple{"15-555", 4, 80}}) {
    const SlidingPdbSet set = build_set(partition(name));
    const auto cells = static_cast<unsigned>(rows * rows);
    const Board goal = ordered(cells, BlankPlace::first);
    const SlidingDomain domain(rows, rows, to_state(goal));
    for (int trial = 0; trial < (sanitized ? 1 : 4); ++trial) {
      const Board start = random_walk(domain, walk + trial, random);
      const SlidingPdbSolution expected = solve_sliding_pdb(set, start, goal, {}, 2);
      ASSERT_TRUE(expected.moves.has_value());
      for (std::uint64_t astar_states : {1u, 300u, 400'000u}) {
        const SlidingPdbSolution one = solve_sliding_pdb(set, start, goal, {}, 1, astar_states);
        const SlidingPdbSolution two = solve_sliding_pdb(set, start, goal, {}, 2, astar_states);
        ASSERT_TRUE(one.moves && two.moves) << name << " " << astar_states;
        EXPECT_EQ(one.moves->size(), expected.moves->size()) << name << " " << astar_states;
        EXPECT_EQ(*one.moves, *two.moves) << name << " " << astar_states;
        EXPECT_TRUE(replay(domain, start, *one.moves, goal)) << name << " " << astar_states;
      }
    }
  }
}

// A search resumed at a bound (search::Deepening, what `pdb solve --resume` gives an instance lost
// mid-search): from every bound the whole search went through, and from bounds just below and at
// the optimum, IDA* alone and A*+IDA* give the same moves, start their first iteration at that
// bound (their iterations and the bounds after_iteration hears of are the whole search's from
// there on), and on one thread expand, with the iterations before that bound, what the whole
// search expands.
TEST(SlidingPdb, AResumedSearchStartsAtItsBound) {
  const SlidingPdbSet set = build_set(partition("8-44"));
  const Board goal = ordered(9, BlankPlace::first);
  const SlidingDomain domain(3, 3, to_state(goal));
  std::mt19937 random(29);
  struct Heard {
    std::vector<Cost> bounds;  // the next bound after each iteration
    std::vector<search::SearchStats> stats;
  };
  const auto listening = [](Heard& heard) {
    return search::Deepening{0, [&heard](Cost next, const search::SearchStats& stats) {
                               heard.bounds.push_back(next);
                               heard.stats.push_back(stats);
                             }};
  };
  int boards = 0;  // the boards of three iterations or more of the first 200 random ones: 6 of them
  for (int trial = 0; trial < 200 && boards < 6; ++trial) {
    const Board start = random_walk(domain, 60 + trial, random);
    if (solve_sliding_pdb(set, start, goal).stats.iterations < 3) continue;
    ++boards;
    for (std::uint64_t astar_states : {0u, 6u}) {
      Heard whole_heard;
      const SlidingPdbSolution whole =
          solve_sliding_pdb(set, start, goal, {}, 1, astar_states, listening(whole_heard));
      ASSERT_TRUE(whole.moves.has_value());
      const auto length = static_cast<Cost>(whole.moves->size());
      ASSERT_EQ(whole.stats.depth, length);
      ASSERT_EQ(whole_heard.bounds.size() + 1, whole.stats.iterations);
      ASSERT_GE(whole.stats.iterations, 2u) << trial << " " << astar_states;
      for (std::size_t before = 0; before < whole_heard.bounds.size(); ++before) {
        Heard heard;
        search::Deepening resume = listening(heard);
        resume.first_bound = whole_heard.bounds[before];
        const SlidingPdbSolution resumed =
            solve_sliding_pdb(set, start, goal, {}, 1, astar_states, resume);
        ASSERT_TRUE(resumed.moves.has_value());
        EXPECT_EQ(*resumed.moves, *whole.moves) << trial << " from " << resume.first_bound;
        EXPECT_EQ(resumed.stats.iterations, whole.stats.iterations - before - 1);
        EXPECT_EQ(heard.bounds,
                  std::vector(whole_heard.bounds.begin() + before + 1, whole_heard.bounds.end()));
        search::SearchStats earlier = resumed.stats;
        for (std::size_t i = 0; i <= before; ++i) earlier += whole_heard.stats[i];
        EXPECT_EQ(earlier.expanded, whole.stats.expanded) << trial << " " << astar_states;
        EXPECT_EQ(earlier.generated, whole.stats.generated) << trial << " " << astar_states;
      }
      // A bound no iteration had (the other parity: one iteration finds nothing) and the optimum.
      for (const Cost first : {length - 1, length}) {
        const SlidingPdbSolution resumed =
            solve_sliding_pdb(set, start, goal, {}, 1, astar_states, search::Deepening{first, {}});
        ASSERT_TRUE(resumed.moves.has_value());
        EXPECT_EQ(resumed.moves->size(), whole.moves->size());
        EXPECT_EQ(resumed.stats.iterations, first == length ? 1u : 2u);
        EXPECT_EQ(resumed.stats.depth, length);
      }
    }
  }
  EXPECT_EQ(boards, 6);
}

// With two threads, progress comes from one thread at a time: the context serializes the reports,
// so a reporter need not be thread-safe (the ThreadSanitizer preset runs this test; the callback
// below is not thread-safe on purpose).
TEST(SlidingPdb, OneThreadAtATimeReportsProgress) {
  const SlidingPdbSet set = build_set(partition("15-555"));
  const Board goal = ordered(16, BlankPlace::first);
  // Korf's #16: 42 moves, some 130,000 expansions, so both threads pass many progress checks.
  const Board start{1, 3, 2, 5, 10, 9, 15, 6, 8, 14, 13, 11, 12, 4, 7, 0};
  search::SearchContext context;
  int reports = 0, inside = 0, most_inside = 0;
  context.set_progress(
      [&](const search::SearchStats&) {
        most_inside = std::max(most_inside, ++inside);
        ++reports;
        std::this_thread::yield();
        --inside;
      },
      0);
  const SlidingPdbSolution solution = solve_sliding_pdb(set, start, goal, context, 2);
  ASSERT_TRUE(solution.moves.has_value());
  EXPECT_EQ(solution.moves->size(), 42u);
  EXPECT_GT(reports, 0);
  EXPECT_EQ(most_inside, 1);
}

TEST(SlidingPdb, LimitsStopTheSearch) {
  const SlidingPdbSet set = build_set(partition("8-44"));
  const Board goal = ordered(9, BlankPlace::last);
  const Board start{8, 6, 7, 2, 5, 4, 3, 0, 1};  // 31 moves, the most on this board
  search::SearchLimits limits;
  limits.max_nodes = 1;
  const SlidingPdbSolution solution = solve_sliding_pdb(set, start, goal, limits);
  EXPECT_FALSE(solution.moves.has_value());
  EXPECT_EQ(solution.stats.reason, search::StopReason::node_limit);
  EXPECT_EQ(solve_sliding_pdb(set, start, goal).moves->size(), 31u);
}

TEST(SlidingPdb, CacheRoundTripAndDamage) {
  TemporaryCache cache;
  testing::CacheNotices notices;
  const SlidingPartition& part = partition("8-44");
  const auto first = load_or_build_sliding_pdbs(part, {}, 2);
  ASSERT_TRUE(first.has_value());
  const std::string cached = " (3,024 entries; once, then cached in " + cache.path().string();
  EXPECT_EQ(notices.lines(),
            (std::vector<std::string>{"building pattern database 1 of 2 of 8-44" + cached + ")",
                                      "building pattern database 2 of 2 of 8-44" + cached + ")"}));
  notices.clear();
  const auto second = load_or_build_sliding_pdbs(part, {}, 2);
  ASSERT_TRUE(second.has_value());
  EXPECT_TRUE(notices.lines().empty());
  for (std::size_t p = 0; p < 2; ++p) {
    EXPECT_TRUE(std::ranges::equal(first->databases[p].entries.bytes(),
                                   second->databases[p].entries.bytes()));
  }
  // One flipped byte in the middle of the second file: it fails its checksum and is rebuilt,
  // saying so.
  const auto path = sliding_pdb_table(part, 1).path();
  {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekg(static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
    const int byte = file.get();
    file.seekp(static_cast<std::streamoff>(std::filesystem::file_size(path) / 2));
    file.put(static_cast<char>(byte ^ 0x5A));
  }
  EXPECT_FALSE(pdb::load(sliding_pdb_table(part, 1)).has_value());
  const auto third = load_or_build_sliding_pdbs(part, {}, 2);
  ASSERT_TRUE(third.has_value());
  EXPECT_EQ(notices.lines(),
            (std::vector<std::string>{"rebuilding pattern database 2 of 2 of 8-44" + cached +
                                      "): its file is damaged (a bad checksum)"}));
  EXPECT_TRUE(
      std::ranges::equal(first->databases[1].entries.bytes(), third->databases[1].entries.bytes()));
  EXPECT_GT(sliding_pdb_mean_bound(part, 0, third->databases[0].entries), 0.0);
}

// A cache directory that cannot be made: the databases are built and kept in memory, with one
// warning for both.
TEST(SlidingPdb, UnusableCacheKeepsTheDatabasesInMemory) {
  TemporaryCache cache;
  const std::filesystem::path file = cache.path() / "a-file";
  std::ofstream(file) << "not a directory";
  ::setenv("PLUMB_CACHE", file.c_str(), 1);
  testing::CacheNotices notices;
  const auto set = load_or_build_sliding_pdbs(partition("8-44"), {}, 2);
  ASSERT_TRUE(set.has_value());
  EXPECT_EQ(set->databases.size(), 2U);
  EXPECT_EQ(notices.count("warning: the cache directory " + file.string() +
                          " cannot be used (not a directory)"),
            1U);
  EXPECT_EQ(notices.count("building pattern database "), 2U);
  EXPECT_EQ(notices.count("building pattern database 1 of 2 of 8-44 (3,024 entries; for this run "
                          "only)"),
            1U);
  EXPECT_EQ(notices.lines().size(), 3U);
  ::setenv("PLUMB_CACHE", cache.path().c_str(), 1);
}

}  // namespace
}  // namespace plumb::puzzles
