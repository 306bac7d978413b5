"""scripts/summarize_log.py: W-L-D, pairs and the engine's point of view from a match log."""

import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "summarize_log.py")

LOG = """\
Finished game 2 (old vs new): 0-1 {x}  [50 plies]  Score 1-0-0
Finished game 1 (new vs old): 1-0 {x}  [50 plies]  Score 2-0-0
  SPRT: LLR 0.1 [-2.944, 2.944]
Finished game 3 (new vs old): 1/2-1/2 {x}  [50 plies]  Score 2-0-1
Finished game 4 (old vs new): 1-0 {x}  [50 plies]  Score 2-1-1
Finished game 5 (new vs old): 0-1 {x}  [50 plies]  Score 2-2-1
"""


class SummarizeTests(unittest.TestCase):
    def run_on(self, *args):
        with tempfile.NamedTemporaryFile("w", suffix=".log", delete=False) as fh:
            fh.write(LOG)
        try:
            proc = subprocess.run([sys.executable, SCRIPT, fh.name, *args],
                                  capture_output=True, text=True, timeout=30)
        finally:
            os.unlink(fh.name)
        return proc

    def test_counts_pairs_and_point_of_view(self):
        proc = self.run_on("--sprt", "0", "10")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.splitlines()
        # new: wins games 1 and 2, draws 3, loses 4 and 5.
        self.assertTrue(lines[0].startswith("new: 5 games, 2-2-1,"), lines[0])
        # Pairs (1, 2) = 2 points, (3, 4) = 1/2; game 5 has no partner.
        self.assertTrue(lines[1].startswith("pentanomial [0, 1, 0, 0, 1]"), lines[1])
        self.assertTrue(lines[2].startswith("SPRT [0, 10]: LLR"), lines[2])
        old = self.run_on("--name", "old")
        self.assertTrue(old.stdout.startswith("old: 5 games, 2-2-1,"), old.stdout)

    def test_unknown_engine_is_an_error(self):
        proc = self.run_on("--name", "nobody")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("no engine named 'nobody'", proc.stderr)


if __name__ == "__main__":
    unittest.main()
