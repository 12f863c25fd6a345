"""What a search leans on, made cheap: clones share the board until one of them changes it
and stay independent of each other all the same; a resample keeps the legal actions of a
decision; the estimate between turns (each seat taken as the one to play) is each seat's
outlook; the leader of a path is worked out once per path's spaces."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from terranova.agents import make_agent
from terranova.core.records import play
from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game, scoring
from terranova.games.entdecker.state import EntdeckerState

VARIANTS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3, "island_tie": "share"},
    {"players": 4, "natives": "scout", "edge_costs": "free"},
]


def greedy_game(seed: int, **params: Any) -> list[EntdeckerState]:
    """Every position of a game of greedy bots, in order."""
    state = new_game(**params)
    bots = [make_agent("greedy", seed * 10 + s) for s in range(state.num_seats)]
    record = play(state.clone(), bots, seed=seed)
    out = [state.clone()]
    for text in record.actions:
        state.apply(state.parse_action(text))
        out.append(state.clone())
    return out


def snapshot(g: EntdeckerState) -> str:
    """What a seat or a search may read of a position."""
    return json.dumps(
        {
            "view": g.view(None),
            "legal": [str(a) for a in g.legal_actions()],
            "estimates": g.estimates() if not g.is_terminal() else [],
            "history": [str(a) for a in g.history()],
        },
        sort_keys=True,
    )


def play_on(g: EntdeckerState, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        if g.is_terminal():
            return
        if g.current_player() == CHANCE:
            g.apply(g.sample_chance(rng))
        else:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("params", VARIANTS)
def test_a_clone_and_its_original_change_apart(params: dict[str, Any]) -> None:
    """Whichever plays on (laying tiles, placing forts that reshape the sea lanes), the
    other is left as it was."""
    rng = random.Random(5)
    for g in greedy_game(1, **params)[::25]:
        before = snapshot(g)
        clone = g.clone()
        play_on(clone, rng, 60)
        assert snapshot(g) == before
        clone = g.clone()
        cloned = snapshot(clone)
        play_on(g, rng, 60)
        assert snapshot(clone) == cloned


@pytest.mark.parametrize("params", VARIANTS)
def test_a_resample_keeps_the_legal_actions_of_a_decision(params: dict[str, Any]) -> None:
    rng = random.Random(3)
    for g in greedy_game(2, **params):
        seat = g.current_player()
        if seat >= 0:
            other = g.resample(seat, rng)
            fresh = new_game(**params)
            for action in g.history():
                fresh.apply(action)
            assert other.legal_actions() == fresh.legal_actions()


@pytest.mark.parametrize("params", VARIANTS)
def test_between_turns_each_seat_is_estimated_as_the_one_to_play(params: dict[str, Any]) -> None:
    for g in greedy_game(3, **params):
        if g.turn is None and not g.is_terminal():
            held = scoring.held_islands(g)
            outlooks = [scoring.outlook(g, seat)[seat] for seat in range(g.num_seats)]
            assert scoring.own_outlooks(g, held) == outlooks


def test_the_leader_of_a_path_has_most_scouts_then_the_scout_nearest_the_hut() -> None:
    for length in range(1, 7):
        for spaces in itertools.product(range(-1, 4), repeat=length):
            counts = [spaces.count(seat) for seat in range(4)]
            most = max(counts)
            nearest = next((s for s in spaces if s >= 0 and counts[s] == most), -1)
            assert scoring.path_leader(spaces) == (nearest if most else -1), spaces
