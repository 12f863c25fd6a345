"""terranova.interop.encode: a state played natively (``terranova.make``, ``apply``) gives
the tensors, masks and indices that the adapters' tables give for the same game played by
index, in every encoded game and encoding, and is never changed by being read."""

from __future__ import annotations

import random

import numpy as np
import pytest

import terranova
from terranova.core.errors import ActionSpaceError, InvalidParameterError
from terranova.core.state import CHANCE
from terranova.interop.encode import (
    action_index,
    encode,
    index_action,
    information_state,
    legal_mask,
    observation_size,
)
from terranova.interop.table import IllegalIndexError, Table
from tests.interop.cases import coded

LOOKED_AT = 12
"""Positions of each game compared in full (every seat's tensors, every legal action)."""


@coded
def test_a_native_state_encodes_as_the_adapters_table(game_id: str, encoding: str) -> None:
    rng = random.Random(5)
    state = terranova.make(game_id, players=2)
    table = Table.new(game_id, encoding, players=2)
    size = observation_size(state, encoding)
    assert size == table.coding.observation_size
    ply = 0
    while not state.is_terminal():
        player = state.current_player()
        history = len(state.history())
        if player == CHANCE:
            index, _ = rng.choice(table.chance_indices())
            table.apply(index)
            state.apply(table.state.history()[-1])
            continue
        mask = legal_mask(state, encoding)
        assert np.array_equal(mask, table.mask())
        legal = state.legal_actions()
        if ply % max(1, 200 // LOOKED_AT) == 0:
            for seat in (None, 0, 1):
                tensor = encode(state, seat, encoding)
                assert tensor.shape == (size,) and tensor.dtype == np.float32
                assert np.array_equal(tensor, table.observation(seat))
            assert np.array_equal(information_state(state, player, encoding),
                                  table.information_state(player))  # fmt: skip
            for action in legal:
                assert (
                    index_action(state, action_index(state, action, encoding), encoding) == action
                )
        action = rng.choice(legal)
        index = action_index(state, action, encoding)
        assert mask[index] == 1
        assert len(state.history()) == history  # read, never changed
        table.apply(index)
        state.apply(action)
        ply += 1
    assert state.returns() == table.state.returns()
    assert not legal_mask(state, encoding).any()


def test_what_has_no_index_is_refused_by_name() -> None:
    state = terranova.make("evolution-explore", players=2)
    while state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    mask = legal_mask(state)
    free = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalIndexError, match=f"action index {free} .* is not legal here"):
        index_action(state, free)
    with pytest.raises(IllegalIndexError, match=r"action index -1 is outside 0\.\."):
        index_action(state, -1)
    other = terranova.make("evolution-explore", players=2)
    outcome = other.chance_outcomes()[0][0]
    with pytest.raises(ActionSpaceError, match="is not a legal action here"):
        action_index(state, outcome)
    with pytest.raises(InvalidParameterError, match="standard"):
        encode(state, 0, "compact")
    with pytest.raises(ValueError, match=r"seat 5 is not one of 0\.\.1"):
        encode(state, 5)
