"""Shared by the Python package's tests (tests/python, run by ctest with the label python): a
fresh table cache for the session, the repository's data folder and a board no search finishes,
the examples (a Python domain), and the built program, whose output the package's must equal. ctest sets PYTHONPATH to the build's python folder, PLUMB_BINARY
and PLUMB_DATA_DIR; run by hand, the paths default to the release build beside the sources."""
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import pytest

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
DATA = pathlib.Path(os.environ.get("PLUMB_DATA_DIR", REPOSITORY / "data"))
# A 24-puzzle no machine solves by IDA* with Manhattan distance and linear conflicts within a test:
# Korf and Felner's first, 95 moves from the blank-first goal.
HARD_BOARD = " ".join(
    next(line for line in (DATA / "korf24.txt").read_text().splitlines()
         if not line.startswith("#")).split()[2:])

sys.path.append(str(REPOSITORY / "examples"))  # eight_puzzle.py, a Python domain

# Tables built by the tests go to a cache of their own, removed at the end (set before any is used).
_cache = tempfile.TemporaryDirectory(prefix="plumb-python-tests-")
os.environ["PLUMB_CACHE"] = _cache.name

import plumb  # noqa: E402  (after the cache is set)

# The built-in puzzles, as the package lists them: a test looping over them covers a new puzzle by
# its registration alone.
PUZZLES = [puzzle.name for puzzle in plumb.puzzles()]


@pytest.fixture(scope="session")
def program():
    """Runs the built program: program(*args, input=text) -> subprocess.CompletedProcess."""
    binary = pathlib.Path(os.environ.get("PLUMB_BINARY", REPOSITORY / "build" / "plumb"))
    if not binary.exists():
        pytest.skip(f"no program at {binary} to compare with (set PLUMB_BINARY)")

    def run(*args, input=None):
        return subprocess.run([str(binary), *map(str, args)], input=input, capture_output=True,
                              text=True, timeout=600)

    return run


@pytest.fixture(scope="session")
def cases():
    """Every registered puzzle's cases (its folder's tests/cases.cpp, tests/support/puzzle_cases.hpp)
    as the build's puzzle_cases_json prints them: {name: {"explore": {"args": [...], "input": ...},
    ...}}, so that a test looping over the puzzles runs each as the program's tests do."""
    binary = pathlib.Path(os.environ.get("PLUMB_CASES_BINARY",
                                         REPOSITORY / "build" / "tests" / "puzzle_cases_json"))
    if not binary.exists():
        pytest.skip(f"no puzzle_cases_json at {binary} (set PLUMB_CASES_BINARY)")
    return json.loads(subprocess.run([str(binary)], capture_output=True, text=True, check=True,
                                     timeout=60).stdout)


def puzzle_folder(puzzle):
    """The puzzle's folder, from the build's list (PLUMB_PUZZLE_FOLDERS), else puzzles/NAME."""
    listed = os.environ.get("PLUMB_PUZZLE_FOLDERS")
    if listed:
        for line in pathlib.Path(listed).read_text().splitlines():
            name, _, folder = line.partition("\t")
            if name == puzzle:
                return pathlib.Path(folder)
    return REPOSITORY / "puzzles" / puzzle


def sample(puzzle, extension):
    return puzzle_folder(puzzle) / "samples" / f"sample.{extension}"
