"""Information-set MCTS (single observer, SO-ISMCTS; Cowling, Powley and Whitehouse 2012).

The seat to move is the *observer*. Every iteration starts from a new determinization
``state.resample(seat, rng)``: a state consistent with what the observer has seen, hidden
parts (other players' private hands, the order of a face-down stack) redrawn. The search
never reads anything else of the real state than what its seat may know: the
determinizations, its own legal actions and the seat counts.

The tree is over what the observer sees. An edge is keyed by the action as the observer
sees it: its own decisions by the action itself, everything else (other seats' decisions,
chance outcomes) by ``describe_action(action, observer)``, so the draw of a tile into an
opponent's private hand is one edge ``draw ?`` whatever the tile was. Where the game says
the decisions of the seat to move are public (``State.decisions_public``: every seat sees
each as itself), another seat's decision is keyed by itself too (apart from the observer's
own, as the texts kept them apart), which groups them as their texts would, without
describing every legal action at every visit. At a decision node
only the children whose action is legal in the current determinization are candidates;
UCT counts how often each child was *available* instead of the parent's visits. Rollouts,
scoring (margins over the best other seat, squashed into 0..1), the budget and the
parameters are those of :mod:`terranova.agents.mcts`.

With a ``model`` (:mod:`terranova.agents.puct`), each leaf, a position of its
determinization, is valued by the model instead of a rollout, ``batch`` leaves a call; at
the observer's own decisions its priors weigh the moves (PUCT over the times each move was
there to choose), the root's from one determinization asked at the start.

In a game without hidden information a determinization is a copy of the state, and the
search is plain MCTS with open-loop chance nodes keyed by what was drawn.

>>> import terranova
>>> state = terranova.make("discovery", players=3, hand=2, hand_visibility="private")
>>> while state.current_player() == terranova.CHANCE:
...     state.apply(state.legal_actions()[0])
>>> bot = IsmctsAgent(seed=1, iterations=40)
>>> bot.select(state) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol, cast

from terranova.agents.mcts import (
    Considered,
    SearchAgent,
    auto_scale,
    by_visits,
    decision_actions,
    native_settings,
)
from terranova.agents.puct import ask, shares
from terranova.core.actions import Action
from terranova.core.registry import to_native
from terranova.core.state import CHANCE, TERMINAL, State

_sqrt = math.sqrt
_log = math.log

Key = object
"""An edge as the observer sees it: an action of its own or a public decision of another
seat, or the text of anything else."""

UNSEEN = "(unseen)"
"""The key of an action the observer does not see at all."""


class NativeInfoTree(Protocol):
    """The search of :class:`IsmctsAgent` (uniform rollouts, no model) run by a game's
    native engine, for the seat to move: offered by a native state as
    ``info_set_tree(rng, c, depth, scale, first)`` (``first``: :attr:`try_first`). Like
    :class:`~terranova.agents.mcts.NativeTree`, it draws the Python search's own numbers."""

    def iterate(self) -> int:
        """One iteration, on a new determinization: the nodes it made."""
        ...

    def weighed(self, seat: int, moves: Sequence[Action]) -> list[tuple[int, float]]:
        """For each of ``moves`` (the observer's): its visits and ``seat``'s value sum."""
        ...

    def give_back(self, rng: random.Random) -> None: ...


class _InfoNode:
    """A node of the observer's tree: what it has seen after a sequence of edges."""

    __slots__ = ("action", "avail", "kids", "priors", "public", "value", "visits")

    def __init__(self, action: Action | None, seats: int) -> None:
        self.action = action
        """The action that made this edge in the determinization that first made it."""
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * seats
        self.kids: dict[Key, _InfoNode] = {}
        """The observer's own decisions by action; the others' and chance's by text."""
        self.priors: dict[Action, float] | None = None
        """With a model: its priors for the observer's decisions here, once asked."""
        self.public: dict[Key, _InfoNode] | None = None
        """Other seats' public decisions, by action: apart from :attr:`kids`, where the
        observer's own decisions are keyed by action too, since who is to move may differ
        between determinizations reaching this node."""


class IsmctsAgent(SearchAgent):
    """SO-ISMCTS with chance, per-seat values and truncated random rollouts (module doc)."""

    KIND = "ismcts"

    def select(self, state: State) -> Action:
        actions = decision_actions(state)
        self.last_choices = []
        self.last_evaluations = 0
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        seat = state.current_player()
        rng = self._rng
        scale = self.last_scale = self.scale or auto_scale(state.resample(seat, rng))
        root = _InfoNode(None, state.num_seats)

        def weighed() -> list[Considered]:
            found = []
            for action in actions:  # the real legal actions: the seat's own, so it knows them
                kid = root.kids.get(action)
                if kid is not None and kid.visits:
                    found.append(Considered(action, kid.visits, kid.value[seat] / kid.visits))
            return by_visits(found)

        self._waiting: list[tuple[State, list[_InfoNode]]] = []
        self.last_evaluations = 0
        if self.model is not None:  # the root's priors, from one determinization
            probe = state.resample(seat, rng)
            answer = ask(self.model, [probe])[0]
            self.last_evaluations += 1
            legal = probe.legal_actions()
            root.priors = dict(zip(legal, shares(answer, len(legal), probe.num_seats), strict=True))
        else:  # determinized on the game's native engine, where it has one: the same moves
            state = to_native(state)
            grow = getattr(state, "info_set_tree", None)
            depth, policy = self.plan(state.game_id)
            if grow is not None and policy is None and native_settings(self.c, depth, scale, rng):
                # the whole search natively (a game's own rollout policy is Python's to play)
                tree: NativeInfoTree = grow(rng, self.c, depth, scale, self.try_first)
                return self._grown(tree, actions, seat)
        self._search(
            lambda: self._iterate(root, state.resample(seat, rng), seat, scale),
            lambda: _best(root, actions, seat),
            weighed,
        )
        self._flush(seat)  # the leaves of the last, unfilled batch
        self.last_choices = weighed()
        best = _best(root, actions, seat)
        return best if best is not None else actions[0]

    def _grown(self, tree: NativeInfoTree, actions: list[Action], seat: int) -> Action:
        """The move of the search run natively by ``tree``."""

        def counted() -> list[tuple[Action, int, float]]:
            found = tree.weighed(seat, actions)
            return [(a, n, v) for a, (n, v) in zip(actions, found, strict=True) if n]

        def best() -> Action | None:  # as _best: the most tried, then the best valued
            chosen: Action | None = None
            best_key = (-1, -math.inf)
            for action, visits, value in counted():
                if (visits, value) > best_key:
                    best_key = (visits, value)
                    chosen = action
            return chosen

        def weighed() -> list[Considered]:
            return by_visits([Considered(a, n, v / n) for a, n, v in counted()])

        try:
            self._search(tree.iterate, best, weighed)
        finally:
            tree.give_back(self._rng)
        self.last_choices = weighed()
        chosen = best()
        return chosen if chosen is not None else actions[0]

    def _iterate(self, root: _InfoNode, state: State, observer: int, scale: float) -> int:
        rng = self._rng
        seats = state.num_seats
        node = root
        path = [root]
        c = self.c
        made = 0
        while True:
            actor = state.current_player()
            if actor == TERMINAL:
                break
            if actor == CHANCE:
                action = state.sample_chance(rng)
                key = _seen(state, action, observer)
                state.apply(action)
                child = node.kids.get(key)
                if child is None:
                    child = node.kids[key] = _InfoNode(action, seats)
                    made += 1
                node = child
                path.append(node)
                continue
            legal = state.legal_actions()
            kids = node.kids
            groups: dict[Key, list[Action]] | None = None
            keys: Sequence[Key] = legal  # keyed as their texts would group them, if public
            if actor != observer:
                if state.decisions_public():
                    if node.public is None:
                        node.public = {}
                    kids = node.public
                else:
                    groups = {}
                    for action in legal:
                        groups.setdefault(_seen(state, action, observer), []).append(action)
                    keys = list(groups)
            found = list(map(kids.get, keys))
            if None in found:
                missing = [k for k, kid in zip(keys, found, strict=True) if kid is None]
                first = self.try_first
                priors = node.priors if actor == observer else None
                if node is root and first is not None and first in missing:
                    key = first
                elif priors:  # the model's likeliest first
                    weight = priors.get
                    key = max(missing, key=lambda k: weight(cast("Action", k), 0.0))
                else:
                    key = missing[int(rng.random() * len(missing))]
                for kid in found:
                    if kid is not None:
                        kid.avail += 1
                action = _pick(key, groups, rng)
                state.apply(action)
                child = kids[key] = _InfoNode(action, seats)
                child.avail = 1
                path.append(child)
                made += 1
                break
            best_score = -math.inf
            best = 0
            present = cast("list[_InfoNode]", found)  # every key has its child
            priors = node.priors if actor == observer else None
            for i, kid in enumerate(present):
                kid.avail += 1
                v = kid.visits
                if priors is None:
                    score = kid.value[actor] / v + c * _sqrt(_log(kid.avail) / v)
                else:  # PUCT, over the times the move was there to choose
                    prior = priors.get(cast("Action", keys[i]), 0.0)
                    score = kid.value[actor] / v + c * prior * _sqrt(kid.avail) / (1 + v)
                if score > best_score:
                    best_score = score
                    best = i
            state.apply(_pick(keys[best], groups, rng))
            node = present[best]
            path.append(node)
        if self.model is not None:
            made += self._through_chance(state, path, observer)
        if self.model is None or state.current_player() == TERMINAL:
            self._back_up(state, path, scale)
            return made
        for on_path in path:  # the virtual loss: a visit now, its value once asked
            on_path.visits += 1
        self._waiting.append((state, path))
        if len(self._waiting) >= self.batch:
            self._flush(observer)
        return made

    def _through_chance(self, state: State, path: list[_InfoNode], observer: int) -> int:
        """Draw the chance outcomes after a new leaf, down the tree as a walk would, so
        that the model is asked about a decision (or the end) and its priors land on the
        node of that decision. The nodes made."""
        made = 0
        while state.current_player() == CHANCE:
            action = state.sample_chance(self._rng)
            key = _seen(state, action, observer)
            state.apply(action)
            node = path[-1]
            child = node.kids.get(key)
            if child is None:
                child = node.kids[key] = _InfoNode(action, state.num_seats)
                made += 1
            path.append(child)
        return made

    def _flush(self, observer: int) -> None:
        """Ask the model about the waiting leaves in one call: add their values up their
        paths, and keep its priors where the observer decides next."""
        if not self._waiting or self.model is None:
            return
        waiting, self._waiting = self._waiting, []
        answers = ask(self.model, [state for state, _ in waiting])
        self.last_evaluations += 1
        for (state, path), answer in zip(waiting, answers, strict=True):
            legal = state.legal_actions()
            share = shares(answer, len(legal), state.num_seats)
            if state.current_player() == observer:
                path[-1].priors = dict(zip(legal, share, strict=True))
            for node in path:
                for s, v in enumerate(answer.values):
                    node.value[s] += float(v)


def _best(root: _InfoNode, actions: Sequence[Action], seat: int) -> Action | None:
    """The move of ``seat`` among ``actions`` the search at ``root`` plays: the most tried,
    then the best valued (None before any)."""
    best: Action | None = None
    best_key = (-1, -math.inf)
    for action in actions:
        kid = root.kids.get(action)
        if kid is not None and (kid.visits, kid.value[seat]) > best_key:
            best_key = (kid.visits, kid.value[seat])
            best = action
    return best


def _seen(state: State, action: Action, observer: int) -> Key:
    """The key of ``action`` (played by another seat or by chance) as ``observer`` sees it."""
    text = state.describe_action(action, observer)
    return UNSEEN if text is None else text


def _pick(key: Key, groups: dict[Key, list[Action]] | None, rng: random.Random) -> Action:
    """The action behind ``key``: itself for a decision keyed by itself, else one of the
    actions the observer cannot tell apart, drawn at random."""
    if groups is None:
        assert isinstance(key, Action)
        return key
    options = groups[key]
    if len(options) == 1:
        return options[0]
    return options[rng.randrange(len(options))]
