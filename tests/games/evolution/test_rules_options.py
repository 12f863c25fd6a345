"""The options of rule 2.3: jokers (in the tree as a card and the later hand-back, out of
the tree for a special action, "Interruption!"), and teams (requests, pooled points,
team victory in Bluff)."""

from __future__ import annotations

from terranova.games.evolution.rules import EvolutionState
from tests.games.evolution.helpers import F, act, chance, deal, legal, make_deck, new, points


def placements(state: EvolutionState) -> list[str]:
    return [a for a in legal(state) if a.startswith("place ")]


# ------------------------------------------------------------------------- jokers


def seat_0_draws_a_joker() -> EvolutionState:
    """Explore, two players, four jokers shuffled into the pile after the deal. Seat 0
    ends its first turn with s2 u1 t2 joker e1; seat 1 has placed s4 from the reserve."""
    state = new(players=2, jokers=4)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    assert state.view(None)["draw_pile"] == 6 + 4  # jokers are inserted after the deal
    act(state, "place hand s1", "place hand t1", "end", "draw joker", "draw e1")
    act(state, "place reserve s4")
    assert legal(state) == ["accept", "interrupt"]  # seat 0 holds a joker: a window
    act(state, "accept", "draw e2", "end")
    return state


def test_a_joker_stands_for_an_unplaced_card_of_an_open_era() -> None:
    state = seat_0_draws_a_joker()
    jokers = [a for a in legal(state) if a.startswith("joker")]
    # era 1 is open, era 2 is not; not placed, not in the reserve nor a discard
    assert jokers == [
        "joker as s2",
        "joker as t2",
        "joker as t3",
        "joker as t4",
        "joker as t5",
        "joker as u1",
        "joker as u3",
        "joker as u4",
        "joker special",
    ]
    act(state, "joker as t5")
    assert points(state)[0] == 3 + 1
    # a series started with a joker continues only through prerequisite links: s2 and
    # e1 share t5's family but are not its prerequisite or dependent
    assert placements(state) == []
    assert state.view(0)["tree"][-1] == {"card": "t5", "era": 1, "joker": True}


def test_placing_the_card_a_joker_stood_for_takes_the_joker_back() -> None:
    state = seat_0_draws_a_joker()
    act(state, "joker as t5", "end", "draw e3")
    assert "place hand t5" in legal(state)  # seat 1 holds the real t5
    act(state, "place hand t5")
    assert state.hand(1)[-1] == "joker"
    assert [e["card"] for e in state.view(1)["tree"]] == ["s1", "t1", "s4", "t5"]
    assert not any(e["joker"] for e in state.view(1)["tree"])
    assert state.view(0)["hands"][1]["known"] == ["joker"]  # everyone saw it


def test_a_joker_out_of_the_tree_is_a_special_action() -> None:
    state = seat_0_draws_a_joker()
    act(state, "joker special")
    assert state.view(0)["turn"]["specials"] == 1
    assert points(state)[0] == 3 + 3
    assert state.view(0)["jokers_out"] == 1
    assert "joker" not in state.hand(0)


def test_a_joker_is_played_only_at_the_start_of_a_turn_or_after_a_replay() -> None:
    state = seat_0_draws_a_joker()
    act(state, "place hand s2")
    assert not [a for a in legal(state) if a.startswith("joker")]


INTERRUPTED = (
    ["s3", "s4", "u2", "u5", "t5"],
    ["s1", "t1", "s2", "u1", "t4"],
    ["s5", "t3", "t2", "u3", "u4"],
)


def test_interruption_plays_an_extra_turn_then_the_interrupted_player_resumes() -> None:
    state = new(players=2, jokers=4)
    deal(state, *INTERRUPTED)
    act(state, "place hand s1", "place hand t1", "end", "draw e1", "draw e3")
    act(state, "discard u4", "draw joker")  # seat 1 holds a joker
    act(state, "place hand s2")  # seat 0 places a card: a response window for seat 1
    assert state.current_player() == 1
    assert legal(state) == ["accept", "interrupt"]
    act(state, "interrupt")
    assert state.view(1)["turn"] == {
        "seat": 1,
        "interruption": True,
        "interrupted": [0],
        "series": None,
        "starts_series": True,
        "specials": 0,
        "placed": 0,
        "requested": None,
    }
    act(state, "place hand s5", "end", "draw e2", "draw f1")  # seat 1's extra turn
    assert state.current_player() == 0  # seat 0 resumes its turn...
    # ...and may continue the series of the last card placed (s5, during the
    # interruption): t4 is linked to s5; u1 and e1, linked only to s2, are not
    assert placements(state) == ["place hand t4"]
    act(state, "place hand t4")
    assert points(state) == [3 + 1 + 2, 1]
    assert state.view(0)["jokers_out"] == 1


def test_no_window_when_nobody_else_holds_a_joker() -> None:
    state = new(players=2, jokers=4)
    deal(state, *INTERRUPTED)
    act(state, "place hand s1")
    assert state.current_player() == 0  # no response window to open


# -------------------------------------------------------------------------- teams


def teams_of_three() -> EvolutionState:
    """Explore, three players, two teams: seats 0 and 2 together, seat 1 alone. The draw
    pile holds g1 only."""
    state = new(players=3, teams=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "e2"],
        ["s1", "t1", "s2", "u1", "e1"],
        ["t3", "t4", "u3", "u4", "f1"],
        ["t2", "t5", "u5", "e3", "f2"],
    )
    return state


def test_a_turn_may_start_by_asking_a_teammate_for_a_card() -> None:
    state = teams_of_three()
    assert "ask 2" in legal(state)
    assert "ask 1" not in legal(state)  # not a teammate
    act(state, "ask 2")
    assert state.current_player() == 2  # the teammate chooses the card
    assert legal(state) == ["give t2", "give t5", "give u5", "give e3", "give f2"]
    act(state, "give t5")
    act(state, "draw g1")  # Explore: the teammate replaces it at once
    assert state.hand(2) == ["t2", "u5", "e3", "f2", "g1"]
    act(state, "place hand s1", "place hand t1", "place hand t5")
    assert "ask 2" not in legal(state)  # only at the start of the turn
    assert points(state) == [6, 0, 6]  # a team's points are pooled


def test_a_requested_card_not_placed_is_discarded_at_the_end_of_the_turn() -> None:
    state = teams_of_three()
    act(state, "ask 2", "give f2", "draw g1")
    act(state, "place hand s1", "end")
    assert state.view(0)["discards"][0] == ["f2"]
    assert state.hand(0) == ["t1", "s2", "u1", "e1"]  # the pile is empty: no draw


def test_pooled_points_in_explore() -> None:
    state = teams_of_three()
    act(state, "place hand s1", "end", "draw g1")  # the draw pile is now empty
    act(state, "steal 0", "take g1", "place reserve s4", "place hand t3", "end")
    act(state, "steal 1", "take f1", "place reserve s5", "end")
    assert points(state) == [1 + 1, 1 + 2, 1 + 1]


TEAM_WIN = make_deck([(f"c{i:02}", 1, F.OUTILS, ()) for i in range(20)], jokers=0)


def test_in_bluff_a_team_wins_when_all_its_players_have_emptied_their_hands() -> None:
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
    assert not state.is_terminal()  # seat 0 is empty, but not seat 2
    act(state, "end")
    act(state, "place hand c10", "accept", "accept", "end")
    for card in ["c15", "c16", "c17", "c18", "c19"]:
        assert state.current_player() == 2
        act(state, f"place hand {card}", "accept", "accept")
    assert state.is_terminal()
    assert state.returns() == [1, 0, 1]
    assert state.winners() == [0, 2]
    assert not chance(state)


def test_a_joker_turned_up_for_the_reserve_leaves_the_game() -> None:
    state = seat_0_draws_a_joker()
    act(state, "place reserve s3", "draw joker")  # refilling the reserve: a joker...
    assert state.view(0)["jokers_out"] == 1  # ...is set aside
    assert chance(state)  # and the reserve is refilled with the next card
    act(state, "draw e3")
    assert state.view(0)["reserve"] == ["s5", "u2", "u5", "e2", "e3"]


SMALL_ERA = make_deck(
    [(f"a{i}", 1, F.OUTILS, ()) for i in range(1, 10)]
    + [("b1", 2, F.CULTURE, ()), ("b2", 2, F.CULTURE, ("a1",))]
    + [(f"p{i}", 3, F.SCIENCE, ()) for i in range(1, 4)],
    jokers=2,
)


def test_a_joker_may_close_an_era_and_the_real_card_does_not_close_it_again() -> None:
    state = new(players=1, jokers=2, deck=SMALL_ERA)
    deal(state, ["a5", "a6", "a7", "a8", "a9"], ["a1", "a2", "a3", "a4", "b1"])
    act(state, "place hand b1", "end", "draw joker")  # opens era 2 (1 + 3)
    act(state, "joker as b2")  # era 2's other card, still in the draw pile: closes it
    assert state.view(0)["eras"][1]["closed"] is True
    assert state.view(0)["turn"]["specials"] == 1
    assert points(state) == [4 + 1 + 3]
    act(state, "end", "draw b2")
    act(state, "place hand a1", "place hand b2")  # b2 itself (a prerequisite link)
    assert state.hand(0)[-1] == "joker"  # the joker comes back to hand
    assert state.view(0)["turn"]["specials"] == 0  # era 2 was closed already
    assert points(state) == [8 + 1 + 2]


def test_in_bluff_an_interruption_waits_until_a_stop_is_settled() -> None:
    deck = make_deck(
        [(f"c{i:02}", 1, F.OUTILS, ()) for i in range(20)]
        + [("d1", 2, F.CULTURE, ("c15",)), ("d2", 2, F.CULTURE, ())],
        jokers=1,
    )
    state = new("bluff", players=3, jokers=1, deck=deck)
    deal(
        state,
        ["c00", "c01", "c02", "c03", "c04"],
        ["c05", "c06", "c07", "c08", "c09"],
        ["c10", "c11", "c12", "c13", "c14"],
        ["c15", "c16", "c17", "c18", "c19"],
    )
    act(state, "end", "draw d1", "end", "draw joker", "end", "draw d2")  # pile empty
    act(state, "place hand d1")  # seat 0: d1 needs c15, not placed: a bluff
    assert legal(state) == ["accept", "stop", "interrupt"]  # seat 1 holds the joker
    act(state, "interrupt")
    assert state.current_player() == 2  # the window goes on: seat 2 may still stop
    assert legal(state) == ["accept", "stop"]
    act(state, "stop", "verify", "give c15")  # case 3
    act(state, "steal 2", "take c16")  # seat 0 "draws" another card: a theft
    assert state.view(0)["discards"][0] == ["d1"]
    # seat 0's turn is over; now seat 1's extra turn
    assert state.current_player() == 1
    turn = state.view(1)["turn"]
    assert (turn["interruption"], turn["interrupted"]) == (True, [0])
    act(state, "place hand c10", "accept", "accept", "end")
    # then the next turn after seat 0's: seat 1 again, a normal one
    assert state.current_player() == 1
    assert state.view(1)["turn"]["interruption"] is False


def test_a_joker_may_be_played_again_after_a_replay() -> None:
    state = seat_0_draws_a_joker()
    act(state, "place hand e1")  # opens era 2: a special action
    assert not [a for a in legal(state) if a.startswith("joker")]  # the series is going on
    act(state, "special replay")
    assert "joker special" in legal(state)
    assert "joker as e3" in legal(state)  # era 2 is open now (e2 is in the reserve)
    assert "joker as e2" not in legal(state)
    act(state, "joker as e3")
    assert state.view(0)["tree"][-1] == {"card": "e3", "era": 2, "joker": True}


def test_a_joker_discarded_leaves_the_game() -> None:
    state = seat_0_draws_a_joker()
    act(state, "discard joker")  # a turn without a placement ends with a discard
    assert state.view(0)["discards"] == [[], []]
    assert state.view(0)["jokers_out"] == 1
    act(state, "draw e3")
    assert state.hand(0) == ["s2", "u1", "t2", "e1", "e3"]
