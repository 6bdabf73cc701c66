"""plumb.tables() and plumb.build_tables(): the sets of precomputed tables the puzzles declare,
listed with what the session's cache holds of them, built into it as `plumb tables build` builds
them, and read from there by a solve; a name no puzzle declares and a limit are refused as the
program refuses them."""
import logging
import os

import pytest

import plumb


def test_every_declared_set_is_listed_as_the_program_lists_it(program):
    sets = plumb.tables()
    names = [table.name for table in sets]
    assert len(names) == len(set(names))
    assert {"15-7-8", "distances-3x3", "views-3x3"} <= set(names)
    listed = program("tables", "list").stdout
    for table in sets:
        assert table.puzzle in [puzzle.name for puzzle in plumb.puzzles()]
        assert table.title and table.serves and table.files
        assert 0 <= table.present <= len(table.files)
        assert f"{table.name} " in listed


def test_a_set_is_built_into_the_cache_and_read_from_there(caplog):
    built = plumb.build_tables("views-2x4")
    assert built.name == "views-2x4" and built.puzzle == "cubic" and built.serves == "2x4"
    assert built.present == len(built.files) == 1
    assert built.bytes == os.path.getsize(built.files[0]) > 0
    assert [table for table in plumb.tables() if table.name == "views-2x4"] == [built]
    with caplog.at_level(logging.INFO, logger="plumb"):
        [solution] = plumb.solve("cubic", "4 1\nW W W W\nW W W E\n0 0\n", size="2x4",
                                 algorithm="table")
    assert solution.length == 9
    assert not [record for record in caplog.records if "building" in record.getMessage()]
    assert plumb.build_tables("views-2x4", force=True) == built


def test_a_name_no_puzzle_declares_is_a_usage_error():
    with pytest.raises(plumb.UsageError, match="no table set named 15-9") as raised:
        plumb.build_tables("15-9")
    assert raised.value.option == "set"
    with pytest.raises(TypeError, match="'name' must be a str"):
        plumb.build_tables(15)


def test_a_build_past_the_memory_limit_stops_and_keeps_nothing():
    with pytest.raises(plumb.LimitReached) as raised:
        plumb.build_tables("views-3x3", max_memory="1M")
    assert raised.value.reason == "memory_limit"
    [views] = [table for table in plumb.tables() if table.name == "views-3x3"]
    assert views.present == 0
