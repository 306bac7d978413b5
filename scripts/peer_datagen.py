#!/usr/bin/env python3
"""Tuning positions from a peer engine's self-play, in `dabbaba datagen`'s format.

`dabbaba datagen` labels positions with Dabbaba's own games; this script labels them with the
games of another UCI engine (e.g. Fairy-Stockfish), playing itself at a fixed number of nodes
per move, so that `dabbaba tune` can fit the evaluation to a stronger player's results and
scores. Dabbaba's `status --serve` referees (legal moves, FEN, game end; pyffish decides
insufficient material), as `scripts/match.py --serve-referee`; the engine only searches.

Every line is `FEN | SCORE | RESULT | GAME` like datagen's: a position where the side to move
is not in check and the engine's move is neither a capture nor a promotion, the engine's score
(centipawns, White's point of view; mate scores are left out) and the game's result for White.
Games are numbered 0..N-1 and depend only on the seed and their number; games already in the
output are skipped, so a stopped run is resumed by running the same command again (a game that
left no position is played again).

    scripts/peer_datagen.py --engine /path/to/fairy-stockfish --variant capablanca \
        --games 2000 --nodes 20000 --jobs 2 --seed 1 --out data/capablanca-peer.txt

With `--opponent CMD` the engine plays another UCI engine instead of itself (White in the
even-numbered games, Black in the odd ones), and only the positions where the engine is to move
are kept, with its scores: mixed games reach positions that neither engine's self-play does,
e.g. the ones where Dabbaba's evaluation and Fairy-Stockfish's disagree.
"""

import argparse
import multiprocessing
import os
import random
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matchlib.referee import RefereeError, ServedReferee  # noqa: E402


MATE_SCORE = 100_000


class Uci:
    """A UCI engine that searches positions given as start FEN and moves."""

    def __init__(self, cmd, variant, options):
        words = shlex.split(cmd)
        if not words:
            raise ValueError("empty engine command")
        self.proc = subprocess.Popen(
            words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, token):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"engine exited while waiting for {token}")
            if line.split()[:1] == [token]:
                return line

    def new_game(self):
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")

    def search(self, fen, moves, nodes):
        """(best move, score for the side to move in centipawns, True if the score is a mate).

        A mate in N is reported as +-MATE_SCORE so that it counts as decisive."""
        tail = f" moves {' '.join(moves)}" if moves else ""
        self.send(f"position fen {fen}{tail}")
        self.send(f"go nodes {nodes}")
        score, mate = 0, False
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited during a search")
            words = line.split()
            if words[:1] == ["bestmove"]:
                return words[1], score, mate
            if words[:1] == ["info"] and words[1:2] != ["string"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                mate = kind == "mate"
                score = (MATE_SCORE if value > 0 else -MATE_SCORE) if mate else value

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def board_pieces(fen):
    """Pieces on the board (not in hand) of a FEN."""
    board = fen.split()[0].split("[")[0]
    return sum(c.isalpha() for c in board)


RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def play(args, engine, referee, number, opponent=None):
    rng = random.Random(args.seed * 1_000_003 + number)
    start = referee.start_fen()
    # Random openings that end the game are drawn again.
    while True:
        moves = []
        for _ in range(args.random_plies):
            legal = referee.legal_moves(start, moves)
            if not legal or referee.game_end(start, moves, legal):
                break
            moves.append(rng.choice(sorted(legal)))
        if len(moves) == args.random_plies and not referee.game_end(start, moves):
            break
    engine.new_game()
    if opponent is not None:
        opponent.new_game()
    # The engine's colour when it plays an opponent: White in even games, Black in odd ones.
    engine_white = number % 2 == 0
    positions = []
    decisive = 0
    while True:
        end = referee.game_end(start, moves)
        if end:
            result = RESULTS[end.result]
            break
        if len(moves) >= args.max_plies:
            result = 0.5
            break
        white = 1 if referee.white_to_move(start, moves) else -1
        engine_to_move = opponent is None or (white == 1) == engine_white
        mover = engine if engine_to_move else opponent
        best, score, mate = mover.search(start, moves, args.nodes)
        if best not in referee.legal_moves(start, moves):
            raise RuntimeError(f"game {number}: engine move {best} is not legal after {moves}")
        fen = referee.fen(start, moves)
        # Quiet: not in check, and the move neither captures (fewer pieces on the board
        # after it) nor promotes.
        quiet = (
            not referee.in_check(start, moves)
            and board_pieces(referee.fen(start, moves + [best])) >= board_pieces(fen)
            and not is_promotion(best)
        )
        if quiet and not mate and engine_to_move:
            positions.append((fen, score * white))
        # Consecutive plies with a decisive score for White (+) or Black (-), as datagen.
        white_score = score * white
        if white_score >= args.win_score:
            decisive = max(decisive, 0) + 1
        elif white_score <= -args.win_score:
            decisive = min(decisive, 0) - 1
        else:
            decisive = 0
        if abs(decisive) >= 8:
            result = 1.0 if decisive > 0 else 0.0
            break
        moves.append(best)
    return number, result, positions


def is_promotion(move):
    """A UCI move ending in a piece letter (e.g. e7e8q) or `+` is a promotion."""
    return move[-1].isalpha() or move[-1] == "+"


_engine = None
_opponent = None
_referee = None


def parse_options(texts):
    """`NAME=VALUE` texts as (name, value) pairs."""
    options = []
    for text in texts:
        name, sep, value = text.partition("=")
        if not sep or not name:
            raise ValueError(f"--option {text!r}: expected NAME=VALUE")
        options.append((name, value))
    return options


def worker_init(args):
    global _engine, _opponent, _referee
    _engine = Uci(args.engine, args.variant, parse_options(args.option))
    if args.opponent is not None:
        _opponent = Uci(args.opponent, args.variant, parse_options(args.opponent_option))
    _referee = ServedReferee(args.variant, args.referee)


def check_setup(args):
    """Starts the engine and the referee once, so that a wrong path, option or variant is an
    error here instead of pool workers failing to start again and again."""
    engine = Uci(args.engine, args.variant, parse_options(args.option))
    engine.quit()
    if args.opponent is not None:
        Uci(args.opponent, args.variant, parse_options(args.opponent_option)).quit()
    ServedReferee(args.variant, args.referee).close()


def games_done(path):
    """Numbers of the games already in the output file."""
    done = set()
    try:
        with open(path) as f:
            for number, line in enumerate(f, 1):
                game = line.rsplit("|", 1)[-1].strip()
                if not game.isdigit():
                    raise ValueError(f"{path}:{number}: expected 'FEN | SCORE | RESULT | GAME'")
                done.add(int(game))
    except FileNotFoundError:
        pass
    return done


def worker_play(task):
    args, number = task
    return play(args, _engine, _referee, number, _opponent)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument(
        "--engine", required=True, help="UCI engine command (split into words like a shell)"
    )
    p.add_argument("--variant", required=True)
    p.add_argument(
        "--referee",
        default="target/release/dabbaba",
        help="Dabbaba binary that referees the games (status --serve)",
    )
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--nodes", type=int, default=20000)
    p.add_argument("--random-plies", type=int, default=8)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--win-score", type=int, default=1500)
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument(
        "--option",
        action="append",
        default=["Threads=1", "Hash=16", "Use NNUE=false"],
        help="NAME=VALUE engine option (repeatable; after Threads=1, Hash=16, Use NNUE=false)",
    )
    p.add_argument(
        "--opponent",
        help="UCI engine command (split like --engine) the engine plays instead of itself; its "
        "positions are not kept",
    )
    p.add_argument(
        "--opponent-option",
        action="append",
        default=["Threads=1", "Hash=16"],
        help="NAME=VALUE option of the opponent (repeatable; after Threads=1, Hash=16)",
    )
    p.add_argument("--out", required=True)
    args = p.parse_args()

    try:
        done = games_done(args.out)
        check_setup(args)
    except (OSError, ValueError, RuntimeError, RefereeError) as e:
        sys.exit(f"peer_datagen.py: {e}")
    todo = [n for n in range(args.games) if n not in done]
    print(f"{len(done)} games already in {args.out}, {len(todo)} to play", flush=True)
    with open(args.out, "a") as out, multiprocessing.Pool(
        args.jobs, initializer=worker_init, initargs=(args,)
    ) as pool:
        for finished, (number, result, positions) in enumerate(
            pool.imap_unordered(worker_play, [(args, n) for n in todo]), 1
        ):
            for fen, score in positions:
                out.write(f"{fen} | {score} | {result:g} | {number}\n")
            out.flush()
            if finished % 50 == 0 or finished == len(todo):
                print(f"{finished}/{len(todo)} games", flush=True)


if __name__ == "__main__":
    main()
