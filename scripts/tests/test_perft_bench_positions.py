"""scripts/perft_bench_positions.py: perft on `bench`'s positions with two binaries, node
counts checked equal.

Runs the engine `cargo test` built (DABBABA_BIN, set by tests/scripts_match.rs); without it
the tests skip, and under CI=true they fail (see ci.py).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from ci import requires

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "perft_bench_positions.py")
DABBABA = os.environ.get("DABBABA_BIN")
DABBABA = DABBABA if DABBABA and os.path.isfile(DABBABA) else None

# Stands in for an engine whose perft counts one node more than the real one's.
OFF_BY_ONE = """#!/usr/bin/env python3
import json, subprocess, sys
out = subprocess.run([{real!r}] + sys.argv[1:], capture_output=True, text=True).stdout
row = json.loads(out.strip().splitlines()[-1])
row["nodes"] += 1
print(json.dumps(row))
"""


def perft_nodes(binary, variant, fen, depth):
    out = subprocess.run(
        [binary, "perft", str(depth), "--json", "--variant", variant, "--fen", fen],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)["nodes"]


@requires(DABBABA, "DABBABA_BIN (the binary cargo test builds) is not set")
class PerftBenchPositionsTests(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.old = os.path.join(self.dir, "old")
        self.new = os.path.join(self.dir, "new")
        shutil.copy(DABBABA, self.old)
        shutil.copy(DABBABA, self.new)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def run_script(self, *args):
        return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True,
                              text=True, timeout=120)

    def test_counts_every_bench_position_with_both_binaries(self):
        proc = self.run_script(self.old, self.new, "--variant", "crazyhouse", "--depth", "2",
                               "--runs", "2")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        bench = subprocess.run([DABBABA, "bench", "--json", "--depth", "1", "--variant",
                                "crazyhouse"], check=True, capture_output=True,
                               text=True).stdout
        fens = [json.loads(line)["fen"] for line in bench.splitlines()
                if json.loads(line).get("type") == "position"]
        self.assertEqual(len(fens), 5)
        total = sum(perft_nodes(DABBABA, "crazyhouse", fen, 2) for fen in fens)
        self.assertIn(f"5 positions, perft 2, {total} nodes per round", proc.stdout)
        self.assertEqual(proc.stdout.count("round "), 2)
        self.assertRegex(proc.stdout, r"new / old: \d+\.\d{3}")

    def test_a_node_count_that_differs_stops_the_run(self):
        fake = os.path.join(self.dir, "off-by-one")
        with open(fake, "w") as fh:
            fh.write(OFF_BY_ONE.format(real=DABBABA))
        os.chmod(fake, 0o755)
        proc = self.run_script(fake, self.new, "--variant", "crazyhouse", "--depth", "1",
                               "--runs", "1")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("node counts differ", proc.stderr)

    def test_a_missing_binary_or_variant_is_an_error_not_a_traceback(self):
        proc = self.run_script(os.path.join(self.dir, "missing"), self.new, "--depth", "1")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("cannot run", proc.stderr)
        proc = self.run_script(self.old, self.new, "--variant", "nosuch", "--depth", "1")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("unknown variant", proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)

    def test_the_same_path_twice_is_refused(self):
        proc = self.run_script(self.new, self.new, "--depth", "1", "--runs", "1")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("two files", proc.stderr)


if __name__ == "__main__":
    unittest.main()
