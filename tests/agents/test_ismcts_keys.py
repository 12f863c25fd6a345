"""ISMCTS keys the decisions a game declares public (``State.decisions_public``, Entdecker's)
by the actions themselves: the very same search, move for move and count for count, as
keying them by their texts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import terranova
from terranova.agents import IsmctsAgent, make_agent
from terranova.core import Action, State
from terranova.core.records import play

Search = tuple[Action, list[tuple[Action, int, float]], int]


def positions(players: int, every: int) -> Iterator[State]:
    """Every ``every``-th position of a game of greedy bots where a seat has a choice."""
    start = terranova.make("entdecker", players=players)
    bots = [make_agent("greedy", seat) for seat in range(players)]
    record = play(start.clone(), bots, seed=players)
    state = start
    for ply, text in enumerate(record.actions):
        if ply % every == 0 and state.current_player() >= 0 and len(state.legal_actions()) > 1:
            yield state.clone()
        state.apply(state.parse_action(text))


def search(state: State) -> Search:
    agent = IsmctsAgent(seed=7, iterations=120)
    action = agent.select(state.clone())
    choices = [(c.action, c.visits, c.value) for c in agent.last_choices]
    return action, choices, agent.last_nodes


@pytest.mark.parametrize("players", [2, 3])
def test_public_decisions_keyed_by_themselves_search_as_keyed_by_their_texts(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = list(positions(players, every=37))
    assert len(states) >= 8
    assert all(state.decisions_public() for state in states)
    by_actions = [search(state) for state in states]
    monkeypatch.setattr(type(states[0]), "decisions_public", lambda self: False)
    assert [search(state) for state in states] == by_actions
