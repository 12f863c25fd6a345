"""Checks every game's native batch of ``terranova.vector`` must pass (core/native/batch.hpp's
shared binding): a game's tests call them with a batch of four games played natively."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from terranova.interop.table import IllegalIndexError

STEP_ARRAYS = ("observation", "action_mask", "rewards", "terminated", "truncated",
               "current_player")  # fmt: skip
"""Every array of a step."""


def plays_alike(
    python: Any, native: Any, steps: int, choose: Callable[[list[int]], int]
) -> tuple[int, int]:
    """Step both batches (the same games, the one on the Python engines, the other native)
    ``steps`` times, each game's index chosen by ``choose`` among its legal ones, checking
    that every array and the legal indices are equal at every step: the games ended and
    the games cut (by ``max_steps``) on the way."""
    a, b = python.reset(), native.reset()
    ended = cut = 0
    for _ in range(steps):
        assert python.tables and native._native is not None
        assert all(getattr(t.state, "engine", "python") == "python" for t in python.tables)
        for name in STEP_ARRAYS:
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
            assert getattr(a, name).dtype == getattr(b, name).dtype, name
        legal = python.legal_actions()
        assert native.legal_actions() == legal
        ended += int(a.terminated.sum())
        cut += int(a.truncated.sum())
        chosen = np.array([choose(indices) for indices in legal])
        a, b = python.step(chosen), native.step(chosen)
    return ended, cut


def refuses_an_illegal_index(games: Any, game: int, steps: int = 12) -> None:
    """After a reset and ``steps`` steps of the lowest legal indices (past the set-up, into
    the turns), an index not legal in game ``game`` (the others' lowest legal) is refused,
    by the batch and by the games, and nothing is played: the arrays and legal actions
    unchanged."""
    games.reset()
    for _ in range(steps):
        games.step(games.first_legal())
    step = games._step
    before, legal = step.observation.copy(), games.legal_actions()
    chosen = games.first_legal()
    chosen[game] = int(np.flatnonzero(step.action_mask[game] == 0)[0])
    with pytest.raises(IllegalIndexError, match=f"game {game}: action index"):
        games.step(chosen)
    assert np.array_equal(step.observation, before)
    assert games.legal_actions() == legal
    with pytest.raises(ValueError, match="an illegal index"):  # the batch itself refuses it
        games._native.step(np.ascontiguousarray(chosen, np.int64), step.observation,
                           step.action_mask, step.current_player, step.terminated,
                           step.truncated, games._returns)  # fmt: skip
    assert np.array_equal(step.observation, before)
    assert games.legal_actions() == legal


def checks_its_arrays(games: Any) -> None:
    """The batch of four games, not yet reset, refuses arrays of other shapes or types
    (which it would write into copies) and steps before a reset."""
    batch, step = games._native, games._step
    rngs = [random.Random(k) for k in range(4)]
    with pytest.raises(ValueError, match="no games yet"):
        batch.first_illegal(np.zeros(4, np.int64))
    with pytest.raises(ValueError, match="of the encoding's sizes"):
        batch.reset(rngs, step.observation[:1], step.action_mask, step.current_player)
    with pytest.raises(ValueError, match="a generator a game"):
        batch.reset(rngs[:3], step.observation, step.action_mask, step.current_player)
    with pytest.raises(TypeError):  # a float64 copy would be written and lost
        batch.reset(
            rngs, step.observation.astype(np.float64), step.action_mask, step.current_player
        )
    with pytest.raises(TypeError):
        batch.reset(rngs, step.observation, step.action_mask.astype(np.int64), step.current_player)
    games.reset()
    with pytest.raises(ValueError, match="an index a game"):
        batch.first_illegal(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="one row a game"):
        batch.step(games.first_legal().astype(np.int64), step.observation, step.action_mask,
                   step.current_player, step.terminated, step.truncated,
                   np.zeros((4, 7)))  # fmt: skip
    with pytest.raises(IndexError):
        batch.legal_indices(4)


def no_writer_where_the_engine_writes_none(
    native_engine: Any,
    native_state: Any,
    params: dict[str, Any],
    coding: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's ``native_engine.observer`` gives no writer for an encoding it does not
    write, with the native engines turned off, or for a game its engine refuses (its
    ``native_state.native_game`` raising, as beyond the engine's bounds)."""
    assert native_engine.observer(params, "another", coding) is None
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    assert native_engine.observer(params, coding.name, coding) is None
    monkeypatch.setenv("TERRANOVA_NATIVE", "1")

    def refused(*args: Any) -> Any:
        raise ValueError("beyond the engine's bounds")

    monkeypatch.setattr(native_state, "native_game", refused)
    native_state.actions_of.cache_clear()
    try:
        assert native_engine.observer(params, coding.name, coding) is None
    finally:
        native_state.actions_of.cache_clear()
