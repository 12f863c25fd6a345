"""Small Islands' component files: the built-in ones hold what the sources say, and every
fault in a file is named by its file, item and field."""

from __future__ import annotations

import copy
import random
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import terranova
from terranova.core.errors import ContentError
from terranova.games.small_islands.components import SYMBOLS, parse_cards, parse_tiles
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.tables import tables_of


def built_in(name: str) -> dict[str, Any]:
    text = resources.files("terranova.games.small_islands").joinpath("data", name).read_text()
    return tomllib.loads(text)


def test_the_facts_of_the_sources() -> None:
    c = load_components()
    assert (c.landscape_total, len(c.starts), c.ships) == (56, 8, 4)  # 4 starting tiles, 2 sides
    assert {d.side for d in c.starts} == {"a", "b"}
    assert (len(c.objectives), len(c.missions), len(c.rewards)) == (12, 12, 12)
    assert len(c.discoveries) == 12
    assert (len(c.alexis), len(c.expeditions)) == (3, 15)
    assert sorted(a.stars for a in c.alexis) == [1, 2, 3]
    assert (c.houses, c.reserve) == (4, 4)
    assert sorted(c.tokens) == ["flower", "fruit", "leaf", "port"]
    kinds = {o.reward.kind for o in c.objectives} | {r.kind for r in c.rewards}
    assert kinds == {"per_symbol", "lowest", "flat", "size", "discovery", "chosen"}
    missions = {o.mission.kind for o in c.objectives} | {m.kind for m in c.missions}
    assert missions == {"more", "symbols", "equal", "match"}
    for design in (*c.landscape, *c.starts):
        assert design.face.land, design.id
        totals = dict(zip(SYMBOLS, design.face.symbols(), strict=True))
        assert not totals["port"] or design.face.coast, design.id


TILE_FAULTS = [
    (lambda d: d["design"][0].update(edges="LLX"), "design 'L01': field 'edges'"),
    (
        lambda d: d["design"][0].update(edges="SSSS", corners="SSSS"),
        "field 'edges': a tile without land",
    ),
    (lambda d: d["design"][0].update(edges="LLLL", corners="LLLL", port=1), "field 'port'"),
    (lambda d: d["design"][0].update(flower="2"), "field 'flower'"),
    (lambda d: d["design"][0].update(colour="red"), "field 'colour': unknown field"),
    (lambda d: d["design"][1].update(id=d["design"][0]["id"]), "id is used twice"),
    (lambda d: d["start"][0]["a"].update(corners="LL"), "start 'S1': field 'a'"),
    (lambda d: d["table"].update(ships=0), "[table]: field 'ships'"),
]


@pytest.mark.parametrize(("change", "message"), TILE_FAULTS)
def test_tile_errors_name_the_item_and_the_field(change: Any, message: str) -> None:
    data = copy.deepcopy(built_in("tiles.toml"))
    change(data)
    with pytest.raises(ContentError) as error:
        parse_tiles(data, "tiles.toml")
    assert message in str(error.value)
    assert str(error.value).startswith("tiles.toml")


CARD_FAULTS = [
    (lambda d: d["objective"][0]["mission"].update(kind="more", a="flower", b=None),
     "objective 'O01': mission"),
    (lambda d: d["mission"][0].update(kind="equal", a="flower", b="flower"), "field 'b'"),
    (lambda d: d["mission"][0].update(kind="symbols", need={}), "field 'need'"),
    (lambda d: d["reward"][0].update(kind="per_symbol", symbol=None), "field 'symbol'"),
    (lambda d: d["reward"][0].update(kind="size", sizes=[[6, 6], [3, 4]], symbol=None),
     "field 'sizes'"),
    (lambda d: d["discovery"][0].update(value=-1), "discovery 'D01': field 'value'"),
    (lambda d: d["alexis"][0].update(land=9), "alexis 'A1': field 'land'"),
    (lambda d: d["bonus"].update(tokens=["gold"]), "[bonus]: field 'tokens'"),
    (lambda d: d["expedition"][0].update(slot=4), "expedition 'E01': field 'slot'"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "message"), CARD_FAULTS)
def test_card_errors_name_the_item_and_the_field(change: Any, message: str) -> None:
    data = copy.deepcopy(built_in("cards.toml"))
    change(data)
    with pytest.raises(ContentError) as error:
        parse_cards(data, "cards.toml")
    assert message in str(error.value)


def test_a_corrected_file_is_played_and_a_broken_one_refused(tmp_path: Path) -> None:
    text = resources.files("terranova.games.small_islands").joinpath("data", "tiles.toml")
    good = tmp_path / "tiles.toml"
    good.write_text(text.read_text().replace('id = "L01"', 'id = "L01x"', 1))
    state = terranova.make("small-islands", tiles=str(good))
    assert any(d["id"] == "L01x" for d in state.components()["designs"])
    broken = tmp_path / "broken.toml"
    broken.write_text(text.read_text().replace('edges = "', 'edges = "X', 1))
    with pytest.raises(ContentError) as error:
        terranova.make("small-islands", tiles=str(broken))
    assert "broken.toml: design 'L01': field 'edges'" in str(error.value)


def test_the_games_of_one_set_of_components_share_its_tables() -> None:
    first = terranova.make("small-islands", players=2)
    second = terranova.make("small-islands", players=4, mode="advanced")
    assert first.tables is second.tables is tables_of(load_components())
    assert first.clone().tables is first.tables
    assert first.resample(0, random.Random(1)).tables is first.tables
