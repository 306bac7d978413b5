#!/usr/bin/env python3
"""Writes tests/data/fen-walks.tsv: random games played by pyffish, with the FEN pyffish gives
after each checkpoint, for the FEN-output test (tests/perft_position.rs).

Usage: scripts/crosscheck_fen.py [VARIANT ...] [--games N] [--plies N] [--every K] [--seed S]
                                [--ini FILE] > FILE
Without variant names it writes the walks of tests/data/fen-walks.tsv; the hands variants are
in tests/data/fen-walks-hands.tsv (same seed, their names given).
Columns: variant<TAB>chess960<TAB>moves (space separated)<TAB>fen after the moves.
"""
import argparse
import random

import pyffish as sf

VARIANTS = """chess fischerandom torpedo berolina pawnsideways pawnback legan grasshopper knightmate
shatranj makruk cambodian karouk asean capablanca caparandom grand shako gustav3 omicron wolf
spartan coregal jesonmor troitzky courier""".split()

ap = argparse.ArgumentParser()
ap.add_argument("variants", nargs="*")
ap.add_argument("--ini", help="variants.ini loaded into pyffish first")
ap.add_argument("--games", type=int, default=2)
ap.add_argument("--plies", type=int, default=40)
ap.add_argument("--every", type=int, default=10)
ap.add_argument("--seed", type=int, default=3)
a = ap.parse_args()
rng = random.Random(a.seed)
if a.ini:
    with open(a.ini) as f:
        sf.load_variant_config(f.read())
print("# Random games played by pyffish %s; FEN after the moves (scripts/crosscheck_fen.py)."
      % ".".join(map(str, sf.version())))
for v in a.variants or VARIANTS:
    c960 = v in ("fischerandom", "caparandom")
    start = sf.start_fen(v)
    for g in range(a.games):
        moves = []
        for ply in range(1, a.plies + 1):
            legal = sf.legal_moves(v, start, moves, c960)
            if not legal:
                break
            moves.append(rng.choice(legal))
            if ply % a.every == 0:
                print("%s\t%s\t%s\t%s" % (v, "true" if c960 else "false", " ".join(moves),
                                          sf.get_fen(v, start, moves, c960)))
