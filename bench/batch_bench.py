#!/usr/bin/env python3
"""Batched Python domains against plain Python (BENCHMARKS.md, issue #36): the same puzzle solved
by breadth-first search written in plain Python (tuples, collections.deque and a dict), by
plumb.search on the same puzzle written one state at a time, and by plumb.search on it written as
a batched domain (examples/batch_domains.py: ints, numpy), in one run.

The puzzles: 4-peg Towers of Hanoi with 8 discs (all from the first peg to the last, 33 moves,
65,536 states), and 10 pancakes from a stack 9 flips from sorted. Every contender's length is the
same. CPU seconds of the process (all its threads) a search, measured as `python -m timeit` does:
each round calls a contender enough times in a row to take at least 0.2 s (so that a search of
30 ms is timed over several), the contenders in turn, ROUNDS rounds, each keeping its best.

Usage: PYTHONPATH=BUILD/python python3 bench/batch_bench.py [ROUNDS=3]
"""
import os
import pathlib
import sys
import time

import plumb

sys.path.append(str(pathlib.Path(__file__).resolve().parent.parent / "examples"))
from batch_domains import Hanoi, Pancakes  # noqa: E402  (examples/batch_domains.py)
from python_bench import python_bfs  # noqa: E402  (the plain-Python BFS beside this file)

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
STACK = (7, 8, 1, 5, 3, 4, 2, 0, 9, 6)  # 9 flips from sorted


class TupleHanoi:
    """Hanoi as a plain-Python programmer writes it: the peg of each disc, the smallest first."""

    def __init__(self, discs, pegs=4):
        self.discs, self.pegs = discs, pegs
        self.start, self.goal = (0,) * discs, (pegs - 1,) * discs

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        tops = [self.discs] * self.pegs
        for disc in range(self.discs - 1, -1, -1):
            tops[state[disc]] = disc
        for a in range(self.pegs):
            for b in range(self.pegs):
                if a != b and tops[a] < tops[b]:
                    yield (a, b), state[:tops[a]] + (b,) + state[tops[a] + 1:]


class TuplePancakes:
    """Pancakes as a plain-Python programmer writes them: the stack, the top first."""

    def __init__(self, stack):
        self.start, self.goal = tuple(stack), tuple(range(len(stack)))

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        for flipped in range(2, len(state) + 1):
            yield flipped, state[flipped - 1::-1] + state[flipped:]


def cpu(call, loops):
    """(call()'s result, the CPU seconds of this process's threads a call took, over `loops` calls
    in a row)."""
    start = time.process_time()
    for _ in range(loops):
        result = call()
    return result, (time.process_time() - start) / loops


def enough_loops(call):
    """How many calls in a row take at least 0.2 s: 1, 2, 5, 10, 20, 50, ... (timeit's autorange)."""
    for loops in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if cpu(call, 1)[1] * loops >= 0.2:
            return loops
    return 1000


def compare(title, contenders):
    """Runs (name, call) contenders in turn, ROUNDS times; prints each one's best CPU seconds a call
    and its speed against the first's; their results must be equal."""
    loops = {name: enough_loops(call) for name, call in contenders}
    best = {name: None for name, _ in contenders}
    results = set()
    for _ in range(ROUNDS):
        for name, call in contenders:
            result, seconds = cpu(call, loops[name])
            results.add(result)
            best[name] = seconds if best[name] is None else min(best[name], seconds)
    assert len(results) == 1, (title, results)
    print(f"{title}: {results.pop()} moves, each contender's answer the same")
    baseline = best[contenders[0][0]]
    for name, seconds in best.items():
        print(f"  {name:<44} {seconds:8.3f} s cpu  {baseline / seconds:6.1f}x plain Python"
              f"  ({loops[name]} a round)")


def main():
    print(f"# plumb {plumb.__version__} from Python {sys.version.split()[0]}, {os.cpu_count()} "
          f"cores, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, best of {ROUNDS}")
    for title, plain, batched in [
            ("4-peg Hanoi, 8 discs", TupleHanoi(8), Hanoi(8)),
            (f"10 pancakes from {' '.join(map(str, STACK))}", TuplePancakes(STACK),
             Pancakes(STACK))]:
        compare(title, [
            ("plain-Python BFS (tuples, deque, dict)", lambda: python_bfs(plain)),
            ("plumb.search(one state at a time, 'bfs')", lambda: plumb.search(plain).length),
            ("plumb.search(batched, 'bfs')", lambda: plumb.search(batched).length),
            ("plumb.search(batched, 'bidir')", lambda: plumb.search(batched, "bidir").length),
        ])


if __name__ == "__main__":
    main()
