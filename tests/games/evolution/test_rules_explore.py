"""Discovery Explore (rules 1.4, 1.5, 2.1): series, points, drawing, passing, the end.

Every position is built through explicit chance actions (``deal x``, ``draw x``) on the
laboratory deck of ``helpers`` (or the real Préhistoire deck for the worked example).
"""

from __future__ import annotations

import pytest

from terranova.core.errors import IllegalActionError
from terranova.core.state import CHANCE
from terranova.games.evolution.content import load_deck
from terranova.games.evolution.rules import EvolutionState
from tests.games.evolution.helpers import (
    F,
    act,
    chance,
    deal,
    legal,
    make_deck,
    new,
    points,
    scenario_a,
)


def placements(state: EvolutionState) -> list[str]:
    return [a for a in legal(state) if a.startswith("place ")]


# ------------------------------------------------------------ the worked example (1.5)


def worked_example_position() -> EvolutionState:
    """Solo, real deck. Turn 1 places Bipédie; turn 2 Cueillette then Charognage; turn 3
    is the worked example, with Australopithecus, Galet taillé, Nomadisme and Homo erectus
    in hand and Bande in the reserve."""
    state = EvolutionState(load_deck(), mode="explore", players=1)
    deal(
        state,
        ["bande", "bipedie", "cueillette", "charognage", "homo-habilis"],
        ["australopithecus", "galet-taille", "nomadisme", "chasse", "homo-erectus"],
    )
    act(state, "place reserve bipedie", "draw feu", "end")
    act(state, "place reserve cueillette", "draw biface")
    act(state, "place reserve charognage", "draw cuisson", "end")
    return state


def test_worked_example_scores_14() -> None:
    state = worked_example_position()
    before = points(state)[0]
    assert before == 1 + (1 + 2)
    act(state, "place hand australopithecus")  # starts a series: condition #1 only
    # either Galet taillé (prerequisite link) or Bande (family link), not both
    assert placements(state) == ["place hand galet-taille", "place reserve bande"]
    act(state, "place reserve bande", "draw foyer")  # refilled at once
    assert "place hand galet-taille" not in legal(state)
    act(state, "place hand nomadisme", "place hand homo-erectus")  # opens era 2
    assert state.view(0)["turn"]["specials"] == 1
    act(state, "special replay", "place hand galet-taille")
    assert points(state)[0] - before == 1 + 2 + 3 + 4 + 3 + 1 == 14


def test_homo_erectus_needs_charognage() -> None:
    state = EvolutionState(load_deck(), mode="explore", players=1)
    deal(
        state,
        ["bande", "bipedie", "cueillette", "charognage", "homo-habilis"],
        ["australopithecus", "galet-taille", "nomadisme", "chasse", "homo-erectus"],
    )
    act(state, "place hand australopithecus", "place reserve bande", "draw feu")
    act(state, "place hand nomadisme")
    assert "place hand homo-erectus" not in legal(state)  # Charognage is not placed


# --------------------------------------------------------------- series and points


def lab_solo() -> EvolutionState:
    state = new(players=1)
    deal(state, ["s3", "s4", "s5", "t2", "u2"], ["s1", "s2", "t1", "u1", "t5"])
    return state


def test_a_series_starts_with_condition_1_and_continues_with_both() -> None:
    state = lab_solo()
    # start: any card whose prerequisites are placed (none are), from hand or reserve
    assert placements(state) == [
        "place hand s1",
        "place hand s2",
        "place reserve s3",
        "place reserve s4",
        "place reserve s5",
    ]
    act(state, "place hand s1")
    # continue: prerequisites placed (#1) and a link with s1 (#2): s2 by family, t1 both
    assert placements(state) == ["place hand s2", "place hand t1"]
    act(state, "place hand t1")
    # t5 needs t1 (now placed) and is of t1's family; s3 has no link with t1
    assert placements(state) == ["place hand s2", "place hand t5"]


def test_each_card_of_a_series_scores_one_more_than_the_last() -> None:
    state = lab_solo()
    act(state, "place hand s1", "place hand t1", "place hand t5")
    assert points(state) == [1 + 2 + 3]
    act(state, "end", "draw u3", "draw u4", "draw u5")
    # a new turn, a new series; the reserve is refilled after each card taken from it
    act(state, "place reserve s3", "draw t3", "place reserve t2", "draw t4")
    assert points(state) == [6 + 1 + 2]


def test_a_card_from_your_own_discard_is_never_placeable() -> None:
    state = new(players=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "discard s1", "draw e1")  # seat 0 places nothing and discards s1
    assert "place discard 0 s1" in legal(state)  # seat 1 may place it
    act(state, "place reserve s5", "draw e2", "end")
    assert state.current_player() == 0
    assert not [a for a in legal(state) if a.startswith("place discard")]


# ------------------------------------------------------------------- drawing


def test_a_turn_without_a_placement_ends_with_a_discard_then_a_draw() -> None:
    state = lab_solo()
    assert "end" not in legal(state)
    assert [a for a in legal(state) if a.startswith("discard")] == [
        "discard s1",
        "discard s2",
        "discard t1",
        "discard t5",
        "discard u1",
    ]  # in deck order
    act(state, "discard s2")
    assert state.view(0)["discards"] == [["s2"]]
    assert chance(state)  # back to five cards
    act(state, "draw u3")
    assert state.view(0)["hands"][0]["count"] == 5


def test_the_end_of_a_turn_draws_back_to_five() -> None:
    state = lab_solo()
    act(state, "place hand s1", "place hand t1", "end")
    assert chance(state)
    act(state, "draw u3")
    assert chance(state)
    act(state, "draw u4")
    assert state.current_player() == 0
    assert state.hand(0) == ["s2", "u1", "t5", "u3", "u4"]


def test_emptying_the_hand_draws_five_at_once_and_earns_a_special_action() -> None:
    state = lab_solo()
    act(state, "place hand s1", "place hand t1", "place hand t5", "place hand s2")
    act(state, "place hand u1")  # the last card of the hand
    for card in ["t3", "t4", "u3", "u4", "u5"]:  # the rest of era 1
        assert chance(state)
        act(state, f"draw {card}")
    assert state.hand(0) == ["t3", "t4", "u3", "u4", "u5"]
    assert state.view(0)["turn"]["specials"] == 1
    assert points(state) == [1 + 2 + 3 + 4 + 5 + 3]
    assert state.current_player() == 0  # the turn goes on


def test_opening_an_era_earns_a_special_action_and_three_points() -> None:
    state = scenario_a()
    assert points(state) == [3 + 1 + 3, 3]
    view = state.view(0)
    assert view["turn"]["specials"] == 1
    assert view["eras"][1] == {"era": 2, "placed": 1, "size": 3, "open": True, "closed": False}


def test_a_theft_is_replaced_at_once_from_the_draw_pile() -> None:
    state = scenario_a()
    act(state, "steal 1")
    assert chance(state)
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == [
        "take f1",
        "take t4",
        "take t5",
        "take u3",
        "take u4",
    ]
    act(state, "take u4")
    assert state.hand(0)[-1] == "u4"
    assert chance(state)  # seat 1 draws a replacement
    act(state, "draw f2")
    assert state.hand(1) == ["t5", "t4", "u3", "f1", "f2"]
    assert state.current_player() == 0


def test_a_call_is_replaced_at_once_from_the_draw_pile() -> None:
    state = scenario_a()
    act(state, "call u3")
    act(state, "draw f2")  # seat 1 replaces the card it gave
    assert state.hand(1) == ["t5", "t4", "u4", "f1", "f2"]
    assert legal(state) == ["place called u3"]


def test_once_the_draw_pile_is_empty_each_turn_starts_with_a_theft() -> None:
    state = scenario_a()
    act(state, "end", "draw f2")  # seat 0 placed e1: draws one card back to five
    act(state, "discard t4", "draw g1")  # seat 1: the last card of the pile
    assert state.view(0)["draw_pile"] == 0
    assert state.current_player() == 0
    assert legal(state) == ["steal 1"]  # forced, before anything else
    act(state, "steal 1", "take u3")
    assert state.hand(0)[-1] == "u3"
    assert state.view(0)["hands"][1]["count"] == 4  # no replacement: the pile is empty
    assert "ask 1" not in legal(state)


# -------------------------------------------------------- passing, the end of the game


def test_passing_is_allowed_until_a_card_is_placed_or_everyone_has_passed() -> None:
    state = new(players=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    assert "pass" in legal(state)
    act(state, "pass")  # no discard, no draw
    assert state.current_player() == 1
    act(state, "pass")
    assert state.current_player() == 0
    assert "pass" not in legal(state)  # a whole round passed: someone must play
    act(state, "place hand s1", "end", "draw e1")
    assert "pass" not in legal(state)  # a card is placed


SOLO_END = make_deck(
    [
        ("a1", 1, F.OUTILS, ()),
        ("a2", 1, F.OUTILS, ("a1",)),
        ("a3", 1, F.OUTILS, ("a2",)),
        ("a4", 1, F.OUTILS, ("a3",)),
        ("a5", 1, F.OUTILS, ("a4",)),
        ("r1", 1, F.OUTILS, ()),
        ("r2", 1, F.SOCIETE, ()),
        ("r3", 1, F.SOCIETE, ("r2",)),
        ("r4", 1, F.CULTURE, ("r9",)),
        ("r9", 1, F.CULTURE, ("r4",)),
    ],
    jokers=0,
)


def test_no_special_for_an_emptied_hand_once_the_pile_is_empty_and_the_end() -> None:
    state = new(players=1, deck=SOLO_END)
    deal(state, ["r1", "r2", "r3", "r4", "r9"], ["a1", "a2", "a3", "a4", "a5"])
    assert state.view(0)["draw_pile"] == 0
    act(state, "place hand a1", "place hand a2", "place hand a3", "place hand a4")
    act(state, "place hand a5")  # hand emptied, the pile is empty: no special action
    assert state.view(0)["turn"]["specials"] == 0
    assert points(state) == [15]
    # nobody has a card left, but it is still this turn: it may be finished
    act(state, "place reserve r1")  # family link with a5
    assert points(state) == [21]
    act(state, "end")
    assert state.is_terminal()
    assert state.returns() == [21]
    assert state.winners() == [0]


def test_the_game_ends_when_no_player_has_a_card() -> None:
    deck = make_deck([(f"c{i}", 1, F.OUTILS, ()) for i in range(15)], jokers=0)
    state = new(players=2, deck=deck)
    deal(
        state,
        ["c0", "c1", "c2", "c3", "c4"],
        ["c5", "c6", "c7", "c8", "c9"],
        ["c10", "c11", "c12", "c13", "c14"],
    )
    # the pile is empty from the start: seat 0 begins by stealing from seat 1
    act(state, "steal 1", "take c10")
    # then places all six (one family, no prerequisites)
    act(state, *[f"place hand c{i}" for i in [5, 6, 7, 8, 9, 10]], "end")
    assert state.current_player() == 1  # seat 0 has no card left to steal
    assert legal(state)[0] == "place hand c11"
    act(state, *[f"place hand c{i}" for i in [11, 12, 13, 14]], "end")
    # nobody has a card any more: the game is over
    assert state.is_terminal()
    assert state.returns() == [1 + 2 + 3 + 4 + 5 + 6, 1 + 2 + 3 + 4]
    assert state.winners() == [0]


def test_an_illegal_action_changes_nothing() -> None:
    state = lab_solo()
    before = state.view(0)
    with pytest.raises(IllegalActionError):
        state.apply(state.parse_action("place hand t1"))  # s1 is not placed
    with pytest.raises(IllegalActionError):
        state.apply(state.parse_action("place reserve s1"))  # not in the reserve
    assert state.view(0) == before
    assert state.current_player() != CHANCE


def test_the_draw_back_to_five_stops_when_the_draw_pile_runs_out() -> None:
    state = scenario_a()  # the draw pile holds f2 and g1
    act(state, "place hand s2", "place hand u1")  # the series goes on: seat 0 keeps two
    assert state.hand(0) == ["t2", "e3"]
    act(state, "end", "draw f2", "draw g1")  # "dans la limite de la pioche"
    assert state.hand(0) == ["t2", "e3", "f2", "g1"]
    assert state.view(None)["draw_pile"] == 0
    assert legal(state) == ["steal 0"]  # seat 1's turn, which starts with a theft
