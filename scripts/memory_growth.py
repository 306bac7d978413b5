#!/usr/bin/env python3
"""Resident memory of two engine processes over a long match (docs/reliability.md).

Plays one match of Dabbaba against itself with `scripts/match.py` (the same two engine
processes for every game, as GUIs and tournament managers keep them) and reads each engine's
resident set size (VmRSS in /proc) after every CHECKPOINT games. A leak shows as growth
between the first checkpoint (the hash table is touched by then) and the last one.

    scripts/memory_growth.py --games 1000 --variant chess --nodes 5000 --hash 16 64

Exit status: 0 when both engines ran every game and neither grew by more than
--max-growth MB from the first checkpoint to the last, 1 otherwise (the table says why).
"""

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--bin", default=os.path.join(HERE, "..", "target", "release", "dabbaba"),
                   help="the Dabbaba binary (default target/release/dabbaba)")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--checkpoint", type=int, default=100, help="games between readings")
    p.add_argument("--variant", default="chess")
    p.add_argument("--nodes", type=int, default=5000, help="nodes per move")
    p.add_argument("--hash", type=int, nargs=2, default=[16, 64], metavar=("MB_A", "MB_B"),
                   help="Hash of the two engines")
    p.add_argument("--threads", type=int, nargs=2, default=[1, 2], metavar=("N_A", "N_B"),
                   help="Threads of the two engines")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-growth", type=float, default=8.0,
                   help="MB an engine may grow from the first reading to the last")
    args = p.parse_args()
    for name in ("games", "checkpoint", "nodes"):
        if getattr(args, name) < 1:
            p.error(f"--{name} must be a positive whole number")
    if min(args.hash) < 1 or min(args.threads) < 1:
        p.error("--hash and --threads take positive whole numbers")
    return args


def children(pid):
    """Every process whose parent is `pid`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                # The command name (field 2) is in parentheses and may hold spaces.
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if ppid == pid:
            found.append(int(entry))
    return found


def engine_pids(match_pid, binary):
    """The engine processes of the match: children running `binary`, not as a referee."""
    pids = []
    for pid in children(match_pid):
        try:
            exe = os.path.realpath(f"/proc/{pid}/exe")
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                argv = fh.read().split(b"\0")
        except OSError:
            continue
        if exe == binary and not any(b"referee" in a or a == b"status" for a in argv):
            pids.append(pid)
    # By process id: the match starts engine a first, so a is the lower one (the readings
    # agree: 16 MB of table in the smaller process).
    return sorted(pids)


def rss_mb(pid):
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024.0
    raise OSError(f"no VmRSS for {pid}")


def main():
    args = parse_args()
    binary = os.path.realpath(args.bin)
    if not os.access(binary, os.X_OK):
        sys.exit(f"memory_growth.py: no binary at {binary} (cargo build --release)")
    engines = []
    for name, mb, threads in zip(("a", "b"), args.hash, args.threads):
        engines += ["--engine", f"cmd={binary}", "proto=uci", f"name={name}",
                    f"option.Hash={mb}", f"option.Threads={threads}"]
    cmd = [sys.executable, os.path.join(HERE, "match.py"), "--variant", args.variant,
           # Two games more than read, so that the last reading is not taken while the
           # match closes its engines.
           "--games", str(args.games + 2), "--nodes", str(args.nodes), "--concurrency", "1",
           "--random-plies", "8", "--seed", str(args.seed), "--max-plies", "400",
           "--resign", "movecount=3", "score=800",
           "--draw", "movenumber=40", "movecount=8", "score=10"] + engines
    print("$", " ".join(cmd), flush=True)
    match = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    first_pids = None
    readings = []  # (games, seconds, [rss of each engine])
    games = 0
    start = time.time()
    failures = []
    print(f"{'games':>6} {'seconds':>8}  " + "  ".join(
        f"{'RSS ' + n + ' (MB)':>12}" for n in ("a", "b")), flush=True)
    for line in match.stdout:
        if line.startswith("  !"):
            failures.append(line.strip())
        if not line.startswith("Finished game"):
            continue
        games += 1
        if games % args.checkpoint and games != args.games or games > args.games:
            continue
        pids = engine_pids(match.pid, binary)
        if first_pids is None:
            first_pids = pids
        if pids != first_pids or len(pids) != 2:
            failures.append(f"engine processes changed at game {games}: {first_pids} -> {pids}")
            continue
        try:
            sizes = [rss_mb(p) for p in pids]
        except OSError as e:
            failures.append(f"game {games}: {e}")
            continue
        readings.append((games, time.time() - start, sizes))
        print(f"{games:>6} {readings[-1][1]:>8.0f}  " + "  ".join(
            f"{s:>12.1f}" for s in sizes), flush=True)
    rc = match.wait()
    if rc != 0:
        failures.append(f"match.py exited with {rc}")
    if games < args.games:
        failures.append(f"only {games} of {args.games} games finished")
    if len(readings) >= 2:
        growth = [last - first for first, last in zip(readings[0][2], readings[-1][2])]
        print("growth from game %d to game %d: %s MB" % (
            readings[0][0], readings[-1][0], ", ".join(f"{g:+.1f}" for g in growth)))
        if max(growth) > args.max_growth:
            failures.append(f"an engine grew by more than {args.max_growth} MB")
    else:
        failures.append("fewer than two readings")
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
