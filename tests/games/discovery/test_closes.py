"""The view's ``closes``: for the seat to move at the place step, the legal placements that
complete a territory (of 3 tiles or more; a mountain only with a port city counted) of one
of its incomplete followers. The first-game guide's "Your tile can close your ..." tip
reads it (the board works out no territory itself).

Positions are built from small tile sets (``reference.design``) with explicit draws;
x grows to the east, y to the south, the start tile at 0,0; rotation r turns a tile r
quarter turns clockwise.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import terranova
from terranova.core.actions import Action
from terranova.core.state import CHANCE, State
from terranova.games.discovery.actions import PASS, Deploy, Draw, Place
from terranova.games.discovery.rules import DiscoveryState
from terranova.games.discovery.tiles import TileSet
from tests.games.discovery.reference import LAB, LAB_START, design, tileset

M, G, S = "mountain", "grassland", "sea"

# single-edge mountains in the sea, with and without a port city, and a ridge between seas
PEAKS = tileset(
    LAB_START,
    design("S4", [(S, "NESW")], count=4),
    design("G", [(G, "NESW")], count=4),
    design("M1", [(M, "N"), (S, "ESW")], count=4),
    design("M1C", [(M, "N"), (S, "ESW")], count=4, cities=[(0, 1)]),
    design("ridge", [(S, "W"), (M, "NS"), (S, "E")], count=4),
)


def play(ts: TileSet, turns: list[tuple[str, int, int, int, Action]]) -> DiscoveryState:
    """Two players' turns (draw, place, then step 2), then the next draw's turn begins:
    the state at its place step."""
    state = DiscoveryState(ts, players=2)
    for design_id, x, y, rotation, then in turns:
        assert state.current_player() == CHANCE
        state.apply(Draw(design_id))
        state.apply(Place(design_id, x, y, rotation))
        state.apply(then)
    return state


def draw(state: DiscoveryState, design_id: str) -> dict[str, Any]:
    """Draw ``design_id`` for the seat to move next; that seat's view at its place step."""
    state.apply(Draw(design_id))
    seat = state.current_player()
    view = state.view(seat)
    assert view["phase"] == "place"
    legal = set(view["legal_actions"])
    for close in view["closes"]:  # every one is a legal placement
        assert str(Place(close["design"], close["x"], close["y"], close["rotation"])) in legal
    return view


def grassland_open_to_the_north() -> DiscoveryState:
    """Seat 0's explorer on a grassland of 4 tiles (an open grassland tile at 2,-1 with a
    grassland cape on its E, S and W sides) whose one open edge is the north of 2,-1."""
    return play(
        LAB,
        [
            ("S4", 1, 0, 0, PASS),  # seat 0
            ("P", 2, 0, 0, PASS),  # seat 1: cape, grassland N
            ("G", 2, -1, 0, Deploy(0)),  # seat 0: the explorer
            ("P", 1, -1, 1, PASS),  # seat 1: cape, grassland E
            ("P", 3, -1, 3, PASS),  # seat 0: cape, grassland W
            ("S4", 2, 1, 0, PASS),  # seat 1: elsewhere
        ],
    )


def test_a_tile_completing_a_grassland_of_5_tiles_is_listed() -> None:
    state = grassland_open_to_the_north()
    view = draw(state, "P")
    assert view["seat"] == 0
    assert view["closes"] == [
        {"x": 2, "y": -2, "design": "P", "rotation": 2, "follower": {"x": 2, "y": -1, "region": 0}}
    ]
    # laid there, it does complete the explorer's grassland, of 5 tiles
    state.apply(Place("P", 2, -2, 2))
    (explorer,) = state.view(0)["followers"]
    assert (explorer["complete"], explorer["tiles"], explorer["value_now"]) == (True, 5, 10)


def test_a_tile_that_opens_other_edges_closes_nothing() -> None:
    state = grassland_open_to_the_north()
    view = draw(state, "G")  # an open grassland: it fills the square, opens three edges
    assert "place G 2,-2 0" in view["legal_actions"]
    assert view["closes"] == []


def test_a_grassland_of_2_tiles_is_not_listed() -> None:
    state = play(
        LAB,
        [
            ("P", 1, 0, 0, Deploy(0)),  # seat 0: cape, grassland N, the explorer on it
            ("G", -1, 0, 0, PASS),  # seat 1: elsewhere
        ],
    )
    view = draw(state, "P")
    assert "place P 1,-1 180" in view["legal_actions"]  # it would close a grassland of 2
    assert view["closes"] == []


def mountain_open_to_the_north(peak: str) -> DiscoveryState:
    """Seat 0's brigand on the mountain of ``peak`` at 1,-1 (in the sea east of the start
    tile), continued north by a ridge whose north edge at 1,-2 is its one open edge."""
    return play(
        PEAKS,
        [
            ("S4", 1, 0, 0, PASS),  # seat 0
            ("G", -1, 0, 0, PASS),  # seat 1: elsewhere
            (peak, 1, -1, 0, Deploy(0)),  # seat 0: the brigand
            ("ridge", 1, -2, 0, PASS),  # seat 1
        ],
    )


def test_a_mountain_with_a_port_city_is_listed() -> None:
    view = draw(mountain_open_to_the_north("M1C"), "M1")
    (brigand,) = view["followers"]
    assert brigand["value_now"] == 1
    assert view["closes"] == [
        {"x": 1, "y": -3, "design": "M1", "rotation": 2, "follower": {"x": 1, "y": -1, "region": 0}}
    ]


def test_a_mountain_without_a_port_city_is_not_listed() -> None:
    view = draw(mountain_open_to_the_north("M1"), "M1")
    assert "place M1 1,-3 180" in view["legal_actions"]  # it would close it: 3 tiles, 0 points
    assert view["closes"] == []


def test_only_the_seat_to_move_sees_it_and_only_at_the_place_step() -> None:
    state = grassland_open_to_the_north()
    assert "closes" not in state.view(0)  # the draw is next: no one is placing
    draw(state, "P")
    assert "closes" not in state.view(1)
    assert "closes" not in state.view(None)
    state.apply(Place("P", 2, -2, 2))
    assert "closes" not in state.view(0)  # the follower step


# -------------------------------------------------- against every placement, tried


def closing_by_trying(state: State) -> list[dict[str, Any]]:
    """``closes`` worked out from the views alone: each legal placement laid on a copy,
    and each incomplete follower of the seat to move (a mountain only worth something)
    looked at after."""
    seat = state.current_player()
    mine = [
        (f["x"], f["y"], f["region"])
        for f in state.view(None)["followers"]
        if f["seat"] == seat and not f["complete"] and (f["terrain"] != M or f["value_now"])
    ]
    found: dict[tuple[int, int, int], list[dict[str, Any]]] = {at: [] for at in mine}
    if mine:
        for action in state.legal_actions():
            assert isinstance(action, Place)
            after = state.clone()
            after.apply(action)
            for f in after.view(None)["followers"]:
                at = (f["x"], f["y"], f["region"])
                if at in found and f["complete"] and f["tiles"] >= 3:
                    found[at].append(
                        {
                            "x": action.x,
                            "y": action.y,
                            "design": action.design,
                            "rotation": action.rotation,
                            "follower": {"x": at[0], "y": at[1], "region": at[2]},
                        }
                    )
    return [close for at in mine for close in found[at]]


@pytest.mark.parametrize(
    "params",
    [{"players": 2}, {"players": 3, "hand": 2, "hand_visibility": "private"}],
    ids=["2p", "3p-hand2-private"],
)
def test_closes_are_the_placements_that_close_when_tried(params: dict[str, object]) -> None:
    rng = random.Random(5)
    state = terranova.make("discovery", **params)
    listed = 0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(seat)
        if view["phase"] == "place":
            assert view["closes"] == closing_by_trying(state)
            listed += len(view["closes"])
        legal = state.legal_actions()
        deploys = [a for a in legal if isinstance(a, Deploy)]  # followers out, most turns
        state.apply(rng.choice(deploys if deploys and rng.random() < 0.8 else legal))
    assert listed, "the game meets placements that close a territory"
