"""Search guided by a model (PUCT, as AlphaZero's): a policy prior over the legal actions
and a value of the position, asked of the model for several leaves at once.

A model is anything with ``evaluate(states)`` (:class:`Evaluator`): NumPy, torch, JAX or a
table. For each state, a decision of its seat to move, it answers an :class:`Evaluation`:
each seat's value (0 to 1, 0.5 level with the best other seat, as
:func:`~terranova.agents.mcts.margin_values` scores) and a prior weight for each legal
action, in ``legal_actions()`` order (non-negative; the search divides by their sum).

The search (``MctsAgent(..., model=m, batch=k)``; ``IsmctsAgent`` takes a model too, see
its module) walks down from the root choosing, at a
decision, the child with the best ``Q + c * P * sqrt(N) / (1 + n)`` for the seat to move
(``Q`` its mean value, 0.5 until visited; ``P`` its prior; ``N``, ``n`` the visits of
parent and child); chance outcomes are drawn as in :mod:`terranova.agents.mcts`. A leaf
waits for its evaluation while the search gathers ``k`` of them, each walk counting a visit
on its path at once so that the next walks spread out (a virtual loss); then one call of
``evaluate`` expands them all, and their values are added up their paths. The end of a game
is scored by its returns, without the model.

>>> import terranova
>>> from terranova.agents import MctsAgent
>>> class Flat:
...     def evaluate(self, states):
...         return [Evaluation([0.5] * s.num_seats, [1.0] * len(s.legal_actions()))
...                 for s in states]
>>> state = terranova.make("evolution-explore", players=2)
>>> while state.current_player() == terranova.CHANCE:
...     state.apply(state.chance_outcomes()[0][0])
>>> bot = MctsAgent(seed=1, iterations=32, model=Flat(), batch=8)
>>> bot.select(state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.state import TERMINAL, State

_sqrt = math.sqrt


@dataclass(frozen=True)
class Evaluation:
    """A model's answer for one position (see the module's docstring)."""

    values: Sequence[float]
    """Each seat's value, 0 to 1."""
    priors: Sequence[float]
    """A weight for each legal action of the seat to move, in ``legal_actions()`` order."""


class Evaluator(Protocol):
    """A model the search asks about its leaves, several at a time."""

    def evaluate(self, states: Sequence[State]) -> Sequence[Evaluation]:
        """One :class:`Evaluation` for each state (each a decision; not to be changed)."""
        ...


def ask(model: Evaluator, states: Sequence[State]) -> Sequence[Evaluation]:
    """The model's evaluations of ``states``, one each (InvalidParameterError if not)."""
    answers = model.evaluate(states)
    if len(answers) != len(states):
        raise InvalidParameterError(
            f"the model answered {len(answers)} evaluations for {len(states)} positions"
        )
    return answers


def shares(answer: Evaluation, actions: int, seats: int) -> list[float]:
    """The priors of ``answer`` divided by their sum (even, if they sum to 0), once it is
    checked to fit a position of ``actions`` legal actions and ``seats`` seats."""
    priors = list(answer.priors)
    if len(priors) != actions or len(answer.values) != seats:
        raise InvalidParameterError(
            f"the model's evaluation has {len(priors)} priors for {actions} legal "
            f"actions and {len(answer.values)} values for {seats} seats"
        )
    if any(not p >= 0 for p in priors):
        raise InvalidParameterError("a model's prior is negative or not a number")
    if any(not 0 <= v <= 1 for v in answer.values):
        raise InvalidParameterError(
            f"a model's values are from 0 to 1, not {[float(v) for v in answer.values]}"
        )
    total = sum(priors)
    return [p / total for p in priors] if total > 0 else [1 / actions] * actions


class PuctNode:
    """A node of the search: the position after ``action``, reached with prior ``prior``."""

    __slots__ = ("action", "kids", "outcomes", "prior", "value", "visits", "waiting")

    def __init__(self, action: Action | None, prior: float, seats: int) -> None:
        self.action = action
        self.prior = prior
        self.visits = 0
        self.value = [0.0] * seats
        self.kids: list[PuctNode] | None = None
        """None until the model has evaluated the position."""
        self.outcomes: dict[Action, PuctNode] | None = None
        self.waiting = False
        """Whether a walk left it for the model, not yet asked."""


@dataclass
class Leaf:
    state: State
    node: PuctNode
    path: list[PuctNode]


class PuctSearch:
    """One search from ``root_state`` (what the seat to move may know); ``score`` gives
    every seat's value of a game's end."""

    def __init__(
        self,
        root_state: State,
        model: Evaluator,
        batch: int,
        c: float,
        rng: random.Random,
        score: Callable[[State], list[float]],
    ) -> None:
        self.root_state = root_state
        self.score = score
        self.model = model
        self.batch = batch
        self.c = c
        self.rng = rng
        self.seats = root_state.num_seats
        self.root = PuctNode(None, 1.0, self.seats)
        self.waiting: list[Leaf] = []
        self.evaluations = 0
        """The model's calls so far (each for up to ``batch`` positions)."""

    def iterate(self) -> int:
        """One walk from the root; the nodes it made (when it filled a batch: all the
        batch's)."""
        state = self.root_state.clone()
        node = self.root
        path = [node]
        made = 0
        while True:
            actor = state.current_player()
            if actor == TERMINAL:
                for on_path in path:
                    on_path.visits += 1
                self._add(path, self.score(state))
                return made
            if actor < 0:
                action = state.sample_chance(self.rng)
                state.apply(action)
                if node.outcomes is None:
                    node.outcomes = {}
                child = node.outcomes.get(action)
                if child is None:
                    child = node.outcomes[action] = PuctNode(action, 1.0, self.seats)
                    made += 1
                node = child
                path.append(node)
                continue
            if node.kids is None:
                if node.waiting:  # another walk waits on it: ask the model now
                    return made + self.flush()
                node.waiting = True
                for on_path in path:  # the virtual loss: a visit now, its value later
                    on_path.visits += 1
                self.waiting.append(Leaf(state, node, path))
                if len(self.waiting) >= self.batch:
                    made += self.flush()
                return made
            node = self._choose(node, actor)
            assert node.action is not None
            state.apply(node.action)
            path.append(node)

    def flush(self) -> int:
        """Ask the model about every waiting leaf in one call; expand them and add their
        values up their paths. The nodes made."""
        if not self.waiting:
            return 0
        leaves, self.waiting = self.waiting, []
        answers = ask(self.model, [leaf.state for leaf in leaves])
        self.evaluations += 1
        made = 0
        for leaf, answer in zip(leaves, answers, strict=True):
            legal = leaf.state.legal_actions()
            share = shares(answer, len(legal), self.seats)
            leaf.node.kids = [PuctNode(a, p, self.seats) for a, p in zip(legal, share, strict=True)]
            leaf.node.waiting = False
            made += len(legal)
            self._add(leaf.path, [float(v) for v in answer.values])
        return made

    @staticmethod
    def _add(path: Sequence[PuctNode], values: list[float]) -> None:
        """Add each seat's value to every node of ``path`` (visited on the way)."""
        for node in path:
            for s, v in enumerate(values):
                node.value[s] += v

    def _choose(self, node: PuctNode, actor: int) -> PuctNode:
        assert node.kids is not None
        spread = self.c * _sqrt(max(1, node.visits))
        best = node.kids[0]
        best_score = -math.inf
        for kid in node.kids:
            n = kid.visits
            q = kid.value[actor] / n if n else 0.5
            score = q + spread * kid.prior / (1 + n)
            if score > best_score:
                best_score = score
                best = kid
        return best

    def best(self) -> Action | None:
        """The most visited move at the root, then the best valued, then the most likely
        by the prior (None before the root's evaluation)."""
        kids = self.root.kids
        if not kids:
            return None
        seat = self.root_state.current_player()
        return max(kids, key=lambda k: (k.visits, k.value[seat], k.prior)).action
