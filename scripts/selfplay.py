#!/usr/bin/env python3
"""Self-play of dabbaba against itself over UCI, refereed by pyffish (Fairy-Stockfish).

Every move is checked legal by pyffish; the game ends by pyffish's rules (no legal move,
immediate game end, optional draw by the n-move rule or repetition) or at --max-plies. Clocks
are kept by this script: a move that arrives after the side's remaining time is a time loss.

    scripts/selfplay.py --engine target/release/dabbaba --games 200 --variants chess,capablanca \
        --tc 2+0.02 --threads 2

Prints one line per game and a summary; exit 1 on any illegal move, crash or time loss.
"""
import argparse
import subprocess
import sys
import time

try:
    import pyffish as sf
except ImportError:
    print("pyffish not installed: self-play skipped")
    sys.exit(77)


class Engine:
    def __init__(self, path, threads, hash_mb):
        self.p = subprocess.Popen([path, "-q"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name Threads value {threads}")
        self.send(f"setoption name Hash value {hash_mb}")

    def send(self, s):
        self.p.stdin.write(s + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited while waiting for {prefix}")
            line = line.strip()
            lines.append(line)
            if line.startswith(prefix):
                return lines

    def variant(self, v):
        self.send(f"setoption name UCI_Variant value {v}")
        self.send("ucinewgame")
        self.send("isready")
        lines = self.wait("readyok")
        errors = [l for l in lines if l.startswith("info string error")]
        if errors:
            raise RuntimeError(errors[0])

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def play(engines, variant, fen, tc, max_plies):
    base, inc = tc
    clock = [base, base]
    moves = []
    for e in engines:
        e.variant(variant)
    while True:
        legal = sf.legal_moves(variant, fen, moves)
        if not legal or sf.is_immediate_game_end(variant, fen, moves)[0]:
            r = sf.game_result(variant, fen, moves)
            stm = len(moves) % 2
            if r == 0:
                return "1/2-1/2", "rule", moves
            white_wins = (r > 0) == (stm == 0)
            return ("1-0" if white_wins else "0-1"), "rule", moves
        opt = sf.is_optional_game_end(variant, fen, moves)
        if opt[0]:
            return "1/2-1/2", "optional end", moves
        if len(moves) >= max_plies:
            return "1/2-1/2", "max plies", moves
        stm = len(moves) % 2
        e = engines[stm]
        pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        e.send(pos)
        wt, bt = int(clock[0] * 1000), int(clock[1] * 1000)
        t0 = time.monotonic()
        e.send(f"go wtime {wt} btime {bt} winc {int(inc * 1000)} binc {int(inc * 1000)}")
        lines = e.wait("bestmove")
        used = time.monotonic() - t0
        clock[stm] -= used
        if clock[stm] < 0:
            return ("0-1" if stm == 0 else "1-0"), f"time loss ({used:.3f}s used)", moves
        clock[stm] += inc
        mv = lines[-1].split()[1]
        if mv not in legal:
            return ("0-1" if stm == 0 else "1-0"), f"illegal move {mv}", moves
        moves.append(mv)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/dabbaba")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--variants", default="chess")
    ap.add_argument("--tc", default="2+0.02", help="seconds+increment")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--max-plies", type=int, default=300)
    a = ap.parse_args()
    b, i = a.tc.split("+")
    tc = (float(b), float(i))
    variants = a.variants.split(",")
    bad = 0
    score = {"1-0": 0, "0-1": 0, "1/2-1/2": 0}
    engines = [Engine(a.engine, a.threads, a.hash), Engine(a.engine, a.threads, a.hash)]
    t0 = time.time()
    try:
        for g in range(a.games):
            v = variants[g % len(variants)]
            fen = sf.start_fen(v)
            try:
                res, why, moves = play(engines, v, fen, tc, a.max_plies)
            except Exception as ex:  # crash or protocol failure
                res, why, moves = "*", f"error: {ex}", []
                for e in engines:
                    e.quit()
                engines = [Engine(a.engine, a.threads, a.hash), Engine(a.engine, a.threads, a.hash)]
            if res in score:
                score[res] += 1
            if why.startswith(("illegal", "time", "error")):
                bad += 1
            print(f"game {g + 1} {v}: {res} ({why}) {len(moves)} plies", flush=True)
    finally:
        for e in engines:
            e.quit()
    print(f"{a.games} games in {time.time() - t0:.0f}s: +{score['1-0']} ={score['1/2-1/2']} "
          f"-{score['0-1']} (white's view); illegal/time/crash: {bad}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
