#!/usr/bin/env python3
"""Cross-check `dabbaba perft --divide` against pyffish (Fairy-Stockfish) on random positions.

Usage:
  scripts/crosscheck.py [VARIANT ...] [--games N] [--plies N] [--every K] [--depth D]
                        [--seed S] [--bin PATH] [--chess960] [--start FEN]

For each variant, plays N random games with pyffish (uniformly random legal moves, up to
--plies plies or the end of the game), and at every K-th position compares the divide at
depth D (default 2) of dabbaba and of pyffish. On a difference it reports the first differing
root move and walks down to the position where the move lists differ, printing that FEN and
the moves only one side generates. Exit status 1 if any difference was found.

Without variant names it checks every variant of issue 3.
"""
import argparse
import random
import subprocess
import sys

import pyffish as sf

ISSUE3 = """chess normal nocastle fischerandom armageddon torpedo berolina pawnsideways pawnback legan
amazon nightrider grasshopper hoppelpoppel newzealand almost sortofalmost chigorin perfect
knightmate shatranj shatar chaturanga makruk makpong cambodian karouk asean ai-wok losalamos
gardner capablanca caparandom gothic janus embassy centaur modern chancellor courier grand
opulent tencubed troitzky shako omicron wolf gustav3 jesonmor spartan coregal""".split()


def py_divide(variant, fen, depth, c960):
    out = {}
    for m in sf.legal_moves(variant, fen, [], c960):
        out[m] = py_count(variant, fen, [m], depth - 1, c960)
    return out


def py_count(variant, fen, moves, depth, c960):
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, moves, c960)
    if depth == 1:
        return len(legal)
    return sum(py_count(variant, fen, moves + [m], depth - 1, c960) for m in legal)


def dab_divide(binary, variant, fen, depth, c960, moves=()):
    """`binary`: the command's words before the subcommand (the binary, `--variants FILE`)."""
    cmd = [*binary, "perft", str(depth), "--divide", "--variant", variant, "--fen", fen]
    if moves:
        cmd += ["--moves", *moves]
    if c960:
        cmd.append("--chess960")
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip()
    out = {}
    for line in r.stdout.splitlines():
        if ": " in line and not line.startswith("Nodes searched"):
            m, n = line.rsplit(": ", 1)
            out[m] = int(n)
    return out, None


def locate(binary, variant, fen, moves, depth, c960):
    """Walks down from fen+moves to a position where the legal move lists differ."""
    while True:
        d, err = dab_divide(binary, variant, fen, depth, c960, moves)
        if d is None:
            return moves, "dabbaba error: " + err, None, None
        p = {}
        for m in sf.legal_moves(variant, fen, moves, c960):
            p[m] = py_count(variant, fen, moves + [m], depth - 1, c960)
        if set(d) != set(p):
            return moves, None, sorted(set(d) - set(p)), sorted(set(p) - set(d))
        bad = [m for m in p if p[m] != d[m]]
        if not bad or depth <= 1:
            return moves, "no difference found on the way down", [], []
        moves = moves + [bad[0]]
        depth -= 1


def check_variant(args, variant, rng):
    if variant not in sf.variants():
        print(f"{variant}: not known to pyffish, skipped")
        return 0, 0
    c960 = args.chess960 or variant in ("fischerandom", "caparandom")
    start = args.start or sf.start_fen(variant)
    checked = 0
    failures = 0
    for g in range(args.games):
        moves = []
        for ply in range(args.plies + 1):
            if ply % args.every == 0:
                fen = sf.get_fen(variant, start, moves, c960)
                d, err = dab_divide(args.dabbaba, variant, fen, args.depth, c960)
                p = py_divide(variant, fen, args.depth, c960)
                checked += 1
                if d != p:
                    failures += 1
                    print(f"\n{variant}: DIFFERENCE at game {g} ply {ply}")
                    print(f"  fen: {fen}")
                    if d is None:
                        print(f"  dabbaba failed: {err}")
                    else:
                        extra = sorted(set(d) - set(p))
                        missing = sorted(set(p) - set(d))
                        counts = [(m, d[m], p[m]) for m in p if m in d and d[m] != p[m]]
                        print(f"  only dabbaba: {extra}")
                        print(f"  only pyffish: {missing}")
                        print(f"  different counts (move, dabbaba, pyffish): {counts[:5]}")
                        if counts:
                            mv, e, a, b = locate(args.dabbaba, variant, fen, [counts[0][0]],
                                                 args.depth - 1, c960)
                            print(f"  first differing line: {' '.join(mv)}")
                            if e:
                                print(f"  {e}")
                            else:
                                print(f"  at {sf.get_fen(variant, fen, mv, c960)}")
                                print(f"    only dabbaba: {a}  only pyffish: {b}")
                    if failures >= args.max_failures:
                        return checked, failures
                    break
            legal = sf.legal_moves(variant, start, moves, c960)
            if not legal:
                break
            moves.append(rng.choice(legal))
    return checked, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("variants", nargs="*")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--plies", type=int, default=60)
    ap.add_argument("--every", type=int, default=6)
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-failures", type=int, default=3)
    ap.add_argument("--chess960", action="store_true")
    ap.add_argument("--bin", default="target/release/dabbaba")
    ap.add_argument("--start", metavar="FEN",
                    help="play the random games from this position instead of the start "
                         "(e.g. full hands in variants whose hands fill from another board)")
    ap.add_argument("--ini", metavar="FILE",
                    help="variants.ini loaded into both pyffish and dabbaba (`--variants`) first, so "
                         "the variants of a file are checked (Fairy-Stockfish's src/variants.ini; "
                         "its sections replace built-ins of the same name)")
    args = ap.parse_args()
    args.dabbaba = [args.bin]
    if args.ini:
        with open(args.ini) as f:
            sf.load_variant_config(f.read())
        args.dabbaba += ["--variants", args.ini]
    rng = random.Random(args.seed)
    total_checked = 0
    total_failures = 0
    for v in args.variants or ISSUE3:
        checked, failures = check_variant(args, v, rng)
        total_checked += checked
        total_failures += failures
        print(f"{v}: {checked} positions, {failures} differences", flush=True)
    print(f"TOTAL: {total_checked} positions, {total_failures} differences")
    sys.exit(1 if total_failures else 0)


if __name__ == "__main__":
    main()
