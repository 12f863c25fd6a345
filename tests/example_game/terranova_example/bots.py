"""High card's own bots, declared through ``GameInfo.bots``: how ``greedy`` plays it, and a
``threshold`` bot that keeps any card of at least its ``keep`` value."""

from __future__ import annotations

import random

from terranova.agents.registry import BotKind, BotParam
from terranova.core.actions import Action
from terranova.core.state import State
from terranova_example.rules import Keep, Swap


def keep_or_swap(state: State, keep: int) -> Action:
    """Keep a card of ``keep`` or more, swap a lower one."""
    card = state.view(state.current_player())["hand"]
    return Keep() if card >= keep else Swap()


def greedy(state: State, rng: random.Random) -> Action:
    """Keep a card in the upper half of the deck, swap the others."""
    cards = 2 * state.num_seats + 2
    return keep_or_swap(state, cards // 2 + 1)


class ThresholdAgent:
    """Keeps any card of at least ``keep``."""

    def __init__(self, seed: int, keep: int = 4, name: str = "threshold") -> None:
        self.seed = seed
        self.keep = keep
        self.name = name

    def select(self, state: State) -> Action:
        return keep_or_swap(state, self.keep)


AGENTS = (
    BotKind(
        "threshold",
        ThresholdAgent,
        "High card only: keeps any card of at least its keep value",
        {"keep": BotParam("keep", int, 4, "the lowest card it keeps", low=1, high=12)},
        games=("high-card",),
    ),
)
GREEDY_POLICIES = {"high-card": greedy}
