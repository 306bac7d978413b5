"""What runs on the Dask workers: the plugin that puts the engine binary (and any other file
a job needs) on each worker and checks it, and the three kinds of task.

This module is sent to the workers by value (cloudpickle), so a worker needs only Python,
`dask[distributed]` and, for `sprt` refereed by pyffish, `pyffish`: never this repository.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import tempfile
from dataclasses import dataclass

from distributed import WorkerPlugin, get_worker

PLUGIN = "dabbaba-files"  # the plugin's name is this plus the run's token
TASK_TOPIC = "dabbaba-task-start"
# The answer types of `dabbaba analyse --json`, one per position: a search's best move, the
# result of a game already over, or a line that is no position.
ANSWERS = ("bestmove", "result", "error")


def sha256_of(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


@dataclass
class ShippedFile:
    """A file every worker needs: uploaded (`data` holds its bytes) or at a path that every
    worker shares (`data` is None). `sha256` is the client's copy's; `version` is what
    `FILE --version` printed on the client, for a Dabbaba binary (None for other files)."""

    role: str
    path: str
    sha256: str
    data: bytes | None = None
    version: str | None = None
    executable: bool = True


class ShippedFiles(WorkerPlugin):
    """Installs the job's files on every worker, the ones that join later included (a worker
    restarted after a crash), and checks each against the client's: the same SHA-256 and,
    for a Dabbaba binary, the same `--version` line when run on the worker. A worker whose
    copy differs fails its set-up, so no task runs with another binary."""

    def __init__(self, files: list[ShippedFile], token: str):
        # One plugin per run: two jobs on one scheduler keep their own files.
        self.name = f"{PLUGIN}-{token}"
        self.files = files
        self.paths: dict[str, str] = {}
        self.failure: str | None = None

    def setup(self, worker):
        try:
            self._install(worker)
        except Exception as e:
            # A worker that joins later is kept by Dask when its set-up fails; it closes
            # itself instead, so that no task reaches it.
            self.failure = str(e)
            worker.loop.add_callback(worker.close)
            raise

    def _install(self, worker):
        # Dask's nanny starts workers with MALLOC_TRIM_THRESHOLD_=65536, which the engines
        # would inherit: glibc then hands memory back on nearly every free, and datagen ran
        # 25 % slower (docs/scale.md). The engines get the system's default.
        os.environ.pop("MALLOC_TRIM_THRESHOLD_", None)
        folder = os.path.join(worker.local_directory, "dabbaba-files")
        os.makedirs(folder, exist_ok=True)
        for f in self.files:
            if f.data is None:
                path = f.path
                if not os.path.exists(path):
                    raise RuntimeError(f"{f.role} {path}: no such file on worker {worker.address}"
                                       " (--ship path needs a path every worker shares)")
            else:
                path = os.path.join(folder, f"{f.sha256[:16]}-{os.path.basename(f.path)}")
                if not os.path.exists(path):
                    fd, tmp = tempfile.mkstemp(dir=folder)
                    with os.fdopen(fd, "wb") as fh:
                        fh.write(f.data)
                    os.chmod(tmp, 0o755 if f.executable else 0o644)
                    os.replace(tmp, path)
            got = sha256_of(path)
            if got != f.sha256:
                raise RuntimeError(f"{f.role} {path} on worker {worker.address} is not the"
                                   f" client's (sha256 {got[:16]}, client {f.sha256[:16]})")
            if f.version is not None:
                out = subprocess.run([path, "--version"], capture_output=True, text=True,
                                     timeout=60)
                line = out.stdout.strip()
                if out.returncode != 0 or line != f.version:
                    raise RuntimeError(f"{f.role} {path} on worker {worker.address} answers"
                                       f" --version with {line or out.stderr.strip()!r},"
                                       f" the client's {f.version!r}")
            self.paths[f.role] = path


def shipped(token: str, role: str) -> str:
    """The worker-local path of a file shipped for the run `token`."""
    plugin = get_worker().plugins.get(f"{PLUGIN}-{token}")
    if plugin is None or role not in plugin.paths:
        failure = getattr(plugin, "failure", None) or "the set-up did not run"
        raise RuntimeError(f"worker {get_worker().address} has no {role}: {failure}")
    return plugin.paths[role]


def announce(task: str):
    """Tells the client a task has started on this worker (a second start of the same task
    is a retry after a lost worker)."""
    worker = get_worker()
    worker.log_event(TASK_TOPIC, {"task": task, "worker": worker.address})


def _run(cmd: list[str], what: str) -> subprocess.CompletedProcess:
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(f"{what}: {' '.join(cmd)} exited with {out.returncode}:"
                           f" {out.stderr.strip()[-500:]}")
    return out


def analyse_chunk(token: str, chunk: int, entries: list[tuple[int, int, str]], variant: str,
                  limits: list[str], extra: list[str]) -> list[str]:
    """`dabbaba analyse --json` over one chunk of positions, each `(index, line, text)` with
    its place in the whole input. Returns one NDJSON line per position (`bestmove`, `result`
    for a game already over, or `error` for a line that is no position), numbered as in the
    whole input."""
    announce(f"analyse-{chunk}")
    binary = shipped(token, "dabbaba")
    with tempfile.TemporaryDirectory() as d:
        epd = os.path.join(d, f"chunk{chunk}.epd")
        with open(epd, "w", encoding="utf-8") as fh:
            fh.write("".join(text + "\n" for _, _, text in entries))
        cmd = [binary, "-q", "analyse", "--variant", variant, "--epd", epd, "--json",
               "--threads", "1", *limits, *extra]
        out = _run(cmd, f"chunk {chunk}")
    lines = []
    for raw in out.stdout.splitlines():
        obj = json.loads(raw)
        if obj.get("type") not in ANSWERS:
            continue
        index, line, _ = entries[obj["index"] - 1]
        obj["index"], obj["line"] = index, line
        lines.append(json.dumps(obj, ensure_ascii=False, separators=(",", ":")))
    if len(lines) != len(entries):
        raise RuntimeError(f"chunk {chunk}: {len(lines)} answers for {len(entries)} positions:"
                           f" {out.stderr.strip()[-500:]}")
    return lines


def datagen_shard(token: str, shard: int, first: int, end: int, variant: str, seed: int,
                  nodes: int, fmt: str, extra: list[str]) -> bytes:
    """Games `first` to `end - 1` of a seeded datagen run, as the bytes of their file; `@net`
    in `extra` stands for the shipped net."""
    announce(f"datagen-{shard}")
    binary = shipped(token, "dabbaba")
    extra = [shipped(token, "net") if x == "@net" else x for x in extra]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, f"shard{shard}.{fmt}")
        cmd = [binary, "-q", "datagen", "--variant", variant, "--seed", str(seed),
               "--first-game", str(first), "--games", str(end), "--nodes", str(nodes),
               "--jobs", "1", "--format", fmt, "--out", path, *extra]
        out = _run(cmd, f"shard {shard}")
        if out.returncode != 0 or not os.path.exists(path):
            raise RuntimeError(f"shard {shard}: {out.stderr.strip()[-500:]}")
        with open(path, "rb") as fh:
            return fh.read()


def play_pair(token: str, pair: int, opening, specs, variant: str, geometry, limits, adj,
              tc_text: str, referee_kind: str, event: str) -> dict:
    """One game pair (the opening twice, colours swapped) with the matchlib of the client,
    each engine's command replaced by its shipped copy. Returns engine A's two scores, the
    games as PGN and any engine errors."""
    announce(f"pair-{pair}")
    import copy

    from matchlib import referee as refmod
    from matchlib.engines import EngineError, make_engine
    from matchlib.game import play_game
    from matchlib.pgn import game_to_pgn

    local = []
    for i, spec in enumerate(specs):
        s = copy.deepcopy(spec)
        s.cmd = shipped(token, f"engine{i}")
        local.append(s)
    scores, pgns, errors, lines = [], [], [], []
    referee, engines = None, []
    try:
        if referee_kind == "dabbaba":
            referee = refmod.DabbabaReferee(variant, shipped(token, "dabbaba"))
        else:
            referee = refmod.Referee(variant)
        for s in local:
            engines.append(make_engine(s, variant, geometry, None))
        a, b = engines
        for k, a_white in enumerate((True, False)):
            white, black = (a, b) if a_white else (b, a)
            rec = play_game(referee, white, black, opening, limits, adj, geometry,
                            round_no=2 * pair + k + 1, tc_text=tc_text)
            score_white = {"1-0": 1.0, "0-1": 0.0}.get(rec.result, 0.5)
            scores.append(score_white if a_white else 1.0 - score_white)
            pgns.append(game_to_pgn(rec, referee, event=event))
            lines.append(f"Finished game {2 * pair + k + 1} ({rec.white} vs {rec.black}):"
                         f" {rec.result} {{{rec.reason}}}  [{len(rec.moves)} plies]")
            if rec.error:
                errors.append(f"game {2 * pair + k + 1}: {rec.error}")
    finally:
        for e in engines:
            try:
                e.stop()
            except EngineError:
                e.kill()
        close = getattr(referee, "close", None)
        if close:
            close()
    return {"pair": pair, "scores": scores, "pgn": pgns, "errors": errors, "lines": lines}
