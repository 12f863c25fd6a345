"""Every game that says the decisions of the seat to move are public
(``State.decisions_public``) describes them as they are: over whole random games, every
seat (and a spectator) sees each legal action as a text of its own, never ``None``, no two
alike, and a seat's resamples (the positions it cannot tell from the real one) give the
same text to the same action and never the same text to another one. ISMCTS then keys
those decisions by the actions themselves, which groups them exactly as their texts would.
"""

from __future__ import annotations

import random

import pytest

import terranova
from terranova.core.actions import Action
from terranova.core.state import State
from tests.conformance.test_protocol import CASES, IDS
from tests.conformance.walk import game_history, key, viewers

case = pytest.mark.parametrize(("game_id", "params"), CASES, ids=IDS)


def check_public(state: State, rng: random.Random) -> None:
    """Assert what ``decisions_public()`` claims of ``state`` (a seat to move)."""
    legal = list(state.legal_actions())
    for seat in viewers(state):
        seen = [state.describe_action(action, seat) for action in legal]
        assert None not in seen, f"seat {seat} does not see some of {seen}"
        assert len(set(seen)) == len(seen), f"seat {seat} cannot tell apart some of {seen}"
    for seat in range(state.num_seats):
        named: dict[str | None, Action] = {state.describe_action(a, seat): a for a in legal}
        other = state.resample(seat, rng)
        for action in other.legal_actions():
            text = other.describe_action(action, seat)
            assert text is not None
            if text in named:
                assert named[text] == action, f"{text!r} names two actions for seat {seat}"
            assert action not in legal or named.get(text) == action


@case
def test_public_decisions_are_seen_as_themselves(game_id: str, params: dict[str, object]) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        state = terranova.make(game_id, **params)
        for text in game_history(game_id, key(params), seed):
            if state.current_player() >= 0 and state.decisions_public():
                check_public(state, rng)
            state.apply(state.parse_action(text))


def test_the_check_fails_for_a_game_that_hides_public_decisions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game claiming public decisions while describing two of them alike is caught."""
    state = terranova.make("entdecker", players=2)
    assert state.current_player() >= 0 and state.decisions_public()
    assert len(state.legal_actions()) > 1
    monkeypatch.setattr(type(state), "describe_action", lambda self, action, seat: "?")
    with pytest.raises(AssertionError, match="cannot tell apart"):
        check_public(state, random.Random(0))
