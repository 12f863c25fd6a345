"""Discovery Bluff (rules 2.4 to 2.6): the single pile, rule-breaking placements, drawing,
everyone drawing, the winner, announcements (forgotten ones too) and Stop's three cases."""

from __future__ import annotations

import json
import re

import pytest

from terranova.games.evolution.actions import Call, Deal, Give, PlaceCalled, PlaceHand
from terranova.games.evolution.render import render_svg
from terranova.games.evolution.rules import EvolutionState, turn_limit
from tests.games.evolution.helpers import F, act, chance, deal, legal, make_deck, new


def bluff() -> EvolutionState:
    """Two players. Seat 0: s1 t1 s2 u1 t2; seat 1: t5 t3 t4 u3 u4; reserve s3 s4 s5 u2
    u5; draw pile e1 e2 e3 f1 f2 g1 (era order)."""
    state = new("bluff", players=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    return state


def specials(state: EvolutionState) -> int:
    return int(state.view(None)["turn"]["specials"])


def test_rule_breaking_placements_are_legal_and_the_state_remembers_them() -> None:
    state = bluff()
    assert "place hand t2" in legal(state)  # t2 needs s1 and s3: a bluff
    act(state, "place hand t2")
    assert state.current_player() == 1  # the response window
    assert legal(state) == ["accept", "stop"]
    act(state, "accept")
    act(state, "place hand s1")  # valid: s1 is a prerequisite of t2 (a link)
    act(state, "accept")
    assert state.tree_validity() == [("t2", False), ("s1", True)]
    assert state.deeds() == [(0, "place hand t2", False), (0, "place hand s1", True)]


def test_the_pile_shows_only_its_top_card() -> None:
    state = bluff()
    act(state, "place hand s1", "accept", "place hand t1", "accept")
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["pile"] == {"size": 2, "top": {"card": "t1", "joker": False}}
        assert "tree" not in view
        assert '"s1"' not in json.dumps(view)  # under the top: to be remembered
        assert all(
            set(e) == {"era", "announced_open", "announced_closed"} for e in view["eras"]
        )  # no era is shown open or closed


def test_a_turn_without_a_placement_ends_by_drawing_one_card() -> None:
    state = bluff()
    act(state, "end")
    assert chance(state)
    act(state, "draw e1")
    assert state.hand(0) == ["s1", "t1", "s2", "u1", "t2", "e1"]
    assert state.current_player() == 1


def test_a_turn_with_a_placement_ends_without_drawing() -> None:
    state = bluff()
    act(state, "place hand s1", "accept", "end")
    assert state.current_player() == 1
    assert state.view(0)["hands"][0]["count"] == 4


def test_everyone_draws_when_a_hand_is_emptied_before_the_draw_pile() -> None:
    state = bluff()
    for card in ["s1", "t1", "s2", "u1", "t2"]:  # the last one is a bluff nobody stops
        act(state, f"place hand {card}", "accept")
    assert state.hand(0) == []
    assert chance(state)  # one card each, starting with the player whose turn it is
    act(state, "draw e1")
    assert state.hand(0) == ["e1"]
    act(state, "draw e2")
    assert state.hand(1) == ["t5", "t3", "t4", "u3", "u4", "e2"]
    assert state.current_player() == 0  # the turn goes on
    assert specials(state) == 1  # emptying the hand earned a special action


def test_no_replacement_draw_after_a_theft_in_bluff() -> None:
    state = bluff()
    act(state, "announce open 2")  # era 2 is not open: a bluff...
    act(state, "accept")  # ...that nobody stops: the special action is earned
    assert specials(state) == 1
    act(state, "steal 1", "take t5")
    assert not chance(state)
    assert state.view(0)["hands"][1]["count"] == 4
    assert state.deeds() == [(0, "announce open 2", False)]


ALL_DEALT = make_deck([(f"c{i:02}", 1, F.OUTILS, ()) for i in range(15)], jokers=0)


def all_dealt() -> EvolutionState:
    state = new("bluff", players=2, deck=ALL_DEALT)
    deal(
        state,
        ["c00", "c01", "c02", "c03", "c04"],
        ["c05", "c06", "c07", "c08", "c09"],
        ["c10", "c11", "c12", "c13", "c14"],
    )
    return state


def test_once_the_draw_pile_is_empty_the_first_to_empty_their_hand_wins() -> None:
    state = all_dealt()
    for card in ["c05", "c06", "c07", "c08", "c09"]:
        act(state, f"place hand {card}", "accept")
    assert state.is_terminal()
    assert state.returns() == [1, 0]
    assert state.winners() == [0]


THREE_DEALT = make_deck([(f"c{i:02}", 1, F.OUTILS, ()) for i in range(20)], jokers=0)


def two_hands_emptied_in_one_settlement() -> EvolutionState:
    """Three players, no draw pile: seat 0 places its last card; seat 1 says Stop and is
    wrong, so it draws, which with no draw pile is a theft: it takes seat 2's last card.
    Both hands are empty once the Stop is settled."""
    state = new("bluff", players=3, deck=THREE_DEALT)
    deal(
        state,
        ["c00", "c01", "c02", "c03", "c04"],
        ["c05", "c06", "c07", "c08", "c09"],
        ["c10", "c11", "c12", "c13", "c14"],
        ["c15", "c16", "c17", "c18", "c19"],
    )
    assert state.view(None)["draw_pile"] == 0
    for card in ["c05", "c06", "c07", "c08"]:
        act(state, f"place hand {card}", "accept", "accept")
    act(state, "end")
    act(state, "place hand c10", "accept", "accept", "end")
    for card in ["c15", "c16", "c17", "c18"]:
        act(state, f"place hand {card}", "accept", "accept")
    act(state, "end")
    assert [len(state.hand(s)) for s in range(3)] == [1, 4, 1]
    act(state, "place hand c09", "stop", "verify")  # valid: it starts a series
    assert legal(state) == ["steal 2"]  # seat 0 has no card left to steal
    act(state, "steal 2", "take c19")
    assert [len(state.hand(s)) for s in range(3)] == [0, 5, 0]
    return state


def test_when_one_settlement_empties_two_hands_the_first_emptied_wins() -> None:
    """Seat 0's hand emptied first (by the placement the Stop let stand), seat 2's after
    (by the theft): only seat 0 wins (ruling 41)."""
    state = two_hands_emptied_in_one_settlement()
    assert state.is_terminal()
    assert state.winners() == [0]
    assert state.returns() == [1, 0, 0]


def test_the_end_tells_the_order_hands_emptied_and_shows_the_hands() -> None:
    state = two_hands_emptied_in_one_settlement()
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["finish"] == {
            "won": [0],
            "emptied": [0, 2],
            "hands": [[], ["c11", "c12", "c13", "c14", "c19"], []],
        }
    assert "finish" not in bluff().view(None)  # only once the game is over


def test_with_no_draw_pile_a_draw_is_a_theft() -> None:
    state = all_dealt()
    act(state, "end")  # nothing placed: a draw, so a theft from a player of your choice
    assert legal(state) == ["steal 1"]
    act(state, "steal 1", "take c12")
    assert state.hand(0)[-1] == "c12"
    assert state.current_player() == 1


def test_a_game_where_nothing_stays_on_the_pile_ends_with_no_winner() -> None:
    state = all_dealt()
    for turn in range(20):  # ten rounds of two turns: each player steals from the other
        assert not state.is_terminal()
        seat = turn % 2
        assert state.current_player() == seat
        act(state, "end", f"steal {1 - seat}")
        act(state, str(state.legal_actions()[0]))  # whichever card the theft takes
    assert state.is_terminal()  # ten rounds with no card kept and no draw pile
    assert state.returns() == [0, 0]
    assert state.winners() == []  # nobody won (not every seat sharing a win)
    assert state.view(0)["finish"]["won"] == []
    assert "limit" not in state.view(0)["finish"]  # a stalemate, not the turn limit


def test_a_game_that_loops_ends_at_the_turn_limit_with_no_winner() -> None:
    """Ruling 49: announce, Stop, concede, turn after turn, the draw pile unchanged (so
    ruling 43 never counts): the game ends as a stalemate does, after 200 (2 + 1) turns."""
    state = bluff()
    pile = state.view(None)["draw_pile"]
    assert turn_limit(2) == 600
    for turn in range(600):
        assert not state.is_terminal()
        assert state.current_player() == turn % 2
        act(state, "announce close 4", "stop", "concede")  # era 4 is not closed: case 2
        act(state, str(state.chance_outcomes()[0][0]))  # the card case 2 takes
    assert state.is_terminal()
    assert state.view(None)["draw_pile"] == pile  # nobody ever drew
    assert state.returns() == [0, 0]
    assert state.winners() == []  # nobody won, as in a stalemate (ruling 43)
    finish = state.view(0)["finish"]
    assert finish["won"] == []
    assert finish["limit"] == 600
    assert "reached its limit of 600 turns" in render_svg(state)


def test_every_turn_counts_towards_the_limit() -> None:
    """Ruling 49: passes count, and so does a turn ended with a draw; the game goes on
    until the last turn the limit allows is over."""
    state = bluff()
    for _ in range(2):
        act(state, "pass")  # a pass is a turn
    for _ in range(2, 599):
        act(state, "announce close 4", "stop", "concede")
        act(state, str(state.chance_outcomes()[0][0]))
    assert not state.is_terminal()
    assert state.current_player() == 599 % 2
    act(state, "end")  # the 600th turn: nothing placed, a draw
    act(state, str(state.chance_outcomes()[0][0]))
    assert state.is_terminal()
    assert state.view(None)["finish"]["limit"] == 600


# --------------------------------------------------------------------------- Stop


def test_stop_case_1_the_action_was_valid_the_challenger_draws() -> None:
    state = bluff()
    act(state, "place hand s1", "stop")
    assert state.current_player() == 0
    assert legal(state) == ["verify", "concede"]
    act(state, "verify")
    assert chance(state)
    act(state, "draw e1")  # the one who stopped is in the wrong: they draw
    assert state.hand(1)[-1] == "e1"
    assert state.tree_validity() == [("s1", True)]
    assert state.current_player() == 0  # the turn goes on
    assert state.view(None)["last_stop"]["case"] == 1


def test_stop_case_2_giving_in_steals_from_the_challenger_and_undoes_the_card() -> None:
    state = bluff()
    act(state, "place hand t2", "stop", "concede")
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == [
        "take t3",
        "take t4",
        "take t5",
        "take u3",
        "take u4",
    ]
    act(state, "take u4")  # steal a card from the one who stopped you
    assert state.view(0)["pile"]["size"] == 0  # the card leaves the pile...
    assert state.view(0)["discards"][0] == ["t2"]  # ...for your discard
    act(state, "draw e1")  # and you draw another
    assert state.hand(0) == ["s1", "t1", "s2", "u1", "u4", "e1"]
    assert state.current_player() == 1  # your turn is over


def test_stop_case_2_applies_even_to_a_valid_action() -> None:
    state = bluff()
    act(state, "place hand s1", "stop", "concede", "take u4", "draw e1")
    assert state.view(0)["discards"][0] == ["s1"]  # reputed in the wrong
    assert state.current_player() == 1


def test_stop_case_3_the_action_was_invalid_the_challenger_gives_a_card() -> None:
    state = bluff()
    act(state, "place hand s1", "accept", "place hand t2", "stop", "verify")
    assert state.current_player() == 1  # the challenger chooses the card to give
    assert legal(state) == ["give t3", "give t4", "give t5", "give u3", "give u4"]
    act(state, "give t4")
    assert state.view(0)["discards"][0] == ["t2"]
    act(state, "draw e1")
    assert state.hand(0) == ["t1", "s2", "u1", "t4", "e1"]
    assert state.tree_validity() == [("s1", True)]
    assert state.current_player() == 1
    assert state.view(None)["last_stop"] == {
        "action": "place hand t2",
        "move": {"kind": "PlaceHand", "fields": {"card": "t2"}},
        "actor": 0,
        "stopped_by": 1,
        "case": 3,
        "valid": False,
    }


def test_a_card_with_no_link_to_the_previous_one_is_invalid() -> None:
    state = bluff()
    act(state, "place hand s1", "accept", "place reserve s4")  # no link with s1
    act(state, "stop", "verify", "give u4", "draw e1")
    assert state.view(0)["discards"][0] == ["s4"]


def test_an_invalid_call_stopped_takes_nothing_and_ends_the_turn() -> None:
    state = bluff()
    act(state, "announce open 2", "accept")  # a special action (an unchallenged bluff)
    act(state, "call t5")  # era 2 is not open: calling t5 is invalid
    act(state, "stop", "verify", "give u4")
    assert "t5" in state.hand(1)
    assert state.current_player() == 1  # nothing placed, but a Stop ended it: no draw


def test_an_unchallenged_call_stands() -> None:
    state = bluff()
    act(state, "announce open 2", "accept", "call t5", "accept")
    assert legal(state) == ["place called t5", "abandon"]
    act(state, "abandon")  # declare it failed: discard it...
    act(state, "stop", "verify")  # ...but t5's prerequisite t1 is not placed: valid
    act(state, "draw e1")  # case 1: the challenger draws
    assert state.view(0)["discards"][0] == ["t5"]
    # a failed call ends the turn, with its draw: nothing was placed, so one card
    act(state, "draw e2")
    assert state.hand(0)[-1] == "e2"
    assert state.current_player() == 1


# ---------------------------------------------------------------- announcements


def era_2_opened_silently() -> EvolutionState:
    """Seat 0 opens era 2 with e1 but does not announce it."""
    state = bluff()
    act(state, "place hand s1", "accept", "place hand t1", "accept", "end")
    act(state, "place reserve s4", "accept", "draw e1", "end")  # e1 goes to the reserve
    act(state, "place reserve e1", "accept", "draw e2", "end")
    assert state.current_player() == 1
    return state


def test_a_forgotten_announcement_goes_to_the_next_player_who_makes_it() -> None:
    state = era_2_opened_silently()
    act(state, "announce open 2", "accept")
    assert specials(state) == 1
    assert state.view(0)["eras"][1]["announced_open"] is True
    act(state, "end")
    assert "announce open 2" not in legal(state)  # once announced, it is done


def test_an_announcement_found_wrong_earns_nothing_and_ends_the_turn() -> None:
    state = era_2_opened_silently()
    act(state, "announce close 2", "stop", "verify")  # era 2 has one card of three
    act(state, "give u1")  # case 3: the challenger gives a card
    assert state.current_player() == 0
    assert state.view(0)["eras"][1]["announced_closed"] is False
    assert state.hand(1)[-1] == "u1"


def test_a_valid_announcement_stopped_still_earns_the_special_action() -> None:
    state = era_2_opened_silently()
    act(state, "announce open 2", "stop", "verify", "draw e3")
    assert state.current_player() == 1
    assert specials(state) == 1


# ------------------------------------------------------- calls: what makes one fail


def two_specials_for_seat_1() -> EvolutionState:
    """Era 2 opened silently by seat 0 (pile s1 t1 s4 e1; reserve s3 s5 u2 u5 e2); seat 1
    announces it (valid), bluffs "era 1 closed" unchallenged, and discards u4 with one of
    the two special actions. Seat 0 holds s2 u1 t2; seat 1 t5 t3 t4 u3."""
    state = era_2_opened_silently()
    act(state, "announce open 2", "accept", "announce close 1", "accept")
    act(state, "special discard u4")
    assert specials(state) == 1
    return state


@pytest.mark.parametrize(
    ("card", "valid", "why"),
    [
        ("s2", True, "in seat 0's hand, era 2 open: a valid call"),
        ("e3", False, "era 3 is not open"),
        ("s1", False, "already placed (on the pile)"),
        ("s3", False, "in the reserve"),
        ("u4", False, "in a discard"),
        ("t5", False, "in the caller's own hand"),
    ],
)
def test_each_failure_of_a_call_makes_it_invalid_for_a_stop(
    card: str, valid: bool, why: str
) -> None:
    state = two_specials_for_seat_1()
    act(state, f"call {card}")
    assert state.deeds()[-1] == (1, f"call {card}", valid), why
    act(state, "stop", "verify")
    assert state.view(None)["last_stop"]["case"] == (1 if valid else 3)


def test_a_card_called_or_asked_for_is_not_replaced_in_bluff() -> None:
    state = two_specials_for_seat_1()
    act(state, "call s2", "accept")  # seat 0 gives s2 and draws nothing
    assert not chance(state)
    assert state.hand(0) == ["u1", "t2"]
    assert legal(state) == ["place called s2", "abandon"]  # nothing placed: no series
    teams = new("bluff", players=3, teams=2)
    deal(
        teams,
        ["s3", "s4", "s5", "u2", "e2"],
        ["s1", "t1", "s2", "u1", "e1"],
        ["t3", "t4", "u3", "u4", "f1"],
        ["t2", "t5", "u5", "e3", "f2"],
    )
    act(teams, "ask 2", "give t5")  # the teammate gives a card...
    assert not chance(teams)  # ...and draws nothing
    assert teams.hand(2) == ["t2", "u5", "e3", "f2"]
    assert teams.hand(0)[-1] == "t5"


def test_when_the_draw_pile_runs_out_while_everyone_draws_the_rest_steal() -> None:
    deck = make_deck([(f"c{i:02}", 1, F.OUTILS, ()) for i in range(21)], jokers=0)
    state = new("bluff", players=3, deck=deck)
    deal(
        state,
        ["c00", "c01", "c02", "c03", "c04"],
        ["c05", "c06", "c07", "c08", "c09"],
        ["c10", "c11", "c12", "c13", "c14"],
        ["c15", "c16", "c17", "c18", "c19"],
    )
    assert state.view(None)["draw_pile"] == 1
    for card in ["c05", "c06", "c07", "c08", "c09"]:
        act(state, f"place hand {card}", "accept", "accept")
    act(state, "draw c20")  # everyone draws, seat 0 first: the last card
    assert state.current_player() == 1  # the draw pile is empty: seat 1 steals instead
    assert legal(state) == ["steal 2", "steal 0"]  # in play order after seat 1
    act(state, "steal 2", "take c15")
    assert legal(state) == ["steal 0", "steal 1"]  # then seat 2
    act(state, "steal 1", "take c10")
    assert [len(state.hand(s)) for s in range(3)] == [1, 5, 5]
    assert state.current_player() == 0  # seat 0's turn goes on
    assert specials(state) == 1


# --------------------------------------------------------- Stop: a joker, an announcement


def test_a_joker_as_a_card_found_wrong_leaves_the_game_not_for_the_discard() -> None:
    state = new("bluff", players=2, jokers=1)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "end", "draw joker", "end", "draw e1")
    act(state, "joker as f1")  # era 3 is not open: not valid
    assert state.view(None)["pile"] == {"size": 1, "top": {"card": "f1", "joker": True}}
    act(state, "stop", "verify", "give u4")  # case 3
    act(state, "draw e2")  # you draw another card
    assert state.view(None)["pile"]["size"] == 0
    assert state.view(None)["jokers_out"] == 1
    assert state.view(None)["discards"] == [[], []]
    assert state.hand(0) == ["s1", "t1", "s2", "u1", "t2", "u4", "e2"]
    assert state.current_player() == 1


def test_an_announcement_found_wrong_may_still_be_made_later() -> None:
    state = bluff()
    act(state, "announce open 3", "stop", "verify", "give u4")  # case 3: era 3 is not open
    assert state.current_player() == 1
    assert "announce open 3" in legal(state)
    assert state.view(None)["eras"][2]["announced_open"] is False


# ------------------------------------------------------------ what must be remembered


def test_a_card_covered_on_the_pile_is_named_no_more() -> None:
    """Once a card is covered, the log lines that named it (``recall_action``) and the last
    Stop and call name it no more; the card on top is still named."""
    state = bluff()
    act(state, "place hand s1", "stop", "verify", "draw e1")  # case 1: s1 stays
    assert state.view(None)["last_stop"]["action"] == "place hand s1"  # on top: in sight
    assert state.recall_action(PlaceHand("s1"), "place hand s1", 1) == "place hand s1"
    act(state, "place hand t1", "accept")  # s1 is covered
    for seat in (None, 0, 1):
        view = state.view(seat)
        assert view["last_stop"]["action"] == "place hand ?"
        assert not re.search(r"\bs1\b", json.dumps(view))
        assert state.recall_action(PlaceHand("s1"), "place hand s1", seat) == "place hand ?"
        assert state.recall_action(PlaceHand("t1"), "place hand t1", seat) == "place hand t1"
    # a private line too: the deal of s1, seen by seat 0 only
    assert state.recall_action(Deal("s1"), "deal s1", 0) == "deal ?"
    assert state.recall_action(Deal("s1"), "deal ?", 1) == "deal ?"


def test_a_call_is_named_no_more_once_the_card_called_is_covered() -> None:
    state = two_specials_for_seat_1()
    act(state, "call s2", "accept", "place called s2", "accept")
    assert state.view(0)["last_call"]["card"] == "s2"
    act(state, "place hand t3", "accept")  # on s2
    assert state.view(0)["last_call"] == {
        "seat": 1,
        "card": "?",
        "given_by": 0,
        "failed": None,
    }
    assert state.recall_action(Call("s2"), "call s2", None) == "call ?"
    assert state.recall_action(Give("s2"), "give s2", 0) == "give ?"
    assert state.recall_action(PlaceCalled("s2"), "place called s2", 1) == "place called ?"


def test_a_joker_on_top_does_not_uncover_the_card_it_stands_for() -> None:
    """A joker played as s1 while s1 lies under the top (a bluff, for a Stop to catch):
    the top names s1, but the log must not tell that s1 itself was placed earlier."""
    state = new("bluff", players=2, jokers=1)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "end", "draw joker", "end", "draw e1")
    act(state, "place hand s1", "accept", "place hand t1", "accept", "end")
    act(state, "end", "draw e2")
    act(state, "joker as s1", "accept")  # s1 is on the pile: not valid
    assert state.view(None)["pile"]["top"] == {"card": "s1", "joker": True}
    for seat in (None, 0, 1):
        assert state.recall_action(PlaceHand("s1"), "place hand s1", seat) == "place hand ?"
        assert state.recall_action(Deal("s1"), "deal s1", seat) == "deal ?"
