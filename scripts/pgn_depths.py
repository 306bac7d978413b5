#!/usr/bin/env python3
"""Search depths per engine in a scripts/match.py PGN.

match.py writes each searched move's last score and depth as its comment
(`{+1.75/18 0.92s}`, `{book}` for opening moves). This prints, per engine, how many
searched moves it played and the median and mean depth they reached, so that two engines
under the same clock can be compared:

    scripts/pgn_depths.py docs/games/chess-fsf-6372543.pgn
"""

import argparse
import re
import statistics
import sys

TAG = re.compile(r'^\[(\w+) "(.*)"\]$')
TOKEN = re.compile(r"\{[^}]*\}|\S+")
MOVE_NUMBER = re.compile(r"^\d+\.(\.\.)?$")
RESULT = {"1-0", "0-1", "1/2-1/2", "*"}
DEPTH = re.compile(r"^[+-]?M?\d+(?:\.\d+)?/(\d+)\b")


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


def depths(text):
    """Depth lists by engine name."""
    out = {}
    for tags, body in games(text):
        fen = tags.get("FEN", "").split()
        black_first = len(fen) > 1 and fen[1] == "b"
        names = (tags.get("White", "?"), tags.get("Black", "?"))
        plies = 0
        for tok in TOKEN.findall(body):
            if tok.startswith("{"):
                m = DEPTH.match(tok[1:-1].strip())
                if m and plies > 0:
                    white_moved = ((plies - 1) % 2 == 0) != black_first
                    out.setdefault(names[0 if white_moved else 1], []).append(int(m.group(1)))
            elif not MOVE_NUMBER.match(tok) and tok not in RESULT:
                plies += 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pgn")
    a = ap.parse_args()
    try:
        with open(a.pgn, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    found = depths(text)
    if not found:
        print(f"error: {a.pgn}: no searched moves with a depth comment", file=sys.stderr)
        return 1
    for name, ds in sorted(found.items()):
        print(f"{name}: {len(ds)} searched moves, median depth {statistics.median(ds):g}, "
              f"mean {statistics.mean(ds):.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
