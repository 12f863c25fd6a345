"""The adapters play a game on its native engine where that engine writes the encoding's
observations (``registry.native_observer``): the same game, index for index and number for
number, as on the Python engine."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from terranova.core.errors import InvalidParameterError
from terranova.core.registry import native_available
from terranova.core.state import CHANCE, TERMINAL
from terranova.interop.table import Table
from tests.interop.cases import CODED, coded

NATIVE = [(g, e) for g, e in CODED if Table.new(g, e).observer is not None]


def lockstep(game_id: str, encoding: str, seed: int, moves: int) -> int:
    """Play one random game on both engines at once, comparing all a table says at every
    position; the positions compared."""
    native = Table.new(game_id, encoding)
    python = Table(native.info, native.params, native.info.factory(**native.params), native.coding)
    assert native.state.engine == "native" and getattr(python.state, "engine", "python") == "python"
    seats = [*range(native.state.num_seats), None]
    rng = random.Random(seed)
    compared = 0
    while compared < moves:
        assert native.player() == python.player()
        for seat in seats:
            np.testing.assert_array_equal(native.observation(seat), python.observation(seat))
        if native.coding.memory_size:
            for seat in seats[:-1]:
                assert seat is not None
                np.testing.assert_array_equal(
                    native.information_state(seat), python.information_state(seat)
                )
        compared += 1
        if native.player() == TERMINAL:
            assert native.state.returns() == python.state.returns()
            break
        if native.player() == CHANCE:
            outcomes = native.chance_indices()
            assert outcomes == python.chance_indices()
            index = rng.choices([i for i, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = native.legal_indices()
            assert legal == python.legal_indices()
            np.testing.assert_array_equal(native.mask(), python.mask())
            index = rng.choice(legal)
        native.apply(index)
        python.apply(index)
    return compared


@pytest.mark.native
@pytest.mark.parametrize(("game_id", "encoding"), NATIVE)
def test_a_native_table_plays_the_python_tables_game(game_id: str, encoding: str) -> None:
    for seed in range(3):
        assert lockstep(game_id, encoding, seed, moves=60) > 10


@coded
def test_copies_restarts_and_pickles_keep_the_tables_engine(game_id: str, encoding: str) -> None:
    table = Table.new(game_id, encoding)
    engine = getattr(table.state, "engine", "python")
    assert (engine == "native") == (table.observer is not None)
    for other in (table.copy(), table.restarted(), pickle.loads(pickle.dumps(table))):
        assert getattr(other.state, "engine", "python") == engine
        assert other.observer is table.observer


@coded
def test_every_encoding_of_a_game_with_a_native_engine_is_written_natively(
    game_id: str, encoding: str
) -> None:
    table = Table.new(game_id, encoding)
    assert (table.observer is not None) == native_available(game_id)


@pytest.mark.native
@pytest.mark.parametrize(("game_id", "encoding"), NATIVE)
def test_a_table_keeps_the_engine_it_was_made_on(
    game_id: str, encoding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERRANOVA_NATIVE", "0")
    python = Table.new(game_id, encoding)
    monkeypatch.setenv("TERRANOVA_NATIVE", "1")
    asked = Table(python.info, python.params, coding=python.coding, engine="python")
    for table in (python, asked):
        assert table.engine == "python"
        for other in (table.restarted(), pickle.loads(pickle.dumps(table)), table.copy()):
            assert getattr(other.state, "engine", "python") == "python"
            assert other.observer is None
    native = Table.new(game_id, encoding)
    assert native.engine == "native"
    assert pickle.loads(pickle.dumps(native)).state.engine == "native"
    with pytest.raises(InvalidParameterError, match="no engine 'rust'"):
        Table(python.info, python.params, engine="rust")
