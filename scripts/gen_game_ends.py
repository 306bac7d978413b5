#!/usr/bin/env python3
"""Generate tests/data/game-ends.tsv: finished games from random play, judged by pyffish.

Usage:
  scripts/gen_game_ends.py [VARIANT ...] [--games N] [--tries N] [--max-plies N] [--seed S]
                           [--nodes N] [--styles S,...] [--kind K]
                           [--bin PATH] [--out FILE] [--append] [--check]

For every built-in variant of dabbaba (or the variants named), plays random games with pyffish
until the game is over: pyffish's `is_immediate_game_end`, `is_optional_game_end` or no legal
move (`game_result`). Variants pyffish does not have built in (grandhouse, shogun, cannonshogi,
...) are loaded into it from their sections of `variants/*.ini` (`load_variant_config`), so
they are judged by Fairy-Stockfish's rule code on our definition of the pieces and rules.

Moves mix dabbaba's own choice (UCI, `go nodes --nodes`: it finds mates and wins material,
so games reach real endings; random play alone rarely ends a shogi game) with random moves,
in proportions rotated per game ("styles"), so that games end in every way the variant has:
  - engine: mostly the engine's move (checkmates, flags, extinction, n-check, ...);
  - repeat: often move back the piece just moved (repetitions, perpetual checks);
  - random: random moves, captures preferred (stalemates, n-move rule, counting);
  - perpetual (only when asked with --styles): the first player checks whenever it can
    (moving back when that checks), the other moves back often: perpetual checks;
  - chase (only when asked with --styles; for xiangqi's chasing rule): the first player
    attacks an unprotected piece whenever it can (moving back when that does), the other
    moves back often and sometimes chases too: repetitions decided by perpetual chasing.
A move of dabbaba's that pyffish does not list as legal is reported (ILLEGAL) and replaced by
a random one. Up to --tries games are played per variant; the first game of each new kind of ending is kept,
then the rest up to --games. A game that does not end within --max-plies is dropped.

Each finished game is stored as a FEN some plies before the end plus the moves from there
(short lines; the cut is lengthened until pyffish, asked again on exactly the stored FEN and
moves, still says the game is over the same way). Columns:

  variant  fen  moves (space-separated UCI, '-' for none)  result (1-0, 0-1, 1/2-1/2)  kind

where kind is `immediate` (a variant rule ended the game: extinction, flag, n-check, ...),
`checkmate`, `stalemate` (no legal move, in check or not, as pyffish's gives_check says), or
`optional` (n-move rule, repetition, counting). With --check each stored game is also given to
`dabbaba status` and differences are printed on stderr. Variants that dabbaba cannot load are
listed on stderr and skipped.
"""
import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys

import pyffish as sf

STYLES = ("engine", "repeat", "random")


def pgn(value, stm_white):
    """PGN text of a pyffish value (side to move's view)."""
    if value == 0:
        return "1/2-1/2"
    win = value > 0
    return "1-0" if win == stm_white else "0-1"


def side_to_move_white(fen):
    parts = fen.split()
    return len(parts) < 2 or parts[1] == "w"


def judge(variant, fen, moves, legal=None):
    """(result, kind) if the game is over after `moves` from `fen`, else None. `legal`: the
    legal moves there, if known. (Every pyffish call costs milliseconds, so few are made.)"""
    # Every move, passes included, hands the move to the other side.
    white = side_to_move_white(fen) == (len(moves) % 2 == 0)
    if legal is None:
        legal = sf.legal_moves(variant, fen, moves)
    if not legal:
        # Fairy-Stockfish generates no moves once the game has ended by a variant rule.
        over, value = sf.is_immediate_game_end(variant, fen, moves)
        if over:
            return pgn(value, white), "immediate"
        value = sf.game_result(variant, fen, moves)
        kind = "checkmate" if sf.gives_check(variant, fen, moves) else "stalemate"
        return pgn(value, white), kind
    over, value = sf.is_optional_game_end(variant, fen, moves)
    if over:
        return pgn(value, white), "optional"
    return None


class Engine:
    """dabbaba over UCI, asked for a move at a small node count: it finds mates and wins
    material, so games reach real endings (random play alone rarely ends a shogi game)."""

    def __init__(self, binary, variant, nodes):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)
        self.nodes = nodes
        self.send(f"uci\nsetoption name UCI_Variant value {variant}\nisready")
        self.wait("readyok")

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.startswith(prefix):
                return line

    def best(self, fen, moves):
        self.send(f"position fen {fen} moves {' '.join(moves)}\ngo nodes {self.nodes}")
        return self.wait("bestmove").split()[1]

    def close(self):
        self.send("quit")
        self.p.wait()


def occupied_squares(fen):
    """The occupied squares of a FEN's board, as UCI square names (a1, b10, ...)."""
    board = re.sub(r"\[.*", "", fen.split()[0])
    rows = board.split("/")
    occupied = set()
    for r, row in enumerate(rows):
        rank = len(rows) - r
        f = 0
        for tok in re.findall(r"\d+|\+?[A-Za-z*]~?", row):
            if tok.isdigit():
                f += int(tok)
            else:
                if tok != "*":
                    occupied.add(f"{chr(ord('a') + f)}{rank}")
                f += 1
    return occupied


def destination(move):
    """The destination square of a UCI move (a capture if occupied: en passant aside)."""
    m = re.match(r"(?:[a-z]+\d+|[A-Z+]+@)([a-z]\d+)", move)
    return m.group(1) if m else None


def back_move(moves, legal):
    """The move that takes the piece the side to move moved last back again, if legal."""
    if len(moves) < 2:
        return None
    m = re.fullmatch(r"([a-z]+\d+)([a-z]+\d+)", moves[-2])
    if not m:
        return None
    back = m.group(2) + m.group(1)
    return back if back in legal else None


# Per style: probability of taking the engine's move, of moving back, of preferring captures.
# "perpetual" (only with --styles) also prefers checking moves: perpetual checks.
STYLE_ODDS = {"engine": (0.7, 0.05, 0.3), "repeat": (0.4, 0.6, 0.2), "random": (0.0, 0.1, 0.5),
              "perpetual": (0.3, 0.6, 0.1), "chase": (0.3, 0.7, 0.0)}


def flip_side(fen):
    """The same position with the other side to move (to ask what a piece attacks)."""
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    return " ".join(parts)


def origin(move):
    m = re.match(r"([a-z]+\d+)[a-z]+\d+", move)
    return m.group(1) if m else None


def chased_squares(variant, fen, mover_square):
    """The squares the piece on `mover_square` attacks in `fen` (its side having just moved)
    whose piece nothing recaptures: asked of pyffish by letting that side move again."""
    if sf.gives_check(variant, fen, []):
        # With the other side to move its king could be taken: pyffish cannot be asked.
        return []
    occupied = occupied_squares(fen)
    flipped = flip_side(fen)
    out = []
    for c in sf.legal_moves(variant, flipped, []):
        if origin(c) == mover_square and destination(c) in occupied:
            if not any(destination(r) == destination(c)
                       for r in sf.legal_moves(variant, flipped, [c])):
                out.append(destination(c))
    return out


def chases(variant, cur, m):
    """Whether move `m` leaves the moved piece attacking an unprotected enemy piece."""
    return bool(chased_squares(variant, sf.get_fen(variant, cur, [m]), destination(m)))


def a_chase(rng, variant, cur, legal, tries=12):
    """A random chasing move among a few tried (each test costs pyffish calls)."""
    for m in rng.sample(legal, min(tries, len(legal))):
        if chases(variant, cur, m):
            return m
    return None


def a_check(rng, variant, cur, legal):
    """A random checking move, if any (tried in random order: each test is a pyffish call)."""
    for m in rng.sample(legal, len(legal)):
        if sf.gives_check(variant, cur, [m]):
            return m
    return None


def pick(rng, style, engine, variant, start, moves, legal, illegal):
    p_engine, p_back, p_capture = STYLE_ODDS[style]
    if style == "perpetual" and len(moves) % 2 == 0:
        # The first player checks whenever it can, back and forth when it can.
        cur = sf.get_fen(variant, start, moves)
        back = back_move(moves, legal)
        if back and sf.gives_check(variant, cur, [back]):
            return back
        m = a_check(rng, variant, cur, legal)
        if m:
            return m
        p_back = 0.0
    if style == "chase" and len(moves) % 2 == 1 and rng.random() < 0.85:
        # The chased side runs with the chased piece, back where it came from if it can.
        cur = sf.get_fen(variant, start, moves)
        chased = chased_squares(variant, cur, destination(moves[-1]))
        back = back_move(moves, legal)
        if back and origin(back) in chased:
            return back
        runs = [m for m in legal if origin(m) in chased]
        if runs:
            return rng.choice(runs)
    if style == "chase" and (len(moves) % 2 == 0 or rng.random() < 0.15):
        # The first player (the second now and then) chases, back and forth when it can.
        cur = sf.get_fen(variant, start, moves)
        back = back_move(moves, legal)
        if back and chases(variant, cur, back):
            return back
        m = a_chase(rng, variant, cur, legal)
        if m:
            return m
    if rng.random() < p_back:
        back = back_move(moves, legal)
        if back:
            return back
    if rng.random() < p_engine:
        m = engine.best(start, moves)
        if m in legal:
            return m
        illegal.append((start, list(moves), m))
    if rng.random() < p_capture:
        occupied = occupied_squares(sf.get_fen(variant, start, moves))
        caps = [m for m in legal if destination(m) in occupied]
        if caps:
            return rng.choice(caps)
    return rng.choice(legal)


def play(rng, style, engine, variant, max_plies, illegal):
    start = sf.start_fen(variant)
    moves = []
    for _ in range(max_plies):
        legal = sf.legal_moves(variant, start, moves)
        verdict = judge(variant, start, moves, legal)
        if verdict:
            return start, moves, verdict
        moves.append(pick(rng, style, engine, variant, start, moves, legal, illegal))
    return None


def store(variant, start, moves, verdict):
    """A short (fen, moves) that pyffish still judges the same way."""
    for keep in (40, 120, 300, len(moves)):
        keep = min(keep, len(moves))
        cut = len(moves) - keep
        fen = sf.get_fen(variant, start, moves[:cut]) if cut else start
        if judge(variant, fen, moves[cut:]) == verdict:
            return fen, moves[cut:]
    return start, moves


def loads(binary, variant):
    p = subprocess.run([binary, "status", "--variant", variant], capture_output=True, text=True)
    return p.returncode == 0


KIND = {"checkmate": "checkmate", "stalemate": "stalemate", "n-move rule": "optional",
        "repetition": "optional", "perpetual check": "optional", "perpetual chase": "optional", "move repetition": "optional",
        "counting rule": "optional",
        "sittuyin promotion": "optional"}


def ours(binary, variant, fen, moves):
    """(result, kind) as `dabbaba status` sees it."""
    cmd = [binary, "status", "--json", "--variant", variant, "--fen", fen]
    if moves:
        cmd += ["--moves"] + moves
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return ("error", p.stderr.strip())
    j = json.loads(p.stdout)
    if not j["over"]:
        return None
    return j["result"], KIND.get(j["reason"], "immediate"), j["reason"]


def load_missing(names, root):
    """Loads into pyffish the sections of `variants/*.ini` for variants it lacks; the names
    loaded."""
    missing = [v for v in names if v not in set(sf.variants())]
    if not missing:
        return []
    text = []
    for path in sorted(glob.glob(os.path.join(root, "variants", "*.ini"))):
        cur = None
        for line in open(path):
            m = re.match(r"^\[([^:\]]+)", line)
            if m:
                cur = m.group(1)
            if cur in missing:
                text.append(line)
    sf.load_variant_config("".join(text))
    return [v for v in missing if v in set(sf.variants())]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("variants", nargs="*")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--tries", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=600)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--nodes", type=int, default=300, help="engine nodes per move")
    ap.add_argument("--styles", default=",".join(STYLES),
                    help="comma-separated, rotated per game: engine, repeat, random, perpetual, "
                    "chase")
    ap.add_argument("--kind", help="keep only games that end this way (e.g. optional)")
    ap.add_argument("--decisive", action="store_true", help="keep only won or lost games")
    ap.add_argument("--bin", default="target/release/dabbaba")
    ap.add_argument("--out", default="tests/data/game-ends.tsv")
    ap.add_argument("--append", action="store_true", help="add to --out instead of replacing it")
    ap.add_argument("--check", action="store_true", help="compare with dabbaba status")
    args = ap.parse_args()

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([args.bin, "variants"], capture_output=True, text=True).stdout
    all_ours = [line.split()[0] for line in out.splitlines() if line.strip()]
    names = args.variants or all_ours
    loaded = load_missing(names, root)
    known = set(sf.variants())
    rng = random.Random(args.seed)
    styles = args.styles.split(",")
    skipped = []
    differences = 0
    # Written as it goes (one variant at a time), so that an interrupted run keeps its games.
    with open(args.out, "a" if args.append else "w") as f:
        f.write("# Finished games from random play, judged by pyffish "
                f"{'.'.join(map(str, sf.version()))} (scripts/gen_game_ends.py --seed {args.seed}"
                f" {' '.join(args.variants)})"
                + (f"; loaded from variants/*.ini: {' '.join(loaded)}" if loaded else "") + ".\n")
        if not args.append:
            f.write("# Columns: variant<TAB>fen<TAB>moves ('-' none)<TAB>result<TAB>kind "
                    "(immediate|checkmate|stalemate|optional)\n")
        for v in names:
            if v not in known or not loads(args.bin, v):
                skipped.append(v)
                continue
            engine = Engine(args.bin, v, args.nodes)
            illegal = []
            kept, spare = [], []
            seen = set()
            for i in range(args.tries):
                if len(kept) >= args.games:
                    break
                game = play(rng, styles[i % len(styles)], engine, v, args.max_plies, illegal)
                if game is None:
                    continue
                start, moves, verdict = game
                if args.kind and verdict[1] != args.kind:
                    continue
                if args.decisive and verdict[0] == "1/2-1/2":
                    continue
                if verdict in seen:
                    spare.append(game)
                    continue
                seen.add(verdict)
                kept.append(game)
            engine.close()
            for fen, moves, m in illegal:
                differences += 1
                print(f"ILLEGAL {v}\t{fen}\t{' '.join(moves)}\tdabbaba played {m}", file=sys.stderr)
            kept += spare[: max(0, args.games - len(kept))]
            kinds = {}
            for start, moves, verdict in kept:
                fen, tail = store(v, start, moves, verdict)
                kinds[verdict[1]] = kinds.get(verdict[1], 0) + 1
                f.write("\t".join([v, fen, " ".join(tail) or "-", verdict[0], verdict[1]]) + "\n")
                if args.check:
                    got = ours(args.bin, v, fen, tail)
                    if got is None or got[:2] != verdict:
                        differences += 1
                        print(f"DIFF {v}\t{fen}\t{' '.join(tail)}\tpyffish {verdict} dabbaba {got}",
                              file=sys.stderr)
            f.flush()
            print(f"{v}: {kinds}", file=sys.stderr, flush=True)
        if skipped:
            f.write("# Not loadable when generated (skipped): " + " ".join(skipped) + "\n")
    if skipped:
        print("skipped: " + " ".join(skipped), file=sys.stderr)
    if args.check:
        print(f"{differences} differences", file=sys.stderr)


if __name__ == "__main__":
    main()
