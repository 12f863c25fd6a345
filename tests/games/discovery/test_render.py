"""Drawings of The Discovery: text map, SVG map, SVG tile catalogue and tile geometry."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

import terranova
from terranova.games.discovery import DiscoveryState, load_tileset
from terranova.games.discovery.render import (
    render_components_svg,
    render_svg,
    render_text,
    tile_geometry,
    tile_svg,
)
from terranova.games.discovery.tiles import EDGE_NAMES

SVG = "{http://www.w3.org/2000/svg}"


def new_state(players: int = 3, **params: object) -> DiscoveryState:
    state = terranova.make("discovery", players=players, **params)
    assert isinstance(state, DiscoveryState)
    return state


def play(players: int = 3, seed: int = 1, steps: int | None = None) -> DiscoveryState:
    """A random game: seeded choices among legal actions, seeded chance draws."""
    state = new_state(players)
    rng = random.Random(seed)
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.current_player() == terranova.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        done += 1
    return state


@pytest.fixture(scope="module")
def finished() -> DiscoveryState:
    state = play(3, seed=1)
    assert state.is_terminal()
    return state


@pytest.fixture(scope="module")
def midgame() -> DiscoveryState:
    """A game stopped with followers on the map and a tile just placed."""
    state = play(4, seed=7, steps=150)
    assert state.view(None)["followers"]
    return state


def tile_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "tile"]


# ---------------------------------------------------------------- SVG map


@pytest.mark.parametrize("which", ["finished", "midgame"])
def test_svg_map_has_one_group_per_placed_tile(which: str, request: pytest.FixtureRequest) -> None:
    state: DiscoveryState = request.getfixturevalue(which)
    root = ET.fromstring(render_svg(state))
    assert root.tag == f"{SVG}svg"
    groups = tile_groups(root)
    placed = state.placements()
    assert len(groups) == len(placed)
    drawn = [
        (int(g.get("data-x", "")), int(g.get("data-y", "")), g.get("data-design")) for g in groups
    ]
    assert drawn == [(x, y, design) for x, y, design, _ in placed]
    for group, (x, y, design, rotation) in zip(groups, placed, strict=True):
        assert group.get("data-rotation") == str(rotation)
        title = group.find(f"{SVG}title")
        assert title is not None and title.text is not None
        assert design in title.text and f"{x},{y}" in title.text


@pytest.mark.parametrize("which", ["finished", "midgame"])
def test_svg_map_shows_followers_and_last_tile(which: str, request: pytest.FixtureRequest) -> None:
    state: DiscoveryState = request.getfixturevalue(which)
    root = ET.fromstring(render_svg(state))
    markers = [g for g in root.iter(f"{SVG}g") if g.get("class") == "follower"]
    followers = state.view(None)["followers"]
    assert followers
    assert Counter(g.get("data-seat") for g in markers) == Counter(
        str(f["seat"]) for f in followers
    )
    for marker in markers:  # the seat number is written on the marker
        texts = [t.text for t in marker.iter(f"{SVG}text")]
        assert texts == [marker.get("data-seat")]
    last = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "last-placed"]
    assert len(last) == 1
    x, y, design, _ = state.placements()[-1]
    title = last[0].find(f"{SVG}title")
    assert title is not None and title.text == f"last placed: {design} at {x},{y}"


def test_svg_map_labels_axes(finished: DiscoveryState) -> None:
    root = ET.fromstring(render_svg(finished))
    xs = {x for x, _, _, _ in finished.placements()}
    ys = {y for _, y, _, _ in finished.placements()}
    texts = list(root.iter(f"{SVG}text"))
    axis_x = [int(t.text or "") for t in texts if t.get("class") == "axis-x"]
    axis_y = [int(t.text or "") for t in texts if t.get("class") == "axis-y"]
    assert axis_x == list(range(min(xs), max(xs) + 1))
    assert axis_y == list(range(min(ys), max(ys) + 1))


def test_svg_map_of_a_new_game_is_the_start_tile() -> None:
    state = new_state(2)
    root = ET.fromstring(render_svg(state))
    groups = tile_groups(root)
    assert [(g.get("data-design"), g.get("data-x"), g.get("data-y")) for g in groups] == [
        ("start", "0", "0")
    ]
    assert not [r for r in root.iter(f"{SVG}rect") if r.get("class") == "last-placed"]
    cities = [p for p in groups[0].iter(f"{SVG}path") if p.get("class") == "city"]
    assert len(cities) == 2


def test_svg_map_draws_every_port_city(finished: DiscoveryState) -> None:
    root = ET.fromstring(render_svg(finished))
    designs = {d.id: d for d in finished.tileset.designs}
    for group in tile_groups(root):
        cities = [p for p in group.iter(f"{SVG}path") if p.get("class") == "city"]
        assert len(cities) == len(designs[group.get("data-design", "")].cities)


# ----------------------------------------------------------- catalogue


def test_catalogue_lists_every_design_in_file_order() -> None:
    state = new_state(2)
    root = ET.fromstring(render_components_svg(state))
    groups = tile_groups(root)
    tileset = state.tileset
    assert len(groups) == len(tileset.designs) == 66
    assert [g.get("data-design") for g in groups] == [d.id for d in tileset.designs]
    assert [int(g.get("data-count", "")) for g in groups] == [d.count for d in tileset.designs]
    assert sum(int(g.get("data-count", "")) for g in groups) == 84
    assert [int(g.get("data-cities", "")) for g in groups] == [
        len(d.cities) for d in tileset.designs
    ]
    assert all(g.get("data-rotation") == "0" for g in groups)
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any("66 designs, 84 tiles" in t for t in texts)
    for design in tileset.designs:
        assert f"{design.id}  x{design.count}" in texts
    starts = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "start-tile"]
    assert len(starts) == 1
    assert starts[0].get("stroke") == "#e00000"


def test_catalogue_labels_every_region() -> None:
    state = new_state(2)
    root = ET.fromstring(render_components_svg(state))
    for group, design in zip(tile_groups(root), state.tileset.designs, strict=True):
        labels = [t.text for t in group.iter(f"{SVG}text")]
        assert labels == [str(i) for i in range(len(design.regions))]


# ------------------------------------------------------------------ text


def text_grid(state: DiscoveryState) -> tuple[list[str], int, int, int, int, int]:
    """The text map's lines, the line and column of tile (min x, min y)'s top-left corner,
    and the bounding box's origin and size."""
    lines = render_text(state).splitlines()
    placed = state.placements()
    xs = [x for x, _, _, _ in placed]
    ys = [y for _, y, _, _ in placed]
    rows = max(ys) - min(ys) + 1
    legend = next(i for i, line in enumerate(lines) if line.startswith("legend:"))
    header = legend - 3 * rows
    assert header in (1, 2)
    gutter = max(len(str(y)) for y in range(min(ys), max(ys) + 1)) + 1
    return lines, header, gutter, min(xs), min(ys), rows


@pytest.mark.parametrize("which", ["finished", "midgame"])
def test_text_map_has_one_block_per_tile(which: str, request: pytest.FixtureRequest) -> None:
    state: DiscoveryState = request.getfixturevalue(which)
    lines, header, gutter, min_x, min_y, rows = text_grid(state)
    width = max(x for x, _, _, _ in state.placements()) - min_x + 1
    grid = [line.ljust(gutter + 3 * width) for line in lines[header : header + 3 * rows]]
    designs = {d.id: d for d in state.tileset.designs}
    seats = {(f["x"], f["y"]): str(f["seat"]) for f in state.view(None)["followers"]}
    letters = {"mountain": "M", "grassland": "G", "sea": "S"}
    for x, y, design_id, rotation in state.placements():
        row = (y - min_y) * 3 + 1
        col = gutter + (x - min_x) * 3 + 1
        assert grid[row][col] == seats.get((x, y), ".")
        edges = "".join(letters[t.label] for t in designs[design_id].edge_terrains(rotation))
        drawn = grid[row - 1][col] + grid[row][col + 1] + grid[row + 1][col] + grid[row][col - 1]
        assert drawn == edges, (x, y)
    centres = [grid[(y * 3) + 1][gutter + x * 3 + 1] for y in range(rows) for x in range(width)]
    assert sum(c != " " for c in centres) == len(state.placements())
    x, y, design_id, rotation = state.placements()[-1]
    assert lines[-1] == f"last placed: {design_id} at {x},{y} turned {rotation * 90}"


def test_text_map_of_a_new_game() -> None:
    text = render_text(new_state(2))
    assert text.splitlines()[:4] == ["   0", "   S", "0 G.M", "  GG"]
    assert "last placed" not in text


# -------------------------------------------------------------- geometry


@pytest.mark.parametrize("rotation", range(4))
def test_geometry_matches_every_design(rotation: int) -> None:
    for design in load_tileset().designs:
        geometry = tile_geometry(design, rotation)
        owner = design.edge_regions(rotation)
        assert geometry.edge_regions == owner
        # just inside the middle of each edge lies the region owning that edge
        for edge, (u, v) in enumerate(((0.5, 0.02), (0.98, 0.5), (0.5, 0.98), (0.02, 0.5))):
            assert geometry.region_at(u, v) == owner[edge], (design.id, EDGE_NAMES[edge])
        # every region shows, with its anchor inside it
        for region, (u, v) in enumerate(geometry.anchors):
            assert geometry.region_at(u, v) == region, (design.id, region)
        # every port sits on the shore between its land and its sea
        for (land, sea), (u, v) in zip(design.cities, geometry.cities, strict=True):
            near = {
                geometry.region_at(
                    u + 0.04 * math.cos(a / 8 * math.pi), v + 0.04 * math.sin(a / 8 * math.pi)
                )
                for a in range(16)
            }
            assert {land, sea} <= near, (design.id, land, sea)
        # regions that touch in the file share a border in the drawing
        size = 48
        grid = [
            [geometry.region_at((i + 0.5) / size, (j + 0.5) / size) for i in range(size)]
            for j in range(size)
        ]
        borders = set()
        for j in range(size):
            for i in range(size):
                for di, dj in ((1, 0), (0, 1)):
                    if i + di < size and j + dj < size and grid[j][i] != grid[j + dj][i + di]:
                        borders.add(frozenset((grid[j][i], grid[j + dj][i + di])))
        for a, b in design.touches:
            assert frozenset((a, b)) in borders, (design.id, a, b)


def test_tile_svg_is_one_group() -> None:
    design = load_tileset().designs[0]
    element = ET.fromstring(
        f'<svg xmlns="http://www.w3.org/2000/svg">{tile_svg(design, 3, 10, 20, 50)}</svg>'
    )
    (group,) = tile_groups(element)
    assert group.get("data-design") == design.id
    assert group.get("data-rotation") == "3"


TILE_FILE = """
[meta]
name = "Render test set"

[[design]]
id = "start"
count = 1
regions = [{ terrain = "sea", edges = "N" }, { terrain = "grassland", edges = "ESW" }]
touches = [[0, 1]]
cities = [[1, 0]]

# a lake in a grassland, an island in the lake, two ports on the same shore
[[design]]
id = "lake"
count = 3
regions = [
  { terrain = "grassland", edges = "NESW" },
  { terrain = "sea" },
  { terrain = "mountain" },
]
touches = [[0, 1], [1, 2]]
cities = [[0, 1], [0, 1], [2, 1]]

[[design]]
id = "meadow"
count = 4
regions = [{ terrain = "grassland", edges = "NESW" }]
"""


def test_another_tile_file(tmp_path: Path) -> None:
    path = tmp_path / "tiles.toml"
    path.write_text(TILE_FILE, encoding="utf-8")
    state = new_state(2, tileset=str(path))
    root = ET.fromstring(render_components_svg(state))
    assert [(g.get("data-design"), g.get("data-count")) for g in tile_groups(root)] == [
        ("start", "1"),
        ("lake", "3"),
        ("meadow", "4"),
    ]
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert any("Render test set: 3 designs, 8 tiles" in t for t in texts)
    lake = state.tileset.designs[1]
    geometry = tile_geometry(lake, 0)
    for region, (u, v) in enumerate(geometry.anchors):
        assert geometry.region_at(u, v) == region
    assert len(set(geometry.cities)) == 3  # the two ports on one shore are apart
    rng = random.Random(3)
    while not state.is_terminal():
        if state.current_player() == terranova.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert len(tile_groups(ET.fromstring(render_svg(state)))) == len(state.placements())
    assert render_text(state).count("\n") > 3


# ------------------------------------------------------------------ languages


def words_drawn(svg: str) -> list[str]:
    """Every ``<text>`` and ``<title>`` content of an SVG that has letters."""
    root = ET.fromstring(svg)
    found = [e.text or "" for e in root.iter() if e.tag in (f"{SVG}text", f"{SVG}title")]
    return [t for t in found if any(c.isalpha() for c in t)]


@pytest.mark.parametrize("which", ["finished", "midgame"])
def test_every_word_drawn_is_a_message(which: str, request: pytest.FixtureRequest) -> None:
    """In the pseudo-language every word a person reads is wrapped: none is left English."""
    state: DiscoveryState = request.getfixturevalue(which)
    for svg in (render_svg(state, lang="xx"), render_components_svg(state, lang="xx")):
        drawn = words_drawn(svg)
        assert drawn
        assert [t for t in drawn if "⟦" not in t] == []


def test_the_start_in_the_pseudo_language() -> None:
    state = new_state(2)
    for svg in (render_svg(state, lang="xx"), render_components_svg(state, lang="xx")):
        assert [t for t in words_drawn(svg) if "⟦" not in t] == []


def test_the_map_in_french_and_german(midgame: DiscoveryState) -> None:
    french = words_drawn(render_svg(midgame, lang="fr"))
    assert french[0] == "The Discovery : carte"
    assert any("tuiles posées" in t and "dans la pioche" in t for t in french)
    assert any(t.startswith("place 0 : ") and "en réserve)" in t for t in french)
    assert {"montagne", "prairie", "mer", "ville portuaire"} <= set(french)
    assert "dernière posée · x est, y sud" in french
    follower = midgame.view(None)["followers"][0]
    tooltips = [t for t in french if t.startswith(f"place {follower['seat']} (")]
    assert tooltips and all(" sur la région " in t for t in tooltips)
    german = words_drawn(render_svg(midgame, lang="de"))
    assert german[0] == "The Discovery: Spielplan"
    assert {"Gebirge", "Grasland", "Meer", "Hafenstadt"} <= set(german)
    assert any(t.startswith("Platz 0: ") and "im Vorrat)" in t for t in german)


def test_the_catalogue_in_french_and_german() -> None:
    state = new_state(2)
    french = words_drawn(render_components_svg(state, lang="fr"))
    assert "The Discovery (jeu de tuiles de Terranova) : 66 motifs, 84 tuiles" in french
    assert "01  \u00d71" in render_components_svg(state, lang="fr")  # the caption
    assert "01 \u00d71 : 1 port (P)" in french  # one port, on a grassland (prairie)
    assert "start \u00d71 : 2 ports (M,P) (tuile de départ)" in french
    assert "ville portuaire : région 1 (prairie), région 0 (mer)" in french
    german = words_drawn(render_components_svg(state, lang="de"))
    assert "The Discovery (Plättchensatz von Terranova): 66 Motive, 84 Plättchen" in german
    assert "kein Hafen" in german
    assert "Hafenstadt: Gebiet 1 (Grasland), Gebiet 0 (Meer)" in german


def test_english_is_the_default() -> None:
    state = new_state(2)
    english = words_drawn(render_components_svg(state))
    assert english == words_drawn(render_components_svg(state, lang="en"))
    assert "The Discovery (Terranova authored set): 66 designs, 84 tiles" in english
    assert "01 x1: 1 port (G)" in english
    map_words = words_drawn(render_svg(state))
    assert map_words[:2] == [
        "The Discovery: map",
        "The Discovery · 1 tile placed · 83 tiles in the stack",
    ]
    assert "start at 0,0, turned 0° (start tile)" in map_words
