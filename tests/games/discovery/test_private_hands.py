"""The Discovery's private hands (variant ``hand_visibility=private``) never show through
another seat's view, nor a draw into another seat's hand, over whole random games."""

from __future__ import annotations

import json

import pytest

from terranova.core.state import CHANCE
from terranova.games.discovery import Draw
from tests.conformance.walk import key, positions, viewers

PRIVATE = [
    {"players": 3, "hand": 2, "hand_visibility": "private"},
    {"players": 2, "hand": 2, "hand_visibility": "private"},
    {"players": 4, "hand": 1, "hand_visibility": "private"},
]


@pytest.mark.parametrize("params", PRIVATE, ids=key)
def test_discovery_private_hands_never_appear_in_other_views(params: dict[str, object]) -> None:
    checked = 0
    for seed in range(2):
        for state in positions("discovery", params, seed=seed, every=2):
            n = state.num_seats
            hands = [state.view(s)["hands"][s]["tiles"] for s in range(n)]
            for seat in viewers(state):
                view = state.view(seat)
                text = json.dumps(view)
                public = {tile["design"] for tile in view["map"]}
                public |= set(view["set_aside"]) | set(view["discarded"])
                if seat is not None:
                    public |= set(hands[seat])
                for other in range(n):
                    if other == seat:
                        continue
                    assert view["hands"][other]["tiles"] is None
                    assert view["hands"][other]["count"] == len(hands[other])
                    for design_id in set(hands[other]) - public:
                        assert f'"{design_id}"' not in text, (seat, other, design_id)
                        assert f" {design_id} " not in text
                        checked += 1
            # a draw into another seat's hand is not shown to the others
            if state.current_player() == CHANCE and state.chance_outcomes():
                for action, _ in state.chance_outcomes():
                    shown = [state.describe_action(action, s) for s in range(n)]
                    if all(s == str(action) for s in shown):
                        continue  # a public draw (set aside face up)
                    hidden = [s for s in shown if s != str(action)]
                    assert len(hidden) == n - 1
                    for s in hidden:
                        assert isinstance(action, Draw)
                        assert s is None or action.design not in s
    assert checked > 50
