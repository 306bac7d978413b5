"""The client side shared by the three jobs: connecting to Dask (a scheduler or a local
cluster), shipping the files, resumable parts on disk, progress and retries.

A job is a list of numbered parts (chunks of positions, shards of games, game pairs). Each
finished part is written to `OUT.parts/NUMBER.part` at once (written whole, then renamed),
so a run stopped by Ctrl-C, or a client that died, resumes with the same command: the parts
on disk are not run again. When every part is there, they are joined in order into OUT and
the folder goes; `OUT.job.json` then records the command's settings, so the same command
again finds the job done. `OUT.parts/job.json` records them while parts are kept; a different
command on the same output is refused rather than mixed in.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile

from . import worker as wmod

SCRIPTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class JobError(Exception):
    """A problem with the command or its inputs: one line, exit status 1."""


def sha256_file(path: str) -> str:
    try:
        return wmod.sha256_of(path)
    except OSError as e:
        raise JobError(f"cannot read {path}: {e}") from e


def run_token(settings: dict) -> str:
    """A short name of a job's settings: its tasks' keys and its plugin carry it, so that two
    jobs on one scheduler never share a task or a file, and a resumed job finds its own."""
    text = json.dumps(settings, sort_keys=True).encode()
    return hashlib.sha256(text).hexdigest()[:12]


def say(text: str):
    print(text, file=sys.stderr, flush=True)


def dabbaba_version(binary: str) -> str:
    if not os.path.isfile(binary):
        raise JobError(f"binary not found: {binary}")
    if not os.access(binary, os.X_OK):
        raise JobError(f"binary not executable: {binary}")
    try:
        out = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=60)
    except OSError as e:
        raise JobError(f"cannot run {binary}: {e}") from e
    if out.returncode != 0 or not out.stdout.startswith("dabbaba "):
        raise JobError(f"{binary} is not a Dabbaba binary (--version: {out.stdout.strip()!r})")
    return out.stdout.strip()


def check_variant(binary: str, variant: str, variants_ini: str | None = None):
    cmd = [binary, "-q"]
    if variants_ini:
        cmd += ["--variants", variants_ini]
    out = subprocess.run(cmd + ["variants"], capture_output=True, text=True)
    if out.returncode != 0:
        raise JobError(f"{binary} variants: {out.stderr.strip()}")
    names = {line.split()[0] for line in out.stdout.splitlines() if line.strip()}
    if variant not in names:
        raise JobError(f"unknown variant '{variant}' (`{binary} variants` lists the known ones)")


def shipped_file(role: str, path: str, ship: str, dabbaba: bool, executable: bool = True):
    if executable and not os.path.isfile(path) and os.sep not in path:
        path = shutil.which(path) or path  # a command on PATH
    if not os.path.isfile(path):
        what = {"dabbaba": "binary", "net": "net file"}.get(role, f"{role} command")
        raise JobError(f"{what} not found: {path}")
    path = os.path.abspath(path)
    version = dabbaba_version(path) if dabbaba else None
    data = None
    if ship == "upload":
        with open(path, "rb") as fh:
            data = fh.read()
    return wmod.ShippedFile(role=role, path=path, sha256=wmod.sha256_of(path), data=data,
                            version=version, executable=executable)


class Cluster:
    """A Dask client: on the scheduler at `address`, or on a local cluster of `workers`
    processes (one thread each: every task runs one single-threaded engine)."""

    def __init__(self, address: str | None, workers: int, files, token: str,
                 quiet: bool = False):
        # Imported here so that `--help` and argument errors need no Dask.
        try:
            from distributed import Client, LocalCluster
        except ImportError as e:
            raise JobError("dask[distributed] is not installed (pip install"
                           " 'dask[distributed]')") from e
        self.local = None
        logging.getLogger("distributed").setLevel(logging.ERROR)
        if address:
            try:
                self.client = Client(address, timeout="10s")
            except (OSError, TimeoutError, ValueError) as e:
                raise JobError(f"cannot reach the Dask scheduler at {address}: {e}") from e
        else:
            self.local = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=":0", silence_logs=logging.ERROR)
            self.client = Client(self.local)
        if address and not self.client.scheduler_info().get("workers"):
            try:
                self.client.wait_for_workers(1, timeout=60)
            except TimeoutError as e:
                self.close()
                raise JobError(f"no worker joined the scheduler at {address} in 60 s") from e
        self.retries = Retries()
        self.client.subscribe_topic(wmod.TASK_TOPIC, self.retries.on_start)
        # The plugin and the tasks travel by value: a worker that joins later sets the plugin
        # up before the code's zip (below) is on its path.
        import cloudpickle

        cloudpickle.register_pickle_by_value(wmod)
        self._upload_code()
        plugin = wmod.ShippedFiles(files, token)
        self.plugin = None
        try:
            self.client.register_plugin(plugin)
        except Exception as e:  # a worker's set-up failed: say which and why
            self.close()
            raise JobError(f"the workers cannot use the files: {e}") from e
        self.plugin = plugin.name
        n = len(self.client.scheduler_info().get("workers", {}))
        where = address or f"a local cluster of {workers} worker processes"
        how = "uploaded" if files and files[0].data is not None else "at a shared path"
        try:
            import bokeh  # noqa: F401  (the dashboard needs it)

            board = self.client.dashboard_link
        except ImportError:
            board = "none (pip install bokeh for it)"
        if not quiet:
            say(f"Dask: {where}, {n} workers, scheduler {self.client.scheduler.address},"
                f" dashboard {board}; the binary is {how}")

    def _upload_code(self):
        """The worker code and the match library, zipped and sent to every worker (and to
        those that join later), so a worker needs no copy of this repository."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "dabbaba_cluster_code.zip")
            with zipfile.ZipFile(path, "w") as z:
                for pkg in ("clusterlib", "matchlib"):
                    root = os.path.join(SCRIPTS, pkg)
                    for name in sorted(os.listdir(root)):
                        if name.endswith(".py"):
                            z.write(os.path.join(root, name), f"{pkg}/{name}")
            self.client.upload_file(path, load=True)

    def close(self):
        try:
            if self.plugin is not None:
                # The files stay on the workers' disks, not in the scheduler's memory.
                try:
                    self.client.unregister_worker_plugin(self.plugin)
                except Exception:  # noqa: BLE001 - a cluster going away already
                    pass
            self.client.close()
        finally:
            if self.local is not None:
                self.local.close()


class Retries:
    """Counts task starts reported by the workers: a task started twice was retried after
    its worker was lost."""

    def __init__(self):
        self.lock = threading.Lock()
        self.starts: dict[str, int] = {}

    def on_start(self, event):
        _, msg = event
        with self.lock:
            self.starts[msg["task"]] = self.starts.get(msg["task"], 0) + 1

    @property
    def count(self) -> int:
        with self.lock:
            return sum(n - 1 for n in self.starts.values() if n > 1)


class Parts:
    """The finished parts of a job on disk, beside its output."""

    def __init__(self, out: str, settings: dict):
        self.out = out
        self.dir = out + ".parts"
        self.settings = settings
        self.finished = False
        # Settings through JSON, as they are read back.
        settings = json.loads(json.dumps(settings))
        done_meta = out + ".job.json"
        if os.path.exists(out) and not os.path.isdir(self.dir):
            if _read_json(done_meta) == settings:
                self.finished = True  # the same command ran to the end before
                return
            raise JobError(f"{out} exists and is not the output of this command; remove it"
                           " or give another --out")
        os.makedirs(self.dir, exist_ok=True)
        meta = os.path.join(self.dir, "job.json")
        before = _read_json(meta)
        if before is not None and before != settings and self.done():
            diff = sorted(k for k in set(before) | set(settings)
                          if before.get(k) != settings.get(k))
            raise JobError(f"{self.dir} holds the parts of another command (differs in"
                           f" {', '.join(diff)}); remove it or give another --out")
        self._write(meta, json.dumps(settings, indent=1, sort_keys=True).encode())

    def path(self, number: int) -> str:
        return os.path.join(self.dir, f"{number:08d}.part")

    def done(self) -> set[int]:
        return {int(n[:8]) for n in os.listdir(self.dir)
                if n.endswith(".part") and n[:8].isdigit()}

    def save(self, number: int, data: bytes):
        self._write(self.path(number), data)

    def read(self, number: int) -> bytes:
        with open(self.path(number), "rb") as fh:
            return fh.read()

    def _write(self, path: str, data: bytes):
        fd, tmp = tempfile.mkstemp(dir=self.dir, prefix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)

    def join(self, numbers, transform=lambda i, data: data):
        """Writes the parts in order into the output (whole, then renamed), and removes
        the folder."""
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(self.out)) or ".",
                                   prefix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            for i, n in enumerate(numbers):
                fh.write(transform(i, self.read(n)))
        os.replace(tmp, self.out)
        self.close()

    def close(self):
        """The job is done: its settings go beside the output, the parts go."""
        with open(self.out + ".job.json", "w", encoding="utf-8") as fh:
            json.dump(self.settings, fh, indent=1, sort_keys=True)
        shutil.rmtree(self.dir)


def _read_json(path: str):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


class Progress:
    """One status line on standard error: parts and items done, items a second (over this
    run), tasks retried."""

    def __init__(self, what: str, total: int, done: int, retries: Retries):
        self.what, self.total, self.done = what, total, done
        self.start_done = done
        self.retries = retries
        self.start = time.monotonic()
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def add(self, n: int, force: bool = False):
        self.done += n
        now = time.monotonic()
        if not force and now - self.last < (0.2 if self.tty else 5.0):
            return
        self.last = now
        rate = (self.done - self.start_done) / max(now - self.start, 1e-9)
        width = 30
        filled = int(width * self.done / max(self.total, 1))
        bar = "#" * filled + "-" * (width - filled)
        line = (f"[{bar}] {self.done}/{self.total} {self.what}, {rate:.1f}/s,"
                f" {self.retries.count} retried")
        if self.tty:
            print("\r" + line, end="", file=sys.stderr, flush=True)
        else:
            say(line)

    def finish(self):
        self.add(0, force=True)
        if self.tty:
            print(file=sys.stderr)

    @property
    def rate(self) -> float:
        return (self.done - self.start_done) / max(time.monotonic() - self.start, 1e-9)
