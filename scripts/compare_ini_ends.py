#!/usr/bin/env python3
"""Game ends of a variants.ini's variants, Dabbaba against pyffish, over random games.

    scripts/compare_ini_ends.py FILE VARIANT... [--games 12] [--plies 200] [--seed 41]
                                [--dabbaba target/release/dabbaba]

pyffish (`pip install pyffish==0.0.90`) loads FILE and plays random games of each variant;
at every position `dabbaba status --variants FILE` must agree on whether the game is over
(immediate ends, optional ends such as the n-move rule, no legal move) and, when it is, on
the result. Prints each difference and a summary; exit status 1 when any differ.
"""

import argparse
import json
import random
import subprocess
import sys

import pyffish as sf


def pyffish_end(variant, fen):
    """(over, value for the side to move) as pyffish judges the position."""
    legal = sf.legal_moves(variant, fen, [])
    immediate, value = sf.is_immediate_game_end(variant, fen, [])
    if immediate:
        return True, value, legal
    optional, value = sf.is_optional_game_end(variant, fen, [])
    if optional:
        return True, value, legal
    if not legal:
        return True, sf.game_result(variant, fen, []), legal
    return False, 0, legal


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ini")
    ap.add_argument("variants", nargs="+")
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--plies", type=int, default=200)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--dabbaba", default="target/release/dabbaba")
    a = ap.parse_args()
    with open(a.ini, encoding="utf-8") as fh:
        sf.load_variant_config(fh.read())
    rng = random.Random(a.seed)
    checked, differences, ends = 0, 0, {}
    for variant in a.variants:
        start = sf.start_fen(variant)
        for _ in range(a.games):
            moves = []
            for _ in range(a.plies):
                fen = sf.get_fen(variant, start, moves)
                over, value, legal = pyffish_end(variant, fen)
                out = subprocess.run(
                    [a.dabbaba, "status", "--variants", a.ini, "--variant", variant,
                     "--fen", fen, "--json"],
                    capture_output=True, text=True)
                try:
                    ours = json.loads(out.stdout)
                except json.JSONDecodeError:
                    print(f"ERROR {variant} {fen}: {out.stderr.strip()[-300:]}")
                    differences += 1
                    break
                checked += 1
                if ours["over"] != over:
                    differences += 1
                    print(f"DIFF {variant} {fen}: pyffish over={over} value={value}, "
                          f"dabbaba {ours['result']} ({ours['reason']})")
                    break
                if over:
                    white = fen.split()[1] == "w"
                    want = "1/2-1/2" if value == 0 else ("1-0" if (value > 0) == white else "0-1")
                    if ours["result"] != want:
                        differences += 1
                        print(f"RESULT {variant} {fen}: pyffish {want}, "
                              f"dabbaba {ours['result']} ({ours['reason']})")
                    ends[variant] = ends.get(variant, 0) + 1
                    break
                moves.append(rng.choice(legal))
    print(f"{checked} positions, {differences} differences; finished games: {ends}")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
