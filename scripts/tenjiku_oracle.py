#!/usr/bin/env python3
"""Checks Tenjiku Shogi's moves against a referee written here from HaChu's piece table.

No engine we can run counts Tenjiku Shogi's moves (HaChu plays it but has no perft), so this
script is the second opinion: a move generator written from HaChu's reading of the pieces
(each piece a range for each of its eight directions: a number of steps, a slide, a slide
whose captures jump lower-ranked pieces, a lion's or a linear lion's double move, a jump to
the second square, a knight's jump), sharing no code with ours, which compiles the pieces
from XBetza (variants/chu.ini, `[tenjiku]`). Rules:

- a range capturer (great, vice, rook, bishop general) captures like a slider, and also
  jumps any number of pieces ranked below it to take one ranked below it further on; ranks:
  rook and bishop general 1, vice general 2, great general 3, king and prince 4;
- after a fire demon's move every enemy piece next to where it stops is removed, unless the
  demon stopped next to an enemy fire demon: then the demon is removed instead, as is any
  piece that stops next to an enemy fire demon (HaChu's passive burn);
- Chu Shogi's promotions: a promotable piece may promote on a move into the five-rank zone,
  or on a move from inside it that captures; it must where it could never move again;
- a side must keep its royal pieces (king, crown prince): a move that loses the last one is
  illegal, as is leaving the last one where an enemy move could capture or burn it.

Moves are written as ours are: `g4g12+` promotes, a lion's double move `f7f8,f8e7`, a pass
`f7e6,e6f7` (out to the lowest empty neighbour and back). For every position,
`dabbaba perft --divide` must give the same count below every root move.

Usage: tenjiku_oracle.py DABBABA
Exit status 0 when every count agrees, 1 on a difference.
"""

import random
import re
import sys

from divide_check import dabbaba_divide, differences

SIZE = 16
ZONE = 5
X = 99  # a slide
# Directions, as HaChu lists them: forward, then clockwise.
DIRS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
# The knight jump of each direction (HaChu's nStep): the forward ones are 0 and 7.
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

# Piece: (ranges in the eight directions, what it promotes to, range-capture rank).
# A range is a number of steps, X, "R" (a slide whose captures jump), "L" (a lion's move),
# "S" (a lion's move and a slide), "D" (a linear lion's move), "J" (a jump to the second
# square) or "N" (a knight's jump).
PIECES = {
    "K": ([1] * 8, None),
    "P": ([1, 0, 0, 0, 0, 0, 0, 0], "G"),
    "G": ([1, 1, 1, 0, 1, 0, 1, 1], "R"),
    "S": ([1, 1, 0, 1, 0, 1, 0, 1], "V"),
    "C": ([1, 1, 0, 0, 1, 0, 0, 1], "M"),
    "I": ([1, 1, 0, 0, 0, 0, 0, 1], "V'"),
    "N": (["N", 0, 0, 0, 0, 0, 0, "N"], "S'"),
    "L": ([X, 0, 0, 0, 0, 0, 0, 0], "+L"),
    "A": ([X, 0, 0, 0, X, 0, 0, 0], "+A"),
    "F": ([1, 1, 0, 1, 1, 1, 0, 1], "B"),
    "T": ([0, 1, 1, 1, 1, 1, 1, 1], "+T"),
    "E": ([1, 1, 1, 1, 0, 1, 1, 1], "K"),
    "O": (["J", 1, "J", 1, "J", 1, "J", 1], "L!"),
    "X": ([1, "J", 1, "J", 1, "J", 1, "J"], "Q"),
    "M": ([1, 0, X, 0, 1, 0, X, 0], "+M"),
    "V": ([X, 0, 1, 0, X, 0, 1, 0], "+V"),
    "B": ([0, X, 0, X, 0, X, 0, X], "H"),
    "R": ([X, 0, X, 0, X, 0, X, 0], "D"),
    "H": ([1, X, 1, X, 1, X, 1, X], "F!"),
    "D": ([X, 1, X, 1, X, 1, X, 1], "E!"),
    "Q": ([X] * 8, "Q'"),
    "D'": ([1, 0, 0, 1, 0, 1, 0, 0], "+D'"),
    "Q'": ([X] * 8, None),
    "S'": ([2, 0, X, 0, 1, 0, X, 0], "W!"),
    "V'": ([X, 0, 2, 0, 1, 0, 2, 0], "C!"),
    "B!": ([0, "R", 0, "R", 0, "R", 0, "R"], "V!"),
    "C!": ([X, X, 2, X, X, X, 2, X], "+C!"),
    "D!": ([X, X, 0, X, X, X, 0, X], None),
    "E!": ([X, "D", X, X, X, X, X, "D"], "R!"),
    "F!": (["D", X, X, X, X, X, X, X], "B!"),
    "H!": (["L", "S", "L", "S", "L", "S", "L", "S"], None),
    "L!": (["L"] * 8, "H!"),
    "Q!": (["R"] * 8, None),
    "R!": (["R", 0, "R", 0, "R", 0, "R", 0], "Q!"),
    "V!": ([0, "R", 0, "R", 0, "R", 0, "R"], None),
    "W!": ([2, X, X, X, 2, X, X, X], "D!"),
    "+T": ([X, 1, 1, 1, X, 1, 1, 1], None),
    "+L": ([X, X, 0, 0, X, 0, 0, X], None),
    "+A": ([X, 0, 0, X, X, X, 0, 0], None),
    "+M": ([0, X, X, X, 0, X, X, X], None),
    "+V": ([X, X, 0, X, X, X, 0, X], None),
    "+C!": ([X, X, 2, X, X, X, 2, X], None),
    "+D'": ([X, 0, 0, X, 0, X, 0, 0], None),
}
RANK = {"R!": 1, "B!": 1, "V!": 2, "Q!": 3, "K": 4}
BURNER = "D!"
# Pieces that can never move again on the last rank (the knight: the last two).
FORWARD_ONLY = {"P": 1, "L": 1, "I": 1, "N": 2}


def rank_of(piece):
    return RANK.get(piece[1], 0)


def parse_fen(fen):
    """Board {(file, rank): (colour, type, promoted from)} and the side to move."""
    rows, side = fen.split()[:2]
    board = {}
    for r, row in enumerate(rows.split("/")):
        rank = SIZE - 1 - r
        f, i = 0, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
                continue
            promoted = c == "+"
            if promoted:
                i += 1
                c = row[i]
            token = c.upper()
            if i + 1 < len(row) and row[i + 1] in "'!":
                token += row[i + 1]
                i += 1
            colour = "w" if c.isupper() else "b"
            if promoted:
                board[(f, rank)] = (colour, PIECES[token][1], token)
            else:
                board[(f, rank)] = (colour, token, None)
            f += 1
            i += 1
    return board, side


def on_board(sq):
    return 0 <= sq[0] < SIZE and 0 <= sq[1] < SIZE


def add(sq, d, n=1):
    return (sq[0] + d[0] * n, sq[1] + d[1] * n)


def oriented(d, colour):
    return d if colour == "w" else (-d[0], -d[1])


def name(sq):
    return "abcdefghijklmnop"[sq[0]] + str(sq[1] + 1)


def in_zone(sq, colour):
    return sq[1] >= SIZE - ZONE if colour == "w" else sq[1] < ZONE


def raw_moves(board, colour):
    """Pseudo-legal moves as (from, kill square or None, to); a pass is (sq, "pass", sq)."""
    moves = set()

    def enemy(sq):
        return sq in board and board[sq][0] != colour

    def free(sq):
        return on_board(sq) and (sq not in board or board[sq][0] != colour)

    for frm, piece in list(board.items()):
        if piece[0] != colour:
            continue
        ranges = PIECES[piece[1]][0]
        lion_dirs = [j for j, r in enumerate(ranges) if r in ("L", "S")]
        if lion_dirs:
            # A lion's move in every direction (HaChu: the lion and the lion hawk).
            ring1 = [add(frm, d) for d in DIRS]
            for a in ring1:
                if free(a):
                    moves.add((frm, None, a))
            for dx in range(-2, 3):
                for dy in range(-2, 3):
                    b = (frm[0] + dx, frm[1] + dy)
                    if max(abs(dx), abs(dy)) == 2 and free(b):
                        moves.add((frm, None, b))
            for a in ring1:
                if enemy(a):
                    for d in DIRS:
                        b = add(a, d)
                        if b == frm:
                            moves.add((frm, a, frm))
                        elif free(b):
                            moves.add((frm, a, b))
            empties = sorted(
                (a for a in ring1 if on_board(a) and a not in board), key=lambda s: (s[1], s[0])
            )
            if empties:
                moves.add((frm, "pass", frm))
        for j, r in enumerate(ranges):
            d = oriented(DIRS[j], colour)
            if r in ("L",):
                continue
            if r == "N":
                k = oriented(KNIGHT[j], colour)
                to = (frm[0] + k[0], frm[1] + k[1])
                if free(to):
                    moves.add((frm, None, to))
                continue
            if r == "J":
                to = add(frm, d, 2)
                if free(to):
                    moves.add((frm, None, to))
                continue
            if r == "D":
                one, two = add(frm, d), add(frm, d, 2)
                if free(one):
                    moves.add((frm, None, one))
                if free(two):
                    moves.add((frm, None, two))
                if enemy(one):
                    moves.add((frm, one, frm))
                    if free(two):
                        moves.add((frm, one, two))
                if on_board(one) and one not in board:
                    moves.add((frm, "pass", frm))
                continue
            steps = X if r in ("R", "S") else r
            sq = frm
            for n in range(steps):
                sq = add(sq, d)
                if not on_board(sq):
                    break
                if sq not in board:
                    moves.add((frm, None, sq))
                    continue
                if board[sq][0] != colour:
                    moves.add((frm, None, sq))
                if r == "R":
                    own = rank_of(piece)
                    if rank_of(board[sq]) < own:
                        nxt = add(sq, d)
                        while on_board(nxt):
                            if nxt in board:
                                if rank_of(board[nxt]) >= own:
                                    break
                                if board[nxt][0] != colour:
                                    moves.add((frm, None, nxt))
                            nxt = add(nxt, d)
                break
    return moves


def pass_text(frm):
    return f"{name(frm)} passes"


def square_of(text):
    return ("abcdefghijklmnop".index(text[0]), int(text[1:]) - 1)


def normalized(board, text):
    """Our text of a pass (out to an empty square and back, `f7e6,e6f7`: which empty square
    is our choice) as the referee writes it."""
    legs = re.fullmatch(r"([a-p]\d+)([a-p]\d+),([a-p]\d+)([a-p]\d+)\+?", text)
    if legs:
        frm, kill, _, to = legs.groups()
        if frm == to and square_of(kill) not in board:
            return pass_text(square_of(frm))
    return text


def play(board, colour, frm, kill, to, promote):
    """The board after the move (a copy)."""
    b = dict(board)
    piece = b.pop(frm)
    if kill not in (None, "pass"):
        del b[kill]
    b.pop(to, None)
    mover_type = piece[1]
    if promote:
        piece = (colour, PIECES[piece[1]][1], piece[1])
    b[to] = piece
    near = [add(to, d) for d in DIRS]
    if any(s in b and b[s][0] != colour and b[s][1] == BURNER for s in near):
        del b[to]
    elif mover_type == BURNER:
        for s in near:
            if s in b and b[s][0] != colour:
                del b[s]
    return b


def promotions(board, colour, frm, kill, to):
    """The promotion choices of a move: [False], [True] or [False, True]."""
    piece = board[frm]
    target = PIECES[piece[1]][1]
    if target is None or piece[2] is not None:
        return [False]
    captures = (kill not in (None, "pass")) or (to in board and to != frm)
    may = (in_zone(to, colour) and not in_zone(frm, colour)) or (
        in_zone(frm, colour) and captures
    )
    to_last_rank = SIZE - 1 - to[1] if colour == "w" else to[1]
    stuck = piece[1] in FORWARD_ONLY and to_last_rank < FORWARD_ONLY[piece[1]]
    if stuck:
        return [True]
    return [False, True] if may else [False]


def royals(board, colour):
    return [s for s, p in board.items() if p[0] == colour and p[1] == "K"]


def threatened(board, sq, by):
    """Whether a move of `by` could capture or burn the piece on `sq`."""
    theirs = [s for s, p in board.items() if p[0] != by and p[1] == BURNER]
    for frm, kill, to in raw_moves(board, by):
        if to == sq and to != frm or kill == sq:
            return True
        if board[frm][1] == BURNER and max(abs(to[0] - sq[0]), abs(to[1] - sq[1])) <= 1:
            burnt = any(
                s != to and max(abs(to[0] - s[0]), abs(to[1] - s[1])) == 1 for s in theirs
            )
            if not burnt:
                return True
    return False


def legal_moves(board, colour):
    """[(text, board after)]."""
    other = "b" if colour == "w" else "w"
    out = []
    for frm, kill, to in raw_moves(board, colour):
        for promote in promotions(board, colour, frm, kill, to):
            after = play(board, colour, frm, kill, to, promote)
            left = royals(after, colour)
            if not left:
                continue
            if len(left) == 1 and threatened(after, left[0], other):
                continue
            if kill == "pass":
                text = pass_text(frm)
            elif kill is not None:
                text = f"{name(frm)}{name(kill)},{name(kill)}{name(to)}"
            else:
                text = f"{name(frm)}{name(to)}"
            out.append((text + ("+" if promote else ""), after))
    return out


def perft(board, colour, depth):
    if depth == 0:
        return 1
    other = "b" if colour == "w" else "w"
    moves = legal_moves(board, colour)
    if depth == 1:
        return len(moves)
    return sum(perft(after, other, depth - 1) for _, after in moves)


def divide(fen, depth):
    board, colour = parse_fen(fen)
    other = "b" if colour == "w" else "w"
    counts = {}
    for text, after in legal_moves(board, colour):
        counts[text] = counts.get(text, 0) + perft(after, other, depth - 1)
    return counts


START = (
    "lnficsgekgscifnl/a1c!c!1txql!ot1c!c!1a/s'v'bhdw!d!q'h!d!w!dhbv's'/"
    "mvrf!e!b!r!v!q!r!b!e!f!rvm/pppppppppppppppp/4d'6d'4/16/16/16/16/4D'6D'4/"
    "PPPPPPPPPPPPPPPP/MVRF!E!B!R!Q!V!R!B!E!F!RVM/S'V'BHDW!D!H!Q'D!W!DHBV'S'/"
    "A1C!C!1TOL!QXT1C!C!1A/LNFICSGKEGSCIFNL w - - 0 1"
)

# (FEN, depth)
CASES = [
    (START, 2),
    # Range captures: a great general behind pieces of every rank.
    ("7k8/16/3p12/16/3v!12/16/3P12/16/3Q!3r!8/16/16/16/16/16/16/7K8 w - - 0 1", 2),
    # Fire demons: burns, passive burns, a demon next to a demon, a king near a demon.
    ("7k8/16/16/5p1p8/6d!9/16/4P1P9/5D!10/16/16/16/16/16/16/16/7K8 w - - 0 1", 2),
    ("k15/pp14/16/16/16/16/16/2D!13/16/16/16/16/16/9d!6/14PP/15K b - - 0 1", 3),
    # A demon that can take the other demon, kings next to demons, generals of every rank
    # on one line with a prince (two royals: neither is the last).
    ("7k8/16/7d!8/16/16/16/7D!8/4p11/16/16/16/16/16/16/16/6K9 w - - 0 1", 2),
    ("6k9/16/16/1r!2p2P4q!3/16/16/16/16/4Q!11/16/16/16/16/16/6+E9/6K9 b - - 0 1", 2),
    # Lions, lion hawk, eagles and falcons among enemies; promotions in the zone.
    ("7k8/16/3p1p1p8/4L!11/3p1P10/16/16/16/16/16/9h!6/16/8P7/16/16/7K8 w - - 0 1", 2),
    ("7k8/16/16/3pp11/4F!E!10/16/16/16/16/16/16/16/16/16/16/7K8 w - - 0 1", 2),
    # Soldiers, dog, iron general and knight near the zone; forced promotions.
    ("g6k8/2I1N11/3S'V'11/1D'14/16/16/16/16/16/16/16/16/16/16/16/7K8 w - - 0 1", 2),
]


def to_fen(board, colour):
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row, gap = "", 0
        for f in range(SIZE):
            piece = board.get((f, rank))
            if piece is None:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            c, token, base = piece
            text = "+" + base if base else token
            row += text if c == "w" else text.lower()
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows) + f" {colour} - - 0 1"


def random_positions(seed, games, plies, every):
    """Positions of random games from the start, the referee's own moves: every `every`
    plies of each game, while both sides keep a royal and another piece (the bare-king rule
    and the end of the game are not the referee's to judge)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        board, colour = parse_fen(START)
        for ply in range(1, plies + 1):
            moves = legal_moves(board, colour)
            if not moves:
                break
            _, board = rng.choice(moves)
            colour = "b" if colour == "w" else "w"
            sides = [[p for p in board.values() if p[0] == c] for c in "wb"]
            if any(not any(p[1] != "K" for p in side) or len(side) < 2 for side in sides):
                break
            if not all(royals(board, c) for c in "wb"):
                break
            if ply % every == 0:
                out.append(to_fen(board, colour))
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    engine = sys.argv[1]
    failed = False
    cases = CASES + [(fen, 2) for fen in random_positions(2026, 3, 48, 12)]
    leaves = 0
    for fen, depth in cases:
        expected = divide(fen, depth)
        leaves += sum(expected.values())
        board, _ = parse_fen(fen)
        got = {normalized(board, m): n for m, n in dabbaba_divide(engine, depth, "tenjiku", fen).items()}
        total = sum(expected.values())
        if differences(f"{fen} depth {depth}", got, expected):
            failed = True
        else:
            print(f"ok: {fen} depth {depth}: {total} leaves")
    print(f"{len(cases)} positions, {leaves} leaves")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
