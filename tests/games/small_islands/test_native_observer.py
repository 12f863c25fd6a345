"""Small Islands' native observation writer (``native_engine.observer``), for one native
state in either encoding, against the reference: at every position of random games
(chance nodes and the end included), for every seat and a spectator, its row is the Python
encoding's of the Python state's view, bit for bit, the seat to move's legal actions listed
where the encoding lists them (as interop/table.py's ``Table.listed``).

Like test_native.py, these tests need the native engine built (marker ``native``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import terranova
from terranova.core.encoding import Encoding
from terranova.core.state import State
from terranova.games.small_islands import INFO
from terranova.games.small_islands.encoding import compact, encoding
from tests.conformance import batch
from tests.games.small_islands.helpers import random_step, tile_file

pytestmark = pytest.mark.native

GAME = "small-islands"
ENCODINGS = {"standard": encoding, "compact": compact}


def _observers(params: dict[str, Any]) -> list[tuple[str, Encoding, Any]]:
    """Each encoding of these (resolved) parameters, and its native writer."""
    from terranova.games.small_islands import native_engine

    out = []
    for name, make in ENCODINGS.items():
        coding = make(params)
        writer = native_engine.observer(params, name, coding)
        assert writer is not None, name
        out.append((name, coding, writer))
    return out


def _observe_alike(params: dict[str, Any], seed: int) -> int:
    """Play one random game on both engines in lockstep, checking at every position that
    both writers write each seat's and a spectator's observation as the Python encodings
    do; returns the rows compared."""
    reference = terranova.make(GAME, **params)
    native = terranova.make(GAME, engine="native", **params)
    observers = _observers(reference.params())
    rows = {name: np.full(coding.observation_size, np.nan, np.float32)
            for name, coding, _ in observers}  # fmt: skip
    rng = random.Random(seed)
    compared = 0
    while True:
        current = reference.current_player()
        for seat in [*range(reference.num_seats), None]:
            view = reference.view(seat)
            for name, coding, writer in observers:
                expected = coding.observation(
                    view,
                    reference.legal_actions()
                    if coding.listing is not None and seat == current
                    else (),
                )
                row = rows[name]
                writer.write(native, seat, row)
                at = (name, reference.ply, seat, view["step"])
                assert np.array_equal(row, expected), (at, np.flatnonzero(row != expected))
                compared += 1
        if reference.is_terminal():
            assert native.is_terminal()
            return compared
        native.apply(random_step(reference, rng))  # chance by its odds, on both


@pytest.mark.parametrize(
    ("params", "seed"),
    [
        ({}, 1),
        ({"players": 2, "mode": "advanced"}, 2),
        ({"players": 1}, 3),
        ({"players": 1, "alexis": 3, "mode": "advanced"}, 4),
        ({"players": 3, "mode": "advanced", "tokens": "cover"}, 5),
        ({"players": 4, "start": "ordered"}, 6),
        ({"players": 2, "tiles": "test", "tokens": "cover"}, 7),
    ],
    ids=[
        "two",
        "two-advanced",
        "solo",
        "solo-alexis3-advanced",
        "three-advanced-cover",
        "four-ordered",
        "test-tiles-cover",
    ],
)
def test_the_native_writer_observes_as_the_python_encoding(
    params: dict[str, Any], seed: int
) -> None:
    if params.get("tiles") == "test":
        params = {**params, "tiles": tile_file()}
    assert _observe_alike(params, seed) > 100


def _setting() -> tuple[State, Encoding, Any]:
    state = terranova.make(GAME, engine="native")
    _, coding, writer = _observers(state.params())[0]
    return state, coding, writer


def test_a_wrong_array_is_refused_and_left_as_it_was() -> None:
    state, coding, writer = _setting()
    n = coding.observation_size
    read_only = np.zeros(n, np.float32)
    read_only.flags.writeable = False
    wrong = [
        np.zeros(n, np.float64),  # a copy would be written and lost
        np.zeros(n + 1, np.float32),
        np.zeros(n - 1, np.float32),
        np.zeros((1, n), np.float32),
        np.zeros(2 * n, np.float32)[::2],
        read_only,
        [0.0] * n,
        None,
    ]
    for out in wrong:
        with pytest.raises(ValueError, match="float32 vector"):
            writer.write(state, 0, out)
    for out in wrong[:5]:
        assert isinstance(out, np.ndarray) and not out.any()  # nothing written


def test_a_state_of_another_configuration_or_a_seat_not_one_is_refused() -> None:
    state, coding, writer = _setting()
    row = np.zeros(coding.observation_size, np.float32)
    other = terranova.make(GAME, engine="native", players=3)
    with pytest.raises(ValueError, match="another configuration"):
        writer.write(other, 0, row)
    for seat in (-1, state.num_seats):
        with pytest.raises(ValueError, match="no such seat"):
            writer.write(state, seat, row)
    assert not row.any()
    with pytest.raises(TypeError):  # a state of the Python engine
        writer.write(terranova.make(GAME), 0, row)
    # the same configuration, though the engine's tables were made again, is one
    from terranova.games.small_islands import native_state

    native_state.actions_of.cache_clear()
    again = terranova.make(GAME, engine="native")
    assert again.game is not state.game
    writer.write(again, 0, row)
    assert row.any()


def test_no_writer_without_the_engine_or_beyond_its_bounds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from terranova.games.small_islands import native_engine, native_state

    params = INFO.resolve({})
    batch.no_writer_where_the_engine_writes_none(
        native_engine, native_state, params, encoding(params), monkeypatch
    )
