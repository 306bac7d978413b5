"""examples/python/notebook.py runs, and draws the pictures recorded beside it."""

import os
import subprocess
import sys
import tempfile
import unittest

try:
    import dabbaba
except ImportError:
    dabbaba = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLE = os.path.join(ROOT, "examples", "python")
if dabbaba is None and os.environ.get("CI") == "true":
    raise RuntimeError("needs the dabbaba module (python/README.md)")


@unittest.skipIf(dabbaba is None, "needs the dabbaba module (python/README.md)")
class Example(unittest.TestCase):
    def test_the_notebook_draws_the_recorded_pictures(self):
        recorded = sorted(f for f in os.listdir(EXAMPLE) if f.endswith(".svg"))
        self.assertEqual(recorded, ["chu.svg", "fools-mate.svg", "shogi.svg", "xiangqi.svg"])
        with tempfile.TemporaryDirectory() as out:
            run = subprocess.run([sys.executable, os.path.join(EXAMPLE, "notebook.py"), out],
                                 capture_output=True, text=True, timeout=300)
            self.assertEqual(run.returncode, 0, run.stderr)
            self.assertIn("['C2=5', 'H8+7', 'H2+3', 'R9=8']", run.stdout)
            self.assertIn("0-1", run.stdout)
            for name in recorded:
                with open(os.path.join(out, name), encoding="utf-8") as fh:
                    fresh = fh.read()
                with open(os.path.join(EXAMPLE, name), encoding="utf-8") as fh:
                    self.assertEqual(fresh, fh.read(), name)
