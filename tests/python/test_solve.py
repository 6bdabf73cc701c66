"""plumb.solve, plumb.explore and plumb.render against the program: every published sample's
contest text byte for byte, the pretty text byte for byte, the JSON records key for key (but the
times), each Solution's fields as the JSON record has them, and every sliding solution replayed to
the goal; plumb.scramble's starts, the same for a seed, each solved."""
import json

import pytest

import plumb
from conftest import PUZZLES, sample

SLIDING_STEPS = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def without_times(record):
    record = dict(record)
    record.pop("stats", None)
    record.pop("table_build", None)  # whether this run built cubic's table
    return record


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_sample_renders_as_its_published_output(puzzle):
    solutions = plumb.solve(puzzle, sample(puzzle, "in").read_text())
    assert plumb.render(solutions, "contest") == sample(puzzle, "out").read_text()
    assert plumb.render(solutions) == sample(puzzle, "out").read_text()
    assert [s.dataset for s in solutions] == list(range(1, len(solutions) + 1))


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_algorithm_answers_the_samples_alike(puzzle):
    declared = next(p for p in plumb.puzzles() if p.name == puzzle)
    expected = [s.length for s in plumb.solve(puzzle, sample(puzzle, "in"))]
    for algorithm in declared.algorithms:
        if puzzle == "sliding" and algorithm in ("pdb", "astar-ida"):
            continue  # no pattern databases for 3x3 boards by default
        solutions = plumb.solve(puzzle, sample(puzzle, "in"), algorithm=algorithm)
        assert [s.length for s in solutions] == expected, algorithm


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_pretty_and_json_are_the_programs(puzzle, program):
    solutions = plumb.solve(puzzle, sample(puzzle, "in"))
    pretty = program("solve", puzzle, sample(puzzle, "in"), "--format", "pretty")
    assert pretty.returncode == 0
    assert plumb.render(solutions, "pretty") == pretty.stdout
    records = program("solve", puzzle, sample(puzzle, "in"), "--format", "json")
    assert records.returncode == 0
    expected = [json.loads(line) for line in records.stdout.splitlines()]
    ours = [json.loads(line) for line in plumb.render(solutions, "json").splitlines()]
    assert [without_times(r) for r in ours] == [without_times(r) for r in expected]
    for solution, record in zip(solutions, expected):
        assert solution.dataset == record["dataset"]
        assert solution.line == record["line"]
        assert solution.length == record["length"]
        assert solution.optimal == record["optimal"]
        assert solution.status == record["status"]
        assert solution.method == record["method"]
        assert solution.moves == record["moves"]
        assert solution.states == record["states"]
        assert set(solution.stats) == set(record["stats"])
        assert solution.stats["reason"] == record["stats"]["reason"]


def replay_sliding(board, moves, columns):
    board = list(board)
    for move in moves:
        blank = board.index(0)
        row, column = divmod(blank, columns)
        step_row, step_column = SLIDING_STEPS[move]
        assert 0 <= column + step_column < columns
        target = (row + step_row) * columns + column + step_column
        assert 0 <= target < len(board)
        board[blank], board[target] = board[target], 0
        yield list(board)


def test_sliding_solutions_replay_to_the_goal():
    boards = "2 3 4 1 5 x 7 6 8\n8 7 6 5 4 3 2 1 x\n1 2 3 4 5 6 8 7 x\n1 2 3 4 5 6 7 8 x\n"
    solutions = plumb.solve("sliding", boards, algorithm="ida")
    assert [s.length for s in solutions][2:] == [None, 0]
    for solution in solutions:
        if solution.length is None:
            assert solution.moves is None
            assert len(solution.states) == 1
            continue
        replayed = list(replay_sliding(solution.states[0], solution.moves, 3))
        assert replayed == solution.states[1:]
        assert solution.states[-1] == [1, 2, 3, 4, 5, 6, 7, 8, 0]
        assert len(solution.moves) == solution.length


def test_options_are_the_programs_long_options():
    deal = "2\n21 23 12\n11 22 13\n\n11 12 13\n23 21 22\n"
    assert [s.length for s in plumb.solve("gap", deal, suits=2, values=3)] == [4, None]
    assert plumb.render(plumb.solve("cubic", sample("cubic", "in"), max_moves=30)) == \
        sample("cubic", "out").read_text()
    assert plumb.solve("sliding", "1 2 3 5 4 x", size="2x3")[0].length is None
    assert plumb.solve("sliding", "0 1 2 3 4 5", size="2x3", goal="blank-first")[0].length == 0


def test_a_file_is_read_and_named_as_the_program_names_it(program):
    path = sample("sliding", "in")
    assert plumb.render(plumb.solve("sliding", path)) == program("solve", "sliding", path).stdout
    assert plumb.render(plumb.solve("sliding", str(path).encode() and path.read_bytes())) == \
        sample("sliding", "out").read_text()


def test_explorations_are_the_programs(program, cases, tmp_path):
    """Every registered puzzle's small exploration (its cases), by the package and by the program:
    a start the case gives on standard input ("-") is given to both as one file."""
    for puzzle in PUZZLES:
        explore = cases[puzzle]["explore"]
        start = tmp_path / f"{puzzle}.in"
        start.write_text(explore["input"])
        args = [str(start) if word == "-" else word for word in explore["args"]]
        options, words = {}, iter(word for word in args if word != str(start))
        for word in words:  # "--suits", "2" as suits="2"
            options[word.removeprefix("--").replace("-", "_")] = next(words)
        exploration = plumb.explore(puzzle, **({"path": start} if "-" in explore["args"] else {}),
                                    **options)
        pretty = program("explore", puzzle, *args, "--format", "pretty")
        assert plumb.render(exploration, "pretty") == pretty.stdout, puzzle
        record = json.loads(program("explore", puzzle, *args, "--format", "json").stdout)
        assert exploration.layers == record["layers"]
        assert exploration.total == record["total"] == sum(exploration.layers)
        assert exploration.origin == record["origin"]
        assert exploration.start == record["start"]
        assert exploration.deepest == record["deepest"]
        assert exploration.stats["reason"] == "exhausted"
        ours = json.loads(plumb.render(exploration, "json"))
        assert without_times(ours) == without_times(record)


def test_an_exploration_starts_from_the_inputs_first_dataset():
    exploration = plumb.explore("sliding", "1 2 3 4 5 x\n", size="2x3")
    assert exploration.origin == "<input> line 1"
    assert exploration.start == [1, 2, 3, 4, 5, 0]
    assert exploration.total == 360


def test_puzzles_are_declared_as_the_program_lists_them(program):
    listed = program("list").stdout
    for puzzle in plumb.puzzles():
        assert puzzle.name in listed
        assert puzzle.summary in listed
        assert puzzle.algorithms
        # an option that only one command reads is declared there alone (explore without --pdb)
        help_text = (program("solve", puzzle.name, "--help").stdout +
                     program("explore", puzzle.name, "--help").stdout)
        for option in puzzle.options:
            assert "--" + option.name.replace("_", "-") in help_text
            assert option.type in ("integer", "text", "file", "flag")
            if option.type == "integer":
                assert option.min <= option.default <= option.max
            elif option.type == "flag":
                assert option.default is False and not option.choices
            else:
                assert option.min is None and option.max is None
    cubic = next(p for p in plumb.puzzles() if p.name == "cubic")
    assert "max_moves" in [option.name for option in cubic.options]
    assert plumb.__version__ in program("--version").stdout


def test_scramble_deals_the_same_start_for_a_seed_and_each_has_a_solution(cases):
    """Every registered puzzle, under its cases' options for scrambles (small boards)."""
    for puzzle in PUZZLES:
        words = iter(cases[puzzle]["scrambled"])
        options = {word.removeprefix("--").replace("-", "_"): next(words) for word in words}
        starts = {plumb.scramble(puzzle, seed=seed, **options) for seed in (1, 2, 3)}
        assert len(starts) > 1, puzzle
        assert plumb.scramble(puzzle, seed=2, **options) in starts, puzzle
        for start in starts:
            [solution] = plumb.solve(puzzle, start, **options)
            assert solution.length is not None, (puzzle, start)


def test_scramble_refuses_bad_seeds():
    with pytest.raises(ValueError, match="from 0 to 2\\*\\*64 - 1"):
        plumb.scramble("sliding", seed=-1)
    with pytest.raises(TypeError, match="seed"):
        plumb.scramble("sliding", seed="7")
    assert plumb.scramble("sliding", seed=2**64 - 1).count(" ") == 8
