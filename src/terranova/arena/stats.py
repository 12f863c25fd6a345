"""Statistics for tournaments: Bradley-Terry ratings with bootstrap intervals, confidence
intervals of a mean, and the sequential probability ratio test (SPRT).

>>> wins = np.array([[0.0, 30.0], [10.0, 0.0]])
>>> [round(r) for r in bradley_terry(wins, prior=0.0)]
[95, -95]
>>> round(t_quantile_975(10), 3), round(t_quantile_975(1000), 3)
(2.228, 1.962)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from terranova.core.errors import InvalidParameterError

FloatArray = npt.NDArray[np.float64]

ELO = 400.0 / math.log(10.0)
"""Ratings are on the Elo scale: a 400-point gap is 10:1 odds of winning a pairing."""

_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228)


def t_quantile_975(df: int) -> float:
    """The 97.5 % quantile of Student's t with ``df`` degrees of freedom (a table up to 10,
    then the Cornish-Fisher expansion, within 1e-3)."""
    if df < 1:
        return math.inf
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959963984540054
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@dataclass(frozen=True)
class MeanInterval:
    """A mean with its 95 % confidence interval (Student's t over independent units)."""

    mean: float
    low: float
    high: float
    n: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": round(self.mean, 6),
            "low": round(self.low, 6),
            "high": round(self.high, 6),
            "n": self.n,
        }


def mean_interval(values: Sequence[float]) -> MeanInterval:
    """Mean of independent values with a 95 % t interval (infinite with fewer than two).

    >>> m = mean_interval([1.0, 2.0, 3.0, 4.0])
    >>> m.mean, round(m.low, 3), round(m.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n == 0:
        return MeanInterval(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return MeanInterval(mean, -math.inf, math.inf, n)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile_975(n - 1) * sd / math.sqrt(n)
    return MeanInterval(mean, mean - half, mean + half, n)


# ------------------------------------------------------------------- Bradley-Terry


def _fit(wins: FloatArray, prior: float, iterations: int = 2000, tol: float = 1e-10) -> FloatArray:
    """Bradley-Terry strengths for a stack of win matrices ``wins[..., i, j]`` (how often
    ``i`` beat ``j``), by the MM algorithm (Hunter 2004). ``prior`` virtual games between
    every pair, split evenly, keep the fit finite when a bot won or lost everything.
    Returns log-strengths with mean 0 along the last axis."""
    m = wins.shape[-1]
    w = wins + prior / 2.0 * (1.0 - np.eye(m))
    games = w + np.swapaxes(w, -1, -2)
    won = w.sum(axis=-1)
    p = np.ones(wins.shape[:-1])
    for _ in range(iterations):
        denom = (games / (p[..., :, None] + p[..., None, :])).sum(axis=-1)
        with np.errstate(divide="ignore", invalid="ignore"):
            new = np.where(denom > 0, won / denom, p)
        new = np.maximum(new, 1e-300)
        new /= np.exp(np.log(new).mean(axis=-1, keepdims=True))
        if np.max(np.abs(np.log(new) - np.log(p))) < tol:
            p = new
            break
        p = new
    logs: FloatArray = np.log(p)
    return logs


def bradley_terry(wins: FloatArray, prior: float = 1.0) -> list[float]:
    """Elo-scale ratings (mean 0) from a win matrix ``wins[i, j]``: how often ``i`` beat
    ``j``, a tie counting half to each."""
    return [float(x) for x in _fit(np.asarray(wins, dtype=np.float64), prior) * ELO]


def wald_errors(wins: FloatArray, prior: float = 1.0) -> list[float]:
    """Standard errors (Elo scale) of the ratings of :func:`bradley_terry` from the Fisher
    information of the fit (with its prior games), the ratings' mean held at 0.

    >>> [round(e) for e in wald_errors(np.array([[0.0, 30.0], [10.0, 0.0]]), prior=0.0)]
    [32, 32]
    """
    w = np.asarray(wins, dtype=np.float64)
    m = w.shape[-1]
    logs = _fit(w, prior)
    games = w + w.T + prior * (1.0 - np.eye(m))
    p = 1.0 / (1.0 + np.exp(logs[None, :] - logs[:, None]))  # P(i beats j)
    weight = games * p * (1.0 - p)
    information = np.diag(weight.sum(axis=1)) - weight
    covariance = np.linalg.pinv(information)
    return [float(math.sqrt(max(v, 0.0)) * ELO) for v in np.diag(covariance)]


@dataclass(frozen=True)
class Rating:
    """A bot's Bradley-Terry rating with its 95 % bootstrap interval (Elo scale, mean 0)."""

    rating: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return {
            "rating": round(self.rating, 3),
            "low": round(self.low, 3),
            "high": round(self.high, 3),
        }


def bootstrap_ratings(
    per_unit: FloatArray, samples: int, seed: int, prior: float = 1.0
) -> list[Rating]:
    """Ratings from win matrices of independent units (deals) ``per_unit[d, i, j]``, with
    95 % intervals: the wider of the percentile interval of ``samples`` bootstrap resamples
    of the units (which allows for the games of a unit not being independent) and the Wald
    interval of the fit (which stays honest when every unit ends alike, where a bootstrap
    collapses to a point)."""
    units = per_unit.shape[0]
    total = per_unit.sum(axis=0)
    point = _fit(total, prior) * ELO
    errors = wald_errors(total, prior)
    wald_low = [float(r) - 1.959963984540054 * e for r, e in zip(point, errors, strict=True)]
    wald_high = [float(r) + 1.959963984540054 * e for r, e in zip(point, errors, strict=True)]
    if units < 2 or samples < 1:
        return [
            Rating(float(r), lo, hi) for r, lo, hi in zip(point, wald_low, wald_high, strict=True)
        ]
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, units, size=(samples, units))
    counts = np.zeros((samples, units))
    np.add.at(counts, (np.arange(samples)[:, None], picks), 1.0)
    m = per_unit.shape[1]
    resampled = (counts @ per_unit.reshape(units, m * m)).reshape(samples, m, m)
    boot = _fit(resampled, prior) * ELO
    low = np.percentile(boot, 2.5, axis=0)
    high = np.percentile(boot, 97.5, axis=0)
    return [
        Rating(float(point[i]), min(float(low[i]), wald_low[i]), max(float(high[i]), wald_high[i]))
        for i in range(m)
    ]


# ---------------------------------------------------------------------------- SPRT


@dataclass(frozen=True)
class Sprt:
    """Wald's sequential probability ratio test on games between two bots.

    ``p`` is the probability that the first bot wins a game against the second (a tie
    counting half). H0: ``p = p0``; H1: ``p = p1`` (``p1 > p0``: "the first bot is
    stronger by at least that much"). After each deal the log-likelihood ratio
    ``LLR = sum over games of x log(p1/p0) + (1 - x) log((1 - p1)/(1 - p0))`` (``x`` = 1, 0.5
    or 0) is compared with ``log(beta / (1 - alpha))`` (accept H0) and
    ``log((1 - beta) / alpha)`` (accept H1); ``alpha`` and ``beta`` are the error rates
    wanted for wrongly accepting H1 and H0.

    >>> test = Sprt.parse("0.5,0.75")
    >>> test.decide(test.llr(20, 0))
    'H1'
    >>> test.decide(test.llr(5, 5))
    """

    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0.0 < self.p0 < 1.0 or not 0.0 < self.p1 < 1.0 or self.p0 == self.p1:
            raise InvalidParameterError(
                f"SPRT wants 0 < p0, p1 < 1 and p0 != p1, not p0={self.p0}, p1={self.p1}"
            )
        if not 0.0 < self.alpha < 0.5 or not 0.0 < self.beta < 0.5:
            raise InvalidParameterError(
                f"SPRT error rates are between 0 and 0.5, not {self.alpha}, {self.beta}"
            )

    @classmethod
    def parse(cls, text: str) -> Sprt:
        """``P0,P1`` or ``P0,P1,ALPHA,BETA``, e.g. ``0.5,0.75``."""
        parts = [p.strip() for p in text.split(",")]
        if len(parts) not in (2, 4):
            raise InvalidParameterError(f"--sprt is P0,P1 or P0,P1,ALPHA,BETA, not {text!r}")
        try:
            values = [float(p) for p in parts]
        except ValueError:
            raise InvalidParameterError(f"--sprt takes numbers, not {text!r}") from None
        return cls(*values)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, wins: float, losses: float) -> float:
        """The log-likelihood ratio after ``wins`` and ``losses`` (ties split between them)."""
        return wins * math.log(self.p1 / self.p0) + losses * math.log(
            (1.0 - self.p1) / (1.0 - self.p0)
        )

    def decide(self, llr: float) -> str | None:
        """``"H1"``, ``"H0"`` or ``None`` (play on)."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "p0": self.p0,
            "p1": self.p1,
            "alpha": self.alpha,
            "beta": self.beta,
            "lower": round(self.lower, 6),
            "upper": round(self.upper, 6),
        }
