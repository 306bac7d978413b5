"""Engine processes speaking UCI or CECP (XBoard protocol 2).

An engine is described on the command line by `key=value` tokens (see EngineSpec.parse):

    cmd=path/to/fairy-stockfish proto=uci name=fsf option.Threads=1 option.Hash=16
    cmd=fairymax proto=cecp dir=/tmp variant.chess=normal arg=-x

Both protocols are driven the same way from the game loop: `new_game()` before a game,
`think()` when the engine is to move (it gets the whole game so far, the clocks and the
limits, and returns the move text exactly as the engine wrote it plus the last score it
reported), `end_game()` afterwards. The engine's process is kept across games and restarted
after a crash or a time-out.
"""

from __future__ import annotations

import os
import queue
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass, field

from .notation import Geometry, referee_to_engine

MATE_CP = 100000  # a mate score, as centipawns from the engine's point of view


class EngineError(Exception):
    """The engine failed (crash, protocol error, rejected a legal move)."""


class EngineCrash(EngineError):
    pass


class EngineTimeout(EngineError):
    pass


class EngineRejected(EngineError):
    """The engine answered `Illegal move` to a move the referee accepts."""


@dataclass
class EngineSpec:
    cmd: str
    proto: str = "uci"
    name: str = ""
    args: list = field(default_factory=list)
    dir: str | None = None
    options: dict = field(default_factory=dict)  # name -> value (ordered)
    variant_names: dict = field(default_factory=dict)  # referee variant -> engine's name
    cores: int = 1  # CECP `cores` (if the engine accepts smp)
    # CECP `memory` in MB (if the engine accepts memory); None (`memory=none`) sends none:
    # HaChu 0.21 crashes on `variant tenjiku` after any `memory` command.
    memory: int | None = 16
    stderr: str | None = None  # file for the engine's standard error (default: discard)
    depth: int | None = None  # UCI: this engine's own fixed depth, in place of the match's limits

    KEYS = "cmd proto name arg dir option.NAME variant.V cores memory stderr depth"

    @classmethod
    def parse(cls, tokens):
        spec = cls(cmd="")
        for tok in tokens:
            if "=" not in tok:
                raise ValueError(f"engine setting {tok!r} is not key=value (keys: {cls.KEYS})")
            key, value = tok.split("=", 1)
            if key == "cmd":
                spec.cmd = value
            elif key in ("proto", "protocol"):
                value = {"xboard": "cecp", "winboard": "cecp"}.get(value, value)
                if value not in ("uci", "cecp"):
                    raise ValueError(f"proto must be uci or cecp, not {value!r}")
                spec.proto = value
            elif key == "name":
                spec.name = value
            elif key == "arg":
                spec.args.extend(shlex.split(value))
            elif key == "dir":
                spec.dir = value
            elif key.startswith("option."):
                spec.options[key[len("option."):]] = value
            elif key.startswith("variant."):
                spec.variant_names[key[len("variant."):]] = value
            elif key == "cores":
                spec.cores = int(value)
            elif key == "memory":
                spec.memory = None if value == "none" else int(value)
            elif key == "stderr":
                spec.stderr = value
            elif key == "depth":
                spec.depth = int(value)
            else:
                raise ValueError(f"unknown engine setting {key!r} (keys: {cls.KEYS})")
        if not spec.cmd:
            raise ValueError("engine needs cmd=PATH")
        if not spec.name:
            spec.name = os.path.basename(spec.cmd)
        return spec

    def describe(self):
        parts = [f"cmd={self.cmd}", f"proto={self.proto}"]
        if self.args:
            parts.append("args=" + " ".join(self.args))
        if self.dir:
            parts.append(f"dir={self.dir}")
        if self.depth is not None:
            parts.append(f"depth={self.depth}")
        parts += [f"option.{k}={v}" for k, v in self.options.items()]
        return f"{self.name}: " + " ".join(parts)


@dataclass
class Limits:
    """What bounds a search. Times in seconds."""

    base: float | None = None  # clock at the start (None: no clock)
    inc: float = 0.0
    nodes: int | None = None
    depth: int | None = None
    movetime: float | None = None
    margin: float = 0.1  # grace beyond the clock before a time forfeit
    move_timeout: float = 60.0  # hard limit per move when there is no clock


@dataclass
class Reply:
    move: str | None  # engine text, None if it resigned
    score: int | None = None  # centipawns from the mover's side, mates as +-MATE_CP
    depth: int | None = None
    resigned: bool = False
    claim: str | None = None  # resignation or result-claim text, kept for the log
    claimed: bool = False  # a CECP result claim instead of a move


class Process:
    """A child process whose standard output is read line by line by a thread."""

    def __init__(self, spec: EngineSpec, log=None):
        self.spec = spec
        self.log = log  # callable(str) for the protocol trace, or None
        cmd = spec.cmd
        if os.sep not in cmd:
            from shutil import which

            cmd = which(cmd) or which(cmd, path="/usr/games") or cmd
        err = open(spec.stderr, "a") if spec.stderr else subprocess.DEVNULL
        try:
            self.proc = subprocess.Popen(
                [cmd] + list(spec.args),
                cwd=spec.dir or None,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
                bufsize=1,
                errors="replace",
            )
        except OSError as e:
            raise EngineCrash(f"cannot start {spec.name} ({cmd}): {e}") from e
        self.lines: queue.Queue = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line: str):
        if self.log:
            self.log(f"{self.spec.name} < {line}")
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError) as e:
            raise EngineCrash(f"{self.spec.name}: cannot write to the engine ({e})") from e

    def readline(self, deadline: float) -> str:
        """The next line; EngineTimeout at the monotonic `deadline`, EngineCrash at EOF."""
        remaining = deadline - time.monotonic()
        try:
            line = self.lines.get(timeout=max(remaining, 0.0))
        except queue.Empty:
            raise EngineTimeout(f"{self.spec.name}: no answer in time") from None
        if line is None:
            self.lines.put(None)
            code = self.proc.poll()
            raise EngineCrash(f"{self.spec.name}: the engine exited (code {code})")
        if self.log:
            self.log(f"{self.spec.name} > {line}")
        return line

    def drain(self):
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self.lines.put(None)
                return

    def close(self, grace: float = 1.0):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def _parse_int(tok):
    try:
        return int(tok)
    except ValueError:
        return None


class Engine:
    """Common driver. Subclasses implement the protocol."""

    def __init__(self, spec: EngineSpec, variant: str, geometry: Geometry,
                 variants_ini: str | None = None, log=None):
        self.spec = spec
        self.name = spec.name
        self.variant = variant
        self.engine_variant = spec.variant_names.get(variant, variant)
        self.geo = geometry
        self.variants_ini = os.path.abspath(variants_ini) if variants_ini else None
        self.log = log
        self.proc: Process | None = None
        self.notes: list = []  # messages worth printing once (e.g. default options)
        # The search time (ms) the engine last reported while thinking on the current move,
        # to tell a time loss inside the engine's search from one outside it.
        self.reported_ms: int | None = None

    @property
    def protocol(self):
        return self.spec.proto

    def ensure_started(self):
        if self.proc is None or self.proc.proc.poll() is not None:
            self.stop()
            self.proc = Process(self.spec, self.log)
            self.handshake()

    def stop(self):
        if self.proc is not None:
            try:
                self.proc.send("quit")
            except EngineError:
                pass
            self.proc.close()
            self.proc = None

    def kill(self):
        """After a crash or a time-out: the process state is unknown, start afresh later."""
        if self.proc is not None:
            if self.proc.proc.poll() is None:
                self.proc.proc.kill()
                self.proc.proc.wait()
            self.proc = None

    def to_engine(self, move: str) -> str:
        return referee_to_engine(move, self.geo, self.protocol)


class UciEngine(Engine):
    def handshake(self):
        p = self.proc
        p.send("uci")
        self.options = {}
        deadline = time.monotonic() + 30
        while True:
            line = p.readline(deadline)
            if line.startswith("option name "):
                rest = line[len("option name "):]
                name = rest.split(" type ")[0].strip()
                self.options[name.lower()] = name
            elif line.strip() == "uciok":
                break
            elif line.startswith("id name ") and self.spec.name == os.path.basename(self.spec.cmd):
                pass
        opts = dict(self.spec.options)
        if "threads" in self.options and not any(k.lower() == "threads" for k in opts):
            opts["Threads"] = "1"
            self.notes.append(f"{self.name}: Threads=1 (default of the runner)")
        if self.variants_ini:
            if "variantpath" not in self.options:
                raise EngineError(f"{self.name}: --variants-ini given but the engine has no VariantPath option")
            self.setoption("VariantPath", self.variants_ini)
        for k, v in opts.items():
            self.setoption(k, v)
        if "uci_variant" in self.options:
            self.setoption("UCI_Variant", self.engine_variant)
        elif self.variant != "chess":
            raise EngineError(f"{self.name}: no UCI_Variant option, cannot play {self.variant}")
        self.isready()

    def setoption(self, name, value):
        if name.lower() not in self.options:
            self.notes.append(f"{self.name}: warning: the engine announced no option {name!r}")
        self.proc.send(f"setoption name {name} value {value}")

    def isready(self, timeout=30.0):
        self.proc.send("isready")
        deadline = time.monotonic() + timeout
        while self.proc.readline(deadline).strip() != "readyok":
            pass

    def new_game(self, root_fen, startpos, limits):
        self.ensure_started()
        self.proc.send("ucinewgame")
        self.isready()

    def think(self, root_fen, startpos, moves, clocks, white, limits: Limits, deadline) -> Reply:
        p = self.proc
        pos = "position startpos" if startpos else f"position fen {root_fen}"
        if moves:
            pos += " moves " + " ".join(self.to_engine(m) for m in moves)
        p.send(pos)
        go = ["go"]
        if self.spec.depth is not None:
            # This engine's own depth (matches of one engine at two depths).
            limits = Limits(depth=self.spec.depth)
        if limits.base is not None:
            wt, bt = (max(1, int(c * 1000)) for c in clocks)
            go += [f"wtime {wt}", f"btime {bt}"]
            inc = int(limits.inc * 1000)
            go += [f"winc {inc}", f"binc {inc}"]
        if limits.movetime is not None:
            go.append(f"movetime {int(limits.movetime * 1000)}")
        if limits.nodes is not None:
            go.append(f"nodes {limits.nodes}")
        if limits.depth is not None:
            go.append(f"depth {limits.depth}")
        p.send(" ".join(go))
        score = depth = None
        self.reported_ms = None
        while True:
            line = p.readline(deadline)
            toks = line.split()
            if not toks:
                continue
            if toks[0] == "info":
                if "time" in toks[:-1]:
                    ms = _parse_int(toks[toks.index("time") + 1])
                    self.reported_ms = ms if ms is not None else self.reported_ms
                s, d = _uci_info_score(toks)
                if s is not None:
                    score = s
                if d is not None:
                    depth = d
            elif toks[0] == "bestmove":
                if len(toks) < 2 or toks[1] in ("(none)", "0000"):
                    return Reply(move=None, score=score, depth=depth, resigned=True,
                                 claim=f"bestmove {' '.join(toks[1:]) or '(empty)'}")
                return Reply(move=toks[1], score=score, depth=depth)

    def end_game(self, result, comment):
        pass


def _uci_info_score(toks):
    score = depth = None
    if "multipv" in toks:
        i = toks.index("multipv")
        if i + 1 < len(toks) and toks[i + 1] != "1":
            return None, None
    for i, t in enumerate(toks[:-1]):
        if t == "depth":
            depth = _parse_int(toks[i + 1])
        elif t == "score" and i + 2 < len(toks):
            kind, val = toks[i + 1], _parse_int(toks[i + 2])
            if val is None:
                continue
            if kind == "cp":
                score = val
            elif kind == "mate":
                score = MATE_CP - abs(val) if val > 0 else -MATE_CP + abs(val)
    return score, depth


class CecpEngine(Engine):
    def handshake(self):
        p = self.proc
        p.send("xboard")
        p.send("protover 2")
        self.features = {}
        self.cecp_options = {}
        deadline = time.monotonic() + 2.0  # protocol 2: done=0 extends the wait
        while True:
            try:
                line = p.readline(deadline)
            except EngineTimeout:
                break
            if not line.startswith("feature "):
                continue
            for key, value in _parse_features(line[len("feature "):]):
                if key == "option":
                    oname = value.split(" -")[0].strip()
                    self.cecp_options[oname.lower()] = oname
                    continue
                self.features[key] = value
                if key == "done":
                    deadline = time.monotonic() + (3600 if value == "0" else 0)
                    continue
                accept = key not in ("san",) or value == "0"
                p.send(f"{'accepted' if accept else 'rejected'} {key}")
            if self.features.get("done") == "1":
                break
        if self.features.get("san") == "1":
            raise EngineError(f"{self.name}: insists on SAN moves (feature san=1), not supported")
        if self.variants_ini:
            if "variantpath" in self.cecp_options:
                p.send(f"option {self.cecp_options['variantpath']}={self.variants_ini}")
            else:
                self.notes.append(f"{self.name}: no VariantPath option; --variants-ini not passed to it")
        for k, v in self.spec.options.items():
            if k.lower() not in self.cecp_options:
                self.notes.append(f"{self.name}: warning: the engine announced no option {k!r}")
            p.send(f"option {k}={v}")
        supported = self.features.get("variants")
        ev = self._variant_command_name()
        if ev and supported is not None and ev not in supported.split(",") and not self.variants_ini:
            raise EngineError(f"{self.name}: does not play variant {ev!r} (its variants: {supported})")
        self.ping()

    def _variant_command_name(self):
        ev = self.engine_variant
        return None if ev in ("chess", "normal") else ev

    def ping(self, timeout=30.0):
        if self.features.get("ping") != "1":
            return
        self._ping_n = getattr(self, "_ping_n", 0) + 1
        self.proc.send(f"ping {self._ping_n}")
        deadline = time.monotonic() + timeout
        while True:
            line = self.proc.readline(deadline)
            if line.strip() == f"pong {self._ping_n}":
                return

    def _send_move(self, move):
        text = self.to_engine(move)
        self.proc.send(f"usermove {text}" if self.features.get("usermove") == "1" else text)

    def new_game(self, root_fen, startpos, limits: Limits):
        self.ensure_started()
        p = self.proc
        if self.features.get("memory") == "1" and self.spec.memory is not None:
            p.send(f"memory {self.spec.memory}")
        if self.features.get("smp") == "1":
            p.send(f"cores {self.spec.cores}")
        self._setup(root_fen, startpos, limits)
        self.resyncs = 0
        self.ping()

    def _setup(self, root_fen, startpos, limits):
        p = self.proc
        p.send("new")
        ev = self._variant_command_name()
        if ev:
            p.send(f"variant {ev}")
        p.send("force")
        if not startpos:
            if self.features.get("setboard") == "1":
                p.send(f"setboard {root_fen}")
            else:
                self._edit(root_fen)
        if limits.base is not None:
            secs = int(round(limits.base))
            base = f"{secs // 60}:{secs % 60:02d}" if secs % 60 else f"{secs // 60}"
            p.send(f"level 0 {base} {limits.inc:g}")
        elif limits.movetime is not None:
            p.send(f"st {max(1, int(round(limits.movetime)))}")
        else:
            p.send("level 0 600 0")  # fixed depth: a clock that never matters
        if limits.depth is not None:
            p.send(f"sd {limits.depth}")
        if limits.nodes is not None:
            if self.features.get("nps") == "1" and limits.base is None:
                self.notes.append(f"{self.name}: --nodes sent as `nps` with a 1 s move time")
                p.send(f"nps {limits.nodes}")
                p.send("st 1")
            else:
                raise EngineError(f"{self.name}: CECP has no node limit; use --depth or --tc")
        p.send("post")
        p.send("easy")
        self.known = 0  # how many of the game's moves the engine has been told
        self.playing = False  # False: force mode

    def _edit(self, fen):
        """Old-style set-up for engines without setboard (Fairy-Max)."""
        p = self.proc
        board, stm = fen.split()[0], fen.split()[1]
        if "[" in board:
            raise EngineError(f"{self.name}: cannot set up a position with holdings without setboard")
        if stm == "b":
            raise EngineError(f"{self.name}: no setboard, and `edit` cannot set up Black to move;"
                              " use random plies from the start position instead")
        p.send("edit")
        p.send("#")
        rows = board.split("/")
        white, black = [], []
        for r, row in enumerate(rows):
            rank = len(rows) - r
            f = 0
            import re
            for m in re.finditer(r"\d+|\+?[A-Za-z]~?|\*", row):
                tok = m.group(0)
                if tok.isdigit():
                    f += int(tok)
                    continue
                letter = tok.strip("+~")
                if letter != "*":
                    sq = self.to_engine(f"{chr(ord('a') + f)}{rank}")
                    (white if letter.isupper() else black).append(letter.upper() + sq)
                f += 1
        for cmd in white:
            p.send(cmd)
        p.send("c")
        for cmd in black:
            p.send(cmd)
        p.send(".")

    MAX_RESYNCS = 5

    def think(self, root_fen, startpos, moves, clocks, white, limits: Limits, deadline) -> Reply:
        """Like think_once, but an engine that calls a legal move illegal is set up afresh
        (new game, all moves replayed) up to MAX_RESYNCS times per game before it loses.

        Why: Fairy-Stockfish 221126's `go` starts the search before it records that the
        move must be applied to its board, so a search that ends within microseconds
        (fixed shallow depth) prints `move` without making it; the next move then looks
        illegal to it. XBoard has the same exposure; at real time controls it never shows.
        """
        while True:
            try:
                return self.think_once(root_fen, startpos, moves, clocks, white, limits, deadline)
            except EngineRejected as e:
                if self.resyncs >= self.MAX_RESYNCS:
                    raise
                self.resyncs += 1
                self.notes.append(f"{self.name}: resynchronised after: {e}")
                self.proc.send("force")
                self._setup(root_fen, startpos, limits)
                # The rejected move may have started a search whose `move` is still to
                # come: everything before the pong is stale.
                self.ping()

    def think_once(self, root_fen, startpos, moves, clocks, white, limits: Limits, deadline) -> Reply:
        # As XBoard does it: once the engine plays a side, the opponent's move (after
        # `time`/`otim`) starts its search; `force` ... `go` only at the start or when it
        # must catch up on several moves. (Sending `force` right after the engine's move
        # races with engines that update their board after printing `move`.)
        p = self.proc
        pending = moves[self.known:]
        clock_cmds = []
        if limits.base is not None:
            own, opp = (clocks[0], clocks[1]) if white else (clocks[1], clocks[0])
            clock_cmds = [f"time {max(1, int(own * 100))}", f"otim {max(1, int(opp * 100))}"]
        if self.playing and len(pending) == 1:
            for c in clock_cmds:
                p.send(c)
            self._send_move(pending[0])
        else:
            if self.playing:
                p.send("force")
            for mv in pending:
                self._send_move(mv)
            for c in clock_cmds:
                p.send(c)
            p.send("go")
        self.known = len(moves)
        self.playing = True
        score = depth = None
        self.reported_ms = None
        legs = ""
        while True:
            line = p.readline(deadline)
            toks = line.split()
            if not toks:
                continue
            head = toks[0]
            if head == "move" and len(toks) >= 2:
                # HaChu sends a multi-leg move one leg per line, each but the last ending in
                # a comma (`move h6i5,` then `move i5i6`).
                legs += toks[1]
                if legs.endswith(","):
                    continue
                self.known += 1
                return Reply(move=legs, score=score, depth=depth)
            if head in ("1-0", "0-1", "1/2-1/2"):
                # A result claim. The referee ends every game its rules end before asking
                # for a move, so a claim read here contradicts the referee (e.g. Fairy-Max
                # claiming a 50-move draw in makruk after its move, then falling silent).
                return Reply(move=None, score=score, depth=depth, claim=line.strip(), claimed=True)
            if head == "resign" or line.strip() in ("White resigns", "Black resigns"):
                return Reply(move=None, score=score, depth=depth, resigned=True, claim=line.strip())
            if head.startswith("Illegal") or line.startswith("Error (Illegal move"):
                raise EngineRejected(f"{self.name} rejected a legal move: {line.strip()}")
            if len(toks) >= 4 and toks[0].isdigit() and _parse_int(toks[1]) is not None:
                depth = int(toks[0])
                cs = _parse_int(toks[2])  # thinking output: ply score time(cs) nodes pv
                self.reported_ms = cs * 10 if cs is not None else self.reported_ms
                s = int(toks[1])
                if abs(s) >= MATE_CP:  # 100000+N = mate in N
                    s = MATE_CP - (abs(s) - MATE_CP) if s > 0 else -MATE_CP + (abs(s) - MATE_CP)
                score = s
            # Draw offers, tellics, '#' debug lines: only logged by the trace.

    def end_game(self, result, comment):
        if self.proc is not None and self.proc.proc.poll() is None:
            try:
                self.proc.send(f"result {result} {{{comment}}}")
                self.proc.send("force")
                self.playing = False
            except EngineError:
                pass


def _parse_features(text):
    """`a=1 b="x y" c=2` -> [(a, 1), (b, x y), (c, 2)]."""
    out = []
    i, n = 0, len(text)
    while i < n:
        while i < n and text[i] == " ":
            i += 1
        j = text.find("=", i)
        if j < 0:
            break
        key = text[i:j].strip()
        j += 1
        if j < n and text[j] == '"':
            k = text.find('"', j + 1)
            k = n if k < 0 else k
            out.append((key, text[j + 1:k]))
            i = k + 1
        else:
            k = text.find(" ", j)
            k = n if k < 0 else k
            out.append((key, text[j:k]))
            i = k
    return out


def make_engine(spec: EngineSpec, variant, geometry, variants_ini=None, log=None) -> Engine:
    cls = UciEngine if spec.proto == "uci" else CecpEngine
    return cls(spec, variant, geometry, variants_ini, log)
