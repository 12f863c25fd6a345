"""Action text forms.

The example game (tests/example_game, "high card"): its actions read back from their
texts, with the laxer spelling it has always accepted.
"""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from terranova.core.errors import MalformedActionError

EXAMPLE = Path(__file__).resolve().parents[1] / "example_game"


@pytest.fixture(scope="module")
def high_card() -> ModuleType:
    """The example game's rules module (imported from its source folder)."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        return importlib.import_module("terranova_example.rules")
    finally:
        sys.path.remove(str(EXAMPLE))


def test_the_example_game_reads_its_actions_back(high_card: ModuleType) -> None:
    met = {}
    for players in (2, 3, 4):
        for seed in range(5):
            state = high_card.HighCard(players)
            rng = random.Random(seed)
            while not state.is_terminal():
                for action in state.legal_actions():
                    met[str(action)] = action
                state.apply(rng.choice(list(state.legal_actions())))
    assert {type(a).__name__ for a in met.values()} == {"Deal", "Draw", "Keep", "Swap"}
    state = high_card.HighCard(2)
    for text, action in met.items():
        assert state.parse_action(text) == action
        assert str(state.parse_action(text)) == text
    assert str(high_card.Deal(1, 7)) == "deal 1 7"
    assert str(high_card.Draw(10)) == "draw 10"
    # spaces and numbers as str.split() and int() read them, as it always did
    assert state.parse_action(" deal\t0   3\n") == high_card.Deal(0, 3)
    assert state.parse_action("deal +0 1_0") == high_card.Deal(0, 10)
    assert state.parse_action("draw -2") == high_card.Draw(-2)
    assert state.parse_action("draw \u0663") == high_card.Draw(3)
    assert state.parse_action(" keep ") == high_card.Keep()


HIGH_CARD_REFUSED = [
    *["", "keep 1", "Keep", "swap swap", "deal 0", "deal 0 x", "deal 0 3 4", "draw"],
    *["draw 1__0", "draw 1_", "draw 0x1", "draw 1.0", "deal,0,3", "draw +-1"],
]


@pytest.mark.parametrize("text", HIGH_CARD_REFUSED)
def test_the_example_game_refuses(high_card: ModuleType, text: str) -> None:
    with pytest.raises(MalformedActionError):
        high_card.HighCard(2).parse_action(text)
