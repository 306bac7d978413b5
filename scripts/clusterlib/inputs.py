"""Inputs of `cluster.py analyse`: an EPD file, or a PGN file whose every position (the
start of each game and the position after each of its moves) is analysed.

Positions come out as `(index, line, text)`: the position's number in the whole input
(from 1), its line in the file, and the EPD text `dabbaba analyse --epd` reads, as a single
`dabbaba analyse --epd` run over the whole file numbers them.
"""

from __future__ import annotations

import json
import re
import subprocess

from .coordinator import JobError, say


def read_epd(path: str) -> list[tuple[int, int, str]]:
    """The positions of an EPD file: every line but blank ones and `#` comments (as
    `dabbaba analyse --epd` reads it; a line that is no position is analysed as an error
    with its line number, not dropped)."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise JobError(f"cannot read {path}: {e}") from e
    out = []
    for number, text in enumerate(lines, 1):
        text = text.strip()
        if text and not text.startswith("#"):
            out.append((len(out) + 1, number, text))
    if not out:
        raise JobError(f"no positions in {path}")
    return out


TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
MOVE_NUMBER = re.compile(r"^\d+\.+")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def pgn_games(path: str):
    """(first line, tags, SAN moves) of each game of a PGN file; comments, variations and
    NAGs are dropped."""
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise JobError(f"cannot read {path}: {e}") from e
    games, tags, text, start = [], {}, [], None

    def flush():
        if tags or text:
            # Lines joined by newlines: a `;` comment ends at its line's end.
            games.append((start, dict(tags), san_moves("\n".join(text))))

    for number, line in enumerate(lines, 1):
        m = TAG.match(line.strip())
        if m:
            if text:  # a tag after movetext starts the next game
                flush()
                tags.clear()
                text.clear()
                start = None
            start = start or number
            tags[m.group(1)] = m.group(2)
        elif line.strip() and not line.startswith("%"):
            start = start or number
            text.append(line)
    flush()
    return games


def san_moves(movetext: str) -> list[str]:
    # Comments `{...}` and `; ...` to the end of the line, then variations (nested).
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)
    movetext = re.sub(r";[^\n]*", " ", movetext)
    while True:
        stripped = re.sub(r"\([^()]*\)", " ", movetext)
        if stripped == movetext:
            break
        movetext = stripped
    moves = []
    for tok in movetext.split():
        tok = MOVE_NUMBER.sub("", tok)
        if not tok or tok in RESULTS or tok.startswith("$"):
            continue
        moves.append(tok.rstrip("!?"))
    return moves


def read_pgn(path: str, binary: str, variant: str) -> list[tuple[int, int, str]]:
    """Every position of every game, as EPD lines `FEN ; id "game G ply P"` (the FENs from
    `dabbaba status --serve`, which reads the SAN). A move it cannot read ends that game's
    positions with a message naming the file, line and move; the run goes on."""
    games = pgn_games(path)
    if not games:
        raise JobError(f"no games in {path}")
    proc = subprocess.Popen([binary, "-q", "status", "--variant", variant, "--serve"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(line: str) -> dict:
        try:
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
            return json.loads(proc.stdout.readline())
        except (OSError, ValueError) as e:
            raise JobError(f"{binary} status --serve stopped answering ({e}) at: {line}") from e

    out = []
    try:
        for g, (line, tags, moves) in enumerate(games, 1):
            fen = tags.get("FEN")
            answer = ask(f"fen {fen}" if fen else "startpos")
            if answer.get("type") == "error":
                say(f"{path}:{line}: game {g}: {answer['error']}; game skipped")
                continue
            out.append((len(out) + 1, line, f'{answer["fen"]} ; id "game {g} ply 0"'))
            for ply, san in enumerate(moves, 1):
                answer = ask(f"fen {answer['fen']} moves {san}")
                if answer.get("type") == "error":
                    say(f"{path}:{line}: game {g}, ply {ply}: {answer['error']};"
                        " the rest of the game skipped")
                    break
                out.append((len(out) + 1, line, f'{answer["fen"]} ; id "game {g} ply {ply}"'))
    finally:
        try:
            proc.stdin.close()
        except OSError:
            pass
        proc.wait()
    if not out:
        raise JobError(f"no positions in {path}")
    return out
