"""Twisty puzzles through the Python package: a definition given by a shipped name, a path, or a
dict of KPuzzle JSON (cubing.js's form), and a bad one reported with its line."""
import json
import pathlib

import pytest

import plumb

DEFINITIONS = pathlib.Path(__file__).resolve().parents[1] / "definitions"


def test_a_definition_by_name_by_path_and_as_a_dict_solves_alike():
    by_name = plumb.solve("twisty", "R U F'\n", definition="2x2x2")
    by_path = plumb.solve("twisty", "R U F'\n", definition=DEFINITIONS / "2x2x2.tws")
    as_dict = plumb.solve("twisty", "R U F'\n",
                          definition=json.loads((DEFINITIONS / "2x2x2.kpuzzle.json").read_text()))
    assert by_name[0].moves == by_path[0].moves == as_dict[0].moves == ["F", "U'", "R'"]
    assert by_name[0].length == 3 and by_name[0].optimal


def test_an_exploration_counts_every_position():
    exploration = plumb.explore("twisty", definition=DEFINITIONS / "floppy.tws")
    assert exploration.total == 192 and len(exploration.layers) == 9


def test_a_bad_definition_names_its_line():
    with pytest.raises(plumb.InputError, match=r"the definition:3: no set named 'B'"):
        plumb.solve("twisty", "U\n", definition="Set A 2 1\nSolved\nB\n1 2\nEnd\n")


def test_all_lists_every_optimal_solution():
    solutions = plumb.solve("twisty", "R U R' U'\n", definition="2x2x2", all=True)
    record = json.loads(plumb.render(solutions, "json"))
    assert record["solutions"] == [["U", "L", "F'", "L'"], ["U", "R", "U'", "R'"],
                                   ["D", "B", "D'", "R'"]]
    assert solutions[0].moves == record["solutions"][0]
    assert "solutions" not in json.loads(
        plumb.render(plumb.solve("twisty", "R\n", definition="2x2x2", all=False), "json"))
    with pytest.raises(TypeError, match="argument 'all' must be True, False or None"):
        plumb.solve("twisty", "R\n", definition="2x2x2", all="yes")
