#!/usr/bin/env python3
"""Perft time of two Dabbaba binaries on the positions `dabbaba bench` searches.

`bench` nps measures the search and the evaluation as much as the board, so it cannot tell
whether a board-core change made a binary faster once either of those changed too. This
script times only the board (move generation, make and unmake, legality) on the same
positions: `perft DEPTH --fen FEN` for every bench position, the two binaries alternating
position by position, RUNS rounds, each perft timed by the binary itself (without its
start-up). It checks that both count the same nodes and prints, per binary, the total time
of each round and their median, then the ratio NEW / OLD.

Usage: scripts/perft_bench_positions.py OLD NEW [--variant chess] [--depth 5] [--runs 3]
The positions come from NEW's `bench --json --depth 1` (the bench FENs do not depend on the
depth).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys


def run(args):
    """The standard output of `args`; a binary that is missing or fails ends the script
    with its error, not a traceback."""
    try:
        proc = subprocess.run(args, capture_output=True, text=True)
    except OSError as e:
        sys.exit(f"cannot run {args[0]}: {e.strerror}")
    if proc.returncode != 0:
        last = proc.stderr.strip().splitlines()[-1:] or [f"exit status {proc.returncode}"]
        sys.exit(f"{' '.join(args)}: {last[0]}")
    return proc.stdout


def bench_fens(binary, variant):
    out = run([binary, "bench", "--json", "--depth", "1", "--variant", variant])
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    return [r["fen"] for r in rows if r.get("type") == "position"]


def timed_perft(binary, variant, fen, depth):
    """(nodes, seconds) of one perft, timed by the binary itself: the start-up (table
    building) is left out, so a difference in it does not count as board speed."""
    out = run([binary, "perft", str(depth), "--json", "--variant", variant, "--fen", fen])
    row = json.loads(out.strip().splitlines()[-1])
    # `time_ms` is whole milliseconds; `nps` was computed from the exact time.
    return row["nodes"], row["nodes"] / max(row["nps"], 1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    if os.path.realpath(args.old) == os.path.realpath(args.new):
        sys.exit("OLD and NEW must be two files (copy the binary to compare it with itself)")
    fens = bench_fens(args.new, args.variant)
    if not fens:
        sys.exit(f"no bench positions for {args.variant}")
    totals = {args.old: [], args.new: []}
    nodes = 0
    for run in range(args.runs):
        secs = {args.old: 0.0, args.new: 0.0}
        nodes = 0
        for fen in fens:
            counts = {}
            for binary in (args.old, args.new):
                counts[binary], took = timed_perft(binary, args.variant, fen, args.depth)
                secs[binary] += took
            if counts[args.old] != counts[args.new]:
                sys.exit(f"node counts differ on {fen}: {counts}")
            nodes += counts[args.new]
        for binary, s in secs.items():
            totals[binary].append(s)
        print(f"round {run + 1}: old {secs[args.old]:.3f} s, new {secs[args.new]:.3f} s", flush=True)
    old_median = statistics.median(totals[args.old])
    new_median = statistics.median(totals[args.new])
    print(f"{len(fens)} positions, perft {args.depth}, {nodes} nodes per round")
    print(f"old {args.old}: median {old_median:.3f} s ({', '.join(f'{s:.3f}' for s in totals[args.old])})")
    print(f"new {args.new}: median {new_median:.3f} s ({', '.join(f'{s:.3f}' for s in totals[args.new])})")
    print(f"new / old: {new_median / old_median:.3f}")


if __name__ == "__main__":
    main()
