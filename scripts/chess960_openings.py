#!/usr/bin/env python3
"""Write distinct Chess960 start positions, one FEN a line, sorted (docs/tuning.md).

    scripts/chess960_openings.py --count 400 --seed 215 > c960.epd

Each position is drawn at random (seeded): bishops on squares of both colours, the king
between the rooks. Castling rights are written as Shredder-FEN rook files (`HAha`), which
pyffish and Dabbaba both read. The file is the `--openings` of a fischerandom match
(`scripts/match.py --variant fischerandom --chess960 --openings c960.epd --shuffle`).
"""

import argparse
import random


def start_position(rng):
    rank = [None] * 8
    rank[rng.choice([1, 3, 5, 7])] = "b"
    rank[rng.choice([0, 2, 4, 6])] = "b"
    for piece in "qnn":
        rank[rng.choice([i for i in range(8) if rank[i] is None])] = piece
    left, king, right = [i for i in range(8) if rank[i] is None]
    rank[left], rank[king], rank[right] = "r", "k", "r"
    files = "abcdefgh"
    castling = (files[right] + files[left]).upper() + files[right] + files[left]
    back = "".join(rank)
    return f"{back}/pppppppp/8/8/8/8/PPPPPPPP/{back.upper()} w {castling} - 0 1"


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=400, help="positions (at most 960)")
    p.add_argument("--seed", type=int, default=215)
    args = p.parse_args()
    if not 1 <= args.count <= 960:
        p.error(f"--count must be between 1 and 960, not {args.count}")
    rng = random.Random(args.seed)
    found = set()
    while len(found) < args.count:
        found.add(start_position(rng))
    print("\n".join(sorted(found)))


if __name__ == "__main__":
    main()
