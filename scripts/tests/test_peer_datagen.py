"""scripts/peer_datagen.py: tuning positions from an engine's self-play over UCI.

Dabbaba plays the peer's part here (any UCI engine will do) and referees. Skipped without
pyffish or the binary (DABBABA_BIN, set by tests/scripts_match.rs); under CI=true that is a
failure (ci.py).
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest

from ci import requires

try:
    import pyffish
except ImportError:
    pyffish = None

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "peer_datagen.py")
DABBABA = os.environ.get("DABBABA_BIN")
DABBABA = DABBABA if DABBABA and os.path.isfile(DABBABA) else None


@requires(pyffish is not None and DABBABA is not None,
          "pyffish and DABBABA_BIN (the Dabbaba binary) are needed")
class PeerDatagenTest(unittest.TestCase):
    def datagen(self, out, games, extra=()):
        cmd = [sys.executable, SCRIPT, "--engine", DABBABA, "--referee", DABBABA,
               "--variant", "crazyhouse", "--games", str(games), "--nodes", "400",
               "--max-plies", "80", "--seed", "7", "--jobs", "2", "--out", out, *extra]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return proc.stdout

    def status(self, fens):
        """`status --serve` answers for FENs."""
        lines = "".join(f"fen {fen}\n" for fen in fens)
        proc = subprocess.run([DABBABA, "status", "--serve", "--variant", "crazyhouse",
                               "--quiet"], input=lines, capture_output=True, text=True,
                              timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return [json.loads(line) for line in proc.stdout.splitlines()]

    def test_positions_results_and_resuming(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "data.txt")
            self.datagen(out, 3)
            with open(out) as fh:
                first = fh.read().splitlines()
            rows = [line.split(" | ") for line in first]
            self.assertGreater(len(rows), 20)
            self.assertTrue(all(len(r) == 4 for r in rows), rows[:3])
            games = {}
            for fen, score, result, game in rows:
                int(score)
                # One result per game, the same on each of its lines.
                games.setdefault(game, set()).add(result)
            self.assertEqual(sorted(games), ["0", "1", "2"])
            for results in games.values():
                self.assertEqual(len(results), 1)
                self.assertIn(results.pop(), {"0", "0.5", "1"})
            # Only positions where the side to move is not in check and the game goes on.
            for answer in self.status([r[0] for r in rows]):
                self.assertFalse(answer["in_check"], answer["fen"])
                self.assertFalse(answer["over"], answer["fen"])

            # Resuming skips the games already there; more games are appended; a game
            # depends only on the seed and its number.
            self.assertIn("3 games already", self.datagen(out, 3))
            self.datagen(out, 4)
            with open(out) as fh:
                lines = fh.read().splitlines()
            self.assertEqual(lines[:len(first)], first)
            self.assertEqual({line.split(" | ")[3] for line in lines[len(first):]}, {"3"})
            again = os.path.join(tmp, "again.txt")
            self.datagen(again, 4)
            with open(again) as fh:
                self.assertEqual(sorted(fh.read().splitlines()), sorted(lines))

    def test_against_an_opponent_only_the_engines_positions_are_kept(self):
        # The opponent plays the first legal move pyffish lists, with score 0.
        opponent = os.path.join(HERE, "fake_uci.py")
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "mixed.txt")
            self.datagen(out, 2, ["--opponent", f"{opponent} first", "--opponent-option",
                                  "Hash=1"])
            with open(out) as fh:
                rows = [line.split(" | ") for line in fh.read().splitlines()]
            to_move = {}
            for fen, _score, _result, game in rows:
                to_move.setdefault(game, set()).add(fen.split()[1])
            # The engine is White in game 0 and Black in game 1.
            self.assertEqual(to_move, {"0": {"w"}, "1": {"b"}})

    def test_an_empty_engine_or_opponent_command_is_an_error(self):
        # An empty --opponent must not fall back to self-play without a word.
        for extra in (["--engine", ""], ["--opponent", ""]):
            with tempfile.TemporaryDirectory() as tmp:
                out = os.path.join(tmp, "none.txt")
                cmd = [sys.executable, SCRIPT, "--engine", DABBABA, "--referee", DABBABA,
                       "--variant", "crazyhouse", "--games", "1", "--out", out, *extra]
                proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
                self.assertEqual(proc.returncode, 1, extra)
                self.assertIn("empty engine command", proc.stderr)
                self.assertFalse(os.path.exists(out))


if __name__ == "__main__":
    unittest.main()
