"""Reliability round 3 (docs/reliability.md): objects Python makes without plumb refused; limits
and Ctrl-C seen however slow a domain's callbacks are, and while a successors() keeps yielding;
inputs read as the program reads them (a line's bound, a file or pipe left at Ctrl-C); str and
path arguments taken as Python takes them. Every search here is one no machine finishes first, and
each time bound is many times what the stop takes."""
import copy
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import plumb

from eight_puzzle import EightPuzzle  # examples/eight_puzzle.py


@pytest.mark.parametrize("cls", [plumb.Solution, plumb.SearchResult, plumb.Exploration])
def test_objects_python_makes_without_plumb_are_refused(cls):
    with pytest.raises(TypeError, match="cannot create"):
        cls.__new__(cls)
    with pytest.raises(TypeError, match="cannot create"):
        cls()

    class Derived(cls):
        def __init__(self):
            pass

    with pytest.raises(TypeError, match="cannot create"):
        Derived()
    with pytest.raises(TypeError):
        object.__new__(cls)


def test_plumbs_own_objects_are_whole_and_copies_refused():
    [solution] = plumb.solve("sliding", "1 2 3 4 5 6 7 0 8\n")
    assert solution.length == 1 and len(solution.states) == 2
    with pytest.raises(TypeError):
        copy.copy(solution)
    assert plumb.search(EightPuzzle(EightPuzzle.goal)).length == 0


class SlowEndless:
    """A domain without a goal (for bidir, one no path reaches) whose successors() and
    predecessors() take `delay` seconds."""

    start = 0
    goal = "away"

    def __init__(self, delay):
        self.delay = delay

    def is_goal(self, state):
        return False

    def heuristic(self, state):
        return 0

    def successors(self, state):
        time.sleep(self.delay)
        yield "up", state + 1
        yield "down", state - 1

    def predecessors(self, state):
        time.sleep(self.delay)
        yield "away", ("away", 1 if state == "away" else state[1] + 1)


class Flood:
    """A domain whose successors() never ends: new states, each a large one."""

    start = 0

    def is_goal(self, state):
        return False

    def successors(self, state):
        n = 0
        while True:
            n += 1
            yield n, (state, n, "x" * 100)


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "ida", "bidir"])
def test_a_slow_callback_stops_at_the_time_limit(algorithm):
    domain = SlowEndless(0.005)
    started = time.monotonic()
    with pytest.raises(plumb.LimitReached) as stop:
        plumb.search(domain, algorithm, time_limit=0.5)
    assert stop.value.reason == "time_limit"
    assert time.monotonic() - started < 10  # about 0.5 s; before, 4,096 expansions: 20 s


@pytest.mark.parametrize("limit", [{"time_limit": 0.5}, {"max_memory": "200M"}])
def test_an_endless_successors_stops_at_a_limit(limit):
    started = time.monotonic()
    with pytest.raises(plumb.LimitReached) as stop:
        plumb.search(Flood(), **limit)
    assert stop.value.reason == next(iter(limit)).replace("max_memory", "memory_limit")
    assert time.monotonic() - started < 60  # about 0.5 s, or the time to fill 200 MB


def test_explore_domain_stops_in_an_endless_successors():
    with pytest.raises(plumb.LimitReached) as stop:
        plumb.explore_domain(Flood(), time_limit=0.3)
    assert stop.value.reason == "time_limit"


def interrupted(statement, setup=""):
    """Runs `statement` in a fresh interpreter whose stdin is a pipe nothing is written to, sends
    SIGINT 0.3 s after it starts, and returns what it printed and the seconds from the signal to
    its end."""
    script = "import sys, time, pathlib, plumb\n" + textwrap.dedent(setup) + textwrap.dedent(f"""
        print("running", flush=True)
        try:
            {statement}
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        print("not interrupted", flush=True)
    """)
    started = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    try:
        assert started.stdout.readline() == "running\n"
        time.sleep(0.3)  # well inside the call (a late signal is still inside it)
        sent = time.monotonic()
        started.send_signal(signal.SIGINT)
        started.wait(timeout=60)  # its stdin still open: a pipe that never ends
        return started.stdout.read(), time.monotonic() - sent
    finally:
        if started.poll() is None:
            started.kill()
        started.stdin.close()


SLOW = """
class Slow:
    start = 0
    def is_goal(self, state):
        return False
    def successors(self, state):
        time.sleep(0.01)
        yield "up", state + 1
        yield "down", state - 1
class Flood:
    start = 0
    def is_goal(self, state):
        return False
    def successors(self, state):
        n = 0
        while True:
            n += 1
            yield n, n
"""


@pytest.mark.parametrize("statement", ['plumb.search(Slow(), "bfs")', 'plumb.search(Slow(), "astar")',
                                       "plumb.search(Flood())"])
def test_sigint_stops_a_slow_or_endless_domain(statement):
    out, elapsed = interrupted(statement, SLOW)
    assert out == "interrupted\n"
    assert elapsed < 10  # about 50 ms; before, 4,096 expansions of 10 ms (41 s), or never


def test_sigint_stops_a_read_from_a_fifo_without_writer(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    out, elapsed = interrupted(f'plumb.solve("sliding", pathlib.Path({str(fifo)!r}))')
    assert out == "interrupted\n"
    assert elapsed < 10


def test_sigint_stops_a_read_from_idle_stdin():
    out, elapsed = interrupted('plumb.solve("sliding", pathlib.Path("/dev/stdin"))')
    assert out == "interrupted\n"
    assert elapsed < 10


def test_an_endless_line_is_refused_at_the_programs_bound():
    with pytest.raises(plumb.InputError, match="longer than 1048576 bytes"):
        plumb.solve("sliding", pathlib.Path("/dev/zero"), max_memory="500M")


@pytest.mark.parametrize("as_bytes", [False, True])
def test_a_line_longer_than_the_bound_is_refused_in_text_too(as_bytes):
    text = "1 " * 1_500_000 + "\n"
    with pytest.raises(plumb.InputError, match="longer than 1048576 bytes") as error:
        plumb.solve("sliding", text.encode() if as_bytes else text)
    assert (error.value.source, error.value.line) == ("<input>", 1)


def test_a_lone_surrogate_is_a_unicode_error():
    for call in [lambda: plumb.solve("sliding", "1 2 3 4 5 6 7 0 \udc80\n"),
                 lambda: plumb.solve("sliding", "1 2 3 4 5 6 7 0 8\n", goal="\udc80")]:
        with pytest.raises(UnicodeEncodeError):
            call()


class BytesPath:
    def __init__(self, path):
        self.path = path

    def __fspath__(self):
        return self.path


def test_paths_open_the_file_pythons_open_would(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("1 2 3 4 5 6 7 0 8\n")
    for path in [BytesPath(os.fsencode(board)), BytesPath(str(board)), board]:
        assert [s.length for s in plumb.solve("sliding", path)] == [1]
    odd = tmp_path / os.fsdecode(b"\xff-board")  # not UTF-8: a str path with a lone surrogate
    odd.write_text("1 2 3 4 5 6 7 0 8\n")
    assert [s.length for s in plumb.solve("sliding", odd)] == [1]
    dash = tmp_path / "-"
    dash.write_text("1 2 3 4 5 6 7 0 8\n")
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        assert [s.length for s in plumb.solve("sliding", pathlib.Path("-"))] == [1]
    finally:
        os.chdir(cwd)
