"""scripts/pgn_depths.py: depths, clock use and scores attributed to the engine that
searched each move."""

import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      "pgn_depths.py")

PGN = """\
[Event "Dabbaba match"]
[White "a"]
[Black "b"]
[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]

1. e4 {book} e5 {book} 2. Nf3 {+0.30/10 0.50s} Nc6 {-0.20/14 0.40s} 3. Bb5
{+0.25/12 0.30s} a6 {-M3/20 0.10s} {adjudication} 1-0

[Event "Dabbaba match"]
[White "b"]
[Black "a"]
[FEN "8/8/8/4k3/8/8/8/4K3 b - - 0 1"]

1... Kd5 {+0.00/30 0.10s} 2. Kd2 {0.00/8 0.10s} 1/2-1/2
"""


class PgnDepthTests(unittest.TestCase):
    def run_on(self, text, *args):
        with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as fh:
            fh.write(text)
        try:
            return subprocess.run([sys.executable, SCRIPT, fh.name, *args],
                                  capture_output=True, text=True, timeout=30)
        finally:
            os.unlink(fh.name)

    def test_depths_go_to_the_side_that_moved(self):
        proc = self.run_on(PGN)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.splitlines()
        # a: 10 and 12 as White in game 1, and 30 for Kd5 as Black in game 2 (Black moves
        # first there). b: 14 and the mate's 20 in game 1, 8 for Kd2 in game 2. Book moves
        # and the closing comment count for nobody.
        # Clock: a spent 0.50 + 0.30 s in game 1 and 0.10 s in game 2 (median of the two
        # games 0.45 s), 0.30 s a move; b spent 0.40 + 0.10 s and 0.10 s.
        self.assertEqual(lines[0], "a: 3 searched moves, median depth 12, mean 17.3; "
                                   "clock used 0.45 s a game (median of 2), 0.300 s a move (mean)")
        self.assertEqual(lines[1], "b: 3 searched moves, median depth 14, mean 14.0; "
                                   "clock used 0.30 s a game (median of 2), 0.200 s a move (mean)")
        self.assertEqual(len(lines), 2)

    def test_score_at_takes_each_engines_own_kth_move(self):
        proc = self.run_on(PGN, "--score-at", "1")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.splitlines()
        # First searched moves: game 1 a +0.30 (Nf3), b -0.20 (Nc6); game 2 a +0.00 (Kd5),
        # b 0.00 (Kd2). Medians: a +0.15, b -0.10.
        self.assertEqual(lines[2], "a: median own score at its searched move 1: +0.15 (2 games)")
        self.assertEqual(lines[3], "b: median own score at its searched move 1: -0.10 (2 games)")

    def test_score_at_leaves_out_mates_and_short_games(self):
        # Second searched moves exist only in game 1, and b's is a mate score there.
        proc = self.run_on(PGN, "--score-at", "2")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("no game where every engine searched 2 moves", proc.stdout)
        proc = self.run_on(PGN, "--score-at", "0")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("at least 1", proc.stderr)

    def test_an_unreadable_file_is_an_error_not_a_traceback(self):
        with tempfile.NamedTemporaryFile("wb", suffix=".pgn", delete=False) as fh:
            fh.write(b"\xff\xfe not utf-8")
        try:
            proc = subprocess.run([sys.executable, SCRIPT, fh.name],
                                  capture_output=True, text=True, timeout=30)
        finally:
            os.unlink(fh.name)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("error: ", proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)

    def test_no_depths_is_an_error(self):
        proc = self.run_on('[White "a"]\n\n1. e4 {book} *\n')
        self.assertEqual(proc.returncode, 1)
        self.assertIn("no searched moves", proc.stderr)


if __name__ == "__main__":
    unittest.main()
