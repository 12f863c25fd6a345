"""Discovery's words in the reader's language: every move said (``say_action``), every
score line and its kind, in English, French and German, from the game's own catalog; cards
and eras by the names the deck gives them in each of the three languages."""

from __future__ import annotations

from typing import Any

import pytest

import terranova
from terranova.core.i18n import PSEUDO, Said, as_data, say
from terranova.core.scoring import SCORING
from terranova.games.evolution.actions import Deal, PlaceCalled, PlaceDiscard, PlaceHand
from terranova.games.evolution.rules import EvolutionState, bluff
from terranova.games.evolution.rules.explore import card_line, special_line
from terranova.games.evolution.rules.words import WORDS, words
from tests.games.evolution.test_score_sheet import play_out


def explore(players: int = 2) -> EvolutionState:
    state = terranova.make("evolution-explore", players=players)
    assert isinstance(state, EvolutionState)
    return state


# every kind of move, with its fields as a seat may see them (None: hidden)
EVERY_MOVE: list[tuple[str, dict[str, Any], int | None]] = [
    ("PlaceHand", {"card": "feu"}, None),
    ("PlaceHand", {"card": None}, None),
    ("PlaceReserve", {"card": "joker"}, None),
    ("PlaceDiscard", {"card": "feu", "seat": 1}, None),
    ("PlaceDiscard", {"card": "feu", "seat": None}, None),
    ("PlaceCalled", {"card": "feu", "series": True}, None),
    ("PlaceCalled", {"card": "feu", "series": False}, None),
    ("JokerAs", {"card": "feu"}, None),
    ("JokerSpecial", {}, None),
    ("Interrupt", {}, None),
    ("Replay", {}, None),
    ("Steal", {"seat": 0}, None),
    ("Steal", {"seat": None}, None),
    ("Exchange", {"seat": 2}, None),
    ("Exchange", {"seat": None}, None),
    ("SpecialDiscard", {"card": "feu"}, None),
    ("Call", {"card": "feu"}, None),
    ("Give", {"card": None}, None),
    ("Ask", {"seat": 1}, None),
    ("Ask", {"seat": None}, None),
    ("Announce", {"era": 2, "what": "open"}, None),
    ("Announce", {"era": None, "what": "close"}, None),
    ("Discard", {"card": "feu"}, None),
    *[("Word", {"word": word}, None) for word in WORDS],
    ("Deal", {"card": "feu"}, None),
    ("Deal", {"card": None}, 0),
    ("Deal", {"card": "joker"}, 2),
    ("Draw", {"card": None}, None),
    ("Take", {"card": "feu"}, None),
    ("Flip", {"card": "joker"}, None),
]


@pytest.mark.parametrize(("kind", "fields", "dealt"), EVERY_MOVE)
def test_every_move_is_said_in_french_and_german(
    kind: str, fields: dict[str, Any], dealt: int | None
) -> None:
    said = words(explore(3), {"kind": kind, "fields": fields}, "?", dealt)
    assert isinstance(said, Said)
    english = str(said)
    assert said.render("fr") != english
    assert said.render("de") != english
    assert "⟦" in said.render(PSEUDO)
    assert as_data(said)["domain"] == "evolution"  # type: ignore[index]


def test_worked_examples_of_moves() -> None:
    g = explore()
    said = g.say_action(PlaceHand("feu"), 0)
    assert said is not None
    # nested: the card's name, given by the deck in each language, inside the message
    assert str(said) == "place Fire from the hand"
    assert say(said, "fr") == "poser Feu depuis la main"
    assert say(said, "de") == "Feuer aus der Hand legen"  # the deck's German name
    said = g.say_action(PlaceDiscard(1, "joker"), 0)
    assert said is not None
    assert say(said, "fr") == "poser un joker depuis la défausse de la place 2"
    assert say(said, "de") == "einen Joker aus der Ablage von Platz 2 legen"
    said = g.say_action(PlaceCalled("feu", True), 0)
    assert said is not None
    assert say(said, "fr") == "poser la carte appelée, Feu, en continuant la série"
    assert say(said, "de") == "die gerufene Karte, Feuer, legen und die Serie fortsetzen"
    said = g.say_action(PlaceHand("sortie-d-afrique"), 0)
    assert said is not None
    assert str(said) == "place Out of Africa from the hand"
    assert say(said, "fr") == "poser Sortie d'Afrique depuis la main"
    assert say(said, "de") == "Auszug aus Afrika aus der Hand legen"


def test_a_card_dealt_is_said_where_it_goes_and_hidden_from_others() -> None:
    g = explore()
    first = g.legal_actions()[0]
    assert isinstance(first, Deal)
    said = g.say_action(first, 0)  # the first card dealt goes to the reserve, face up
    assert said is not None
    assert str(said).endswith(" is dealt to the reserve")
    assert say(said, "fr").startswith("distribution dans la réserve : ")
    said = words(g, {"kind": "Deal", "fields": {"card": None}}, "deal ?", 2)
    assert str(said) == "a card is dealt to seat 2's hand"
    assert say(said, "fr") == "distribution dans la main de la place 2 : une carte"
    assert say(said, "de") == "eine Karte an Platz 2 austeilen"


def test_worked_examples_of_score_lines() -> None:
    deck = explore().deck
    names = [card.named for card in deck.cards]
    feu = deck.cards.index(deck.by_id["feu"])
    line = card_line(names, 2, feu, True)
    assert str(line) == "a joker as Fire, card 2 of a series"
    assert line.render("fr") == "un joker comme Feu, carte 2 d'une série"
    assert line.render("de") == "ein Joker als Feuer, Karte 2 einer Serie"
    era = deck.era(2).named
    line = special_line("closed", 2, era)
    assert line.render("fr") == "a fermé l'ère 2, Homo erectus et le feu"
    assert line.render("de") == "hat Epoche 2 geschlossen, Homo erectus und das Feuer"
    for reason in ("opened", "closed", "emptied", "joker"):
        said = special_line(reason, 3, deck.era(3).named)
        assert said.render("fr") != str(said) and said.render("de") != str(said)
    for won in (bluff.WON_ALONE, bluff.WON_AS_A_TEAM, bluff.WIN):
        assert won.render("fr") != str(won) and won.render("de") != str(won)
    assert say(bluff.WON_ALONE, "fr") == "premier à vider sa main une fois la pioche vide"


@pytest.mark.parametrize(
    ("game_id", "params"),
    [
        ("evolution-explore", {"players": 3}),
        ("evolution-bluff", {"players": 4, "teams": 2}),
    ],
)
def test_a_finished_games_sheet_is_said_in_every_language(
    game_id: str, params: dict[str, Any]
) -> None:
    state = play_out(game_id, params, seed=7)
    lines = state.sheet
    assert lines
    for line in lines:
        assert line.kind_says is not None
        for words_said in (line.what, line.kind_says):
            assert isinstance(words_said, Said)
            assert say(words_said, "fr") != str(words_said)
            assert say(words_said, "de") != str(words_said)
    kinds = {entry["kind"]: entry["kind_says"] for entry in state.view(None)[SCORING]}
    if game_id == "evolution-bluff":
        assert kinds == {"win": {"id": "win", "params": {}, "domain": "evolution"}}
    else:
        assert kinds["card"] == {"id": "card", "params": {}, "domain": "evolution"}
        assert say(lines[0].kind_says, "fr") == "carte"
        assert say(lines[0].kind_says, "de") == "Karte"
