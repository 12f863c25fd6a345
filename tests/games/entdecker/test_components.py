"""The authored components: the figures the sources give, and files checked on load with
errors naming the item and the field."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources
from typing import Any
from xml.etree import ElementTree

import pytest

from terranova.core.errors import ContentError
from terranova.games.entdecker import new_game, render
from terranova.games.entdecker.components import parse_board, parse_tiles
from terranova.games.entdecker.content import load_components
from tests.games.entdecker.helpers import random_game


def data(name: str) -> dict[str, Any]:
    text = resources.files("terranova.games.entdecker").joinpath("data", name).read_text()
    return tomllib.loads(text)


def test_the_facts_of_the_sources() -> None:
    c = load_components()
    assert c.tiles.total == 180
    board = c.board
    assert (board.width, board.height) == (12, 8)
    assert board.start_gold == 7 and board.scouts == (20, 15, 12)
    assert (board.forts, board.settlements) == (2, 1)
    assert board.unit_costs == (1, 3, 6) and (board.open_tile, board.hidden_tile) == (4, 1)
    assert len(board.paths) == 7
    assert sorted(t.value for t in board.tokens) == [5, 5, 5, 10, 10, 10, 15, 15, 15]
    assert board.edge_costs == {"N": 2, "E": 1, "S": 0, "W": 1}
    assert board.wheel == (2, 6)
    numbers = {d.number for d in c.tiles.designs if d.stack == "open"}
    assert numbers == {1, 2, 3, 4, 5, 6}
    events = Counter(d.event for d in c.tiles.designs for _ in range(d.count) if d.event)
    assert set(events) == {"mine", "pirates", "storm", "natives"}
    bonus = sorted(d.bonus for d in c.tiles.designs if d.bonus)
    assert bonus == [5, 10]


def tile_error(change: dict[str, Any], design: str = "cape") -> str:
    tiles = data("tiles.toml")
    for entry in tiles["design"]:
        if entry["id"] == design:
            entry.update(change)
    with pytest.raises(ContentError) as caught:
        parse_tiles(tiles, "tiles.toml")
    return str(caught.value)


def test_tile_errors_name_the_design_and_the_field() -> None:
    assert tile_error({"land": ["N"], "lanes": ["NS"]}) == (
        "tiles.toml: design 'cape': field 'lanes': lane 'NS': edge N is land"
    )
    assert tile_error({"land": ["NS"], "lanes": ["EW"]}, "isthmus") == (
        "tiles.toml: design 'isthmus': field 'lanes': piece 'NS' and lane 'EW' cross each "
        "other on the tile"
    )
    assert tile_error({"number": 3}) == (
        "tiles.toml: design 'cape': field 'number': the edges make a tile of type 2, not 3"
    )
    assert tile_error({"event": "volcano"}).startswith("tiles.toml: design 'cape': field 'event'")
    assert tile_error({"count": "2"}) == (
        "tiles.toml: design 'cape': field 'count': input should be a valid integer (got '2')"
    )
    assert tile_error({"stack": "open"}) == (
        "tiles.toml: design 'cape': field 'number': an open tile shows its number"
    )
    assert "field 'land'" in tile_error({"land": ["NX"]})
    assert tile_error({"name": {"en": "cape", "fr": "cap"}}) == (
        "tiles.toml: design 'cape': field 'name': no name in de (each of en, fr, de)"
    )
    assert tile_error({"name": {"en": "cape", "fr": "cap", "de": " "}}) == (
        "tiles.toml: design 'cape': field 'name': the de name ' ' is not one line of words"
    )
    assert tile_error({"name": {"en": "cape", "fr": "cap", "de": "Kap\nmit"}}).endswith(
        "is not one line of words"
    )
    assert "field 'name'" in tile_error({"name": None})
    bay = next(d for d in data("tiles.toml")["design"] if d["id"] == "bay")
    assert tile_error({"name": {**bay["name"], "en": "Cape"}}, "bay") == (
        "tiles.toml: design 'bay': field 'name': the en name 'Cape' is design 'cape''s already "
        "(each design has a name of its own)"
    )


def board_error(change: Any) -> str:
    board = data("board.toml")
    change(board)
    with pytest.raises(ContentError) as caught:
        parse_board(board, load_components().tiles, "board.toml")
    return str(caught.value)


def test_board_errors_name_the_item_and_the_field() -> None:
    assert board_error(lambda b: b["path"][2].update(length=0)) == (
        "board.toml: path 'p3': field 'length': input should be greater than or equal to 1 (got 0)"
    )
    assert board_error(lambda b: b["token"][0].update(value="ten")).startswith(
        "board.toml: token 'peanut': field 'value'"
    )
    assert board_error(lambda b: b["die"].update(faces=["2", "seven"])) == (
        "board.toml: [die]: field 'faces': 'seven' is neither a number nor 'wheel'"
    )
    assert board_error(lambda b: b["layout"][0]["tiles"][0].update(x=12)) == (
        "board.toml: layout 'beginner': field 'tiles': tile 0: 12,3 is off the board"
    )
    assert board_error(lambda b: b["layout"][1]["tiles"][2].update(tile="cape")) == (
        "board.toml: layout 'v1': field 'tiles': tile 2: 'cape' is not a set-up tile"
    )
    assert board_error(lambda b: b["layout"][0]["tiles"][2].update(x=3, y=2)) == (
        "board.toml: layout 'beginner': field 'tiles': tile 2: its edge does not match the "
        "tile at 3,3"
    )


def test_renderings() -> None:
    g = new_game(players=3)
    text = render.render_text(g)
    assert "seat 2 (yellow)" in text and "path p7" in text
    catalogue = render.render_components_svg(g)
    assert catalogue.count("x8") >= 2 and "falls-10" in catalogue
    assert ">great waterfall +10 x1<" in catalogue
    assert ">großer Wasserfall +10 x1<" in render.render_components_svg(g, lang="de")
    assert ">cap aux indigènes x1<" in render.render_components_svg(g, lang="fr")
    _, seen = random_game(2, players=4)
    for state in [g, seen[len(seen) // 2], seen[-1]]:
        for seat in (None, 0):
            root = ElementTree.fromstring(render.render_svg(state, seat).split("?>", 1)[1])
            assert root.tag.endswith("svg")
            assert render.render_text(state, seat)
    ElementTree.fromstring(catalogue.split("?>", 1)[1])
    assert "circle" in render.render_svg(seen[len(seen) // 2])  # units and paths


def test_the_games_of_one_set_of_components_share_its_tables() -> None:
    first, second = new_game(players=2), new_game(players=4)
    assert first.tables is second.tables
    assert first.clone().tables is first.tables
    other = new_game(players=2, setup="variable")
    assert other.tables is first.tables  # the same files, so the same components
