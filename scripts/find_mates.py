#!/usr/bin/env python3
"""Find short forced mates for the tactical test suite (`tests/search_tactics.rs`).

Usage:
  scripts/find_mates.py --variant V --engine PATH [--games N] [--nodes N] [--max-mate 2]
                        [--seed S] [--random-prob P]

Plays games of a UCI engine (Fairy-Stockfish is what we use) against itself at a small node
count, with some random moves mixed in, and notes every position where the engine announces a
mate in at most --max-mate moves. Each such position is then proven by brute force with pyffish
(Fairy-Stockfish's rules as a library, a referee independent of the engine's search): the
script lists every first move that forces mate in the shortest possible number of moves, and
prints a line

  VARIANT <tab> FEN <tab> MATE_IN <tab> MOVE[|MOVE...]

only when the engine's claim is confirmed. A win is the side to move having no legal move with
`game_result` reporting a loss for it (checkmate, or stalemate where it loses, as in xiangqi).
"""
import argparse
import random
import subprocess
import sys

import pyffish as sf


class Uci:
    """A minimal UCI client: enough to ask for a score and a best move."""

    def __init__(self, path, variant):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def wait(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.strip())
            if line.startswith(token):
                return lines

    def go(self, fen, nodes):
        self.send(f"position fen {fen}")
        self.send(f"go nodes {nodes}")
        mate = None
        lines = self.wait("bestmove")
        for line in lines:
            words = line.split()
            if "score" in words:
                i = words.index("score")
                mate = int(words[i + 2]) if words[i + 1] == "mate" else None
        return lines[-1].split()[1], mate

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def lost_now(variant, fen):
    """The side to move has no legal move and loses by that."""
    if sf.legal_moves(variant, fen, []):
        return False
    return sf.game_result(variant, fen, []) < 0


def after(variant, fen, move):
    return sf.get_fen(variant, fen, [move])


def wins_within(variant, fen, n):
    """The side to move can force a win within n of its own moves."""
    return any(lost_within(variant, after(variant, fen, m), n - 1)
               for m in sf.legal_moves(variant, fen, []))


def lost_within(variant, fen, n):
    """Whatever the side to move does, it is lost within n more moves of the opponent."""
    moves = sf.legal_moves(variant, fen, [])
    if not moves:
        return sf.game_result(variant, fen, []) < 0
    if n == 0:
        return False
    return all(wins_within(variant, after(variant, fen, m), n) for m in moves)


def mating_moves(variant, fen, max_mate):
    """(n, moves): the shortest forced mate length n <= max_mate and every first move of one."""
    for n in range(1, max_mate + 1):
        found = [m for m in sf.legal_moves(variant, fen, [])
                 if lost_within(variant, after(variant, fen, m), n - 1)]
        if found:
            return n, found
    return None, []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--max-mate", type=int, default=2)
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--random-prob", type=float, default=0.15)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Uci(args.engine, args.variant)
    seen = set()
    try:
        for _ in range(args.games):
            fen = sf.start_fen(args.variant)
            for _ in range(args.max_plies):
                moves = sf.legal_moves(args.variant, fen, [])
                if not moves or sf.is_immediate_game_end(args.variant, fen, [])[0]:
                    break
                best, mate = engine.go(fen, args.nodes)
                if mate is not None and 0 < mate <= args.max_mate and fen not in seen:
                    seen.add(fen)
                    n, found = mating_moves(args.variant, fen, args.max_mate)
                    if n is not None:
                        print(f"{args.variant}\t{fen}\t{n}\t{'|'.join(sorted(found))}",
                              flush=True)
                    break
                if best not in moves or rng.random() < args.random_prob:
                    best = rng.choice(moves)
                fen = after(args.variant, fen, best)
    finally:
        engine.close()


if __name__ == "__main__":
    sys.exit(main())
