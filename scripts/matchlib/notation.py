"""Board geometry from a FEN, and move text between an engine's dialect and the referee's.

The referee (pyffish) writes moves in Fairy-Stockfish's UCI notation: files a, b, ...,
ranks 1-based in decimal (`b10c8` on a 10-rank board), drops `P@e4`, promotions with a
lower-case suffix (`e7e8q`) or `+` (shogi), multi-leg moves joined by commas.

CECP (XBoard) differs only in the ranks of boards exactly 10 ranks high: they are written
0..9 (`b9c7` for `b10c8`). Boards up to 9 ranks and from 11 ranks up use the 1-based numbers.
Engines also write castling in other forms: `O-O`/`O-O-O` (Sjaak II's default), or
king-takes-own-rook (`e1h1`, as in Chess960/UCI_Chess960). `resolve_move` maps every such
form onto the one legal referee move it means, or returns None.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SQUARE_RE = re.compile(r"([a-z])(\d+)")


@dataclass(frozen=True)
class Geometry:
    files: int
    ranks: int

    @property
    def cecp_zero_based(self) -> bool:
        return self.ranks == 10


def board_squares(board: str) -> dict:
    """Square name (`a1`) -> piece letter of a FEN's board field: ranks of any width, runs of
    empty squares with several digits, `*` for a wall, `+X` promoted pieces, a `[...]` hand."""
    board = board.split("[")[0]
    pieces = {}
    rows = board.split("/")
    for i, row in enumerate(rows):
        rank = len(rows) - i
        file = 0
        for run, token in re.findall(r"(\d+)|(\+?[A-Za-z*]~?)", row):
            if run:
                file += int(run)
                continue
            pieces[f"{chr(ord('a') + file)}{rank}"] = token.lstrip("+").rstrip("~")
            file += 1
    return pieces


def geometry_from_fen(fen: str) -> Geometry:
    board = fen.split()[0]
    if "[" in board:  # holdings: rnbqkbnr/.../RNBQKBNR[Pp]
        board = board[: board.index("[")]
    rows = board.split("/")
    files = 0
    for row in rows:
        n = 0
        for m in re.finditer(r"\d+|[A-Za-z*]", row):
            tok = m.group(0)
            n += int(tok) if tok.isdigit() else 1
        files = max(files, n)
    return Geometry(files=files, ranks=len(rows))


def _map_ranks(text: str, delta: int) -> str:
    return SQUARE_RE.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + delta}", text)


def referee_to_engine(move: str, geo: Geometry, protocol: str) -> str:
    """A referee (pyffish UCI) move in the text the engine expects."""
    if protocol == "cecp" and geo.cecp_zero_based:
        return _map_ranks(move, -1)
    return move


def engine_to_referee_text(move: str, geo: Geometry, protocol: str) -> str:
    """The engine's move text in referee coordinates (no legality check)."""
    move = move.strip()
    if protocol == "cecp" and geo.cecp_zero_based:
        return _map_ranks(move, +1)
    return move


def _split_squares(move: str):
    """(from, to) squares of a simple move text, or None for drops and odd forms."""
    sq = SQUARE_RE.findall(move.split(",")[0])
    if "@" in move or len(sq) < 2:
        return None
    return sq[0], sq[1]


def resolve_move(text: str, legal: list, geo: Geometry, protocol: str, san_of=None):
    """The legal referee move meant by the engine's `text`, or None if there is none.

    `san_of(move) -> str` (optional) gives a legal move's SAN; it is used only to find
    castling moves when the engine writes `O-O`, `O-O-O` or king-takes-rook.
    """
    if not text:
        return None
    raw = text.strip()
    cand = engine_to_referee_text(raw, geo, protocol)
    legal_set = set(legal)
    if cand in legal_set:
        return cand
    # Case of a promotion suffix or drop letter; '=' before the suffix; '(q)' form.
    variants = {cand.lower(), cand[:-1] + cand[-1].lower()}
    m = re.fullmatch(r"(.*\d)=?\(?([a-zA-Z+])\)?", cand)
    if m:
        variants.add(m.group(1) + m.group(2).lower())
        variants.add(m.group(1) + m.group(2))
    if "@" in cand:
        variants.add(cand[0].upper() + cand[1:])
    for v in variants:
        if v in legal_set:
            return v
    # A trailing '=' means "in the zone but not promoting": the plain move.
    if cand.endswith("=") and cand[:-1] in legal_set:
        return cand[:-1]
    # Castling written as O-O / O-O-O / 0-0 or as king takes own rook.
    if san_of is not None:
        castles = []
        for mv in legal:
            san = san_of(mv)
            if san.startswith("O-O"):
                castles.append((mv, "O-O-O" if san.startswith("O-O-O") else "O-O"))
        if castles:
            word = raw.replace("0", "O").rstrip("+#")
            for mv, kind in castles:
                if word == kind:
                    return mv
            sq = _split_squares(cand)
            if sq:
                for mv, kind in castles:
                    msq = _split_squares(mv)
                    if msq and msq[0] == sq[0]:
                        from_file = ord(sq[0][0])
                        queen_side = ord(sq[1][0]) < from_file
                        if (kind == "O-O-O") == queen_side and sq[0][1] == sq[1][1]:
                            return mv
    return None
