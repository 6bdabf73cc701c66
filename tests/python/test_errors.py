"""Failures as exceptions under plumb.Error, each with the program's message (without "plumb: ")
and what it names: bad input with its source and line, a refused value with its option, a limit
with its reason and the answers before it, a failing machine. Nothing a caller passes crashes the
interpreter."""
import subprocess
import sys
import textwrap

import pytest

import plumb
from conftest import DATA, HARD_BOARD

EASY_BOARD = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0"  # 0 moves


def message_of(run):
    """The program's message without its prefix and the line pointing at --help, its options
    named as Python's keywords ("size: ...", "give size=RxC")."""
    assert run.stderr.startswith("plumb: "), run.stderr
    return plumb._in_python_terms(run.stderr[len("plumb: "):].split("\n")[0])


def test_the_hierarchy():
    for error in (plumb.InputError, plumb.UsageError, plumb.LimitReached, plumb.EnvironmentFailure):
        assert issubclass(error, plumb.Error)
    assert issubclass(plumb.Error, Exception)
    assert issubclass(plumb.InputError, ValueError) and issubclass(plumb.UsageError, ValueError)


@pytest.mark.parametrize("text, line", [
    ("1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 8 8\n", 2),   # no blank
    ("1 2 3 4 5 6 7 8 x\n\n\n1 2 3\n", 4),           # no square board
])
def test_bad_input_names_its_line_as_the_program_does(text, line, program, tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text(text)
    with pytest.raises(plumb.InputError) as raised:
        plumb.solve("sliding", path)
    assert raised.value.line == line
    assert raised.value.source == str(path)
    run = program("solve", "sliding", path)
    assert run.returncode == 2
    assert str(raised.value) == message_of(run)
    with pytest.raises(plumb.InputError) as raised:
        plumb.solve("sliding", text)
    assert (raised.value.source, raised.value.line) == ("<input>", line)
    assert str(raised.value) == message_of(run).replace(str(path), "<input>")


def test_an_empty_input_and_a_missing_file(program):
    with pytest.raises(plumb.InputError) as raised:
        plumb.solve("gap", " \n\n")
    assert str(raised.value) == "<input>: the input is empty: expected a dataset"
    assert raised.value.line is None
    with pytest.raises(plumb.InputError) as raised:
        plumb.solve("gap", DATA / "no such file")
    assert str(raised.value) == message_of(program("solve", "gap", DATA / "no such file"))


@pytest.mark.parametrize("call, option", [
    (lambda: plumb.solve("sliding", "x", size="1x9"), "size"),
    (lambda: plumb.solve("gap", "x", suits=99), "suits"),
    (lambda: plumb.solve("cubic", "x", max_moves="many"), "max-moves"),
    (lambda: plumb.solve("sliding", "x", algorithm="magic"), "algo"),
    (lambda: plumb.solve("sliding", "x", time_limit=-1), "time-limit"),
    (lambda: plumb.solve("sliding", "x", time_limit=float("nan")), "time-limit"),
    (lambda: plumb.solve("sliding", "x", max_memory="lots"), "max-memory"),
    (lambda: plumb.solve("sliding", "x", threads=-1), "threads"),
    (lambda: plumb.solve("tetris", "x"), "puzzle"),
    (lambda: plumb.explore("pegs", rows=99), "rows"),
    (lambda: plumb.render([], "html"), "format"),
    (lambda: plumb.search(object(), "dfs"), "algorithm"),
    (lambda: plumb.sliding.sample("9x9"), "size"),
    (lambda: plumb.sliding.sample("4x4", pdb="nope"), "pdb"),
])
def test_refused_values_name_their_option(call, option):
    with pytest.raises(plumb.UsageError) as raised:
        call()
    assert raised.value.option == option
    keyword = {"algo": "algorithm"}.get(option, option.replace("-", "_"))
    assert str(raised.value).startswith(f"{keyword}: ")
    assert "--" not in str(raised.value)


def test_refused_values_have_the_programs_messages(program):
    for args, keywords in [
        (["--size", "1x9"], {"size": "1x9"}),
        (["--algo", "magic"], {"algorithm": "magic"}),
        (["--goal", "1 2 3"], {"goal": "1 2 3"}),
    ]:
        run = program("solve", "sliding", *args, input="1 2 3 4 5 6 7 8 x\n")
        assert run.returncode == 2
        with pytest.raises(plumb.UsageError) as raised:
            plumb.solve("sliding", "1 2 3 4 5 6 7 8 x\n", **keywords)
        assert str(raised.value) == message_of(run)


def test_a_time_limit_stops_with_the_answers_before_it(program):
    text = f"{EASY_BOARD}\n{HARD_BOARD}\n{EASY_BOARD}\n"
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.solve("sliding", text, algorithm="ida", time_limit=0.5)
    assert raised.value.reason == "time_limit"
    assert [s.length for s in raised.value.solutions] == [0]
    assert plumb.render(raised.value.solutions) == "\n"
    assert str(raised.value).startswith("stopped by the time limit after ")
    run = program("solve", "sliding", "--algo", "ida", "--time-limit", "0.5", input=text)
    assert run.returncode == 3
    assert message_of(run).startswith("stopped by the time limit after ")


def test_a_memory_limit_stops_the_search():
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.solve("sliding", HARD_BOARD, algorithm="bfs", max_memory="300M")
    assert raised.value.reason == "memory_limit"
    assert raised.value.solutions == []


def test_an_exploration_stopped_by_a_limit():
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.explore("sliding", size="3x4", max_memory=1)
    assert raised.value.reason == "memory_limit"


def test_memory_the_system_refuses_is_an_environment_failure():
    # A process whose address space ends a little above what it uses: the search's allocation
    # fails, which no limit of plumb's foresaw.
    script = textwrap.dedent(f"""
        import resource, plumb
        plumb.solve("sliding", "1 2 3 4 5 6 7 8 x\\n")
        with open("/proc/self/statm") as statm:
            used = int(statm.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + (400 << 20), resource.RLIM_INFINITY))
        try:
            plumb.solve("sliding", "{HARD_BOARD}", algorithm="bfs")
        except plumb.EnvironmentFailure as failure:
            print("EnvironmentFailure:", failure)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=600)
    assert "EnvironmentFailure: out of memory" in run.stdout, run.stdout + run.stderr


def test_nothing_a_caller_passes_crashes_the_interpreter():
    for call in [
        lambda: plumb.solve("sliding", 42),
        lambda: plumb.solve("sliding", None),
        lambda: plumb.solve(None, "x"),
        lambda: plumb.render([1, 2]),
        lambda: plumb.render(None),
        lambda: plumb.render(plumb.explore_domain(Cycle())),
        lambda: plumb.search(None),
        lambda: plumb.search(object()),
        lambda: plumb.sliding.distance([[1, 2], [3]]),
        lambda: plumb.sliding.distance("not boards"),
        lambda: plumb.sliding.sample("4x4", count=-1),
        lambda: plumb.solve("sliding", "\0\xff\n" * 3),
    ]:
        with pytest.raises((plumb.Error, TypeError, ValueError, AttributeError)):
            call()


class Cycle:
    start = 0

    def successors(self, state):
        yield "next", (state + 1) % 5
