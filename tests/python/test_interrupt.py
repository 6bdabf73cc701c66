"""Ctrl-C during a search: SIGINT to the process raises KeyboardInterrupt in the caller within
200 ms, through the search context's cancellation, for a built-in puzzle and a Python-defined
domain. Each search is one no machine finishes first (a 24-puzzle by IDA* with Manhattan distance
and linear conflicts; a domain without a goal); the time bound has a wide margin and only catches an
interrupt that is not seen at all."""
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from conftest import HARD_BOARD

SEARCHES = {
    "builtin": f'plumb.solve("sliding", "{HARD_BOARD}", goal="blank-first", algorithm="ida")',
    "domain": "plumb.search(Endless())",
}


@pytest.mark.parametrize("search", SEARCHES)
def test_sigint_raises_keyboard_interrupt_promptly(search):
    script = textwrap.dedent(f"""
        import sys, time, plumb

        class Endless:
            start = 0
            def is_goal(self, state):
                return False
            def successors(self, state):
                yield "up", state + 1

        print("searching", flush=True)
        try:
            {SEARCHES[search]}
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(0)
        print("not interrupted", flush=True)
    """)
    started = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert started.stdout.readline() == "searching\n"
        time.sleep(0.3)  # well inside the search (a late signal is still inside it)
        sent = time.monotonic()
        started.send_signal(signal.SIGINT)
        out, _ = started.communicate(timeout=60)
        elapsed = time.monotonic() - sent
    finally:
        if started.poll() is None:
            started.kill()
    assert out == "interrupted\n"
    assert started.returncode == 0
    assert elapsed < 5  # the interrupt is seen within 200 ms; 5 s only says it was seen
