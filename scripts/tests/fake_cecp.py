#!/usr/bin/env python3
"""A tiny CECP engine for the runner's tests (needs pyffish to know the legal moves).

Usage: fake_cecp.py MODE, MODE one of
  claim   claims `1/2-1/2 {Draw by fifty move rule}` instead of its first move
  first   plays the first legal move pyffish lists, in CECP notation
"""

import re
import sys

import pyffish

mode = sys.argv[1] if len(sys.argv) > 1 else "claim"
variant, moves, force = "chess", [], True


def ranks(move, delta):
    return re.sub(r"([a-z])(\d+)", lambda m: m.group(1) + str(int(m.group(2)) + delta), move)


def ten_ranks():
    return len(pyffish.start_fen(variant).split()[0].split("/")) == 10


def think():
    if mode == "claim":
        print("1/2-1/2 {Draw by fifty move rule}", flush=True)
        return
    fen = pyffish.start_fen(variant)
    mv = pyffish.legal_moves(variant, fen, moves)[0]
    moves.append(mv)
    print("1 0 0 1\tdummy")
    print("move " + (ranks(mv, -1) if ten_ranks() else mv), flush=True)


for line in sys.stdin:
    toks = line.split()
    if not toks:
        continue
    cmd = toks[0]
    if cmd == "protover":
        print('feature ping=1 usermove=1 setboard=0 myname="fake-cecp" variants="normal,xiangqi" done=1',
              flush=True)
    elif cmd == "ping":
        print("pong " + toks[1], flush=True)
    elif cmd == "new":
        variant, moves, force = "chess", [], False
    elif cmd == "variant":
        variant = toks[1]
    elif cmd == "force":
        force = True
    elif cmd == "go":
        force = False
        think()
    elif cmd == "usermove":
        mv = toks[1]
        moves.append(ranks(mv, +1) if ten_ranks() else mv)
        if not force:
            think()
    elif cmd == "quit":
        break
