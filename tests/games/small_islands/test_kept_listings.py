"""What Small Islands keeps listed instead of listing again (games/small_islands/state.py,
exploring.py): the legal actions of a step listed when it was put on the agenda, the bonus
token spots kept as tiles are laid, the seat to move's legal actions kept in its
determinizations; each is what a fresh listing gives. And a determinization deals the tiles
nobody has seen, a tile file with several tiles of a design too, without losing any."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from terranova.core.actions import Action
from terranova.core.state import CHANCE
from terranova.core.turns import Chance
from terranova.games.small_islands import exploring, new_game
from terranova.games.small_islands.state import SmallIslandsState
from terranova.games.small_islands.steps import Bonus
from tests.conformance.walk import choose

from .helpers import tile_file

PARAMS = [
    {"players": 1, "alexis": 3},
    {"players": 2},
    {"players": 3, "mode": "advanced", "tokens": "cover"},
    {"players": 4},
]


def positions(g: SmallIslandsState, seed: int) -> list[SmallIslandsState]:
    """Every position of a game played at random (copies, in order)."""
    rng = random.Random(seed)
    seen = [g.clone()]
    while not g.is_terminal():
        g.apply(choose(g, rng))
        seen.append(g.clone())
    return seen


def fresh_listing(g: SmallIslandsState) -> list[Action]:
    """The legal actions listed anew from the step on top (nothing kept)."""
    top = g.agenda[-1]
    if isinstance(top, Chance):
        return [a for a, _ in g.outcomes(top)]
    return g.options(top)


@pytest.mark.parametrize("params", PARAMS, ids=str)
def test_what_is_kept_listed_is_what_a_fresh_listing_gives(params: dict[str, Any]) -> None:
    rng = random.Random(1)
    for g in positions(new_game(**params), seed=3):
        if g.is_terminal():
            continue
        assert g.legal_actions() == fresh_listing(g)
        if isinstance(g.agenda[-1], Bonus) and g.token_spots is not None:
            assert g.token_spots == exploring.all_spots(g)
        seat = g.current_player()
        if seat != CHANCE:
            other = g.resample(seat, rng)
            assert other.legal_actions() == fresh_listing(other) == g.legal_actions()


def test_a_determinization_deals_every_unseen_tile_once() -> None:
    g = new_game(players=3, tiles=tile_file())
    assert max(g.pool) > 1  # several tiles of a design
    rng = random.Random(2)
    for position in positions(g, seed=5)[::7]:
        if position.is_terminal():
            continue
        for seat in range(3):
            other = position.resample(seat, rng)
            assert other.hands[seat] == position.hands[seat]

            def unseen(state: SmallIslandsState, seat: int = seat) -> Counter[int]:
                hands = [d for s in range(3) if s != seat for d in state.hands[s]]
                return Counter(hands) + Counter(dict(enumerate(state.pool)))

            assert unseen(other) == unseen(position)
            assert [len(h) for h in other.hands] == [len(h) for h in position.hands]
