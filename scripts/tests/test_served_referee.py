"""The served referee (Dabbaba's `status --serve`) against pyffish's, move by move.

Random games in several variants, through positions where games end (mates, stalemates,
repetitions, insufficient material, the n-move rule): at every ply both referees must give
the same legal moves, side to move and game end. Skipped without pyffish or the binary
(DABBABA_BIN, set by tests/scripts_match.rs); under CI=true that is a failure (ci.py).
"""

import os
import random
import sys
import unittest

from ci import requires

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

try:
    import pyffish
except ImportError:
    pyffish = None

from matchlib import referee as refmod  # noqa: E402

DABBABA = os.environ.get("DABBABA_BIN")
DABBABA = DABBABA if DABBABA and os.path.isfile(DABBABA) else None

# Endgames where games end soon by rule: bare kings, a lone minor piece, repetitions.
ROOTS = {
    "chess": [None, "8/8/4k3/8/2B5/8/4K3/8 w - - 0 1", "8/5k2/8/8/8/2K5/4N3/1R6 w - - 90 80",
              "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
              # Already over: checkmate and stalemate.
              "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"],
    "crazyhouse": [None],
    "xiangqi": [None, "4k4/9/9/9/9/9/9/9/4A4/3AK4 w - - 0 1"],
    "shogi": [None],
    "makruk": [None],
    "capablanca": [None],
}


@requires(pyffish is not None and DABBABA is not None,
          "pyffish and DABBABA_BIN (the Dabbaba binary) are needed")
class ServedRefereeTest(unittest.TestCase):
    def test_same_moves_and_game_ends_as_pyffish(self):
        rng = random.Random(20261126)
        plies = 0
        ends = set()
        for variant, roots in ROOTS.items():
            slow = refmod.Referee(variant)
            fast = refmod.ServedReferee(variant, DABBABA)
            for root in roots:
                root = root or slow.start_fen()
                for game in range(2):
                    moves = []
                    # The second game of each root shuffles back and forth from its 20th
                    # ply on, so that positions repeat.
                    shuffle_from = 20 if game == 1 else None
                    while len(moves) < 120:
                        legal = slow.legal_moves(root, moves)
                        where = f"{variant} {root} moves {' '.join(moves)}"
                        self.assertEqual(sorted(fast.legal_moves(root, moves)), sorted(legal), where)
                        self.assertEqual(fast.white_to_move(root, moves),
                                         slow.white_to_move(root, moves), where)
                        a = slow.game_end(root, moves, legal)
                        b = fast.game_end(root, moves)
                        self.assertEqual(b and b.result, a and a.result, where)
                        plies += 1
                        if a:
                            ends.add(a.reason.split(" (")[0])
                            break
                        if shuffle_from is not None and len(moves) >= shuffle_from:
                            back = moves[-4]
                            if back in legal:
                                moves.append(back)
                                continue
                        moves.append(rng.choice(legal))
            fast.close()
        print(f"{plies} plies compared, endings {sorted(ends)}", file=sys.stderr)
        self.assertGreater(plies, 1000)
        # The games reached endings of several kinds, so the comparison covered them.
        # (pyffish calls a mate at the root "no legal moves".)
        for kind in ("no legal moves", "stalemate", "repetition", "insufficient material"):
            self.assertIn(kind, ends)


@requires(DABBABA is not None, "DABBABA_BIN (the Dabbaba binary) is needed")
class DabbabaRefereeCastlingTest(unittest.TestCase):
    """Sjaak II writes castling `O-O`; where Dabbaba's rules referee (omega, castling on the
    second rank), the referee must still find the move (session 27: it did not, and 20 of 100
    games against Sjaak II ended with its legal castling called illegal)."""

    def test_castling_written_o_o_is_found(self):
        from matchlib.notation import geometry_from_fen, resolve_move
        ref = refmod.DabbabaReferee("omega", DABBABA)
        try:
            root = ("w**********w/*3b1k2r1*/*prppp2ppp*/*1p1n1q4*/*10*/*2b1PpP3*/*Q8P*/*3P6*/"
                    "*4P1NC1W*/*PPP5P1*/*CRN1KR4*/W**********1 b k - 0 20")
            legal = ref.legal_moves(root, [])
            geo = geometry_from_fen(root)
            san_of = lambda m: ref.san(root, [], m)  # noqa: E731
            self.assertEqual(resolve_move("O-O", legal, geo, "cecp", san_of), "g11i11")
            self.assertIsNone(resolve_move("O-O-O", legal, geo, "cecp", san_of))
            self.assertEqual(san_of("g11h11"), "g11h11")
            opening = "i3i4 i10i7 i2j4 i11j9 h2i3 h11i10".split()
            legal = ref.legal_moves(None, opening)
            self.assertEqual(resolve_move("O-O", legal, geo, "cecp",
                                          lambda m: ref.san(None, opening, m)), "g2i2")
        finally:
            ref.close()


if __name__ == "__main__":
    unittest.main()
