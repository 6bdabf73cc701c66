"""plumb.sliding's sizes (#37): sizes whose cell count overflows 32 bits segfaulted, hung with the
GIL held or gave 2-cell boards, and an empty size read a size that was never there; each is now
plumb.UsageError naming the size, as the program refuses it. distance() reads each tile as the
number it is: 1.5 or NaN is refused naming it, not truncated. Each risky call runs in a
subprocess of its own, so that a crash or a hang fails its case alone."""
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import plumb

REFUSED = [
    'plumb.sliding.sample("1000000x1000000", count=3)',
    'plumb.sliding.sample("46341x46341")',
    'plumb.sliding.sample("3x1431655766")',
    'plumb.sliding.sample("65536x65536")',
    'plumb.sliding.sample("")',
    'plumb.sliding.distance([1, 2, 3, 0], size="1000000x1000000")',
    'plumb.sliding.distance([1, 2, 3, 0], size="")',
    'plumb.explore("sliding", size="3x1431655766")',
]


@pytest.mark.parametrize("call", REFUSED)
def test_sizes_that_wrap_or_are_empty_are_refused(call):
    script = textwrap.dedent(f"""
        import plumb
        try:
            {call}
        except plumb.UsageError as error:
            print(error.option, error)
        """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("size "), run.stdout


def test_tiles_that_are_not_whole_numbers_are_refused_naming_them():
    for tile, shown in [(1.5, "1.5"), (float("nan"), "nan"), (float("inf"), "inf")]:
        with pytest.raises(plumb.InputError) as refused:
            plumb.sliding.distance(np.array([tile, 2, 3, 0]), size="2x2")
        assert shown in str(refused.value)
        assert refused.value.line == 1
    first = "blank-first"  # the boards below are that goal
    assert plumb.sliding.distance(np.array([0.0, 1.0, 2.0, 3.0]), goal=first) == 0
    one_board = np.array([[0, 1, 2, 3]], dtype=np.uint8)
    assert plumb.sliding.distance(one_board, goal=first).tolist() == [0]
    with pytest.raises(plumb.InputError):
        plumb.sliding.distance(np.zeros((1, 26), dtype=np.int64))
