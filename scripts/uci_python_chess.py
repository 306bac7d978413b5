#!/usr/bin/env python3
"""Drive dabbaba with python-chess's UCI client: analyse and play standard chess.

Usage: uci_python_chess.py PATH_TO_DABBABA
Exit 0 on success, 1 on a failed check, 77 when python-chess is not installed (skipped).
Crazyhouse joins when the board layer plays drops (the engine then lists it as playable).
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    print("python-chess not installed: skipped")
    sys.exit(77)


def main(path):
    with chess.engine.SimpleEngine.popen_uci([path, "-q"]) as eng:
        assert eng.id.get("name", "").startswith("Dabbaba"), eng.id
        for opt in ("Hash", "Threads", "MultiPV", "UCI_Variant", "Move Overhead"):
            assert opt in eng.options, f"option {opt} missing"
        eng.configure({"Hash": 32, "Threads": 2})

        # Analysis with MultiPV: every line starts with a legal move; scores parse.
        board = chess.Board()
        infos = eng.analyse(board, chess.engine.Limit(depth=6), multipv=3)
        assert len(infos) == 3, infos
        for info in infos:
            assert info["pv"][0] in board.legal_moves, info
            assert info["depth"] == 6
            assert info["score"].relative is not None

        # Mate found and reported as a mate score.
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
        info = eng.analyse(board, chess.engine.Limit(depth=4))
        assert info["score"].relative == chess.engine.Mate(1), info["score"]
        assert info["pv"][0] == chess.Move.from_uci("a1a8")

        # A short self-play game under a clock; python-chess rejects illegal moves.
        board = chess.Board()
        for ply in range(30):
            if board.is_game_over():
                break
            limit = chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05)
            res = eng.play(board, limit, ponder=(ply % 3 == 0))
            assert res.move in board.legal_moves, (board.fen(), res.move)
            board.push(res.move)
        print(f"python-chess: analysed 2 positions, played {board.ply()} plies: {board.fen()}")


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except AssertionError as e:
        print(f"check failed: {e!r}")
        sys.exit(1)
