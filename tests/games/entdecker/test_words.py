"""Entdecker's own words (its moves, its score sheet, its end) in French and German: worked
examples, and every message a random game says is in both catalogs."""

from __future__ import annotations

import pytest

from terranova.core.i18n import Listed, Said, Text, catalog, named
from terranova.core.scoring import SCORING
from terranova.games.entdecker import actions as a
from terranova.games.entdecker import new_game, scoring
from tests.games.entdecker.helpers import random_game, words


def messages(said: object) -> list[Text]:
    """The messages in some words, nested ones included."""
    if isinstance(said, Text):
        return [said, *(m for value in said.params.values() for m in messages(value))]
    if isinstance(said, Listed):
        return [m for item in said.items for m in messages(item)]
    return []


def translated(said: Said | str, lang: str) -> list[str]:
    """The messages of ``said`` its domain's catalog in ``lang`` lacks."""
    return [
        m.msgid for m in messages(said) if m.msgid not in catalog(named(m.domain), lang).messages
    ]


def test_a_start_from_a_tile_names_the_start_point_the_heading_and_the_tolls() -> None:
    g = new_game(players=3)
    start = a.StartTile(3, 4, "E", "S4", "1,1,2")
    said = g.say_action(start, 0)
    assert isinstance(said, Said)
    assert str(said) == (
        "start from the tile at 3,4 sailing east, coming from start point S4 (the bottom edge, "
        "column 4), paying a toll of 2 gold to seat 2 twice and seat 3"
    )
    assert said.render("fr") == (
        "partir de la tuile en 3,4 cap est, depuis le point de départ S4 (bord inférieur, "
        "colonne 4), en payant un péage de 2 or à la place 2 deux fois et la place 3"
    )
    assert said.render("de") == (
        "vom Kärtchen auf 3,4 Richtung Osten starten, vom Startpunkt S4 aus (Rand unten, "
        "Spalte 4), mit 2 Gold Wegzoll an Platz 2 zweimal und Platz 3"
    )


def test_an_announcement_counts_its_tiles() -> None:
    g = new_game(players=2)
    one, three = g.say_action(a.Announce(1, "hidden"), 0), g.say_action(a.Announce(3, "open"), 0)
    assert isinstance(one, Said) and isinstance(three, Said)
    assert str(one) == "announce 1 hidden tile and pay for it"
    assert one.render("fr") == "annoncer 1 tuile cachée et la payer"
    assert three.render("fr") == "annoncer 3 tuiles visibles et les payer"
    assert three.render("de") == "3 offene Kärtchen ansagen und bezahlen"


def test_a_tile_laid_turned_and_a_scout_taken_back() -> None:
    g = new_game(players=2)
    place = g.say_action(a.Place("cape", 3, 4, 2), 0)
    settle = g.say_action(a.Settle("fort", 1, 2, 0, "4,4/0"), 0)
    assert isinstance(place, Said) and isinstance(settle, Said)
    assert str(place) == "lay tile cape at 3,4, turned half a turn"
    assert place.render("fr") == "poser la tuile « cap » en 3,4, tournée d'un demi-tour"
    assert place.render("de") == "Kärtchen „Kap“ auf 3,4 legen, um eine halbe Drehung gedreht"
    assert str(settle) == (
        "place a fort on land piece 1 of the tile at 1,2, taking a scout back from 4,4/0"
    )
    assert settle.render("de") == (
        "einen Stützpunkt auf Landstück 1 des Kärtchens auf 1,2 setzen und dafür einen "
        "Kundschafter von 4,4/0 zurücknehmen"
    )


def test_tiles_are_said_by_their_names_in_each_language() -> None:
    g = new_game(players=2)
    reveal = g.say_action(a.Reveal("sea-strait"), None)
    fill = g.say_action(a.Fill("inland"), None)
    laid = g.say_action(a.Place("open-2", 3, 4, 0), 0)
    assert isinstance(reveal, Said) and isinstance(fill, Said) and isinstance(laid, Said)
    assert str(reveal) == "the hidden tile drawn is tile sea strait"
    assert reveal.render("fr") == "la tuile cachée piochée est la tuile « détroit »"
    assert reveal.render("de") == "das gezogene verdeckte Kärtchen ist „Meerenge“"
    assert (
        fill.render("de") == "Kärtchen „Binnenland“ füllt ein Feld, das kein Schiff erreichen kann"
    )
    assert str(laid) == "lay tile open 2 at 3,4"
    assert laid.render("fr") == "poser la tuile « visible 2 » en 3,4"


def test_score_lines_and_the_end_in_french_and_german() -> None:
    line = scoring.island_line(1, True, 2, 2, 4, 5)
    assert str(line) == "1st (shared) with 2 settlements on an island of 4 tiles + 5 waterfall"
    assert (
        line.render("fr") == "1er (ex æquo) avec 2 colonies sur une île de 4 tuiles + 5 de cascade"
    )
    assert (
        line.render("de")
        == "1. (geteilt) mit 2 Siedlungen auf einer Insel aus 4 Kärtchen + 5 Wasserfall"
    )
    limit = scoring.END_WORDS[scoring.TURN_LIMIT_REACHED]
    assert limit.render("fr") == "la limite de tours (900 tours) est atteinte"
    assert limit.render("de") == "die Zuggrenze (900 Züge) ist erreicht"


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_word_of_a_random_game_is_in_the_catalogs(seed: int, lang: str) -> None:
    g, seen = random_game(seed, players=2 + seed, setup="variable" if seed else "beginner")
    missing: set[str] = set()
    for before, action in zip(seen, g.history(), strict=False):
        for seat in (None, 0, 1):
            said = before.say_action(action, seat)
            if said is not None:
                missing.update(translated(said, lang))
                assert "{" not in said.render(lang) if isinstance(said, Said) else True
    for line in g.sheet:
        missing.update(translated(line.what, lang))
        assert line.kind_says is not None
        missing.update(translated(line.kind_says, lang))
    for entry in g.log:
        missing.update(translated(words(entry["what"]), lang))
    reason = g.end_reason()
    assert reason is not None
    missing.update(translated(reason, lang))
    assert g.view(None)[SCORING]
    assert missing == set()


def test_every_end_reason_and_token_is_translated() -> None:
    from terranova.games.entdecker.words import TOKENS

    for lang in ("fr", "de"):
        for said in [*scoring.END_WORDS.values(), *TOKENS.values()]:
            assert translated(said, lang) == []
