#!/usr/bin/env python3
"""A tiny misbehaving UCI engine for the runner's tests.

Usage: fake_uci.py MODE, MODE one of
  illegal   answers every `go` with `bestmove a1a1`
  crash     exits at the first `go`
  hang      never answers `go`
  first     plays the first legal move pyffish lists (needs pyffish)
"""

import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
variant, fen, moves = "chess", None, []

for line in sys.stdin:
    toks = line.split()
    if not toks:
        continue
    cmd = toks[0]
    if cmd == "uci":
        print("id name fake-" + mode)
        print("option name UCI_Variant type combo default chess var chess var crazyhouse var xiangqi")
        print("uciok", flush=True)
    elif cmd == "isready":
        print("readyok", flush=True)
    elif cmd == "setoption" and len(toks) >= 5 and toks[2] == "UCI_Variant":
        variant = toks[4]
    elif cmd == "position":
        if toks[1] == "startpos":
            fen, rest = None, toks[2:]
        else:
            end = toks.index("moves") if "moves" in toks else len(toks)
            fen, rest = " ".join(toks[2:end]), toks[end:]
        moves = rest[1:] if rest and rest[0] == "moves" else []
    elif cmd == "go":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            continue
        if mode == "first":
            import pyffish

            start = fen or pyffish.start_fen(variant)
            legal = pyffish.legal_moves(variant, start, moves)
            print("info depth 1 score cp 0")
            print(f"bestmove {legal[0]}", flush=True)
        else:
            print("info depth 1 score cp 12")
            print("bestmove a1a1", flush=True)
    elif cmd == "quit":
        break
