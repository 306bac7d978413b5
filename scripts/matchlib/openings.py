"""Openings: positions from an EPD/FEN file and/or N random plies (seeded).

An opening is a root FEN plus a list of referee moves played from it. Random plies are
kept as moves (not folded into a FEN) so engines without `setboard` can follow them from
the start position, and the PGN shows them (commented `book`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field


@dataclass
class Opening:
    fen: str
    moves: list = field(default_factory=list)
    label: str = ""


def read_fen_file(path: str):
    """FENs or EPD lines, one a line; `#` comments and blank lines skipped.

    EPD operations after the fourth field (`bm ...;`, `id ...;`) are dropped and the
    missing move counters are added. A line longer than an EPD (a full FEN) is kept whole.
    """
    fens = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
            if not line:
                continue
            if ";" in line:  # EPD with operations: keep the position fields only
                fields = line.split(";")[0].split()
                pos = []
                for f in fields:
                    if pos and len(pos) >= 4 and not f.lstrip("-").isdigit():
                        break
                    pos.append(f)
                fields = pos
            else:
                fields = line.split()
            if len(fields) == 4:
                fields += ["0", "1"]
            fens.append((" ".join(fields), f"{path}:{lineno}"))
    if not fens:
        raise ValueError(f"{path}: no positions")
    return fens


def build_openings(referee, count: int, fens=None, random_plies: int = 0, seed: int = 1,
                   shuffle: bool = False):
    """`count` openings: the file's positions in order (or shuffled), each followed by
    `random_plies` random legal moves that do not end the game."""
    rng = random.Random(seed)
    if fens:
        for fen, where in fens:
            if not referee.validate_fen(fen):
                raise ValueError(f"{where}: not a valid {referee.variant} FEN: {fen}")
        order = list(fens)
        if shuffle:
            rng.shuffle(order)
    else:
        order = [(referee.start_fen(), "start position")]
    out = []
    for i in range(count):
        fen, where = order[i % len(order)]
        moves = _random_line(referee, fen, random_plies, rng) if random_plies else []
        label = where if not moves else f"{where} + {len(moves)} random plies"
        out.append(Opening(fen=fen, moves=moves, label=label))
    return out


def _random_line(referee, fen, plies, rng, tries=100):
    for _ in range(tries):
        moves = []
        ok = True
        for _ in range(plies):
            legal = referee.legal_moves(fen, moves)
            if not legal or referee.game_end(fen, moves, legal) is not None:
                ok = False
                break
            moves.append(rng.choice(sorted(legal)))
        if ok and referee.game_end(fen, moves) is None:
            return moves
    raise ValueError(f"no {plies}-ply random line without a game end from {fen}")
