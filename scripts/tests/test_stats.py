"""Statistics: known W/L/D -> known Elo and error; known pentanomial -> known LLR.

The expected numbers were worked out by hand from the formulas in matchlib/stats.py
(the intermediate values are in the comments), not copied from the code's output.
"""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from matchlib import stats  # noqa: E402


class EloTests(unittest.TestCase):
    def test_elo_of_score(self):
        self.assertAlmostEqual(stats.elo_from_score(0.5), 0.0)
        # 0.75 -> -400 log10(1/3) = 190.85
        self.assertAlmostEqual(stats.elo_from_score(0.75), 190.848501, places=5)
        self.assertAlmostEqual(stats.score_from_elo(stats.elo_from_score(0.3)), 0.3)
        self.assertEqual(stats.elo_from_score(1.0), math.inf)

    def test_wld_60_40_0(self):
        # mu = 0.6, var = 0.24, half = 1.959964 * sqrt(0.0024) = 0.0960179
        # Elo(0.6) = 70.4365; Elo(0.6960179) = 143.909, Elo(0.5039821) = 2.7667
        elo, err = stats.elo_wld(60, 40, 0)
        self.assertAlmostEqual(elo, 70.4365, places=3)
        self.assertAlmostEqual(err, (143.9093 - 2.7667) / 2, places=2)

    def test_wld_even_with_draws(self):
        # W = L = D = 10: mu = 0.5, var = (10*0.25 + 10*0.25) / 30 = 1/6,
        # half = 1.959964 * sqrt(1/180) = 0.146087 -> Elo(0.646087) = 104.558
        elo, err = stats.elo_wld(10, 10, 10)
        self.assertAlmostEqual(elo, 0.0, places=9)
        self.assertAlmostEqual(err, 104.558, places=2)

    def test_wld_lopsided_has_a_lower_end(self):
        # 97-3-0: mu = 0.97, var = (97 * 0.03^2 + 3 * 0.97^2) / 100 = 0.0291,
        # half = 1.959964 * sqrt(0.000291) = 0.0334345: the score's interval reaches past 1,
        # so the error is infinite, but Elo(0.9365655) = 467.68 still bounds it from below.
        elo, err = stats.elo_wld(97, 3, 0)
        self.assertAlmostEqual(elo, 603.86, places=1)
        self.assertEqual(err, math.inf)
        lo, hi = stats.elo_interval_wld(97, 3, 0)
        self.assertAlmostEqual(lo, 467.68, places=1)
        self.assertEqual(hi, math.inf)
        summary = stats.Tally(wins=97, losses=3, ptnml=[0, 0, 3, 0, 47]).summary_lines("a", "b")
        self.assertIn("603.9 +/- inf [467.7, inf]", summary[1])
        # Pairs [0, 0, 3, 0, 47]: mu = 0.97, var = (3 * 0.47^2 + 47 * 0.03^2) / 50 = 0.0141,
        # half = 1.959964 * sqrt(0.0141 / 50) = 0.0329134 -> Elo(0.9370866) = 469.21
        lo, hi = stats.elo_interval_pentanomial([0, 0, 3, 0, 47])
        self.assertAlmostEqual(lo, 469.21, places=1)
        self.assertEqual(hi, math.inf)
        self.assertIn("Elo 603.9 +/- inf [469.2, inf]", summary[2])
        # A 100 % score has no interval worth printing.
        summary = stats.Tally(wins=4).summary_lines("a", "b")
        self.assertIn("inf +/- inf (95%", summary[1])

    def test_pentanomial_elo(self):
        # [10, 20, 40, 20, 10]: mu = 0.5, var = 2*(0.1*0.25 + 0.2*0.0625) = 0.075,
        # half = 1.959964 * sqrt(0.00075) = 0.0536763 -> Elo(0.5536763) = 37.442
        elo, err = stats.elo_pentanomial([10, 20, 40, 20, 10])
        self.assertAlmostEqual(elo, 0.0, places=9)
        self.assertAlmostEqual(err, 37.442, places=2)

    def test_los(self):
        self.assertAlmostEqual(stats.los(10, 10), 0.5)
        # (W - L) / sqrt(2 (W + L)) = 10 / sqrt(60) = 1.290994;
        # 0.5 (1 + erf(1.290994)) = Phi(10 / sqrt(30)) = Phi(1.825742) = 0.966055
        self.assertAlmostEqual(stats.los(20, 10), 0.966055, places=5)


class SprtTests(unittest.TestCase):
    def test_bounds(self):
        lo, hi = stats.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lo, math.log(0.05 / 0.95))
        self.assertAlmostEqual(hi, 2.944439, places=6)
        lo, hi = stats.sprt_bounds(0.05, 0.1)
        self.assertAlmostEqual(lo, -2.251292, places=6)  # ln(0.1/0.95)
        self.assertAlmostEqual(hi, 2.890372, places=6)  # ln(0.9/0.05)

    def test_llr_logistic_symmetric(self):
        # mu = 0.5, var = 0.075, N = 100, s0 = 0.5, s1 = 1/(1+10^-0.0125) = 0.5071950
        # LLR = 100 * 0.0071950 * (1 - 0.5 - 0.5071950) / 0.15 = -0.034513
        llr = stats.llr_logistic([10, 20, 40, 20, 10], 0.0, 5.0)
        self.assertAlmostEqual(llr, -0.034513, places=5)

    def test_llr_logistic_skewed(self):
        # [5, 20, 50, 30, 10]: N = 115, mu = 62.5/115 = 0.5434783,
        # E[x^2] = 40.625/115 = 0.3532609, var = 0.0578922
        # LLR = 115 * 0.0071950 * (1.0869565 - 0.5 - 0.5071950) / (2 * 0.0578922)
        #     = 115 * 0.0071950 * 0.0797615 / 0.1157845 = 0.57000
        llr = stats.llr_logistic([5, 20, 50, 30, 10], 0.0, 5.0)
        self.assertAlmostEqual(llr, 0.57000, places=4)

    def test_llr_normalized(self):
        # same sample, sigma = 0.2406080; nElo = 347.4355 * 0.0434783 / (1.4142136 * 0.2406080)
        #                                      = 44.394
        # s1 = 0.5 + 5 * ln(10)/800 * 1.4142136 * 0.2406080 = 0.5048970,  s0 = 0.5
        # LLR = 115 * 0.0048970 * (1.0869565 - 1.0048970) / 0.1157845 = 0.39911
        self.assertAlmostEqual(stats.normalized_elo([5, 20, 50, 30, 10]), 44.394, places=2)
        self.assertAlmostEqual(stats.llr_normalized([5, 20, 50, 30, 10], 0.0, 5.0), 0.39911, places=4)

    def test_llr_bayeselo(self):
        # W = 30, L = 20, D = 50: draw_elo = 200 log10(4 * 7/3) = 194.0074
        # b = 0: P_win = P_loss = 0.246606, P_draw = 0.506788
        # b = 5: P_win = 0.251992, P_loss = 0.241300, P_draw = 0.506708
        # LLR = 30 ln(.251992/.246606) + 20 ln(.241300/.246606) + 50 ln(.506708/.506788)
        #     = 0.64818 - 0.43502 - 0.00789 = 0.2053
        self.assertAlmostEqual(stats.draw_elo_estimate(30, 20, 50), 194.0074, places=3)
        self.assertAlmostEqual(stats.llr_bayeselo(30, 20, 50, 0.0, 5.0), 0.2053, places=3)

    def test_degenerate_samples(self):
        self.assertEqual(stats.llr_logistic([0, 0, 7, 0, 0], 0, 5), 0.0)
        self.assertEqual(stats.llr_logistic([0, 0, 0, 0, 0], 0, 5), 0.0)
        # Sweeps only: no variance, but the evidence points one way.
        self.assertGreater(stats.llr_logistic([0, 0, 0, 0, 20], 0, 200), 1.386)
        self.assertLess(stats.llr_logistic([20, 0, 0, 0, 0], 0, 200), -1.386)
        self.assertEqual(stats.llr_bayeselo(0, 0, 0, 0, 5), 0.0)
        self.assertTrue(math.isfinite(stats.llr_bayeselo(10, 0, 0, 0, 5)))

    def test_decision_and_direction(self):
        s = stats.Sprt(0, 10, 0.05, 0.05)
        strong = [0, 5, 40, 30, 25]  # clearly better than +10
        weak = [25, 30, 40, 5, 0]
        self.assertEqual(s.decision(s.llr(0, 0, 0, strong)), "H1")
        self.assertEqual(s.decision(s.llr(0, 0, 0, weak)), "H0")
        self.assertIsNone(s.decision(0.0))
        with self.assertRaises(ValueError):
            stats.Sprt(5, 0)
        with self.assertRaises(ValueError):
            stats.Sprt(0, 5, model="nope")


class TallyTests(unittest.TestCase):
    def test_pairs(self):
        t = stats.Tally()
        for a, b in [(1, 1), (1, 0), (0.5, 0.5), (0, 0.5), (1, 0.5)]:
            t.add_game(a)
            t.add_game(b)
            t.add_pair(a, b)
        self.assertEqual((t.wins, t.losses, t.draws), (4, 2, 4))
        # pairs: WW, WL, DD, LD, WD -> [LL, LD, DD+WL, WD, WW] = [0, 1, 2, 1, 1]
        self.assertEqual(t.ptnml, [0, 1, 2, 1, 1])
        lines = t.summary_lines("A", "B", stats.Sprt(0, 5))
        self.assertIn("4 - 2 - 4", lines[0])
        self.assertTrue(any(line.startswith("SPRT (logistic)") for line in lines))
        # No colours were tallied, so no White line rather than a wrong one.
        self.assertFalse(any(line.startswith("White's score") for line in lines))

    def test_white_score(self):
        t = stats.Tally()
        # White's results, which here are engine A's too (A has White in every game).
        for white_result in [1.0, 1.0, 0.5, 0.0]:
            t.add_game(white_result)
            t.add_white_result(white_result)
        self.assertEqual(t.white, [2, 1, 1])
        self.assertIn("White's score: 2 - 1 - 1  [0.625]", t.summary_lines("A", "B"))


if __name__ == "__main__":
    unittest.main()
