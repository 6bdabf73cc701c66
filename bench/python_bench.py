#!/usr/bin/env python3
"""The Python package against the program and against plain Python, in one run (BENCHMARKS.md):

1. plumb.solve + plumb.render on 10,000 random 8-puzzles (puzzles/sliding/bench/sliding_instances.py, about half
   unsolvable) against `plumb solve sliding` on the same boards, from a file and from standard
   input: CPU seconds, best of 5, the outputs byte for byte the same; and Korf's 100 15-puzzles
   (blank-first, pattern databases 15-7-8 loaded from the cache, built first if missing), best of
   3, every length the published one.
2. A Python-defined 8-puzzle (examples/eight_puzzle.py) searched by plumb.search against the same
   breadth-first search written in plain Python (collections.deque and a dict), on the same 100 random solvable boards; and A*
   with Manhattan distance against a plain-Python A* (heapq): CPU seconds, the lengths equal.
3. plumb.sliding.sample labelling 10,000 random 15-puzzle boards (15-7-8) on THREADS threads, in
   boards a second, against `plumb solve sliding --goal blank-first --threads THREADS` on the same
   boards, one after another; every label equal to the program's length.
Each comparison runs its contenders in turn, several rounds, and keeps each one's best.

Usage: PYTHONPATH=BUILD/python python3 bench/python_bench.py PLUMB [THREADS=2]
The tables go to $PLUMB_CACHE (default ~/.cache/plumb), as the program's do.
"""
import heapq
import os
import pathlib
import resource
import subprocess
import sys
import time
from collections import deque

import plumb

HERE = pathlib.Path(__file__).resolve().parent
sys.path.append(str(HERE.parent / "examples"))
from eight_puzzle import EightPuzzle  # noqa: E402  (examples/eight_puzzle.py)
DATA = HERE.parent / "data"
PROGRAM = sys.argv[1]
THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 2


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def program(args, text):
    """(output, wall seconds, CPU seconds) of one run of the program."""
    cpu, wall = children_cpu(), time.perf_counter()
    run = subprocess.run([PROGRAM, *map(str, args)], input=text, capture_output=True, text=True,
                         check=True)
    return run.stdout, time.perf_counter() - wall, children_cpu() - cpu


def in_process(call):
    """(result, wall seconds, CPU seconds, every thread of this process) of call()."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = call()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def interleaved(rounds, *measures):
    """Runs the measures in turn, `rounds` times (so that a change in the machine's load falls on
    all of them alike); for each, (its result, its least wall seconds, its least CPU seconds)."""
    runs = [[] for _ in measures]
    for _ in range(rounds):
        for measure, results in zip(measures, runs):
            results.append(measure())
    return [(r[0][0], min(x[1] for x in r), min(x[2] for x in r)) for r in runs]


def row(name, wall, cpu, baseline_cpu, count, unit):
    print(f"  {name:<52} {wall:8.3f} s wall {cpu:8.3f} s cpu {count / cpu:12,.0f} {unit}/s (cpu)"
          f"  {cpu / baseline_cpu:5.2f}x the baseline's cpu")


def api_against_program():
    print("### 1. plumb.solve + plumb.render against `plumb solve`")
    text = subprocess.run([sys.executable, str(HERE.parent / "puzzles" / "sliding" / "bench" / "sliding_instances.py"), "10000", "1"],
                          capture_output=True, text=True, check=True).stdout
    boards = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"plumb-bench-{os.getpid()}.txt"
    boards.write_text(text)
    program(["solve", "sliding"], text)  # the distance table into the cache
    (expected, cli_wall, cli_cpu), (from_stdin, stdin_wall, stdin_cpu), \
        (_, start_wall, start_cpu), (ours, wall, cpu) = interleaved(
            9, lambda: program(["solve", "sliding", boards], ""),
            lambda: program(["solve", "sliding"], text),
            lambda: program(["solve", "sliding"], "1 2 3 4 5 6 7 8 x\n"),
            lambda: in_process(lambda: plumb.render(plumb.solve("sliding", text))))
    boards.unlink()
    assert ours == expected == from_stdin, "the outputs differ"
    print("10,000 random 3x3 boards, the distance table cached; outputs identical")
    row("plumb solve sliding FILE (a process each run)", cli_wall, cli_cpu, cli_cpu, 10000, "boards")
    row("plumb solve sliding <FILE", stdin_wall, stdin_cpu, cli_cpu, 10000, "boards")
    row("  a process's start and one board", start_wall, start_cpu, cli_cpu, 1, "runs")
    row("plumb.render(plumb.solve('sliding', text))", wall, cpu, cli_cpu, 10000, "boards")

    korf = [line.split() for line in (DATA / "korf100.txt").read_text().splitlines()
            if not line.startswith("#")]
    text = "".join(" ".join(fields[2:]) + "\n" for fields in korf)
    args = ["solve", "sliding", "--goal", "blank-first", "--threads", str(THREADS)]
    program(args, text)  # the databases into the cache, built if missing
    solve = lambda: plumb.render(plumb.solve("sliding", text, goal="blank-first", threads=THREADS))
    (expected, cli_wall, cli_cpu), (ours, wall, cpu) = interleaved(
        5, lambda: program(args, text), lambda: in_process(solve))
    assert ours == expected, "the outputs differ"
    assert [len(line) for line in ours.splitlines()] == [int(fields[1]) for fields in korf]
    print(f"Korf's 100 15-puzzles, 15-7-8 from the cache, {THREADS} threads; every length the "
          "published one")
    row("plumb solve sliding --goal blank-first", cli_wall, cli_cpu, cli_cpu, 100, "boards")
    row("plumb.render(plumb.solve('sliding', text, goal=...))", wall, cpu, cli_cpu, 100, "boards")


def python_bfs(domain):
    """Breadth-first search in plain Python: the length of a shortest solution, or None."""
    if domain.is_goal(domain.start):
        return 0
    parent = {domain.start: None}
    frontier = deque([(domain.start, 0)])
    while frontier:
        state, depth = frontier.popleft()
        for move, successor in domain.successors(state):
            if successor in parent:
                continue
            parent[successor] = (state, move)
            if domain.is_goal(successor):
                return depth + 1
            frontier.append((successor, depth + 1))
    return None


def python_astar(domain):
    """A* in plain Python (heapq, a dict of best costs): the length of a shortest solution."""
    best_cost = {domain.start: 0}
    frontier = [(domain.heuristic(domain.start), 0, domain.start)]
    while frontier:
        _, cost, state = heapq.heappop(frontier)
        if cost > best_cost[state]:
            continue
        if domain.is_goal(state):
            return cost
        for _, successor in domain.successors(state):
            if cost + 1 < best_cost.get(successor, cost + 2):
                best_cost[successor] = cost + 1
                heapq.heappush(frontier, (cost + 1 + domain.heuristic(successor), cost + 1,
                                          successor))
    return None


def domain_against_plain_python():
    print("\n### 2. a Python-defined 8-puzzle: plumb.search against plain Python")
    boards, distances = plumb.sliding.sample("3x3", count=100, seed=1, goal="blank-first")
    domains = [EightPuzzle(board.tolist()) for board in boards]
    for name, ours, theirs in [("bfs", "bfs", python_bfs), ("astar", "astar", python_astar)]:
        (expected, base_wall, base_cpu), (lengths, wall, cpu) = interleaved(
            3, lambda: in_process(lambda: [theirs(domain) for domain in domains]),
            lambda: in_process(lambda: [plumb.search(domain, ours).length for domain in domains]))
        assert lengths == expected == distances.tolist(), name
        print(f"{name}: 100 random solvable boards, the lengths equal")
        row(f"plain Python {name}", base_wall, base_cpu, base_cpu, 100, "boards")
        row(f"plumb.search(domain, '{ours}')", wall, cpu, base_cpu, 100, "boards")


def labels_at_scale():
    print(f"\n### 3. plumb.sliding.sample: 10,000 random 15-puzzles on {THREADS} threads")
    # The boards (with 15-7-8 into the cache, if missing), untimed: the program needs them.
    boards = plumb.sliding.sample("4x4", count=10000, seed=1, threads=THREADS,
                                 goal="blank-first")[0]
    text = "".join(" ".join(map(str, board)) + "\n" for board in boards)
    args = ["solve", "sliding", "--goal", "blank-first", "--threads", str(THREADS)]
    (output, cli_wall, cli_cpu), ((_, distances), wall, cpu) = interleaved(
        2, lambda: program(args, text),
        lambda: in_process(lambda: plumb.sliding.sample("4x4", count=10000, seed=1,
                                                         threads=THREADS, goal="blank-first")))
    assert [len(line) for line in output.splitlines()] == distances.tolist()
    print(f"the same boards; every label the program's length; mean {distances.mean():.2f}, "
          f"{distances.min()} to {distances.max()} moves")
    for name, seconds, cpu_seconds in [("plumb solve sliding, a board after another", cli_wall,
                                        cli_cpu),
                                       ("plumb.sliding.sample(count=10000)", wall, cpu)]:
        print(f"  {name:<44} {seconds:6.1f} s wall {10000 / seconds:6,.0f} boards/s "
              f"{cli_wall / seconds:5.2f}x   {cpu_seconds:6.1f} s cpu "
              f"{10000 / cpu_seconds:6,.0f} boards/s {cli_cpu / cpu_seconds:5.2f}x")


if __name__ == "__main__":
    print(f"# plumb {plumb.__version__} from Python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    api_against_program()
    domain_against_plain_python()
    labels_at_scale()
