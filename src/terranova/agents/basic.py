"""Baseline bots over the core protocol only: a random player and a one-ply greedy player.

A game may give ``greedy`` a policy of its own (``GREEDY_POLICIES`` in the module its
``GameInfo.bots`` names), for games where one decision ahead means little (a turn made of
many placements); every other game gets the one-ply search.

>>> import terranova
>>> state = terranova.make("discovery", players=2)
>>> while state.current_player() == terranova.CHANCE:
...     state.apply(state.legal_actions()[0])
>>> GreedyAgent(7).select(state) in state.legal_actions()
True
"""

from __future__ import annotations

from terranova.agents.registry import greedy_policy
from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.rng import make_rng
from terranova.core.state import State


def _decision_actions(state: State) -> list[Action]:
    """The legal actions of the seat to move; refuses chance and terminal states."""
    if state.current_player() < 0:
        raise InvalidParameterError(
            "a bot is asked to move when no seat is to move (chance or game over)"
        )
    actions = list(state.legal_actions())
    if not actions:  # a game that breaks the protocol: a seat to move with nothing to do
        raise InvalidParameterError(f"seat {state.current_player()} has no legal action")
    return actions


class RandomAgent:
    """Plays uniformly at random among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int, name: str = "random") -> None:
        self.name = name
        self.seed = seed
        self._rng = make_rng(seed)

    def select(self, state: State) -> Action:
        actions = _decision_actions(state)
        return actions[self._rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed}, name={self.name!r})"


class GreedyAgent:
    """Looks one decision ahead: tries every legal action on a clone of the state and keeps
    the one after which the game's heuristic ``state.estimate(seat)`` is highest (the best
    immediate score, and deploys and removals judged by the game's value of territories).
    Ties are broken by its seeded generator. It judges moves on ``state.resample(seat, rng)``,
    so hidden information (other players' private hands) is redrawn, not peeked at. With
    ``epsilon`` > 0 it plays a uniformly random legal action that often instead (a weaker,
    noisier player). A game with a greedy policy of its own (``GameInfo.bots``) is played by
    that policy instead of the one-ply search, ``epsilon`` still applying."""

    TOLERANCE = 1e-9
    """Estimates closer than this count as a tie."""

    def __init__(self, seed: int, epsilon: float = 0.0, name: str = "greedy") -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise InvalidParameterError(f"greedy epsilon is between 0 and 1, not {epsilon}")
        self.name = name
        self.seed = seed
        self.epsilon = epsilon
        self._rng = make_rng(seed)

    def select(self, state: State) -> Action:
        actions = _decision_actions(state)
        rng = self._rng
        if len(actions) == 1:
            return actions[0]
        if self.epsilon and rng.random() < self.epsilon:
            return actions[rng.randrange(len(actions))]
        policy = greedy_policy(state.game_id)
        if policy is not None:
            return policy(state, rng)
        seat = state.current_player()
        seen = state.resample(seat, rng)  # only what this seat may know
        best_value = float("-inf")
        best: list[Action] = []
        tolerance = self.TOLERANCE
        for action in actions:
            child = seen.clone()
            child.apply(action)
            value = child.estimate(seat)
            if value > best_value + tolerance:
                best_value = value
                best = [action]
            elif value >= best_value - tolerance:
                best.append(action)
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return f"GreedyAgent(seed={self.seed}, epsilon={self.epsilon}, name={self.name!r})"
