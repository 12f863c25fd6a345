"""Small Islands' encoding (docs/small-islands/encoding.md): the sizes and indices the docs
give, spaces derived from the component files, and planes that hold what the view says, on
built positions and on positions of real games."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import terranova
from terranova.core.encoding import Encoding, Planes, encoding_of
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, State
from terranova.games.small_islands import islands
from terranova.games.small_islands.actions import (
    DONE,
    PASS,
    Build,
    Choose,
    Expedition,
    House,
    Keep,
    Land,
    Place,
    Take,
    Token,
)
from terranova.games.small_islands.encoding_parts import STEPS, map_channels
from terranova.games.small_islands.steps import Turn
from tests.games.small_islands.helpers import at_step, blank, lay, pos, ship, tile_file, token

INFO = game_info("small-islands")
R = 40
"""The reach of the built-in set: 40 (the table's edge; 59 tiles could go farther)."""
SIDE = 2 * R + 1


def planes(coding: Encoding, state: State, seat: int | None) -> Planes:
    return coding.planes_of(coding.observation(state.view(seat)))


def run_until(state: State, rng: random.Random, done: object) -> None:
    """Random play (chance by its odds) until ``done(state)`` holds."""
    assert callable(done)
    while not done(state):
        assert not state.is_terminal(), "the game ended first"
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))


# ------------------------------------------------------------------ sizes and indices


def test_the_sizes_the_docs_give() -> None:
    coding = encoding_of(INFO, {})
    assert coding.actions.size == 126_441
    assert coding.chance.size == 136
    assert coding.observation_size == 157_836
    assert coding.memory_size == 2 * 12 + 12  # revealed objectives, Discovery tokens drawn
    assert coding.information_state_size == 157_872
    assert coding.max_game_length == 212
    assert coding.utility[0] == 0.0
    assert coding.utility[1] == pytest.approx(432.160801)
    assert coding.utility_sum is None


@pytest.mark.parametrize(
    ("params", "actions", "chance", "length", "high"),
    [
        ({"players": 1}, 126_441, 147, 194, 416.0),
        ({"players": 1, "mode": "advanced", "alexis": 3}, 126_378, 159, 194, 416.0),
        ({"players": 3, "mode": "advanced", "tokens": "cover"}, 146_061, 148, 230, 448.160802),
        ({"players": 4}, 126_441, 136, 248, 464.160803),
    ],
)
def test_the_sizes_of_other_parameters(
    params: dict[str, object], actions: int, chance: int, length: int, high: float
) -> None:
    coding = encoding_of(INFO, params)
    assert coding.actions.size == actions
    assert coding.chance.size == chance
    assert coding.max_game_length == length
    assert coding.utility[1] == pytest.approx(high)


def test_the_indices_the_docs_give() -> None:
    actions = encoding_of(INFO, {}).actions
    assert actions.offsets == (0, 1_568, 80_300, 80_356, 93_478, 119_722, 119_723, 126_284,
                               126_285, 126_429)  # fmt: skip
    assert actions.index(Place("S1a", -3, -3, 0)) == 0
    assert actions.index(Place("S2b", 0, 1, 1)) == 689  # 3 x 196 + 3 x 28 + 4 x 4 + 1
    assert actions.action(689) == Place("S2b", 0, 1, 1)
    assert actions.index(Take("L01")) == 80_300
    assert actions.index(Land("own", -40, -40)) == 80_356
    assert actions.index(Land("grey", 0, 0)) == 90_197
    assert actions.index(Token("flower", -40, -40)) == 93_478
    assert actions.index(Token("port", 0, 0)) == 116_441
    assert actions.index(PASS) == 119_722
    assert actions.index(House(0, 0)) == 123_003
    assert actions.index(DONE) == 126_284
    assert actions.index(Keep("O01", "O02")) == 126_286
    assert actions.index(Choose("D12")) == 126_440
    assert actions.action(126_286) == Keep("O01", "O02")


def test_a_placement_is_indexed_by_the_rank_of_its_design_among_the_legal_ones() -> None:
    actions = encoding_of(INFO, {}).actions
    low, high = Place("L03", 1, -2, 1), Place("L07", 1, -2, 1)
    square = 1_568 + (1 + R) * SIDE * 4 + (-2 + R) * 4 + 1
    assert square == 15_005
    assert actions.decoder([high, low]) == {square: low, SIDE * SIDE * 4 + square: high}
    # alone, the L07 is rank 0
    assert actions.decoder([high]) == {square: high}
    assert actions.describe(41_249) == "Place(design=#1, x=1, y=-2, rotation=1)"


def test_advanced_choices_are_ranked_among_the_cards_held() -> None:
    actions = encoding_of(INFO, {"mode": "advanced"}).actions
    legal = [
        Build(m, r, m2, r2)
        for m in ("M02", "M05", "M09")
        for m2 in ("M02", "M05", "M09")
        for r in ("R01", "R11", "R12")
        for r2 in ("R01", "R11", "R12")
        if m != m2 and r != r2
    ]
    decoded = actions.decoder(legal)
    start = actions.offsets[actions.parts.index(next(p for p in actions.parts if p.kind is Build))]
    # mission, reward, later mission, later reward: ranks 2, 0, 1, 2
    assert decoded[start + ((2 * 3 + 0) * 3 + 1) * 3 + 2] == Build("M09", "R01", "M05", "R12")


def test_the_token_variant_adds_the_resource_covered() -> None:
    actions = encoding_of(INFO, {"tokens": "cover"}).actions
    squares = SIDE * SIDE
    first = actions.index(Token("flower", -40, -40, "fruit"))
    assert first == 93_478
    assert actions.index(Token("flower", -40, -40, "leaf")) == first + 1
    assert actions.index(Token("fruit", -40, -40, "flower")) == first + 2 * squares
    assert actions.index(Token("port", -40, -40)) == first + 6 * squares


def test_the_spaces_follow_the_component_files(tmp_path: Path) -> None:
    tiles = tmp_path / "tiles.toml"
    tiles.write_text(
        '[[design]]\nid = "a"\ncount = 10\nedges = "LLLL"\ncorners = "LLLL"\n\n'
        '[[start]]\nid = "S"\na = { edges = "LSSS", corners = "SSSS" }\n'
        'b = { edges = "LLSS", corners = "LSSS" }\n\n[table]\nships = 2\n'
    )
    coding = encoding_of(INFO, {"tiles": str(tiles)})
    # laid at most: 1 starting tile, 10 - 2 x 2 landscape tiles, 2 ships: reach 8
    side = 17
    assert coding.actions.parts[0].size == 2 * 4  # a side of the starting tile on (0, 0)
    assert coding.actions.parts[1].size == 3 * side * side * 4
    assert coding.actions.parts[2].size == 1  # take a
    assert coding.planes_of(coding.observation(_blank_view(coding)))["map"].shape == (
        24,
        side,
        side,
    )
    assert coding.chance.size == 1 + 1 + 12 + 12
    # 1 start, 3 x 6 takes, 2 landings, 2 x 2 x 2 objectives and done, 2 x 8 x 2 houses
    assert coding.max_game_length == 1 + 18 + 2 + 8 + 32


def _blank_view(coding: Encoding) -> dict[str, object]:
    """A view with nothing on the table (only what the fill reads)."""
    seat = {"seat": 0, "hand": [], "tokens": [], "houses": 4, "reserve": 4, "built": 0,
            "score": 0, "ports_around_ship": 0, "discoveries": [], "objective": [],
            "next_objective": [], "holding": {"objective": []}}  # fmt: skip
    other = {**seat, "seat": 1, "hand": 0, "discoveries": 0, "objective": False,
             "next_objective": False, "holding": {"objective": 0}}  # fmt: skip
    return {"seat": 0, "tiles": [], "row": [], "seats": [seat, other], "revealed": {},
            "drawn_tokens": [], "navigation": 0, "stack": 0, "decks": {"objective": 12},
            "discovery_pool": 12, "grey_ships": 0, "round": 0, "step": "over",
            "current_player": -4, "first_player": 0}  # fmt: skip


# ------------------------------------------------------------------ planes on built positions


def test_the_map_shows_tiles_tokens_houses_and_ships_as_each_seat_sees_them() -> None:
    g = blank(2)
    lay(g, 0, 0, "flo")
    lay(g, 1, 0, "fru")
    lay(g, 0, 1, "cape", 2)  # land on its S edge, turned a half turn
    token(g, 0, "flower", 0, 0)
    token(g, 1, "port", 0, 1)
    islands.build(g, 1, pos(g, 1, 0))
    ship(g, 3, 3, 1)
    ship(g, -3, 3, -1)
    at_step(g, Turn(0))
    coding = encoding_of(INFO, {"tiles": tile_file()})
    channels = map_channels(2, False)
    assert len(channels) == 24
    at = {name: i for i, name in enumerate(channels)}
    mine = planes(coding, g, 1)["map"]
    theirs = planes(coding, g, 0)["map"]

    def cell(board: np.ndarray, name: str, x: int, y: int) -> float:
        return float(board[at[name], y + R, x + R])

    laid = {(t["x"], t["y"]) for t in g.view(0)["tiles"]}
    tile = mine[at["tile"]]
    assert {(x - R, y - R) for y, x in zip(*np.nonzero(tile), strict=True)} == laid
    assert cell(mine, "printed flower", 0, 0) == 1.0
    assert cell(mine, "printed fruit", 0, 0) == 0.0
    # the cape's land, on N before turning, is now on S; all its corners are sea
    assert [cell(mine, f"land {e}", 0, 1) for e in ("N", "E", "S", "W")] == [0, 0, 1, 0]
    assert cell(mine, "land NE", 0, 1) == 0.0
    assert cell(mine, "flower tokens", 0, 0) == pytest.approx(1 / 2)  # of 2 in play
    assert cell(mine, "port tokens", 0, 1) == pytest.approx(1 / 2)  # of 2 per tile
    # seat 1's house: place 0 in its own tensor, place 1 in seat 0's
    assert cell(mine, "houses of place 0", 1, 0) > 0
    assert cell(mine, "houses of place 1", 1, 0) == 0
    assert cell(theirs, "houses of place 1", 1, 0) > 0
    assert cell(mine, "ship: mine", 3, 3) == 1.0
    assert cell(theirs, "ship: others'", 3, 3) == 1.0
    assert cell(theirs, "ship: grey", -3, 3) == 1.0
    assert cell(theirs, "land N", 3, 3) == 0.0 and cell(theirs, "tile", 3, 3) == 1.0


def test_a_covered_resource_has_its_own_channel_in_the_cover_variant() -> None:
    g = blank(2, tokens="cover")
    lay(g, 0, 0, "flo")
    token(g, 0, "leaf", 0, 0, "flower")
    at_step(g, Turn(1))
    coding = encoding_of(INFO, {"tiles": tile_file(), "tokens": "cover"})
    at = {name: i for i, name in enumerate(map_channels(2, True))}
    board = planes(coding, g, 1)["map"]
    assert board[at["flower covered"], R, R] == 1.0
    assert board[at["leaf tokens"], R, R] == pytest.approx(1 / 2)
    assert board[at["fruit covered"], R, R] == 0.0


# ------------------------------------------------------------------ planes in real games


def test_the_row_and_the_hands_hold_what_each_view_shows() -> None:
    coding = encoding_of(INFO, {})
    state = terranova.make("small-islands")
    run_until(state, random.Random(5), lambda s: s.view(0)["step"] == "turn")
    landscape = list(coding.actions.parts[2].values[0])  # as Take numbers them
    for seat in (0, 1):
        view = state.view(seat)
        seen = planes(coding, state, seat)
        for slot, design in enumerate(view["row"]):
            assert np.flatnonzero(seen["row"][slot]).tolist() == [landscape.index(design)]
        hand = view["seats"][seat]["hand"]
        assert sorted(np.flatnonzero(seen["hand"])) == sorted(landscape.index(d) for d in hand)
        assert seen["hand_sizes"].tolist() == pytest.approx([2 / 3, 2 / 3])
        assert seen["step"][STEPS.index("turn")] == 1.0
        mover = state.current_player()
        assert np.flatnonzero(seen["to_move"]).tolist() == [(mover - seat) % 2]
        later = view["seats"][seat]["next_objective"]
        assert later, "each player keeps an objective for the next round"
        assert np.flatnonzero(seen["my_cards"][2]).tolist() == [int(k[1:]) - 1 for k in later]
    other = state.view(1)["seats"][0]["hand"]
    assert isinstance(other, int)


def test_revealed_objectives_are_kept_in_the_information_state() -> None:
    coding = encoding_of(INFO, {})
    state = terranova.make("small-islands")
    rng = random.Random(2)
    memory = None
    shown: set[tuple[int, str]] = set()
    while not state.is_terminal() and len(shown) < 3:
        observation = coding.observation(state.view(0))
        memory = coding.remember(memory, observation)
        for seat, cards in state.view(0)["revealed"].items():
            shown.update((int(seat), card) for card in cards)
        state.apply(
            state.sample_chance(rng)
            if state.current_player() == CHANCE
            else rng.choice(list(state.legal_actions()))
        )
    assert memory is not None and shown
    info = coding.information_state(coding.observation(state.view(0)), memory)
    remembered = info[coding.observation_size :]
    revealed = remembered[12:].reshape(2, 12)  # after "drawn", as the planes come
    assert {(int(s), f"O{k + 1:02}") for s, k in zip(*np.nonzero(revealed), strict=True)} == shown


def test_the_solo_game_shows_alexis_last() -> None:
    coding = encoding_of(INFO, {"players": 1})
    state = terranova.make("small-islands", players=1)
    rng = random.Random(3)
    run_until(state, rng, lambda s: len(s.view(0)["alexis"]["discards"]) >= 1)
    view = state.view(0)
    seen = coding.planes_of(coding.observation(view))
    assert seen["houses"].shape == (2, 3)
    assert seen["houses"][1].tolist() == pytest.approx([1.0, 0.0, 0.0])  # 8 of 8 in supply
    cards = coding.chance.parts[-1].values[0]
    assert coding.chance.parts[-1].kind is Expedition
    last = view["alexis"]["last_card"]
    assert np.flatnonzero(seen["expeditions"][1]).tolist() == [cards.index(last)]
    assert seen["scores"][1] == pytest.approx(view["alexis"]["score"] / 416)


# ------------------------------------------------------------------ the compact encoding

LISTINGS = {Place: "placements", Land: "landings", Token: "token_spots", House: "house_spots"}
"""Each listed kind, and the plane that lists its legal actions for the seat to move."""


def test_the_compact_sizes_the_docs_give() -> None:
    coding = encoding_of(INFO, {}, "compact")
    assert coding.actions.size == 2_194
    assert coding.chance.size == 136
    assert coding.observation_size == 30_672
    assert coding.information_state_size == 30_708
    assert [p.size for p in coding.actions.parts[:5]] == [1_440, 56, 240, 240, 1]
    assert coding.actions.parts[5].size == 60  # houses
    assert coding.actions.offsets == (0, 1_440, 1_496, 1_736, 1_976, 1_977, 2_037, 2_038, 2_182)
    standard = encoding_of(INFO, {})
    assert (coding.max_game_length, coding.utility) == (
        standard.max_game_length,
        standard.utility,
    )
    cover = encoding_of(INFO, {"tokens": "cover"}, "compact")
    assert cover.actions.parts[3].size == 60 * 7  # a port, and two resources for each kind
    assert cover.planes[3].shape == (420, 10)


@pytest.mark.parametrize(
    "params", [{}, {"players": 1}, {"players": 3, "mode": "advanced", "tokens": "cover"}]
)
def test_the_compact_tiles_are_the_standard_map_square_by_square_in_the_views_order(
    params: dict[str, object],
) -> None:
    compact, standard = encoding_of(INFO, params, "compact"), encoding_of(INFO, params)
    state = terranova.make("small-islands", **params)
    run_until(state, random.Random(4), lambda s: len(s.view(None)["tiles"]) >= 20)
    for seat in (None, 0, 1):  # each seat's houses and ship are counted from its own
        view = state.view(seat)
        tiles = compact.planes_of(compact.observation(view))["tiles"]
        board = standard.planes_of(standard.observation(view))["map"]
        laid = view["tiles"]
        for row, tile in zip(tiles, laid, strict=False):
            assert row[:2].tolist() == pytest.approx([(tile["x"] + R) / 80, (tile["y"] + R) / 80])
            assert row[2:].tolist() == board[:, tile["y"] + R, tile["x"] + R].tolist()
        assert not tiles[len(laid) :].any()
        # the planes after the map are the standard encoding's
        after = compact.observation_size - standard.observation_size + board.size
        assert compact.observation(view)[after:].tolist() == (
            standard.observation(view)[board.size :].tolist()
        )


def listing_rows(coding: Encoding, state: State, seat: int) -> dict[type, np.ndarray]:
    legal = list(state.legal_actions()) if seat == state.current_player() else []
    seen = coding.planes_of(coding.observation(state.view(seat), legal))
    return {kind: seen[name] for kind, name in LISTINGS.items()}


def laid_face(standard: Encoding, state: State, action: Place) -> list[float]:
    """The first channels of the standard map where ``action`` lays its tile, once laid."""
    after = state.clone()
    after.apply(action)
    board = standard.planes_of(standard.observation(after.view(None)))["map"]
    return board[:15, action.y + R, action.x + R].tolist()


@pytest.mark.parametrize(
    "params", [{}, {"players": 1}, {"players": 3, "mode": "advanced", "tokens": "cover"}]
)
def test_the_compact_observation_lists_the_legal_actions_in_index_order(
    params: dict[str, object],
) -> None:
    coding = encoding_of(INFO, params, "compact")
    standard = encoding_of(INFO, params)
    kinds = [part.kind for part in coding.actions.parts]
    state = terranova.make("small-islands", **params)
    rng = random.Random(5)
    kinds_seen: set[type] = set()
    faces: dict[tuple[str, int], list[float]] = {}
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = list(state.legal_actions())
        decoded = coding.actions.decoder(legal)
        for kind, listed in listing_rows(coding, state, seat).items():
            first = coding.actions.offsets[kinds.index(kind)]
            mine = [a for a in legal if type(a) is kind]
            assert [decoded[first + k] for k in range(len(mine))] == mine
            assert not listed[len(mine) :].any()
            designs = sorted({a.design for a in mine if isinstance(a, Place)})
            for row, action in zip(listed, mine, strict=False):
                kinds_seen.add(kind)
                where = pytest.approx([(action.x + R) / 80, (action.y + R) / 80])
                if isinstance(action, Place):
                    assert row[:2].tolist() == where
                    assert row[17] == designs.index(action.design) / 7
                    # the tile as it would lie: as the map shows it once laid
                    key = (action.design, action.rotation)
                    if key not in faces:
                        faces[key] = laid_face(standard, state, action)
                    assert row[2:17].tolist() == faces[key]
                    continue
                assert row[0] == 1 and row[1:3].tolist() == where
                if isinstance(action, Land):
                    assert row[3] == (action.ship == "grey")
                if isinstance(action, Token):
                    assert np.flatnonzero(row[3:7]).tolist() == [
                        ("flower", "fruit", "leaf", "port").index(action.kind)
                    ]
                    assert np.flatnonzero(row[7:]).tolist() == (
                        [("flower", "fruit", "leaf").index(action.over)] if action.over else []
                    )
        # the others' tensors are filled without the listing (Table.listed gives them no
        # legal actions: test_pettingzoo checks it), and the fill alone lists nothing
        for other in range(state.num_seats):
            if other != seat:
                assert not any(r.any() for r in listing_rows(coding, state, other).values())
        state.apply(rng.choice(legal))
    assert kinds_seen == set(LISTINGS)


@pytest.mark.parametrize(
    "params",
    [{}, {"players": 1, "alexis": 3}, {"players": 4}, {"players": 3, "tokens": "cover"}],
)
def test_the_compact_sizes_hold_because_their_premises_do(params: dict[str, object]) -> None:
    """The tiles always touch across edges, so n of them have at most 2n + 2 empty squares
    beside them; a square takes at most 4 turns of 3 tiles (at the set-up, of both sides of
    each starting tile not yet laid); a tile at most one token spot per kind (two with
    tokens=cover: one for each resource it may cover) and one house."""
    coding = encoding_of(INFO, params, "compact")
    sizes = {part.kind: part.size for part in coding.actions.parts}
    per_tile = 7 if params.get("tokens") == "cover" else 4
    for seed in range(3):
        state = terranova.make("small-islands", **params)
        rng = random.Random(seed)
        while not state.is_terminal():
            tiles = len(state.board.tiles)
            assert len(state.board.frontier) <= 2 * tiles + 2
            assert tiles <= coding.planes[0].shape[0]
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = list(state.legal_actions())
            by_square = Counter((a.x, a.y) for a in legal if isinstance(a, Place))
            starts = 4 - tiles if state.view(None)["step"] == "starting tiles" else 0
            assert max(by_square.values(), default=0) <= 4 * (2 * starts or 3)
            by_tile = Counter((a.x, a.y) for a in legal if isinstance(a, Token))
            assert max(by_tile.values(), default=0) <= per_tile
            houses = [(a.x, a.y) for a in legal if isinstance(a, House)]
            assert len(set(houses)) == len(houses) <= tiles
            for kind in LISTINGS:
                assert sum(type(a) is kind for a in legal) <= sizes[kind]
            state.apply(rng.choice(legal))
