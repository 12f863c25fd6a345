"""Entdecker's encoding (docs/entdecker/encoding.md): the sizes and indices it documents,
and planes that hold what the view says on built and played positions."""

from __future__ import annotations

import random
import tempfile
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from terranova.core.encoding import Encoding, Planes, encoding_of
from terranova.core.errors import ActionSpaceError
from terranova.core.registry import games
from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game, scoring
from terranova.games.entdecker.actions import (
    DRAW,
    STOP,
    Announce,
    Fill,
    Income,
    Place,
    Reveal,
    Roll,
    Settle,
    StartEdge,
    StartTile,
    Take,
    Token,
    Trek,
)
from terranova.games.entdecker.state import EntdeckerState
from tests.games.entdecker.helpers import blank, empty_board, lay, play, starting, texts, unit


def coding(**params: object) -> Encoding:
    return encoding_of(games()["entdecker"], params)


def planes(g: EntdeckerState, seat: int, **params: object) -> Planes:
    c = coding(**(g.params() | params))
    return c.planes_of(c.observation(g.view(seat)))


# ------------------------------------------------------------------------- sizes


def test_the_default_sizes_are_the_documented_ones() -> None:
    c = coding()
    assert c.actions.size == 6591
    assert c.chance.size == 63
    assert [(p.name, p.shape) for p in c.planes] == [
        ("map", (14, 8, 12)),
        ("units", (3, 3, 2, 8, 12)),
        ("tiles", (3, 34)),
        ("in_hand", (34,)),
        ("points", (3,)),
        ("gold", (3,)),
        ("supply", (3, 3)),
        ("paths", (3, 41)),
        ("huts", (7, 2)),
        ("seen", (3, 7)),
        ("bag", (1,)),
        ("turn", (4,)),
        ("active", (3,)),
        ("step", (13,)),
        ("to_move", (3,)),
    ]
    assert c.observation_size == c.information_state_size == 3405
    assert c.max_game_length == 4 * 900 + 2 * 171 + 171 + 41 == 4154
    assert c.utility == pytest.approx((0.0, 213 + 18.036))


@pytest.mark.parametrize(
    ("params", "actions", "chance", "length"),
    [
        ({"players": 2}, 2463, 63, 4154),
        ({"players": 4}, 23103, 63, 4154),
        ({"tile_cap": 3}, 6426, 63, 4154),
        ({"setup": "variable"}, 6591, 67, 4154),
    ],
)
def test_sizes_follow_the_players_and_variants(
    params: dict[str, object], actions: int, chance: int, length: int
) -> None:
    c = coding(**params)
    assert (c.actions.size, c.chance.size, c.max_game_length) == (actions, chance, length)


def test_without_the_gold_tiebreak_returns_are_points_only() -> None:
    assert coding(tiebreak="shared").utility == (0.0, 213.0)


def test_the_bounds_follow_from_the_turn_limit() -> None:
    """Ruling 22: at most TURN_LIMIT turns of 4 decisions, besides the tiles and the
    paths; at most all the gold, one income a turn (6 to the roller, 7 to the others)."""
    assert scoring.TURN_LIMIT == 900
    for players, gold in ((2, 14 + 900 * 13 + 15), (3, 21 + 900 * 20 + 15),
                          (4, 28 + 900 * 27 + 15)):  # fmt: skip
        c = coding(players=players)
        assert c.max_game_length == 4 * scoring.TURN_LIMIT + 2 * 171 + 171 + 41
        assert c.utility == pytest.approx((0.0, 213 + gold / 1000))
        assert "900 turns" in c.notes and "in which" not in c.notes


def test_the_spaces_follow_the_board_file() -> None:
    """A board of 6 x 5 squares: 22 start points, 120 placements, a 5 x 6 map."""
    text = Path(empty_board()).read_text("utf-8")
    text = text.replace("width = 12", "width = 6").replace("height = 8", "height = 5")
    path = Path(tempfile.mkdtemp(prefix="entdecker-test-")) / "board.toml"
    path.write_text(text, encoding="utf-8")
    c = coding(board=str(path))
    kinds = {p.kind.__name__: p.size for p in reversed(c.actions.parts)}
    assert kinds["StartEdge"] == 22
    assert kinds["Place"] == 6 * 5 * 4
    assert dict((p.name, p.shape) for p in c.planes)["map"] == (14, 5, 6)
    # no set-up tiles: the 30 squares hold the 29 tiles of two land pieces and one of one
    assert c.utility[1] == pytest.approx(29 * 2 + 1 + 80 + 18.036)


def test_the_built_in_board_file_is_what_the_default_reads() -> None:
    board = resources.files("terranova.games.entdecker").joinpath("data", "board.toml")
    assert coding(board=str(board)).actions.signature() == coding().actions.signature()


# ----------------------------------------------------------------------- indices


def test_known_actions_have_their_documented_index() -> None:
    space = coding().actions
    assert space.index(Income(2)) == 0
    assert space.index(StartEdge("N0")) == 5
    assert space.index(StartEdge("S4")) == 29
    assert space.index(StartEdge("W7")) == 44
    assert space.index(Announce(1, "hidden")) == 5549
    assert space.index(Announce(3, "hidden")) == 5551
    assert space.index(Announce(1, "open")) == 5670
    assert space.index(DRAW) == 5720
    assert space.index(Take(4)) == 5724
    assert space.index(Settle("fort", 3, 4, 1)) == 6114
    assert space.index(STOP) == 6583
    assert space.index(Trek("p7")) == 6590
    assert space.decoder([Place("cape", 3, 4, 1)]) == {5840: Place("cape", 3, 4, 1)}
    assert list(space.decoder([Settle("scout", 3, 4, 0, "p2/3")])) == [6315]
    assert list(space.decoder([StartTile(0, 1, "N", "W1")])) == [45]
    assert list(space.decoder([StartTile(11, 7, "W", "S11")])) == [5533]


def test_the_square_and_design_implied_are_the_same_index() -> None:
    space = coding().actions
    assert space.indices([Settle("scout", 3, 4, 0)]) == space.indices([Settle("scout", 9, 1, 0)])
    assert space.indices([Place("cape", 3, 4, 1)]) == space.indices([Place("bay", 3, 4, 1)])


def test_known_chance_outcomes_have_their_documented_index() -> None:
    space = coding().chance
    assert [space.index(Roll(f)) for f in ("2", "3", "4", "wheel")] == [0, 1, 2, 3]
    assert space.index(Reveal("sea-cross")) == 4
    assert space.index(Fill("sea-cross")) == 29
    assert space.index(Token("corn")) == 62


def test_a_start_leading_off_the_board_is_outside_the_space() -> None:
    space = coding().actions
    with pytest.raises(ActionSpaceError):
        space.decoder([StartTile(0, 0, "N", "N0")])
    with pytest.raises(ActionSpaceError):
        coding(tile_cap=3).actions.index(Announce(4, "hidden"))


def two_routes() -> EntdeckerState:
    """Seat 1's fort on a cape: from 2,2 one route pays it (via W2, 1 coin), one does not
    (via N2, 2 coins)."""
    g = blank(3)
    for x, y in [(0, 2), (2, 2), (2, 0), (2, 1)]:
        lay(g, x, y, "sea-cross")
    lay(g, 1, 2, "cape")
    unit(g, 1, 2, 1, "fort")
    starting(g, 0)
    g.gold[0] = 10
    g.changed()
    return g


def test_routes_to_one_start_get_their_tolls_rank() -> None:
    g = two_routes()
    legal = g.legal_actions()
    assert "start 2,2 E via W2 toll 1" in texts(legal) and "start 2,2 E via N2" in texts(legal)
    found = {str(a): i for i, a in coding().actions.decoder(legal).items()}
    # heading E: 1389 + (x * 8 + y) * 16 + rank; no toll ranks 0, "1" ranks 1
    assert found["start 2,2 E via N2"] == 1389 + 18 * 16
    assert found["start 2,2 E via W2 toll 1"] == 1389 + 18 * 16 + 1
    assert found["start 1,2 S via W2 toll 1"] == 2797 + (1 * 7 + 2) * 16 + 1


# ------------------------------------------------------------------------ planes


def test_a_laid_tile_shows_its_land_and_lines() -> None:
    g = blank(3)
    lay(g, 3, 4, "coast", 1)  # land N-E turned to E-S, the lane S-W turned to W-N
    lay(g, 5, 6, "two-capes")  # two pieces, on N and on E; the lane S-W
    board = planes(g, 0)["map"]
    assert list(board[:11, 4, 3]) == [1, 0, 0.5, 0.5, 0, 0.5, 0, 0, 0.5, 0.5, 0]
    assert list(board[1:5, 6, 5]) == [0.5, 1, 0, 0]
    assert board[9, 6, 5] == 1
    assert board[0].sum() == 2


def test_the_waterfall_bonus_shows_on_its_square() -> None:
    g = new_game()
    board = planes(g, 0)["map"]
    assert board[10, 4, 8] == 1  # falls-10
    assert board[10, 3, 3] == 0.5  # falls-5
    assert board[0].sum() == 9


def test_units_are_by_seat_from_the_viewer_kind_and_piece() -> None:
    g = blank(3)
    lay(g, 5, 6, "two-capes")
    unit(g, 5, 6, 1, "fort", piece=1)
    unit(g, 5, 6, 2, "scout", piece=0)
    seen_by_0 = planes(g, 0)["units"]
    assert seen_by_0[1, 1, 1, 6, 5] == 0.5
    assert seen_by_0[2, 0, 0, 6, 5] == 0.5
    assert seen_by_0.sum() == 1
    seen_by_1 = planes(g, 1)["units"]
    assert seen_by_1[0, 1, 1, 6, 5] == 0.5  # seat 1's own fort comes first
    assert seen_by_1[1, 0, 0, 6, 5] == 0.5


def test_a_played_turn_shows_in_the_planes() -> None:
    g = new_game()
    p = planes(g, 0)
    assert p["step"][3] == 1  # start
    assert list(p["to_move"]) == [1, 0, 0]
    assert list(planes(g, 1)["to_move"]) == [0, 0, 1]
    assert p["active"].sum() == 0
    assert p["gold"][0] == pytest.approx(7 / 30)
    assert p["tiles"][0, g.tables.index["sea-cross"]] == 1  # all hidden still
    play(g, "start S4", "announce 2 hidden", "draw", "reveal cape")
    p = planes(g, 2)
    assert p["step"][7] == 1  # place
    assert list(p["to_move"]) == [0, 1, 0]
    assert list(p["active"]) == [0, 1, 0]
    assert p["in_hand"][g.tables.index["cape"]] == 1
    assert list(p["turn"]) == [1, 0, pytest.approx(1 / 121), 0]
    assert p["map"][12, 7, 4] == 1  # the ship sails into 4,7
    assert p["tiles"][0, g.tables.index["cape"]] == pytest.approx(14 / 15)
    place = next(a for a in g.legal_actions() if isinstance(a, Place))
    g.apply(place)
    p = planes(g, 0)
    assert p["map"][0, 7, 4] == p["map"][11, 7, 4] == p["map"][13, 7, 4] == 1
    assert p["in_hand"].sum() == 0
    assert p["gold"][0] == pytest.approx(5 / 30)


def test_discards_count_by_design() -> None:
    g = new_game()
    g.discards += [g.tables.index["cape"]] * 3
    assert planes(g, 0)["tiles"][2, g.tables.index["cape"]] == pytest.approx(3 / 15)


def test_a_hut_token_shows_its_value_only_to_who_looked() -> None:
    g = new_game()
    g.paths[1][0] = 1
    g.huts[1] = 2  # pineapple, 15
    g.known[1] = 1 << 1
    g.bag.remove(2)
    for seat, value in ((1, 1.0), (0, 0.0), (2, 0.0)):
        p = planes(g, seat)
        assert list(p["huts"][1]) == [1, value]
        assert p["paths"][(1 - seat) % 3, 4] == 1  # p2's first space, after p1's 4
        assert p["seen"][(1 - seat) % 3, 1] == 1
        assert p["bag"][0] == pytest.approx(8 / 9)


def test_points_and_supply_are_seat_relative() -> None:
    g = new_game()
    g.score[2] = 40
    g.supply[2][1] = 1
    p = planes(g, 2)
    assert p["points"][0] == pytest.approx(40 / 213)
    assert list(p["supply"][0]) == [1, 0.5, 1]
    assert planes(g, 0)["points"][2] == pytest.approx(40 / 213)


def test_tokens_unseen_do_not_reach_the_tensor_and_every_number_lies_in_0_1() -> None:
    """A state whose unseen tokens are redrawn shows each seat the same tensor."""
    g = new_game(players=4, natives="scout")
    c = coding(players=4, natives="scout")
    rng = random.Random(5)
    tokens = 0
    for ply in range(1500):
        if g.is_terminal():
            break
        if g.current_player() == CHANCE:
            g.apply(g.sample_chance(rng))
        else:
            g.apply(rng.choice(g.legal_actions()))
        if ply % 10:
            continue
        tokens = max(tokens, sum(1 for k in g.huts if k >= 0))
        for seat in range(4):
            tensor = c.observation(g.view(seat))
            assert tensor.min() >= 0 and tensor.max() <= 1
            other = g.resample(seat, random.Random(ply))
            assert np.array_equal(tensor, c.observation(other.view(seat)))
    assert tokens >= 2  # the game went far enough for hidden tokens
