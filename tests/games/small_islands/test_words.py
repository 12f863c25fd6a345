"""Small Islands' moves, score lines and end in words, in English, French and German: a few
worked examples, then whole games whose every move is said in each language from the
catalogs."""

from __future__ import annotations

import random

import pytest

import terranova
from terranova.core.i18n import Said, say
from terranova.core.state import CHANCE
from terranova.games.small_islands import actions as a
from terranova.games.small_islands.components import Mission, Reward
from terranova.games.small_islands.sheet import mission_text, reward_text
from terranova.games.small_islands.state import SmallIslandsState
from terranova.games.small_islands.words import objective_words, say_action, stuck, tile_words


def game(players: int = 2) -> SmallIslandsState:
    state = terranova.make("small-islands", players=players)
    assert isinstance(state, SmallIslandsState)
    return state


def said(words: Said | str | None) -> Said:
    assert isinstance(words, Said)
    return words


def test_a_count_is_said_in_the_languages_plural() -> None:
    g = game()
    token = next(t for t, v in g.tables.discoveries.items() if v > 1)
    value = g.tables.discoveries[token]
    words = said(say_action(g, a.Choose(token), None))
    assert str(words) == f"keep the Discovery token worth {value} points"
    assert words.render("fr") == f"garder le jeton Découverte valant {value} points"
    assert words.render("de") == f"das Entdeckungsplättchen mit {value} Punkten behalten"
    one = said(reward_text(Reward("r", "flat", points=1)))
    assert (str(one), one.render("fr"), one.render("de")) == ("1 point", "1 point", "1 Punkt")


def test_a_mission_lists_its_symbols_as_the_language_does() -> None:
    m = mission_text(Mission("m", "symbols", need=(("flower", 2), ("temple", 1), ("port", 1))))
    assert str(m) == "at least 2 flowers, 1 temple and 1 port"
    assert m.render("fr") == "au moins 2 fleurs, 1 temple et 1 port"
    assert m.render("de") == "mindestens 2 Blumen, 1 Tempel und 1 Hafen"


def test_an_objective_card_nests_its_mission_and_reward() -> None:
    g = game()
    card = next(iter(g.tables.objectives))
    words = objective_words(g, card)
    o = g.tables.objectives[card]
    mission, reward = mission_text(o.mission), reward_text(o.reward)
    assert str(words) == f"the objective '{mission} → {reward}'"
    fr = f"l'objectif « {mission.render('fr')} → {reward.render('fr')} »"
    de = f"das Ziel „{mission.render('de')} → {reward.render('de')}“"
    assert (words.render("fr"), words.render("de")) == (fr, de)


def test_a_tile_is_named_by_what_it_shows() -> None:
    g = game()
    assert str(tile_words(g, "nothing")) == "a tile"
    assert tile_words(g, "ship").render("de") == "ein Schiffsplättchen"
    words = tile_words(g, "S1a")
    assert str(words) == "the starting tile (side a) with a flower and a house symbol"
    assert words.render("fr") == "la tuile de départ (face a) avec une fleur et un symbole maison"


def test_the_end_names_the_seat_that_is_stuck() -> None:
    words = stuck(1)
    assert str(words) == "seat 2 can neither explore nor land"
    assert words.render("de") == "Platz 2 kann weder erkunden noch anlegen"


def words_of(g: SmallIslandsState) -> list[Said | str]:
    """Every seat's words for each legal action, and the score sheet's."""
    out: list[Said | str] = []
    actions = (
        [action for action, _p in g.chance_outcomes()]
        if g.current_player() == CHANCE
        else g.legal_actions()
    )
    for action in actions[:40]:
        for seat in [None, *range(g.num_seats)]:
            words = g.say_action(action, seat)
            if words is not None:
                out.append(words)
    for line in g.sheet:
        out += [line.what, *([line.kind_says] if line.kind_says is not None else [])]
    return out


@pytest.mark.parametrize(
    "params",
    [
        {"players": 1, "alexis": 3},
        {"players": 2, "mode": "advanced", "tokens": "cover"},
        {"players": 3},
    ],
    ids=["solo", "advanced", "three"],
)
def test_every_word_of_a_game_is_in_the_catalogs(params: dict[str, object]) -> None:
    g = terranova.make("small-islands", **params)
    assert isinstance(g, SmallIslandsState)
    rng = random.Random(3)
    seen: set[str] = set()
    while not g.is_terminal():
        for words in words_of(g):
            english = say(words, "en")
            if english in seen:
                continue
            seen.add(english)
            assert isinstance(words, Said), english
            for lang in ("fr", "de"):
                assert say(words, lang) != english or english[:1].isdigit(), (lang, english)
            assert "⟦" in say(words, "xx")
        if g.current_player() == CHANCE:
            g.apply(g.sample_chance(rng))
        else:
            g.apply(rng.choice(g.legal_actions()))
    reason = g.end_reason()
    assert isinstance(reason, Said)
    assert reason.render("fr") != str(reason)
