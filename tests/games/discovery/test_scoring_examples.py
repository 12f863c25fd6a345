"""The rulebook's worked examples and rules, each on a concrete position.

Every position is built from a small tile set made for it (``reference.design``), played
with explicit draws (``Draw(id)``) and moves. Expected values are the rulebook's numbers.

Coordinates: x grows to the east, y to the south, the start tile at 0,0; rotation r
turns a tile r quarter turns clockwise (its N edge goes to the E side for r = 1).
"""

from __future__ import annotations

import json
import random

import pytest

import terranova
from terranova.core.actions import Action
from terranova.core.errors import ContentError, IllegalActionError
from terranova.core.state import CHANCE, TERMINAL
from terranova.games.discovery.actions import PASS, Deploy, Draw, Place, Remove, SetAside
from terranova.games.discovery.rules import DiscoveryState
from terranova.games.discovery.tiles import TileSet
from tests.games.discovery.reference import LAB, LAB_START, STEP, design, tileset

M, G, S = "mountain", "grassland", "sea"


class Table:
    """A game driven move by move: ``turn`` draws, places and does step 2."""

    def __init__(self, ts: TileSet, players: int = 2, **params: str | int) -> None:
        self.state = DiscoveryState(ts, players=players, **params)  # type: ignore[arg-type]

    @property
    def seat(self) -> int:
        return self.state.current_player()

    def turn(self, design_id: str, x: int, y: int, rotation: int = 0, then: Action = PASS) -> int:
        """One whole turn; returns the points the player scored in it."""
        state = self.state
        assert state.current_player() == CHANCE, "a turn begins with the draw"
        state.apply(Draw(design_id))
        seat = state.current_player()
        assert seat >= 0, "the drawn tile can be placed"
        self.place(design_id, x, y, rotation)
        before = state.scores()[seat]
        state.apply(then)
        return state.scores()[seat] - before

    def place(self, design_id: str, x: int, y: int, rotation: int = 0) -> None:
        action = Place(design_id, x, y, rotation)
        assert action in self.state.legal_actions(), f"{action} should be legal"
        self.state.apply(action)

    def follower(self, x: int, y: int, region: int) -> dict[str, object]:
        """The view's entry of the follower standing on that region."""
        found = [
            f
            for f in self.state.view(None)["followers"]
            if (f["x"], f["y"], f["region"]) == (x, y, region)
        ]
        assert len(found) == 1, f"one follower on {x},{y}/{region}"
        return found[0]

    def value(self, x: int, y: int, region: int) -> int:
        return int(self.follower(x, y, region)["value_now"])  # type: ignore[call-overload]

    def snapshot(self) -> tuple[object, ...]:
        s = self.state
        views = [json.dumps(s.view(v), sort_keys=True) for v in [None, *range(s.num_seats)]]
        return (list(map(str, s.history())), views, list(map(str, s.legal_actions())))


# ------------------------------------------------------------------------ grasslands


def test_incomplete_grassland_of_4_tiles_scores_4() -> None:
    t = Table(LAB)
    assert t.turn("G", -1, 0, then=Deploy(0)) == 0  # joins the start tile's grassland
    assert t.turn("GC", -2, 0) == 0  # a port city in the grassland: it does not count
    # the 4th tile of the grassland, and the removal in the same turn
    t.state.apply(Draw("G"))
    t.place("G", 0, 1)
    assert t.value(-1, 0, 0) == 4
    assert t.follower(-1, 0, 0)["complete"] is False
    t.state.apply(Remove(-1, 0, 0))
    assert t.state.scores() == [4, 0]


def test_complete_grassland_of_2_tiles_scores_2() -> None:
    t = Table(LAB)
    t.turn("P", 1, 0, 0, then=Deploy(0))  # cape pointing north from the start tile's sea
    t.turn("P", 1, -1, 2)  # cape pointing south: the grassland is closed, 2 tiles
    assert t.follower(1, 0, 0)["complete"] is True
    assert t.value(1, 0, 0) == 2
    assert t.turn("S4", 2, 0, then=Remove(1, 0, 0)) == 2


def test_complete_grassland_of_5_tiles_scores_10() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0)
    t.turn("P", 2, 0, 0)  # grassland N
    t.turn("G", 2, -1, then=Deploy(0))  # the middle
    t.turn("P", 1, -1, 1)  # grassland E
    t.turn("P", 3, -1, 3)  # grassland W
    assert t.value(2, -1, 0) == 4  # incomplete: 4 tiles
    t.turn("P", 2, -2, 2)  # grassland S: closed
    assert t.follower(2, -1, 0)["complete"] is True
    assert t.value(2, -1, 0) == 10
    assert t.turn("S4", 2, 1, then=Remove(2, -1, 0)) == 10


# ------------------------------------------------------------------------- mountains


def test_incomplete_mountain_with_1_city_and_3_in_adjacent_grasslands_scores_4() -> None:
    t = Table(LAB)
    # the ridge continues the start tile's mountain (1 port) north; it touches the start
    # tile's grassland (1 port) and two grasslands of its own
    t.turn("strip", 0, -1, then=Deploy(1))
    assert t.value(0, -1, 1) == 2
    t.turn("GC", -1, -1)  # a port in the west grassland
    t.state.apply(Draw("GC"))
    t.place("GC", 1, -1)  # a port in the east grassland
    assert t.follower(0, -1, 1)["complete"] is False
    assert t.value(0, -1, 1) == 4
    t.state.apply(Remove(0, -1, 1))
    assert t.state.scores()[0] == 4


def test_complete_mountain_with_4_counted_cities_scores_8_and_5th_city_not_adjacent() -> None:
    t = Table(LAB)
    t.turn("strip", 0, -1, then=Deploy(1))
    t.turn("cap", 0, -2)  # closes the mountain: 3 tiles; the cap's grassland has a port
    assert t.follower(0, -1, 1)["complete"] is True
    assert t.value(0, -1, 1) == 2 * 3
    t.turn("GC", -1, -1)  # a city joins an adjacent grassland
    assert t.value(0, -1, 1) == 2 * 4
    t.turn("S4", 1, 0)
    # the 5th city: a grassland port east of the sea, not in a grassland touching it
    t.state.apply(Draw("bay"))
    t.place("bay", 2, 0, 3)
    by_id = {d.id: d for d in LAB.designs}
    # 5 port cities on the map (every port lies on land), 4 of them count
    assert sum(len(by_id[d].cities) for _, _, d, _ in t.state.placements()) == 5
    assert t.value(0, -1, 1) == 8
    t.state.apply(Remove(0, -1, 1))
    assert t.state.scores()[0] == 8


def test_complete_mountain_of_2_tiles_with_4_cities_scores_4() -> None:
    t = Table(LAB)
    t.turn("cap", 0, -1, then=Deploy(0))  # closes the start tile's mountain: 2 tiles
    assert t.follower(0, -1, 0)["complete"] is True
    assert t.follower(0, -1, 0)["tiles"] == 2
    assert t.value(0, -1, 0) == 3  # mountain port, start grassland port, cap lake port
    t.turn("G", 0, 1)  # the start tile's grassland grows south
    t.state.apply(Draw("GC"))
    t.place("GC", 0, 2)  # a city two segments away from the mountain, through grassland
    assert t.value(0, -1, 0) == 4
    t.state.apply(Remove(0, -1, 0))
    assert t.state.scores()[0] == 4


def test_complete_mountain_gains_value_when_a_city_joins_an_adjacent_grassland() -> None:
    t = Table(LAB)
    t.turn("strip", 0, -1, then=Deploy(1))
    t.turn("cap", 0, -2)
    before = t.value(0, -1, 1)
    assert t.follower(0, -1, 1)["complete"] is True
    t.turn("G", 1, -1)  # grows the ridge's east grassland: no city yet
    assert t.value(0, -1, 1) == before
    t.turn("GC", 1, -2)  # a port city in that grassland, one tile further away
    assert t.value(0, -1, 1) == before + 2
    assert t.follower(0, -1, 1)["tiles"] == 3  # the mountain itself did not grow


def test_grassland_touching_a_mountain_on_several_tiles_counts_its_cities_once() -> None:
    t = Table(LAB)
    t.turn("strip", 0, -1, then=Deploy(0))  # explorer on the ridge's west grassland
    t.turn("G", -1, -1)
    t.turn("G", -1, -2)
    t.turn("cap", 0, -2, then=Deploy(0))  # brigand: the mountain is now complete
    t.turn("G", 1, -2)
    t.turn("G", 1, -1)  # the grassland rings the mountain: it holds both ridge regions
    explorer = t.follower(0, -1, 0)
    # 6 tiles (ridge, 4 G, cap): the ridge tile counts once for its two regions
    assert explorer["tiles"] == 6
    assert explorer["complete"] is False
    assert t.value(0, -1, 0) == 6
    # the mountain: its port, the start grassland's port, the ring's one port (in the
    # cap's grassland) counted once although the ring touches it on 2 tiles and 3 regions
    assert t.value(0, -2, 0) == 2 * 3
    assert t.turn("P", 0, 1, then=Remove(0, -1, 0)) == 6
    assert t.turn("G", -1, 0, then=Remove(0, -2, 0)) == 2 * 3


# ------------------------------------------------------------------------------ seas


def test_incomplete_sea_with_2_cities_scores_2() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0, then=Deploy(0))  # the start tile's sea: a port on each shore
    t.turn("G", -1, 0)
    assert t.follower(1, 0, 0)["complete"] is False
    assert t.turn("G", -2, 0, then=Remove(1, 0, 0)) == 2


def test_complete_sea_of_2_tiles_with_1_city_scores_1() -> None:
    t = Table(LAB)
    t.turn("G", 0, 1)
    t.turn("bay", 0, 2, 2)  # bay opening south, port on its grassland
    t.turn("bayM", 0, 3, 0, then=Deploy(0))  # bay opening north: the sea is closed
    assert t.follower(0, 3, 0)["complete"] is True
    assert t.follower(0, 3, 0)["tiles"] == 2
    assert t.value(0, 3, 0) == 1
    t.turn("G", -1, 0)
    assert t.turn("G", -2, 0, then=Remove(0, 3, 0)) == 1


def test_complete_sea_of_4_tiles_with_3_cities_scores_7() -> None:
    t = Table(LAB)
    t.turn("coastC", 0, 1, 2, then=Deploy(0))  # sea S+W
    t.turn("coastC", -1, 1, 1)  # sea E+S
    t.turn("coastC", 0, 2, 3)  # sea W+N
    assert t.value(0, 1, 0) == 3
    t.turn("coast", -1, 2, 0)  # sea N+E, no port: the sea is closed
    assert t.follower(0, 1, 0)["complete"] is True
    assert t.value(0, 1, 0) == 3 + 4
    assert t.turn("G", -1, 0, then=Remove(0, 1, 0)) == 7


# ------------------------------------------------------------------------ deployment


def test_brigand_refused_when_a_connected_mountain_has_one_only_navigator_allowed() -> None:
    t = Table(LAB)
    t.turn("M4", 0, -1, then=Deploy(0))  # a brigand on the start tile's mountain
    t.state.apply(Draw("bayM"))
    t.place("bayM", 1, -1)  # its mountain joins the occupied one; its sea is free
    assert t.state.legal_actions() == [Deploy(0), PASS]
    before = t.snapshot()
    with pytest.raises(IllegalActionError):
        t.state.apply(Deploy(1))
    assert t.snapshot() == before
    t.state.apply(Deploy(0))
    assert t.follower(1, -1, 0)["role"] == "navigator"


def test_navigator_refused_when_a_connected_sea_has_one() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0, then=Deploy(0))  # a navigator on the start tile's sea
    t.state.apply(Draw("tri"))
    t.place("tri", 2, 0, 2)  # sea W (joins), mountain S, grassland N+E
    assert set(t.state.legal_actions()) == {Deploy(0), Deploy(2), PASS}
    with pytest.raises(IllegalActionError):
        t.state.apply(Deploy(1))
    t.state.apply(Deploy(0))
    assert t.follower(2, 0, 0)["role"] == "brigand"


def test_two_seas_joined_then_both_navigators_score_the_full_value_on_different_turns() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0, then=Deploy(0))  # seat 0 on the start tile's sea (2 ports)
    t.state.apply(Draw("bay"))
    t.place("bay", 0, 1, 1)  # a bay opening east, not yet connected to that sea
    assert Deploy(0) in t.state.legal_actions()
    t.state.apply(Deploy(0))  # seat 1 on it (1 port)
    t.turn("coastC", 1, 1, 3)  # joins the two seas; one more port
    assert t.follower(1, 0, 0)["territory"] == t.follower(0, 1, 0)["territory"]
    assert t.follower(1, 0, 0)["complete"] is False
    assert t.value(1, 0, 0) == t.value(0, 1, 0) == 4
    assert t.turn("G", -1, 0, then=Remove(0, 1, 0)) == 4  # seat 1
    assert t.turn("G", -2, 0, then=Remove(1, 0, 0)) == 4  # seat 0, next turn: full value
    assert t.state.scores() == [4, 4]


def test_one_player_with_two_followers_in_a_territory_removes_them_on_different_turns() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0, then=Deploy(0))  # seat 0 on the start tile's sea
    t.turn("G", -1, 0)
    t.turn("bay", 0, 1, 1, then=Deploy(0))  # seat 0 again, on a separate sea
    t.turn("coastC", 1, 1, 3)  # seat 1 joins the two seas
    t.state.apply(Draw("G"))
    t.place("G", -2, 0)
    removes = {a for a in t.state.legal_actions() if isinstance(a, Remove)}
    assert removes == {Remove(1, 0, 0), Remove(0, 1, 0)}
    t.state.apply(Remove(1, 0, 0))
    assert t.state.scores()[0] == 4
    assert t.state.current_player() == CHANCE  # one removal per turn
    t.turn("G", -3, 0)
    assert t.turn("G", -4, 0, then=Remove(0, 1, 0)) == 4
    assert t.state.scores() == [8, 0]


def test_an_emptied_territory_can_be_claimed_by_another_player() -> None:
    t = Table(LAB)
    t.turn("G", -1, 0, then=Deploy(0))
    t.state.apply(Draw("G"))
    t.place("G", -2, 0)
    assert Deploy(0) not in t.state.legal_actions()  # occupied
    t.state.apply(PASS)
    assert t.turn("G", 0, 1, then=Remove(-1, 0, 0)) == 4
    t.state.apply(Draw("G"))
    t.place("G", 0, 2)
    assert Deploy(0) in t.state.legal_actions()  # empty again
    t.state.apply(Deploy(0))
    assert t.follower(0, 2, 0)["seat"] == 1


def test_an_emptied_territory_can_be_claimed_again_by_the_player_who_emptied_it() -> None:
    t = Table(LAB)
    t.turn("G", -1, 0, then=Deploy(0))
    t.turn("G", -2, 0)
    assert t.turn("G", 0, 1, then=Remove(-1, 0, 0)) == 4
    t.turn("S4", 1, 0)
    t.state.apply(Draw("G"))
    t.place("G", 0, 2)
    assert t.seat == 0
    assert Deploy(0) in t.state.legal_actions()
    t.state.apply(Deploy(0))
    assert t.follower(0, 2, 0)["seat"] == 0
    assert t.value(0, 2, 0) == 5


def test_never_both_deploy_and_remove_in_one_turn() -> None:
    t = Table(LAB)
    t.turn("G", -1, 0, then=Deploy(0))
    t.turn("G", -2, 0)
    t.state.apply(Draw("GC"))
    t.place("GC", 0, 1)  # its grassland is occupied, its lake is free
    assert set(t.state.legal_actions()) == {Deploy(1), Remove(-1, 0, 0), PASS}
    first = t.state.clone()
    first.apply(Remove(-1, 0, 0))
    assert first.current_player() == CHANCE  # the turn is over
    with pytest.raises(IllegalActionError):
        first.apply(Deploy(1))
    second = t.state.clone()
    second.apply(Deploy(1))
    assert second.current_player() == CHANCE
    with pytest.raises(IllegalActionError):
        second.apply(Remove(-1, 0, 0))


def test_deploy_only_on_the_tile_just_placed_and_only_from_supply() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0, then=Deploy(0))
    t.turn("G", -1, 0)
    t.turn("P", 1, -1, 0, then=Deploy(0))  # a cape: a grassland of its own
    t.turn("S4", 2, 0)
    t.turn("P", 2, -1, 0, then=Deploy(0))
    t.turn("S4", 3, 0)
    t.turn("P", 3, -1, 0, then=Deploy(0))
    assert t.state.view(None)["supply"] == [0, 4]
    t.turn("S4", 4, 0)
    t.state.apply(Draw("P"))
    t.place("P", 4, -1, 0)
    legal = t.state.legal_actions()
    assert not [a for a in legal if isinstance(a, Deploy)]  # the supply is empty
    assert {a for a in legal if isinstance(a, Remove)} == {
        Remove(1, 0, 0),
        Remove(1, -1, 0),
        Remove(2, -1, 0),
        Remove(3, -1, 0),
    }
    with pytest.raises(IllegalActionError):
        t.state.apply(Deploy(0))


# ----------------------------------------------------------------- end of the game

# a grassland start tile and capes around it
CAPE_START = design("start", [(G, "NESW")])
CAPE = design("P", [(G, "N"), (S, "ESW")], count=4, cities=[(0, 1)])


def test_last_tile_player_takes_step_2_then_final_scoring_counts_complete_as_incomplete() -> None:
    t = Table(tileset(CAPE_START, CAPE))
    t.turn("P", 0, 1, 0, then=Deploy(0))  # explorer on the grassland
    t.turn("P", 1, 0, 3, then=Deploy(1))  # navigator on this cape's sea (1 port)
    t.turn("P", 0, -1, 2)
    t.state.apply(Draw("P"))  # the last tile
    assert t.state.view(None)["stack"] == 0
    t.place("P", -1, 0, 1)  # closes the grassland: 5 tiles
    assert t.seat == 1 and not t.state.is_terminal()
    explorer = t.follower(0, 1, 0)
    assert explorer["complete"] is True
    assert (explorer["value_now"], explorer["value_final"]) == (10, 5)
    assert Remove(1, 0, 1) in t.state.legal_actions()
    t.state.apply(Remove(1, 0, 1))  # step 2 of the last turn
    assert t.state.current_player() == TERMINAL
    assert t.state.legal_actions() == []
    assert t.state.returns() == [5, 1]  # the explorer counts 5, not 10
    assert t.state.winners() == [0]


def test_final_scoring_complete_sea_counts_only_its_cities() -> None:
    ts = tileset(
        design("start", [(S, "NE"), (M, "SW")], cities=[(1, 0)]),
        design("coastC", [(S, "NE"), (G, "SW")], count=2, cities=[(1, 0)]),
        design("coast", [(S, "NE"), (G, "SW")]),
    )
    t = Table(ts)
    t.turn("coastC", 0, -1, 1, then=Deploy(0))
    t.turn("coastC", 1, -1, 2)
    t.state.apply(Draw("coast"))
    t.place("coast", 1, 0, 3)  # closes the sea: 4 tiles, 3 ports
    assert t.value(0, -1, 0) == 7
    t.state.apply(PASS)
    assert t.state.is_terminal()
    assert t.state.returns() == [3, 0]


def test_final_scoring_complete_mountain_counts_cities_once() -> None:
    ts = tileset(
        LAB_START,
        design("strip", [(G, "W"), (M, "NS"), (G, "E")]),
        design("cap", [(M, "S"), (G, "NEW"), (S, "")], touches=[(1, 2)], cities=[(1, 2)]),
    )
    t = Table(ts)
    t.turn("strip", 0, -1, then=Deploy(1))
    t.state.apply(Draw("cap"))
    t.place("cap", 0, -2)
    assert t.value(0, -1, 1) == 2 * 3
    t.state.apply(PASS)
    assert t.state.is_terminal()
    assert t.state.returns() == [3, 0]


def test_ties_share_the_win() -> None:
    t = Table(tileset(CAPE_START, design("P", [(G, "N"), (S, "ESW")], count=2, cities=[(0, 1)])))
    assert t.state.winners() == []
    t.turn("P", 0, 1, 0, then=Deploy(1))
    t.turn("P", 0, -1, 2, then=Deploy(1))
    assert t.state.is_terminal()
    assert t.state.returns() == [1, 1]
    assert t.state.winners() == [0, 1]


def test_a_drawn_tile_with_no_legal_placement_is_discarded_and_another_drawn() -> None:
    ts = tileset(
        design("start", [(S, "NESW")]),
        design("M4", [(M, "NESW")]),
        design("SI", [(S, "NESW"), (G, "")], count=2, touches=[(0, 1)]),
    )
    state = DiscoveryState(ts, players=2)
    state.apply(Draw("M4"))  # a mountain cannot touch the sea anywhere
    assert state.current_player() == CHANCE
    assert state.view(None)["discarded"] == ["M4"]
    assert [str(a) for a, _ in state.chance_outcomes()] == ["draw SI"]
    state.apply(Draw("SI"))
    assert state.current_player() == 0
    assert {a.design for a in state.legal_actions()} == {"SI"}  # type: ignore[attr-defined]
    assert len(state.legal_actions()) == 4  # the four squares around the start tile
    assert [str(a) for a in state.history()] == ["draw M4", "draw SI"]


def test_with_a_hand_of_2_play_goes_on_until_every_hand_is_empty() -> None:
    ts = tileset(
        design("start", [(S, "NESW")]),
        design("SI", [(S, "NESW"), (G, "")], count=5, touches=[(0, 1)]),
    )
    state = DiscoveryState(ts, players=2, hand=2)
    for _ in range(4):
        state.apply(Draw("SI"))  # the deal: 2 each, 1 tile left in the stack
    squares = iter([(0, -1), (1, 0), (0, 1), (-1, 0), (0, -2)])
    movers = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(Draw("SI"))  # a refill
            continue
        movers.append(state.current_player())
        x, y = next(squares)
        legal = state.legal_actions()
        place = next(a for a in legal if (a.x, a.y) == (x, y))  # type: ignore[attr-defined]
        state.apply(place)
        state.apply(PASS)
    assert movers == [0, 1, 0, 1, 0]
    assert state.view(None)["stack"] == 0
    assert len(state.placements()) == 6


def test_the_game_ends_when_only_unplaceable_tiles_are_left() -> None:
    ts = tileset(
        design("start", [(S, "NESW")]),
        design("M4", [(M, "NESW")], count=2),
        design("SI", [(S, "NESW"), (G, "")], touches=[(0, 1)]),
    )
    state = DiscoveryState(ts, players=2)
    state.apply(Draw("SI"))
    state.apply(Place("SI", 1, 0, 0))
    state.apply(PASS)
    state.apply(Draw("M4"))
    state.apply(Draw("M4"))
    assert state.is_terminal()
    assert state.view(None)["discarded"] == ["M4", "M4"]


# --------------------------------------------------------------------------- variants


def setup(players: int, equal_turns: str, seed: int = 0) -> tuple[DiscoveryState, int]:
    state = terranova.make("discovery", players=players, equal_turns=equal_turns)
    assert isinstance(state, DiscoveryState)
    rng = random.Random(seed)
    removed = 0
    while state.current_player() == CHANCE:
        action = state.sample_chance(rng)
        if not isinstance(action, SetAside):
            break
        state.apply(action)
        removed += 1
    return state, removed


@pytest.mark.parametrize(("players", "count"), [(2, 1), (3, 2), (4, 3), (5, 1)])
def test_equal_turns_rulebook_removes_1_2_3_1_tiles_face_up(players: int, count: int) -> None:
    state, removed = setup(players, "rulebook")
    assert removed == count
    for seat in [None, *range(players)]:
        assert len(state.view(seat)["set_aside"]) == count
    assert state.view(None)["stack"] == 83 - count


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_equal_turns_exact_removes_83_mod_players(players: int) -> None:
    state, removed = setup(players, "exact")
    assert removed == 83 % players
    assert (83 - removed) % players == 0
    assert state.view(None)["stack"] == 83 - removed


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_equal_turns_off_removes_nothing(players: int) -> None:
    _, removed = setup(players, "off")
    assert removed == 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_equal_turns_exact_gives_every_player_the_same_number_of_turns(players: int) -> None:
    games_without_discards = 0
    for seed in range(4):
        state, _ = setup(players, "exact", seed)
        rng = random.Random(seed)
        turns = [0] * players
        while not state.is_terminal():
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            action = rng.choice(state.legal_actions())
            turns[seat] += isinstance(action, Place)
            state.apply(action)
        if not state.view(None)["discarded"]:
            games_without_discards += 1
            assert len(set(turns)) == 1, turns
    assert games_without_discards > 0


def test_hand_of_2_deals_2_tiles_each_and_refills_after_each_turn() -> None:
    state = terranova.make("discovery", players=3, hand=2)
    rng = random.Random(3)
    deals = 0
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
        deals += 1
    assert deals == 6
    assert state.current_player() == 0
    hands = state.view(None)["hands"]
    assert [h["count"] for h in hands] == [2, 2, 2]
    assert state.view(None)["stack"] == 83 - 6
    mine = hands[0]["tiles"]
    placeable = {a.design for a in state.legal_actions()}  # type: ignore[attr-defined]
    assert placeable <= set(mine)
    for turn in range(6):
        seat = turn % 3
        assert state.current_player() == seat
        state.apply(rng.choice(state.legal_actions()))  # place
        assert state.view(None)["hands"][seat]["count"] == 1
        state.apply(PASS)
        assert state.current_player() == CHANCE  # the refill comes after step 2
        state.apply(state.sample_chance(rng))
        assert state.view(None)["hands"][seat]["count"] == 2
        assert state.view(None)["stack"] == 83 - 6 - (turn + 1)


def test_private_hands_are_hidden_from_other_seats() -> None:
    state = terranova.make("discovery", players=3, hand=2, hand_visibility="private")
    rng = random.Random(5)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    for seat in range(3):
        hands = state.view(seat)["hands"]
        for other in range(3):
            assert hands[other]["count"] == 2
            if other == seat:
                assert len(hands[other]["tiles"]) == 2
            else:
                assert hands[other]["tiles"] is None
    assert all(h["tiles"] is None for h in state.view(None)["hands"])
    public = terranova.make("discovery", players=3, hand=2, hand_visibility="public")
    for action in state.history():
        public.apply(action)
    assert all(len(h["tiles"]) == 2 for h in public.view(1)["hands"])


def test_resample_redeals_the_hidden_hand_of_the_player_to_move_consistently() -> None:
    """Seat 1 is to place from a private hand. What seat 0 knows: nothing was discarded
    when seat 1's turn began, so every tile seat 1 holds can be placed. A resampled
    state must offer placements of the tiles seat 1 holds in it, and only those."""
    ts = tileset(
        design("start", [(S, "NESW")]),
        design("SI", [(S, "NESW"), (G, "")], count=5, touches=[(0, 1)]),
        design("M4", [(M, "NESW")], count=6),  # never placeable next to the sea
    )
    state = DiscoveryState(ts, players=2, hand=2, hand_visibility="private")
    for _ in range(4):
        state.apply(Draw("SI"))  # the deal
    state.apply(Place("SI", 1, 0, 0))
    state.apply(PASS)
    state.apply(Draw("SI"))  # seat 0 refills; the stack now holds only mountains
    assert state.current_player() == 1
    for k in range(12):
        other = state.resample(0, random.Random(k))
        assert other.view(0) == state.view(0)
        held = set(other.view(1)["hands"][1]["tiles"])
        legal = other.legal_actions()
        assert legal, "seat 1 is to place: it has a placement"
        for action in legal:
            other.clone().apply(action)
        assert {a.design for a in legal} == held  # type: ignore[attr-defined]


# ------------------------------------------------------------ placement edge cases


def test_every_offered_placement_can_be_played_far_from_the_start() -> None:
    """A long tile set reaches far squares: whatever legal_actions offers must apply."""
    ts = tileset(
        design("start", [(S, "NESW")]),
        design("EW", [(M, "N"), (S, "EW"), (G, "S")], count=140),
    )
    state = DiscoveryState(ts, players=2)
    for x in range(1, 131):
        state.apply(Draw("EW"))
        legal = state.legal_actions()
        taken = {(px, py) for px, py, _, _ in state.placements()}
        for action in legal:
            assert isinstance(action, Place)
            assert (action.x, action.y) not in taken
            assert any((action.x + dx, action.y + dy) in taken for dx, dy in STEP)
            state.clone().apply(action)  # raises if an offered placement is refused
        east = Place("EW", x, 0, 0)
        if east not in legal:
            break  # the engine may have an edge of the table, but then it offers no more
        state.apply(east)
        state.apply(PASS)


def test_design_ids_round_trip_through_actions() -> None:
    """A tile file names its designs; every action naming them must parse back (or the
    loader must refuse an id that actions cannot carry)."""
    try:
        ts = tileset(
            design("start", [(S, "NESW")]),
            design("big bay", [(S, "NESW"), (G, "")], count=3, touches=[(0, 1)]),
        )
    except ContentError as exc:
        assert "big bay" in str(exc) and "'id'" in str(exc)
        return
    state = DiscoveryState(ts, players=2)
    draw = state.legal_actions()[0]
    assert state.parse_action(str(draw)) == draw
    state.apply(draw)
    for action in state.legal_actions():
        assert state.parse_action(str(action)) == action
