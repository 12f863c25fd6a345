"""A wrapper the bot tests put around every bot they run."""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.core.agent import Agent
from terranova.core.state import State


class Checked:
    """Wraps a bot: every move must be legal and must leave the state as it was."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.moves = 0

    def select(self, state: State) -> Action:
        before = (state.view(None), len(state.history()), list(state.scores()))
        action = self.inner.select(state)
        assert action in state.legal_actions()
        assert (state.view(None), len(state.history()), list(state.scores())) == before
        self.moves += 1
        return action
