# The types of the package plumb (docs/python.md), for type checkers; tests/python/test_interface.py
# checks that it declares the module's public functions and classes, with their parameters.
import logging
import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

import numpy

__version__: str
NO_STATE: int

Input = Union[str, bytes, os.PathLike, numpy.ndarray]
Limit = Union[float, str, None]
Memory = Union[int, str, None]
Progress = Optional[Callable[[Dict[str, Any]], Any]]
# A puzzle's option: an int, a str, or for an option that takes a file (a puzzle's definition) a
# path or a dict of the file's JSON.
OptionValue = Union[int, str, None, os.PathLike, Dict[str, Any]]

logger: logging.Logger

class Error(Exception): ...

class InputError(Error, ValueError):
    source: Optional[str]
    line: Optional[int]
    def __init__(self, message: str, source: Optional[str] = ..., line: Optional[int] = ...) -> None: ...

class UsageError(Error, ValueError):
    option: Optional[str]
    def __init__(self, message: str, option: Optional[str] = ...) -> None: ...

class LimitReached(Error):
    reason: Optional[str]
    solutions: List[Solution]
    def __init__(self, message: str, reason: Optional[str] = ...,
                 solutions: Sequence[Solution] = ...) -> None: ...

class EnvironmentFailure(Error): ...

class Option:
    name: str
    type: str
    default: Union[int, str, None]
    choices: List[str]
    min: Optional[int]
    max: Optional[int]
    help: str

class Puzzle:
    name: str
    summary: str
    algorithms: List[str]
    options: List[Option]

class TableSet:
    name: str
    puzzle: str
    title: str
    serves: str
    files: List[str]
    present: int
    bytes: int

class Solution:
    @property
    def dataset(self) -> int: ...
    @property
    def line(self) -> int: ...
    @property
    def length(self) -> Optional[int]: ...
    @property
    def status(self) -> str: ...
    @property
    def optimal(self) -> bool: ...
    @property
    def method(self) -> str: ...
    @property
    def moves(self) -> Optional[List[Any]]: ...
    @property
    def states(self) -> List[Any]: ...
    @property
    def stats(self) -> Dict[str, Any]: ...

class Exploration:
    @property
    def layers(self) -> List[int]: ...
    @property
    def total(self) -> int: ...
    @property
    def origin(self) -> str: ...
    @property
    def start(self) -> Any: ...
    @property
    def deepest(self) -> List[Any]: ...
    @property
    def stats(self) -> Dict[str, Any]: ...

class SearchResult:
    @property
    def length(self) -> Optional[int]: ...
    @property
    def moves(self) -> Optional[List[Any]]: ...
    @property
    def states(self) -> List[Any]: ...
    @property
    def stats(self) -> Dict[str, Any]: ...

def puzzles() -> List[Puzzle]: ...
def tables() -> List[TableSet]: ...
def build_tables(name: str, *, force: bool = False, time_limit: Limit = None,
                 max_memory: Memory = None, threads: Optional[int] = None,
                 progress: Progress = None) -> TableSet: ...
def solve(puzzle: str, input: Optional[Input] = None, *, text: Union[str, bytes, None] = None,
          path: Union[str, bytes, os.PathLike, None] = None, algorithm: Optional[str] = None,
          time_limit: Limit = None, max_memory: Memory = None, threads: Optional[int] = None,
          progress: Progress = None, **options: OptionValue) -> List[Solution]: ...
def explore(puzzle: str, input: Optional[Input] = None, *, text: Union[str, bytes, None] = None,
            path: Union[str, bytes, os.PathLike, None] = None, time_limit: Limit = None,
            max_memory: Memory = None, threads: Optional[int] = None, progress: Progress = None,
            **options: OptionValue) -> Exploration: ...
def scramble(puzzle: str, *, seed: Optional[int] = None, time_limit: Limit = None,
             **options: OptionValue) -> str: ...
def render(answers: Union[Solution, Sequence[Solution], Exploration],
           format: str = "contest") -> str: ...
def search(domain: object, algorithm: str = "bfs", *, time_limit: Limit = None,
           max_memory: Memory = None, progress: Progress = None) -> SearchResult: ...
def explore_domain(domain: object, *, time_limit: Limit = None, max_memory: Memory = None,
                   progress: Progress = None) -> Exploration: ...

# Each puzzle's submodule (its folder's python/ part): the build adds a line for each here.
