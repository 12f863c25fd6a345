"""What every game's native batch (core/native/batch.hpp) must do alike, checked on a
``terranova.vector`` of four games played natively: the games' tests call these."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from terranova.interop.table import IllegalIndexError


def check_an_illegal_index_is_refused_and_none_played(games: Any, steps: int = 12) -> None:
    """After ``steps`` steps, an illegal index in game 2 is refused, by the vector and by the
    batch itself, with nothing played."""
    step = games.reset()
    for _ in range(steps):  # past the set-up, into the turns
        step = games.step(games.first_legal())
    before, legal = step.observation.copy(), games.legal_actions()
    chosen = games.first_legal()
    chosen[2] = int(np.flatnonzero(step.action_mask[2] == 0)[0])
    with pytest.raises(IllegalIndexError, match="game 2: action index"):
        games.step(chosen)
    assert np.array_equal(step.observation, before)
    assert games.legal_actions() == legal
    with pytest.raises(ValueError, match="an illegal index"):  # the batch itself refuses it
        games._native.step(np.ascontiguousarray(chosen, np.int64), step.observation,
                           step.action_mask, step.current_player, step.terminated,
                           step.truncated, games._returns)  # fmt: skip
    assert np.array_equal(step.observation, before)
    assert games.legal_actions() == legal


def check_the_batchs_arrays(games: Any) -> None:
    """The batch refuses arrays of other shapes or types, and calls before a reset."""
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


def play_side_by_side(
    python: Any, native: Any, steps: int, pick: Callable[[int], int]
) -> tuple[int, int]:
    """Step the same games on the Python engines and natively, the same index each step
    (``pick(k)``: one of k legal ones), every array equal (values and types) after every
    step: the games that ended and those cut, in all."""
    a, b = python.reset(), native.reset()
    ended = cut = 0
    for _ in range(steps):
        for name in ("observation", "action_mask", "rewards", "terminated", "truncated",
                     "current_player"):  # fmt: skip
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
            assert getattr(a, name).dtype == getattr(b, name).dtype, name
        legal = python.legal_actions()
        assert native.legal_actions() == legal
        ended += int(a.terminated.sum())
        cut += int(a.truncated.sum())
        chosen = np.array([indices[pick(len(indices))] for indices in legal])
        a, b = python.step(chosen), native.step(chosen)
    return ended, cut
