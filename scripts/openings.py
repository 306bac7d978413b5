#!/usr/bin/env python3
"""Write a match's openings as an EPD file, one position a line.

The positions are the ones `scripts/match.py` plays with the same `--variant`, `--games`,
`--openings`, `--shuffle`, `--random-plies` and `--seed`: each opening's random plies
are played out by pyffish and the resulting FEN is written. This is how
`scripts/cutechess.sh` gives cutechess-cli the openings of a match.py run.

Example (50 openings of 8 random plies for a 100-game makruk match):

    scripts/openings.py --variant makruk --games 100 --random-plies 8 --seed 1 > makruk.epd
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from matchlib import referee as refmod  # noqa: E402
from matchlib.openings import build_openings, read_fen_file  # noqa: E402


def build_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    p.add_argument("--variant", default="chess")
    p.add_argument("--variants-ini", metavar="FILE", help="variant definitions for the referee")
    p.add_argument("--chess960", action="store_true")
    p.add_argument("--games", type=int, default=2,
                   help="games of the match; one opening is written per pair")
    p.add_argument("--openings", metavar="FILE", help="EPD/FEN file to start from")
    p.add_argument("--shuffle", action="store_true")
    p.add_argument("--random-plies", type=int, default=0, metavar="N")
    p.add_argument("--seed", type=int, default=1)
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        if args.variants_ini:
            refmod.load_variants_ini(args.variants_ini)
        referee = refmod.Referee(args.variant, chess960=args.chess960)
        fens = read_fen_file(args.openings) if args.openings else None
        pairs = max(1, (args.games + 1) // 2)
        openings = build_openings(referee, pairs, fens, args.random_plies, args.seed, args.shuffle)
    except (ValueError, OSError, refmod.RefereeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for opening in openings:
        print(referee.fen(opening.fen, opening.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
