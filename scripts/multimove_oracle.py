#!/usr/bin/env python3
"""Checks turns of several moves (Marseillais, balanced Marseillais, progressive and monster
chess) against a referee built here on python-chess's chess moves.

No other engine plays these rules. The referee plays each move of a turn with python-chess;
while the turn has moves left and the move gave no check (a check ends the turn in all four),
it hands the move back to the same side: the side to move switches back and the e.p. square
goes (it could only serve the opponent). Each move of a turn is a ply, as in our perft. For
every variant and position (the start, and positions reached by moves, some in the middle of a
turn), `dabbaba perft --divide` must give the same count below every root move.

Usage: multimove_oracle.py DABBABA
Exit status 0 when every count agrees, 1 on a difference, 77 without python-chess.
"""

import sys

from divide_check import dabbaba_divide, differences

try:
    import chess
except ImportError:
    print("python-chess is not installed (pip install chess)")
    sys.exit(77)

MONSTER = "rnbqkbnr/pppppppp/8/8/8/8/2PPPP2/4K3 w kq - 0 1"


def marseillais(turn):
    return 2


def balanced(turn):
    return 1 if turn == 0 else 2


def progressive(turn):
    return turn + 1


def monster(turn):
    return 2 if turn % 2 == 0 else 1


# variant: (moves of a turn, start FEN, move lists to start from, depth)
CASES = {
    "marseillais": (marseillais, chess.STARTING_FEN, [
        [], ["e2e4"], ["e2e4", "d2d4"], ["e2e4", "d2d4", "d7d5"],
        ["e2e4", "f1c4", "e7e5", "d8h4"], ["e2e4", "d1h5", "e7e6", "a7a6", "h5f7"],
    ], 4),
    "balancedmarseillais": (balanced, chess.STARTING_FEN, [
        [], ["e2e4"], ["e2e4", "d7d5"], ["e2e4", "d7d5", "g8f6", "e4d5"],
    ], 4),
    "progressive": (progressive, chess.STARTING_FEN, [
        [], ["e2e4", "e7e5", "d7d5"], ["e2e4", "e7e5", "d7d5", "e4d5", "d1h5"],
        ["f2f3", "e7e5", "f8c5", "g2g4", "g1h3", "h3f4"],
    ], 4),
    "monster": (monster, MONSTER, [
        [], ["e2e4"], ["e2e4", "e4e5", "d7d5"], ["e2e4", "e1e2", "e7e5", "e2f3"],
    ], 4),
}


class Game:
    """A position with the turn's bookkeeping: the turn (0 = White's first) and the moves
    made in it."""

    def __init__(self, board, length, turn=0, part=0):
        self.board = board
        self.length = length
        self.turn = turn
        self.part = part

    def play(self, move):
        b = self.board.copy(stack=False)
        b.push(move)
        if self.part + 1 < self.length(self.turn) and not b.is_check():
            b.turn = not b.turn
            b.ep_square = None
            return Game(b, self.length, self.turn, self.part + 1)
        return Game(b, self.length, self.turn + 1, 0)


def perft(game, depth):
    moves = list(game.board.legal_moves)
    if depth == 1:
        return len(moves)
    return sum(perft(game.play(m), depth - 1) for m in moves)


def main():
    engine = sys.argv[1]
    failures = 0
    checked = 0
    for variant, (length, fen, lines, depth) in CASES.items():
        for line in lines:
            game = Game(chess.Board(fen), length)
            for m in line:
                move = chess.Move.from_uci(m)
                assert move in game.board.legal_moves, (variant, line, m)
                game = game.play(move)
            expected = {
                m.uci(): perft(game.play(m), depth - 1) if depth > 1 else 1
                for m in game.board.legal_moves
            }
            start = fen if fen != chess.STARTING_FEN else None
            got = dabbaba_divide(engine, depth, variant, start, line)
            checked += sum(expected.values())
            label = f"{variant} after {' '.join(line) or '(start)'}"
            failures += differences(label, got, expected)
    print(f"{checked} leaves compared in {sum(len(c[2]) for c in CASES.values())} positions")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
