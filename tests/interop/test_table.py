"""The adapters' table (terranova.interop.table): what it keeps between calls."""

from __future__ import annotations

import random

import numpy as np
import pytest

from terranova.core.state import CHANCE, TERMINAL
from terranova.interop.table import Table, encoded_games

REMEMBERING = sorted(g for g in encoded_games() if Table.new(g).coding.memory_size)


def step_at_random(table: Table, rng: random.Random) -> None:
    if table.player() == CHANCE:
        table.apply(rng.choice(table.chance_indices())[0])
    else:
        table.apply(rng.choice(table.legal_indices()))


@pytest.mark.parametrize("game_id", REMEMBERING)
def test_an_information_state_is_the_observation_then_the_memory_with_moves_to_catch_up(
    game_id: str,
) -> None:
    """Catching up the memories writes over the table's buffer: the information state must
    still hold the seat's own observation, with two seats' memories kept and moves waiting."""
    table = Table.new(game_id)
    table.memory_of(0)
    table.memory_of(1)
    rng = random.Random(1)
    asked = 0
    while table.player() != TERMINAL and asked < 40:
        if table.player() != CHANCE:
            got = table.information_state(0)
            want = np.concatenate([table.observation(0), table.memory_of(0)])
            np.testing.assert_array_equal(got, want)
            asked += 1
        step_at_random(table, rng)
    assert asked > 5


@pytest.mark.parametrize("game_id", sorted(encoded_games()))
def test_the_lists_handed_out_are_the_caller_s_own(game_id: str) -> None:
    table = Table.new(game_id)
    rng = random.Random(2)
    seen = {CHANCE: False, "seat": False}
    while table.player() != TERMINAL and not all(seen.values()):
        if table.player() == CHANCE:
            given = table.chance_indices()
            expected = given[:]
            given.clear()
            assert table.chance_indices() == expected
            seen[CHANCE] = True
        else:
            given_indices = table.legal_indices()
            expected_indices = given_indices[:]
            given_indices.reverse()
            given_indices.append(-1)
            assert table.legal_indices() == expected_indices
            seen["seat"] = True
        step_at_random(table, rng)
    assert seen["seat"]
