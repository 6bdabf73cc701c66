#!/usr/bin/env python3
"""Puzzles of one's own as batched domains (docs/python.md): plumb's engine hands each callback a
numpy array of states, many at once, so Python runs once a batch and numpy does the work.

    PYTHONPATH=build/python python3 examples/batch_domains.py

A state is an int: pancakes keep the stack in 4 bits a pancake (the top first), Hanoi the peg of
each disc in 2 bits (the smallest first). tests/python and bench/python_bench.py use these classes.
"""
import numpy as np

import plumb


def nibbles_reversed(states):
    """Each uint64 with its 16 nibbles in the reverse order."""
    swapped = states.byteswap()
    low = np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((swapped & low) << np.uint64(4)) | ((swapped >> np.uint64(4)) & low)


class Pancakes:
    """A stack of n pancakes (n <= 15), sizes 0 to n-1; a move flips the top k (k = 2 to n). The
    goal is the sorted stack, the smallest on top."""

    batched = True

    def __init__(self, stack):
        self.size = len(stack)
        self.start = self.encode(stack)
        self.goal = self.encode(range(self.size))
        self.moves = list(range(2, self.size + 1))  # column j flips the top j + 2
        self._shifts = np.arange(self.size, dtype=np.uint64) * np.uint64(4)

    @staticmethod
    def encode(stack):
        return sum(int(pancake) << (4 * place) for place, pancake in enumerate(stack))

    def decode(self, state):
        return [(state >> (4 * place)) & 15 for place in range(self.size)]

    def successors(self, states):
        reversed_ = nibbles_reversed(states)
        children = np.empty((len(states), len(self.moves)), dtype=np.uint64)
        for column, flipped in enumerate(self.moves):
            below = np.uint64(~((1 << (4 * flipped)) - 1) & (2**64 - 1))
            children[:, column] = (states & below) | (reversed_ >> np.uint64(64 - 4 * flipped))
        return children

    predecessors = successors  # a flip undoes itself

    def heuristic(self, states):
        """The gap heuristic: neighbours in the stack (the plate below the largest) that are not
        neighbours in size, each needing a flip of its own."""
        stacks = ((states[:, None] >> self._shifts) & np.uint64(15)).astype(np.int16)
        with_plate = np.concatenate([stacks, np.full((len(states), 1), self.size, np.int16)], 1)
        return (np.abs(np.diff(with_plate, axis=1)) != 1).sum(axis=1)


class Hanoi:
    """Towers of Hanoi with `pegs` pegs (at most 4) and `discs` discs, all on the first peg, to
    move to the last; a move (a, b) takes the top disc of peg a onto peg b."""

    batched = True

    def __init__(self, discs, pegs=4):
        self.discs, self.pegs = discs, pegs
        self.start = 0
        self.goal = sum((pegs - 1) << (2 * disc) for disc in range(discs))
        self.moves = [(a, b) for a in range(pegs) for b in range(pegs) if a != b]
        self._from = np.array([a for a, _ in self.moves], dtype=np.intp)
        self._to = np.array([b for _, b in self.moves], dtype=np.intp)
        self._flip = np.array([a ^ b for a, b in self.moves], dtype=np.uint64)
        self._backward = [self.moves.index((b, a)) for a, b in self.moves]
        self._shifts = np.arange(discs, dtype=np.uint64) * np.uint64(2)
        # _smallest[byte, peg]: the smallest of the 4 discs a byte holds that is on the peg, or 64.
        places = (np.arange(256)[:, None] >> (2 * np.arange(4))) & 3
        self._smallest = np.array([[min([d for d in range(4) if places[b, d] == peg] or [64])
                                    for peg in range(4)] for b in range(256)], dtype=np.uint8)

    def tops(self, states):
        """(n, 4): the smallest disc on each peg, from 4 discs a byte; `discs` when it is empty."""
        tops = np.full((len(states), 4), 64, dtype=np.uint8)
        for byte in range((self.discs + 3) // 4):
            held = ((states >> np.uint64(8 * byte)) & np.uint64(255)).astype(np.intp)
            np.minimum(tops, self._smallest[held] + np.uint8(4 * byte), out=tops)
        return np.minimum(tops, np.uint8(self.discs))

    def successors(self, states):
        tops = self.tops(states)
        moving = tops[:, self._from]
        children = self._flip << (2 * moving).astype(np.uint64)  # the moving disc's bits
        children ^= states[:, None]
        children[moving >= tops[:, self._to]] = plumb.NO_STATE  # onto a smaller disc, or none
        return children

    def predecessors(self, states):  # (a, b) leads here from where (b, a) leads from here
        return self.successors(states)[:, self._backward]

    def heuristic(self, states):
        """The discs not on the last peg, each needing a move."""
        places = (states[:, None] >> self._shifts) & np.uint64(3)
        return (places != np.uint64(self.pegs - 1)).sum(axis=1)


if __name__ == "__main__":
    for domain in [Pancakes([7, 8, 1, 5, 3, 4, 2, 0, 9, 6]), Hanoi(8)]:
        result = plumb.search(domain, "bidir")
        print(f"{type(domain).__name__}: {result.length} moves, "
              f"{result.stats['expanded']} expanded: {result.moves}")
