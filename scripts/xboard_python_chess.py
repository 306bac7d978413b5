#!/usr/bin/env python3
"""Drive dabbaba with python-chess's XBoard (CECP) client: analyse and play standard chess.

Usage: xboard_python_chess.py PATH_TO_DABBABA
Exit 0 on success, 1 on a failed check, 77 when python-chess is not installed (skipped).
"""
import sys

try:
    import chess
    import chess.engine
except ImportError:
    print("python-chess not installed: skipped")
    sys.exit(77)


def main(path):
    with chess.engine.SimpleEngine.popen_xboard([path, "-q"]) as eng:
        assert eng.id.get("name", "").startswith("Dabbaba"), eng.id
        # Our options arrive as `feature option=...`; CECP's own memory/cores are features.
        assert "MultiPV" in eng.options, sorted(eng.options)
        eng.configure({"memory": 32, "cores": 2})

        # Analysis (python-chess uses `analyze` and stops at the limit): a legal first move,
        # depths that go up, a score.
        board = chess.Board()
        board.push_san("e4")
        info = eng.analyse(board, chess.engine.Limit(depth=5))
        assert info["pv"][0] in board.legal_moves, info
        assert info["depth"] >= 5, info
        assert info["score"].relative is not None, info

        # A mate in one is found and reported as a mate score (CECP 100000+N).
        board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
        info = eng.analyse(board, chess.engine.Limit(depth=4))
        assert info["score"].relative == chess.engine.Mate(1), info["score"]
        assert info["pv"][0] == chess.Move.from_uci("a1a8"), info["pv"]
        res = eng.play(board, chess.engine.Limit(depth=3))
        assert res.move == chess.Move.from_uci("a1a8"), res

        # A short game under a clock from a set-up position; python-chess checks every move
        # it gets against its own board, and `play` sends the game so far as moves.
        board = chess.Board()
        for ply in range(24):
            if board.is_game_over():
                break
            limit = chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.05, black_inc=0.05)
            res = eng.play(board, limit)
            assert res.move in board.legal_moves, (board.fen(), res.move)
            board.push(res.move)
        assert board.ply() >= 10 or board.is_game_over(), board.fen()
        # A fixed-time move (`st`) and a node limit (`nps`-based in CECP) work too.
        for limit in (chess.engine.Limit(time=0.2), chess.engine.Limit(nodes=5000)):
            res = eng.play(board, limit)
            assert res.move in board.legal_moves, (limit, res)
        print(f"python-chess xboard: analysed 2 positions, played {board.ply()} plies: {board.fen()}")


if __name__ == "__main__":
    try:
        main(sys.argv[1])
    except AssertionError as e:
        print(f"check failed: {e!r}")
        sys.exit(1)
