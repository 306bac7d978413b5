"""scripts/cluster.py on a local Dask cluster of 2 worker processes: each job's output equals
the single-process run's, a worker killed mid-task loses nothing and repeats nothing, a run
stopped by Ctrl-C resumes without redoing its finished parts, and bad input is one error
line with exit status 1.

Needs `dask[distributed]` (and pyffish for the SPRT's referee) and a Dabbaba binary
(DABBABA_BIN, which `cargo test` sets; else target/release/dabbaba).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from ci import requires

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
ROOT = os.path.dirname(SCRIPTS)
CLUSTER = os.path.join(SCRIPTS, "cluster.py")
BINARY = os.environ.get("DABBABA_BIN", os.path.join(ROOT, "target", "release", "dabbaba"))

try:
    import distributed  # noqa: F401

    HAVE_DASK = True
except ImportError:
    HAVE_DASK = False
try:
    import pyffish  # noqa: F401

    HAVE_PYFFISH = True
except ImportError:
    HAVE_PYFFISH = False

# Positions of several variants' kind: quiet, tactical, an endgame; one line that is no
# position (reported with its line number and kept as an error line, as a single run does).
POSITIONS = [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ; id "kiwipete"',
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    # A game already over (fool's mate): answered with a `result` line.
    "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
]


def epd_lines(n):
    """n positions cycling through POSITIONS, a comment and a bad line among them."""
    out = ["# positions for the cluster test", ""]
    for i in range(n):
        out.append(POSITIONS[i % len(POSITIONS)])
        if i == 3:
            out.append("this is not a position")
    return "\n".join(out) + "\n"


def deterministic(path):
    """The NDJSON lines without their timing fields (`nps`, `time_ms`)."""
    with open(path, encoding="utf-8") as fh:
        return [{k: v for k, v in json.loads(line).items() if k not in ("nps", "time_ms")}
                for line in fh]


def single_analyse(epd, nodes, out):
    res = subprocess.run([BINARY, "-q", "analyse", "--epd", epd, "--nodes", str(nodes),
                          "--json", "--threads", "1"], capture_output=True, text=True)
    with open(out, "w", encoding="utf-8") as fh:
        for line in res.stdout.splitlines():
            if json.loads(line)["type"] in ("bestmove", "result", "error"):
                fh.write(line + "\n")
    return deterministic(out)


def _default_sigint():
    # A job started in the background by a non-interactive shell (`cmd &`, as a CI runner
    # may start the tests) inherits SIGINT ignored, and Python then never turns Ctrl-C
    # into KeyboardInterrupt: the run under test gets the default back.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cluster(*args, **kw):
    return subprocess.Popen([sys.executable, CLUSTER, *args, "--binary", BINARY],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_default_sigint, **kw)


def children(pid):
    """The child process ids of `pid` (from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as fh:
                stat = fh.read()
        except OSError:
            continue
        # Field 4 (after the parenthesised command name) is the parent pid.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.append(int(entry))
    return out


def cmdline(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


@requires(HAVE_DASK, "dask[distributed] is not installed (pip install 'dask[distributed]')")
@requires(os.path.exists(BINARY), f"no Dabbaba binary at {BINARY}")
class ClusterJobs(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="cluster-test-")

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def run_ok(self, *args):
        p = cluster(*args)
        out, err = p.communicate(timeout=600)
        self.assertEqual(p.returncode, 0, err)
        return out, err

    def test_analyse_equals_a_single_run_in_input_order(self):
        epd = self.path("in.epd")
        with open(epd, "w", encoding="utf-8") as fh:
            fh.write(epd_lines(14))
        want = single_analyse(epd, 3000, self.path("single.ndjson"))
        _, err = self.run_ok("analyse", epd, "--nodes", "3000", "--chunk", "3", "--workers",
                             "2", "--out", self.path("out.ndjson"))
        got = deterministic(self.path("out.ndjson"))
        self.assertEqual(len(got), 15)  # 14 positions and the bad line
        self.assertEqual(got, want)
        self.assertEqual([g["index"] for g in got], list(range(1, 16)))
        self.assertEqual([g["type"] for g in got].count("result"), 2)  # the mates
        self.assertIn("in.epd:7: bad FEN", err)
        self.assertIn("2 workers", err)
        self.assertIn("dashboard", err)
        self.assertFalse(os.path.exists(self.path("out.ndjson.parts")))
        # The same command again finds its finished output.
        _, err = self.run_ok("analyse", epd, "--nodes", "3000", "--chunk", "3", "--workers",
                             "2", "--out", self.path("out.ndjson"))
        self.assertIn("finished output; nothing to do", err)
        self.assertEqual(deterministic(self.path("out.ndjson")), want)
        # Another command on that output is refused: it is not its output.
        p = cluster("analyse", epd, "--nodes", "2000", "--out", self.path("out.ndjson"))
        _, err = p.communicate(timeout=120)
        self.assertEqual(p.returncode, 1, err)
        self.assertIn("exists and is not the output of this command", err)

    def test_pgn_input_analyses_every_position_of_every_game(self):
        pgn = self.path("games.pgn")
        with open(pgn, "w", encoding="utf-8") as fh:
            fh.write('[Event "a"]\n[Result "*"]\n\n1. e4 {open} e5 (1... c5) 2. Nf3 ; a note\n'
                     '$1 Nc6 *\n\n'
                     '[Event "b"]\n[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]\n\n1. e4 Kd7 2. Qh5 *\n\n'
                     '[Event "c"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n')
        _, err = self.run_ok("analyse", pgn, "--nodes", "500", "--out", self.path("p.ndjson"))
        got = deterministic(self.path("p.ndjson"))
        ids = [g["id"] for g in got]
        self.assertEqual(ids, [f"game 1 ply {k}" for k in range(5)]
                         + [f"game 2 ply {k}" for k in range(3)]
                         + [f"game 3 ply {k}" for k in range(5)])
        self.assertEqual((got[-1]["type"], got[-1]["result"]), ("result", "0-1"))
        self.assertEqual(got[4]["fen"],
                         "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
        # Qh5 is not a move there: reported with the file and line, the rest skipped.
        self.assertIn("games.pgn:7: game 2, ply 3", err)

    def test_datagen_gives_the_single_runs_games_whatever_the_worker_count(self):
        single = self.path("single.bin")
        subprocess.run([BINARY, "-q", "datagen", "--variant", "crazyhouse", "--games", "10",
                        "--nodes", "300", "--seed", "7", "--format", "binary", "--out", single],
                       check=True, capture_output=True)
        for workers in ("1", "2"):
            out = self.path(f"w{workers}.bin")
            self.run_ok("datagen", "--variant", "crazyhouse", "--games", "10", "--nodes", "300",
                        "--seed", "7", "--shard", "3", "--workers", workers, "--out", out)
            with open(out, "rb") as a, open(single, "rb") as b:
                self.assertEqual(a.read(), b.read(), f"{workers} workers")
        # Byte for byte the single run's: a file `dabbaba train` reads as it is.

    @requires(HAVE_PYFFISH, "pyffish is not installed (the SPRT's referee)")
    def test_sprt_matches_match_py(self):
        common = ["--variant", "chess", "--nodes", "400", "--games", "6", "--seed", "3",
                  "--random-plies", "6", "--sprt", "0", "10", "0.05", "0.05"]
        engines = ["--engine", f"cmd={BINARY}", "name=a", "--engine", f"cmd={BINARY}", "name=b"]
        out, _ = self.run_ok("sprt", *common, *engines, "--out", self.path("s.ndjson"),
                             "--pgn", self.path("s.pgn"))
        ref = subprocess.run([sys.executable, os.path.join(SCRIPTS, "match.py"), *common,
                              "--max-plies", "400", "--resign", "movecount=3", "score=800",
                              "--draw", "movenumber=40", "movecount=8", "score=10", *engines],
                             capture_output=True, text=True, timeout=600)
        summary = [line for line in out.splitlines() if line.startswith(("Score of", "Pent",
                                                                           "SPRT", "Elo"))]
        # match.py's summary: the lines after its last blank line.
        tail = ref.stdout.rsplit("\n\n", 1)[-1]
        want = [line for line in tail.splitlines()
                if line.startswith(("Score of", "Pent", "SPRT", "Elo"))]
        self.assertEqual(len(summary), 4, out)
        self.assertEqual(summary, want)
        with open(self.path("s.ndjson"), encoding="utf-8") as fh:
            self.assertEqual([json.loads(line)["pair"] for line in fh], [0, 1, 2])
        with open(self.path("s.pgn"), encoding="utf-8") as fh:
            self.assertEqual(fh.read().count("[Event "), 6)

    def test_a_killed_worker_loses_and_repeats_nothing(self):
        epd = self.path("in.epd")
        with open(epd, "w", encoding="utf-8") as fh:
            fh.write(epd_lines(30))
        # About 0.1 s a position (0.2 s a chunk), so that a task is caught running a while.
        nodes = "100000"
        want = single_analyse(epd, int(nodes), self.path("single.ndjson"))
        p = cluster("analyse", epd, "--nodes", nodes, "--chunk", "2", "--workers", "2",
                    "--out", self.path("out.ndjson"))
        killed = None
        seen = {}  # analyse process -> when it was first seen
        deadline = time.monotonic() + 120
        while killed is None and time.monotonic() < deadline and p.poll() is None:
            # A worker process with a `dabbaba analyse` of its own that has run for 0.1 s
            # (the worker has long reported the task's start, which counts the retry): kill
            # it mid-task.
            now = time.monotonic()
            for w in children(p.pid):
                running = [c for c in children(w) if "analyse" in cmdline(c)]
                if any(now - seen.setdefault(c, now) >= 0.1 for c in running):
                    os.kill(w, signal.SIGKILL)
                    killed = w
                    break
            time.sleep(0.02)
        out, err = p.communicate(timeout=600)
        self.assertIsNotNone(killed, "no worker was caught mid-task")
        self.assertEqual(p.returncode, 0, err)
        self.assertEqual(deterministic(self.path("out.ndjson")), want)
        retried = int(err.rsplit(" tasks retried", 1)[0].rsplit(" ", 1)[1])
        self.assertGreaterEqual(retried, 1, err)

    def test_a_stopped_run_resumes_without_redoing_finished_chunks(self):
        epd = self.path("in.epd")
        with open(epd, "w", encoding="utf-8") as fh:
            fh.write(epd_lines(30))
        # Searches long enough (about 0.1 s a position) that the run is still going when
        # three chunks are done, on a fast machine too.
        nodes = "100000"
        want = single_analyse(epd, int(nodes), self.path("single.ndjson"))
        out = self.path("out.ndjson")
        parts = out + ".parts"
        p = cluster("analyse", epd, "--nodes", nodes, "--chunk", "2", "--out", out)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and p.poll() is None:
            if os.path.isdir(parts) and sum(n.endswith(".part") for n in os.listdir(parts)) >= 3:
                p.send_signal(signal.SIGINT)
                break
            time.sleep(0.02)
        _, err = p.communicate(timeout=600)
        self.assertEqual(p.returncode, 130, err)
        kept = sum(n.endswith(".part") for n in os.listdir(parts))
        self.assertTrue(3 <= kept < 16, f"{kept} chunks done at the stop")
        self.assertFalse(os.path.exists(out))
        _, err = self.run_ok("analyse", epd, "--nodes", nodes, "--chunk", "2", "--out", out)
        self.assertIn(f"{kept} chunks already done", err)
        self.assertEqual(deterministic(out), want)
        # A different command on the parts of a stopped run is refused.
        os.remove(out)
        os.makedirs(parts)
        with open(os.path.join(parts, "job.json"), "w", encoding="utf-8") as fh:
            json.dump({"job": "analyse", "chunk": 5}, fh)
        with open(os.path.join(parts, "00000000.part"), "w", encoding="utf-8") as fh:
            fh.write("[]")
        p = cluster("analyse", epd, "--nodes", nodes, "--chunk", "2", "--out", out)
        _, err = p.communicate(timeout=120)
        self.assertEqual(p.returncode, 1)
        self.assertIn("holds the parts of another command", err)

    def test_a_scheduler_with_workers_started_apart(self):
        # As on other machines: a scheduler and two workers started by hand, each worker in
        # a folder of its own with no copy of the repository or the binary; the binary and
        # the code are uploaded and the output is the single run's.
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        address = f"tcp://127.0.0.1:{port}"
        procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler",
                                   "--host", "127.0.0.1", "--port", str(port),
                                   "--dashboard-address", ":0"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        try:
            for k in range(2):
                folder = self.path(f"worker{k}")
                os.makedirs(folder)
                procs.append(subprocess.Popen(
                    [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads",
                     "1", "--local-directory", folder], cwd=folder,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            from distributed import Client

            with Client(address, timeout="30s") as client:
                client.wait_for_workers(2, timeout=60)
            epd = self.path("in.epd")
            with open(epd, "w", encoding="utf-8") as fh:
                fh.write(epd_lines(8))
            want = single_analyse(epd, 3000, self.path("single.ndjson"))
            _, err = self.run_ok("analyse", epd, "--nodes", "3000", "--chunk", "2",
                                 "--scheduler", address, "--out", self.path("out.ndjson"))
            self.assertIn(f"Dask: {address}, 2 workers", err)
            self.assertEqual(deterministic(self.path("out.ndjson")), want)
            copies = [os.path.join(d, f) for k in range(2)
                      for d, _, files in os.walk(self.path(f"worker{k}")) for f in files
                      if f.endswith("-" + os.path.basename(BINARY))]
            self.assertEqual(len(copies), 2, "one uploaded binary in each worker's folder")
        finally:
            for p in reversed(procs):
                p.terminate()
                p.wait(timeout=60)

    def test_bad_input_is_one_error_line(self):
        epd = self.path("in.epd")
        with open(epd, "w", encoding="utf-8") as fh:
            fh.write(epd_lines(2))
        cases = [
            (["analyse", epd, "--nodes", "10", "--out", self.path("o"), "--binary",
              self.path("nothing")], "binary not found"),
            (["analyse", epd, "--nodes", "10", "--out", self.path("o"), "--variant", "nosuch"],
             "unknown variant 'nosuch'"),
            (["analyse", self.path("missing.epd"), "--nodes", "10", "--out", self.path("o")],
             "cannot read"),
            (["analyse", epd, "--nodes", "10", "--out", self.path("o"), "--scheduler",
              "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler at tcp://127.0.0.1:9"),
        ]
        for args, message in cases:
            if "--binary" not in args:
                args = [*args, "--binary", BINARY]
            res = subprocess.run([sys.executable, CLUSTER, *args], capture_output=True,
                                 text=True, timeout=120)
            self.assertEqual(res.returncode, 1, res.stderr)
            errors = [line for line in res.stderr.splitlines() if line.startswith("error: ")]
            self.assertEqual(len(errors), 1, res.stderr)
            self.assertIn(message, errors[0])


if __name__ == "__main__":
    unittest.main()
