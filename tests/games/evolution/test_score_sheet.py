"""The score sheet (terranova.core.scoring): in Explore a line for each card placed (the
k-th card of a series scores k) and for each special action earned (3 points), crediting
a whole team when it pools its points; in Bluff one line at the end for the winners.

Every position is built through explicit chance actions on the laboratory decks of the
rules tests; ``ply`` is the number of actions applied when the points were scored.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import terranova
from terranova.core.scoring import SCORING
from terranova.games.evolution.rules import EvolutionState
from tests.games.evolution.helpers import act, deal, legal, new, points, scenario_a
from tests.games.evolution.test_rules_automaton import flip, two_seats
from tests.games.evolution.test_rules_bluff import all_dealt
from tests.games.evolution.test_rules_explore import lab_solo
from tests.games.evolution.test_rules_options import (
    SMALL_ERA,
    TEAM_WIN,
    seat_0_draws_a_joker,
    teams_of_three,
)


def sheet(state: EvolutionState) -> list[dict[str, Any]]:
    """The lines of the sheet, each line's words in English."""
    lines = state.view(None)[SCORING]
    assert lines == [entry.json() for entry in state.sheet]  # the view holds them as data
    return [
        {
            "seats": list(entry.seats),
            "points": entry.points,
            "kind": entry.kind,
            "what": str(entry.what),
            "ply": entry.ply,
        }
        for entry in state.sheet
    ]


def line(seats: list[int], points: int, kind: str, what: str, ply: int) -> dict[str, Any]:
    return {"seats": seats, "points": points, "kind": kind, "what": what, "ply": ply}


def ply(state: EvolutionState) -> int:
    return len(state.history())


# ------------------------------------------------------------------------- Explore


def test_each_card_placed_scores_its_place_in_the_series() -> None:
    state = lab_solo()
    assert sheet(state) == []  # the deal scores nothing
    act(state, "place hand s1")
    first = ply(state)
    act(state, "place hand t1")
    assert sheet(state) == [
        line([0], 1, "card", "s1, card 1 of a series", first),
        line([0], 2, "card", "t1, card 2 of a series", first + 1),
    ]


def test_opening_an_era_is_a_special_action_on_the_sheet() -> None:
    state = scenario_a()  # seat 0's last action placed e1, opening era 2
    assert sheet(state)[-2:] == [
        line([0], 1, "card", "e1, card 1 of a series", ply(state)),
        line([0], 3, "special action", "opened era 2, era 2", ply(state)),
    ]


def test_a_special_action_earned_once_a_window_closes_bears_the_answers_ply() -> None:
    """Seat 0 opens era 2 while seat 1 holds a joker: the card scores at once, the
    special action once seat 1 has let the placement stand."""
    state = new(players=2, jokers=4)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "place hand s1", "place hand t1", "end", "draw e1", "draw e3")
    act(state, "place hand t5", "end", "draw joker")
    act(state, "place hand e1")
    assert legal(state) == ["accept", "interrupt"]  # a window for seat 1
    assert sheet(state)[-1] == line([0], 1, "card", "e1, card 1 of a series", ply(state))
    act(state, "accept")
    assert sheet(state)[-1] == line([0], 3, "special action", "opened era 2, era 2", ply(state))


def test_a_joker_closing_an_era_and_its_special_action() -> None:
    state = new(players=1, jokers=2, deck=SMALL_ERA)
    deal(state, ["a5", "a6", "a7", "a8", "a9"], ["a1", "a2", "a3", "a4", "b1"])
    act(state, "place hand b1", "end", "draw joker")
    act(state, "joker as b2")  # era 2's other card: closes it
    assert sheet(state)[-2:] == [
        line([0], 1, "card", "a joker as b2, card 1 of a series", ply(state)),
        line([0], 3, "special action", "closed era 2, era 2", ply(state)),
    ]


def test_a_joker_out_of_the_tree_is_a_special_action_on_the_sheet() -> None:
    state = seat_0_draws_a_joker()
    act(state, "joker special")
    assert sheet(state)[-1] == line([0], 3, "special action", "a joker out of the tree", ply(state))


def test_emptying_the_hand_is_a_special_action_on_the_sheet() -> None:
    state = lab_solo()
    act(state, "place hand s1", "place hand t1", "place hand t5", "place hand s2")
    act(state, "place hand u1")  # the last card of the hand: the draws follow
    emptied = ply(state)
    for card in ["t3", "t4", "u3", "u4", "u5"]:
        act(state, f"draw {card}")
    assert sheet(state)[-2:] == [
        line([0], 5, "card", "u1, card 5 of a series", emptied),
        line([0], 3, "special action", "emptied their hand", emptied),
    ]


def test_the_automatons_cards_and_special_actions_bear_the_plies_of_its_flips() -> None:
    state = two_seats(["q3", "q4", "k1", "k2", "k3"])
    act(state, "pass")
    flip(state, "q3")
    flip(state, "q4")
    flip(state, "k1")  # opens era 2
    opened = ply(state)
    flip(state, "k2")
    assert sheet(state) == [
        line([1], 1, "card", "q3, card 1 of a series", opened - 2),
        line([1], 2, "card", "q4, card 2 of a series", opened - 1),
        line([1], 3, "card", "k1, card 3 of a series", opened),
        line([1], 3, "special action", "opened era 2, era 2", opened),
        line([1], 4, "card", "k2, card 4 of a series", opened + 1),
    ]


def test_an_automatons_joker_is_a_special_action_on_the_sheet() -> None:
    state = two_seats(
        ["q3", "qx", "k1", "k2", "k4"],
        jokers=1,
        seat0=["q5", "q4", "k7", "k8", "k12"],
        reserve=["q1", "q2", "k3", "k5", "k6"],
    )
    act(state, "pass")
    flip(state, "q3")
    flip(state, "qx")
    act(state, "draw joker", "draw k9")
    act(state, "place hand k7", "end", "draw m1")
    for card in ["k1", "k2", "k4", "joker"]:
        flip(state, card)
    assert sheet(state)[-1] == line([1], 3, "special action", "a joker out of the tree", ply(state))


def test_a_teams_line_credits_every_player_of_the_team() -> None:
    state = teams_of_three()  # seats 0 and 2 together, seat 1 alone
    act(state, "place hand s1", "end", "draw g1")
    first = ply(state) - 2
    act(state, "steal 0", "take g1", "place reserve s4")
    assert sheet(state) == [
        line([0, 2], 1, "card", "s1, card 1 of a series", first),
        line([1], 1, "card", "s4, card 1 of a series", ply(state)),
    ]
    assert points(state) == [1, 1, 1]


# --------------------------------------------------------------------------- Bluff


def test_bluff_has_no_points_but_a_line_for_the_winner_at_the_end() -> None:
    state = all_dealt()
    for card in ["c05", "c06", "c07", "c08"]:
        act(state, f"place hand {card}", "accept")
    assert sheet(state) == []  # no points while the game is on
    act(state, "place hand c09", "accept")
    assert state.is_terminal()
    assert sheet(state) == [
        line([0], 1, "win", "first to empty their hand once the draw pile is empty", ply(state))
    ]


def test_in_bluff_every_player_of_the_winning_team_has_the_line() -> None:
    state = new("bluff", players=3, teams=2, deck=TEAM_WIN)
    deal(
        state,
        ["c00", "c01", "c02", "c03", "c04"],
        ["c05", "c06", "c07", "c08", "c09"],
        ["c10", "c11", "c12", "c13", "c14"],
        ["c15", "c16", "c17", "c18", "c19"],
    )
    for card in ["c05", "c06", "c07", "c08", "c09"]:
        act(state, f"place hand {card}", "accept", "accept")
    act(state, "end")
    act(state, "place hand c10", "accept", "accept", "end")
    for card in ["c15", "c16", "c17", "c18", "c19"]:
        act(state, f"place hand {card}", "accept", "accept")
    assert state.is_terminal()
    assert sheet(state) == [
        line(
            [0, 2],
            1,
            "win",
            "first team to empty all its hands once the draw pile is empty",
            ply(state),
        )
    ]


# ------------------------------------------------------------------ whole games


def play_out(game_id: str, params: dict[str, Any], seed: int) -> EvolutionState:
    state = terranova.make(game_id, **params)
    assert isinstance(state, EvolutionState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    ("game_id", "params"),
    [
        ("evolution-explore", {"players": 3}),
        ("evolution-explore", {"players": 5, "automata": 1, "teams": 2, "jokers": 4}),
        ("evolution-bluff", {"players": 4, "teams": 2}),
    ],
)
def test_a_finished_games_sheet_adds_up_to_the_final_scores(
    game_id: str, params: dict[str, Any]
) -> None:
    state = play_out(game_id, params, seed=7)
    lines = sheet(state)
    totals = [0] * state.num_seats
    for entry in lines:
        for seat in entry["seats"]:
            totals[seat] += entry["points"]
    assert totals == state.scores()
    assert any(state.scores())
    public = json.dumps(state.view(None)[SCORING])
    for seat in range(state.num_seats):  # public: every seat sees the same sheet
        assert json.dumps(state.view(seat)[SCORING]) == public
    assert sheet(state.clone()) == lines
    assert sheet(state.resample(0, random.Random(1))) == lines
