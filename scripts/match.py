#!/usr/bin/env python3
"""Play engine A against engine B in any variant pyffish knows, refereed by pyffish.

Example (10 games of chess at 10 s + 0.1 s between Fairy-Stockfish and Fairy-Max):

    scripts/match.py --variant chess --games 10 --tc 10+0.1 --random-plies 4 --seed 1 \\
        --engine cmd=path/to/fairy-stockfish proto=uci name=fsf \\
        --engine cmd=fairymax proto=cecp \\
        --pgn /tmp/games.pgn

Engine settings (`--engine` takes them as key=value tokens):
  cmd=PATH proto=uci|cecp name=NAME arg=ARGS dir=WORKDIR option.NAME=VALUE
  variant.REFEREE_NAME=ENGINE_NAME (the engine's name for the variant) cores=N memory=MB|none
  stderr=FILE

Exit status: 0 when the match ran (whatever the result), 1 on a usage or set-up error,
3 when an engine failed in some game (illegal move, crash, time-out) -- the games are
still counted and written.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from matchlib import referee as refmod  # noqa: E402
from matchlib.engines import EngineError, EngineSpec, Limits, make_engine  # noqa: E402
from matchlib.game import Adjudication  # noqa: E402
from matchlib.notation import geometry_from_fen  # noqa: E402
from matchlib.openings import build_openings, read_fen_file  # noqa: E402
from matchlib.stats import MODELS, Sprt  # noqa: E402
from matchlib.tournament import Tournament  # noqa: E402


def parse_tc(text):
    """`10+0.1` (seconds + increment), `1:30+1` (minutes:seconds), `40/60` is refused."""
    m = re.fullmatch(r"(?:(\d+):)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?", text.strip())
    if not m:
        raise argparse.ArgumentTypeError(f"time control {text!r}: use SECONDS[+INC] or MIN:SEC[+INC]")
    base = float(m.group(2)) + 60 * int(m.group(1) or 0)
    return base, float(m.group(3) or 0.0)


def kv_list(tokens, names):
    out = {}
    for tok in tokens:
        if "=" not in tok:
            raise SystemExit(f"error: {tok!r} is not key=value ({', '.join(names)})")
        k, v = tok.split("=", 1)
        if k not in names:
            raise SystemExit(f"error: unknown key {k!r} ({', '.join(names)})")
        out[k] = v
    return out


def build_parser():
    p = argparse.ArgumentParser(
        description="Engine match refereed by pyffish, with Elo, pentanomial and SPRT.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=__doc__.split("\n\n", 2)[2],
    )
    p.add_argument("--engine", nargs="+", action="append", required=True, metavar="KEY=VALUE",
                   help="an engine (give exactly two): cmd=... proto=uci|cecp ...")
    p.add_argument("--variant", default="chess")
    p.add_argument("--referee", metavar="DABBABA",
                   help="referee with this Dabbaba binary's rules instead of pyffish, for "
                        "variants pyffish does not play (chushogi)")
    p.add_argument("--serve-referee", metavar="DABBABA",
                   help="pyffish's referee with positions, legal moves and game ends answered by "
                        "this Dabbaba binary (`status --serve`): several times faster, for "
                        "variants whose rules Dabbaba shares with pyffish")
    p.add_argument("--library", choices=refmod.LIBRARIES, default="pyffish",
                   help="the Python library with pyffish's interface that referees: pyffish "
                        "(default; Fairy-Stockfish's rules, independent of Dabbaba) or dabbaba, "
                        "Dabbaba's own module (python/README.md): the same answers, faster, but "
                        "not an independent referee for matches of Dabbaba itself; not with "
                        "--referee")
    p.add_argument("--variants-ini", metavar="FILE",
                   help="variants.ini loaded into the referee library and passed to the engines "
                        "(VariantPath)")
    p.add_argument("--chess960", action="store_true", help="Chess960-style castling in the referee")
    p.add_argument("--games", type=int, default=2, help="number of games (rounded up to pairs)")
    p.add_argument("--tc", type=parse_tc, metavar="BASE+INC", help="clock, e.g. 10+0.1 (seconds)")
    p.add_argument("--nodes", type=int, help="fixed nodes per move (UCI)")
    p.add_argument("--depth", type=int, help="fixed depth per move")
    p.add_argument("--movetime", type=float, metavar="SEC", help="fixed time per move")
    p.add_argument("--timemargin", type=float, default=0.1, metavar="SEC",
                   help="grace beyond the clock before a time forfeit (default 0.1)")
    p.add_argument("--move-timeout", type=float, default=60.0, metavar="SEC",
                   help="hard limit per move without a clock (default 60)")
    p.add_argument("--concurrency", type=int, default=1)
    p.add_argument("--openings", metavar="FILE", help="EPD/FEN file, one position a line")
    p.add_argument("--shuffle", action="store_true", help="shuffle the opening file (seeded)")
    p.add_argument("--random-plies", type=int, default=0, metavar="N",
                   help="N random plies (seeded) from each start position")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--resign", nargs="+", default=[], metavar="KEY=VALUE",
                   help="movecount=N score=CP: adjudicate a win (default off)")
    p.add_argument("--draw", nargs="+", default=[], metavar="KEY=VALUE",
                   help="movenumber=N movecount=N score=CP: adjudicate a draw (default off)")
    p.add_argument("--max-plies", type=int, default=0, help="adjudicate a draw after N plies")
    p.add_argument("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"))
    p.add_argument("--sprt-model", choices=MODELS, default="logistic")
    p.add_argument("--pgn", metavar="FILE", help="append every game to FILE")
    p.add_argument("--log", metavar="FILE", help="protocol trace of every engine")
    p.add_argument("--event", default="Dabbaba match")
    return p


def main(argv=None):
    args = build_parser().parse_args(argv)
    if len(args.engine) != 2:
        print("error: give exactly two --engine", file=sys.stderr)
        return 1
    try:
        specs = [EngineSpec.parse(toks) for toks in args.engine]
        if args.referee and args.library != "pyffish":
            raise refmod.RefereeError("--library does not apply with --referee (the binary's "
                                      "own rules referee)")
        if args.variants_ini:
            refmod.load_variants_ini(args.variants_ini, args.library)
        if args.referee:
            referee = refmod.DabbabaReferee(args.variant, args.referee, chess960=args.chess960)
        elif args.serve_referee:
            referee = refmod.ServedReferee(args.variant, args.serve_referee,
                                           chess960=args.chess960, lib=args.library)
        else:
            referee = refmod.Referee(args.variant, chess960=args.chess960, lib=args.library)
    except (ValueError, OSError, refmod.RefereeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if specs[0].name == specs[1].name:
        specs[1].name += "-2"
    if not (args.tc or args.nodes or args.depth or args.movetime):
        print("error: give --tc, --nodes, --depth or --movetime", file=sys.stderr)
        return 1
    base, inc = args.tc if args.tc else (None, 0.0)
    limits = Limits(base=base, inc=inc, nodes=args.nodes, depth=args.depth,
                    movetime=args.movetime, margin=args.timemargin,
                    move_timeout=args.move_timeout)
    r = kv_list(args.resign, ["movecount", "score"])
    d = kv_list(args.draw, ["movenumber", "movecount", "score"])
    adj = Adjudication(
        resign_moves=int(r.get("movecount", 3 if r else 0)),
        resign_score=int(r.get("score", 1000)),
        draw_moves=int(d.get("movecount", 8 if d else 0)),
        draw_score=int(d.get("score", 10)),
        draw_after=int(d.get("movenumber", 40)),
        max_plies=args.max_plies,
    )
    pairs = max(1, (args.games + 1) // 2)
    try:
        fens = read_fen_file(args.openings) if args.openings else None
        openings = build_openings(referee, pairs, fens, args.random_plies, args.seed, args.shuffle)
        sprt = Sprt(*args.sprt, model=args.sprt_model) if args.sprt else None
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    geo = geometry_from_fen(openings[0].fen)
    tc_text = (f"{base:g}+{inc:g}" if base is not None else "-")
    limit_bits = [f"tc {tc_text}" if base is not None else None,
                  f"nodes {args.nodes}" if args.nodes else None,
                  f"depth {args.depth}" if args.depth else None,
                  f"movetime {args.movetime:g}s" if args.movetime else None]
    print(f"Match: {specs[0].name} vs {specs[1].name}, variant {args.variant}"
          f" ({geo.files}x{geo.ranks}), {2 * pairs} games, "
          + ", ".join(b for b in limit_bits if b) + f", concurrency {args.concurrency}")
    for s in specs:
        print(f"  {s.describe()}")
    print(f"Openings: {'file ' + args.openings if args.openings else 'start position'}"
          f"{f' + {args.random_plies} random plies (seed {args.seed})' if args.random_plies else ''},"
          " each played twice with colours swapped")
    print(f"Adjudication: {adj.describe()}")
    if sprt:
        lo, hi = sprt.bounds
        print(f"SPRT ({sprt.model}): elo0 {sprt.elo0:g}, elo1 {sprt.elo1:g}, alpha {sprt.alpha:g},"
              f" beta {sprt.beta:g}; bounds [{lo:.3f}, {hi:.3f}]")
    sys.stdout.flush()
    for s in specs:  # start each engine once so a bad command or variant fails early
        eng = make_engine(s, args.variant, geo, args.variants_ini)
        try:
            eng.ensure_started()
        except EngineError as e:
            print(f"error: {e}", file=sys.stderr)
            eng.kill()
            return 1
        eng.stop()
    t = Tournament(referee, geo, specs[0], specs[1], openings, limits, adj, tc_text,
                   pgn_path=args.pgn, concurrency=args.concurrency, sprt=sprt,
                   variants_ini=args.variants_ini, log_path=args.log, event=args.event)
    t.run()
    print("")
    for line in t.summary():
        print(line)
    if args.pgn:
        print(f"PGN: {args.pgn}")
    return 3 if t.errors else 0


if __name__ == "__main__":
    sys.exit(main())
