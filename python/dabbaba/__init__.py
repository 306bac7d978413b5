"""Dabbaba, a fairy-chess engine, as a Python module with pyffish's interface.

Every pyffish function is here with its arguments, return types and notation, so a pyffish
script runs after `import dabbaba as sf` (the differences by design are listed in
python/README.md). Beyond pyffish: `perft`, `analyse` (searches with the GIL released) and
`svg`, and `Board`, a small game object that notebooks draw.
"""

from ._native import *  # noqa: F401,F403  (the pyffish functions and constants)
from . import _native
from ._native import (
    game_result,
    get_fen,
    get_san,
    get_san_moves,
    gives_check,
    has_insufficient_material,
    is_immediate_game_end,
    is_optional_game_end,
    legal_moves,
    start_fen,
    svg,
)


class Board:
    """A game of a variant: a start position and the moves played from it.

    >>> b = Board("xiangqi")
    >>> b.push("h3e3")
    >>> b.san_moves()
    ['Che3']

    In a notebook the board shows itself as a picture (`_repr_svg_`), the last move marked.
    """

    def __init__(self, variant="chess", fen=None, moves=(), chess960=False):
        self.variant = variant
        self.root = fen if fen is not None else start_fen(variant)
        self.chess960 = chess960
        self.moves = []
        for m in moves:
            self.push(m)

    def fen(self):
        """The current position as FEN."""
        return get_fen(self.variant, self.root, self.moves, self.chess960)

    def legal_moves(self):
        """The legal moves in UCI text."""
        return legal_moves(self.variant, self.root, self.moves, self.chess960)

    def push(self, move):
        """Plays a move given in UCI text; an illegal one raises `ValueError`."""
        # Checked first (UCI text only, as every function reads moves), so a bad move leaves
        # the game as it was.
        get_fen(self.variant, self.root, self.moves + [move], self.chess960)
        self.moves.append(move)

    def push_san(self, san):
        """Plays a move given in the variant's default notation (SAN for chess; check marks
        may be left out) and returns it in UCI text."""
        fen = self.fen()
        written = {m: get_san(self.variant, fen, m, self.chess960) for m in self.legal_moves()}
        # The exact text first: in shogi notations a trailing `+` is a promotion.
        found = [m for m, text in written.items() if text == san]
        if not found:
            found = [m for m, text in written.items() if text.rstrip("+#") == san.rstrip("+#")]
        if len(found) != 1:
            raise ValueError(f"no legal move is written {san!r} in {fen}")
        self.moves.append(found[0])
        return found[0]

    def pop(self):
        """Takes the last move back and returns it."""
        return self.moves.pop()

    def san_moves(self, notation=0):
        """The moves played, in a notation (pyffish's NOTATION_*; default: the variant's)."""
        return get_san_moves(self.variant, self.root, self.moves, self.chess960, notation)

    def is_check(self):
        return gives_check(self.variant, self.root, self.moves, self.chess960)

    def result(self):
        """`"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on (checkmate,
        stalemate, the variant's own ends, claimable draws and insufficient material)."""
        white = self.fen().split()[1] == "w"

        def for_white(value):
            if value == 0:
                return "1/2-1/2"
            return "1-0" if (value > 0) == white else "0-1"

        over, value = is_immediate_game_end(self.variant, self.root, self.moves, self.chess960)
        if over:
            return for_white(value)
        if not self.legal_moves():
            return for_white(game_result(self.variant, self.root, self.moves, self.chess960))
        over, value = is_optional_game_end(self.variant, self.root, self.moves, self.chess960)
        if over:
            return for_white(value)
        if all(has_insufficient_material(self.variant, self.root, self.moves, self.chess960)):
            return "1/2-1/2"
        return "*"

    def is_game_over(self):
        return self.result() != "*"

    def svg(self, arrows=()):
        """The position as SVG text, the last move marked."""
        last = self.moves[-1] if self.moves else None
        return svg(self.variant, self.root, last, list(arrows), self.moves, self.chess960)

    def _repr_svg_(self):
        return self.svg()

    def __repr__(self):
        return f"Board({self.variant!r}, {self.fen()!r})"
