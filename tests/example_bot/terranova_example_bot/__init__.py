"""first-legal: plays the first of the legal actions (``first-legal:last=true``, the last).

Declared to Terranova by the entry point in this package's pyproject.toml; nothing in
Terranova names it."""

from __future__ import annotations

from terranova.agents import BotKind, BotParam
from terranova.core.actions import Action
from terranova.core.state import State


class FirstLegal:
    """The first (or last) legal action, whatever the position."""

    def __init__(self, seed: int, name: str = "first-legal", last: bool = False) -> None:
        self.name = name
        self.last = last

    def select(self, state: State) -> Action:
        actions = state.legal_actions()
        return actions[-1] if self.last else actions[0]


FIRST_LEGAL = BotKind(
    "first-legal",
    FirstLegal,
    "the first legal action (an example of a bot installed as a package of its own)",
    {"last": BotParam("last", bool, False, "the last legal action instead")},
)
