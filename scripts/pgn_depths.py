#!/usr/bin/env python3
"""Search depths, clock use and early scores per engine in a scripts/match.py PGN.

match.py writes each searched move's last score (for the side that moved), depth and time
as its comment (`{+1.75/18 0.92s}`, `{book}` for opening moves). This prints, per engine,
how many searched moves it played, the median and mean depth they reached, and how much of
its clock it used (median over games of the seconds it spent, mean seconds a move), so that
two engines under the same clock can be compared:

    scripts/pgn_depths.py docs/games/chess-fsf-6372543.pgn

With `--score-at K` it also prints each engine's median score for its own side at its K-th
searched move of a game (games where both engines searched at least K moves, mate scores
left out): where two engines each believe they stand better, one misjudges the position.
"""

import argparse
import re
import statistics
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
TOKEN = re.compile(r"\{[^}]*\}|\S+")
MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$")
RESULT = {"1-0", "0-1", "1/2-1/2", "*"}
SEARCHED = re.compile(r"^([+-]?M?\d+(?:\.\d+)?)/(\d+)\b(?:\s+(\d+(?:\.\d+)?)s\b)?")


def games(text):
    """Yields (tags, movetext) per game."""
    tags, body = {}, []
    for line in text.splitlines():
        m = TAG.match(line.strip())
        if m:
            if body:
                yield tags, " ".join(body)
                tags, body = {}, []
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            body.append(line.strip())
    if tags or body:
        yield tags, " ".join(body)


def searched_moves(text):
    """Per game, a dict engine name -> list of (score or None for a mate, depth, seconds or
    None), in the order the engine played them."""
    out = []
    for tags, body in games(text):
        fen = tags.get("FEN", "").split()
        black_first = len(fen) > 1 and fen[1] == "b"
        names = (tags.get("White", "?"), tags.get("Black", "?"))
        per_engine = {}
        plies = 0
        for tok in TOKEN.findall(body):
            if tok.startswith("{"):
                m = SEARCHED.match(tok[1:-1].strip())
                if m and plies > 0:
                    white_moved = ((plies - 1) % 2 == 0) != black_first
                    score = None if "M" in m.group(1) else float(m.group(1))
                    seconds = float(m.group(3)) if m.group(3) else None
                    name = names[0 if white_moved else 1]
                    per_engine.setdefault(name, []).append((score, int(m.group(2)), seconds))
            elif not MOVE_NUMBER.match(tok) and tok not in RESULT:
                plies += 1
        out.append(per_engine)
    return out


def depths(text):
    """Depth lists by engine name."""
    out = {}
    for game in searched_moves(text):
        for name, moves in game.items():
            out.setdefault(name, []).extend(depth for _, depth, _ in moves)
    return out


def clock_use(text):
    """Per engine, (seconds spent in each game, seconds of each searched move)."""
    per_game, per_move = {}, {}
    for game in searched_moves(text):
        for name, moves in game.items():
            seconds = [s for _, _, s in moves if s is not None]
            if seconds:
                per_game.setdefault(name, []).append(sum(seconds))
                per_move.setdefault(name, []).extend(seconds)
    return {name: (per_game[name], per_move[name]) for name in per_game}


def scores_at(text, k):
    """Per engine, its score at its k-th searched move (1-based) in each game where every
    engine searched at least k moves and none of those k-th scores is a mate."""
    out = {}
    for game in searched_moves(text):
        if len(game) < 2 or any(len(moves) < k for moves in game.values()):
            continue
        kth = {name: moves[k - 1][0] for name, moves in game.items()}
        if any(score is None for score in kth.values()):
            continue
        for name, score in kth.items():
            out.setdefault(name, []).append(score)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn")
    ap.add_argument("--score-at", type=int, metavar="K",
                    help="also print each engine's median score at its K-th searched move")
    a = ap.parse_args()
    if a.score_at is not None and a.score_at < 1:
        print("error: --score-at must be at least 1", file=sys.stderr)
        return 2
    try:
        with open(a.pgn, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: {a.pgn}: {e}", file=sys.stderr)
        return 1
    found = depths(text)
    if not found:
        print(f"error: {a.pgn}: no searched moves with a depth comment", file=sys.stderr)
        return 1
    clocks = clock_use(text)
    for name, ds in sorted(found.items()):
        line = (f"{name}: {len(ds)} searched moves, median depth {statistics.median(ds):g}, "
                f"mean {statistics.mean(ds):.1f}")
        if name in clocks:
            per_game, per_move = clocks[name]
            line += (f"; clock used {statistics.median(per_game):.2f} s a game (median of "
                     f"{len(per_game)}), {statistics.mean(per_move):.3f} s a move (mean)")
        print(line)
    if a.score_at is not None:
        found = scores_at(text, a.score_at)
        for name, scores in sorted(found.items()):
            print(f"{name}: median own score at its searched move {a.score_at}: "
                  f"{statistics.median(scores):+.2f} ({len(scores)} games)")
        if not found:
            print(f"no game where every engine searched {a.score_at} moves without a mate score")
    return 0


if __name__ == "__main__":
    sys.exit(main())
