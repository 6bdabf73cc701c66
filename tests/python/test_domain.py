"""Puzzles written in Python, searched by plumb's engine (plumb.search, plumb.explore_domain): a
Python 8-puzzle answers 500 random boards with every algorithm in the lengths of the built-in one,
each solution replayed through the domain to its goal; explorations count what the built-in
explorations count; limits, statistics and cancellation are the engine's; a callback's exception
reaches the caller."""
import pytest

import plumb

from eight_puzzle import EightPuzzle  # examples/eight_puzzle.py

ALGORITHMS = ["bfs", "astar", "ida", "bidir"]


def replay(domain, result):
    """Follows the result's moves through the domain's successors: each must lead to the next
    state, and the last state must be a goal."""
    state = domain.start
    assert result.states[0] == state
    for move, expected in zip(result.moves, result.states[1:]):
        successors = [next_state for m, next_state in domain.successors(state) if m == move]
        assert expected in successors
        state = expected
    assert domain.is_goal(state)
    assert len(result.moves) == result.length == len(result.states) - 1


def test_a_python_eight_puzzle_answers_as_the_builtin_one():
    boards, distances = plumb.sliding.sample("3x3", count=60, seed=27, goal="blank-first")
    text = "".join(" ".join(map(str, board)) + "\n" for board in boards)
    builtin = [s.length for s in plumb.solve("sliding", text, goal="blank-first")]
    assert builtin == distances.tolist()
    for algorithm in ALGORITHMS:
        for board, length in zip(boards, builtin):
            domain = EightPuzzle(board.tolist())
            result = plumb.search(domain, algorithm)
            assert result.length == length, (algorithm, board)
            replay(domain, result)
            assert result.stats["reason"] == "solved"


def test_no_solution_is_none():
    unsolvable = EightPuzzle((0, 2, 1, 3, 4, 5, 6, 7, 8))
    for algorithm in ["bfs", "astar", "bidir"]:
        result = plumb.search(unsolvable, algorithm)
        assert result.length is None and result.moves is None
        assert result.states == [unsolvable.start]
        assert result.stats["reason"] == "exhausted"
    with pytest.raises(plumb.LimitReached):  # IDA* cannot tell there is none: only a limit stops it
        plumb.search(unsolvable, "ida", time_limit=0.2)
    solved = plumb.search(EightPuzzle(EightPuzzle.goal))
    assert (solved.length, solved.moves, solved.states) == (0, [], [EightPuzzle.goal])


class Slider:
    """Any sliding board, states as tuples, to compare explorations with the built-in ones."""

    def __init__(self, rows, columns):
        self.rows, self.columns = rows, columns
        self.start = tuple(range(1, rows * columns)) + (0,)

    def successors(self, state):
        blank = state.index(0)
        row, column = divmod(blank, self.columns)
        for move, target, allowed in (("u", blank - self.columns, row > 0),
                                      ("d", blank + self.columns, row < self.rows - 1),
                                      ("l", blank - 1, column > 0),
                                      ("r", blank + 1, column < self.columns - 1)):
            if allowed:
                tiles = list(state)
                tiles[blank], tiles[target] = tiles[target], 0
                yield move, tuple(tiles)


@pytest.mark.parametrize("rows, columns", [(2, 2), (2, 3), (2, 4), (3, 3)])
def test_explorations_count_what_the_builtin_ones_count(rows, columns):
    ours = plumb.explore_domain(Slider(rows, columns))
    builtin = plumb.explore("sliding", size=f"{rows}x{columns}")
    assert ours.layers == builtin.layers
    assert ours.total == builtin.total
    assert ours.start == Slider(rows, columns).start
    assert len(ours.deepest) >= 1
    assert all(len(list(Slider(rows, columns).successors(s))) >= 2 for s in ours.deepest)
    assert ours.stats["reason"] == "exhausted"


class Counter:
    """The integers from 0, one move up or two: no goal, no end."""

    start = 0

    def is_goal(self, state):
        return False

    def successors(self, state):
        yield "+1", state + 1
        yield "+2", state + 2


def test_limits_stop_a_python_search():
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.search(Counter(), time_limit=0.2)
    assert raised.value.reason == "time_limit"
    assert raised.value.solutions == []
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.search(Endless(), max_memory="200M")
    assert raised.value.reason == "memory_limit"


class Endless:
    """A new state for every successor, with some bulk: a search's memory grows without end."""

    start = (0, 0)

    def is_goal(self, state):
        return False

    def successors(self, state):
        for step in range(4):
            yield step, (state[0] + 1, state[1] * 4 + step, "x" * 64)


class Failing(EightPuzzle):
    def successors(self, state):
        if state != self.start:
            raise RuntimeError("no successors for you")
        return super().successors(state)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_callback_that_raises_propagates(algorithm):
    with pytest.raises(RuntimeError, match="no successors for you"):
        plumb.search(Failing((1, 0, 2, 3, 4, 5, 6, 7, 8)[::-1]), algorithm)


def test_what_callbacks_answer_is_checked():
    class Unhashable(Counter):
        start = [0]

    class NotPairs(Counter):
        def successors(self, state):
            yield state + 1

    class BadEstimate(EightPuzzle):
        def heuristic(self, state):
            return -1

    class FloatEstimate(EightPuzzle):
        def heuristic(self, state):
            return 0.5

    with pytest.raises(TypeError):
        plumb.search(Unhashable())
    with pytest.raises(TypeError, match="tuples"):
        plumb.search(NotPairs())
    with pytest.raises(ValueError, match="estimate"):
        plumb.search(BadEstimate((1, 0, 2, 3, 4, 5, 6, 7, 8)), "astar")
    with pytest.raises(TypeError, match="int"):
        plumb.search(FloatEstimate((1, 0, 2, 3, 4, 5, 6, 7, 8)), "ida")
    with pytest.raises(AttributeError):
        plumb.search(Counter(), "bidir")  # no predecessors, no goal


def test_moves_may_be_any_value():
    class Lists(Counter):
        def is_goal(self, state):
            return state == 5

        def successors(self, state):
            yield ["up", 1], state + 1
            yield ["up", 2], state + 2

    result = plumb.search(Lists())
    assert result.length == 3
    assert result.states[-1] == 5
    assert all(move[0] == "up" for move in result.moves)
    assert sum(move[1] for move in result.moves) == 5


def test_statistics_are_the_engines():
    result = plumb.search(EightPuzzle((1, 2, 5, 3, 4, 0, 6, 7, 8)), "bfs")
    assert set(result.stats) == {"reason", "expanded", "generated", "duplicates", "peak_stored",
                                 "iterations", "depth", "seconds"}
    assert result.stats["depth"] == result.length == 3
    assert result.stats["generated"] >= result.stats["expanded"] > 0
