"""The encoding of Discovery Explore and Bluff (docs/evolution/encoding.md): the sizes and
order of the action spaces, the planes filled from known positions, the Bluff pile
remembered, the spaces taken from the deck loaded, and the bounds."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import terranova
from terranova.core.encoding import Encoding, Planes, encoding_of
from terranova.core.errors import ActionSpaceError
from terranova.core.state import CHANCE, State
from terranova.games.evolution import BLUFF_INFO, EXPLORE_INFO
from terranova.games.evolution.actions import (
    ABANDON,
    Announce,
    Call,
    Discard,
    Draw,
    Interrupt,
    JokerAs,
    JokerSpecial,
    PlaceCalled,
    PlaceDiscard,
    PlaceHand,
    Take,
    Word,
)
from terranova.games.evolution.content import load_deck
from terranova.games.evolution.encoding import STEPS, build
from terranova.games.evolution.rules import BLUFF, EXPLORE, EvolutionState, turn_limit
from tests.conformance.test_encoding import check_position, check_tensors
from tests.conformance.walk import choose
from tests.games.evolution.helpers import LAB, act, deal, new, scenario_a
from tests.games.evolution.test_deck import builtin_data, dump_toml

IDS = [card.id for card in load_deck().cards]
LAB_IDS = [card.id for card in LAB.cards]


def params(**given: Any) -> dict[str, Any]:
    """Resolved parameters (what ``encoding`` receives)."""
    return {"players": 2, "automata": 0, "teams": 0, "jokers": 0, "deck": None, **given}


def lab(mode: str, **given: Any) -> Encoding:
    return build(mode, params(**given), deck=LAB)


def planes(coding: Encoding, state: State, seat: int) -> Planes:
    return coding.planes_of(coding.observation(state.view(seat)))


def cells(row: np.ndarray[Any, Any]) -> set[str]:
    """The cards whose cell is set in a row of cards (the lab deck)."""
    return {LAB_IDS[i] for i in np.flatnonzero(row[: len(LAB_IDS)])}


# ------------------------------------------------------------------ the spaces


def test_the_spaces_of_the_default_games() -> None:
    explore = encoding_of(EXPLORE_INFO, {})
    bluff = encoding_of(BLUFF_INFO, {})
    # hand 54, reserve 54, discards 4 x 54, called 2, replay, steal 4, exchange 4,
    # special discard 54, call 54, give 54, then Explore's discard 54 and pass, end;
    # Bluff's announcements 5 + 6 and seven words
    assert explore.actions.size == 553
    assert bluff.actions.size == 515
    assert explore.chance.size == bluff.chance.size == 162  # deal, draw, take: 54 each
    assert encoding_of(EXPLORE_INFO, {"players": 1}).actions.size == 273
    assert encoding_of(EXPLORE_INFO, {"players": 1}).chance.size == 108


def test_known_actions_have_their_documented_index() -> None:
    explore = encoding_of(EXPLORE_INFO, {}).actions
    bluff = encoding_of(BLUFF_INFO, {}).actions
    first = IDS[0]
    assert explore.index(PlaceHand(first)) == 0
    assert explore.index(PlaceHand(IDS[53])) == 53
    assert explore.index(PlaceDiscard(1, first)) == 108 + 54
    assert explore.index(Call(IDS[1])) == 390
    assert explore.index(Discard(first)) == 497
    assert explore.index(Word("pass")) == 551
    assert explore.index(Word("end")) == 552
    assert bluff.index(Announce("open", 2)) == 497
    assert bluff.index(Announce("close", 1)) == 502
    assert bluff.index(Word("stop")) == 511
    assert bluff.index(ABANDON) == 514
    jokers = encoding_of(EXPLORE_INFO, {"jokers": 2})
    assert jokers.actions.index(JokerAs(first)) == 326
    assert jokers.actions.index(JokerSpecial()) == 380
    assert jokers.actions.index(Interrupt()) == 381
    assert jokers.chance.index(Draw("joker")) == 108
    assert jokers.chance.index(Take(first)) == 109


def test_what_a_configuration_cannot_offer_is_outside_its_space() -> None:
    explore = encoding_of(EXPLORE_INFO, {}).actions
    with pytest.raises(ActionSpaceError):
        explore.index(Word("stop"))  # no Stop in Explore
    with pytest.raises(ActionSpaceError):
        explore.index(JokerAs(IDS[0]))  # no jokers
    with pytest.raises(ActionSpaceError):
        encoding_of(BLUFF_INFO, {}).actions.index(Discard(IDS[0]))
    with pytest.raises(ActionSpaceError):
        encoding_of(BLUFF_INFO, {}).actions.index(Announce("open", 1))  # era 1 opens itself


def test_the_card_called_is_told_by_the_position() -> None:
    for seed in range(200):
        state = terranova.make("evolution-bluff", players=3)
        rng = random.Random(seed)
        while not state.is_terminal() and not (
            state.view(None)["step"] == "called" and len(state.legal_actions()) == 3
        ):
            state.apply(choose(state, rng))
        if not state.is_terminal():
            break  # a card called and given, which may start or continue a series
    else:  # pragma: no cover
        pytest.fail("no call answered in 200 games")
    space = encoding_of(BLUFF_INFO, {"players": 3}).actions
    card = state.view(None)["called"]
    decoded = space.decoder(state.legal_actions())
    offset = 54 + 54 + 3 * 54
    assert decoded[offset] == PlaceCalled(card, False)
    assert decoded[offset + 1] == PlaceCalled(card, True)
    assert decoded[space.index(ABANDON)] == ABANDON
    assert space.describe(offset + 1) == "PlaceCalled(series=True)"


def test_the_spaces_follow_the_deck_loaded(tmp_path: Path) -> None:
    coding = lab(EXPLORE)
    assert coding.actions.parts[0].values == (tuple(LAB_IDS),)
    assert coding.actions.size == 2 * 21 + 2 * 21 + 2 + 1 + 2 + 2 + 4 * 21 + 2
    data = builtin_data()
    renamed = {IDS[0]: "first-stone"}
    for card in data["card"]:
        card["id"] = renamed.get(card["id"], card["id"])
        card["prerequisites"] = [renamed.get(p, p) for p in card.get("prerequisites", [])]
    path = tmp_path / "renamed.toml"
    path.write_text(dump_toml(data), encoding="utf-8")
    other = encoding_of(EXPLORE_INFO, {"deck": str(path)})
    assert other.actions.index(PlaceHand("first-stone")) == 0
    with pytest.raises(ActionSpaceError):
        other.actions.index(PlaceHand(IDS[0]))
    state = terranova.make("evolution-explore", deck=str(path))
    rng = random.Random(1)
    while not state.is_terminal():
        check_position(state, other)
        state.apply(choose(state, rng))
    check_tensors(state, other)


# ------------------------------------------------------------------ the planes


def test_explore_planes_show_the_hands_reserve_tree_and_eras() -> None:
    state = scenario_a()  # seat 0 to move, e1 just placed, opening era 2
    coding = lab(EXPLORE)
    mine = planes(coding, state, 0)
    assert cells(mine["hands"][0]) == {"s2", "u1", "t2", "e3"}
    assert not mine["hands"][1].any()  # seat 0 knows nothing of seat 1's hand
    assert mine["hand_sizes"].tolist() == pytest.approx([4 / 21, 5 / 21])
    assert cells(mine["reserve"]) == {"s3", "s5", "u2", "u5", "e2"}
    assert cells(mine["tree"][0]) == {"s1", "t1", "s4", "t3", "e1"}
    assert not mine["tree"][1].any()  # no joker
    assert cells(mine["tree_last"]) == {"e1"}
    assert mine["eras"][0].tolist() == pytest.approx([4 / 15, 1 / 3, 0, 0])
    assert mine["eras"][1].tolist() == [1, 1, 0, 0]
    assert mine["step"][STEPS.index("turn")] == 1
    assert mine["to_move"].tolist() == [1, 0]
    assert mine["turn"][0].tolist() == [1, 0]
    assert cells(mine["series_last"]) == {"e1"}
    assert mine["turn_state"].tolist() == pytest.approx([0, 0, 1, 0, 1 / 4, 1 / 21, 1 / 21])
    high = coding.utility[1]
    assert mine["scores"].tolist() == pytest.approx([7 / high, 3 / high])
    assert mine["draw_pile"][0] == pytest.approx(2 / 21)
    # seat 1 sees its own hand first, and the seat to move one seat on
    theirs = planes(coding, state, 1)
    assert cells(theirs["hands"][0]) == {"t5", "t4", "u3", "u4", "f1"}
    assert theirs["to_move"].tolist() == [0, 1]
    assert theirs["scores"].tolist() == pytest.approx([3 / high, 7 / high])


def test_a_card_given_is_known_in_the_taker_s_row() -> None:
    state = scenario_a()
    act(state, "steal 1", "take t5")  # seat 0 takes t5 blindly; seat 1 knows where it is
    coding = lab(EXPLORE)
    assert "t5" in cells(planes(coding, state, 0)["hands"][0])
    assert cells(planes(coding, state, 1)["hands"][1]) == {"t5"}


def bluff_game() -> EvolutionState:
    """Seat 0: s1 t1 s2 u1 t2; seat 1: t5 t3 t4 u3 u4; reserve s3 s4 s5 u2 u5."""
    state = new("bluff", players=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    return state


def test_the_bluff_pile_shows_its_top_and_the_memory_keeps_what_lay_there() -> None:
    state = bluff_game()
    coding = lab(BLUFF)
    memory = coding.remember(None, coding.observation(state.view(1)))
    for text in ("place hand s1", "accept", "place hand t1", "accept"):
        act(state, text)
        memory = coding.remember(memory, coding.observation(state.view(1)))
    now = planes(coding, state, 1)
    assert cells(now["pile_top"][0]) == {"t1"}  # the view shows the top only
    assert now["pile_size"][0] == pytest.approx(2 / 21)
    full = coding.information_state(coding.observation(state.view(1)), memory)
    remembered = coding.planes_of(full[: coding.observation_size])  # the observation part
    assert cells(remembered["pile_top"][0]) == {"t1"}
    # the memory: hands (2 x 22), then pile_top (2 x 21)
    pile = full[coding.observation_size + 2 * 22 :].reshape(2, 21)
    assert cells(pile[0]) == {"s1", "t1"}
    assert not pile[1].any()


def test_a_window_and_a_stop_show_who_what_and_which_card() -> None:
    state = bluff_game()
    coding = lab(BLUFF)
    act(state, "place hand t2")  # a bluff: t2 needs s1 and s3
    seen = planes(coding, state, 1)
    assert seen["step"][STEPS.index("window")] == 1
    assert seen["window"][0].tolist() == [0, 1]  # the actor, seat 0, one seat on
    assert seen["window"][1].tolist() == [1, 0]  # waiting for seat 1 itself
    assert seen["deed"].tolist() == [1, 0, 0, 0, 0]
    assert cells(seen["deed_card"]) == {"t2"}
    act(state, "stop")
    seen = planes(coding, state, 0)
    assert seen["step"][STEPS.index("respond")] == 1
    assert seen["window"][2].tolist() == [0, 1]  # stopped by seat 1
    act(state, "concede", "take t5")
    seen = planes(coding, state, 0)
    assert seen["last_stop"].tolist() == [1, 0, 1, 0, 0]  # case 2
    assert seen["last_stop_seats"].tolist() == [[1, 0], [0, 1]]
    assert not seen["pile_top"].any()  # the card left the pile for the discard
    assert cells(seen["discards"][0]) == {"t2"}


def test_an_announcement_names_its_era_and_stands_announced() -> None:
    state = bluff_game()
    coding = lab(BLUFF)
    act(state, "announce open 2")
    seen = planes(coding, state, 0)
    assert seen["deed"].tolist() == [0, 0, 0, 1, 0]
    assert seen["deed_era"][0].tolist() == [0, 1, 0, 0]
    act(state, "accept")
    seen = planes(coding, state, 0)
    assert seen["announced"].tolist() == [[0, 1, 0, 0], [0, 0, 0, 0]]
    assert seen["turn_state"][4] == pytest.approx(1 / 4)  # one special action earned


def test_once_bluff_is_over_every_hand_is_shown() -> None:
    state = terranova.make("evolution-bluff", players=3)
    rng = random.Random(5)
    while not state.is_terminal():
        state.apply(choose(state, rng))
    coding = encoding_of(BLUFF_INFO, {"players": 3})
    finish = state.view(0)["finish"]
    seen = planes(coding, state, 2)
    for seat, hand in enumerate(finish["hands"]):
        row = seen["hands"][(seat - 2) % 3]
        assert {IDS[i] for i in np.flatnonzero(row[:54])} == {c for c in hand if c != "joker"}
    assert seen["scores"].tolist() == [float(seat in state.winners()) for seat in (2, 0, 1)]
    assert seen["step"][STEPS.index("over")] == 1


def test_automata_and_teams_are_seat_relative() -> None:
    state = terranova.make("evolution-explore", players=4, automata=1, teams=2)
    coding = encoding_of(EXPLORE_INFO, {"players": 4, "automata": 1, "teams": 2})
    # seats 0 and 2 are team 0, seat 1 team 1, seat 3 the automaton
    assert planes(coding, state, 0)["seats"].tolist() == [[0, 0, 0, 1], [1, 0, 1, 0]]
    assert planes(coding, state, 1)["seats"].tolist() == [[0, 0, 1, 0], [1, 0, 0, 0]]


# ------------------------------------------------------------------ the bounds


def test_automaton_seats_never_decide() -> None:
    for mode in ("evolution-explore", "evolution-bluff"):
        for seed in range(4):
            state = terranova.make(mode, players=4, automata=2, jokers=2)
            rng = random.Random(seed)
            while not state.is_terminal():
                assert state.current_player() in (CHANCE, 0, 1)
                state.apply(choose(state, rng))


STALLING = ("pass", "ask", "steal", "exchange", "special", "call", "accept", "give", "discard")


def stall(state: State, rng: random.Random) -> Any:
    """Play as long as possible: pass, take and give, discard, and place only when forced."""
    if state.current_player() == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_actions()
    for word in STALLING:
        found = [a for a in legal if str(a).startswith(word)]
        if found:
            return rng.choice(found)
    return rng.choice(legal)


@pytest.mark.parametrize("given", [{"players": 9}, {"players": 3, "jokers": 4, "teams": 2}])
def test_stalling_explore_stays_within_the_length_and_utility_bounds(
    given: dict[str, Any],
) -> None:
    coding = encoding_of(EXPLORE_INFO, given)
    longest = 0
    for seed in range(3):
        state = terranova.make("evolution-explore", **given)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_terminal():
            decisions += state.current_player() >= 0
            state.apply(stall(state, rng))
        longest = max(longest, decisions)
        assert all(coding.utility[0] <= r <= coding.utility[1] for r in state.returns())
    assert longest <= coding.max_game_length
    if given == {"players": 9}:
        assert longest > coding.max_game_length // 3  # the bound is not far off


@pytest.mark.parametrize("players", [2, 4])
def test_the_endless_bluff_loop_ends_within_the_length_bound(players: int) -> None:
    """An announcement stopped and conceded ends the turn without a draw, and may be made
    again: the draw pile never shrinks, so ruling 43 never counts; ruling 49's turn limit
    ends the game, within the declared length (docs: encoding.md)."""
    coding = encoding_of(BLUFF_INFO, {"players": players})
    state = terranova.make("evolution-bluff", players=players)
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    pile = state.view(None)["draw_pile"]
    decisions = 0
    while not state.is_terminal():
        legal = {str(a): a for a in state.legal_actions()}
        text = next(t for t in ("announce close 6", "stop", "concede") if t in legal)
        state.apply(legal[text])
        decisions += 1
        while state.current_player() == CHANCE:  # Stop case 2: the card taken
            state.apply(state.sample_chance(rng))
    assert decisions == 3 * turn_limit(players) <= coding.max_game_length
    assert state.view(None)["draw_pile"] == pile
    assert state.returns() == [0] * players
    assert state.view(None)["finish"]["limit"] == turn_limit(players)
