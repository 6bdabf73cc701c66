"""Batched Python domains (plumb.search and plumb.explore_domain on a domain with batched = True,
examples/batch_domains.py): every algorithm answers as it does on the same puzzle given one state at
a time (the same length, moves and states), explorations count the same layers, and what the
callbacks answer is checked as the per-state domain's answers are."""
import numpy as np
import pytest

import plumb

from batch_domains import Hanoi, Pancakes  # examples/batch_domains.py

ALGORITHMS = ["bfs", "astar", "ida", "bidir"]


class OneAtATime:
    """A batched domain given to plumb one state at a time: each callback asks the batched one
    about a single state."""

    def __init__(self, batched):
        self.inner = batched
        self.start = batched.start
        self.goal = batched.goal

    def _neighbours(self, method, state):
        row = method(np.array([state], dtype=np.uint64))[0]
        for column, neighbour in enumerate(row.astype(np.uint64).tolist()):
            if neighbour != plumb.NO_STATE:
                yield self.inner.moves[column], neighbour

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        return self._neighbours(self.inner.successors, state)

    def predecessors(self, state):
        return self._neighbours(self.inner.predecessors, state)

    def heuristic(self, state):
        return int(self.inner.heuristic(np.array([state], dtype=np.uint64))[0])


def stacks(count, size, seed):
    random = np.random.default_rng(seed)
    return [random.permutation(size).tolist() for _ in range(count)]


DOMAINS = [Hanoi(4), Hanoi(3, pegs=3)] + [Pancakes(stack) for stack in stacks(4, 7, 1)]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_algorithm_answers_as_on_the_per_state_domain(algorithm):
    for batched in DOMAINS:
        one = plumb.search(OneAtATime(batched), algorithm)
        many = plumb.search(batched, algorithm)
        assert (many.length, many.moves, many.states) == (one.length, one.moves, one.states)
        assert many.states[-1] == batched.goal
        assert all(isinstance(state, int) for state in many.states)


def test_explorations_count_what_the_per_state_domain_counts():
    for batched in DOMAINS[:3]:
        one, many = plumb.explore_domain(OneAtATime(batched)), plumb.explore_domain(batched)
        assert (many.layers, many.start) == (one.layers, one.start)
        if len(one.deepest) < 10:  # all of them, in the order of the states' ids
            assert sorted(many.deepest) == sorted(one.deepest)
    assert plumb.explore_domain(Pancakes(range(8))).total == 40320  # 8!


class Steps:
    """From 0 by +2 or +3 modulo 64, a batch a call; `goal` given, no is_goal."""

    batched = True
    start = 0
    moves = ["+2", "+3"]

    def __init__(self, goal=61, modulus=64):
        self.goal, self.modulus = goal, modulus
        self.calls = 0

    def successors(self, states):
        self.calls += 1
        return np.stack([(states + 2) % self.modulus, (states + 3) % self.modulus], axis=1)


def test_a_batch_a_layer_and_no_solution_is_none():
    steps = Steps()
    assert plumb.search(steps).length == 21
    assert steps.calls <= 22  # once a layer
    evens = Steps(goal=61, modulus=64)
    evens.successors = lambda states: np.stack([(states + 2) % 64, (states + 4) % 64], axis=1)
    result = plumb.search(evens)
    assert result.length is None and result.stats["reason"] == "exhausted"


def test_what_the_callbacks_answer_is_checked():
    def answering(answer, **attributes):
        domain = Steps()
        domain.successors = lambda states: answer(states)
        for name, value in attributes.items():
            setattr(domain, name, value)
        return domain

    with pytest.raises(TypeError, match=r"successors\(states\) must return"):
        plumb.search(answering(lambda s: np.zeros((len(s), 2), dtype=float)))
    with pytest.raises(ValueError, match=r"shape \(1,\) for 1 states"):
        plumb.search(answering(lambda s: s))
    with pytest.raises(ValueError, match="2 columns, and the domain has 3 moves"):
        plumb.search(answering(lambda s: np.stack([s + 1, s + 2], 1), moves=["a", "b", "c"]))
    with pytest.raises(ZeroDivisionError):
        plumb.search(answering(lambda s: 1 // 0))
    with pytest.raises(ValueError, match="from 0 to 2"):
        plumb.search(answering(lambda s: s, start=-1))
    with pytest.raises(TypeError, match="must be an int"):
        plumb.search(answering(lambda s: s, start="0"))
    with pytest.raises(ValueError, match="an estimate must be"):
        plumb.search(answering(lambda s: np.stack([s + 1, s + 2], 1),
                               heuristic=lambda s: np.full(len(s), -1)), "astar")
    with pytest.raises(TypeError, match="goal must be an int"):
        plumb.search(answering(lambda s: s, goal=None))
    goalless = Steps()
    del goalless.goal
    with pytest.raises(AttributeError, match="is_goal"):
        plumb.search(goalless)
    signed = answering(lambda s: np.stack([s.astype(np.int64) + 1, np.full(len(s), -1)], 1))
    assert plumb.search(signed).moves == ["+2"] * 61  # -1 is NO_STATE


def test_limits_stop_a_batched_search():
    endless = Steps(goal=1, modulus=2**62)
    endless.successors = lambda states: np.stack([states + 2, states + 4], 1)
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.search(endless, time_limit=0.2)
    assert raised.value.reason == "time_limit"
