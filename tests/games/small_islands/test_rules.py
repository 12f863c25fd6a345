"""One test per rule of Small Islands, on built positions (docs/small-islands/rules.md and
rulings.md, in their order), then properties over random games and perft-style counts.

Positions are built on the test tile set of :mod:`.helpers` through the state's internals;
what the rules do is checked through the protocol (legal actions, apply, view, returns,
winners)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terranova.core.errors import IllegalActionError
from terranova.core.state import CHANCE
from terranova.core.turns import TurnOver
from terranova.games.small_islands import new_game, rounds
from terranova.games.small_islands.actions import Choose, Deal, Discover, Draw
from terranova.games.small_islands.components import Mission, Reward
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.objectives import Island, discoveries, fulfils, points
from terranova.games.small_islands.state import SmallIslandsState
from terranova.games.small_islands.steps import (
    AlexisTurn,
    Bonus,
    Choosing,
    Dealing,
    Discovering,
    Drawing,
    Keeping,
    Placing,
    Turn,
)
from terranova.games.small_islands.words import SHIPS_LAID
from tests.games.small_islands.helpers import (
    at_step,
    blank,
    brute_force,
    hand,
    harbour,
    lay,
    navigation,
    objective,
    play,
    random_step,
    row,
    ship,
    snapshot,
    texts,
    token,
)
from tests.games.small_islands.layouts import figures

# ------------------------------------------------------------------------ helpers


def tile_at(g: SmallIslandsState, x: int, y: int) -> dict[str, Any] | None:
    """The laid tile on (x, y) as the view shows it."""
    return next((t for t in g.view(None)["tiles"] if (t["x"], t["y"]) == (x, y)), None)


def houses_on(g: SmallIslandsState, x: int, y: int) -> list[int]:
    tile = tile_at(g, x, y)
    assert tile is not None
    houses: list[int] = tile.get("houses", [])
    return houses


def dock(g: SmallIslandsState, x: int = 30, y: int = 0) -> tuple[int, int]:
    """A one-tile islet (land N only) far from everything: the square south of it is all
    sea around, a place to land a ship. Returns that square."""
    lay(g, x, y, "spit")
    return x, y + 1


def idle(g: SmallIslandsState) -> None:
    """Every seat without an objective for this round gets one none of the test islands
    fulfils (a temple and a port, or a temple and two flowers; advanced: two ports and a
    fruit): in a game everyone holds one."""
    for seat in range(g.num_seats):
        if g.now[seat]:
            continue
        if "objective" in g.decks:
            choices: list[tuple[str, ...]] = [("O07",), ("O06",)]
        else:
            choices = [("M05", "R04"), ("M04", "R03")]
        free = [
            c
            for c in choices
            if all(card in g.decks[d] for d, card in zip(g.decks, c, strict=True))
        ]
        objective(g, seat, *free[0])


def landing_turn(g: SmallIslandsState, seat: int) -> tuple[int, int]:
    """``seat``'s turn with the Navigation stack empty and a dock to land at."""
    idle(g)
    spot = dock(g)
    g.nav = 0
    at_step(g, Turn(seat))
    return spot


def land(g: SmallIslandsState, seat: int, kind: str = "own") -> None:
    """``seat`` lands (its own ship or a grey one) at the dock: the round ends."""
    x, y = landing_turn(g, seat)
    play(g, f"land {kind} {x},{y}")


def houses(g: SmallIslandsState) -> list[str]:
    return [a for a in texts(g.legal_actions()) if a.startswith("house")]


def seat_view(g: SmallIslandsState, seat: int, viewer: int | None = None) -> dict[str, Any]:
    player: dict[str, Any] = g.view(seat if viewer is None else viewer)["seats"][seat]
    return player


# ======================================================================== starting tiles

# A column of the built-in starting tiles, top to bottom S1, S2, S4, S3, each laid where it
# fits (one of the 28,320 layouts rules version 1 could not make: S3 must touch S1 or S2,
# and S4, laid after it, can then never lie between them and S3).
COLUMN = ("place S1a 0,0 0", "place S2a 0,1 90", "place S4a 0,2 0", "place S3a 0,3 90")


def starting(g: SmallIslandsState) -> list[tuple[str, int, int, int]]:
    return [(t["design"], t["x"], t["y"], t["rotation"]) for t in g.view(None)["tiles"]]


def test_the_first_player_lays_the_starting_tiles_in_any_order() -> None:
    g = new_game(players=2)
    assert g.view(None)["step"] == "starting tiles" and g.current_player() == 0
    first = texts(g.legal_actions())
    assert first[:4] == [f"place S1a 0,0 {r}" for r in (0, 90, 180, 270)]
    assert {a.split()[1] for a in first} == {f"S{k}{side}" for k in range(1, 5) for side in "ab"}
    play(g, COLUMN[0], COLUMN[1])
    # S4 next, below S2, though S3 is not laid yet
    assert {a.split()[1] for a in texts(g.legal_actions())} == {"S3a", "S3b", "S4a", "S4b"}
    play(g, COLUMN[2])
    assert all(a.startswith("place S3") for a in texts(g.legal_actions()))
    play(g, COLUMN[3])
    assert starting(g) == [("S1a", 0, 0, 0), ("S2a", 0, 1, 1), ("S4a", 0, 2, 0), ("S3a", 0, 3, 1)]
    assert g.current_player() == CHANCE and g.view(None)["step"] == "reveal"  # set-up goes on


def test_ordered_variant_the_starting_tiles_are_laid_in_number_order() -> None:
    g = new_game(players=2, start="ordered")
    assert {a.split()[1] for a in texts(g.legal_actions())} == {"S1a", "S1b"}
    play(g, COLUMN[0], COLUMN[1])
    assert {a.split()[1] for a in texts(g.legal_actions())} == {"S3a", "S3b"}
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        play(g, COLUMN[2])  # S4 before S3
    assert snapshot(g) == before
    # nor can S3 wait for the end of the column: it must touch S1 or S2
    assert not any(" 0,3 " in a for a in texts(g.legal_actions()))


def test_the_start_variants_layouts_counted() -> None:
    """Ruling 4's figures: every layout of the 4 starting tiles (side, square and rotation
    of each, up to translation) that each variant's set-up can end with, by enumeration
    through the legal actions; the ordered variant makes 25,216 of the 53,536."""
    assert figures() == {"free": 53_536, "ordered": 25_216, "free only": 28_320}


# ======================================================================== placement


def test_a_tile_fitting_by_its_edges_but_not_by_a_diagonal_corner_is_refused() -> None:
    g = blank(2)
    # all land around the square 1,1 but its SE corner: the bay beyond it, diagonally,
    # shows sea at its NW corner (1,1 touches it at that point only)
    for x, y in [(1, 0), (2, 0), (3, 0), (3, 1), (3, 2)]:
        lay(g, x, y, "land")
    lay(g, 2, 2, "bay", 3)
    hand(g, 0, "land", "bay")
    at_step(g, Placing(0))
    legal = texts(g.legal_actions())
    # the all-land tile matches the only tile across an edge (1,0: land on every side) but
    # not the corner it shares with 2,2; the bay turned so that its sea corner is SE fits
    assert [a for a in legal if " 1,1 " in a] == ["place bay 1,1 90"]
    assert "place land 0,0 0" in legal  # where nothing is at odds, it fits
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        play(g, "place land 1,1 0")
    assert snapshot(g) == before
    play(g, "place bay 1,1 90")
    assert tile_at(g, 1, 1) == {"x": 1, "y": 1, "design": "bay", "rotation": 1}


def test_a_tile_must_match_the_corners_shared_with_a_tile_across_an_edge() -> None:
    g = blank(2)
    lay(g, 0, 0, "bay")  # all land edges, the NE corner sea
    hand(g, 0, "land", "land")
    at_step(g, Placing(0))
    # north and east of the bay the all-land tile's edge matches but a corner meets the bay
    assert texts(g.legal_actions()) == ["place land 0,1 0", "place land -1,0 0"]


def test_a_tile_must_touch_a_laid_tile_across_an_edge() -> None:
    g = blank(2)
    lay(g, 0, 0, "land")
    hand(g, 0, "land", "land")
    at_step(g, Placing(0))
    # the diagonal squares match by their corner but touch nothing across an edge
    assert texts(g.legal_actions()) == [
        "place land 0,-1 0",
        "place land 1,0 0",
        "place land 0,1 0",
        "place land -1,0 0",
    ]
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        play(g, "place land 1,1 0")
    assert snapshot(g) == before


def test_a_tile_may_be_laid_in_any_rotation_that_fits() -> None:
    g = blank(2)
    lay(g, 0, 0, "cape")  # land on its N edge only
    hand(g, 0, "cape", "cape")
    at_step(g, Placing(0))
    assert texts(g.legal_actions()) == [
        "place cape 0,-1 180",  # land S against the cape's land N
        "place cape 1,0 0",  # anything but land W against its sea
        "place cape 1,0 90",
        "place cape 1,0 180",
        "place cape 0,1 90",
        "place cape 0,1 180",
        "place cape 0,1 270",
        "place cape -1,0 0",
        "place cape -1,0 180",
        "place cape -1,0 270",
    ]
    play(g, "place cape 0,1 270")
    assert tile_at(g, 0, 1) == {"x": 0, "y": 1, "design": "cape", "rotation": 3}


# ======================================================================== islands


def test_islands_join_across_land_edges_only() -> None:
    g = blank(2)
    # a strait: two tiles with land W (0,0 and 0,1) face two with land E (1,0 and 1,1)
    # across their sea edges; each pair shares a land edge. Each tile: a flower, a house.
    lay(g, 0, 0, "west")
    lay(g, 0, 1, "west")
    lay(g, 1, 0, "west", 2)
    lay(g, 1, 1, "west", 2)
    objective(g, 0, "O01")  # more flowers than fruit: 1 per flower + 2
    land(g, 0)
    assert g.current_player() == 0
    assert houses(g) == ["house 0,0", "house 0,1", "house 1,0", "house 1,1"]
    play(g, "house 0,0")
    # one house per player per island: the island across the strait is another one
    assert houses(g) == ["house 1,0", "house 1,1"]
    play(g, "house 1,1")
    assert seat_view(g, 0)["prestige"] == 4 + 4  # two islands of two flowers
    assert seat_view(g, 0)["built"] == 2


def test_tiles_joined_by_a_land_edge_are_one_island() -> None:
    g = blank(2)
    for x in range(4):
        lay(g, x, 0, "flo")
    objective(g, 0, "O01")
    land(g, 0)
    assert houses(g) == [f"house {x},0" for x in range(4)]
    play(g, "house 2,0")
    assert g.current_player() == CHANCE  # no more houses: the next round's draws
    assert seat_view(g, 0)["prestige"] == 4 + 2  # one island of four flowers


# ======================================================================== bonus tokens


def token_table(g: SmallIslandsState) -> None:
    lay(g, 0, 0, "flo")
    lay(g, 1, 0, "fru")
    lay(g, 5, 5, "cape")  # a coast with a printed port
    lay(g, 7, 5, "pp")  # a coast with two printed ports
    lay(g, 9, 5, "bay")  # all land edges, a sea corner: a coast
    ship(g, 5, 6, -1)


def test_a_resource_token_goes_on_a_printed_resource_of_its_kind_never_on_a_token() -> None:
    g = blank(2)
    token_table(g)
    at_step(g, Turn(1), Bonus(0))
    assert texts(g.legal_actions()) == [
        "pass",
        "token flower 0,0",
        "token fruit 1,0",
        "token port 5,5",
        "token port 9,5",
    ]
    token(g, 1, "flower", 0, 0)  # seat 1 covers the only flower
    assert "token flower 0,0" not in texts(g.legal_actions())
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        play(g, "token flower 0,0")
    with pytest.raises(IllegalActionError):
        play(g, "token leaf 0,0")
    assert snapshot(g) == before
    play(g, "token fruit 1,0")
    assert tile_at(g, 1, 0) == {
        "x": 1, "y": 0, "design": "fru", "rotation": 0, "tokens": [{"seat": 0, "kind": "fruit"}]
    }  # fmt: skip
    assert seat_view(g, 0)["tokens"] == ["flower", "leaf", "port"]


def test_a_resource_token_counts_as_one_more_of_its_kind() -> None:
    g = blank(2)
    lay(g, 0, 0, "flo")
    lay(g, 1, 0, "fru")
    objective(g, 0, "O01")  # more flowers than fruit: 1 per flower + 2
    idle(g)
    dock(g)
    g.nav = 0
    at_step(g, Turn(1), Bonus(0))
    play(g, "token flower 0,0", "land own 30,1")
    assert houses(g) == ["house 0,0", "house 1,0"]  # two flowers now, one fruit
    play(g, "house 0,0")
    assert seat_view(g, 0)["prestige"] == 2 + 2


def test_cover_variant_a_token_covers_another_kinds_resource_and_counts_as_its_own() -> None:
    g = blank(2, tokens="cover")
    lay(g, 0, 0, "lea")
    lay(g, 1, 0, "fru")
    objective(g, 0, "O12")  # as many leaves as flowers (at least one): 6
    idle(g)
    dock(g)
    g.nav = 0
    at_step(g, Turn(1), Bonus(0))
    assert texts(g.legal_actions()) == [
        "pass",
        "token flower 0,0 over leaf",
        "token flower 1,0 over fruit",
        "token fruit 0,0 over leaf",
        "token leaf 1,0 over fruit",
        "token port 30,0",  # the dock
    ]
    play(g, "token flower 1,0 over fruit", "land own 30,1")
    # the fruit is a flower now: one leaf, one flower
    assert houses(g) == ["house 0,0", "house 1,0"]
    play(g, "house 1,0")
    assert seat_view(g, 0)["prestige"] == 6
    # a covered resource takes no other token
    at_step(g, Turn(0), Bonus(1))
    assert texts(g.legal_actions()) == [
        "pass",
        "token flower 0,0 over leaf",
        "token fruit 0,0 over leaf",
        "token port 30,0",
    ]


def test_a_port_token_goes_on_a_coast_at_most_two_ports_per_tile() -> None:
    g = blank(2)
    token_table(g)
    token(g, 1, "port", 5, 5)  # the cape's second port
    at_step(g, Turn(1), Bonus(0))
    # not on the all-land tiles, the ship, the cape with two ports or the printed pair
    assert [a for a in texts(g.legal_actions()) if "port" in a] == ["token port 9,5"]
    with pytest.raises(IllegalActionError):
        play(g, "token port 5,5")
    play(g, "token port 9,5")
    assert tile_at(g, 9, 5) == {
        "x": 9, "y": 5, "design": "bay", "rotation": 0, "tokens": [{"seat": 0, "kind": "port"}]
    }  # fmt: skip


def test_a_bonus_token_is_optional() -> None:
    g = blank(2)
    lay(g, 0, 0, "flo")
    hand(g, 0, "fru", "fru")
    navigation(g, 6)
    at_step(g, Placing(0))
    play(g, "place fru 1,0 0", "reveal land")
    assert g.current_player() == 0
    assert texts(g.legal_actions())[0] == "pass"
    play(g, "pass")
    assert g.view(None)["step"] == "turn" and g.current_player() == 1
    assert seat_view(g, 0)["tokens"] == ["flower", "fruit", "leaf", "port"]
    assert all("tokens" not in t for t in g.view(None)["tiles"])
    # with nowhere for any token the step is skipped
    g = blank(2)
    lay(g, 0, 0, "land")
    hand(g, 0, "land", "land")
    navigation(g, 6)
    at_step(g, Placing(0))
    play(g, "place land 1,0 0", "reveal land")
    assert g.view(None)["step"] == "turn" and g.current_player() == 1


# ======================================================================== landing


def test_landing_only_once_the_navigation_stack_is_empty() -> None:
    g = blank(2)
    lay(g, 0, 0, "flo")
    hand(g, 0, "flo", "flo")
    row(g, "flo")
    spot = dock(g)
    navigation(g, 1)
    at_step(g, Turn(0))
    assert texts(g.legal_actions()) == ["take flo"]
    with pytest.raises(IllegalActionError):
        play(g, "land own 30,1")
    g.nav = 0
    g.changed()
    assert spot == (30, 1)
    assert texts(g.legal_actions()) == [
        "take flo",
        "land own 31,0",  # the dock's sea sides, in the order they became reachable
        "land own 30,1",
        "land own 29,0",
        "land grey 31,0",
        "land grey 30,1",
        "land grey 29,0",
    ]


def test_a_player_lands_their_own_ship_or_a_grey_one_while_any_is_left() -> None:
    g = blank(2)  # 4 ship tiles, 2 colours in play: 2 grey ones
    landing_turn(g, 0)

    def landings() -> list[str]:
        return [a for a in texts(g.legal_actions()) if a.endswith(" 30,1")]

    assert g.view(None)["grey_ships"] == 2
    assert landings() == ["land own 30,1", "land grey 30,1"]
    ship(g, 10, 10, 0)  # seat 0's own ship is laid: grey ones only
    assert landings() == ["land grey 30,1"]
    ship(g, 12, 10, -1)
    ship(g, 14, 10, -1)  # no grey left
    assert g.view(None)["grey_ships"] == 0
    at_step(g, Turn(1))
    assert landings() == ["land own 30,1"]
    play(g, "land own 30,1")
    assert tile_at(g, 30, 1) == {"x": 30, "y": 1, "design": "ship", "rotation": 0, "ship": 1}


def test_a_ship_lies_only_where_everything_around_is_sea() -> None:
    g = blank(2)
    lay(g, 0, 0, "land")
    lay(g, 1, 0, "west")  # land W half: sea on its E edge and E corners
    g.nav = 0
    at_step(g, Turn(0))
    # east of the half-land tile everything is sea; next to a land edge it is not
    assert texts(g.legal_actions()) == ["land own 2,0", "land grey 2,0"]
    # land at a corner beyond it, diagonally (only that corner touches 2,0): no more
    lay(g, 3, 1, "dot", 3)
    at_step(g, Turn(0))
    assert [a for a in texts(g.legal_actions()) if a.endswith(" 2,0")] == []
    before = snapshot(g)
    with pytest.raises(IllegalActionError):
        play(g, "land own 2,0")
    assert snapshot(g) == before


def test_landing_ends_the_exploration_and_the_round_end_starts_from_the_lander() -> None:
    g = blank(3)
    for x, name in enumerate(["lea", "lea", "fru", "flo"]):
        lay(g, x, 0, name)
    objective(g, 0, "O05")  # more leaves than fruit: 6
    objective(g, 1, "O03")  # more leaves than flowers: 1 per leaf + 2
    objective(g, 2, "O08")  # a flower, a fruit and a leaf: 2 per scarcest + 2
    land(g, 1)
    seen = []
    while g.current_player() != CHANCE:
        seen.append(g.current_player())
        assert g.view(None)["step"] == "houses"
        play(g, "house 0,0" if g.current_player() == 1 else "done")
    assert seen == [1, 2, 0]  # no exploring turn: each builds, from the lander on
    view = g.view(None)
    assert view["first_player"] == 1
    assert view["step"] == "draw" and view["round"] == 1
    assert [p["prestige"] for p in view["seats"]] == [0, 4, 0]
    assert view["revealed"] == {}  # the objectives went back with the round


# ======================================================================== the end


def test_the_game_ends_when_every_ship_tile_is_laid() -> None:
    for laid, over in [(2, False), (3, True)]:
        g = blank(2)
        for i in range(laid):
            ship(g, 10 + 2 * i, 10, [0, 1, -1][i])
        land(g, 0, "grey")
        assert g.is_terminal() is over
        view = g.view(None)
        assert view["ended"] == (SHIPS_LAID.as_json() if over else None)
        assert str(g.end_reason()) == ("every ship tile is laid" if over else "None")
        if not over:
            assert view["step"] == "draw"


def test_the_game_ends_when_the_main_stack_cannot_fill_the_navigation_stack() -> None:
    for left, over in [(6, False), (5, True)]:
        g = blank(2)
        spot = landing_turn(g, 0)
        g.pool = [0] * len(g.pool)
        g.pool[0] = left  # the main stack: `left` all-land tiles
        g.reserve = left
        play(g, f"land own {spot[0]},{spot[1]}")
        view = g.view(None)
        assert g.is_terminal() is over
        if over:
            assert str(g.end_reason()) == "the main stack cannot fill the Navigation stack"
            assert g.winners() == [0]  # by the tie-break: the last to lay a tile
        else:
            assert (view["navigation"], view["stack"], view["round"]) == (6, 0, 1)


def test_the_game_ends_when_a_tile_is_needed_and_none_is_left() -> None:
    g = blank(2)
    lay(g, 0, 0, "flo")
    hand(g, 0, "fru", "fru")
    g.pool = [0] * len(g.pool)
    g.reserve = g.nav = 0
    at_step(g, Placing(0))
    play(g, "place fru 1,0 0")
    assert g.is_terminal()
    assert str(g.end_reason()) == "a tile is needed and none is left"
    assert tile_at(g, 1, 0) is not None  # the tile was laid first


def test_the_game_ends_when_a_player_can_neither_explore_nor_land() -> None:
    for playable, over in [("land", False), ("dot", True)]:
        g = blank(2)
        lay(g, 0, 0, "flo")  # land on every edge: nowhere for a tile without a land edge
        hand(g, 1, "dot", "dot")  # land at a corner only
        row(g, "dot", "dot", playable)
        g.nav = 0  # a ship could be landed, but no square is all sea around
        at_step(g, TurnOver(0), Bonus(0))
        play(g, "pass")
        assert g.is_terminal() is over
        if over:
            # the view names the seat for the board to say by its name
            assert str(g.end_reason()) == "seat 2 can neither explore nor land"
            assert g.view(None)["ended_seat"] == 1
            reason = g.end_reason()
            assert reason is not None
            assert reason.render("fr") == "place 2 ne peut ni explorer ni accoster"
            assert reason.render("de") == "Platz 2 kann weder erkunden noch anlegen"
        else:
            assert texts(g.legal_actions()) == ["take land"]


# ======================================================================== missions


def test_mission_more_strictly_more_of_a_than_of_b() -> None:
    more = Mission("m", "more", "flower", "fruit")
    assert fulfils(more, Island(2, flower=2, fruit=1))
    assert fulfils(more, Island(2, flower=1))  # b absent
    assert not fulfils(more, Island(2, flower=2, fruit=2))
    assert not fulfils(more, Island(2, flower=1, fruit=2))
    assert not fulfils(more, Island(2))


def test_mission_symbols_at_least_every_symbol_shown() -> None:
    symbols = Mission("m", "symbols", need=(("flower", 2), ("temple", 1)))
    assert fulfils(symbols, Island(2, flower=2, temple=1))
    assert fulfils(symbols, Island(5, flower=4, temple=2, leaf=1))
    assert not fulfils(symbols, Island(2, flower=1, temple=1))
    assert not fulfils(symbols, Island(2, flower=3))
    ports = Mission("m", "symbols", need=(("port", 2), ("fruit", 1)))
    assert fulfils(ports, Island(3, fruit=1, port=2))
    assert not fulfils(ports, Island(3, fruit=1, port=1))


def test_mission_equal_as_many_of_a_as_of_b_at_least_one() -> None:
    equal = Mission("m", "equal", "fruit", "leaf")
    assert fulfils(equal, Island(2, fruit=2, leaf=2, flower=5))
    assert fulfils(equal, Island(2, fruit=1, leaf=1))
    assert not fulfils(equal, Island(2, fruit=1, leaf=2))
    assert not fulfils(equal, Island(2, flower=3))  # none of either


def test_mission_match_as_many_of_a_as_of_one_of_the_two_others() -> None:
    match = Mission("m", "match", "flower")
    assert fulfils(match, Island(2, flower=2, fruit=2))
    assert fulfils(match, Island(2, flower=2, leaf=2, fruit=7))
    assert not fulfils(match, Island(2, flower=2, fruit=1, leaf=3))
    assert not fulfils(match, Island(2, fruit=0, leaf=0))  # at least one


def test_reward_kinds() -> None:
    island = Island(5, flower=3, fruit=1, leaf=2, temple=2, port=1)
    assert points(Reward("r", "per_symbol", "flower", 1, 2), island) == 3 + 2
    assert points(Reward("r", "per_symbol", "temple", 2, 2), island) == 4 + 2
    assert points(Reward("r", "per_symbol", "port", 1, 2), island) == 1 + 2
    lowest = Reward("r", "lowest", points=2, bonus=2)
    assert points(lowest, island) == 2 * 1 + 2
    assert points(lowest, Island(2, flower=3, fruit=3)) == 2  # no leaf: the bonus only
    assert points(Reward("r", "flat", points=6), island) == 6
    chosen = Reward("r", "chosen", points=1, bonus=2)
    assert points(chosen, island) == 3 + 2  # the most plentiful resource: flowers
    assert points(chosen, Island(2, leaf=4, fruit=1)) == 4 + 2
    discovery = Reward("r", "discovery")
    assert points(discovery, island) == 0
    assert discoveries(discovery, island) == 2  # one token per temple
    assert discoveries(chosen, island) == 0


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [(2, 0), (3, 4), (4, 4), (5, 4), (6, 6), (8, 6), (9, 8), (11, 8), (12, 10), (20, 10)],
)
def test_reward_size_pays_the_largest_size_reached(tiles: int, expected: int) -> None:
    size = Reward("r", "size", sizes=((3, 4), (6, 6), (9, 8), (12, 10)))
    assert points(size, Island(tiles)) == expected


@pytest.mark.parametrize(
    ("cards", "island", "expected"),
    [
        # more: flowers 2 > fruit 1; per_symbol: 1 per flower + 2
        (("O01",), ["flo", "flo", "fru"], 4),
        (("O01",), ["flo", "fru"], None),
        # more fruit than flowers; size: 5 tiles pay as 3
        (("O04",), ["fru", "fru", "land", "land", "land"], 4),
        # symbols: 2 fruit, 2 leaves; size: 6 tiles
        (("O09",), ["fru", "fru", "lea", "lea", "land", "land"], 6),
        (("O09",), ["fru", "lea", "lea", "land", "land", "land"], None),
        # symbols: a flower, a fruit, a leaf; lowest: 2 per scarcest + 2
        (("O08",), ["flo", "flo", "fru", "fru", "lea"], 4),
        # equal flowers and fruit; lowest (no leaf: only the bonus)
        (("O10",), ["flo", "fru"], 2),
        (("O10",), ["flo", "fru", "fru"], None),
        # equal fruit and leaves; chosen: the most plentiful (3 flowers) + 2
        (("O11",), ["fru", "lea", "flo", "flo", "flo"], 5),
        # equal leaves and flowers; flat 6
        (("O12",), ["lea", "flo"], 6),
        # advanced: match (as many flowers as leaves) with a flat 6
        (("M10", "R08"), ["flo", "flo", "lea", "lea", "fru"], 6),
        (("M10", "R08"), ["flo", "flo", "lea", "fru", "fru", "fru"], None),
        # advanced: more fruit than flowers with 1 per port + 2 (no port here)
        (("M02", "R04"), ["fru", "land"], 2),
    ],
)
def test_missions_and_rewards_at_a_round_end(
    cards: tuple[str, ...], island: list[str], expected: int | None
) -> None:
    g = blank(2, mode="advanced" if len(cards) == 2 else "normal")
    for x, name in enumerate(island):
        lay(g, x, 0, name)
    objective(g, 0, *cards)
    land(g, 1)
    if expected is None:
        assert g.current_player() == CHANCE  # no island fulfils it: nothing to build
        assert seat_view(g, 0)["built"] == 0
        return
    assert g.current_player() == 0
    play(g, f"house {houses(g)[0][6:]}")
    assert seat_view(g, 0)["prestige"] == expected


def test_discovery_reward_a_token_per_temple_keep_one_the_others_go_back() -> None:
    g = blank(2)
    for x, name in enumerate(["tem", "tem", "flo", "flo"]):
        lay(g, x, 0, name)
    objective(g, 0, "O06")  # a temple and two flowers: Discovery
    land(g, 1)
    play(g, "house 0,0")
    assert g.view(None)["step"] == "discovery"
    assert len(g.chance_outcomes()) == 12
    play(g, "discover D12", "discover D01")  # two temples: two tokens
    assert texts(g.legal_actions()) == ["choose D01", "choose D12"]
    assert g.view(0)["drawn_tokens"] == ["D12", "D01"]
    assert g.view(1)["drawn_tokens"] == 2
    play(g, "choose D12")
    assert seat_view(g, 0)["discoveries"] == [{"token": "D12", "value": 6}]
    assert seat_view(g, 0, viewer=1)["discoveries"] == 1
    assert g.view(None)["discovery_pool"] == 11
    assert seat_view(g, 0)["prestige"] == 0
    assert seat_view(g, 0)["score"] == 6  # its own view counts the token
    assert seat_view(g, 0, viewer=1)["score"] == 0
    # the token put back may be drawn again
    at_step(g, Discovering(1, 1))
    assert "discover D01" in texts(g.legal_actions())


# ======================================================================== houses


def test_houses_one_per_player_per_island_of_two_tiles_on_a_free_house_symbol() -> None:
    g = blank(2)
    lay(g, 0, 0, "flo")  # an island of one tile
    for x, name in enumerate(["flo", "land", "flo", "flo"]):  # "land": no house symbol
        lay(g, x, 2, name)
    rounds.build(g, 1, g.tables.grid.encode(2, 2))  # seat 1's house on 2,2
    objective(g, 0, "O01")
    land(g, 0)
    assert houses(g) == ["house 0,2", "house 3,2"]
    with pytest.raises(IllegalActionError):
        play(g, "house 0,0")
    with pytest.raises(IllegalActionError):
        play(g, "house 2,2")
    play(g, "house 3,2")
    assert g.current_player() == CHANCE  # one house on that island: no more to build
    assert houses_on(g, 3, 2) == [0]
    assert houses_on(g, 2, 2) == [1]
    assert houses_on(g, 0, 2) == []


def test_houses_are_refilled_to_four_from_the_reserve() -> None:
    g = blank(2)
    for y in range(3):
        for x in range(2):
            lay(g, x, 3 * y, "flo")
    objective(g, 0, "O01")
    g.supply[1], g.stock[1], g.built[1] = 1, 1, 6
    land(g, 0)
    play(g, "house 0,0", "house 0,3")
    assert (seat_view(g, 0)["houses"], seat_view(g, 0)["reserve"]) == (2, 4)
    play(g, "done")
    # after the round end: back to 4 from the reserve; seat 1 has only one left
    assert g.view(None)["step"] == "draw"
    assert [(p["houses"], p["reserve"], p["built"]) for p in g.view(None)["seats"]] == [
        (4, 2, 2),
        (2, 0, 6),
    ]


def test_houses_last_one_left() -> None:
    g = blank(2)
    for y in range(2):
        for x in range(2):
            lay(g, x, 3 * y, "flo")
    objective(g, 0, "O01")
    g.supply[0], g.stock[0], g.built[0] = 1, 0, 7
    land(g, 0)
    play(g, "house 0,0")  # the last house: no more to build
    assert g.current_player() == CHANCE
    assert (seat_view(g, 0)["houses"], seat_view(g, 0)["reserve"]) == (0, 0)


def test_two_islands_with_a_players_house_that_join_keep_both_and_take_no_third() -> None:
    g = blank(2)
    for x in (0, 1, 3, 4):
        lay(g, x, 0, "flo")
    rounds.build(g, 0, g.tables.grid.encode(0, 0))
    rounds.build(g, 0, g.tables.grid.encode(3, 0))
    hand(g, 0, "flo", "flo")
    navigation(g, 6)
    at_step(g, Turn(1), Placing(0))
    play(g, "place flo 2,0 0", "reveal land", "pass")
    assert houses_on(g, 0, 0) == [0] and houses_on(g, 3, 0) == [0]
    objective(g, 0, "O01")
    land(g, 1)
    assert g.current_player() == CHANCE  # seat 0 has a house on the island: no third
    assert seat_view(g, 0)["built"] == 2


ONE_CARD_EACH = """
[bonus]
tokens = ["flower", "fruit", "leaf", "port"]

[[objective]]
id = "O01"
mission = { kind = "more", a = "flower", b = "fruit" }
reward = { kind = "flat", points = 6 }

[[mission]]
id = "M01"
kind = "more"
a = "flower"
b = "fruit"

[[reward]]
id = "R01"
kind = "flat"
points = 6

[[discovery]]
id = "D01"
value = 3

[[alexis]]
id = "A1"
stars = 2
explore = 1
land = 1
houses = 1
base = 30
per_house = 1

[[expedition]]
id = "E01"
kind = "explore"

[[expedition]]
id = "E02"
kind = "land"
"""


def test_decks_too_small_a_player_without_an_objective_builds_nothing(tmp_path: Any) -> None:
    cards = tmp_path / "cards.toml"
    cards.write_text(ONE_CARD_EACH, encoding="utf-8")
    g = blank(2, cards=str(cards))
    lay(g, 0, 0, "flo")
    lay(g, 1, 0, "flo")
    objective(g, 0, "O01")  # the only card: seat 1 holds none (ruling 22)
    hand(g, 1, "flo", "flo")
    row(g, "flo")
    spot = dock(g)
    g.nav = 0
    at_step(g, Turn(1))
    play(g, f"land own {spot[0]},{spot[1]}")
    play(g, "house 0,0")
    assert seat_view(g, 0)["prestige"] == 6
    # the next round: the lander draws the only card and plays it; seat 0 plays none
    play(g, "draw O01")
    assert g.view(None)["step"] == "turn" and g.current_player() == 1
    assert seat_view(g, 1)["objective"] == ["O01"]
    assert seat_view(g, 0)["objective"] == []


# ======================================================================== ports, ships


def test_a_point_per_port_around_ones_own_ship_grey_ships_score_nobody() -> None:
    g = blank(2)
    harbour(g, 0, 0, ports=5)  # five capes with a printed port, three spits
    token(g, 1, "port", -1, -1)  # a spit with seat 1's port token: a sixth port
    lay(g, 0, -3, "pp")  # two ports two squares away: not around the ship
    harbour(g, 10, 0, ports=8)
    ship(g, 10, 0, -1)  # a grey ship amid 8 ports
    idle(g)
    g.nav = 0
    at_step(g, Turn(0))
    play(g, "land own 0,0")
    assert [p["ports_around_ship"] for p in g.view(None)["seats"]] == [6, 0]
    assert [p["score"] for p in g.view(None)["seats"]] == [6, 0]


# ======================================================================== tie-breaks


def tie(
    prestige: tuple[int, int],
    ports: tuple[int, int],
    built: tuple[int, int],
    lander: int,
) -> SmallIslandsState:
    """Seats 0 and 1 with their own ships amid ``ports`` ports, ``prestige`` and ``built``
    houses; a grey ship laid; ``lander`` lands the last (grey) ship: the game ends."""
    g = blank(2)
    for seat in (0, 1):
        harbour(g, 10 * seat, 0, ports=ports[seat])
        ship(g, 10 * seat, 0, seat)
        g.prestige[seat] = prestige[seat]
        g.built[seat] = built[seat]
        g.supply[seat] = 4 - built[seat]
    ship(g, 20, 0, -1)
    g.last_tile[:] = [1, 2]
    land(g, lander, "grey")
    assert g.is_terminal()
    return g


def test_tie_break_most_ports_around_the_ship() -> None:
    g = tie(prestige=(5, 6), ports=(3, 2), built=(0, 3), lander=1)
    returns = g.returns()
    assert [int(r) for r in returns] == [8, 8]
    assert g.winners() == [0]
    assert returns[0] > returns[1]
    assert g.view(None)["winners"] == [0]


def test_tie_break_most_houses_built() -> None:
    g = tie(prestige=(5, 5), ports=(2, 2), built=(3, 1), lander=1)
    assert [int(r) for r in g.returns()] == [7, 7]
    assert g.winners() == [0]


def test_tie_break_the_last_to_lay_a_tile() -> None:
    g = tie(prestige=(5, 5), ports=(2, 2), built=(1, 1), lander=1)
    assert g.winners() == [1]  # the ship seat 1 landed was the last tile
    g = tie(prestige=(5, 5), ports=(2, 2), built=(1, 1), lander=0)
    assert g.winners() == [0]
    g = tie(prestige=(6, 5), ports=(2, 2), built=(0, 3), lander=1)
    assert g.winners() == [0]  # the score first


# ======================================================================== advanced mode


def test_advanced_three_missions_and_three_rewards_build_one_objective() -> None:
    g = new_game(players=2, mode="advanced")
    while g.view(None)["step"] == "starting tiles":
        g.apply(g.legal_actions()[0])
    while g.view(None)["step"] in ("reveal", "deal"):
        g.apply(g.chance_outcomes()[0][0])
    # set-up: a Mission and a Reward each; the round: two more of each
    play(g, "draw M01", "draw R01", "draw M02", "draw R02")
    play(g, "draw M03", "draw M04", "draw R03", "draw R04")
    play(g, "draw M05", "draw M06", "draw R05", "draw R06")
    assert g.current_player() == 0 and g.view(None)["step"] == "objectives"
    assert seat_view(g, 0)["holding"] == {
        "mission": ["M01", "M03", "M04"],
        "reward": ["R01", "R03", "R04"],
    }
    legal = texts(g.legal_actions())
    assert len(legal) == 36  # 3 x 2 Missions by 3 x 2 Rewards
    assert legal[0] == "build M01 R01 next M03 R03"
    assert "build M04 R03 next M01 R04" in legal
    assert not any(a.split()[1] == a.split()[4] for a in legal)
    play(g, "build M04 R01 next M03 R04")
    mine = seat_view(g, 0)
    assert mine["objective"] == ["M04", "R01"]
    assert mine["next_objective"] == ["M03", "R04"]
    assert mine["holding"] == {"mission": [], "reward": []}
    assert g.view(None)["decks"] == {"mission": 7, "reward": 7}  # M01 and R03 are back
    assert g.view(1)["seats"][0]["objective"] is True  # hidden from the others


def test_advanced_the_next_rounds_pair_is_kept_and_the_rest_go_back() -> None:
    g = blank(2, mode="advanced")
    for x, name in enumerate(["flo", "flo"]):
        lay(g, x, 0, name)
    objective(g, 0, "M01", "R08")  # more flowers than leaves: 6
    g.decks["mission"].remove("M02")
    g.decks["reward"].remove("R02")
    g.later[0] = ("M02", "R02")
    land(g, 1)
    play(g, "house 0,0")
    assert g.view(None)["decks"] == {"mission": 11, "reward": 11}  # M01, R08 are back
    # from the lander on: seat 1 draws first, then seat 0, then each chooses
    play(g, "draw M07", "draw M08", "draw R07", "draw R09")
    play(g, "draw M05", "draw M06", "draw R05", "draw R06")
    assert g.current_player() == 1
    play(g, "build M07 R07 next M08 R09")
    assert seat_view(g, 0)["holding"] == {
        "mission": ["M02", "M05", "M06"],
        "reward": ["R02", "R05", "R06"],
    }
    play(g, "build M02 R05 next M06 R02")
    assert seat_view(g, 0)["objective"] == ["M02", "R05"]
    # M05 and R06 went back: they may be drawn again
    # the others are in the decks: 4 of each kind are held (this round's and the next's)
    assert g.view(None)["decks"] == {"mission": 8, "reward": 8}
    assert "M05" in g.decks["mission"] and "R06" in g.decks["reward"]


# ======================================================================== solo: Alexis


def solo_table(**variants: Any) -> SmallIslandsState:
    """An L of three all-land tiles, three face-up tiles (flowers, fruit, leaves)."""
    g = blank(1, **variants)
    for x, y in [(0, 0), (1, 0), (0, 1)]:
        lay(g, x, y, "land")
    row(g, "flo", "fru", "lea")
    return g


def around(g: SmallIslandsState, x: int, y: int) -> int:
    laid = {(t["x"], t["y"]) for t in g.view(None)["tiles"]}
    return sum((x + dx, y + dy) in laid for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)


def test_alexis_explore_card_takes_its_slot_and_joins() -> None:
    g = solo_table()
    navigation(g, 6)
    at_step(g, AlexisTurn())
    assert texts(g.legal_actions()) == [f"expedition E0{i}" for i in range(1, 9)] + [
        "expedition E11",
        "expedition E12",
        "expedition E13",
    ]  # two stars: 8 Explore and 3 Land cards
    play(g, "expedition E03")  # the tile in slot 2, where it touches the most tiles
    assert tile_at(g, 1, 1) == {"x": 1, "y": 1, "design": "fru", "rotation": 0}
    assert g.view(None)["row"] == ["flo", "lea"]
    assert g.view(None)["step"] == "reveal"
    assert g.view(None)["alexis"]["last_card"] == "E03"


def test_alexis_explore_card_spreads() -> None:
    g = solo_table()
    navigation(g, 6)
    at_step(g, AlexisTurn())
    # the empty squares next to a tile across an edge
    laid = {(t["x"], t["y"]) for t in g.view(None)["tiles"]}
    steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
    frontier = {(x + dx, y + dy) for x, y in laid for dx, dy in steps} - laid
    fewest = min(around(g, x, y) for x, y in frontier)
    play(g, "expedition E06")  # slot 3, where it touches the fewest tiles
    leaves = [t for t in g.view(None)["tiles"] if t["design"] == "lea"]
    assert len(leaves) == 1
    assert (leaves[0]["x"], leaves[0]["y"]) in frontier
    assert around(g, leaves[0]["x"], leaves[0]["y"]) == fewest == 1
    assert g.view(None)["row"] == ["flo", "fru"]


def test_alexis_land_card_lays_a_grey_ship_where_the_most_ports_lie_around() -> None:
    g = blank(1)
    harbour(g, 0, 0, ports=3)
    harbour(g, 10, 0, ports=5)
    harbour(g, 20, 0, ports=4)
    idle(g)
    at_step(g, AlexisTurn())
    play(g, "expedition E12")
    assert tile_at(g, 10, 0) == {"x": 10, "y": 0, "design": "ship", "rotation": 0, "ship": -1}
    view = g.view(None)
    assert view["grey_ships"] == 2
    assert view["first_player"] == 1  # he landed: he begins the next round
    assert view["step"] == "draw" and view["round"] == 1
    # the player's ship scores nothing (none laid); the grey one nobody
    assert view["seats"][0]["ports_around_ship"] == 0


def test_alexis_land_card_explores_while_the_navigation_stack_holds_tiles() -> None:
    g = solo_table()
    harbour(g, 10, 0, ports=8)
    navigation(g, 1)
    at_step(g, AlexisTurn())
    play(g, "expedition E11")
    assert tile_at(g, 10, 0) is None
    assert tile_at(g, 1, 1) == {"x": 1, "y": 1, "design": "flo", "rotation": 0}
    assert g.view(None)["row"] == ["fru", "lea"]


def test_the_view_says_what_each_expedition_card_laid() -> None:
    """One entry per card turned, in order (the boards pair them with the log's Expedition
    entries): the tile laid, or None for a card that laid nothing; ``last_tile`` is the
    newest card's."""
    g = solo_table()
    navigation(g, 6)
    at_step(g, AlexisTurn())
    play(g, "expedition E03")
    fruit = {"design": "fru", "x": 1, "y": 1, "rotation": 0}
    assert g.view(0)["alexis"]["laid"] == [fruit]
    g.row.clear()  # no face-up tile: the next card takes nothing
    at_step(g, AlexisTurn())
    play(g, "expedition E01")
    alexis = g.view(0)["alexis"]
    assert alexis["laid"] == [fruit, None]
    assert alexis["last_tile"] is None
    copy = g.clone()
    assert copy.view(0)["alexis"]["laid"] == [fruit, None]


def test_alexis_builds_his_houses_on_the_largest_islands() -> None:
    g = blank(1)  # two stars: 2 houses a round, a base + 1 per house
    for y, (name, size) in enumerate([("lea", 2), ("flo", 4), ("tem", 1), ("fru", 3)]):
        for x in range(size):
            lay(g, x, 2 * y, name)
    land(g, 0)
    assert houses_on(g, 0, 2) == [1]  # the island of 4, its first house symbol
    assert houses_on(g, 0, 6) == [1]  # the island of 3
    assert houses_on(g, 0, 0) == []
    alexis = g.view(None)["alexis"]
    card = next(a for a in load_components().alexis if a.stars == 2)
    assert (card.houses, card.per_house) == (2, 1)
    assert (alexis["built"], alexis["houses"], alexis["score"]) == (2, 6, card.base + 2)
    # the next round end: the islands of 4 and 3 hold his house; the island of 2 is left
    spot = dock(g, 40, 0)
    g.nav = 0
    idle(g)
    at_step(g, Turn(0))
    play(g, f"land grey {spot[0]},{spot[1]}")
    assert houses_on(g, 0, 0) == [1]
    assert g.view(None)["alexis"]["built"] == 3


@pytest.mark.parametrize("stars", [1, 2, 3])
def test_alexis_score_base_plus_per_house_and_the_solo_winner(stars: int) -> None:
    card = next(a for a in load_components().alexis if a.stars == stars)
    score = card.base + 2 * card.per_house  # after two houses
    for prestige, won in [(score + 1, True), (score, False), (score - 1, False)]:
        g = blank(1, alexis=stars)
        g.built[1] = 2
        g.supply[1] = 6
        ship(g, 10, 10, 0)
        ship(g, 12, 10, -1)
        ship(g, 14, 10, -1)
        g.prestige[0] = prestige
        land(g, 0, "grey")
        assert g.is_terminal()
        assert g.view(None)["alexis"]["score"] == score
        assert g.returns() == [float(prestige)]
        assert g.winners() == ([0] if won else [])


# ======================================================================== hidden information


def test_a_dealt_tile_is_seen_by_its_owner_only() -> None:
    g = blank(2)
    at_step(g, Dealing(1), Dealing(0))
    deal = Deal("flo")
    assert g.describe_action(deal, 0) == "deal flo"
    assert g.describe_action(deal, 1) == "deal ? to seat 0"
    assert g.describe_action(deal, None) == "deal ? to seat 0"
    g.apply(deal)
    assert seat_view(g, 0)["hand"] == ["flo"]
    assert seat_view(g, 0, viewer=1)["hand"] == 1
    assert g.view(None)["seats"][0]["hand"] == 1
    assert "'flo'" not in str(g.view(1)) and "'flo'" not in str(g.view(None))


def test_a_drawn_objective_is_seen_by_its_owner_only() -> None:
    g = blank(2)
    dock(g)
    g.nav = 0  # seat 1 may land once seat 0 has chosen
    at_step(g, Turn(1), Choosing(0), Drawing(0, "objective"), Drawing(0, "objective"))
    draw = Draw("O07")
    assert g.describe_action(draw, 0) == "draw O07"
    assert g.describe_action(draw, 1) == "draw objective ?"
    g.apply(draw)
    assert seat_view(g, 0)["holding"] == {"objective": ["O07"]}
    assert seat_view(g, 0, viewer=1)["holding"] == {"objective": 1}
    assert "O07" not in str(g.view(1)) and "O07" not in str(g.view(None))
    play(g, "draw O03")
    keep = g.parse_action("keep O03 next O07")
    assert g.describe_action(keep, 0) == "keep O03 next O07"
    assert g.describe_action(keep, 1) == "objectives kept"
    g.apply(keep)
    assert seat_view(g, 0)["objective"] == ["O03"]
    assert seat_view(g, 0, viewer=1)["objective"] is True
    assert seat_view(g, 0, viewer=1)["next_objective"] is True


def test_a_drawn_discovery_token_is_seen_by_its_owner_only() -> None:
    g = blank(2)
    landing_turn(g, 1)
    at_step(g, Turn(1), Keeping(0), Discovering(0, 2))
    for token_id in ("D11", "D02"):
        action = Discover(token_id)
        assert g.describe_action(action, 0) == f"discover {token_id}"
        assert g.describe_action(action, 1) == "discover ?"
        g.apply(action)
    assert g.view(0)["drawn_tokens"] == ["D11", "D02"]
    assert g.view(1)["drawn_tokens"] == 2
    assert g.describe_action(Choose("D11"), 0) == "choose D11"
    assert g.describe_action(Choose("D11"), 1) == "choose ?"
    play(g, "choose D11")
    assert seat_view(g, 0)["discoveries"] == [{"token": "D11", "value": 5}]
    assert seat_view(g, 0, viewer=1)["discoveries"] == 1
    assert "D11" not in str(g.view(1)) and "D11" not in str(g.view(None))


@pytest.mark.parametrize(
    ("params", "seed"),
    # seeds whose random games draw Discovery tokens (a "keep token" step)
    [({"players": 3}, 3), ({"players": 4, "mode": "advanced"}, 4), ({"players": 1}, 7)],
)
def test_nothing_hidden_shows_in_another_seats_view_over_whole_games(
    params: dict[str, Any], seed: int
) -> None:
    g = new_game(**params)
    rng = random.Random(seed)
    n = g.num_seats
    checked = 0
    while not g.is_terminal():
        secrets: list[set[str]] = []
        for seat in range(n):
            mine = g.view(seat)["seats"][seat]
            cards = {*mine["objective"], *mine["next_objective"]}
            cards |= {c for held in mine["holding"].values() for c in held}
            tokens = {d["token"] for d in mine["discoveries"]}
            drawn = g.view(seat)["drawn_tokens"]  # the drawer's list, a count for the others
            if isinstance(drawn, list):
                tokens |= set(drawn)
            secrets.append(set(mine["hand"]) | cards | tokens)
        for viewer in [None, *range(n)]:
            view = g.view(viewer)
            text = json.dumps(view)
            public = {t["design"] for t in view["tiles"]} | set(view["row"])
            public |= {c for shown in view["revealed"].values() for c in shown}
            if viewer is not None:
                public |= secrets[viewer]
            for seat in range(n):
                if seat != viewer:
                    for secret in secrets[seat] - public:
                        assert f'"{secret}"' not in text and f" {secret} " not in text
                        checked += 1
        random_step(g, rng)
    assert checked > 100


# ======================================================================== properties


PARAMS: st.SearchStrategy[dict[str, Any]] = st.sampled_from(
    [
        {"players": 2},
        {"players": 1, "alexis": 3, "mode": "advanced"},
        {"players": 1, "alexis": 1},
        {"players": 3, "mode": "advanced", "tokens": "cover"},
        {"players": 4},
    ]
)


def where_everything_is(g: SmallIslandsState) -> dict[str, Any]:
    """Every piece counted wherever it is."""
    t = g.tables
    c = t.components
    laid = [0] * len(c.landscape)
    for _, d, _ in g.board.tiles:
        if d in t.landscape:
            laid[d] += 1
    per_design = [
        g.pool[d]
        + laid[d]
        + g.row.count(d)
        + sum(h.count(d) for h in g.hands)
        for d in t.landscape
    ]  # fmt: skip
    view = g.view(None)
    seen = (
        view["navigation"]
        + view["stack"]
        + len(view["row"])
        + sum(p["hand"] for p in view["seats"])
        + sum(tile["design"] in t.index and t.index[tile["design"]] in t.landscape
              for tile in view["tiles"])
    )  # fmt: skip
    houses_laid = [0] * g.places
    for owners in g.houses_at.values():
        for place in owners:
            houses_laid[place] += 1
    tokens_laid: list[list[str]] = [[] for _ in range(g.players)]
    for on in g.tokens_at.values():
        for seat, kind, _ in on:
            tokens_laid[seat].append(kind)
    return {
        "pool": sum(g.pool) == g.nav + g.reserve,
        "per_design": per_design,
        "seen": seen,
        "houses": [g.supply[p] + g.stock[p] + g.built[p] for p in range(g.places)],
        "houses_laid": houses_laid == g.built,
        "tokens": [sorted(g.tokens[s] + tokens_laid[s]) for s in range(g.players)],
        "discoveries": sorted([*g.disc_pool, *g.drawn, *(t for k in g.discoveries for t in k)]),
    }


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), params=PARAMS)
def test_every_piece_is_in_exactly_one_place_and_placements_are_as_the_rules_say(
    seed: int, params: dict[str, Any]
) -> None:
    g = new_game(**params)
    rng = random.Random(seed)
    c = g.tables.components
    counts = [d.count for d in c.landscape]
    total = c.landscape_total
    assert total == 56
    lost = 0  # tiles Alexis took that fit nowhere: out of the game (ruling 20)
    expected = {
        "pool": True,
        "houses": [c.houses + c.reserve] * g.places,
        "houses_laid": True,
        "tokens": [sorted(c.tokens)] * g.num_seats,
        "discoveries": sorted(g.tables.discoveries),
    }
    while not g.is_terminal():
        step = g.view(None)["step"]
        if step in ("place", "turn"):
            places, ships = brute_force(g)
            legal = texts(g.legal_actions())
            if step == "place":
                assert sorted(legal) == places
            elif g.view(None)["navigation"] == 0:
                kinds = sorted({a.split()[1] for a in legal if a.startswith("land")})
                landings = [f"land {k} {at}" for k in kinds for at in ships]
                assert sorted(a for a in legal if a.startswith("land")) == sorted(landings)
            else:
                assert not any(a.startswith("land") for a in legal)
        laid = len(g.board.tiles)
        action = random_step(g, rng)
        found = where_everything_is(g)
        if found["seen"] != total - lost:
            # only Alexis puts a tile out of the game, one at a time, laying nothing
            assert str(action).startswith("expedition")
            assert len(g.board.tiles) == laid
            lost += 1
        assert found["seen"] == total - lost
        assert sum(found["per_design"]) == total - lost
        if not lost:
            assert found["per_design"] == counts
        assert {k: found[k] for k in expected} == expected, action


# ======================================================================== perft


def settle(g: SmallIslandsState, seed: int) -> None:
    """Chance steps drawn from a generator seeded by the seed and the history so far (the
    same draws whatever order the tree is walked in)."""
    while g.current_player() == CHANCE:
        rng = random.Random(f"{seed}:{' '.join(map(str, g.history()))}")
        g.apply(g.sample_chance(rng))


def perft(g: SmallIslandsState, depth: int, seed: int) -> int:
    """Positions ``depth`` decisions below ``g`` (chance settled as :func:`settle` draws)."""
    settle(g, seed)
    if depth == 0 or g.is_terminal():
        return 1
    total = 0
    for action in g.legal_actions():
        child = g.clone()
        child.apply(action)
        total += perft(child, depth - 1, seed)
    return total


def reach(params: dict[str, Any], seed: int, step: str) -> SmallIslandsState:
    """The game played by seeded random choices until the view's step is ``step``."""
    g = new_game(**params)
    rng = random.Random(seed)
    while g.view(None)["step"] != step:
        random_step(g, rng)
    return g


# Regression values (the built-in components), obtained when these tests were written by
# printing ``[perft(reach(params, seed, step), d, seed) for d in 1, 2...]`` for each case:
# the number of positions 1, 2, 3... decisions below the first player's laying of the
# starting tiles, the first choice of objectives, and the first exploring turn (take,
# place, bonus token, the next player's turn...). The counts were checked by hand at depth
# 1 (32 = 4 starting tiles x 2 sides x 4 rotations for the first one; in number order 8 =
# 2 sides x 4 rotations of S1; 3 = 3 face-up tiles; 36 = 3 x 2 Missions by 3 x 2 Rewards);
# placement lists themselves are checked against a brute force by the property test above.
# The ``start=ordered`` cases keep rules version 1's values: that variant is its set-up.
# Change them only when the rules or the built-in components change on purpose.
PERFT = [
    ({"players": 2}, 1, "starting tiles", [32, 1088, 31968]),
    ({"players": 2, "start": "ordered"}, 1, "starting tiles", [8, 112, 1680]),
    ({"players": 2}, 1, "turn", [3, 34, 340, 1020]),
    ({"players": 2, "start": "ordered"}, 1, "turn", [3, 13, 132, 396]),
    ({"players": 1, "alexis": 3, "mode": "advanced"}, 2, "turn", [3, 50, 479, 1437]),
    ({"players": 3, "mode": "advanced", "tokens": "cover"}, 3, "objectives", [36, 1296]),
    ({"players": 3, "mode": "advanced", "tokens": "cover"}, 3, "turn", [3, 36, 504, 1512]),
]


@pytest.mark.parametrize(("params", "seed", "step", "expected"), PERFT)
def test_perft(params: dict[str, Any], seed: int, step: str, expected: list[int]) -> None:
    g = reach(params, seed, step)
    assert [perft(g.clone(), depth, seed) for depth in range(1, len(expected) + 1)] == expected


def test_the_view_tells_what_each_house_earned_and_keeps_the_revealed_objectives() -> None:
    """Until the next round starts everyone sees the objectives revealed and what each house
    built at the round's end earned; the player drawing Discovery tokens sees their values."""
    state = new_game(players=2)
    rng = random.Random(5)
    seen_houses = seen_values = False
    while not state.is_terminal() and not (seen_houses and seen_values):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        view = state.view(None)
        for built in view["houses_built"]:
            seen_houses = True
            seat = built["place"]
            assert str(seat) in view["revealed"]
            assert built["points"] >= 0
        seat = state.current_player()
        mine = state.view(seat)
        if mine["drawn_tokens"]:
            values = state.tables.discoveries
            assert mine["drawn_values"] == {d: values[d] for d in mine["drawn_tokens"]}
            assert state.view(1 - seat)["drawn_values"] == {}
            seen_values = True
        legal = state.legal_actions()
        houses = [a for a in legal if str(a).startswith("house")]
        state.apply(houses[0] if houses else legal[rng.randrange(len(legal))])
    assert seen_houses
