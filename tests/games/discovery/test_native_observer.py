"""The native writers of The Discovery's observations (``native/observe.hpp``) against the
Python encodings (encoding.py): for both encodings, in every variant, at every position of
random games (chance nodes and the end included) and for every seat and a spectator, the
native row is the very float32 row the Python encoding writes from the reference state's
view, the legal actions listed as ``Table.listed`` lists them.

These tests need the native engine built, as test_native.py's (marker ``native``)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import terranova
from terranova.core.encoding import Encoding, encoding_of
from terranova.core.registry import game_info
from terranova.core.state import State
from terranova.games.discovery import DiscoveryState
from tests.conformance import batch
from tests.games.discovery.test_native import SWAPS, TINY, _chosen

pytestmark = pytest.mark.native

ENCODINGS = ("standard", "compact")

VARIANTS = [
    ({}, 0),
    ({"players": 3, "hand": 2, "hand_visibility": "private"}, 2),
    ({"players": 2, "hand": 2, "hand_visibility": "private", "equal_turns": "rulebook"}, 3),
    ({"players": 4, "hand": 2, "hand_visibility": "public", "equal_turns": "rulebook"}, 4),
    ({"players": 5, "hand": 2, "hand_visibility": "private", "equal_turns": "exact"}, 5),
    ({"players": 5, "hand": 2, "tileset": TINY}, 6),  # the deal runs out of tiles
    ({"players": 3, "hand": 2, "hand_visibility": "private", "tileset": SWAPS}, 7),
]
"""Parameters (a tile file by its text) and the seed of the game played in them."""


def _params(params: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """The parameters with a tile file's text written to a file of its own."""
    if "tileset" not in params:
        return params
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(params["tileset"], encoding="utf-8")
    return {**params, "tileset": str(tiles)}


def _writer(params: dict[str, Any], name: str) -> tuple[Any, Encoding]:
    from terranova.games.discovery import native_engine

    info = game_info("discovery")
    coding = encoding_of(info, params, name)
    writer = native_engine.observer(info.resolve(params), name, coding)
    assert writer is not None
    return writer, coding


def _expected(
    coding: Encoding, state: State, seat: int | None, view: Any = None
) -> np.ndarray[Any, Any]:
    """The Python encoding's row of ``state.view(seat)`` (``view``, if given), the legal
    actions listed as Table.listed lists them."""
    row = np.full(coding.observation_size, 7, dtype=np.float32)  # overwritten whole
    listed = coding.listing is not None and seat is not None and seat == state.current_player()
    view = state.view(seat) if view is None else view
    coding.observe_into(view, row, coding.planes_of(row), state.legal_actions() if listed else ())
    return row


@pytest.mark.parametrize(("params", "seed"), VARIANTS, ids=[str(s) for _, s in VARIANTS])
def test_the_native_rows_are_the_python_encodings_at_every_position(
    params: dict[str, Any], seed: int, tmp_path: Path
) -> None:
    from terranova.games.discovery.native_state import NativeDiscoveryState

    params = _params(params, tmp_path)
    writers = [_writer(params, name) for name in ENCODINGS]
    rows = [np.empty(coding.observation_size, dtype=np.float32) for _, coding in writers]
    reference = terranova.make("discovery", **params)
    assert isinstance(reference, DiscoveryState)
    native = terranova.make("discovery", engine="native", **params)
    rng = random.Random(seed)
    positions = 0
    while True:
        # the native state played to here, and every tenth position converted from Python
        states = [native]
        if positions % 10 == 0:
            states.append(NativeDiscoveryState.from_python(reference))
        for seat in [None, *range(reference.num_seats)]:
            view = reference.view(seat)
            for (writer, coding), row in zip(writers, rows, strict=True):
                expected = _expected(coding, reference, seat, view)
                for state in states:
                    row.fill(-1)
                    writer.write(state, seat, row)
                    assert np.array_equal(row, expected), (coding.name, reference.ply, seat)
        positions += 1
        if reference.is_terminal():
            break
        action = _chosen(reference, rng)
        reference.apply(action)
        native.apply(action)
    assert positions > 2


@pytest.mark.parametrize("name", ENCODINGS)
def test_a_row_or_a_state_the_writer_cannot_write_is_refused(name: str) -> None:
    writer, coding = _writer({}, name)
    state = terranova.make("discovery", engine="native")
    size = coding.observation_size
    for wrong in (
        np.zeros(size, np.float64),
        np.zeros(size + 1, np.float32),
        np.zeros(size - 1, np.float32),
        np.zeros((1, size), np.float32),
        np.zeros(2 * size, np.float32)[::2],
    ):
        with pytest.raises(ValueError, match="a row of float32"):
            writer.write(state, 0, wrong)
    row = np.zeros(size, np.float32)
    with pytest.raises(TypeError):
        writer.write(state, 0, [0.0] * size)
    for seat in (-1, 2):
        with pytest.raises(ValueError, match="no such seat"):
            writer.write(state, seat, row)
    other = terranova.make("discovery", engine="native", players=3)
    with pytest.raises(ValueError, match="another configuration"):
        writer.write(other, 0, row)
    with pytest.raises(TypeError):  # the Python engine's state: not a native one
        writer.write(terranova.make("discovery"), 0, row)
    assert not row.any()  # nothing written
    writer.write(state, None, row)
    assert row.any()


@pytest.mark.parametrize("name", ENCODINGS)
def test_figures_that_do_not_fit_the_game_are_refused(name: str) -> None:
    from terranova.games.discovery import native_state

    info = game_info("discovery")
    params = info.resolve({})
    coding = encoding_of(info, params, name)
    native = native_state.actions_of(native_state.discovery_game(**params)).native
    make = native_state.OBSERVERS[name]
    figures = native_state._figures(params, coding, name)
    assert make(native, figures, params).size == coding.observation_size
    for plane, (at, size) in figures["planes"].items():
        for wrong in ((at, size + 1), (coding.observation_size - size + 1, size)):
            moved = {**figures, "planes": {**figures["planes"], plane: wrong}}
            with pytest.raises(ValueError, match="a plane of another size"):
                make(native, moved, params)
    with pytest.raises(ValueError, match="one entry a design"):
        make(native, {**figures, "share": figures["share"][1:]}, params)


def test_a_writer_of_the_same_parameters_writes_states_of_tables_made_again() -> None:
    from terranova.games.discovery import native_state

    writer, coding = _writer({}, "compact")
    state = terranova.make("discovery", engine="native")
    native_state.actions_of.cache_clear()  # the tables made again: another native Game
    again = terranova.make("discovery", engine="native")
    row = np.zeros(coding.observation_size, np.float32)
    writer.write(again, 0, row)
    assert np.array_equal(row, _expected(coding, state, 0))


def test_no_writer_where_the_engine_writes_none(monkeypatch: pytest.MonkeyPatch) -> None:
    from terranova.games.discovery import native_engine, native_state

    info = game_info("discovery")
    params = info.resolve({})
    batch.no_writer_where_the_engine_writes_none(
        native_engine, native_state, params, encoding_of(info, params), monkeypatch
    )
