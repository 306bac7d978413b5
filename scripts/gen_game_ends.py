#!/usr/bin/env python3
"""Generate tests/data/game-ends.tsv: finished games from random play, judged by pyffish.

Usage:
  scripts/gen_game_ends.py [VARIANT ...] [--games N] [--max-plies N] [--seed S]
                           [--bin PATH] [--out FILE]

For every built-in variant that both dabbaba (`dabbaba status --variant V`) and pyffish know
(or the variants named), plays N random games with pyffish until the game is over:
pyffish's `is_immediate_game_end`, `is_optional_game_end` or no legal move (`game_result`).
Moves are random with a bias towards captures (so that games end by checkmate, extinction
and the like, not only by the n-move rule) and towards moving a piece back (so that
repetitions happen). A game that does not end within --max-plies is dropped.

Each finished game is stored as a FEN some plies before the end plus the moves from there
(short lines; the cut is lengthened until pyffish, asked again on exactly the stored FEN and
moves, still says the game is over the same way). Columns:

  variant  fen  moves (space-separated UCI, '-' for none)  result (1-0, 0-1, 1/2-1/2)  kind

where kind is `immediate` (a variant rule ended the game: extinction, flag, n-check, ...),
`checkmate`, `stalemate` (no legal move, in check or not, as pyffish's gives_check says), or
`optional` (n-move rule, repetition, counting). Variants that dabbaba cannot load yet are
listed on stderr and skipped (regenerate once they load).
"""
import argparse
import random
import subprocess
import sys

import pyffish as sf

MATE = sf.VALUE_MATE


def pgn(value, stm_white):
    """PGN text of a pyffish value (side to move's view)."""
    if value == 0:
        return "1/2-1/2"
    win = value > 0
    return "1-0" if win == stm_white else "0-1"


def side_to_move_white(fen):
    parts = fen.split()
    return len(parts) < 2 or parts[1] == "w"


def judge(variant, fen, moves):
    """(result, kind) if the game is over after `moves` from `fen`, else None."""
    cur = sf.get_fen(variant, fen, moves)
    white = side_to_move_white(cur)
    over, value = sf.is_immediate_game_end(variant, fen, moves)
    if over:
        return pgn(value, white), "immediate"
    legal = sf.legal_moves(variant, fen, moves)
    if not legal:
        value = sf.game_result(variant, fen, moves)
        kind = "checkmate" if sf.gives_check(variant, fen, moves) else "stalemate"
        return pgn(value, white), kind
    over, value = sf.is_optional_game_end(variant, fen, moves)
    if over:
        return pgn(value, white), "optional"
    return None


def pick(rng, variant, fen, moves, legal):
    """A random move, biased towards captures and towards undoing our previous move."""
    if len(moves) >= 2 and rng.random() < 0.35:
        prev = moves[-2]
        back = prev[2:4] + prev[0:2] if len(prev) == 4 else None
        if back in legal:
            return back
    if rng.random() < 0.5:
        caps = [m for m in legal if sf.is_capture(variant, fen, moves, m)]
        if caps:
            return rng.choice(caps)
    return rng.choice(legal)


def play(rng, variant, max_plies):
    start = sf.start_fen(variant)
    moves = []
    for _ in range(max_plies):
        verdict = judge(variant, start, moves)
        if verdict:
            return start, moves, verdict
        legal = sf.legal_moves(variant, start, moves)
        moves.append(pick(rng, variant, start, moves, legal))
    return None


def store(variant, start, moves, verdict):
    """A short (fen, moves) that pyffish still judges the same way."""
    for keep in (40, 120, 300, len(moves)):
        keep = min(keep, len(moves))
        cut = len(moves) - keep
        fen = sf.get_fen(variant, start, moves[:cut]) if cut else start
        if judge(variant, fen, moves[cut:]) == verdict:
            return fen, moves[cut:]
    return start, moves


def loads(binary, variant):
    p = subprocess.run([binary, "status", "--variant", variant], capture_output=True, text=True)
    return p.returncode == 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variants", nargs="*")
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--max-plies", type=int, default=600)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--bin", default="target/release/dabbaba")
    ap.add_argument("--out", default="tests/data/game-ends.tsv")
    args = ap.parse_args()

    if args.variants:
        names = args.variants
    else:
        out = subprocess.run([args.bin, "variants"], capture_output=True, text=True).stdout
        ours = [line.split()[0] for line in out.splitlines() if line.strip()]
        known = set(sf.variants())
        names = [v for v in ours if v in known]
    rng = random.Random(args.seed)
    skipped = []
    # Written as it goes (one variant at a time), so that an interrupted run keeps its games.
    with open(args.out, "w") as f:
        f.write("# Finished games from random play, judged by pyffish "
                f"{'.'.join(map(str, sf.version()))} (scripts/gen_game_ends.py --seed {args.seed}).\n")
        f.write("# Columns: variant<TAB>fen<TAB>moves ('-' none)<TAB>result<TAB>kind "
                "(immediate|checkmate|stalemate|optional)\n")
        for v in names:
            if not loads(args.bin, v):
                skipped.append(v)
                continue
            kinds = {}
            for _ in range(args.games):
                game = play(rng, v, args.max_plies)
                if game is None:
                    continue
                start, moves, verdict = game
                fen, tail = store(v, start, moves, verdict)
                kinds[verdict[1]] = kinds.get(verdict[1], 0) + 1
                f.write("\t".join([v, fen, " ".join(tail) or "-", verdict[0], verdict[1]]) + "\n")
            f.flush()
            print(f"{v}: {kinds}", file=sys.stderr)
        if skipped:
            f.write("# Not loadable by dabbaba when generated (skipped): " + " ".join(skipped) + "\n")
    if skipped:
        print("skipped (dabbaba cannot load them yet): " + " ".join(skipped), file=sys.stderr)


if __name__ == "__main__":
    main()
