"""Random games of any registered game through the core protocol, and positions taken
from them: the walks the conformance suite and the games' own tests share."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import terranova
from terranova.core.actions import Action
from terranova.core.state import CHANCE, State

MAX_PLIES = 20_000


def key(params: dict[str, object]) -> str:
    return json.dumps(params, sort_keys=True)


def choose(state: State, rng: random.Random) -> Action:
    """A random next action: a chance outcome drawn with its probability, else a legal
    action picked uniformly."""
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    return rng.choice(list(state.legal_actions()))


@cache
def game_history(game_id: str, params_key: str, seed: int) -> tuple[str, ...]:
    """The action texts of one random game (cached: several tests walk the same games)."""
    state = terranova.make(game_id, **json.loads(params_key))
    rng = random.Random(seed)
    for _ in range(MAX_PLIES):
        if state.is_terminal():
            return tuple(str(a) for a in state.history())
        state.apply(choose(state, rng))
    raise AssertionError(f"{game_id} did not end in {MAX_PLIES} plies")


def positions(game_id: str, params: dict[str, object], seed: int, every: int) -> list[State]:
    """Clones of the game of ``seed`` after 0, every, 2*every, ... plies, and at its end."""
    texts = game_history(game_id, key(params), seed)
    state = terranova.make(game_id, **params)
    out = [state.clone()]
    for ply, text in enumerate(texts, start=1):
        state.apply(state.parse_action(text))
        if ply % every == 0 or ply == len(texts):
            out.append(state.clone())
    return out


def sampled(game_id: str, params: dict[str, object], seed: int, count: int) -> list[State]:
    """About ``count`` positions spread over one game, the first and last included."""
    texts = game_history(game_id, key(params), seed)
    every = max(1, len(texts) // count)
    rng = random.Random(seed)
    # offsetting by a random ply mixes the kinds of position (chance, decisions)
    offset = rng.randrange(every)
    state = terranova.make(game_id, **params)
    out = [state.clone()]
    for ply, text in enumerate(texts, start=1):
        state.apply(state.parse_action(text))
        if ply % every == offset or ply == len(texts):
            out.append(state.clone())
    return out


def viewers(state: State) -> list[int | None]:
    return [None, *range(state.num_seats)]


Policy = Callable[[Any, random.Random], Action]
"""A game policy: the action it plays on a state (of its game), ties drawn from the generator."""


def greedy_alike(
    reference: State, native: State, reference_policy: Policy, policy: Policy, seed: int
) -> tuple[int, int]:
    """Play ``reference`` to its end and ``native`` (the same position on the native engine)
    alongside, checking at every decision that ``policy`` on the native state chooses as
    ``reference_policy`` on the reference and leaves its generator alike; the game follows
    the policy, else (three times in ten) a random action. Returns the decisions checked
    and those where the policy drew from its generator (a tie)."""
    rng = random.Random(seed)
    decisions = ties = 0
    while not reference.is_terminal():
        if reference.current_player() == CHANCE:
            action = reference.sample_chance(rng)
        else:
            draws = rng.randrange(1 << 30)
            mine, theirs = random.Random(draws), random.Random(draws)
            action = reference_policy(reference, theirs)
            assert policy(native, mine) == action, (seed, reference.ply)
            assert mine.getstate() == theirs.getstate(), (seed, reference.ply)
            ties += mine.getstate() != random.Random(draws).getstate()
            decisions += 1
            if rng.random() < 0.3:  # elsewhere too than where the policy leads
                legal = reference.legal_actions()
                action = legal[rng.randrange(len(legal))]
        reference.apply(action)
        native.apply(action)
    return decisions, ties
