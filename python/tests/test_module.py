"""What the `dabbaba` module does beyond pyffish, and how it fails: errors as exceptions,
perft against the binary, analyse (deterministic, GIL released), Board and svg."""

import os
import re
import subprocess
import threading
import time
import unittest

try:
    import dabbaba as dab
except ImportError:
    dab = None

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The engine binary: DABBABA_BIN, else the release build, else the one `cargo test` built.
BINARY = next((b for b in [os.environ.get("DABBABA_BIN"),
                           os.path.join(ROOT, "target", "release", "dabbaba"),
                           os.path.join(ROOT, "target", "debug", "dabbaba")]
               if b and os.path.isfile(b)), os.path.join(ROOT, "target", "release", "dabbaba"))
NEEDED = "needs the dabbaba module (python/README.md)"
if dab is None and os.environ.get("CI") == "true":
    raise RuntimeError(NEEDED)


@unittest.skipIf(dab is None, NEEDED)
class Errors(unittest.TestCase):
    def assertRefused(self, call, *pattern):
        with self.assertRaises(ValueError) as cm:
            call()
        self.assertIsInstance(cm.exception, dab.error)
        for p in pattern:
            self.assertRegex(str(cm.exception), p)

    def test_bad_input_raises_value_error_with_the_engines_message(self):
        self.assertRefused(lambda: dab.legal_moves("nochess", "startpos", []),
                           "unknown variant 'nochess'")
        self.assertRefused(lambda: dab.legal_moves("chess", "8/8/8 w - - 0 1", []),
                           "bad FEN", "rows")
        self.assertRefused(lambda: dab.get_fen("chess", "startpos", ["e2e5"]), "e2e5")
        self.assertRefused(lambda: dab.get_san("chess", "startpos", "e7e5"), "e7e5")
        self.assertRefused(lambda: dab.get_san("chess", "startpos", "e2e4", False, 42),
                           "unknown notation 42")
        self.assertRefused(lambda: dab.is_capture("chess", "startpos", [], "zz"), "zz")
        self.assertRefused(lambda: dab.set_option("No Such Option", 3), "No Such Option")
        self.assertRefused(lambda: dab.set_option("Hash", "lots"), "Hash")
        self.assertRefused(lambda: dab.analyse("chess", "startpos", []), "limit")
        self.assertRefused(lambda: dab.svg("chess", "startpos", None, ["e2"]), "arrow")
        self.assertRefused(lambda: dab.load_variant_config("[broken]\nmaxRank = many\n"),
                           r"<config>:2: maxRank")
        # Moves are UCI text, as pyffish reads them: SAN is refused everywhere alike.
        self.assertRefused(lambda: dab.legal_moves("chess", "startpos", ["e4"]), "e4")
        # Yes-or-no arguments by their truth value, as pyffish reads them.
        self.assertEqual(dab.legal_moves("chess", "startpos", [], 0),
                         dab.legal_moves("chess", "startpos", [], False))
        self.assertIn("e1h1", dab.legal_moves(
            "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [], 1))
        # Wrong types are Python's own TypeError, not a crash.
        with self.assertRaises(TypeError):
            dab.legal_moves("chess", "startpos", "e2e4")
        # A FEN's problem by pyffish's code.
        self.assertEqual(dab.validate_fen("8/8/8 w - - 0 1", "chess"), -8)
        self.assertEqual(dab.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w - - 0 1",
                                          "chess"), -10)
        self.assertEqual(dab.validate_fen("", "chess"), 0)

    def test_a_bad_section_is_reported_and_the_good_ones_load(self):
        ini = "[good1]\nmaxRank = 5\nmaxFile = e\nking = k\nstartFen = k4/5/5/5/4K w - - 0 1\n" \
              "[bad1]\nmaxRank = 5\nnoSuchKey = 1\n"
        with self.assertRaises(ValueError) as cm:
            dab.load_variant_config(ini)
        self.assertIn("noSuchKey", str(cm.exception))
        self.assertIn("good1", dab.variants())
        self.assertNotIn("bad1", dab.variants())


@unittest.skipIf(dab is None, NEEDED)
class BeyondPyffish(unittest.TestCase):
    def test_perft_is_the_binarys(self):
        if not os.path.exists(BINARY):
            if os.environ.get("CI") == "true":
                self.fail(f"{BINARY} is missing (cargo build --release)")
            self.skipTest(f"{BINARY} is missing")
        cases = [("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
                 ("shogi", "startpos", 3), ("xiangqi", "startpos", 3), ("chu", "startpos", 2),
                 ("crazyhouse", "startpos", 3)]
        for variant, fen, depth in cases:
            cmd = [BINARY, "perft", str(depth), "--variant", variant]
            if fen != "startpos":
                cmd += ["--fen", fen]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            want = int(re.search(r"Nodes searched: (\d+)", out).group(1))
            self.assertEqual(dab.perft(variant, fen, [], depth), want, variant)
            self.assertEqual(dab.perft(variant, fen, [], depth, False, 2), want, variant)

    def test_analyse_is_deterministic_at_fixed_nodes_and_gives_legal_lines(self):
        first = dab.analyse("xiangqi", "startpos", ["h3e3"], nodes=30000, multipv=2)
        again = dab.analyse("xiangqi", "startpos", ["h3e3"], nodes=30000, multipv=2)
        strip = lambda lines: [{k: v for k, v in l.items() if k not in ("nps", "time_ms")}  # noqa: E731
                               for l in lines]
        self.assertEqual(strip(first), strip(again))
        self.assertEqual([l["multipv"] for l in first], [1, 2])
        legal = dab.legal_moves("xiangqi", "startpos", ["h3e3"])
        for line in first:
            self.assertIn(line["pv"][0], legal)
            self.assertEqual(len(line["pv_san"]), len(line["pv"]))
            self.assertTrue("cp" in line["score"] or "mate" in line["score"])
        mate = dab.analyse("chess", "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", [], depth=6)
        self.assertEqual(mate[0]["score"], {"mate": 1})
        self.assertEqual(mate[0]["pv"][0], "a1a8")

    def test_analyse_lets_other_threads_run(self):
        ticks = []
        done = threading.Event()

        def search():
            dab.analyse("chess", "startpos", [], movetime=600)
            done.set()

        t = threading.Thread(target=search)
        t.start()
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)
        t.join()
        # With the GIL held for 0.6 s this loop would stall; released, it ticks throughout.
        self.assertGreater(len(ticks), 20)

    def test_board_plays_a_game_to_its_end(self):
        b = dab.Board("chess")
        for m in ["f2f3", "e7e5", "g2g4"]:
            b.push(m)
        self.assertEqual(b.result(), "*")
        with self.assertRaises(ValueError):
            b.push("e1e3")
        self.assertEqual(len(b.moves), 3)
        self.assertEqual(b.push_san("Qh4#"), "d8h4")
        self.assertTrue(b.is_check())
        self.assertEqual(b.result(), "0-1")
        self.assertEqual(b.san_moves(), ["f3", "e5", "g4", "Qh4#"])
        self.assertEqual(b.pop(), "d8h4")
        self.assertEqual(b.result(), "*")
        self.assertTrue(b._repr_svg_().startswith("<svg"))

    def test_svg_draws_every_square_and_piece(self):
        for variant, squares in [("chess", 64), ("xiangqi", 90), ("chu", 144), ("dai", 225)]:
            svg = dab.svg(variant, "startpos")
            self.assertTrue(svg.startswith("<svg") and svg.endswith("</svg>"), variant)
            board = dab.get_fen(variant, "startpos", []).split()[0].split("[")[0]
            pieces = len(re.findall(r"[A-Za-z]", board.replace("'", "")))
            self.assertEqual(svg.count('class="piece"'), pieces, variant)
            self.assertEqual(svg.count("<rect x="), squares
                             + svg.count('fill-opacity="0.12"'), variant)
        # Hands beside the board, walls, palaces, the last move and arrows.
        svg = dab.svg("crazyhouse", "rnbqkbnr/ppp2ppp/8/8/8/8/PPP2PPP/RNBQKBNR[Pp] w KQkq - 0 1",
                      "P@e4", [("d1", "d7"), "g1f3"])
        self.assertEqual(svg.count('class="arrow"'), 2)
        self.assertEqual(svg.count('class="piece"'), 28 + 2)
        self.assertEqual(svg.count("#cdd26a"), 1)
        self.assertEqual(dab.svg("xiangqi", "startpos").count('class="palace"'), 4)
        # A promoted piece with a primed letter (Dai Shogi's `+N'`) is one piece.
        dai = dab.start_fen("dai").replace("/15/15/15/", "/7+N'7/15/15/", 1)
        svg = dab.svg("dai", dai)
        self.assertEqual(svg.count('class="piece"'), 131)
        self.assertEqual(svg.count(">+N'<"), 1)
        self.assertEqual(dab.svg("omicron", "startpos").count("#6b6b6b"), 36)
