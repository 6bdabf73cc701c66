"""Exact optimal distances of sliding-puzzle boards, goal blank-first (0 1 2 ...), at scale:
sample(size, count, seed, threads) draws uniformly random solvable boards and labels them,
distance(boards) labels given ones. docs/python.md describes both."""
from ._plumb import sliding as _sliding

sample = _sliding.sample
distance = _sliding.distance

__all__ = ["sample", "distance"]
