#!/usr/bin/env python3
"""Does logging slow the search? Runs the same UCI searches with and without `--log`
(every protocol line logged with a timestamp) and prints nodes and CPU seconds per run.

    scripts/log_overhead.py target/release/dabbaba [rounds]
"""
import os
import resource
import subprocess
import sys
import tempfile

SEARCHES = [
    ("startpos", 15),
    ("fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 11),
    ("fen 8/3k4/8/5p2/1P6/8/4P3/3K2b1 w - - 0 35", 20),
]


def session(engine, extra):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.Popen([engine, *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)
    nodes = 0
    p.stdin.write("uci\n")
    for pos, depth in SEARCHES:
        p.stdin.write(f"ucinewgame\nposition {pos}\ngo depth {depth}\n")
        last = 0
        for line in p.stdout:
            if line.startswith("info") and " nodes " in line:
                last = int(line.split(" nodes ")[1].split()[0])
            if line.startswith("bestmove"):
                break
        nodes += last
    p.stdin.write("quit\n")
    p.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return nodes, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main():
    engine = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    log = os.path.join(tempfile.mkdtemp(), "uci.log")
    totals = {"plain": 0.0, "--log": 0.0}
    for r in range(rounds):
        n0, t0 = session(engine, [])
        n1, t1 = session(engine, ["--log", log])
        totals["plain"] += t0
        totals["--log"] += t1
        with open(log) as f:
            lines = sum(1 for _ in f)
        print(f"round {r + 1}: plain {n0} nodes {t0:.3f} s cpu | --log {n1} nodes {t1:.3f} s cpu "
              f"({lines} log lines)")
    print(f"total cpu: plain {totals['plain']:.3f} s, --log {totals['--log']:.3f} s "
          f"({100 * (totals['--log'] / totals['plain'] - 1):+.1f} %)")


if __name__ == "__main__":
    main()
