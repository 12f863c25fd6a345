"""A state of Terranova's own, as the numbers the adapters use: for a program that plays
with ``terranova.make`` and ``state.apply`` and wants tensors and action indices too.

>>> import terranova
>>> from terranova.interop.encode import (
...     action_index, encode, index_action, legal_mask, observation_size)
>>> state = terranova.make("evolution-explore", players=2)
>>> while state.current_player() == terranova.CHANCE:  # the deal
...     state.apply(state.chance_outcomes()[0][0])
>>> seat = state.current_player()
>>> encode(state, seat).shape == (observation_size(state),)
True
>>> mask = legal_mask(state)
>>> int(mask.sum()) == len(state.legal_actions())
True
>>> first = state.legal_actions()[0]
>>> index_action(state, action_index(state, first)) == first
True

Each function takes the encoding's name (``standard`` by default; ``terranova games``
lists a game's). The state is read, never changed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from terranova.core.actions import Action
from terranova.core.encoding import STANDARD, Tensor
from terranova.core.errors import ActionSpaceError
from terranova.core.state import State
from terranova.interop.table import IllegalIndexError, Table

__all__ = [
    "action_index",
    "encode",
    "index_action",
    "information_state",
    "legal_mask",
    "observation_size",
]


def encode(state: State, seat: int | None, encoding: str = STANDARD) -> Tensor:
    """The observation tensor of what ``seat`` sees in ``state`` (``None``: what everybody
    sees): ``float32``, ``observation_size(state)`` numbers, each from 0 to 1."""
    return Table.of(state, encoding).observation(seat)


def information_state(state: State, seat: int, encoding: str = STANDARD) -> Tensor:
    """The observation tensor, then what ``seat`` remembers of the game so far, read from
    the state's history, replayed (the cost grows with the game's length). The history
    must lead to the state: not so for one made by ``resample`` (every state a search
    gives a model), whose memory would come out empty; ``encode`` serves there."""
    return Table.of(state, encoding).information_state(seat)


def observation_size(state: State, encoding: str = STANDARD) -> int:
    """The length of an observation tensor of ``state``'s game and parameters."""
    return Table.of(state, encoding).coding.observation_size


def legal_mask(state: State, encoding: str = STANDARD) -> np.ndarray[Any, np.dtype[np.int8]]:
    """1 at the index of each legal action of the seat to move, else 0 (all 0 at a chance
    node or the end)."""
    return Table.of(state, encoding).mask()


def action_index(state: State, action: Action, encoding: str = STANDARD) -> int:
    """The index of ``action``, one of the seat to move's legal actions in ``state``
    (ActionSpaceError if it is not: an index may depend on the position)."""
    for index, legal in Table.of(state, encoding).legal().items():
        if legal == action:
            return index
    raise ActionSpaceError(f"{action} is not a legal action here: it has no index")


def index_action(state: State, index: int, encoding: str = STANDARD) -> Action:
    """The legal action at ``index`` in ``state`` (IllegalIndexError if none is)."""
    table = Table.of(state, encoding)
    size = table.coding.actions.size
    if not 0 <= int(index) < size:
        raise IllegalIndexError(f"action index {index} is outside 0..{size - 1}")
    action: Action | None = table.legal().get(int(index))
    if action is None:
        raise IllegalIndexError(
            f"action index {index} ({table.describe(int(index))}) is not legal here"
        )
    return action
