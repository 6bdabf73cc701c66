"""plumb: optimal solutions of combinatorial puzzles by state-space search, from Python.

Every built-in puzzle, driven as the `plumb` program drives it (solve, explore, render); plumb's
engine for puzzles written in Python (search, explore_domain); exact optimal distances of
sliding-puzzle boards at scale (plumb.sliding). docs/python.md describes it all.

    >>> import plumb
    >>> [s.length for s in plumb.solve("sliding", "2 3 4 1 5 x 7 6 8\\n")]
    [19]
"""
import importlib
import json
import logging
import os
import pathlib
import re
import sys
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Union

import numpy


def _in_python_terms(message):
    """The program's message with its options named as the keywords that give them: "--size: ..."
    becomes "size: ...", "give --size RxC" becomes "give size=RxC", "--algo" "algorithm"."""
    def keyword(name):
        return "algorithm" if name == "algo" else name.replace("-", "_")

    message = re.sub(r"^--([a-z][a-z0-9-]*):", lambda m: keyword(m[1]) + ":", message)
    return re.sub(r"--([a-z][a-z0-9-]*)(?: ([A-Za-z0-9.]+))?",
                  lambda m: keyword(m[1]) + "=" + (m[2] or ""), message)


class Error(Exception):
    """What plumb raises for bad input or usage, a limit, or a failing environment."""


class InputError(Error, ValueError):
    """Bad input (the program's exit status 2; a ValueError). `source`: the input's name ("<input>"
    for text, a file's path, "boards"), `line`: the line (from 1) the message is about, None for
    the input as a whole."""

    def __init__(self, message, source=None, line=None):
        super().__init__(_in_python_terms(message))
        self.source = source
        self.line = line


class UsageError(Error, ValueError):
    """A value plumb cannot use (exit status 2; a ValueError). `option`: the program's name for it
    ("size", "max-moves", "algo", "time-limit", "max-memory", "threads", "format", "puzzle")."""

    def __init__(self, message, option=None):
        super().__init__(_in_python_terms(message))
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
)
from . import _plumb  # noqa: E402

# Each puzzle's own submodule, if it has one (its folder's python/ part, which the build
# registers): plumb.sliding.
for _name in _plumb._puzzle_modules:
    globals()[_name] = importlib.import_module(f".{_name}", __name__)

NO_STATE = 2**64 - 1
"""In a batched domain's successors(states) or predecessors(states): no move in that column (-1 in a
signed array is the same)."""

Input = Union[str, bytes, os.PathLike, numpy.ndarray]
Progress = Optional[Callable[[Dict[str, Any]], Any]]
# A puzzle's option: an int, a str, or for an option that takes a file (a puzzle's definition) a
# path or a dict of the file's JSON.
OptionValue = Union[bool, int, str, None, os.PathLike, Dict[str, Any]]

logger = logging.getLogger("plumb")


def _notice(line):
    """A notice or warning of plumb's table cache ("building the distance table ..."): logged to
    the logger "plumb" (INFO, WARNING for a warning) once logging is configured (a handler on it or
    on the root), else written to standard error as the program writes it."""
    if logger.hasHandlers():
        warning = line.startswith("warning: ")
        logger.log(logging.WARNING if warning else logging.INFO,
                   line[len("warning: "):] if warning else line)
    else:
        print(f"plumb: {line}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Option:
    """One of a puzzle's own options: solve(..., name=value)."""

    name: str  # the keyword: max_moves for the program's --max-moves
    type: str  # "integer", "text", "file" (a path, a name it knows, the text, or a dict of JSON)
    # or "flag" (True or False)
    default: Union[bool, int, str, None]
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


def puzzles() -> List[Puzzle]:
    """The built-in puzzles, in the order `plumb list` shows them."""
    return [
        Puzzle(p["name"], p["summary"], p["algorithms"], [Option(**o) for o in p["options"]])
        for p in _plumb._puzzles()
    ]


@dataclass(frozen=True)
class TableSet:
    """A set of precomputed tables a puzzle declares, as `plumb tables list` shows it: what the
    puzzle's solvers read instead of searching (pattern databases, tables of moves), kept in the
    table cache ($PLUMB_CACHE) once built."""

    name: str  # what build_tables() takes: "15-7-8", "views-3x3"
    puzzle: str
    title: str  # the set in a sentence: "the 15-puzzle's databases (15-7-8)"
    serves: str  # the datasets it answers, in the puzzle's words: "4x4"
    files: List[str]  # its parts' files in the cache, one a part
    present: int  # how many of them the cache holds
    bytes: int  # their size together


def tables() -> List[TableSet]:
    """The sets of precomputed tables the built-in puzzles declare, and what the cache holds of
    them, in the order `plumb tables list` shows them."""
    return [TableSet(**fields) for fields in _plumb._tables()]


def build_tables(name: str, *, force: bool = False, time_limit: Union[float, str, None] = None,
                 max_memory: Union[int, str, None] = None, threads: Optional[int] = None,
                 progress: Progress = None) -> TableSet:
    """Builds the set `name` (one of tables()'s) into the table cache, as `plumb tables build NAME`
    does: the parts not whole there, or every part with force. The limits and progress are
    solve()'s, for the builds. Returns the set as tables() then lists it. Raises plumb.UsageError
    for a name no puzzle declares, plumb.LimitReached when a limit stops a build (the parts built
    before it stay in the cache) and plumb.EnvironmentFailure for a cache that cannot keep them."""
    _check("build_tables", "name", name, (str,), "a str")
    _check("build_tables", "force", force, (bool,), "a bool")
    _check_limits("build_tables", time_limit, max_memory, threads)
    return TableSet(**_plumb._build_tables(name, force, time_limit, max_memory, threads, progress))


def _check(function, name, value, types, what):
    """TypeError unless value is one of `types` (a bool is no int here)."""
    if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
        raise TypeError(f"{function}() argument '{name}' must be {what}, not "
                        f"{type(value).__name__}")


def _check_limits(function, time_limit, max_memory, threads=None):
    _check(function, "time_limit", time_limit, (int, float, str, type(None)),
           "a number of seconds or None")
    _check(function, "max_memory", max_memory, (int, str, type(None)),
           "a number of bytes, a size such as \"512M\", or None")
    _check(function, "threads", threads, (int, type(None)), "an int or None")


class _BytesPath(os.PathLike):
    """A bytes path, which the extension would otherwise read as the contest text."""

    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return self.path


def _source(function, input, text, path):
    """What the extension reads: the text, or a path as an os.PathLike; exactly one is given."""
    given = [name for name, value in (("input", input), ("text", text), ("path", path))
             if value is not None]
    if len(given) > 1:
        raise TypeError(f"{function}() takes one of input, text and path, not "
                        f"{' and '.join(given)}")
    if text is not None:
        _check(function, "text", text, (str, bytes), "a str or bytes")
        return text
    if path is not None:
        _check(function, "path", path, (str, bytes, os.PathLike), "a str, bytes or os.PathLike")
        path = os.fspath(path)
        return _BytesPath(path) if isinstance(path, bytes) else pathlib.Path(path)
    if isinstance(input, numpy.ndarray):  # boards, one a row: a dataset each
        if input.ndim not in (1, 2) or input.dtype.kind not in "iu":
            raise TypeError(f"{function}() argument 'input' as an array must hold boards of ints, "
                            f"one a row, not {input.ndim} dimensions of {input.dtype}")
        return "".join(" ".join(map(str, row)) + "\n" for row in numpy.atleast_2d(input).tolist())
    _check(function, "input", input, (str, bytes, os.PathLike, type(None)),
           "the contest text (str or bytes), a path (os.PathLike) or an array of boards")
    return input


def _options(function, puzzle, options):
    """The puzzle's own options, checked: TypeError for a keyword the puzzle does not have or a
    value that is neither an int, a str nor None. An option that takes a file (a puzzle's
    definition) also takes an os.PathLike, and a dict, given as its JSON text; a flag takes True,
    False or None."""
    declared = {p["name"]: {o["name"]: o["type"] for o in p["options"]} for p in _plumb._puzzles()}
    options = dict(options)
    for name, value in options.items():
        if puzzle in declared and name not in declared[puzzle]:
            raise TypeError(f"{function}() got an unexpected keyword argument '{name}' (the "
                            f"options of {puzzle}: {', '.join(declared[puzzle])})")
        if puzzle in declared and declared[puzzle][name] == "flag":
            _check(function, name, value, (bool, type(None)), "True, False or None")
            options[name] = None if value is None else str(value).lower()  # as the program takes it
            continue
        if puzzle in declared and declared[puzzle][name] == "file":
            if isinstance(value, dict):
                value = json.dumps(value, indent=1)  # a text, with line breaks: not a file's name
            elif isinstance(value, os.PathLike):
                value = os.fspath(value)
            options[name] = value
        _check(function, name, value, (int, str, type(None)), "an int, a str or None")
    return options


def solve(puzzle: str, input: Optional[Input] = None, *, text: Union[str, bytes, None] = None,
          path: Union[str, bytes, os.PathLike, None] = None,
          algorithm: Optional[str] = None, time_limit: Union[float, str, None] = None,
          max_memory: Union[int, str, None] = None, threads: Optional[int] = None,
          progress: Progress = None, **options: OptionValue) -> List[Solution]:
    """Solves every dataset of the input optimally, as `plumb solve PUZZLE` does.

    The input: `input`, the contest text (str or bytes), a file's path (os.PathLike) or a numpy
    array of boards, one a row (a dataset each: the sliding puzzle's tiles, 0 the blank); or
    `text=`, the contest text; or `path=`, a file's path (str, bytes or os.PathLike).
    algorithm: one of the puzzle's algorithms (plumb.puzzles()); None: its default.
    time_limit: seconds each search may take; max_memory: bytes, or a size such as "512M";
    threads: worker threads where an algorithm can use several (0: one a core).
    progress: a function called with the search's statistics (a dict) about every half second.
    **options: the puzzle's own options, the program's long options with _ for -
    (plumb.solve("gap", text, suits=4, values=7)).
    Returns a list of Solution, one a dataset. Raises plumb.InputError, plumb.UsageError (both
    ValueErrors), plumb.LimitReached (with the solutions before it) or plumb.EnvironmentFailure.
    """
    _check("solve", "puzzle", puzzle, (str,), "a str")
    source = _source("solve", input, text, path)
    if source is None:
        raise TypeError("solve() needs the input: input, text= or path=")
    _check("solve", "algorithm", algorithm, (str, type(None)), "a str or None")
    _check_limits("solve", time_limit, max_memory, threads)
    return _plumb.solve(puzzle, source, algorithm=algorithm, time_limit=time_limit,
                        max_memory=max_memory, threads=threads, progress=progress,
                        **_options("solve", puzzle, options))


def explore(puzzle: str, input: Optional[Input] = None, *, text: Union[str, bytes, None] = None,
            path: Union[str, bytes, os.PathLike, None] = None,
            time_limit: Union[float, str, None] = None, max_memory: Union[int, str, None] = None,
            threads: Optional[int] = None, progress: Progress = None,
            **options: OptionValue) -> Exploration:
    """Counts the states at each depth, as `plumb explore PUZZLE` does: from the first dataset of
    the input (input, text= or path=, as for solve()), or from the puzzle's natural start when
    none is given. The keywords are solve()'s. Returns an Exploration."""
    _check("explore", "puzzle", puzzle, (str,), "a str")
    source = _source("explore", input, text, path)
    _check_limits("explore", time_limit, max_memory, threads)
    return _plumb.explore(puzzle, source, time_limit=time_limit, max_memory=max_memory,
                          threads=threads, progress=progress,
                          **_options("explore", puzzle, options))


def scramble(puzzle: str, *, seed: Optional[int] = None, time_limit: Union[float, str, None] = None,
             **options: OptionValue) -> str:
    """A random start that has a solution, as `plumb serve` deals a new game (POST /api/scramble):
    one dataset's text in the puzzle's input format, ready for solve() with the same options.

    seed: 0 to 2**64 - 1, the same start for the same seed on every machine; None draws one.
    time_limit: seconds for the puzzle's own search where it draws until one has a solution (gap,
    pegs, block). **options: the puzzle's own, as solve() takes them
    (plumb.scramble("sliding", seed=7, size="4x4")). Raises plumb.UsageError when the options
    leave no start with a solution (pegs on 4 rows), plumb.LimitReached past the time limit."""
    _check("scramble", "puzzle", puzzle, (str,), "a str")
    _check("scramble", "seed", seed, (int, type(None)), "an int or None")
    if isinstance(seed, bool) or (seed is not None and not 0 <= seed < 2**64):
        raise ValueError(f"scramble() argument 'seed' must be from 0 to 2**64 - 1, not {seed!r}")
    _check_limits("scramble", time_limit, None)
    return _plumb.scramble(puzzle, seed=seed, time_limit=time_limit,
                           **_options("scramble", puzzle, options))


def render(answers: Union[Solution, List[Solution], Exploration], format: str = "contest") -> str:
    """The text `plumb solve` (or `plumb explore`) prints for these answers: a list of Solution (or
    one), or an Exploration. format: "contest" (the contest's exact output), "pretty" or "json"
    (one JSON record a line, docs/json.md)."""
    _check("render", "format", format, (str,), "a str")
    if not isinstance(answers, (Solution, Exploration, list, tuple)):
        raise TypeError(f"render() argument 'answers' must be what plumb.solve or plumb.explore "
                        f"returned, not {type(answers).__name__}")
    return _plumb.render(answers, format)


def _check_domain(function, domain):
    for member in ("start", "successors"):
        if not hasattr(domain, member):
            raise TypeError(f"{function}() argument 'domain' must have start and successors "
                            f"(docs/python.md), and {type(domain).__name__} has no {member}")


def search(domain: object, algorithm: str = "bfs", *, time_limit: Union[float, str, None] = None,
           max_memory: Union[int, str, None] = None, progress: Progress = None) -> SearchResult:
    """A shortest solution of a puzzle written in Python, found by plumb's engine.

    domain: an object with `start`, `is_goal(state)` and `successors(state)`, which yields
    (move, next_state) tuples; optionally `heuristic(state)`, an admissible estimate (an int,
    for "astar" and "ida"; 0 without it), and `predecessors(state)`, which yields (move,
    previous_state) tuples, with `goal`, the one goal (both for "bidir"). States are any
    hashable values. Or a batched domain (batched = True), whose callbacks take and return numpy
    arrays of int states (docs/python.md). algorithm: "bfs", "astar", "ida" or "bidir".
    Returns a SearchResult. Raises plumb.LimitReached when a limit stops the search, and
    whatever a callback raises."""
    _check("search", "algorithm", algorithm, (str,), "a str")
    _check_limits("search", time_limit, max_memory)
    if algorithm in ("bfs", "astar", "ida", "bidir"):  # else the extension's UsageError
        _check_domain("search", domain)
    return _plumb.search(domain, algorithm, time_limit=time_limit, max_memory=max_memory,
                         progress=progress)


def explore_domain(domain: object, *, time_limit: Union[float, str, None] = None,
                   max_memory: Union[int, str, None] = None,
                   progress: Progress = None) -> Exploration:
    """Counts the states of a Python-defined domain (per state or batched) at each depth from its
    start (it needs `start` and `successors`). Returns an Exploration."""
    _check_limits("explore_domain", time_limit, max_memory)
    _check_domain("explore_domain", domain)
    return _plumb.explore_domain(domain, time_limit=time_limit, max_memory=max_memory,
                                 progress=progress)


__all__ = [
    "Error", "InputError", "UsageError", "LimitReached", "EnvironmentFailure", "Exploration",
    "NO_STATE", "Option", "logger", "Puzzle", "SearchResult", "Solution", "TableSet", "__version__",
    "build_tables", "explore", "explore_domain", "puzzles", "render", "scramble", "search", "solve",
    "tables",
    *_plumb._puzzle_modules,
]
