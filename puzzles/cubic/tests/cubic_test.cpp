// Tests of the Cubic Eight-Puzzle: die rolls, the domain's invariants, parsing, the bounds'
// admissibility, and the three solvers (table, bidirectional search, IDA*) agreeing on random
// goals, every solution replayed to the goal.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <random>
#include <set>
#include <sstream>

#include "plumb/puzzles/cubic.hpp"
#include "plumb/puzzles/cubic_bound.hpp"
#include "plumb/puzzles/cubic_io.hpp"
#include "plumb/puzzles/cubic_solve.hpp"
#include "plumb/puzzles/cubic_table.hpp"
#include "plumb/search/distance_table.hpp"
#include "plumb/search/domain.hpp"
#include "tests/support/temporary_cache.hpp"

namespace plumb::puzzles::cubic {
namespace {

static_assert(search::ReversibleDomain<CubicDomain>);
static_assert(search::GoalEnumerable<CubicDomain>);
static_assert(search::PackedDomain<CubicDomain>);
static_assert(search::RankedDomain<CubicDomain>);

bool sanitized() {
  return std::getenv("PLUMB_SANITIZED") != nullptr;
}

using plumb::testing::TemporaryCache;

Dataset random_dataset(const Board& board, std::mt19937_64& rng) {
  Dataset dataset;
  dataset.start_empty = static_cast<int>(rng() % board.cells());
  dataset.goal.empty = static_cast<int>(rng() % board.cells());
  for (int cell = 0; cell < board.cells(); ++cell) {
    const unsigned value =
        cell == dataset.goal.empty ? kEmptyView : static_cast<unsigned>(rng() % 3);
    dataset.goal.fields = with_field(dataset.goal.fields, cell, value);
  }
  return dataset;
}

std::vector<Dataset> read_all(const std::string& text, const Board& board = {}) {
  std::istringstream stream(text);
  io::TextInput in(stream, "input");
  std::vector<Dataset> datasets;
  while (auto dataset = read_dataset(in, board)) datasets.push_back(*dataset);
  return datasets;
}

TEST(CubicDie, OrientationsAndRolls) {
  std::set<std::tuple<unsigned, unsigned, unsigned>> seen;
  for (unsigned o = 0; o < kOrientations; ++o) {
    const auto faces = std::tuple{top_colour(o), north_south_colour(o), east_west_colour(o)};
    EXPECT_TRUE(seen.insert(faces).second);
    EXPECT_EQ(orientation_of(top_colour(o), north_south_colour(o)), o);
    // Each roll is an involution that keeps the colour of the axis it does not touch.
    EXPECT_EQ(kRoll[0][kRoll[0][o]], o);
    EXPECT_EQ(kRoll[1][kRoll[1][o]], o);
    EXPECT_EQ(top_colour(kRoll[0][o]), north_south_colour(o));
    EXPECT_EQ(east_west_colour(kRoll[0][o]), east_west_colour(o));
    EXPECT_EQ(top_colour(kRoll[1][o]), east_west_colour(o));
    EXPECT_EQ(north_south_colour(kRoll[1][o]), north_south_colour(o));
  }
  EXPECT_EQ(top_colour(kInitialOrientation), kWhite);
  EXPECT_EQ(north_south_colour(kInitialOrientation), kRed);
  EXPECT_EQ(east_west_colour(kInitialOrientation), kBlue);
}

TEST(CubicDomain, MovesRanksAndGoals) {
  for (const Board board : {Board{3, 3}, Board{2, 3}, Board{4, 5}, Board{1, 2}}) {
    const CubicDomain domain(board);
    std::mt19937_64 rng(7);
    State s = domain.start(board.cells() / 2);
    for (int step = 0; step < 200; ++step) {
      EXPECT_EQ(domain.unrank(domain.rank(s)), s);
      EXPECT_LT(domain.rank(s), domain.num_states());
      EXPECT_EQ(field(s.cells, s.empty), kEmptyCode);
      std::vector<Direction> moves;
      domain.for_each_move(s, [&](Direction d) { moves.push_back(d); });
      ASSERT_FALSE(moves.empty());
      const Direction d = moves[rng() % moves.size()];
      const State before = s;
      domain.apply(s, d);
      State back = s;
      domain.undo(back, d);
      EXPECT_EQ(back, before);
      State again = s;
      domain.apply(again, domain.inverse(d));
      EXPECT_EQ(again, before);
    }
    const TopView view = domain.top_view(s);
    const CubicDomain with_goal(board, view);
    EXPECT_TRUE(with_goal.is_goal(s));
    int goals = 0;
    with_goal.for_each_goal([&](const State& g) {
      EXPECT_TRUE(with_goal.is_goal(g));
      EXPECT_EQ(g.empty, view.empty);
      ++goals;
    });
    EXPECT_EQ(goals, 1 << (board.cells() - 1));
  }
}

TEST(CubicInput, ReadsTheSampleWithAndWithoutSpaces) {
  const auto datasets = read_all("1 2\nW W W\nE W W\nW W W\n2 1\nRBW\nRWW\nEWW\n\n0 0\nignored");
  ASSERT_EQ(datasets.size(), 2U);
  EXPECT_EQ(datasets[0].start_empty, 3);
  EXPECT_EQ(datasets[0].goal.empty, 3);
  EXPECT_EQ(draw_top_view(Board{}, datasets[1].goal), "R B W\nR W W\nE W W\n");
  EXPECT_EQ(datasets[1].start_empty, 1);
  EXPECT_EQ(read_all("3 3\nWWW\nWWW\nWWE\n").size(), 1U);  // the end of input ends it too
  EXPECT_EQ(parse_top_view(Board{}, "RBW\nR W W\nEWW"), datasets[1].goal);
}

TEST(CubicInput, BadInputNamesTheLine) {
  const std::pair<std::string, int> cases[] = {
      {"1 1\nWWW\nWXW\nWWE\n", 3},    // unknown letter
      {"1 1\nWWW\nWWW\nWWW\n", 4},    // no E
      {"1 1\nEWW\nWWW\nWWE\n", 4},    // two Es
      {"4 1\nWWW\nWWW\nWWE\n", 1},    // outside the board
      {"1 0\nWWW\nWWW\nWWE\n", 1},    // outside the board
      {"1 1\nWWW\nWWE\n", 3},         // missing row at the end
      {"1 1\nWWW\nWW\nWWE\n", 3},     // short row
      {"1 1\nWWWW\nWWW\nWWE\n", 2},   // long row
      {"1\nWWW\nWWW\nWWE\n", 1},      // one number
      {"1 1 1\nWWW\nWWW\nWWE\n", 1},  // three numbers
      {"a b\n", 1},
  };
  for (const auto& [text, line] : cases) {
    try {
      read_all("3 3\nWWW\nWWW\nWWE\n" + text);
      ADD_FAILURE() << "accepted:\n" << text;
    } catch (const io::InputError& error) {
      EXPECT_EQ(error.line(), line + 4) << text << error.what();
      EXPECT_EQ(error.file(), "input");
    }
  }
}

TEST(CubicInput, AStartGivenInFull) {
  const auto datasets = read_all(
      "RWB ... WRB\nWRB WRB WRB\nWRB WRB WRB\nR B W\nR W W\nE W W\n"
      "WRB ... WRB\nWRB WRB WRB\nWRB WRB WRB\nR B W\nR W W\nE W W\n0 0\n");
  ASSERT_EQ(datasets.size(), 2U);
  ASSERT_TRUE(datasets[0].position);
  EXPECT_EQ(datasets[0].start_empty, 1);
  EXPECT_EQ(draw_state(Board{}, start_state(Board{}, datasets[0])),
            "RWB ... WRB\nWRB WRB WRB\nWRB WRB WRB\n");
  EXPECT_EQ(draw_top_view(Board{}, datasets[0].goal), "R B W\nR W W\nE W W\n");
  // Every die as the contest's: the contest's start, `2 1`.
  EXPECT_FALSE(datasets[1].position);
  EXPECT_EQ(datasets[1].start_empty, 1);
  const std::pair<std::string, int> bad[] = {
      {"WRB ... WRB\nWRB WRB\n", 2},                                  // a short row
      {"WRB ... WRB WRB\n", 1},                                       // a long row
      {"RWW ... WRB\n", 1},                                           // a colour twice
      {"WRB .W. WRB\n", 1},                                           // not a die
      {"WRB WRB WRB\nWRB WRB WRB\nWRB WRB WRB\nWWW\nWWW\nWWE\n", 3},  // no empty cell
      {"WRB ... WRB\nWRB ... WRB\nWRB WRB WRB\nWWW\nWWW\nWWE\n", 3},  // two
      {"WRB ... WRB\nWRB WRB WRB\n", 2},                              // the input ends
  };
  for (const auto& [text, line] : bad) {
    try {
      read_all(text);
      ADD_FAILURE() << "accepted:\n" << text;
    } catch (const io::InputError& error) {
      EXPECT_EQ(error.line(), line) << text << error.what();
    }
  }
}

TEST(CubicBound, AdmissibleAndDominatesTheMismatchCount) {
  // Exact distances to every state of a 2x3 board by breadth-first search backwards from the goals.
  const Board board{2, 3};
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 20; ++trial) {
    const Dataset dataset = random_dataset(board, rng);
    const CubicDomain domain(board, dataset.goal);
    const MismatchBound mismatch(domain);
    const WalkBound walk(domain);
    std::vector<State> goals;
    domain.for_each_goal([&](const State& g) { goals.push_back(g); });
    const auto distances =
        search::distance_table(domain, std::span<const State>(goals));  // rolls are reversible
    for (std::uint64_t rank = 0; rank < distances.distances.size(); ++rank) {
      const State s = domain.unrank(rank);
      EXPECT_LE(mismatch(s), walk(s));
      if (distances.distances[rank] != search::DistanceTable::kUnreached) {
        ASSERT_LE(walk(s), distances.distances[rank])
            << draw_state(board, s) << draw_top_view(board, dataset.goal);
      }
    }
  }
}

// The three methods agree; the bidirectional and IDA* solutions replay to the goal. Returns how
// many datasets needed more than max_moves.
int expect_solvers_agree(const Board& board, const ViewTable* table, int datasets, int max_moves,
                         std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  int unsolved = 0;
  for (int i = 0; i < datasets; ++i) {
    const Dataset dataset = random_dataset(board, rng);
    const CubicSolution bidirectional = solve_bidirectional(board, dataset, max_moves);
    const CubicSolution ida = solve_ida(board, dataset, max_moves);
    EXPECT_EQ(bidirectional.moves, ida.moves) << draw_top_view(board, dataset.goal);
    if (table != nullptr) {
      EXPECT_EQ(solve_with_table(*table, dataset, max_moves).moves, bidirectional.moves);
    }
    for (const CubicSolution* answer : {&bidirectional, &ida}) {
      if (answer->moves < 0) continue;
      EXPECT_TRUE(answer->path);
      if (!answer->path) continue;
      EXPECT_EQ(static_cast<int>(answer->path->size()), answer->moves);
      const CubicDomain domain(board, dataset.goal);
      EXPECT_EQ(domain.top_view(replay(board, dataset, *answer->path)), dataset.goal);
    }
    unsolved += bidirectional.moves < 0;
  }
  return unsolved;
}

TEST(CubicSolvers, AgreeOnSmallBoardsWithFullTables) {
  const TemporaryCache cache;
  for (const Board board : {Board{2, 2}, Board{2, 3}, Board{3, 2}}) {
    search::SearchStats stats;
    const auto table = ViewTable::build(board, {}, stats);
    ASSERT_TRUE(table);
    // Every start's table, derived by symmetry or searched, equals a search from that start.
    for (int start = 0; start < board.cells(); ++start) {
      const auto least = ViewTable::least_moves_from(board, start, {}, stats);
      const auto derived = table->views_from(start);
      EXPECT_TRUE(std::equal(least.begin(), least.end(), derived.begin(), derived.end())) << start;
    }
    EXPECT_GT(expect_solvers_agree(board, &*table, 60, 12, 3), 0);
    table->save();
    const auto loaded = ViewTable::load(board);
    ASSERT_TRUE(loaded);
    EXPECT_TRUE(std::ranges::equal(loaded->views_from(1), table->views_from(1)));
  }
}

TEST(CubicSolvers, RejectStaleOrCorruptCacheFiles) {
  const TemporaryCache cache;
  const Board board{2, 2};
  search::SearchStats stats;
  ViewTable::build(board, {}, stats)->save();
  const auto path = ViewTable::cache_path(board);
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 1);
  EXPECT_FALSE(ViewTable::load(board));
  bool built = false;
  EXPECT_TRUE(ViewTable::load_or_build(board, {}, stats, &built));
  EXPECT_TRUE(built);
  EXPECT_TRUE(ViewTable::load(board));
}

TEST(CubicSolvers, AgreeOnTheContestBoard) {
  const Board board{3, 3};
  if (sanitized()) {
    // One start's table only; the searches from that start must agree with it.
    search::SearchStats stats;
    const auto least = ViewTable::least_moves_from(board, 0, {}, stats);
    std::mt19937_64 rng(5);
    for (int i = 0; i < 6; ++i) {
      Dataset dataset = random_dataset(board, rng);
      dataset.start_empty = 0;
      const int expected = least[ViewTable::view_index(board, dataset.goal)];
      EXPECT_EQ(solve_bidirectional(board, dataset, 30).moves, expected <= 30 ? expected : -1);
    }
    return;
  }
  const TemporaryCache cache;
  search::SearchStats stats;
  const auto table = ViewTable::build(board, {}, stats);
  ASSERT_TRUE(table);
  EXPECT_EQ(table->size_bytes(), 531441U);
  // A corner's table comes from another corner's by symmetry: check it against its own search.
  const auto least = ViewTable::least_moves_from(board, 8, {}, stats);
  const auto derived = table->views_from(8);
  EXPECT_TRUE(std::equal(least.begin(), least.end(), derived.begin(), derived.end()));
  expect_solvers_agree(board, &*table, 24, 30, 1);
  EXPECT_GT(expect_solvers_agree(board, &*table, 16, 20, 2), 0);
  // The sample's last two goals need 31 and 35 moves, beyond the contest's 30.
  const auto beyond = read_all("2 1\nR R R\nB W B\nR R E\n3 2\nR R R\nW E W\nR R R\n");
  EXPECT_EQ(table->least_moves(beyond[0].start_empty, beyond[0].goal), 31);
  EXPECT_EQ(table->least_moves(beyond[1].start_empty, beyond[1].goal), 35);
  EXPECT_EQ(solve_with_table(*table, beyond[0], 30).moves, -1);
  const CubicSolution found = solve_bidirectional(board, beyond[0], 31);
  ASSERT_EQ(found.moves, 31);
  EXPECT_EQ(CubicDomain(board).top_view(replay(board, beyond[0], *found.path)), beyond[0].goal);
}

TEST(CubicSolvers, SampleAnswers) {
  const std::string sample =
      "1 2\nW W W\nE W W\nW W W\n2 1\nR B W\nR W W\nE W W\n3 3\nW B W\nB R E\nR B R\n3 3\nB W R\nB "
      "W R\nB E R\n"
      "2 1\nB B B\nB R B\nB R E\n1 1\nR R R\nW W W\nR R E\n2 1\nR R R\nB W B\nR R E\n3 2\nR R R\nW "
      "E W\nR R R\n0 0\n";
  const std::vector<int> expected = {0, 3, 13, 23, 29, 30, -1, -1};
  const auto datasets = read_all(sample);
  ASSERT_EQ(datasets.size(), expected.size());
  Solver solver(Board{}, CubicAlgorithm::bidirectional, 30);
  for (std::size_t i = 0; i < datasets.size(); ++i) {
    if (sanitized() && expected[i] < 0) continue;  // the slowest searches
    EXPECT_EQ(solver.solve(datasets[i]).moves, expected[i]) << i;
    if (i < 3) {
      EXPECT_EQ(solve_ida(Board{}, datasets[i], 30).moves, expected[i]);
    }
  }
}

TEST(CubicSolvers, AutomaticBuildsTheTableAfterEnoughSearching) {
  const TemporaryCache cache;
  const Board board{2, 3};
  Solver solver(board, CubicAlgorithm::automatic, 20);
  std::mt19937_64 rng(9);
  int searches = 0;
  while (solver.last_method() != CubicAlgorithm::table && searches < 100000) {
    solver.solve(random_dataset(board, rng));
    searches += solver.last_method() == CubicAlgorithm::ida;
  }
  EXPECT_GT(searches, 0);
  EXPECT_TRUE(solver.table_build());
  EXPECT_TRUE(ViewTable::load(board));  // saved for the next run, which starts with the table
  Solver next(board, CubicAlgorithm::automatic, 20);
  next.solve(random_dataset(board, rng));
  EXPECT_EQ(next.last_method(), CubicAlgorithm::table);
  EXPECT_THROW(Solver(Board{3, 4}, CubicAlgorithm::table, 30), std::invalid_argument);
}

// From any start (a game played on), every method a solver may use finds the exact distance that
// a breadth-first search backwards from the goal's states gives, and its path replays to the goal.
TEST(CubicSolvers, FromAnyStartTheExactDistance) {
  const TemporaryCache cache;
  const Board board{2, 3};
  std::mt19937_64 rng(17);
  Solver automatic(board, CubicAlgorithm::automatic, 60), table(board, CubicAlgorithm::table, 60);
  for (int goal = 0; goal < 8; ++goal) {
    const Dataset drawn = random_dataset(board, rng);
    const CubicDomain domain(board, drawn.goal);
    std::vector<State> goals;
    domain.for_each_goal([&](const State& g) { goals.push_back(g); });
    const auto distances = search::distance_table(domain, std::span<const State>(goals));
    for (int trial = 0; trial < 12; ++trial) {
      Dataset dataset = drawn;
      const std::uint64_t rank = rng() % domain.num_states();
      dataset.position = domain.unrank(rank);
      dataset.start_empty = dataset.position->empty;
      const std::uint8_t exact = distances.distances[rank];
      const int expected = exact == search::DistanceTable::kUnreached ? -1 : exact;
      const CubicSolution ida = solve_ida(board, dataset, 60);
      const CubicSolution bidirectional = solve_bidirectional(board, dataset, 60);
      EXPECT_EQ(ida.moves, expected) << draw_state(board, *dataset.position);
      EXPECT_EQ(bidirectional.moves, expected);
      EXPECT_EQ(automatic.solve(dataset).moves, expected);
      EXPECT_EQ(automatic.last_method(), CubicAlgorithm::ida);
      EXPECT_EQ(table.solve(dataset).moves, expected);
      EXPECT_EQ(table.last_method(), CubicAlgorithm::ida);  // the table knows contest starts only
      for (const CubicSolution* answer : {&ida, &bidirectional}) {
        if (answer->moves < 0) continue;
        ASSERT_TRUE(answer->path);
        EXPECT_EQ(static_cast<int>(answer->path->size()), answer->moves);
        EXPECT_EQ(domain.top_view(replay(board, dataset, *answer->path)), dataset.goal);
      }
    }
  }
}

TEST(CubicSolvers, GeneralizedBoardsAgree) {
  expect_solvers_agree(Board{2, 4}, nullptr, 20, 14, 4);
  if (!sanitized()) expect_solvers_agree(Board{3, 4}, nullptr, 6, 12, 6);
}

}  // namespace
}  // namespace plumb::puzzles::cubic
