"""A search runs without the GIL: other Python threads go on meanwhile, and two threads may solve
at once, with the answers they give alone. The searches that show it are ones no machine finishes
(stopped by a time limit of a second), so the verdicts do not depend on the machine's speed."""
import threading
import time

import plumb
from conftest import HARD_BOARD, PUZZLES, sample


def stopped_search():
    """A search stopped by its time limit of one second; returns when it started and ended."""
    began = time.monotonic()
    try:
        plumb.solve("sliding", HARD_BOARD, goal="blank-first", algorithm="ida", time_limit=1)
    except plumb.LimitReached as stop:
        assert stop.reason == "time_limit"
    return began, time.monotonic()


def test_other_threads_run_during_a_search():
    stamps, done = [], threading.Event()

    def stamp():
        while not done.is_set():
            stamps.append(time.monotonic())
            time.sleep(0.001)

    stamper = threading.Thread(target=stamp)
    stamper.start()
    try:
        began, ended = stopped_search()
    finally:
        done.set()
        stamper.join()
    assert any(began + 0.2 < t < ended - 0.2 for t in stamps)


def test_two_threads_search_at_once():
    spans = []
    threads = [threading.Thread(target=lambda: spans.append(stopped_search())) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    (first_began, first_ended), (second_began, second_ended) = spans
    assert max(first_began, second_began) < min(first_ended, second_ended)


def test_threads_solving_at_once_answer_as_one_does():
    expected = {p: plumb.render(plumb.solve(p, sample(p, "in"))) for p in PUZZLES}
    answers, failures = {}, []

    def solve(puzzle):
        try:
            for _ in range(3):
                answers.setdefault(puzzle, []).append(
                    plumb.render(plumb.solve(puzzle, sample(puzzle, "in"))))
        except Exception as error:  # reported below, in the main thread
            failures.append(error)

    threads = [threading.Thread(target=solve, args=(p,)) for p in PUZZLES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    for puzzle in PUZZLES:
        assert answers[puzzle] == [expected[puzzle]] * 3
