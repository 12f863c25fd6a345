"""Small Islands' drawings: the text map, the SVG table and the tile catalogue, on new,
half-played and finished games, as a spectator and as each seat sees them."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import terranova
from terranova.cli import app
from terranova.core.registry import game_info
from terranova.core.state import CHANCE, State
from terranova.games.small_islands import render
from terranova.kit.matching import turn

PARAMS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 1, "alexis": 3, "mode": "advanced"},
    {"players": 3, "mode": "advanced", "tokens": "cover"},
    {"players": 4},
]


def new(**params: Any) -> State:
    return terranova.make("small-islands", **params)


def play(state: State, rng: random.Random, steps: int | None = None) -> State:
    """Random legal play: ``steps`` actions (None: to the end)."""
    done = 0
    while not state.is_terminal() and (steps is None or done < steps):
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
        done += 1
    return state


def positions(params: dict[str, Any], seed: int = 5) -> list[State]:
    """A new game, the game after its set-up, two positions mid-game and its end."""
    rng = random.Random(seed)
    state = new(**params)
    out = [state.clone()]
    for steps in (12, 40, 50):
        out.append(play(state, rng, steps).clone())
    out.append(play(state, rng))
    assert out[-1].is_terminal()
    return out


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg.encode())
    assert root.tag.rpartition("}")[2] == "svg"
    return root


def ids(text: str, design_ids: list[str]) -> set[str]:
    """The design ids that appear in ``text`` as words (not an SVG path's line-to and its
    number: ``L52.96,192.4`` is no L52)."""
    return {d for d in design_ids if re.search(rf"\b{re.escape(d)}\b(?!\.\d)", text)}


def test_the_renderer_is_registered() -> None:
    assert game_info("small-islands").renderer == "terranova.games.small_islands.render"


@pytest.mark.parametrize("params", PARAMS, ids=lambda p: "-".join(f"{v}" for v in p.values()))
def test_drawings_of_a_whole_game(params: dict[str, Any]) -> None:
    for state in positions(params):
        seats: list[int | None] = [None, *range(state.num_seats)]
        for seat in seats:
            text = render.render_text(state, seat)
            lines = text.splitlines()
            assert lines[0].startswith("Small Islands (")
            assert render.LEGEND in lines
            assert sum(line.startswith("seat ") for line in lines) == state.num_seats
            assert any(line.startswith("Alexis (") for line in lines) == (params["players"] == 1)
            root = parse(render.render_svg(state, seat))
            view = state.view(seat)
            titles = [t.text or "" for t in root.iterfind(".//{*}title")]
            laid = [t for t in titles if " at " in t and "turned" in t]
            assert len(laid) == len(view["tiles"])
        assert render.render_text(state) == render.render_text(state, None)  # deterministic


def test_the_text_map_draws_every_tile_as_a_block_of_nine() -> None:
    state = positions({"players": 2})[3]
    view = state.view(None)
    lines = render.render_text(state).splitlines()
    label_line = re.compile(r"^\s*-?\d+(\s+-?\d+)*$")
    first = next(k for k, line in enumerate(lines) if label_line.match(line))
    end = lines.index(render.LEGEND)
    drawn = sum(len(re.findall(r"[#~Shbtp^frl]", line)) for line in lines[first:end])
    assert drawn == 9 * len(view["tiles"])
    markers = "".join(re.findall(r"[Shbtp^frl]", "".join(lines[first:end])))
    ships = sum("ship" in tile for tile in view["tiles"])
    assert markers.count("S") == ships


def test_cells_follow_the_labels_as_laid() -> None:
    # land on the N edge and the NE corner, turned a quarter: land on the E edge and SE
    labels = (0, 1, 1, 1, 0, 1, 1, 1)
    assert render.cells(labels) == [
        [False, True, True],
        [False, True, False],
        [False, False, False],
    ]
    turned = turn(labels, 1)
    assert render.cells(turned) == [
        [False, False, False],
        [False, True, True],
        [False, False, True],
    ]
    corner_only = (1, 1, 1, 1, 0, 1, 1, 1)  # a point of land at NE: the centre is sea
    assert render.cells(corner_only)[1][1] is False


@pytest.mark.parametrize("players", [2, 4])
def test_a_hand_is_drawn_only_for_its_seat(players: int) -> None:
    state = positions({"players": players})[2]
    design_ids = [d["id"] for d in state.components()["designs"]]
    hands = [state.view(s)["seats"][s]["hand"] for s in range(players)]
    assert all(hands)
    assert not ids(render.render_text(state), [d for h in hands for d in h])
    for seat in range(players):
        text = render.render_text(state, seat)
        svg = render.render_svg(state, seat)
        others = [d for s, hand in enumerate(hands) if s != seat for d in hand]
        assert set(hands[seat]) <= ids(text, design_ids)
        assert set(hands[seat]) <= ids(svg, design_ids)
        assert not ids(text, others)
        assert not ids(svg, others)
        for other in range(players):
            if other == seat:
                continue
            line = next(x for x in text.splitlines() if x.startswith(f"seat {other}:"))
            assert f"hand {len(hands[other])}" in line
            secret = state.view(other)["seats"][other]
            for card in [*secret["objective"], *secret["next_objective"]]:
                assert card not in line


def test_a_seat_sees_its_objective_explained() -> None:
    state = positions({"players": 1, "alexis": 3, "mode": "advanced"})[3]
    mine = state.view(0)["seats"][0]
    assert mine["objective"]
    line = next(x for x in render.render_text(state, 0).splitlines() if x.startswith("seat 0:"))
    assert "objective " + "+".join(mine["objective"]) + " (" in line
    assert "Alexis (A3)" in render.render_text(state)


def test_the_end_names_the_winners() -> None:
    state = positions({"players": 2})[-1]
    text = render.render_text(state)
    assert "over: " in text and "winners: " in text
    assert "Game over" in render.render_svg(state)


def test_the_catalogue_shows_every_design() -> None:
    state = new()
    designs = state.components()["designs"]
    root = parse(render.render_components_svg(state))
    labels = {(t.text or "").split(" ")[0] for t in root.iterfind(".//{*}text")}
    assert {d["id"] for d in designs} <= labels
    tiles = [t for t in root.iterfind(".//{*}title") if "turned" in (t.text or "")]
    assert len(tiles) == len(designs) == 56 + 8 + 1


def test_terranova_render_tiles(tmp_path: Path) -> None:
    out = tmp_path / "tiles.svg"
    result = CliRunner().invoke(app, ["render", "small-islands", "--tiles", "--out", str(out)])
    assert result.exit_code == 0, result.output
    parse(out.read_text(encoding="utf-8"))
    result = CliRunner().invoke(app, ["render", "small-islands", "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "seat 1:" in result.output


def words_drawn(svg: str) -> list[str]:
    """What a person reads in an SVG picture: its texts and tooltips."""
    root = parse(svg)
    found = [*root.iterfind(".//{*}text"), *root.iterfind(".//{*}title")]
    return ["".join(e.itertext()) for e in found]


@pytest.mark.parametrize("params", PARAMS, ids=lambda p: "-".join(f"{v}" for v in p.values()))
def test_the_pictures_say_no_english_word_in_another_language(params: dict[str, Any]) -> None:
    """In the tests' pseudo-language every word drawn is a message (marked ⟦…⟧; a tile's
    name wrapped on two lines has a mark on each), but the tiles' ids under the tiles."""
    states = positions(params)
    design_ids = {d["id"] for d in states[0].components()["designs"]}
    svgs = [render.render_components_svg(states[0], lang="xx")]
    for state in states:
        svgs += [render.render_svg(state, seat, lang="xx") for seat in (None, 0)]
    for svg in svgs:
        for words in words_drawn(svg):
            if re.search(r"[^\W\d_]", words) and words.split(" ")[0] not in design_ids:
                assert "⟦" in words or words.endswith("⟧"), words


def test_the_pictures_in_french_and_german() -> None:
    state = positions({"players": 2})[-1]
    fr = words_drawn(render.render_svg(state, lang="fr"))
    de = words_drawn(render.render_svg(state, lang="de"))
    assert "Small Islands : la table" in fr
    assert "Small Islands: der Tisch" in de
    assert "tuiles visibles" in fr and "offene Plättchen" in de
    assert any(w.startswith("place 0 (rouge) : ") and "points" in w for w in fr)
    assert any(w.startswith("Platz 1 (blau): ") and "Punkte" in w for w in de)
    assert any(w.startswith("Partie terminée : ") for w in fr)
    assert any(w.startswith("Spiel vorbei: ") for w in de)
    catalogue = words_drawn(render.render_components_svg(state, lang="fr"))
    assert "Tuiles Paysage (56)" in catalogue and "symbole maison" in catalogue
    german = words_drawn(render.render_components_svg(state, lang="de"))
    assert "Startplättchen, Seite a und Seite b" in german
    assert "Landschaftsplättchen (56)" in german and "gebautes Haus" in german
    # the English stays as it was
    assert "face-up tiles" in words_drawn(render.render_svg(state))


def text_spans(svg: str) -> tuple[float, list[tuple[float, float, str]]]:
    """The picture's width, and each ``<text>``'s left and right ends, estimated from its
    font size and length (0.56 of the font size a character), and its words."""
    root = parse(svg)
    spans = []
    for e in root.iterfind(".//{*}text"):
        words = "".join(e.itertext())
        wide = 0.56 * float(e.get("font-size", "0")) * len(words)
        left = float(e.get("x", "0")) - (wide / 2 if e.get("text-anchor") == "middle" else 0)
        spans.append((left, left + wide, words))
    return float(root.get("width", "0")), spans


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_word_drawn_fits_in_the_picture(lang: str) -> None:
    """The legend and the panel's lines, longer in French and German, widen the table's
    picture rather than run past its edge."""
    for params in ({"players": 2}, {"players": 1, "alexis": 3, "mode": "advanced"}):
        states = positions(params)
        svgs = [render.render_components_svg(states[0], lang=lang)]
        svgs += [
            render.render_svg(state, seat, lang=lang) for state in states for seat in (None, 0)
        ]
        for svg in svgs:
            width, spans = text_spans(svg)
            over = [(round(right - width), words) for _, right, words in spans if right > width]
            assert not over, over


def test_the_english_pictures_keep_their_width() -> None:
    state = positions({"players": 2})[0]
    assert parse(render.render_svg(state)).get("width") == "760"
    assert parse(render.render_components_svg(state)).get("width") == "848"


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_catalogue_names_the_ship_and_keeps_names_in_their_cells(lang: str) -> None:
    state = positions({"players": 2})[0]
    svg = render.render_components_svg(state, lang=lang)
    ship = {"en": "ship", "fr": "navire", "de": "Schiff"}[lang]
    count = next(d["count"] for d in state.components()["designs"] if d["id"] == "ship")
    assert f"{ship} x{count}" in words_drawn(svg)
    # a tile's name, on one line or two, stays within its cell (112 + 24 pixels wide)
    for e in parse(svg).iterfind(".//{*}text"):
        if e.get("text-anchor") == "middle":
            words = "".join(e.itertext())
            assert 0.56 * float(e.get("font-size", "0")) * len(words) <= 136, words
