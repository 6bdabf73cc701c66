#!/usr/bin/env python3
"""Prints COUNT random 3x3 sliding-puzzle instances in the contest format (blank `x`), about half of
them unsolvable (uniform random arrangements). Deterministic: its own linear congruential generator,
so the same COUNT and SEED give the same file with any Python 3.

Usage: sliding_instances.py [COUNT=10000] [SEED=1]
"""
import sys


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    state = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    out = []
    for _ in range(count):
        tiles = ["1", "2", "3", "4", "5", "6", "7", "8", "x"]
        for i in range(8, 0, -1):  # Fisher-Yates with Knuth's MMIX LCG
            state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            j = (state >> 33) % (i + 1)
            tiles[i], tiles[j] = tiles[j], tiles[i]
        out.append(" ".join(tiles))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
