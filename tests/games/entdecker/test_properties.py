"""Properties over random games: gold moves only between the players and the bank as the
rules say, every tile and every unit is in exactly one place, and records replay."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from terranova.core import records
from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game
from terranova.games.entdecker.actions import (
    Announce,
    Income,
    Place,
    Roll,
    Settle,
    StartEdge,
    StartTile,
)
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Placing, Rolling, Trekking

PARAMS: st.SearchStrategy[dict[str, object]] = st.sampled_from(
    [
        {"players": 2},
        {"players": 3, "natives": "scout", "tile_cap": 3},
        {"players": 4, "setup": "variable", "edge_costs": "free"},
    ]
)


def expected_gold(g: EntdeckerState, action: object) -> list[int]:
    """What each player's gold becomes after ``action``, from the rules alone."""
    gold = g.gold[:]
    seat = g.current_player()
    t = g.tables
    top = g.agenda[-1]
    if type(action) is Roll and action.face != "wheel" and isinstance(top, Rolling):
        x = int(action.face)
        return [v + (x if s == top.seat else x + 1) for s, v in enumerate(gold)]
    if type(action) is Income:
        return [v + (action.value if s == seat else action.value + 1) for s, v in enumerate(gold)]
    if type(action) is StartEdge:
        gold[seat] -= g.edge_cost[t.point_index[action.point]]
        return gold
    if type(action) is StartTile:
        gold[seat] -= g.edge_cost[t.point_index[action.via]]
        for owner in map(int, filter(None, action.tolls.split(","))):
            gold[seat] -= 2
            gold[owner] += 2
        return gold
    if type(action) is Announce:
        gold[seat] -= action.count * (4 if action.kind == "open" else 1)
        return gold
    if type(action) is Settle:
        gold[seat] -= {"scout": 1, "fort": 3, "settlement": 6}[action.kind]
        return gold
    if type(action) is Place:
        event = t.event[t.index[action.design]]
        if event == "mine":
            gold[seat] += 3
        elif event == "pirates":
            gold[seat] -= gold[seat] // 2
        return gold
    return gold


def zones(g: EntdeckerState) -> tuple[list[int], list[list[int]]]:
    """Tiles per design wherever they are; units per seat and kind wherever they are."""
    n = g.tables.n
    tiles = [0] * n
    for _, d, _ in g.map.tiles:
        tiles[d] += 1
    for d in range(n):
        tiles[d] += g.hidden[d] + g.box[d]
    for d in g.discards:
        tiles[d] += 1
    for k in range(1, 7):
        if g.tables.open_design[k] >= 0:
            tiles[g.tables.open_design[k]] += g.open_stacks[k]
    if not g.over and isinstance(g.agenda[-1], Placing):
        tiles[g.agenda[-1].design] += 1
    units = [s[:] for s in g.supply]
    for _, seat, kind in g.units:
        units[seat][kind] += 1
    for spaces in g.paths:
        for seat in spaces:
            if seat >= 0:
                units[seat][0] += 1
    for step in g.agenda:
        if isinstance(step, Trekking):
            units[step.seat][0] += 1
    return tiles, units


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), params=PARAMS)
def test_gold_and_pieces_are_conserved(seed: int, params: dict[str, Any]) -> None:
    g = new_game(**params)
    rng = random.Random(seed)
    n = g.num_seats
    total = sum(g.gold) + g.bank
    counts = [d.count for d in g.tables.designs]
    board = g.tables.board
    units0 = [[board.scouts[n - 2] - 1, board.forts, board.settlements] for _ in range(n)]
    while not g.is_terminal():
        if g.current_player() == CHANCE:
            action = g.sample_chance(rng)
        else:
            action = rng.choice(g.legal_actions())
        expected = expected_gold(g, action)
        g.apply(action)
        assert sum(g.gold) + g.bank == total
        assert min(g.gold) >= 0
        assert g.gold == expected, action
        tiles, units = zones(g)
        assert tiles == counts
        assert units == units0


def test_records_replay_for_every_variant() -> None:
    from tests.conformance.test_protocol import RandomAgent

    cases: list[dict[str, Any]] = [
        {"players": 2, "setup": "variable"},
        {"players": 3, "natives": "scout", "island_tie": "share"},
        {"players": 4, "tile_cap": 3, "tiebreak": "shared", "edge_costs": "free"},
    ]
    for params in cases:
        state = new_game(**params)
        record = records.play(state, [RandomAgent(s) for s in range(state.num_seats)], seed=9)
        again = records.replay(records.GameRecord.from_json(record.to_json()))
        assert [str(a) for a in again.history()] == record.actions
        assert list(again.returns()) == record.result["scores"]
