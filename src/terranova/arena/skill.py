"""People's and bots' ratings per game: a Plackett-Luce model (Weng and Lin 2011, through
``openskill``) that rates any number of seats at once, ties included.

Each rated seat has a skill believed to be Gaussian, mean ``mu`` and deviation ``sigma``.
A finished game ranks its seats by their final scores (higher is better, equal scores tie)
and :func:`rate` moves every seat's belief towards that ranking: the winner of an upset
gains more than an expected winner, and a seat whose rating is ``fixed`` (a bot's
published rating) keeps it, while the others are still rated against it.

>>> a, b = rate([DEFAULT, DEFAULT], [10, 3])
>>> a.mu > DEFAULT.mu > b.mu, a.sigma < DEFAULT.sigma
(True, True)
>>> DEFAULT.display
1000
"""

from __future__ import annotations

import math
from collections.abc import Container, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

MU = 25.0
"""A newcomer's mean skill: openskill's (and TrueSkill's) usual origin."""
SIGMA = MU / 3
"""A newcomer's deviation: three of them span 0 to 2 ``MU``, so the conservative rating
``mu - 3 sigma`` of a newcomer is 0."""
BETA = SIGMA / 2
"""The spread of one game's performance around the skill: a lead of ``BETA`` in ``mu``
between two settled players wins about two games in three."""
TAU = SIGMA / 100
"""Added (in quadrature) to every rated seat's deviation before each game, so that sigma
never settles to nothing and a rating can still follow a player who improves."""
KAPPA = 1e-4
"""The smallest factor a deviation may shrink by in one game (numerical floor)."""

DISPLAY_BASE = 1000
"""The display rating of a newcomer (``mu - 3 sigma`` = 0)."""
DISPLAY_SCALE = 30.0
"""Display points per point of ``mu - 3 sigma``: between settled players a gap of D
display points wins with the chance Elo gives D points (about 30 * sqrt(2) * BETA = 177
display points per factor e of the odds, Elo's 174), so the numbers read like Elo."""

MIN_SEATS = 2
"""A rated game ranks at least two seats."""

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)


@dataclass(frozen=True)
class Skill:
    """A belief about one player's skill in one game: mean ``mu``, deviation ``sigma``."""

    mu: float
    sigma: float

    def __post_init__(self) -> None:
        if not math.isfinite(self.mu):
            raise ValueError(f"a skill's mu is a finite number, not {self.mu}")
        if not (math.isfinite(self.sigma) and self.sigma > 0):
            raise ValueError(f"a skill's sigma is a finite number above 0, not {self.sigma}")

    @property
    def ordinal(self) -> float:
        """The conservative skill ``mu - 3 sigma``: the player is better than this with
        a chance of 99.87 %, so a few lucky games do not top a leaderboard."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The rating shown to people: :attr:`ordinal` on an Elo-like scale, a newcomer
        at 1000 (``DISPLAY_BASE``, ``DISPLAY_SCALE``)."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


DEFAULT = Skill(MU, SIGMA)
"""A newcomer's skill, in every game."""


def ranks(scores: Sequence[float]) -> list[int]:
    """Each seat's place, 0 for the best: the number of seats that scored more, so equal
    scores share a place.

    >>> ranks([3, 7, 3, 1])
    [1, 0, 1, 3]
    """
    return [sum(other > score for other in scores) for score in scores]


def rate(
    players: Sequence[Skill], scores: Sequence[float], fixed: Sequence[bool] | None = None
) -> list[Skill]:
    """Every seat's skill after a finished game: ``players[i]`` the skill of seat ``i``
    before it, ``scores[i]`` its final score (higher is better, equal scores tie),
    ``fixed[i]`` true for a seat whose rating does not move (a bot's published one;
    default: none). ValueError for fewer than two seats, lengths that differ, or a score
    that is not a finite number."""
    fixed = [False] * len(players) if fixed is None else list(fixed)
    if len(scores) != len(players) or len(fixed) != len(players):
        raise ValueError(
            f"one skill, one score and one fixed flag per seat: got {len(players)} skills, "
            f"{len(scores)} scores and {len(fixed)} fixed flags"
        )
    if len(players) < MIN_SEATS:
        raise ValueError(f"a rated game has at least {MIN_SEATS} seats, not {len(players)}")
    for seat, score in enumerate(scores):
        if not math.isfinite(score):
            raise ValueError(f"seat {seat}'s score is a finite number, not {score}")
    if all(fixed):
        return list(players)
    teams = [[PlackettLuceRating(p.mu, p.sigma)] for p in players]
    # ranks rather than scores: with openskill's scores a margin could weigh in
    places = [float(place) for place in ranks(scores)]
    rated = _MODEL.rate(teams, ranks=places)
    return [
        before if keep else Skill(after[0].mu, after[0].sigma)
        for before, keep, after in zip(players, fixed, rated, strict=True)
    ]


def rated_seats(seats: int, automata: Container[int] = ()) -> list[int]:
    """The seats a rated game rates: every seat but those the game plays itself (its
    automaton, which has no rating), and none when fewer than two remain. So a solo game
    against the game's automaton (Small Islands against Alexis, Explore with automata) is
    not rated: one seat has no one it could be ranked against.

    >>> rated_seats(4, range(3, 4))
    [0, 1, 2]
    >>> rated_seats(1)
    []
    """
    kept = [seat for seat in range(seats) if seat not in automata]
    return kept if len(kept) >= MIN_SEATS else []
