"""Match statistics: Elo with 95 % error, pentanomial counts, SPRT.

Pure standard library (no pyffish), so the tests of this module run anywhere.

Formulas (all scores are from engine A's point of view, a win = 1, a draw = 1/2):

Elo of a score fraction x (logistic model):
    Elo(x) = -400 * log10(1/x - 1)

Trinomial Elo and error (games treated as independent):
    N = W + L + D,  mu = (W + D/2) / N
    var = (W (1-mu)^2 + L (0-mu)^2 + D (1/2-mu)^2) / N        (per game)
    the 95 % interval of the score is mu +- 1.96 sqrt(var / N); its ends are
    converted with Elo(.) and the reported error is half the width in Elo.

Pentanomial (game pairs, same opening, colours swapped): a pair scores 0, 1/2, 1, 3/2
or 2 points; the counts of the five outcomes are [LL, LD, DD+WL, WD, WW]. The pair
score scaled to [0, 1] is 0, 1/4, 1/2, 3/4, 1; mu and var are its mean and variance over
the N pairs, and the interval is mu +- 1.96 sqrt(var / N) as above.

SPRT, log-likelihood ratio (LLR) and bounds:
    lower = ln(beta / (1 - alpha)),  upper = ln((1 - beta) / alpha)
    (+-2.944 for alpha = beta = 0.05). H1 (elo >= elo1) is accepted when LLR >= upper,
    H0 (elo <= elo0) when LLR <= lower.

  model "logistic" (default; pentanomial, generalized SPRT in its normal approximation):
    s_i = 1 / (1 + 10^(-elo_i / 400)) are the pair scores expected under H0, H1;
    with the sample mean mu and variance var of the N pair scores,
    LLR = N (s1 - s0) (2 mu - s0 - s1) / (2 var)
    which is the log-likelihood ratio of two normal laws with means s1 and s0 and the
    common (sample) variance var. If var = 0 the sample holds no information: LLR = 0,
    except for a sample of sweeps only (all WW or all LL pairs), whose empty cells count
    half a pair each so that the LLR moves towards the hypothesis it supports.

  model "normalized" (pentanomial, bounds in normalized Elo):
    nElo = 800 / ln(10) * (mu - 1/2) / (sqrt(2) * sigma_pair),
    the sqrt(2) making a pair of independent games give the same value as per-game
    statistics (the mean of two games has half the variance). The hypotheses become
    s_i = 1/2 + nelo_i * ln(10) / 800 * sqrt(2) * sigma_pair, and the LLR is the formula above.

  model "bayeselo" (trinomial, the classic fishtest test; bounds in BayesElo):
    draw_elo = 200 log10((1 - pL)/pL * (1 - pW)/pW) with pW = W/N, pL = L/N (a count of 0
    is replaced by 1/2 so the logarithm exists);
    for BayesElo b: P_win(b) = 1 / (1 + 10^((draw_elo - b)/400)),
                    P_loss(b) = 1 / (1 + 10^((draw_elo + b)/400)), P_draw = 1 - P_win - P_loss;
    LLR = W ln(P_win(b1)/P_win(b0)) + L ln(P_loss(b1)/P_loss(b0)) + D ln(P_draw(b1)/P_draw(b0)).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # two-sided 95 % quantile of the normal law


def elo_from_score(x: float) -> float:
    """Logistic Elo difference for a score fraction x in (0, 1); +-inf at the ends."""
    if x <= 0.0:
        return -math.inf
    if x >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / x - 1.0)


def score_from_elo(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def _mean_var(values_counts):
    n = sum(c for _, c in values_counts)
    if n == 0:
        return 0, 0.0, 0.0
    mu = sum(v * c for v, c in values_counts) / n
    var = sum(c * (v - mu) ** 2 for v, c in values_counts) / n
    return n, mu, var


def _interval_ends(mu: float, var: float, n: int):
    """The 95 % interval (lo, hi) in Elo; an end whose score leaves (0, 1) is -inf or inf."""
    if n < 2:  # no game, one game or one pair: no variance estimate
        return -math.inf, math.inf
    half = Z95 * math.sqrt(var / n)
    return elo_from_score(mu - half), elo_from_score(mu + half)


def _interval_elo(mu: float, var: float, n: int):
    """(elo, error) where error is half the width of the 95 % interval, in Elo."""
    if n == 0:
        return 0.0, math.inf
    elo = elo_from_score(mu)
    if math.isinf(elo):  # a 100 % or 0 % score: no finite interval
        return elo, math.inf
    lo, hi = _interval_ends(mu, var, n)
    return elo, (hi - lo) / 2.0


def elo_wld(wins: int, losses: int, draws: int):
    """Trinomial Elo and 95 % error (half-width) from W/L/D."""
    return _interval_elo(*_wld_mu_var(wins, losses, draws))


def elo_interval_wld(wins: int, losses: int, draws: int):
    """The ends of elo_wld's 95 % interval. Where the error is infinite because the
    interval of the score reaches past 100 % (or below 0 %), as after 97 wins and 3 losses,
    the other end still bounds the result: that is the figure worth quoting."""
    return _interval_ends(*_wld_mu_var(wins, losses, draws))


def _wld_mu_var(wins, losses, draws):
    n, mu, var = _mean_var([(1.0, wins), (0.0, losses), (0.5, draws)])
    return mu, var, n


PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)


def _ptnml_mu_var(ptnml):
    n, mu, var = _mean_var(list(zip(PAIR_SCORES, ptnml)))
    return mu, var, n


def elo_pentanomial(ptnml):
    """Elo and 95 % error from pentanomial counts [LL, LD, DD+WL, WD, WW]."""
    return _interval_elo(*_ptnml_mu_var(ptnml))


def elo_interval_pentanomial(ptnml):
    """The ends of elo_pentanomial's 95 % interval (see elo_interval_wld)."""
    return _interval_ends(*_ptnml_mu_var(ptnml))


def los(wins: int, losses: int) -> float:
    """Likelihood of superiority (normal approximation), draws ignored."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def sprt_bounds(alpha: float, beta: float):
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _normal_llr(n, mu, var, s0, s1):
    if n == 0 or var <= 0.0:
        return 0.0
    return n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var)


def _sweeps_regularized(ptnml):
    """A sample of nothing but sweeps one way (every pair WW, or every pair LL) has no
    variance, yet it is strong evidence: give each empty cell half a pair (a cautious
    prior, so a few sweeps do not decide a test), so the LLR moves. Any other sample is
    returned unchanged."""
    counts = list(ptnml)
    total = sum(counts)
    if total > 0 and (counts[0] == total or counts[4] == total):
        return [c if c > 0 else 0.5 for c in counts]
    return counts


def llr_logistic(ptnml, elo0: float, elo1: float) -> float:
    mu, var, n = _ptnml_mu_var(_sweeps_regularized(ptnml))
    return _normal_llr(n, mu, var, score_from_elo(elo0), score_from_elo(elo1))


def normalized_elo(ptnml) -> float:
    mu, var, n = _ptnml_mu_var(ptnml)
    if n == 0 or var <= 0.0:
        return 0.0
    return 800.0 / math.log(10.0) * (mu - 0.5) / (math.sqrt(2.0) * math.sqrt(var))


def llr_normalized(ptnml, nelo0: float, nelo1: float) -> float:
    mu, var, n = _ptnml_mu_var(_sweeps_regularized(ptnml))
    if n == 0 or var <= 0.0:
        return 0.0
    scale = math.log(10.0) / 800.0 * math.sqrt(2.0) * math.sqrt(var)
    return _normal_llr(n, mu, var, 0.5 + nelo0 * scale, 0.5 + nelo1 * scale)


def _bayes_probs(belo: float, draw_elo: float):
    pw = 1.0 / (1.0 + 10.0 ** ((draw_elo - belo) / 400.0))
    pl = 1.0 / (1.0 + 10.0 ** ((draw_elo + belo) / 400.0))
    return pw, pl, 1.0 - pw - pl


def draw_elo_estimate(wins: int, losses: int, draws: int) -> float:
    w, l = max(wins, 0.5), max(losses, 0.5)
    n = w + l + draws
    pw, pl = w / n, l / n
    return 200.0 * math.log10((1.0 - pl) / pl * (1.0 - pw) / pw)


def llr_bayeselo(wins: int, losses: int, draws: int, belo0: float, belo1: float) -> float:
    if wins + losses + draws == 0:
        return 0.0
    de = draw_elo_estimate(wins, losses, draws)
    p0, p1 = _bayes_probs(belo0, de), _bayes_probs(belo1, de)
    total = 0.0
    for count, a, b in zip((wins, losses, draws), p1, p0):
        if count:
            total += count * math.log(a / b)
    return total


MODELS = ("logistic", "normalized", "bayeselo")


@dataclass
class Sprt:
    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"

    def __post_init__(self):
        if self.model not in MODELS:
            raise ValueError(f"unknown SPRT model {self.model!r} (one of {', '.join(MODELS)})")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("SPRT alpha and beta must lie in (0, 1)")
        if self.elo1 <= self.elo0:
            raise ValueError("SPRT needs elo0 < elo1")

    @property
    def bounds(self):
        return sprt_bounds(self.alpha, self.beta)

    def llr(self, wins, losses, draws, ptnml) -> float:
        if self.model == "logistic":
            return llr_logistic(ptnml, self.elo0, self.elo1)
        if self.model == "normalized":
            return llr_normalized(ptnml, self.elo0, self.elo1)
        return llr_bayeselo(wins, losses, draws, self.elo0, self.elo1)

    def decision(self, llr: float):
        lo, hi = self.bounds
        if llr >= hi:
            return "H1"
        if llr <= lo:
            return "H0"
        return None


@dataclass
class Tally:
    """W/L/D from engine A's point of view plus the pentanomial over finished pairs."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    ptnml: list = field(default_factory=lambda: [0, 0, 0, 0, 0])
    # The same games from White's point of view (the side that moves first in the start
    # position), whichever engine had it: how balanced the openings are.
    white: list = field(default_factory=lambda: [0, 0, 0])  # wins, losses, draws

    @property
    def games(self):
        return self.wins + self.losses + self.draws

    def add_game(self, score_a: float):
        if score_a == 1.0:
            self.wins += 1
        elif score_a == 0.0:
            self.losses += 1
        else:
            self.draws += 1

    def add_white_result(self, score_white: float):
        self.white[0 if score_white == 1.0 else 1 if score_white == 0.0 else 2] += 1

    def add_pair(self, score_a_1: float, score_a_2: float):
        self.ptnml[int(round(2 * (score_a_1 + score_a_2)))] += 1

    def summary_lines(self, name_a: str, name_b: str, sprt: Sprt | None = None):
        lines = []
        n = self.games
        score = (self.wins + self.draws / 2) / n if n else 0.0
        lines.append(
            f"Score of {name_a} vs {name_b}: {self.wins} - {self.losses} - {self.draws}"
            f"  [{score:.3f}] {n} games"
        )
        elo, err = elo_wld(self.wins, self.losses, self.draws)
        ends = elo_interval_wld(self.wins, self.losses, self.draws)
        lines.append(
            f"Elo difference: {_fmt_elo_error(elo, err, ends)} (95%, trinomial),"
            f" LOS: {100 * los(self.wins, self.losses):.1f} %,"
            f" draw ratio: {100 * self.draws / n if n else 0:.1f} %"
        )
        if n and sum(self.white) == n:  # (a caller that tallies no colours prints none)
            w, l, d = self.white
            lines.append(f"White's score: {w} - {l} - {d}  [{(w + d / 2) / n:.3f}]")
        pairs = sum(self.ptnml)
        if pairs:
            pelo, perr = elo_pentanomial(self.ptnml)
            ends = elo_interval_pentanomial(self.ptnml)
            lines.append(
                f"Pentanomial [LL, LD, DD+WL, WD, WW] = {self.ptnml} over {pairs} pairs:"
                f" Elo {_fmt_elo_error(pelo, perr, ends)} (95%),"
                f" nElo {normalized_elo(self.ptnml):.1f}"
            )
        if sprt is not None:
            llr = sprt.llr(self.wins, self.losses, self.draws, self.ptnml)
            lo, hi = sprt.bounds
            verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "continue"}[sprt.decision(llr)]
            lines.append(
                f"SPRT ({sprt.model}): elo0={sprt.elo0:g} elo1={sprt.elo1:g}"
                f" alpha={sprt.alpha:g} beta={sprt.beta:g}:"
                f" LLR {llr:.3f} [{lo:.3f}, {hi:.3f}] {verdict}"
            )
        return lines


def _fmt_elo_error(elo: float, err: float, ends) -> str:
    """`elo +/- err`, and the interval's ends where the error is infinite but one end
    is not (a lopsided score), so that the bound it still gives is printed."""
    text = f"{_fmt_elo(elo)} +/- {_fmt_elo(err)}"
    lo, hi = ends
    if math.isinf(err) and not math.isinf(elo) and not (math.isinf(lo) and math.isinf(hi)):
        text += f" [{_fmt_elo(lo)}, {_fmt_elo(hi)}]"
    return text


def _fmt_elo(x: float) -> str:
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x + 0.0:.1f}"
