"""plumb: optimal solutions of combinatorial puzzles by state-space search, from Python.

Every built-in puzzle, driven as the `plumb` program drives it (solve, explore, render); plumb's
engine for puzzles written in Python (search, explore_domain); exact optimal distances of
sliding-puzzle boards at scale (plumb.sliding). docs/python.md describes it all.

    >>> import plumb
    >>> [s.length for s in plumb.solve("sliding", "2 3 4 1 5 x 7 6 8\\n")]
    [19]
"""
from dataclasses import dataclass
from typing import List, Optional, Union


class Error(Exception):
    """What plumb raises for bad input or usage, a limit, or a failing environment."""


class InputError(Error):
    """Bad input (the program's exit status 2). `source`: the input's name ("<input>" for text,
    a file's path, "boards"), `line`: the line (from 1) the message is about, None for the input
    as a whole."""

    def __init__(self, message, source=None, line=None):
        super().__init__(message)
        self.source = source
        self.line = line


class UsageError(Error):
    """A value plumb cannot use (exit status 2). `option`: the program's name for it ("size",
    "max-moves", "algo", "time-limit", "max-memory", "threads", "format", "puzzle")."""

    def __init__(self, message, option=None):
        super().__init__(message)
        self.option = option


class LimitReached(Error):
    """A search stopped by time_limit or max_memory (exit status 3). `reason`: "time_limit",
    "memory_limit", "node_limit" or "cancelled"; `solutions`: the answers before it."""

    def __init__(self, message, reason=None, solutions=()):
        super().__init__(message)
        self.reason = reason
        self.solutions = list(solutions)


class EnvironmentFailure(Error):
    """The machine failed plumb (exit status 4): a cache it cannot use, memory it cannot have."""


from ._plumb import (  # noqa: E402  (the classes above must exist when the extension raises them)
    Exploration,
    SearchResult,
    Solution,
    __version__,
    explore,
    explore_domain,
    render,
    search,
    solve,
)
from ._plumb import _puzzles

NO_STATE = 2**64 - 1
"""In a batched domain's successors(states) or predecessors(states): no move in that column (-1 in a
signed array is the same)."""
from . import sliding  # noqa: E402


@dataclass(frozen=True)
class Option:
    """One of a puzzle's own options: solve(..., name=value)."""

    name: str  # the keyword: max_moves for the program's --max-moves
    type: str  # "integer" or "text"
    default: Union[int, str, None]
    choices: List[str]  # the values a text option takes; empty: any
    min: Optional[int]  # an integer option's range
    max: Optional[int]
    help: str


@dataclass(frozen=True)
class Puzzle:
    """A built-in puzzle as `plumb list` and `plumb help` describe it."""

    name: str
    summary: str
    algorithms: List[str]  # the default first
    options: List[Option]


def puzzles():
    """The built-in puzzles, in the order `plumb list` shows them."""
    return [
        Puzzle(p["name"], p["summary"], p["algorithms"], [Option(**o) for o in p["options"]])
        for p in _puzzles()
    ]


__all__ = [
    "Error", "InputError", "NO_STATE", "UsageError", "LimitReached", "EnvironmentFailure", "Exploration",
    "Option", "Puzzle", "SearchResult", "Solution", "__version__", "explore", "explore_domain",
    "puzzles", "render", "search", "sliding", "solve",
]
