"""plumb.sliding: uniformly random solvable boards, reproducible for a seed whatever the threads,
labelled with their exact optimal distances to the blank-first goal, the same as the puzzle's
solvers give them (3x3: the distance table; 4x4: pattern databases, here the small 15-555 set)."""
import numpy as np
import pytest

import plumb


def sample_first(*args, **keywords):
    """plumb.sliding.sample for the blank-first goal, whose labels these tests check."""
    return plumb.sliding.sample(*args, goal="blank-first", **keywords)


def distance_first(*args, **keywords):
    """plumb.sliding.distance for the blank-first goal."""
    return plumb.sliding.distance(*args, goal="blank-first", **keywords)


def as_text(boards):
    return "".join(" ".join(map(str, board)) + "\n" for board in boards)


def solvable(board, columns):
    """The parity rule for the blank-first goal: a board reaches it exactly when the parity of its
    tiles' permutation (the blank counted) equals that of the blank's distance from cell 0."""
    tiles = list(board)
    swaps = 0
    for cell in range(len(tiles)):
        while tiles[cell] != cell:
            target = tiles[cell]
            tiles[cell], tiles[target] = tiles[target], tiles[cell]
            swaps += 1
    blank = list(board).index(0)
    return swaps % 2 == (blank // columns + blank % columns) % 2


def test_samples_are_reproducible_whatever_the_threads():
    boards, distances = sample_first("3x3", count=300, seed=5, threads=1)
    again, again_distances = sample_first("3x3", count=300, seed=5, threads=2)
    assert boards.dtype == np.uint8 and boards.shape == (300, 9)
    assert distances.shape == (300,)
    assert (boards == again).all() and (distances == again_distances).all()
    other, _ = sample_first("3x3", count=300, seed=6)
    assert not (boards == other).all()
    first, _ = sample_first("3x3", count=10, seed=5)
    assert (first == boards[:10]).all()


def test_sampled_boards_are_solvable_permutations():
    for size, columns in [("2x3", 3), ("3x3", 3), ("2x5", 5)]:
        boards, _ = sample_first(size, count=200, seed=1)
        for board in boards:
            assert sorted(board) == list(range(boards.shape[1]))
            assert solvable(board, columns)


def test_sampled_boards_are_spread_over_the_states():
    # Of the 360 boards of the 2x3 puzzle that reach the goal, 3,600 draws miss few: a uniform
    # draw misses a given board with probability (1 - 1/360)^3600 < 0.0001.
    boards, distances = sample_first("2x3", count=3600, seed=2)
    assert len({tuple(board) for board in boards}) >= 350
    assert {board.tolist().index(0) for board in boards} == set(range(6))


def test_3x3_labels_are_the_distance_tables():
    boards, distances = sample_first("3x3", count=2000, seed=11)
    solutions = plumb.solve("sliding", as_text(boards), goal="blank-first", algorithm="table")
    assert distances.tolist() == [s.length for s in solutions]
    bidir = plumb.solve("sliding", as_text(boards[:100]), goal="blank-first", algorithm="bidir")
    assert distances[:100].tolist() == [s.length for s in bidir]
    assert distances.dtype == np.int32
    assert 0 <= distances.min() and distances.max() <= 31  # the 8-puzzle's diameter


def test_4x4_labels_are_optimal():
    boards, distances = sample_first("4x4", count=2, seed=3, pdb="15-555")
    assert boards.shape == (2, 16)
    for board in boards:
        assert solvable(board, 4)
    by_ida = plumb.solve("sliding", as_text(boards), goal="blank-first", algorithm="ida")
    assert distances.tolist() == [s.length for s in by_ida]


def test_distance_labels_given_boards():
    boards, distances = sample_first("3x3", count=50, seed=8)
    assert distance_first(boards).tolist() == distances.tolist()
    assert distance_first(boards.tolist(), threads=1).tolist() == distances.tolist()
    assert distance_first(boards[0]) == distances[0]
    walks = np.array([[1, 2, 3, 0, 4, 5, 8, 9, 6, 7, 10, 11, 12, 13, 14, 15],
                      [4, 1, 2, 3, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]])
    expected = [s.length for s in plumb.solve("sliding", as_text(walks), goal="blank-first",
                                               algorithm="ida")]
    assert distance_first(walks, pdb="15-555").tolist() == expected
    assert distance_first([[0, 1, 2, 3, 4, 5, 6, 7]], size="2x4").tolist() == [0]


def test_boards_that_are_not_boards_are_named():
    with pytest.raises(plumb.InputError) as raised:
        distance_first([[0, 1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 2, 3, 4, 5, 6, 7, 8]])
    assert (raised.value.source, raised.value.line) == ("boards", 2)
    with pytest.raises(plumb.InputError) as raised:
        distance_first([[0, 2, 1, 3, 4, 5, 6, 7, 8]])
    assert "cannot reach the goal" in str(raised.value)
    with pytest.raises(plumb.UsageError) as raised:
        distance_first([[0, 1, 2, 3, 4, 5, 6, 7]])
    assert raised.value.option == "size"
    with pytest.raises(plumb.UsageError) as raised:
        distance_first([[0, 1, 2, 3, 4, 5, 6, 7, 8]], pdb="15-555")
    assert raised.value.option == "pdb"


def test_an_empty_sample():
    boards, distances = sample_first("3x3", count=0)
    assert boards.shape == (0, 9) and distances.shape == (0,)
