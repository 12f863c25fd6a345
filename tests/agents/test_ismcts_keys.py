"""ISMCTS keys the decisions a game declares public (``State.decisions_public``: Entdecker's,
The Discovery's, most of Small Islands') by the actions themselves: the very same search,
move for move and count for count, as keying them by their texts. In Small Islands who
builds next hangs on hidden objectives, so one node of the tree may be the observer's
decision in one determinization and another seat's in the next: the two stay apart, as
their keys (action, text) kept them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import terranova
from terranova.agents import IsmctsAgent, make_agent
from terranova.core import Action, State
from terranova.core.records import play

Search = tuple[Action, list[tuple[Action, int, float]], int]


def positions(game: str, params: dict[str, Any], every: int) -> Iterator[State]:
    """Every ``every``-th position of a game of greedy bots where a seat has a choice."""
    start = terranova.make(game, **params)
    players = start.num_seats
    bots = [make_agent("greedy", seat) for seat in range(players)]
    record = play(start.clone(), bots, seed=players)
    state = start
    for ply, text in enumerate(record.actions):
        if ply % every == 0 and state.current_player() >= 0 and len(state.legal_actions()) > 1:
            yield state.clone()
        state.apply(state.parse_action(text))


def search(state: State, iterations: int = 120) -> Search:
    agent = IsmctsAgent(seed=7, iterations=iterations)
    action = agent.select(state.clone())
    choices = [(c.action, c.visits, c.value) for c in agent.last_choices]
    return action, choices, agent.last_nodes


GAMES = [
    ("entdecker", {"players": 2}, 37),
    ("entdecker", {"players": 3}, 41),  # 8 positions of its game (rules version 3)
    ("discovery", {"players": 3, "hand": 2, "hand_visibility": "private"}, 17),
]


@pytest.mark.parametrize(("game", "params", "every"), GAMES, ids=str)
def test_public_decisions_keyed_by_themselves_search_as_keyed_by_their_texts(
    game: str, params: dict[str, Any], every: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = list(positions(game, params, every))
    assert len(states) >= 8
    assert sum(state.decisions_public() for state in states) >= 8
    by_actions = [search(state) for state in states]
    # the text keys are the Python search's: on the Python engine (a native search keys a
    # public decision by itself, never asking)
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    monkeypatch.setattr(type(states[0]), "decisions_public", lambda self: False)
    assert [search(state) for state in states] == by_actions


def test_a_node_reached_as_the_observers_decision_and_as_anothers_keeps_them_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Positions of a Small Islands game where a search keying every public decision in one
    table (the observer's and the others') went otherwise than keying by texts."""
    start = terranova.make("small_islands", players=3, mode="advanced", tokens="cover")
    record = play(start.clone(), [make_agent("greedy", seat) for seat in range(3)], seed=0)
    wanted = {57, 61, 65, 108}  # found with one shared table (rules version 2)
    states = []
    state = start
    for ply, text in enumerate(record.actions[: max(wanted) + 1]):
        if ply in wanted:
            assert state.decisions_public() and len(state.legal_actions()) > 1
            states.append(state.clone())
        state.apply(state.parse_action(text))
    by_actions = [search(state, 600) for state in states]
    monkeypatch.setattr(type(start), "decisions_public", lambda self: False)
    assert [search(state, 600) for state in states] == by_actions
