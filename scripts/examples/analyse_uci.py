"""The same over UCI with python-chess (standard chess; python-chess sets UCI_Variant itself)."""
import os

import chess
import chess.engine

DABBABA = os.environ.get("DABBABA", "dabbaba")

board = chess.Board()
board.push_san("e4")
with chess.engine.SimpleEngine.popen_uci(DABBABA) as engine:
    info = engine.analyse(board, chess.engine.Limit(depth=8), multipv=2)
    for line in info:
        print(line["multipv"], line["score"].white(), board.variation_san(line["pv"]))
    print(engine.play(board, chess.engine.Limit(time=0.2)).move)
