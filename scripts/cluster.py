#!/usr/bin/env python3
"""Dabbaba's large jobs on a Dask cluster: analysis, self-play data, SPRT matches.

    scripts/cluster.py analyse positions.epd --variant chess --nodes 100000 --out lines.ndjson
    scripts/cluster.py datagen --variant shogi --games 20000 --seed 1 --nodes 2000 \\
        --out shogi.bin
    scripts/cluster.py sprt --variant chess --nodes 10000 --games 20000 --random-plies 6 \\
        --engine cmd=new/dabbaba name=new --engine cmd=old/dabbaba name=old \\
        --sprt 0 10 0.05 0.05

Without --scheduler a local cluster of --workers processes runs the job on this machine;
with --scheduler ADDRESS (`tcp://host:8786`, a `dask scheduler` started by hand, over SSH or
by dask-jobqueue) the job runs on that cluster's workers. The binary is uploaded to every
worker (--ship upload, the default: a cluster has no shared disk by default) or found there
at the same path (--ship path); either way each worker checks its SHA-256 and `--version`
before its first task. Finished parts are kept in OUT.parts/ as they arrive: run the same
command again after a stop (Ctrl-C, a lost client) and only the missing parts run. A lost
worker's tasks are run again on another. docs/scale.md has the details and measurements.

Exit status: 0 done, 1 a bad input or set-up (one line naming it), 3 engine errors in
`sprt` games (counted, as scripts/match.py), 130 stopped by Ctrl-C (resumable).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clusterlib import worker as wmod  # noqa: E402
from clusterlib.coordinator import (  # noqa: E402
    Cluster,
    JobError,
    Parts,
    Progress,
    check_variant,
    run_token,
    say,
    sha256_file,
    shipped_file,
)
from clusterlib.inputs import read_epd, read_pgn  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BINARY = os.path.join(ROOT, "target", "release", "dabbaba")


def positive(text):
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return n


def build_parser():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 2)[2])
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--scheduler", metavar="ADDRESS",
                        help="a running Dask scheduler (default: a local cluster)")
    common.add_argument("--workers", type=positive, default=2,
                        help="worker processes of the local cluster (default 2)")
    common.add_argument("--binary", default=DEFAULT_BINARY,
                        help="the Dabbaba binary (default target/release/dabbaba)")
    common.add_argument("--ship", choices=["upload", "path"], default="upload",
                        help="upload the binary to the workers, or use the same path there")
    sub = p.add_subparsers(dest="job", required=True)

    a = sub.add_parser("analyse", parents=[common],
                       help="search every position of an EPD or PGN file")
    a.add_argument("input", help="FILE.epd (one position a line) or FILE.pgn (every position"
                                 " of every game)")
    a.add_argument("--variant", default="chess")
    a.add_argument("--out", required=True, help="NDJSON, one line per position, input order")
    limit = a.add_mutually_exclusive_group(required=True)
    limit.add_argument("--nodes", type=positive)
    limit.add_argument("--depth", type=positive)
    limit.add_argument("--movetime", type=positive, metavar="MS")
    a.add_argument("--multipv", type=positive, default=1)
    a.add_argument("--hash", type=positive, default=16, metavar="MB")
    a.add_argument("--chunk", type=positive, default=50, help="positions per task (default 50)")

    d = sub.add_parser("datagen", parents=[common], help="seeded self-play training data")
    d.add_argument("--variant", default="chess")
    d.add_argument("--games", type=positive, required=True)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--nodes", type=positive, default=5000)
    d.add_argument("--random-plies", type=int, default=8)
    d.add_argument("--format", choices=["binary", "text"], default="binary")
    d.add_argument("--shard", type=positive, default=100, help="games per task (default 100)")
    d.add_argument("--eval-file", metavar="NET", help="play with this net (shipped too)")
    d.add_argument("--nnue", action="store_true", help="play with the variant's built-in net")
    d.add_argument("--out", required=True)

    s = sub.add_parser("sprt", parents=[common], help="an SPRT match, game pairs as tasks")
    s.add_argument("--variant", default="chess")
    s.add_argument("--engine", nargs="+", action="append", required=True, metavar="KEY=VALUE",
                   help="an engine (give two), as scripts/match.py: cmd=PATH name=... "
                        "option.NAME=VALUE ...; cmd is shipped like the binary")
    s.add_argument("--games", type=positive, default=20000, help="at most this many games")
    s.add_argument("--tc", metavar="BASE+INC")
    s.add_argument("--nodes", type=positive)
    s.add_argument("--depth", type=positive)
    s.add_argument("--random-plies", type=int, default=6)
    s.add_argument("--openings", metavar="FILE", help="EPD/FEN openings (default: start"
                                                     " position + random plies)")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--max-plies", type=int, default=400)
    s.add_argument("--resign", nargs="+", default=["movecount=3", "score=800"])
    s.add_argument("--draw", nargs="+", default=["movenumber=40", "movecount=8", "score=10"])
    s.add_argument("--sprt", nargs=4, type=float, required=True,
                   metavar=("ELO0", "ELO1", "ALPHA", "BETA"))
    s.add_argument("--sprt-model", default="logistic")
    s.add_argument("--referee", choices=["pyffish", "dabbaba"], default="pyffish",
                   help="the rules: pyffish on the workers, or the shipped Dabbaba binary")
    s.add_argument("--pgn", metavar="FILE", help="the games, in pair order")
    s.add_argument("--out", required=True, help="NDJSON, one line per finished pair")
    s.add_argument("--event", default="Dabbaba cluster SPRT")
    return p


def run_parts(cluster, parts, todo, submit, on_result):
    """Submits the missing parts, saves each as it finishes, reports progress; cancels
    the rest when `on_result` returns True (an SPRT bound)."""
    from distributed import as_completed

    futures = {submit(n): n for n in todo}
    if not futures:
        return
    stop = False
    try:
        for fut in as_completed(list(futures)):
            n = futures[fut]
            try:
                result = fut.result()
            except Exception as e:  # noqa: BLE001 - the task's own error, named
                raise JobError(f"part {n} failed: {e}") from e
            parts.save(n, result if isinstance(result, bytes) else json.dumps(result).encode())
            stop = on_result(n, result) or stop
            if stop:
                break
    finally:
        cluster.client.cancel([f for f in futures if not f.done()])


def analyse(args, cluster_files):
    binary = args.binary
    if args.input.endswith(".pgn"):
        positions = read_pgn(args.input, binary, args.variant)
    else:
        positions = read_epd(args.input)
    limits = (["--nodes", str(args.nodes)] if args.nodes is not None else
              ["--depth", str(args.depth)] if args.depth is not None else
              ["--movetime", str(args.movetime)])
    extra = ["--multipv", str(args.multipv), "--hash", str(args.hash)]
    chunks = [positions[i:i + args.chunk] for i in range(0, len(positions), args.chunk)]
    settings = {"job": "analyse", "input": os.path.abspath(args.input),
                "input_sha256": sha256_file(args.input), "positions": len(positions),
                "variant": args.variant, "limits": limits, "extra": extra, "chunk": args.chunk,
                "sha256": cluster_files[0].sha256}
    token = run_token(settings)
    parts = Parts(args.out, settings)
    if parts.finished:
        say(f"analyse: {args.out} is this command's finished output; nothing to do")
        return 0
    done = parts.done()
    todo = [n for n in range(len(chunks)) if n not in done]
    say(f"analyse: {len(positions)} positions in {len(chunks)} chunks of {args.chunk},"
        f" {len(chunks) - len(todo)} chunks already done")
    cluster = Cluster(args.scheduler, args.workers, cluster_files, token)
    try:
        progress = Progress("positions", len(positions),
                            sum(len(chunks[n]) for n in done), cluster.retries)

        def submit(n):
            return cluster.client.submit(wmod.analyse_chunk, token, n, chunks[n], args.variant,
                                         limits, extra, key=f"analyse-{token}-{n}", retries=1,
                                         pure=False)

        def on_result(n, lines):
            for text in lines:
                obj = json.loads(text)
                if obj.get("type") == "error":
                    say(f"{args.input}:{obj['line']}: {obj['error']} (skipped)")
            progress.add(len(chunks[n]))
            return False

        run_parts(cluster, parts, todo, submit, on_result)
        progress.finish()
        retried, rate = cluster.retries.count, progress.rate
    finally:
        cluster.close()
    # Parts are JSON lists of lines; the output is the lines.
    parts.join(range(len(chunks)),
               lambda i, data: "".join(line + "\n" for line in json.loads(data)).encode())
    say(f"analyse: {len(positions)} positions written to {args.out}"
        f" ({rate:.1f} positions/s this run, {retried} tasks retried)")
    return 0


BINARY_MAGIC = b"DABGAMES"


def binary_body(data: bytes) -> tuple[bytes, bytes]:
    """(header, games) of a datagen binary file: magic, u32 version, u16 length + variant
    name, then the games (src/cli/datafile.rs)."""
    if data[:8] != BINARY_MAGIC or len(data) < 14:
        raise JobError("a shard is not a datagen binary file")
    n = int.from_bytes(data[12:14], "little")
    if len(data) < 14 + n:
        raise JobError("a shard's header is cut short")
    return data[:14 + n], data[14 + n:]


def join_binary(first: bytes):
    """The joining of binary shards: the first shard's header, then every shard's games;
    a shard with another header (format version, variant) is an error."""
    header = binary_body(first)[0]

    def transform(i, data):
        head, body = binary_body(data)
        if head != header:
            raise JobError(f"shard {i} has another header than shard 0")
        return (header if i == 0 else b"") + body

    return transform


def datagen(args, cluster_files):
    if args.eval_file and args.nnue:
        raise JobError("give --eval-file or --nnue, not both")
    extra = ["--random-plies", str(args.random_plies)]
    if args.nnue:
        extra.append("--nnue")
    shards = [(n, first, min(first + args.shard, args.games))
              for n, first in enumerate(range(0, args.games, args.shard))]
    settings = {"job": "datagen", "variant": args.variant, "games": args.games,
                "seed": args.seed, "nodes": args.nodes, "format": args.format,
                "shard": args.shard, "extra": extra,
                "net": cluster_files[1].sha256 if args.eval_file else None,
                "sha256": cluster_files[0].sha256}
    token = run_token(settings)
    parts = Parts(args.out, settings)
    if parts.finished:
        say(f"datagen: {args.out} is this command's finished output; nothing to do")
        return 0
    done = parts.done()
    todo = [n for n, _, _ in shards if n not in done]
    say(f"datagen: {args.games} games in {len(shards)} shards of {args.shard},"
        f" {len(shards) - len(todo)} shards already done")
    cluster = Cluster(args.scheduler, args.workers, cluster_files, token)
    try:
        progress = Progress("games", args.games,
                            sum(e - f for n, f, e in shards if n in done), cluster.retries)

        def submit(n):
            _, first, end = shards[n]
            task_extra = list(extra)
            if args.eval_file:
                task_extra += ["--eval-file", "@net"]
            return cluster.client.submit(wmod.datagen_shard, token, n, first, end, args.variant,
                                         args.seed, args.nodes, args.format, task_extra,
                                         key=f"datagen-{token}-{n}", retries=1, pure=False)

        def on_result(n, _data):
            _, first, end = shards[n]
            progress.add(end - first)
            return False

        run_parts(cluster, parts, todo, submit, on_result)
        progress.finish()
        retried, rate = cluster.retries.count, progress.rate
    finally:
        cluster.close()
    if args.format == "binary":
        parts.join(range(len(shards)), join_binary(parts.read(0)))
    else:
        parts.join(range(len(shards)))
    say(f"datagen: {args.games} games written to {args.out}"
        f" ({rate:.2f} games/s this run, {retried} tasks retried)")
    return 0


def sprt(args, cluster_files, specs):
    from matchlib import referee as refmod
    from matchlib.game import Adjudication
    from matchlib.notation import geometry_from_fen
    from matchlib.openings import build_openings, read_fen_file
    from matchlib.stats import Sprt, Tally
    from match import kv_list, parse_tc
    from matchlib.engines import Limits

    if len(specs) != 2:
        raise JobError("give exactly two --engine")
    if not (args.tc or args.nodes or args.depth):
        raise JobError("give --tc, --nodes or --depth")
    base, inc = parse_tc(args.tc) if args.tc else (None, 0.0)
    limits = Limits(base=base, inc=inc, nodes=args.nodes, depth=args.depth)
    r = kv_list(args.resign, ["movecount", "score"])
    d = kv_list(args.draw, ["movenumber", "movecount", "score"])
    adj = Adjudication(resign_moves=int(r.get("movecount", 3)),
                       resign_score=int(r.get("score", 1000)),
                       draw_moves=int(d.get("movecount", 8)), draw_score=int(d.get("score", 10)),
                       draw_after=int(d.get("movenumber", 40)), max_plies=args.max_plies)
    try:
        referee = (refmod.DabbabaReferee(args.variant, args.binary)
                   if args.referee == "dabbaba" else refmod.Referee(args.variant))
        fens = read_fen_file(args.openings) if args.openings else None
        pairs = max(1, (args.games + 1) // 2)
        openings = build_openings(referee, pairs, fens, args.random_plies, args.seed)
        test = Sprt(*args.sprt, model=args.sprt_model)
    except (ValueError, OSError, refmod.RefereeError) as e:
        raise JobError(str(e)) from e
    geo = geometry_from_fen(openings[0].fen)
    tc_text = f"{base:g}+{inc:g}" if base is not None else "-"
    if specs[0].name == specs[1].name:
        specs[1].name += "-2"
    settings = {"job": "sprt", "variant": args.variant, "pairs": pairs, "seed": args.seed,
                "random_plies": args.random_plies,
                "openings": sha256_file(args.openings) if args.openings else None,
                "limits": [args.tc, args.nodes, args.depth], "sprt": args.sprt,
                "model": args.sprt_model, "adjudication": [args.max_plies, args.resign,
                                                           args.draw],
                "referee": args.referee,
                "engines": [f.sha256 for f in cluster_files if f.role.startswith("engine")],
                "names": [s.name for s in specs], "options": [s.options for s in specs],
                "args": [s.args for s in specs], "protocols": [s.proto for s in specs]}
    token = run_token(settings)
    parts = Parts(args.out, settings)
    tally = Tally()
    errors = []
    if parts.finished:
        # The same command ran to its end before: its pairs are in OUT.
        with open(args.out, encoding="utf-8") as fh:
            for line in fh:
                _fold(tally, errors, json.loads(line))
        say(f"sprt: {args.out} is this command's finished output")
        return _summary(tally, errors, specs, test)
    done = sorted(parts.done())
    for n in done:
        _fold(tally, errors, json.loads(parts.read(n)))
    lo, hi = test.bounds
    say(f"sprt: {specs[0].name} vs {specs[1].name}, {args.variant}, up to {2 * pairs} games;"
        f" {len(done)} pairs already done; bounds [{lo:.3f}, {hi:.3f}]")
    verdict = test.decision(test.llr(tally.wins, tally.losses, tally.draws, tally.ptnml))
    todo = [] if verdict else [n for n in range(pairs) if n not in set(done)]
    if todo:
        _play(args, cluster_files, token, specs, openings, geo, limits, adj, tc_text, todo,
              parts, tally, errors, test, pairs, len(done))
    finished = sorted(parts.done())
    if args.pgn:
        with open(args.pgn, "w", encoding="utf-8") as fh:
            for n in finished:
                fh.write("".join(json.loads(parts.read(n))["pgn"]))
    # The output: one line per finished pair, in pair order; the parts stay until every pair
    # is played or a bound is reached.
    with open(args.out + ".tmp", "w", encoding="utf-8") as fh:
        for n in finished:
            rec = json.loads(parts.read(n))
            fh.write(json.dumps({k: rec[k] for k in ("pair", "scores", "errors")}) + "\n")
    os.replace(args.out + ".tmp", args.out)
    llr = test.llr(tally.wins, tally.losses, tally.draws, tally.ptnml)
    if test.decision(llr) or len(finished) == pairs:
        parts.close()
    return _summary(tally, errors, specs, test)


def _play(args, cluster_files, token, specs, openings, geo, limits, adj, tc_text, todo, parts,
          tally, errors, test, pairs, done):
    lo, hi = test.bounds
    cluster = Cluster(args.scheduler, args.workers, cluster_files, token)
    try:
        progress = Progress("games", 2 * pairs, 2 * done, cluster.retries)

        def submit(n):
            return cluster.client.submit(wmod.play_pair, token, n, openings[n], specs,
                                         args.variant, geo, limits, adj, tc_text, args.referee,
                                         args.event, key=f"pair-{token}-{n}", retries=1,
                                         pure=False)

        def on_result(n, result):
            _fold(tally, errors, result)
            for line in result["lines"]:
                say(line)
            llr = test.llr(tally.wins, tally.losses, tally.draws, tally.ptnml)
            verdict = test.decision(llr)
            say(f"  Score {tally.wins}-{tally.losses}-{tally.draws}  SPRT: LLR {llr:.3f}"
                f" [{lo:.3f}, {hi:.3f}]{' ' + verdict + ' accepted, stopping' if verdict else ''}")
            progress.add(2)
            return verdict is not None

        run_parts(cluster, parts, todo, submit, on_result)
        progress.finish()
    finally:
        cluster.close()


def _summary(tally, errors, specs, test):
    print("")
    for line in tally.summary_lines(specs[0].name, specs[1].name, test):
        print(line)
    if errors:
        print(f"Engine errors ({len(errors)}):")
        for e in errors:
            print(f"  {e}")
    return 3 if errors else 0


def _fold(tally, errors, result):
    for s in result["scores"]:
        tally.add_game(s)
    if len(result["scores"]) == 2:
        tally.add_pair(*result["scores"])
    errors.extend(result["errors"])


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        files = [shipped_file("dabbaba", args.binary, args.ship, dabbaba=True)]
        if args.job == "sprt":
            from matchlib.engines import EngineSpec

            try:
                specs = [EngineSpec.parse(toks) for toks in args.engine]
            except ValueError as e:
                raise JobError(str(e)) from e
            for i, s in enumerate(specs):
                files.append(shipped_file(f"engine{i}", s.cmd, args.ship, dabbaba=False))
        check_variant(args.binary, args.variant)
        if args.job == "analyse":
            return analyse(args, files)
        if args.job == "datagen":
            if args.eval_file:
                files.append(shipped_file("net", args.eval_file, args.ship, dabbaba=False,
                                          executable=False))
            return datagen(args, files)
        return sprt(args, files, specs)
    except JobError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        say("stopped: the finished parts are kept; run the same command again to resume")
        return 130


if __name__ == "__main__":
    sys.exit(main())
