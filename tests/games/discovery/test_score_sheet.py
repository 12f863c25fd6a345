"""The score sheet (``view["scoring"]``, terranova.core.scoring): one line for every
follower that scores, taken back or at the end, naming its territory as a player sees it.

Positions are the rulebook examples of ``test_scoring_examples`` (the same small tile
set and moves); each test checks the whole line the scoring action adds.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from terranova.core.i18n import SITE, Listed, Named, Text, say
from terranova.core.scoring import SCORING
from terranova.core.state import CHANCE
from terranova.games.discovery.actions import PASS, Deploy, Draw, Remove
from terranova.games.discovery.content import load_tileset
from terranova.games.discovery.followers import GRASSLAND, MOUNTAIN, SEA, Scored, score_line
from terranova.games.discovery.rules import DiscoveryState
from tests.games.discovery.reference import LAB, design, tileset
from tests.games.discovery.test_scoring_examples import CAPE, CAPE_START, G, S, Table


def said(data: object) -> object:
    """Words back from the data a view holds (``as_data``): to say them in any language."""
    if not isinstance(data, dict):
        return data
    if "list" in data:
        return Listed(tuple(said(item) for item in data["list"]))
    if "names" in data:
        return Named(data["names"])
    params = {key: said(value) for key, value in data["params"].items()}
    return Text(data["id"], params, data.get("plural"), data.get("n", 0), data.get("domain", SITE))


def sheet(state: DiscoveryState, lang: str = "en") -> list[dict[str, Any]]:
    """The score sheet of the view, each line's words said in ``lang``."""
    return [
        entry
        | {"what": say(said(entry["what"]), lang), "kind_says": say(said(entry["kind_says"]), lang)}
        for entry in state.view(None)[SCORING]
    ]


def line(seat: int, points: int, kind: str, what: str, ply: int) -> dict[str, Any]:
    return {
        "seats": [seat],
        "points": points,
        "kind": kind,
        "what": what,
        "ply": ply,
        "kind_says": kind,
    }


def scored(t: Table, then: Remove) -> dict[str, Any]:
    """Apply ``then`` (step 2) and return the one line it added, checking its ply names it."""
    state = t.state
    before = sheet(state)
    state.apply(then)
    lines = sheet(state)
    assert lines[: len(before)] == before
    assert len(lines) == len(before) + 1, lines[len(before) :]
    ply = len(state.history())
    assert state.history()[ply - 1] == then
    return lines[-1]


# -------------------------------------------------------------------- taken back


def test_an_incomplete_grassland_taken_back() -> None:
    t = Table(LAB)
    t.turn("G", -1, 0, then=Deploy(0))
    t.turn("GC", -2, 0)
    t.state.apply(Draw("G"))
    t.place("G", 0, 1)
    assert scored(t, Remove(-1, 0, 0)) == line(
        0, 4, "grassland", "a grassland of 4 tiles, taken back", 9
    )


def test_a_complete_grassland_taken_back_says_complete() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0)
    t.turn("P", 2, 0, 0)
    t.turn("G", 2, -1, then=Deploy(0))
    t.turn("P", 1, -1, 1)
    t.turn("P", 3, -1, 3)
    t.turn("P", 2, -2, 2)
    t.state.apply(Draw("S4"))
    t.place("S4", 2, 1)
    assert scored(t, Remove(2, -1, 0)) == line(
        0, 10, "grassland", "a complete grassland of 5 tiles, taken back", 21
    )


def test_a_mountain_taken_back_names_its_cities_and_its_grasslands() -> None:
    t = Table(LAB)
    t.turn("strip", 0, -1, then=Deploy(1))
    t.turn("GC", -1, -1)
    t.state.apply(Draw("GC"))
    t.place("GC", 1, -1)
    what = "a mountain of 2 tiles with 1 port city and 3 in the grasslands it touches"
    assert scored(t, Remove(0, -1, 1)) == line(0, 4, "mountain", f"{what}, taken back", 9)
    fr, de = sheet(t.state, "fr")[-1], sheet(t.state, "de")[-1]
    assert fr["what"] == (
        "une montagne de 2 tuiles avec 1 ville portuaire et 3 dans les prairies qu'elle touche, "
        "partisan repris"
    )
    assert fr["kind_says"] == "montagne"
    assert de["what"] == (
        "ein Gebirge aus 2 Plättchen mit 1 Hafenstadt und 3 im angrenzenden Grasland, "
        "Gefolgsmann zurückgenommen"
    )
    assert (de["kind"], de["kind_says"]) == ("mountain", "Gebirge")


def test_a_complete_mountain_taken_back() -> None:
    t = Table(LAB)
    t.turn("strip", 0, -1, then=Deploy(1))
    t.turn("cap", 0, -2)
    t.turn("GC", -1, -1)
    t.turn("S4", 1, 0)
    t.state.apply(Draw("G"))
    t.place("G", -1, 0)
    what = "a complete mountain of 3 tiles with 1 port city and 3 in the grasslands it touches"
    assert scored(t, Remove(0, -1, 1)) == line(0, 8, "mountain", f"{what}, taken back", 15)


def test_an_incomplete_sea_taken_back() -> None:
    t = Table(LAB)
    t.turn("S4", 1, 0, then=Deploy(0))
    t.turn("G", -1, 0)
    t.state.apply(Draw("G"))
    t.place("G", -2, 0)
    assert scored(t, Remove(1, 0, 0)) == line(
        0, 2, "sea", "a sea of 2 tiles with 2 port cities, taken back", 9
    )


def test_a_complete_sea_taken_back() -> None:
    t = Table(LAB)
    t.turn("coastC", 0, 1, 2, then=Deploy(0))
    t.turn("coastC", -1, 1, 1)
    t.turn("coastC", 0, 2, 3)
    t.turn("coast", -1, 2, 0)
    t.state.apply(Draw("G"))
    t.place("G", -1, 0)
    assert scored(t, Remove(0, 1, 0)) == line(
        0, 7, "sea", "a complete sea of 4 tiles with 3 port cities, taken back", 15
    )


def test_a_follower_taken_back_for_nothing_makes_no_line() -> None:
    island = design("start", [(S, "NESW"), (G, "")], touches=[(0, 1)])
    ts = tileset(island, design("S4", [(S, "NESW")], count=3))
    t = Table(ts)
    t.turn("S4", 1, 0, then=Deploy(0))  # a sea with no port city
    t.turn("S4", 2, 0)
    assert t.turn("S4", 3, 0, then=Remove(1, 0, 0)) == 0
    assert t.state.is_terminal()
    assert sheet(t.state) == []


# ----------------------------------------------------------------------- the end


def test_final_scoring_lines_carry_the_last_action_and_never_say_complete() -> None:
    t = Table(tileset(CAPE_START, CAPE))
    t.turn("P", 0, 1, 0, then=Deploy(0))  # explorer on the grassland
    t.turn("P", 1, 0, 3, then=Deploy(1))  # navigator on this cape's sea (1 port)
    t.turn("P", 0, -1, 2)
    t.state.apply(Draw("P"))
    t.place("P", -1, 0, 1)  # closes the grassland (worth 10 now, 5 at the end)
    t.state.apply(Remove(1, 0, 1))  # the last step 2: then final scoring
    assert t.state.is_terminal()
    assert len(t.state.history()) == 12
    assert sheet(t.state) == [
        line(1, 1, "sea", "a sea of 1 tile with 1 port city, taken back", 12),
        line(0, 5, "grassland", "a grassland of 5 tiles, at the end", 12),
    ]
    assert [entry["what"] for entry in sheet(t.state, "fr")] == [
        "une mer de 1 tuile avec 1 ville portuaire, partisan repris",
        "une prairie de 5 tuiles, au décompte final",
    ]
    assert [entry["what"] for entry in sheet(t.state, "de")] == [
        "ein Meer aus 1 Plättchen mit 1 Hafenstadt, Gefolgsmann zurückgenommen",
        "ein Grasland aus 5 Plättchen, bei Spielende",
    ]
    assert t.state.scores() == [5, 1]


# ---------------------------------------------------------------- whole games


def play(state: DiscoveryState, rng: random.Random, until: int | None = None) -> None:
    while not state.is_terminal() and (until is None or len(state.history()) < until):
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            moves = [a for a in legal if a != PASS]  # many followers come and go
            state.apply(rng.choice(moves if moves and rng.random() < 0.7 else legal))


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("players", [2, 4])
def test_a_finished_games_sheet_adds_up_to_the_final_scores(seed: int, players: int) -> None:
    state = DiscoveryState(load_tileset(), players=players)
    play(state, random.Random(seed))
    assert state.is_terminal()
    lines = sheet(state)
    assert lines
    history = state.history()
    ends = [entry for entry in lines if entry["what"].endswith(", at the end")]
    assert ends == lines[len(lines) - len(ends) :]  # final scoring comes last
    assert all(entry["ply"] == len(history) for entry in ends)  # after the last action
    totals = [0] * players
    for entry in lines:
        (seat,) = entry["seats"]
        totals[seat] += entry["points"]
        assert entry["kind"] in ("mountain", "grassland", "sea")
        if entry not in ends:
            assert entry["what"].endswith(", taken back")
            assert type(history[entry["ply"] - 1]) is Remove
    assert totals == state.scores() == state.returns()


def test_clones_and_resamples_keep_the_sheet_and_do_not_share_it() -> None:
    state = DiscoveryState(load_tileset(), players=3, hand=2, hand_visibility="private")
    rng = random.Random(4)
    play(state, rng, until=120)
    lines = sheet(state)
    assert lines
    assert sheet(state.resample(1, rng)) == lines
    other = state.clone()
    play(other, rng)
    assert len(sheet(other)) > len(lines)
    assert sheet(state) == lines


# ------------------------------------------------------------- in other languages


@pytest.mark.parametrize(
    ("terrain", "complete", "cities", "near", "en", "fr", "de"),
    [
        (
            MOUNTAIN,
            False,
            0,
            2,
            "a mountain of 3 tiles with 2 port cities in the grasslands it touches, at the end",
            "une montagne de 3 tuiles avec 2 villes portuaires dans les prairies qu'elle touche, "
            "au décompte final",
            "ein Gebirge aus 3 Plättchen mit 2 Hafenstädten im angrenzenden Grasland, "
            "bei Spielende",
        ),
        (
            MOUNTAIN,
            True,
            1,
            0,
            "a complete mountain of 3 tiles with 1 port city, taken back",
            "une montagne complète de 3 tuiles avec 1 ville portuaire, partisan repris",
            "ein abgeschlossenes Gebirge aus 3 Plättchen mit 1 Hafenstadt, "
            "Gefolgsmann zurückgenommen",
        ),
        (
            GRASSLAND,
            True,
            2,
            0,
            "a complete grassland of 3 tiles, taken back",
            "une prairie complète de 3 tuiles, partisan repris",
            "ein abgeschlossenes Grasland aus 3 Plättchen, Gefolgsmann zurückgenommen",
        ),
        (
            SEA,
            True,
            2,
            0,
            "a complete sea of 3 tiles with 2 port cities, taken back",
            "une mer complète de 3 tuiles avec 2 villes portuaires, partisan repris",
            "ein abgeschlossenes Meer aus 3 Plättchen mit 2 Hafenstädten, "
            "Gefolgsmann zurückgenommen",
        ),
    ],
)
def test_every_kind_of_line_in_each_language(
    terrain: int, complete: bool, cities: int, near: int, en: str, fr: str, de: str
) -> None:
    final = not complete
    entry = Scored(0, 1, terrain, 3, complete, cities, near, final, ply=1)
    what = score_line(entry).what
    assert (str(what), say(what, "fr"), say(what, "de")) == (en, fr, de)
