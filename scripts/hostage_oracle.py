#!/usr/bin/env python3
"""Checks hostage chess against a referee built here on python-chess's board.

No other engine plays hostage chess, so this script is its second opinion: a move generator
written from the rules (variants/drops.ini, `[hostage]`) on top of python-chess's piece moves,
sharing no code with ours. Each side has an airfield (its hand: its own pieces, given back
to it) and a prison (the enemy pieces it took). A move is one of:

- a chess move; a capture puts the taken piece, as the type it is, in the captor's prison.
  A pawn promotes only to one of its side's pieces held in the opponent's prison, and goes
  there in its place;
- a drop from the mover's airfield onto an empty square (pawns not on the first or last rank);
- an exchange: a prisoner of the mover's prison goes to the opponent's airfield, and one of
  the mover's own pieces in the opponent's prison, of the same or a lower rank (pawn; knight
  and bishop; rook; queen), is dropped at once as above.

A pawn that cannot promote (nothing to promote to) gives no check on the last rank. A rook
dropped in its corner with its king on the king's square may castle with it
(`castlingDroppedPiece`). A move is legal when the mover's king is not attacked afterwards
(castling: nor on the squares the king crosses, before the move). Moves are written as ours
are: UCI, drops `N@e4`, exchanges with the prisoner given in lower case (`B@f7n`).

For every position (the start, and positions with prisoners, airfields, promotions and
dropped rooks), `dabbaba perft --divide` must give the same count below every root move.

Usage: hostage_oracle.py DABBABA
Exit status 0 when every count agrees, 1 on a difference, 77 without python-chess.
"""

import sys
from collections import Counter

from divide_check import dabbaba_divide, differences

try:
    import chess
except ImportError:
    print("python-chess is not installed (pip install chess)")
    sys.exit(77)

RANK = {chess.PAWN: 1, chess.KNIGHT: 2, chess.BISHOP: 2, chess.ROOK: 3, chess.QUEEN: 4}
PROMOTIONS = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
LETTER = {t: chess.piece_symbol(t) for t in RANK}

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[|] w KQkq - 0 1"

# (FEN, moves to play first, depth)
CASES = [
    (START, [], 4),
    # Captures fill the prisons; the next move may exchange.
    (START, ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"], 3),
    (START, ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5",
             "f6d5", "g5f7", "e8f7"], 3),
    # Both prisons and both airfields hold pieces: drops and exchanges of every rank.
    ("r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R[Bn|rbPPn] w KQkq - 0 12", [], 3),
    ("r1b1k2r/pp3ppp/2n5/8/2Bq4/8/PPP2PPP/RN1QK2R[p|NBbpp] b KQkq - 0 9", [], 3),
    # A pawn on the seventh next to the king: it checks only while its side can promote.
    ("4k3/3P4/8/8/8/8/8/4K3[|] b - - 0 40", [], 4),
    ("4k3/3P4/8/8/8/8/8/4K3[|Q] b - - 0 40", [], 4),
    ("4k3/3P4/8/p7/8/8/8/4K3[|] b - - 0 40", [], 3),
    ("4k3/3P4/8/p7/8/8/8/4K3[|Q] b - - 0 40", [], 3),
    ("2rq2k1/3P4/8/8/8/8/8/4K3[|rN] w - - 0 40", [], 3),
    # Taking the knight would give Black something to promote to, and its pawn would then
    # check: Rxa7 is illegal, Rxd2 is not.
    ("4k3/n7/8/8/8/8/R2p4/4K3[|] w - - 0 40", [], 3),
    # Promotion to what the opponent's prison holds, with captures on the last rank.
    ("1r2k3/P1P5/8/8/8/8/5p1p/4K1R1[|RbnPp] w - - 0 30", [], 3),
    # A rook dropped in its corner castles; a rook freed there by an exchange too.
    ("4k3/8/8/8/8/8/8/4K3[R|r] w - - 0 30", ["R@h1", "e8d8"], 3),
    ("r3k3/8/8/8/8/8/8/4K3[|Rr] w q - 0 30", [], 3),
]


class Game:
    """A python-chess board with both airfields and both prisons."""

    def __init__(self, board, airfield, prison):
        self.board = board
        # airfield[colour]: that side's own pieces it may drop; prison[colour]: the enemy
        # pieces that side took.
        self.airfield = airfield
        self.prison = prison

    @staticmethod
    def from_fen(fen):
        placement, rest = fen.split(" ", 1)
        holdings = ""
        if "[" in placement:
            placement, holdings = placement.split("[")
            holdings = holdings.rstrip("]")
        hands, _, prisoners = holdings.partition("|")
        airfield = {chess.WHITE: Counter(), chess.BLACK: Counter()}
        prison = {chess.WHITE: Counter(), chess.BLACK: Counter()}
        for c in hands:
            p = chess.Piece.from_symbol(c)
            airfield[p.color][p.piece_type] += 1
        for c in prisoners:
            p = chess.Piece.from_symbol(c)
            prison[not p.color][p.piece_type] += 1
        return Game(chess.Board(placement + " " + rest), airfield, prison)

    def copy(self):
        return Game(self.board.copy(stack=False),
                    {c: Counter(h) for c, h in self.airfield.items()},
                    {c: Counter(h) for c, h in self.prison.items()})

    def can_promote(self, color):
        return any(self.prison[not color][t] > 0 for t in PROMOTIONS)

    def attacked(self, square, by):
        attackers = self.board.attackers(by, square)
        last_rank = 7 if by == chess.WHITE else 0
        if chess.square_rank(square) == last_rank and not self.can_promote(by):
            attackers &= ~self.board.pieces_mask(chess.PAWN, by)
        return bool(attackers)

    def king_safe(self, color):
        king = self.board.king(color)
        return king is None or not self.attacked(king, not color)

    def moves(self):
        """Every legal move as (text, game after it)."""
        us = self.board.turn
        out = []
        for m in self.board.generate_pseudo_legal_moves():
            if self.board.is_castling(m):
                continue
            if m.promotion and self.prison[not us][m.promotion] == 0:
                continue
            out.append((m.uci(), self.after_move(m)))
        out += self.castlings()
        empty = [sq for sq in chess.SQUARES if self.board.piece_at(sq) is None]
        for t in RANK:
            if self.airfield[us][t] > 0:
                for sq in self.drop_squares(t, empty):
                    out.append((f"{LETTER[t].upper()}@{chess.square_name(sq)}",
                                self.after_drop(t, sq, None)))
        for freed in RANK:
            if self.prison[not us][freed] == 0:
                continue
            for ransom in RANK:
                if RANK[ransom] < RANK[freed] or self.prison[us][ransom] == 0:
                    continue
                for sq in self.drop_squares(freed, empty):
                    text = f"{LETTER[freed].upper()}@{chess.square_name(sq)}{LETTER[ransom]}"
                    out.append((text, self.after_drop(freed, sq, ransom)))
        return [(text, g) for text, g in out if g.king_safe(us)]

    @staticmethod
    def drop_squares(piece_type, empty):
        if piece_type == chess.PAWN:
            return [sq for sq in empty if chess.square_rank(sq) not in (0, 7)]
        return empty

    def after_move(self, m):
        g = self.copy()
        us = self.board.turn
        if self.board.is_en_passant(m):
            g.prison[us][chess.PAWN] += 1
        else:
            taken = self.board.piece_at(m.to_square)
            if taken is not None:
                g.prison[us][taken.piece_type] += 1
        if m.promotion:
            g.prison[not us][m.promotion] -= 1
            g.prison[not us][chess.PAWN] += 1
        g.board.push(m)
        return g

    def after_drop(self, piece_type, sq, ransom):
        g = self.copy()
        us = self.board.turn
        if ransom is None:
            g.airfield[us][piece_type] -= 1
        else:
            g.prison[not us][piece_type] -= 1
            g.prison[us][ransom] -= 1
            g.airfield[not us][ransom] += 1
        b = g.board
        b.set_piece_at(sq, chess.Piece(piece_type, us))
        home = 0 if us == chess.WHITE else 7
        if (piece_type == chess.ROOK and chess.square_rank(sq) == home
                and chess.square_file(sq) in (0, 7)
                and b.piece_at(chess.square(4, home)) == chess.Piece(chess.KING, us)):
            b.castling_rights |= chess.BB_SQUARES[sq]
        b.ep_square = None
        b.turn = not us
        return g

    def castlings(self):
        b = self.board
        us = b.turn
        home = 0 if us == chess.WHITE else 7
        king = chess.square(4, home)
        if b.piece_at(king) != chess.Piece(chess.KING, us) or self.attacked(king, not us):
            return []
        out = []
        for rook_file, king_to, rook_to in ((7, 6, 5), (0, 2, 3)):
            rook = chess.square(rook_file, home)
            if not b.castling_rights & chess.BB_SQUARES[rook]:
                continue
            if b.piece_at(rook) != chess.Piece(chess.ROOK, us):
                continue
            between = range(min(4, rook_file) + 1, max(4, rook_file))
            if any(b.piece_at(chess.square(f, home)) for f in between):
                continue
            step = 1 if king_to > 4 else -1
            crossed = [chess.square(f, home) for f in range(4 + step, king_to + step, step)]
            if any(self.attacked(sq, not us) for sq in crossed):
                continue
            m = chess.Move(king, chess.square(king_to, home))
            out.append((m.uci(), self.after_move(m)))
        return out


def perft(game, depth):
    moves = game.moves()
    if depth == 1:
        return len(moves)
    return sum(perft(g, depth - 1) for _, g in moves)


def play(game, text):
    for t, g in game.moves():
        if t == text:
            return g
    raise SystemExit(f"referee: '{text}' is not legal")


def main():
    engine = sys.argv[1]
    failures = 0
    checked = 0
    for fen, line, depth in CASES:
        game = Game.from_fen(fen)
        for m in line:
            game = play(game, m)
        expected = {text: perft(g, depth - 1) if depth > 1 else 1 for text, g in game.moves()}
        got = dabbaba_divide(engine, depth, "hostage", fen, line)
        checked += sum(expected.values())
        label = f"{fen} after {' '.join(line) or '(nothing)'}"
        failures += differences(label, got, expected)
    print(f"{checked} leaves compared in {len(CASES)} positions")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
