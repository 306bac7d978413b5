#!/usr/bin/env python3
"""The compatibility table of docs/compatibility.md: each variant Fairy-Stockfish plays, checked
against pyffish 0.0.90 (`pip install pyffish==0.0.90 chess`).

    scripts/compat_table.py [--ini FILE] [--depth 2] [--nodes 300] [--max-plies 120]
                            [--jobs 2] [--results FILE.jsonl] [--dabbaba BIN] [VARIANT ...]

Without --ini the variants are pyffish's built-ins (`pyffish.variants()`); with --ini they are
the sections Dabbaba loads from FILE (`dabbaba check --json`), loaded into pyffish too. For
each variant:
  - loaded: Dabbaba knows it (built in, or loaded from FILE);
  - start FEN: Dabbaba's start FEN equals pyffish's `start_fen` (after reading both back);
  - perft: `dabbaba perft D` from the start equals pyffish's count at depths 1..D;
  - game: two games of Dabbaba against itself at --nodes per move after 4 random plies,
    refereed by pyffish (`scripts/match.py`); the cell gives the results and lengths (a game
    cut at --max-plies counts as a draw), or what went wrong.
Each variant's row is appended to --results as one JSON line as soon as it is done, and
variants already there are skipped, so an interrupted run resumes. The markdown table goes to
standard output. Exit status 1 when any check fails.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))


def py_perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    return sum(py_perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def ours(args, *words):
    cmd = [args.dabbaba, "-q", *(["--variants", args.ini] if args.ini else []), *words]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600)


def check_variant(args, name):
    row = {"variant": name, "loaded": name in args.known}
    if not row["loaded"]:
        return row
    fen = sf.start_fen(name)
    status = ours(args, "status", "--variant", name, "--json")
    try:
        our_fen = json.loads(status.stdout)["fen"]
        # Compare as pyffish writes them (it may add or drop empty fields).
        row["start_fen"] = sf.get_fen(name, our_fen, []) == sf.get_fen(name, fen, [])
    except (ValueError, KeyError, RuntimeError, SystemError) as e:
        row["start_fen"] = False
        row["start_fen_error"] = str(e) or status.stderr.strip()
    perft = []
    for d in range(1, args.depth + 1):
        out = ours(args, "perft", str(d), "--variant", name)
        got = next((int(line.split(":")[1]) for line in out.stdout.splitlines()
                    if line.startswith("Nodes searched:")), None)
        perft.append((d, got, py_perft(name, fen, d)))
    row["perft"] = perft
    row["perft_ok"] = all(a == b for _, a, b in perft)
    match = [sys.executable, os.path.join(HERE, "match.py"), "--variant", name, "--games", "2",
             "--nodes", str(args.nodes), "--max-plies", str(args.max_plies), "--seed", "1",
             "--random-plies", "4",
             "--engine", f"cmd={args.dabbaba}", "proto=uci", "name=a",
             "--engine", f"cmd={args.dabbaba}", "proto=uci", "name=b"]
    if args.ini:
        match[4:4] = ["--variants-ini", args.ini]
    try:
        run = subprocess.run(match, capture_output=True, text=True, timeout=900)
        games = re.findall(r"Finished game \d+ \([^)]*\): (\S+) \{([^}]*)\}\s+\[(\d+) plies\]",
                           run.stdout)
        row["games"] = [{"result": r, "reason": why, "plies": int(n)} for r, why, n in games]
        bad = [g for g in row["games"] if re.search(r"illegal|crash|forfeit|error|timeout",
                                                    g["reason"], re.I)]
        row["games_ok"] = run.returncode == 0 and len(games) == 2 and not bad
        if not row["games_ok"]:
            row["games_error"] = (run.stderr.strip().splitlines() or ["?"])[-1]
    except subprocess.TimeoutExpired:
        row["games_ok"] = False
        row["games_error"] = "timeout"
    return row


def cell(ok):
    return "yes" if ok else "**no**"


def table(rows, depth):
    lines = [f"| variant | loaded | start FEN | perft 1-{depth} | 2 games (result, plies) |",
             "|---|---|---|---|---|"]
    for r in rows:
        if not r["loaded"]:
            lines.append(f"| {r['variant']} | **no** | | | |")
            continue
        perft = "yes" if r["perft_ok"] else "**no**: " + ", ".join(
            f"d{d} {a} vs {b}" for d, a, b in r["perft"] if a != b)
        games = ", ".join(f"{g['result']} {g['plies']}" for g in r.get("games", []))
        if not r["games_ok"]:
            games = f"**no**: {r.get('games_error', '')} {games}".strip()
        lines.append(f"| {r['variant']} | yes | {cell(r['start_fen'])} | {perft} | {games} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variants", nargs="*")
    ap.add_argument("--ini")
    ap.add_argument("--depth", type=int, default=2)
    ap.add_argument("--nodes", type=int, default=300)
    ap.add_argument("--max-plies", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--results", default="compat-results.jsonl")
    ap.add_argument("--dabbaba", default="target/release/dabbaba")
    args = ap.parse_args()
    args.dabbaba = os.path.abspath(args.dabbaba)
    if args.ini:
        with open(args.ini, encoding="utf-8") as fh:
            sf.load_variant_config(fh.read())
        out = subprocess.run([args.dabbaba, "check", "--json", args.ini],
                             capture_output=True, text=True)
        names = json.loads(out.stdout)["variants"]
        args.known = set(names)
    else:
        names = sorted(sf.variants())
        listing = subprocess.run([args.dabbaba, "variants"], capture_output=True, text=True)
        args.known = {line.split()[0] for line in listing.stdout.splitlines() if line.strip()}
    if args.variants:
        names = [n for n in names if n in args.variants]
    done = {}
    if os.path.exists(args.results):
        with open(args.results, encoding="utf-8") as fh:
            for line in fh:
                r = json.loads(line)
                done[r["variant"]] = r
    todo = [n for n in names if n not in done]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool, \
            open(args.results, "a", encoding="utf-8") as out:
        for row in pool.map(lambda n: check_variant(args, n), todo):
            print(f"{row['variant']}: {'ok' if row_ok(row) else 'FAILED'}", file=sys.stderr)
            out.write(json.dumps(row) + "\n")
            out.flush()
            done[row["variant"]] = row
    rows = [done[n] for n in names]
    print(table(rows, args.depth))
    failed = [r["variant"] for r in rows if not row_ok(r)]
    print(f"\n{len(rows) - len(failed)} of {len(rows)} pass every check"
          + (f"; not: {' '.join(failed)}" if failed else ""), file=sys.stderr)
    sys.exit(1 if failed else 0)


def row_ok(r):
    return r["loaded"] and r["start_fen"] and r["perft_ok"] and r["games_ok"]


if __name__ == "__main__":
    main()
