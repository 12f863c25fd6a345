"""The pictures' words in the reader's language: the board's seats, scores, gold and huts'
tokens, the catalogue's stacks and title; the tiles' ids, the event letters (the rules
explain them in every language) and the numbers stay as they are."""

from __future__ import annotations

import re
from functools import cache
from xml.etree import ElementTree

import pytest

from terranova.core.i18n import PSEUDO
from terranova.games.entdecker import new_game, render
from terranova.games.entdecker.state import EntdeckerState
from tests.games.entdecker.helpers import random_game

SVG = "{http://www.w3.org/2000/svg}"
AS_THEY_ARE = re.compile(
    r"Entdecker"  # the game's name
    r"|[MPSN]"  # an event's letter, as the rules explain it
    r"|[a-z0-9-]+ x\d+"  # a tile's id and its count
    r"|p\d+ \[[ ?]\]"  # a jungle path's id and its hut, empty or with a hidden token
)


@cache
def positions() -> list[EntdeckerState]:
    _, seen = random_game(2, players=4)
    return [new_game(players=3), seen[len(seen) // 2], seen[-1]]


def words(svg: str) -> list[str]:
    """Every text the picture writes (its ``<text>`` and ``<title>`` contents)."""
    root = ElementTree.fromstring(svg.split("?>", 1)[1])
    return [
        "".join(e.itertext())
        for e in root.iter()
        if e.tag in (f"{SVG}text", f"{SVG}title") and "".join(e.itertext()).strip()
    ]


def pictures(lang: str) -> list[str]:
    out = [render.render_components_svg(positions()[0], lang=lang)]
    for state in positions():
        for seat in (None, 0):
            out.append(render.render_svg(state, seat, lang=lang))
    return out


def test_no_english_word_is_left_in_the_pseudo_language() -> None:
    left = {
        said
        for svg in pictures(PSEUDO)
        for said in words(svg)
        if re.search(r"[A-Za-z]", said) and "⟦" not in said and not AS_THEY_ARE.fullmatch(said)
    }
    assert not left
    # a hut's token, when the reader sees it, is named by its plant in the reader's language
    tokens = [w for svg in pictures(PSEUDO) for w in words(svg) if re.match(r"p\d+ \[.*⟦", w)]
    assert tokens


def test_the_english_pictures_read_as_before() -> None:
    start = words(render.render_svg(positions()[0]))
    assert "red: 0 points, 7 gold" in start and "p1 [ ]" in start
    catalogue = words(render.render_components_svg(positions()[0]))
    assert catalogue[0] == "Entdecker: the tiles"
    assert {"open 1", "hidden 6", "setup 1", "great waterfall +10 x1"} <= set(catalogue)
    assert render.seat_line(1, 1, 3).render("en") == "white: 1 point, 3 gold"


@pytest.mark.parametrize(
    ("lang", "seat", "stacks", "title", "token"),
    [
        ("fr", "Rouge : 0 point, 7 or", {"visible 1", "cachée 6", "mise en place 1"},
         "Entdecker : les tuiles", "tomate"),
        ("de", "Rot: 0 Punkte, 7 Gold", {"offen 1", "verdeckt 6", "Aufbau 1"},
         "Entdecker: die Kärtchen", "Tomate"),
    ],
)  # fmt: skip
def test_the_pictures_in_french_and_german(
    lang: str, seat: str, stacks: set[str], title: str, token: str
) -> None:
    assert seat in words(render.render_svg(positions()[0], lang=lang))
    catalogue = words(render.render_components_svg(positions()[0], lang=lang))
    assert catalogue[0] == title and stacks <= set(catalogue)
    assert render.say_token("tomato", lang) == token
    plural = render.seat_line(3, 2, 1).render(lang)
    assert plural == {"fr": "Violet : 2 points, 1 or", "de": "Lila: 2 Punkte, 1 Gold"}[lang]


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_huts_spaces_follow_its_label(lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long plant's name ("p7 [pomme de terre]") pushes its hut's spaces on, and the
    picture widens for them; a short label keeps them 90 pixels on, as in English."""
    state = positions()[-1]
    view = state.view(None)
    for k, hut in enumerate(view["huts"]):  # every token shown, as once revealed
        hut["token"] = ("potato", "pineapple", "corn")[k % 3]
    monkeypatch.setattr(state, "view", lambda seat: view)
    root = ElementTree.fromstring(render.render_svg(state, lang=lang).split("?>", 1)[1])
    circles = [e for e in root.iter(f"{SVG}circle") if e.get("r") == "6"]
    labels = [e for e in root.iter(f"{SVG}text") if re.fullmatch(r"p\d+ \[.+\]", e.text or "")]
    assert len(labels) == len(view["huts"])
    for label in labels:
        x, y, words = float(label.get("x", "0")), float(label.get("y", "0")), label.text or ""
        first = min(float(c.get("cx", "0")) for c in circles if float(c.get("cy", "0")) == y - 4)
        assert x + 0.56 * 12 * len(words) < first - 6, words  # the label ends before
        if words.endswith("[corn]"):
            assert first == x + 90
    right = max(float(c.get("cx", "0")) + 6 for c in circles)
    assert right <= float(root.get("width", "0"))
