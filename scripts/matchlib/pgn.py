"""PGN output: one game per record, with [Variant] and [FEN] tags.

Moves are in the referee's SAN (pyffish's notation for the variant; shogi and xiangqi use
their own styles). Each move has a comment: `book` for opening moves, otherwise the
engine's last score/depth and the time it used. The termination reason and any error
(illegal move, crash, time-out, with the FEN) close the move text.
"""

from __future__ import annotations

import time


def _tag(name, value):
    value = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'[{name} "{value}"]'


def _wrap(tokens, width=80):
    lines, cur = [], ""
    for tok in tokens:
        if cur and len(cur) + 1 + len(tok) > width:
            lines.append(cur)
            cur = tok
        else:
            cur = f"{cur} {tok}" if cur else tok
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def game_to_pgn(rec, referee, event="Dabbaba match", site="local"):
    try:
        sans = referee.san_moves(rec.root_fen, rec.moves)
    except Exception:  # noqa: BLE001 - never lose a game record over notation
        sans = list(rec.moves)
    if len(sans) != len(rec.moves):
        sans = list(rec.moves)
    tags = [
        _tag("Event", event),
        _tag("Site", site),
        _tag("Date", time.strftime("%Y.%m.%d", time.localtime(rec.started or time.time()))),
        _tag("Round", rec.round),
        _tag("White", rec.white),
        _tag("Black", rec.black),
        _tag("Result", rec.result),
        _tag("Variant", rec.variant),
        _tag("FEN", rec.root_fen),
        _tag("SetUp", "1"),
        _tag("TimeControl", rec.tc),
        _tag("PlyCount", len(rec.moves)),
        _tag("Termination", rec.reason),
    ]
    if rec.opening_label:
        tags.append(_tag("Opening", rec.opening_label))
    if rec.moves:
        tags.append(_tag("UCIMoves", " ".join(rec.moves)))
    fields = rec.root_fen.split()
    black_first = len(fields) > 1 and fields[1] == "b"
    try:
        move_no = int(fields[-1]) if fields[-1].isdigit() else 1
    except (ValueError, IndexError):
        move_no = 1
    tokens = []
    for i, san in enumerate(sans):
        white_move = (i % 2 == 0) != black_first
        if white_move:
            tokens.append(f"{move_no}.")
        elif i == 0:
            tokens.append(f"{move_no}...")
        tokens.append(san)
        comment = rec.comments[i] if i < len(rec.comments) else ""
        if comment:
            tokens.append("{" + comment + "}")
        if not white_move:
            move_no += 1
    final = rec.reason + (f"; {rec.error}" if rec.error else "")
    tokens.append("{" + final.replace("}", ")") + "}")
    tokens.append(rec.result)
    return "\n".join(tags) + "\n\n" + _wrap(tokens) + "\n\n"
