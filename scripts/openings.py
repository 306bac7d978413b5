#!/usr/bin/env python3
"""Write a match's openings as an EPD file, one position a line.

The positions are the ones `scripts/match.py` plays with the same `--variant`, `--games`,
`--openings`, `--shuffle`, `--random-plies` and `--seed`: each opening's random plies
are played out by pyffish and the resulting FEN is written. This is how
`scripts/cutechess.sh` gives cutechess-cli the openings of a match.py run.

Example (50 openings of 8 random plies for a 100-game makruk match):

    scripts/openings.py --variant makruk --games 100 --random-plies 8 --seed 1 > makruk.epd

With `--pgn` each opening is written instead as a PGN game: the starting position (a `FEN`
tag only when it is not the variant's start) and the random plies as moves in SAN. Given
such a file, cutechess-cli sends the plies to the engines as moves rather than a position,
which engines without `setboard` need when their `edit` command does not know the variant's
pieces (Fairy-Max in capablanca).
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
    p.add_argument("--library", choices=refmod.LIBRARIES, default="pyffish",
                   help="the library with pyffish's interface that plays the random plies and "
                        "writes the SAN: pyffish (default) or dabbaba (python/README.md)")
    p.add_argument("--chess960", action="store_true")
    p.add_argument("--games", type=int, default=2,
                   help="games of the match; one opening is written per pair")
    p.add_argument("--openings", metavar="FILE", help="EPD/FEN file to start from")
    p.add_argument("--shuffle", action="store_true")
    p.add_argument("--random-plies", type=int, default=0, metavar="N")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--pgn", action="store_true",
                   help="write PGN games (start position and moves) instead of EPD")
    return p


def opening_to_pgn(referee, variant, opening, number):
    """One opening as a PGN game with an unknown result (`*`)."""
    tags = [f'[Event "Opening {number}"]', f'[Variant "{variant}"]']
    if opening.fen != referee.start_fen():
        tags += ['[SetUp "1"]', f'[FEN "{opening.fen}"]']
    tokens = []
    white = referee.white_to_move(opening.fen, [])
    move_number = int(opening.fen.split()[-1]) if opening.fen.split()[-1].isdigit() else 1
    for i, san in enumerate(referee.san_moves(opening.fen, opening.moves)):
        if white:
            tokens.append(f"{move_number}.")
        elif i == 0:
            tokens.append(f"{move_number}...")
        tokens.append(san)
        if not white:
            move_number += 1
        white = not white
    tokens.append("*")
    return "\n".join(tags) + "\n\n" + " ".join(tokens) + "\n"


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        if args.variants_ini:
            refmod.load_variants_ini(args.variants_ini, args.library)
        referee = refmod.Referee(args.variant, chess960=args.chess960, lib=args.library)
        fens = read_fen_file(args.openings) if args.openings else None
        pairs = max(1, (args.games + 1) // 2)
        openings = build_openings(referee, pairs, fens, args.random_plies, args.seed, args.shuffle)
    except (ValueError, OSError, refmod.RefereeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for number, opening in enumerate(openings, 1):
        if args.pgn:
            print(opening_to_pgn(referee, args.variant, opening, number))
        else:
            print(referee.fen(opening.fen, opening.moves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
