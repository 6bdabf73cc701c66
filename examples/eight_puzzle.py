#!/usr/bin/env python3
"""A puzzle of one's own in Python, searched by plumb's engine: the 8-puzzle, written as any Python
programmer would write it, solved by every algorithm of plumb.search and checked against plumb's
built-in sliding puzzle.

    PYTHONPATH=build/python python3 examples/eight_puzzle.py [TILES...]   (default: a random board)

A state is a tuple of the 9 tiles row by row, 0 for the blank; a move is the way the blank goes, as
the built-in puzzle names them; the goal is blank-first (0 1 2 ...). tests/python and
bench/python_bench.py use this class too.
"""
import sys

import plumb

STEPS = {"u": -3, "d": 3, "l": -1, "r": 1}
INVERSE = {"u": "d", "d": "u", "l": "r", "r": "l"}


class EightPuzzle:
    goal = (0, 1, 2, 3, 4, 5, 6, 7, 8)

    def __init__(self, start):
        self.start = tuple(start)

    def is_goal(self, state):
        return state == self.goal

    def successors(self, state):
        blank = state.index(0)
        row, column = divmod(blank, 3)
        for move, allowed in (("u", row > 0), ("d", row < 2), ("l", column > 0), ("r", column < 2)):
            if allowed:
                tiles = list(state)
                target = blank + STEPS[move]
                tiles[blank], tiles[target] = tiles[target], 0
                yield move, tuple(tiles)

    def predecessors(self, state):  # each move undone: from the neighbour back to this state
        for move, neighbour in self.successors(state):
            yield INVERSE[move], neighbour

    def heuristic(self, state):  # Manhattan distance: admissible
        return sum(abs(cell // 3 - tile // 3) + abs(cell % 3 - tile % 3)
                   for cell, tile in enumerate(state) if tile)


def main():
    if len(sys.argv) > 1:
        board = [int(tile) for tile in sys.argv[1:]]
    else:
        board = plumb.sliding.sample("3x3", count=1, seed=27)[0][0].tolist()
    built_in = plumb.solve("sliding", " ".join(map(str, board)), goal="blank-first")[0].length
    print("board", *board, f"(the built-in puzzle: {built_in} moves)")
    # IDA* cannot tell that a board has no solution: it would deepen for ever.
    for algorithm in ["bfs", "astar", "ida", "bidir"] if built_in is not None else ["bfs"]:
        result = plumb.search(EightPuzzle(board), algorithm)
        moves = "".join(result.moves) if result.moves is not None else "none"
        print(f"{algorithm:>5}: {result.length} moves, {result.stats['expanded']} expanded: {moves}")
        if result.length != built_in:
            sys.exit(f"{algorithm} disagrees with the built-in puzzle")


if __name__ == "__main__":
    main()
