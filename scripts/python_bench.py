#!/usr/bin/env python3
"""Calls per second of the `dabbaba` Python module beside pyffish, and perft through the
module beside the binary (docs/performance.md, "The Python module").

Usage: scripts/python_bench.py [--variants chess shogi ...] [--positions N] [--seed S]
                               [--binary target/release/dabbaba]

For each variant, N positions from seeded random play (the same for both modules); each
function is called on every position as a referee calls it (the game's start FEN and the
moves played), in rounds, alternating the two modules, and the median rate is printed.
Both modules rebuild the position from the moves on every call, as pyffish's interface asks.
"""

import argparse
import random
import re
import statistics
import subprocess
import time

import dabbaba
import pyffish


def positions(variant, count, rng):
    start = pyffish.start_fen(variant)
    out = []
    while len(out) < count:
        moves = []
        for _ in range(rng.randrange(10, 60)):
            legal = pyffish.legal_moves(variant, start, moves)
            if not legal:
                break
            moves.append(rng.choice(legal))
        out.append((start, moves))
    return out


def rate(call, cases, rounds=5):
    """Median calls per second over `rounds` passes through `cases`."""
    rates = []
    for _ in range(rounds):
        t = time.perf_counter()
        for args in cases:
            call(*args)
        rates.append(len(cases) / (time.perf_counter() - t))
    return statistics.median(rates)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variants", nargs="+", default=["chess", "crazyhouse", "shogi", "xiangqi",
                                                     "capablanca", "grand"])
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--binary", default="target/release/dabbaba")
    args = p.parse_args()
    rng = random.Random(args.seed)
    print(f"{'variant':12} {'function':14} {'pyffish/s':>10} {'dabbaba/s':>10} {'ratio':>6}")
    for variant in args.variants:
        cases = [(variant, start, moves) for start, moves in positions(variant, args.positions, rng)]
        for name in ("legal_moves", "game_result", "get_fen"):
            theirs = rate(getattr(pyffish, name), cases)
            ours = rate(getattr(dabbaba, name), cases)
            print(f"{variant:12} {name:14} {theirs:10.0f} {ours:10.0f} {ours / theirs:6.2f}")
    print()
    print(f"{'perft':24} {'module s':>9} {'binary s':>9}")
    for variant, depth in [("chess", 6), ("xiangqi", 5), ("shogi", 5)]:
        t = time.perf_counter()
        nodes = dabbaba.perft(variant, "startpos", [], depth)
        module = time.perf_counter() - t
        t = time.perf_counter()
        out = subprocess.run([args.binary, "perft", str(depth), "--variant", variant],
                             capture_output=True, text=True, check=True).stdout
        binary = time.perf_counter() - t
        want = int(re.search(r"Nodes searched: (\d+)", out).group(1))
        assert nodes == want, (variant, nodes, want)
        print(f"{variant + ' ' + str(depth):12} {nodes:>11} {module:9.2f} {binary:9.2f}")


if __name__ == "__main__":
    main()
