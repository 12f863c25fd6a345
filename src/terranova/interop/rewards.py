"""What a seat is rewarded with at the end of a game, from the game's returns: the
adapters' ``reward=`` option.

>>> reward((30.0, 42.0, 12.0), 0, "margin", (0.0, 100.0))
-12.0
>>> reward((30.0, 42.0, 12.0), 1, "win", (0.0, 100.0))
1.0
>>> reward((42.0, 42.0, 12.0), 1, "win", (0.0, 100.0))
0.0
>>> reward((30.0, 42.0, 12.0), 0, "normalised", (0.0, 100.0))
-0.12
>>> reward_range("normalised", (0.0, 100.0))
(-1.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, cast, get_args

Reward = Literal["points", "win", "margin", "normalised"]
"""- ``points``: the seat's own return (the game's utility bounds hold it);
- ``win``: 1 if the seat's return is above every other's, -1 if another's is above it, 0
  if it shares the highest;
- ``margin``: the seat's return less the best other seat's (an automaton's seat included);
- ``normalised``: the margin over the width of the game's utility bounds, from -1 to 1."""

REWARDS: tuple[str, ...] = get_args(Reward)


def check_reward(kind: str, seats: int) -> Reward:
    """``kind`` if it names a reward for a game of ``seats`` seats (ValueError if not: a
    game of one seat, such as Small Islands against Alexis, has only ``points``, since the
    others compare seats)."""
    if kind not in REWARDS:
        raise ValueError(f"reward {kind!r}: the rewards are {', '.join(REWARDS)}")
    if seats < 2 and kind != "points":
        raise ValueError(
            f"reward {kind!r} compares the seats' returns: a game of one seat has only 'points'"
        )
    return cast(Reward, kind)


def reward(
    returns: Sequence[float], seat: int, kind: Reward, utility: tuple[float, float]
) -> float:
    """The reward of ``seat`` for a game that ended with ``returns`` (``utility``: the
    game's least and most return)."""
    own = float(returns[seat])
    if kind == "points":
        return own
    best_other = max(float(r) for s, r in enumerate(returns) if s != seat)
    margin = own - best_other
    if kind == "win":
        return 1.0 if margin > 0 else -1.0 if margin < 0 else 0.0
    if kind == "margin":
        return margin
    return margin / (utility[1] - utility[0])


def reward_range(kind: Reward, utility: tuple[float, float]) -> tuple[float, float]:
    """The least and the most reward of ``kind`` in a game whose returns lie in
    ``utility``."""
    low, high = utility
    if kind == "points":
        return (low, high)
    if kind == "margin":
        return (low - high, high - low)
    return (-1.0, 1.0)
