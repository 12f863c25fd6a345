"""Bluff opens response windows (Stop!) in whole games between people (the conformance
suite checks only that a game's windows match its declaration)."""

from __future__ import annotations

import pytest

import terranova
from tests.conformance.walk import game_history, key

PEOPLE = [{"players": 2}, {"players": 4, "automata": 1}, {"players": 3, "teams": 3}]


@pytest.mark.parametrize("params", PEOPLE, ids=key)
def test_a_whole_game_of_bluff_between_people_opens_windows(params: dict[str, object]) -> None:
    state = terranova.make("evolution-bluff", **params)
    opened = 0
    for text in game_history("evolution-bluff", key(params), 0):
        if state.response_window() is not None:
            opened += 1
        state.apply(state.parse_action(text))
    assert opened > 0
