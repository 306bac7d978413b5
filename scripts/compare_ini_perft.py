#!/usr/bin/env python3
"""Perft from the start position of every variant a variants.ini defines, Dabbaba against
pyffish (Fairy-Stockfish's Python binding, `pip install pyffish==0.0.90`).

    scripts/compare_ini_perft.py FILE [--depth 2] [--dabbaba target/release/dabbaba]

Dabbaba loads FILE section by section (`dabbaba check --json FILE` says which sections
loaded); pyffish loads the same file with `load_variant_config`. Prints the variants that
agree, those that differ (Dabbaba's count or its error, then pyffish's) and those pyffish
does not know. Exit status 1 when any differ.
"""

import argparse
import json
import subprocess
import sys

import pyffish as sf


def perft(variant, fen, moves, depth):
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in legal)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ini")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--dabbaba", default="target/release/dabbaba")
    a = ap.parse_args()
    with open(a.ini, encoding="utf-8") as fh:
        sf.load_variant_config(fh.read())
    out = subprocess.run([a.dabbaba, "check", "--json", a.ini], capture_output=True, text=True)
    names = json.loads(out.stdout)["variants"]
    agree, differ, unknown = [], [], []
    for name in names:
        try:
            fen = sf.start_fen(name)
            ref = perft(name, fen, [], a.depth)
        except Exception:  # pyffish raises plain exceptions for unknown variants
            unknown.append(name)
            continue
        run = subprocess.run([a.dabbaba, "-q", "--variants", a.ini, "perft", str(a.depth),
                              "--variant", name], capture_output=True, text=True)
        ours = next((int(line.split(":")[1]) for line in run.stdout.splitlines()
                     if line.startswith("Nodes searched:")), None)
        if ours == ref:
            agree.append(name)
        else:
            differ.append((name, ours if ours is not None else run.stderr.strip(), ref))
    print(f"{len(agree)} agree at depth {a.depth}")
    for name, ours, ref in differ:
        print(f"differ: {name}: dabbaba {ours}, pyffish {ref}")
    if unknown:
        print(f"unknown to pyffish: {' '.join(unknown)}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
