"""Exact optimal distances of sliding-puzzle boards, goal blank-last (1 2 ... 0, the program's
default) or blank-first (0 1 2 ..., Korf's), at scale:
sample(size, count, seed, threads) draws uniformly random solvable boards and labels them,
distance(boards) labels given ones. docs/python.md describes both."""
from typing import Any, Callable, Dict, Optional, Tuple, Union

import numpy

from ._plumb import sliding as _sliding


def _check(function, name, value, types, what):
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        raise TypeError(f"{function}() argument '{name}' must be {what}, not "
                        f"{type(value).__name__}")


def sample(size: str = "4x4", count: int = 1000, seed: int = 0, threads: Optional[int] = 0,
           pdb: Optional[str] = None, *,
           goal: str = "blank-last",
           progress: Optional[Callable[[Dict[str, Any]], Any]] = None
           ) -> Tuple[numpy.ndarray, numpy.ndarray]:
    """`count` uniformly random solvable boards of `size` and their optimal distances.

    Returns (states, distances): numpy arrays of shape (count, cells), uint8, row by row with 0
    the blank, and (count,), int32. The goal is blank-last (1 2 ... 0), the program's default, or
    blank-first (0 1 2 ..., as in Korf's sets) with goal="blank-first". The
    same seed gives the same boards on every machine, whatever the threads. threads: 0, one a
    core. pdb: the pattern databases for 4x4 and 5x5 boards (None: the size's default)."""
    _check("sample", "size", size, (str,), "a str such as \"4x4\"")
    _check("sample", "count", count, (int,), "an int")
    _check("sample", "seed", seed, (int,), "an int")
    _check("sample", "threads", threads, (int, type(None)), "an int or None")
    _check("sample", "pdb", pdb, (str, type(None)), "a str or None")
    _check("sample", "goal", goal, (str,), "\"blank-first\" or \"blank-last\"")
    if not 0 <= count <= 2**32:
        raise ValueError(f"sample() argument 'count' must be from 0 to 2**32, not {count}")
    if not 0 <= seed < 2**64:
        raise ValueError(f"sample() argument 'seed' must be from 0 to 2**64 - 1, not {seed}")
    return _sliding.sample(size, count, seed, threads, pdb, goal, progress)


def distance(boards: "numpy.typing.ArrayLike", *, size: Optional[str] = None,
             threads: Optional[int] = 0, pdb: Optional[str] = None,
             goal: str = "blank-last",
             progress: Optional[Callable[[Dict[str, Any]], Any]] = None
             ) -> Union[int, numpy.ndarray]:
    """The optimal distance of each board to the goal (blank-last, or goal="blank-first"), as
    sample() finds them.

    boards: an array of shape (N, cells), or one board (cells,), of tiles row by row with 0 the
    blank; size "RxC" when the boards are not square. Returns an int32 array of N distances, or
    an int for one board. A board that is not one, or cannot reach the goal, raises
    plumb.InputError naming it (source "boards", line its number from 1)."""
    _check("distance", "size", size, (str, type(None)), "a str such as \"2x4\" or None")
    _check("distance", "threads", threads, (int, type(None)), "an int or None")
    _check("distance", "pdb", pdb, (str, type(None)), "a str or None")
    _check("distance", "goal", goal, (str,), "\"blank-first\" or \"blank-last\"")
    return _sliding.distance(boards, size=size, threads=threads, pdb=pdb, goal=goal,
                             progress=progress)


__all__ = ["sample", "distance"]
