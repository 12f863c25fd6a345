"""The built-in tile file and the tile loader."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from terranova.core.errors import ContentError
from terranova.core.registry import make
from terranova.games.discovery.content import load_tileset
from terranova.games.discovery.tiles import Terrain
from tests.games.discovery.reference import looks

# The wiki's "Tile Distribution": design -> tiles ("start" is the start tile, number 24).
WIKI_COUNTS = {
    "01": 1, "02": 2, "03": 2, "04": 1, "05": 1, "06": 1, "07": 1, "08": 1, "09": 2,
    "10": 1, "11": 1, "12": 1, "13": 2, "14": 2, "15": 3, "16": 1, "17": 1, "18": 1,
    "19": 3, "20": 2, "21": 2, "22": 1, "23": 1, "start": 1, "25": 1, "26": 1, "27": 1,
    "28": 1, "29": 1, "30": 2, "31": 1, "32": 1, "33": 1, "34": 1, "35": 1, "36": 2,
    "37": 1, "38": 1, "39": 1, "40": 1, "41": 2, "42": 2, "43": 1, "44": 1, "45": 1,
    "46": 1, "47": 1, "48": 1, "49": 1, "50": 1, "51": 1, "52": 1, "53": 1, "54": 1,
    "55": 1, "56": 1, "57": 2, "58": 1, "59": 2, "60": 2, "61": 1, "62": 1, "63": 1,
    "64": 1, "65": 1, "66": 1,
}  # fmt: skip


def test_the_wiki_list_itself() -> None:
    assert len(WIKI_COUNTS) == 66
    assert sum(WIKI_COUNTS.values()) == 84


def test_built_in_set_has_the_wiki_designs_and_counts() -> None:
    ts = load_tileset()
    ids = [d.id for d in ts.designs]
    assert ids == [f"{n:02d}" for n in range(1, 24)] + ["start"] + [f"{n}" for n in range(25, 67)]
    assert {d.id: d.count for d in ts.designs} == WIKI_COUNTS
    assert len(ts.designs) == 66
    assert ts.total == 84
    assert ts.designs[ts.start].id == "start"
    assert ts.designs[ts.start].count == 1


def test_no_two_built_in_designs_look_alike_under_rotation() -> None:
    ts = load_tileset()
    seen: dict[object, str] = {}
    for d in ts.designs:
        for rotation in range(4):
            other = seen.get(looks(d, rotation))
            assert other in (None, d.id), f"{d.id} turned {rotation} looks like {other}"
        seen[looks(d, 0)] = d.id


def test_every_edge_belongs_to_exactly_one_region() -> None:
    for d in load_tileset().designs:
        edges = sorted(e for r in d.regions for e in r.edges)
        assert edges == [0, 1, 2, 3], d.id


def test_regions_of_one_terrain_never_touch_and_corners_touch() -> None:
    for d in load_tileset().designs:
        touching = {frozenset(p) for p in d.touches}
        for a, b in d.touches:
            assert a != b
            assert d.regions[a].terrain != d.regions[b].terrain, d.id
        owner = {e: i for i, r in enumerate(d.regions) for e in r.edges}
        for edge in range(4):
            a, b = owner[edge], owner[(edge + 1) % 4]
            if a != b:
                assert frozenset((a, b)) in touching, (d.id, edge)


def test_every_city_lies_between_touching_land_and_sea() -> None:
    cities = 0
    for d in load_tileset().designs:
        touching = {frozenset(p) for p in d.touches}
        for land, sea in d.cities:
            cities += 1
            assert d.regions[land].terrain in (Terrain.MOUNTAIN, Terrain.GRASSLAND), d.id
            assert d.regions[sea].terrain == Terrain.SEA, d.id
            assert frozenset((land, sea)) in touching, d.id
    assert cities > 0


def test_start_tile_has_all_three_terrains() -> None:
    ts = load_tileset()
    start = ts.designs[ts.start]
    assert {r.terrain for r in start.regions} == set(Terrain)


# ---------------------------------------------------------------------- tile files

GOOD = """
[meta]
name = "tiny"

[[design]]
id = "start"
count = 1
regions = [{ terrain = "sea", edges = "N" }, { terrain = "grassland", edges = "ESW" }]
touches = [[0, 1]]
cities = [[1, 0]]

[[design]]
id = "ocean"
count = 5
regions = [{ terrain = "sea", edges = "NESW" }]

[[design]]
id = "plain"
count = 4
regions = [{ terrain = "grassland", edges = "NESW" }]
"""


def write(tmp_path: Path, text: str, name: str = "tiles.toml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_make_uses_another_tile_file(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD)
    state = make("discovery", tileset=str(path))
    assert state.params()["tileset"] == str(path)
    view = state.view(None)
    assert view["map"] == [{"x": 0, "y": 0, "design": "start", "rotation": 0}]
    assert view["stack"] == 9
    assert {str(a) for a, _ in state.chance_outcomes()} == {"draw ocean", "draw plain"}
    probabilities = {str(a): p for a, p in state.chance_outcomes()}
    assert probabilities["draw ocean"] == pytest.approx(5 / 9)
    assert json.loads(json.dumps(state.components()))["designs"][1]["id"] == "ocean"


def test_load_tileset_reads_a_file(tmp_path: Path) -> None:
    ts = load_tileset(write(tmp_path, GOOD))
    assert ts.name == "tiny"
    assert [d.id for d in ts.designs] == ["start", "ocean", "plain"]
    assert ts.total == 10


def replace(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


BROKEN = {
    "bad terrain": (
        replace('terrain = "sea", edges = "NESW"', 'terrain = "lava", edges = "NESW"'),
        ["'ocean'", "'regions'", "lava"],
    ),
    "bad edge letter": (
        replace('terrain = "sea", edges = "NESW"', 'terrain = "sea", edges = "NESX"'),
        ["'ocean'", "'regions'", "NESX"],
    ),
    "edge owned twice": (
        replace('edges = "ESW" }]', 'edges = "NESW" }]'),
        ["'start'", "'regions'", "edge N"],
    ),
    "edge owned by nobody": (
        replace('terrain = "grassland", edges = "NESW"', 'terrain = "grassland", edges = "NES"'),
        ["'plain'", "'regions'", "edge W"],
    ),
    "count zero": (replace("count = 5", "count = 0"), ["'ocean'", "'count'"]),
    "count not a number": (replace("count = 4", 'count = "four"'), ["'plain'", "'count'"]),
    "start counted twice": (replace("count = 1", "count = 2"), ["'start'", "'count'"]),
    "city on two land regions": (
        replace("cities = [[1, 0]]", "cities = [[0, 1]]"),
        ["'start'", "'cities'"],
    ),
    "city on a region that does not exist": (
        replace("cities = [[1, 0]]", "cities = [[1, 7]]"),
        ["'start'", "'cities'", "7"],
    ),
    "missing corner touch": (
        replace("touches = [[0, 1]]", "touches = []"),
        ["'start'", "'touches'"],
    ),
    "unknown field": (replace("count = 4", "count = 4\ncolour = 'green'"), ["'plain'", "colour"]),
    "id used twice": (replace('id = "plain"', 'id = "ocean"'), ["'ocean'", "twice"]),
    "same design turned": (
        GOOD
        + """
[[design]]
id = "cape"
count = 1
regions = [{ terrain = "sea", edges = "S" }, { terrain = "grassland", edges = "NEW" }]
touches = [[0, 1]]
cities = [[1, 0]]
""",
        ["'cape'", "'start'", "180"],
    ),
    "no start tile": (replace('id = "start"', 'id = "begin"'), ["start"]),
    "no designs": ("[meta]\nname = 'empty'\n", ["design"]),
    "not TOML": ("[[design]\nid = ", ["TOML"]),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_tile_files_name_the_design_and_field(tmp_path: Path, case: str) -> None:
    text, words = BROKEN[case]
    path = write(tmp_path, text, f"{case.replace(' ', '-')}.toml")
    with pytest.raises(ContentError) as error:
        make("discovery", tileset=str(path))
    message = str(error.value)
    assert str(path) in message or case == "no designs"
    for word in words:
        assert word in message, (word, message)


def test_missing_tile_file(tmp_path: Path) -> None:
    path = tmp_path / "absent.toml"
    with pytest.raises(ContentError) as error:
        make("discovery", tileset=str(path))
    assert "absent.toml" in str(error.value)
