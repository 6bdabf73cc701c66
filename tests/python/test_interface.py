"""The package's interface as Python sees it: every public function, fed a wrong type or value in
each of its arguments in turn, raises TypeError or a ValueError (plumb.InputError and
plumb.UsageError are ValueErrors) whose message names things in Python's terms, never pybind11's
or C++'s; every public function has a real signature; the typed stub (python/plumb/__init__.pyi)
(python/plumb/__init__.pyi, with a line for each puzzle's submodule, and each submodule's own)
declares what the module has, with the same parameters."""
import ast
import inspect
import logging
import pathlib

import numpy as np
import pytest

import plumb
from conftest import sample as sample_path

STUBS = pathlib.Path(plumb.__file__).parent  # the package as built, its stubs beside its modules
ODD_VALUES = [object(), 3.5j, [1], {}, -1, 2**70, "", "\x00", b"\xff", float("nan"), True, None]
FOREIGN = ["incompatible function arguments", "Invoked with", "std::", "pybind11", "plumb::",
           "unsigned long", "--"]


class Walk:
    start = 1
    goal = 5

    def is_goal(self, n):
        return n == 5

    def successors(self, n):
        if n < 5:
            yield "+1", n + 1

    def predecessors(self, n):
        yield "+1", n - 1


SOLUTIONS = plumb.solve("sliding", "1 2 3 4 5 6 7 8 x\n")
CALLS = {  # a cheap call of each public function, its arguments by name
    plumb.puzzles: {},
    plumb.solve: {"puzzle": "sliding", "input": "1 2 3 4 5 6 7 8 x\n", "algorithm": "bfs",
                  "time_limit": 10, "max_memory": "1G", "threads": 1, "size": "3x3"},
    plumb.explore: {"puzzle": "sliding", "time_limit": 10, "max_memory": "1G", "threads": 1,
                    "size": "2x2"},
    plumb.render: {"answers": SOLUTIONS, "format": "pretty"},
    plumb.search: {"domain": Walk(), "algorithm": "bidir", "time_limit": 10, "max_memory": "1G"},
    plumb.explore_domain: {"domain": Walk(), "time_limit": 0.1, "max_memory": "1G"},
    plumb.sliding.sample: {"size": "2x2", "count": 2, "seed": 1, "threads": 1, "pdb": None,
                           "goal": "blank-first"},
    plumb.sliding.distance: {"boards": [[1, 2, 3, 0]], "size": "2x2", "threads": 1, "pdb": None,
                             "goal": "blank-last"},
}


def call(function, arguments):
    """function(**arguments), the positional-or-keyword ones passed by position."""
    parameters = inspect.signature(function).parameters
    positional = [arguments[name] for name, p in parameters.items()
                  if p.kind == p.POSITIONAL_OR_KEYWORD and name in arguments]
    keywords = {name: value for name, value in arguments.items()
                if name not in parameters
                or parameters[name].kind == inspect.Parameter.KEYWORD_ONLY}
    return function(*positional, **keywords)


def assert_pythonic(error):
    message = str(error)
    assert isinstance(error, (TypeError, ValueError)), (type(error), message)
    assert not any(text in message for text in FOREIGN), message


@pytest.mark.parametrize("function", CALLS, ids=lambda f: f.__qualname__)
def test_wrong_types_and_values_raise_python_errors(function):
    arguments = CALLS[function]
    call(function, arguments)  # the call itself is good
    with pytest.raises(TypeError) as raised:
        call(function, {**arguments, "no_such_keyword": 1})
    assert_pythonic(raised.value)
    for name in arguments:
        for value in ODD_VALUES:
            try:
                call(function, {**arguments, name: value})
            except (plumb.LimitReached, plumb.EnvironmentFailure):
                pytest.fail(f"{function.__qualname__}({name}={value!r}) ran into a limit")
            except Exception as error:  # noqa: BLE001  (what it is is the test)
                assert_pythonic(error)


def test_paths_and_texts():
    sample = sample_path("sliding", "in")
    expected = [s.length for s in plumb.solve("sliding", sample.read_text())]
    for given in [{"path": str(sample)}, {"path": sample}, {"path": bytes(sample)},
                  {"input": sample}, {"text": sample.read_text()},
                  {"text": sample.read_bytes()}]:
        assert [s.length for s in plumb.solve("sliding", **given)] == expected, given
    with pytest.raises(TypeError, match="one of input, text and path"):
        plumb.solve("sliding", "x", path=sample)
    with pytest.raises(TypeError, match="needs the input"):
        plumb.solve("sliding")
    with pytest.raises(plumb.InputError):
        plumb.solve("sliding", path="no such file")


def test_every_public_function_has_a_signature():
    for function in CALLS:
        assert inspect.signature(function).parameters is not None
    for name in plumb.__all__:
        value = getattr(plumb, name)
        if inspect.isfunction(value):
            inspect.signature(value)


def stub_functions(path):
    """{name: [parameter names, with * and ** marking the variadic ones]} of a stub's functions."""
    functions = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.FunctionDef):
            arguments = node.args
            names = [a.arg for a in arguments.posonlyargs + arguments.args]
            names += ["*" + arguments.vararg.arg] if arguments.vararg else []
            names += [a.arg for a in arguments.kwonlyargs]
            names += ["**" + arguments.kwarg.arg] if arguments.kwarg else []
            functions[node.name] = names
    return functions


def module_parameters(function):
    marks = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}
    return [marks.get(p.kind, "") + name
            for name, p in inspect.signature(function).parameters.items()]


@pytest.mark.parametrize("module, stub", [(plumb, "__init__.pyi")] + [
    (getattr(plumb, name), f"{name}.pyi") for name in plumb._plumb._puzzle_modules])
def test_the_stub_declares_what_the_module_has(module, stub):
    declared = stub_functions(STUBS / stub)
    public = {name for name in module.__all__ if inspect.isfunction(getattr(module, name))}
    assert set(declared) == public
    for name in public:
        assert declared[name] == module_parameters(getattr(module, name)), name
    tree = ast.parse((STUBS / stub).read_text())
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    assert classes == {name for name in module.__all__ if inspect.isclass(getattr(module, name))}


@pytest.mark.parametrize("goal", ["blank-first", "blank-last"])
def test_numpy_round_trips(goal):
    states, distances = plumb.sliding.sample("3x3", count=3, seed=2, goal=goal)
    assert plumb.sliding.distance(states, goal=goal).tolist() == distances.tolist()
    assert plumb.sliding.distance(states[0], goal=goal) == distances[0]
    assert [s.length for s in plumb.solve("sliding", states, goal=goal)] == distances.tolist()
    assert [s.length for s in plumb.solve("sliding", states[0], goal=goal)] == [distances[0]]
    wide = np.asarray(states, dtype=np.int64)
    assert plumb.sliding.distance(wide, goal=goal).dtype == np.int32


def test_logging_captures_a_builds_notices(caplog):
    with caplog.at_level(logging.INFO, logger="plumb"):  # a table no other test here builds
        assert [s.length for s in plumb.solve("sliding", "1 2 3 4 5 6 x 7\n", size="2x4")] == [1]
    assert any(r.name == "plumb" and r.message.startswith("building ") for r in caplog.records)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the RuntimeError
def test_a_progress_function_gets_the_statistics():
    seen = []
    endless = Walk()
    endless.successors = lambda n: [("+1", n + 1), ("*2", 2 * n)]
    endless.is_goal = lambda n: False
    with pytest.raises(plumb.LimitReached):
        plumb.search(endless, "bfs", time_limit=3, progress=seen.append)
    assert seen and all(set(stats) >= {"expanded", "seconds"} for stats in seen)

    def failing(stats):
        raise RuntimeError("enough")

    with pytest.raises(plumb.LimitReached) as raised:  # a progress function that raises cancels
        plumb.search(endless, "bfs", time_limit=30, progress=failing)
    assert raised.value.reason == "cancelled"
