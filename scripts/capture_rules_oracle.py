#!/usr/bin/env python3
"""Checks `ironPieceTypes` and `selfCaptureTypes` against python-chess.

No other engine plays these rules, so the reference is built here from python-chess's chess
moves: a chess variant with iron pieces has chess's legal moves but the captures of iron
pieces (en passant included); one with self-capturing pieces has, besides, each move of such a
piece onto one of its own side's pieces (not the king, not an iron one) that python-chess
finds legal when a stand-in enemy piece (one that does not attack the king) takes that piece's
place. Self-captures are played here by hand (castling rights of a moved or taken rook or king
go). For every variant and position, `dabbaba perft --divide` must give the same count below
every root move.

Usage: capture_rules_oracle.py DABBABA
Exit status 0 when every count agrees, 1 on a difference, 77 without python-chess.
"""

import json
import subprocess
import sys
import tempfile

try:
    import chess
except ImportError:
    print("python-chess is not installed (pip install chess)")
    sys.exit(77)

VARIANTS = """
[ironpawns:chess]
ironPieceTypes = p

[ironminor:chess]
ironPieceTypes = nb

[selfcapture:chess]
selfCaptureTypes = *

[selfcapture-ironrooks:chess]
selfCaptureTypes = pnq
ironPieceTypes = r
"""

# piece letters of each variant's rule sets
RULES = {
    "ironpawns": {"iron": "p", "self": ""},
    "ironminor": {"iron": "nb", "self": ""},
    "selfcapture": {"iron": "", "self": "pnbrqk"},
    "selfcapture-ironrooks": {"iron": "r", "self": "pnq"},
}

POSITIONS = [
    # start position, Kiwipete and the other positions of the usual perft suite
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 3),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2),
    ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2),
    # en passant available (an iron pawn may not be taken so)
    ("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 3),
    # promotions, on captures too
    ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
    # in check: a self-capture must answer it like any move
    ("4k3/8/8/8/1b6/8/3PN3/R3K2R w KQ - 0 1", 3),
]

PROMOTIONS = [chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT]


def types_of(letters):
    return {chess.Piece.from_symbol(c).piece_type for c in letters}


def stand_in(board, sq, king_sq):
    """An enemy piece for `sq` that does not attack the side to move's king from there."""
    them = not board.turn
    for t in (chess.KNIGHT, chess.BISHOP, chess.ROOK):
        trial = board.copy(stack=False)
        trial.set_piece_at(sq, chess.Piece(t, them))
        if king_sq is None or sq not in trial.attackers(them, king_sq):
            return trial
    raise AssertionError("no stand-in piece fits")


def self_capture_child(board, frm, sq, promotion):
    us = board.turn
    child = board.copy(stack=False)
    piece = child.remove_piece_at(frm)
    child.remove_piece_at(sq)
    if promotion:
        piece = chess.Piece(promotion, us)
    child.set_piece_at(sq, piece)
    child.castling_rights &= ~chess.BB_SQUARES[frm] & ~chess.BB_SQUARES[sq]
    if piece.piece_type == chess.KING:
        child.castling_rights &= ~(chess.BB_RANK_1 if us == chess.WHITE else chess.BB_RANK_8)
    child.ep_square = None
    child.halfmove_clock = 0
    if us == chess.BLACK:
        child.fullmove_number += 1
    child.turn = not us
    return child


def moves(board, rules):
    """(UCI text, position after it) for every legal move of the variant."""
    iron = types_of(rules["iron"])
    selfish = types_of(rules["self"])
    out = []
    for m in board.legal_moves:
        if board.is_capture(m):
            if board.is_en_passant(m):
                taken = chess.PAWN
            else:
                taken = board.piece_type_at(m.to_square)
            if taken in iron:
                continue
        child = board.copy(stack=False)
        child.push(m)
        out.append((m.uci(), child))
    if not selfish:
        return out
    us = board.turn
    king_sq = board.king(us)
    own = board.occupied_co[us]
    for frm in chess.SquareSet(own):
        mover = board.piece_type_at(frm)
        if mover not in selfish:
            continue
        for sq in chess.SquareSet(board.attacks(frm) & own):
            if board.piece_type_at(sq) in iron | {chess.KING}:
                continue
            trial = stand_in(board, sq, king_sq)
            last_rank = chess.square_rank(sq) in (0, 7)
            promos = PROMOTIONS if mover == chess.PAWN and last_rank else [None]
            for p in promos:
                m = chess.Move(frm, sq, promotion=p)
                if trial.is_legal(m):
                    out.append((m.uci(), self_capture_child(board, frm, sq, p)))
    return out


def perft(board, rules, depth):
    ms = moves(board, rules)
    if depth == 1:
        return len(ms)
    return sum(perft(child, rules, depth - 1) for _, child in ms)


def divide(board, rules, depth):
    return {uci: (1 if depth == 1 else perft(child, rules, depth - 1))
            for uci, child in moves(board, rules)}


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = sys.argv[1]
    failures = 0
    with tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False) as f:
        f.write(VARIANTS)
        ini = f.name
    for variant, rules in RULES.items():
        total = 0
        for fen, depth in POSITIONS:
            expected = divide(chess.Board(fen), rules, depth)
            run = subprocess.run(
                [binary, "perft", str(depth), "--variant", variant, "--variants", ini,
                 "--fen", fen, "--divide", "--json"],
                capture_output=True, text=True, check=False)
            if run.returncode != 0:
                print(f"{variant} {fen}: dabbaba failed: {run.stderr.strip()}")
                failures += 1
                continue
            got = {m["move"]: m["nodes"] for m in json.loads(run.stdout)["moves"]}
            if got != expected:
                failures += 1
                print(f"{variant} depth {depth} {fen}: counts differ")
                for uci in sorted(set(got) | set(expected)):
                    if got.get(uci) != expected.get(uci):
                        print(f"  {uci}: dabbaba {got.get(uci)}, reference {expected.get(uci)}")
            total += sum(expected.values())
        print(f"{variant}: {len(POSITIONS)} positions, {total} leaves, "
              f"{'differences above' if failures else 'all equal'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
