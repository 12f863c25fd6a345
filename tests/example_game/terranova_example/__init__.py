"""High card, an example game in a package of its own: it declares its ``GameInfo`` through
the ``terranova.games`` entry point of its pyproject.toml, and nothing in Terranova names it.
"""

from __future__ import annotations

from terranova.core.registry import GameInfo
from terranova_example.rules import HighCard


def new_game(players: int = 2) -> HighCard:
    return HighCard(players)


INFO = GameInfo(
    id="high-card",
    name="High card",
    min_seats=2,
    max_seats=4,
    default_seats=2,
    rules_version="1",
    has_chance=True,
    has_hidden_information=True,
    factory=new_game,
    bots="terranova_example.bots",
    description="Each player gets a hidden card, keeps it or swaps it once; the highest wins.",
)
