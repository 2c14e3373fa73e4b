"""Match statistics: Elo from a score with its 95% interval, and the sequential probability
ratio test (SPRT).

Scores are from the first engine's view, per game: 1 a win, 1/2 a draw, 0 a loss. Games played
in pairs (one opening twice, colours swapped) also count as pentanomial results: the pair's
points 0, 1/2, 1, 3/2 or 2. Pairs cancel most of an opening's bias, so their variance is the
honest one; the trinomial (win/draw/loss) variance treats games as independent.

Elo is the logistic model's: a score ``s`` is worth ``-400 log10(1/s - 1)`` Elo. The SPRT's
log-likelihood ratio is the generalised SPRT approximation of Van den Bergh ("A practical
GSPRT", also in fishtest and fastchess): with the observed outcome frequencies ``p_i``, outcome
values ``a_i`` and the expected scores ``s0``, ``s1`` of the two hypotheses,

    LLR = N/2 * ln(sigma0^2 / sigma1^2),   sigma_k^2 = sum_i p_i (a_i - s_k)^2,

``N`` counting pairs (pentanomial) or games (trinomial).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

__all__ = [
    "Z95",
    "elo_from_score",
    "score_from_elo",
    "EloEstimate",
    "wilson_interval",
    "Trinomial",
    "Pentanomial",
    "los",
    "Sprt",
    "gsprt_llr",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

#: The per-game score of each pentanomial outcome: a pair's points divided by two games.
PENTANOMIAL_VALUES: Tuple[float, ...] = (0.0, 0.25, 0.5, 0.75, 1.0)
TRINOMIAL_VALUES: Tuple[float, ...] = (0.0, 0.5, 1.0)


def elo_from_score(score: float) -> float:
    """The Elo difference that a score (0..1) is worth; infinite at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    # + 0.0 turns the -0.0 of an even score into 0.0.
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0


def score_from_elo(elo: float) -> float:
    """The expected score (0..1) at an Elo difference."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def _moments(counts: Sequence[int], values: Sequence[float]) -> Tuple[int, float, float]:
    """The number of samples, their mean and their (population) variance."""
    n = sum(counts)
    if n == 0:
        return 0, 0.5, 0.0
    mean = sum(c * v for c, v in zip(counts, values)) / n
    variance = sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n
    return n, mean, variance


def wilson_interval(score: float, n: int, z: float = Z95) -> Tuple[float, float, float]:
    """Wilson's score interval of a mean score over ``n`` samples: ``(centre, low, high)``. It
    stays inside 0..1 and is honest for few samples or a score of 0 or 1, where the normal
    approximation collapses to a point."""
    if n <= 0:
        return 0.5, 0.0, 1.0
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (score + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(max(score * (1.0 - score), 0.0) / n + z2 / (4 * n * n))
    return centre, max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference and its 95% confidence interval, from a mean score and the standard
    error of that mean. When the normal interval would reach a score of 0 or 1 (few games, or
    all won or all lost), Wilson's score interval over the ``n`` samples is used instead, and a
    score of 0 or 1 is estimated by the interval's centre: a finite number, never ``inf``."""

    score: float
    stderr: float
    elo: float
    lower: float
    upper: float

    @classmethod
    def from_mean(cls, score: float, stderr: float, n: Optional[int] = None) -> "EloEstimate":
        low = score - Z95 * stderr
        high = score + Z95 * stderr
        if n is not None and not (0.0 < low and high < 1.0 and stderr > 0.0):
            centre, low, high = wilson_interval(score, n)
            point = score if 0.0 < score < 1.0 else centre
            return cls(score, stderr, elo_from_score(point), elo_from_score(low), elo_from_score(high))
        return cls(score, stderr, elo_from_score(score), elo_from_score(low), elo_from_score(high))

    @property
    def error(self) -> float:
        """Half the interval's width (the "+/-" figure)."""
        return (self.upper - self.lower) / 2.0

    def __str__(self) -> str:
        if math.isfinite(self.error):
            return f"{self.elo:+.1f} +/- {self.error:.1f}"
        # An interval reaching a score of 0 or 1 is unbounded on that side: give the bound that
        # the games do set.
        if math.isfinite(self.lower):
            return f"{self.elo:+.1f} (at least {self.lower:+.1f})"
        if math.isfinite(self.upper):
            return f"{self.elo:+.1f} (at most {self.upper:+.1f})"
        return f"{self.elo:+.1f} (no bound yet)"


class _ScoreCounts:
    """Counts by score (`counts`, one per value of `VALUES`): the mean score per game, the
    variance of one counted unit's score per game, and the Elo difference with its 95% interval
    taken from that variance."""

    VALUES: Tuple[float, ...] = ()

    @property
    def counts(self) -> Tuple[int, ...]:
        raise NotImplementedError

    def score(self) -> float:
        """The mean score per game (0.5 before anything is counted)."""
        return _moments(self.counts, self.VALUES)[1]

    def variance(self) -> float:
        """The variance of one counted unit's score per game."""
        return _moments(self.counts, self.VALUES)[2]

    def elo(self) -> EloEstimate:
        """The Elo difference with its 95% interval, from the counted units' variance."""
        n, mean, variance = _moments(self.counts, self.VALUES)
        return EloEstimate.from_mean(mean, math.sqrt(variance / n) if n else math.inf, n)


@dataclass(frozen=True)
class Trinomial(_ScoreCounts):
    """Win, draw and loss counts; games taken as independent."""

    VALUES = TRINOMIAL_VALUES

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def counts(self) -> Tuple[int, int, int]:
        """Losses, draws, wins: in the order of the values 0, 1/2, 1."""
        return (self.losses, self.draws, self.wins)


@dataclass(frozen=True)
class Pentanomial(_ScoreCounts):
    """Pair counts by the pair's points: 0, 1/2, 1, 3/2, 2 (a loss and a win score 1, as two
    draws do); the variance is the pairs'."""

    VALUES = PENTANOMIAL_VALUES
    counts: Tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # type: ignore[assignment]

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    def add(self, points: float) -> "Pentanomial":
        """These counts and one more pair of ``points`` (0, 0.5, 1, 1.5 or 2)."""
        index = int(round(points * 2))
        if not 0 <= index <= 4 or abs(points * 2 - index) > 1e-9:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2 points, not {points}")
        counts = list(self.counts)
        counts[index] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))


def los(wins: int, losses: int) -> float:
    """The likelihood of superiority: the probability that the first engine is the stronger,
    from its wins and losses (draws tell nothing here)."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def gsprt_llr(counts: Sequence[int], values: Sequence[float], s0: float, s1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (expected score ``s1``) against H0 (``s0``) for
    outcome ``counts`` with per-game ``values``. Zero while either variance is zero: before
    any result, or while every result sits exactly on a hypothesis."""
    n = sum(counts)
    if n == 0:
        return 0.0
    var0 = sum(c * (v - s0) ** 2 for c, v in zip(counts, values)) / n
    var1 = sum(c * (v - s1) ** 2 for c, v in zip(counts, values)) / n
    if var0 <= 0.0 or var1 <= 0.0:
        return 0.0
    return 0.5 * n * math.log(var0 / var1)


@dataclass(frozen=True)
class Sprt:
    """The test of H0 "the Elo difference is ``elo0``" against H1 "it is ``elo1``", with false
    positive rate ``alpha`` and false negative rate ``beta`` (logistic Elo)."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT needs elo0 < elo1, not {self.elo0} and {self.elo1}")
        if not (0.0 < self.alpha < 1.0 and 0.0 < self.beta < 1.0 and self.alpha + self.beta < 1.0):
            raise ValueError(f"SPRT needs 0 < alpha, beta and alpha + beta < 1, not {self.alpha}, {self.beta}")

    @property
    def lower_bound(self) -> float:
        """Accept H0 at or below this LLR: ``ln(beta / (1 - alpha))``."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper_bound(self) -> float:
        """Accept H1 at or above this LLR: ``ln((1 - beta) / alpha)``."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, results: "Pentanomial | Trinomial") -> float:
        """The log-likelihood ratio of the results (pairs for a ``Pentanomial``)."""
        s0, s1 = score_from_elo(self.elo0), score_from_elo(self.elo1)
        if isinstance(results, Pentanomial):
            return gsprt_llr(results.counts, PENTANOMIAL_VALUES, s0, s1)
        return gsprt_llr(results.counts, TRINOMIAL_VALUES, s0, s1)

    def decision(self, llr: float) -> Optional[str]:
        """``"H1"`` (the gain is there), ``"H0"`` (it is not), or ``None`` (play on)."""
        if llr >= self.upper_bound:
            return "H1"
        if llr <= self.lower_bound:
            return "H0"
        return None

    def __str__(self) -> str:
        return (
            f"SPRT elo0={self.elo0:g} elo1={self.elo1:g} alpha={self.alpha:g} beta={self.beta:g} "
            f"bounds ({self.lower_bound:.2f}, {self.upper_bound:.2f})"
        )
