"""scripts/train-net.sh end to end, sized down: a chess round from the committed net (games
with it, training from it, a match against it) and a round for a variant without a net (games
with the hand-crafted evaluation, a new net, a match against that evaluation).

Needs pyffish (the match's referee) and Dabbaba (DABBABA_BIN, which `cargo test` sets);
skipped without them, a failure under CI=true (ci.py).
"""

import os
import re
import subprocess
import tempfile
import unittest

from ci import requires

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "train-net.sh")
DABBABA = os.environ.get("DABBABA_BIN")
DABBABA = DABBABA if DABBABA and os.path.isfile(DABBABA) else None

try:
    import pyffish
except ImportError:
    pyffish = None
try:
    import distributed
except ImportError:
    distributed = None


@requires(pyffish and DABBABA, "needs pyffish and a Dabbaba binary (DABBABA_BIN)")
class TrainNetRound(unittest.TestCase):
    def round(self, variant, **settings):
        work = tempfile.mkdtemp(prefix=f"train-net-{variant}-")
        env = dict(os.environ, DABBABA=DABBABA, WORK=work, GAMES="3", NODES="300", JOBS="1",
                   EPOCHS="2", MATCH_GAMES="2", MATCH_NODES="300", THREADS="1", **settings)
        run = subprocess.run(["bash", SCRIPT, variant], env=env, capture_output=True,
                             text=True, timeout=600)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        with open(os.path.join(work, "train-net.log")) as f:
            log = f.read()
        return work, log

    def check_steps(self, work, variant, log, opponent):
        for name in ("datagen", "train", "match"):
            self.assertRegex(log, rf"\] {name}: done in \d+ s", name)
        self.assertRegex(log, r"3 games \(0 already in the file\), \d+ positions")
        losses = re.search(r"validate: held-out loss ([0-9.]+) before, ([0-9.]+) after", log)
        self.assertIsNotNone(losses, log)
        net = os.path.join(work, f"{variant}-new.nnue")
        self.assertTrue(os.path.getsize(net) > 0)
        # The new net played: the engine would have refused a net that does not load.
        self.assertRegex(log, rf"Score of new vs {opponent}: \d+ - \d+ - \d+ +\[[0-9.]+\] 2 games")

    def test_a_round_continues_from_the_committed_net(self):
        work, log = self.round("chess", BUCKETS="4")
        self.assertIn("datagen --variant chess", log)
        self.assertRegex(log, r"datagen: .* --nnue ")
        self.assertRegex(log, r"train: .* --from \S+/nets/chess\.nnue --buckets 4 ")
        self.assertRegex(log, r"train: .* --learning-rate 0\.001 ")
        # The committed net has one output bucket; the new one is split into four.
        self.assertRegex(log, r"hidden \d+, output buckets 4")
        self.check_steps(work, "chess", log, "parent")

    def test_a_first_round_starts_from_the_hand_crafted_evaluation(self):
        work, log = self.round("shatranj", HIDDEN="8")
        self.assertNotRegex(log, r"datagen: .* --nnue ")
        self.assertRegex(log, r"train: .* --hidden 8 ")
        self.assertRegex(log, r"hidden 8, output buckets 1")
        self.check_steps(work, "shatranj", log, "hce")
        with open(os.path.join(work, "shatranj-new.nnue"), "rb") as f:
            self.assertIn(b"shatranj", f.read(200))

    def test_a_round_continues_from_a_parent_net_file(self):
        # A candidate net (not built in) as the parent: the first round's net.
        first, _ = self.round("shatranj", HIDDEN="8")
        parent = os.path.join(first, "shatranj-new.nnue")
        work, log = self.round("shatranj", PARENT=parent, SEED="2", LR="0.0003")
        self.assertRegex(log, rf"datagen: .* --eval-file {re.escape(parent)} ")
        self.assertNotRegex(log, r"datagen: .* --nnue ")
        self.assertRegex(log, rf"train: .* --from {re.escape(parent)} ")
        self.assertRegex(log, r"train: .* --learning-rate 0\.0003 ")
        self.assertRegex(log, r"hidden 8, output buckets 1")
        self.assertRegex(log, rf"match: .* option\.EvalFile={re.escape(parent)} ")
        self.check_steps(work, "shatranj", log, "parent")

    def test_a_missing_parent_net_is_refused(self):
        run = subprocess.run(["bash", SCRIPT, "shatranj"], capture_output=True, text=True,
                             env=dict(os.environ, DABBABA=DABBABA, PARENT="/nonexistent.nnue",
                                      WORK=tempfile.mkdtemp(prefix="train-net-")))
        self.assertEqual(run.returncode, 1)
        self.assertIn("PARENT: no net file '/nonexistent.nnue'", run.stderr)

    def test_an_unknown_variant_is_refused(self):
        run = subprocess.run(["bash", SCRIPT, "nosuch"], capture_output=True, text=True,
                             env=dict(os.environ, DABBABA=DABBABA,
                                      WORK=tempfile.mkdtemp(prefix="train-net-")))
        self.assertEqual(run.returncode, 1)
        self.assertIn("unknown variant 'nosuch'", run.stderr)


    @requires(distributed, "dask[distributed] is not installed")
    def test_a_round_can_play_its_games_on_a_cluster(self):
        # The same games as without the cluster: the data file is byte for byte the same.
        plain, _ = self.round("shatranj", HIDDEN="8", SEED="5")
        work, log = self.round("shatranj", HIDDEN="8", SEED="5", CLUSTER="local")
        self.assertRegex(log, r"datagen: python3 \S+/scripts/cluster.py datagen --workers 1 ")
        self.assertRegex(log, r"datagen: 3 games written to ")
        name = "shatranj-seed5-nodes300.bin"
        with open(os.path.join(plain, name), "rb") as a, open(os.path.join(work, name), "rb") as b:
            self.assertEqual(a.read(), b.read())
        self.assertRegex(log, r"Score of new vs hce: \d+ - \d+ - \d+ +\[[0-9.]+\] 2 games")


if __name__ == "__main__":
    unittest.main()
