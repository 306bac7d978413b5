#!/usr/bin/env python3
"""Summarise a scripts/match.py log, also of a match stopped before its end.

match.py prints its summary only when it finishes. This reads the per-game lines
("Finished game N (A vs B): RESULT ...") of a log, pairs games 2k-1 and 2k (the same
opening with colours swapped, as match.py schedules them; a pair with a game missing is
left out of the pentanomial counts) and prints W-L-D for the engine --name (default
"new", as in docs/search.md's commands), Elo with its 95 % error (trinomial and
pentanomial) and, with --sprt, the LLR.

    scripts/summarize_log.py /tmp/sprt.log --sprt 0 10
"""

import argparse
import re
import sys

from matchlib import stats

LINE = re.compile(r"^Finished game (\d+) \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log")
    ap.add_argument("--name", default="new", help="the engine whose view is reported")
    ap.add_argument("--sprt", nargs=2, type=float, metavar=("ELO0", "ELO1"))
    a = ap.parse_args()
    games = {}
    first = a.name
    with open(a.log, encoding="utf-8") as fh:
        for line in fh:
            m = LINE.match(line)
            if not m:
                continue
            n, white, black, result = int(m[1]), m[2], m[3], m[4]
            if first not in (white, black):
                sys.exit(f"{a.log}: no engine named {first!r} in game {n}")
            points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            games[n] = points if white == first else 1.0 - points
    if not games:
        sys.exit(f"{a.log}: no finished games")
    w = sum(1 for p in games.values() if p == 1.0)
    l = sum(1 for p in games.values() if p == 0.0)
    d = len(games) - w - l
    ptnml = [0] * 5
    for n in games:
        if n % 2 == 1 and n + 1 in games:
            ptnml[int(round(2 * (games[n] + games[n + 1])))] += 1
    elo, err = stats.elo_wld(w, l, d)
    pelo, perr = stats.elo_pentanomial(ptnml)
    print(f"{first}: {len(games)} games, {w}-{l}-{d}, Elo {elo:+.1f} +- {err:.1f}, "
          f"LOS {100 * stats.los(w, l):.1f} %")
    print(f"pentanomial {ptnml}: Elo {pelo:+.1f} +- {perr:.1f}")
    if a.sprt:
        llr = stats.llr_logistic(ptnml, a.sprt[0], a.sprt[1])
        lo, hi = stats.sprt_bounds(0.05, 0.05)
        print(f"SPRT [{a.sprt[0]:g}, {a.sprt[1]:g}]: LLR {llr:.2f} [{lo:.2f}, {hi:.2f}]")


if __name__ == "__main__":
    main()
