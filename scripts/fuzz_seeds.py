#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (fuzz/fuzz_targets/) from the test data.

usage: scripts/fuzz_seeds.py DABBABA_BINARY OUT_DIR

One file per seed under OUT_DIR/<target>/. The fen, move_text and protocol targets take a
first byte that picks the variant (an index into `dabbaba variants`, the built-in order) or
the protocol; the seeds put the right byte in front.
"""

import glob
import os
import re
import subprocess
import sys


def write(out, target, n, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"seed-{n:05d}"), "wb") as f:
        f.write(data)


def main():
    binary, out = sys.argv[1], sys.argv[2]
    listing = subprocess.run([binary, "variants"], capture_output=True, text=True, check=True)
    names = [line.split()[0] for line in listing.stdout.splitlines() if line.strip()]
    index = {name: i for i, name in enumerate(names)}

    inis = sorted(glob.glob("variants/*.ini") + glob.glob("tests/data/*.ini"))
    betza = set()
    for n, path in enumerate(inis):
        text = open(path, encoding="utf-8").read()
        write(out, "variants_ini", n, text.encode())
        betza.update(re.findall(r"(?m)^\s*(?:customPiece\d+|piece\w*)\s*=\s*\S:(\S+)", text))
    betza.update(["K", "Q", "WfceF", "fmWfceFifmnD", "KNADcaKmcabK", "FyafsF", "mRcpR", "gQ",
                  "nN", "jN", "oR", "zB", "qN", "W03", "pafmpafW", "KO2"])
    for n, b in enumerate(sorted(betza)):
        write(out, "betza", n, b.encode())

    seeds = 0
    for path in ["tests/data/fen-walks.tsv", "tests/data/fen-walks-hands.tsv",
                 "tests/data/fairy-stockfish-suite.tsv", "tests/data/variant_startfens.tsv"]:
        for line in open(path, encoding="utf-8"):
            cols = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(cols) < 2 or cols[0] not in index:
                continue
            fens = [c for c in cols[1:] if "/" in c]
            chess960 = "true" in cols
            for fen in fens[:1]:
                byte = index[cols[0]] | (0x80 if chess960 else 0)
                write(out, "fen", seeds, bytes([byte]) + fen.encode())
                seeds += 1
    for n, (name, text) in enumerate([("chess", "e2e4"), ("chess", "Nf3"), ("chess", "O-O"),
                                      ("shogi", "7g7f"), ("shogi", "P*5e"), ("xiangqi", "h2e2"),
                                      ("crazyhouse", "N@f3"), ("seirawan", "g1f3h"),
                                      ("chess", "e7e8q"), ("capablanca", "Ad3")]):
        if name in index:
            write(out, "move_text", n, bytes([index[name], 0]) + text.encode())
    streams = [
        (0, "isready\nposition startpos moves e2e4 e7e5\ngo\nstop\nucinewgame\n"
            "setoption name UCI_Variant value crazyhouse\nposition startpos moves e2e4 d7d5 "
            "e4d5 d8d5\ngo\nquit\n"),
        (1, "new\nvariant shogi\nusermove 7g7f\ngo\nforce\nundo\nremove\nsetboard "
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nlift e2\nput e4\n"
            "hover e3\nanalyze\nexit\nquit\n"),
        (2, "isready\nusinewgame\nposition startpos moves 7g7f\ngo\nstop\nquit\n"),
        (3, "isready\nposition startpos moves h2e2\ngo\nstop\nquit\n"),
    ]
    for n, (proto, text) in enumerate(streams):
        write(out, "protocol", n, bytes([proto]) + text.encode())


if __name__ == "__main__":
    main()
