"""Move text between engines and the referee: ranks on 10-rank boards, drops, promotions,
castling forms. Pure string tests (no pyffish), except the last class."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from ci import requires  # noqa: E402

from matchlib.engines import EngineSpec, _parse_features, _uci_info_score  # noqa: E402
from matchlib.notation import (  # noqa: E402
    Geometry,
    engine_to_referee_text,
    geometry_from_fen,
    referee_to_engine,
    resolve_move,
)

try:
    import pyffish
except ImportError:
    pyffish = None

XIANGQI = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
GRAND = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
ZH = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
SHOGI = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1"
BIG = "12/12/12/12/12/12/12/12/12/12/12/K10k w - - 0 1"


class GeometryTests(unittest.TestCase):
    def test_sizes(self):
        self.assertEqual(geometry_from_fen(XIANGQI), Geometry(9, 10))
        self.assertEqual(geometry_from_fen(GRAND), Geometry(10, 10))
        self.assertEqual(geometry_from_fen(ZH), Geometry(8, 8))
        self.assertEqual(geometry_from_fen(SHOGI), Geometry(9, 9))
        self.assertEqual(geometry_from_fen(BIG), Geometry(12, 12))
        self.assertEqual(geometry_from_fen("+r*1/3/Q~2 w - - 0 1"), Geometry(3, 3))


class ConversionTests(unittest.TestCase):
    def test_ten_ranks_cecp_zero_based(self):
        g = Geometry(9, 10)
        self.assertEqual(referee_to_engine("b10c8", g, "cecp"), "b9c7")
        self.assertEqual(referee_to_engine("h3e3", g, "cecp"), "h2e2")
        self.assertEqual(engine_to_referee_text("b9c7", g, "cecp"), "b10c8")
        self.assertEqual(engine_to_referee_text("a0a1", g, "cecp"), "a1a2")
        # UCI keeps the 1-based ranks of Fairy-Stockfish
        self.assertEqual(referee_to_engine("b10c8", g, "uci"), "b10c8")
        self.assertEqual(engine_to_referee_text("b10c8", g, "uci"), "b10c8")

    def test_other_heights_unchanged(self):
        for g in (Geometry(8, 8), Geometry(9, 9), Geometry(12, 12)):
            for m in ("e2e4", "a11a12", "P@e4", "e7e8q", "b8h2+"):
                self.assertEqual(referee_to_engine(m, g, "cecp"), m)
                self.assertEqual(engine_to_referee_text(m, g, "cecp"), m)

    def test_drops_promotions_multileg_on_ten_ranks(self):
        g = Geometry(10, 10)
        self.assertEqual(referee_to_engine("P@e10", g, "cecp"), "P@e9")
        self.assertEqual(referee_to_engine("e9e10q", g, "cecp"), "e8e9q")
        self.assertEqual(referee_to_engine("c4d5,d5e4", g, "cecp"), "c3d4,d4e3")
        self.assertEqual(engine_to_referee_text("e8e9q", g, "cecp"), "e9e10q")


class ResolveTests(unittest.TestCase):
    g8 = Geometry(8, 8)

    def test_exact_and_case(self):
        legal = ["e7e8q", "e7e8n", "P@d4", "a2a3"]
        self.assertEqual(resolve_move("a2a3", legal, self.g8, "uci"), "a2a3")
        self.assertEqual(resolve_move("e7e8Q", legal, self.g8, "cecp"), "e7e8q")
        self.assertEqual(resolve_move("e7e8=q", legal, self.g8, "cecp"), "e7e8q")
        self.assertEqual(resolve_move("e7e8(n)", legal, self.g8, "cecp"), "e7e8n")
        self.assertEqual(resolve_move("p@d4", legal, self.g8, "cecp"), "P@d4")
        self.assertIsNone(resolve_move("e7e8k", legal, self.g8, "uci"))
        self.assertIsNone(resolve_move("a1a1", legal, self.g8, "uci"))
        self.assertIsNone(resolve_move("", legal, self.g8, "uci"))

    def test_shogi_non_promotion_suffix(self):
        legal = ["b2g7", "b2g7+"]
        self.assertEqual(resolve_move("b2g7=", legal, Geometry(9, 9), "cecp"), "b2g7")
        self.assertEqual(resolve_move("b2g7+", legal, Geometry(9, 9), "cecp"), "b2g7+")

    def test_castling_forms(self):
        legal = ["e1g1", "e1c1", "e1f1", "e1d1", "h1g1"]
        sans = {"e1g1": "O-O", "e1c1": "O-O-O", "e1f1": "Kf1", "e1d1": "Kd1", "h1g1": "Rg1"}
        for text, want in [("O-O", "e1g1"), ("O-O-O", "e1c1"), ("0-0", "e1g1"),
                           ("e1h1", "e1g1"), ("e1a1", "e1c1"), ("e1g1", "e1g1")]:
            self.assertEqual(resolve_move(text, legal, self.g8, "cecp", sans.get), want, text)
        self.assertIsNone(resolve_move("O-O", ["e1f1"], self.g8, "cecp", sans.get))


class ProtocolParsingTests(unittest.TestCase):
    def test_features(self):
        f = dict(_parse_features('ping=1 myname="Fairy-Max 5.0b" variants="normal,shatranj" done=0'))
        self.assertEqual(f, {"ping": "1", "myname": "Fairy-Max 5.0b",
                             "variants": "normal,shatranj", "done": "0"})

    def test_uci_info(self):
        self.assertEqual(_uci_info_score("info depth 7 seldepth 9 score cp -35 nodes 10 pv e2e4".split()),
                         (-35, 7))
        s, d = _uci_info_score("info depth 12 score mate 3 pv a1a2".split())
        self.assertEqual((s, d), (100000 - 3, 12))
        s, _ = _uci_info_score("info depth 12 score mate -2 pv a1a2".split())
        self.assertEqual(s, -100000 + 2)
        self.assertEqual(_uci_info_score("info depth 5 multipv 2 score cp 3".split()), (None, None))

    def test_engine_spec(self):
        s = EngineSpec.parse(["cmd=/x/fsf", "proto=xboard", "option.Threads=1", "option.Hash=16",
                              "dir=/tmp", "variant.chess=normal", "arg=-a -b"])
        self.assertEqual((s.name, s.proto, s.dir), ("fsf", "cecp", "/tmp"))
        self.assertEqual(s.options, {"Threads": "1", "Hash": "16"})
        self.assertEqual(s.variant_names, {"chess": "normal"})
        self.assertEqual(s.args, ["-a", "-b"])
        with self.assertRaises(ValueError):
            EngineSpec.parse(["proto=uci"])
        with self.assertRaises(ValueError):
            EngineSpec.parse(["cmd=x", "colour=red"])


@requires(pyffish, "pyffish not installed")
class ResolveWithPyffishTests(unittest.TestCase):
    def test_xiangqi_cecp_roundtrip(self):
        legal = pyffish.legal_moves("xiangqi", XIANGQI, [])
        g = geometry_from_fen(XIANGQI)
        for m in legal:
            eng = referee_to_engine(m, g, "cecp")
            self.assertEqual(resolve_move(eng, legal, g, "cecp"), m)
        self.assertEqual(resolve_move("b0c2", legal, g, "cecp"), "b1c3")

    def test_real_castling_san(self):
        fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
        legal = pyffish.legal_moves("chess", fen, [])

        def san(m):
            return pyffish.get_san("chess", fen, m)

        self.assertEqual(resolve_move("O-O", legal, self.g8(), "cecp", san), "e1g1")
        self.assertEqual(resolve_move("O-O-O", legal, self.g8(), "cecp", san), "e1c1")
        self.assertEqual(resolve_move("e1h1", legal, self.g8(), "cecp", san), "e1g1")

    @staticmethod
    def g8():
        return Geometry(8, 8)


if __name__ == "__main__":
    unittest.main()


class LionPassTest(unittest.TestCase):
    """A lion's pass (out through an empty square and back) is told from igui by the board."""

    class Boards:
        # After a move through e5: empty square (pass) or an enemy taken there (igui).
        def __init__(self, taken):
            self.taken = taken

        def fen(self, root, moves):
            if moves and moves[-1].startswith("d4e5") and self.taken:
                return "8/8/8/8/3L4/8/8/8 b - - 0 1"
            return "8/8/8/4s3/3L4/8/8/8 w - - 0 1" if self.taken else "8/8/8/8/3L4/8/8/8 w - - 0 1"

    def test_pass_and_igui(self):
        from matchlib.game import _is_lion_pass

        self.assertTrue(_is_lion_pass(self.Boards(False), "root", [], "d4e5,e5d4"))
        self.assertFalse(_is_lion_pass(self.Boards(True), "root", [], "d4e5,e5d4"))
        # Not out and back: never a pass, whatever the board.
        self.assertFalse(_is_lion_pass(self.Boards(False), "root", [], "d4e5,e5d6"))
        self.assertFalse(_is_lion_pass(self.Boards(False), "root", [], "d4d5"))
