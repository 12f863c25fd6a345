"""The Discovery's moves said in words (``say_action``), in English, French and German: a
tile by its terrains (a list in the reader's language), turned in the site's words (a
message of another domain, nested), never a private draw's tile to another seat."""

from __future__ import annotations

import terranova
from terranova.core.actions import Action
from terranova.games.discovery.actions import PASS, Deploy, Draw, Place, Remove, SetAside
from terranova.games.discovery.rules import DiscoveryState


def game(**params: object) -> DiscoveryState:
    state = terranova.make("discovery", players=2, **params)
    assert isinstance(state, DiscoveryState)
    return state


def said(action: Action, lang: str, seat: int | None = 0, **params: object) -> str:
    words = game(**params).say_action(action, seat)
    assert words is not None and not isinstance(words, str)
    return words.render(lang)


def test_a_tile_laid_turned_names_its_terrains_in_each_language() -> None:
    place = Place("21", 1, 0, 1)
    assert said(place, "en") == (
        "lay the tile with sea and mountain at 1,0, turned a quarter turn clockwise"
    )
    assert said(place, "fr") == (
        "poser la tuile avec mer et montagne en 1,0, tournée d'un quart de tour dans le sens "
        "horaire"
    )
    assert said(place, "de") == (
        "das Plättchen mit Meer und Gebirge auf 1,0 legen, um eine Vierteldrehung im "
        "Uhrzeigersinn gedreht"
    )


def test_a_tile_of_three_terrains_is_listed_as_each_language_lists() -> None:
    place = Place("50", 2, 1, 0)
    assert said(place, "en") == "lay the tile with grassland, mountain and sea at 2,1"
    assert said(place, "fr") == "poser la tuile avec prairie, montagne et mer en 2,1"
    assert said(place, "de") == "das Plättchen mit Grasland, Gebirge und Meer auf 2,1 legen"


def test_followers_and_passes_in_each_language() -> None:
    assert said(Deploy(1), "fr") == (
        "poser un partisan sur la région 2 de la tuile qui vient d'être posée"
    )
    assert said(Deploy(1), "de") == (
        "einen Gefolgsmann auf Gebiet 2 des gerade gelegten Plättchens setzen"
    )
    assert said(Remove(2, -1, 0), "de") == (
        "den Gefolgsmann auf Gebiet 1 des Plättchens auf 2,-1 zurücknehmen und sein Gebiet werten"
    )
    assert said(PASS, "en") == "neither deploy nor take back a follower"
    assert said(PASS, "fr") == "ni poser ni reprendre de partisan"
    assert said(PASS, "de") == "weder einen Gefolgsmann einsetzen noch einen zurücknehmen"


def test_draws_and_tiles_set_aside() -> None:
    assert said(Draw("21"), "en") == "draw the tile with sea and mountain"
    assert said(Draw("21"), "de") == "das Plättchen mit Meer und Gebirge ziehen"
    assert (
        said(SetAside("21"), "fr") == "la tuile avec mer et montagne est mise de côté face visible"
    )
    assert (
        said(SetAside("21"), "de") == "das Plättchen mit Meer und Gebirge wird offen beiseitegelegt"
    )


def test_another_seats_private_draw_says_no_tile() -> None:
    private = {"hand": 2, "hand_visibility": "private"}
    assert said(Draw("21"), "en", 1, **private) == "draw a tile"
    assert said(Draw("21"), "fr", 1, **private) == "piocher une tuile"
    assert said(Draw("21"), "de", None, **private) == "ein Plättchen ziehen"
    assert said(Draw("21"), "en", 0, **private) == "draw the tile with sea and mountain"


def test_a_tile_not_in_the_set_is_a_tile() -> None:
    assert said(Draw("nope"), "en") == "draw a tile"
    assert said(SetAside("nope"), "fr") == "une tuile est mise de côté face visible"
