"""The automaton (rule 2.3): its face-down row, how it turns cards over, its special
actions, how it answers calls, what is taken when it is robbed, whom it robs, and its
single series in points games.

The automaton never decides anything: each card it turns over is a chance node with one
outcome (``flip x``), so every step is in the game's history.
"""

from __future__ import annotations

from terranova.games.evolution.rules import EvolutionState
from tests.games.evolution.helpers import F, act, chance, deal, legal, make_deck, new, points

AUTO = make_deck(
    [
        # era 1 (six cards: slots 0-5 of a two-seat deal)
        ("q1", 1, F.OUTILS, ()),
        ("q2", 1, F.OUTILS, ()),
        ("q3", 1, F.OUTILS, ()),
        ("q4", 1, F.OUTILS, ()),
        ("q5", 1, F.OUTILS, ()),
        ("qx", 1, F.OUTILS, ("k12",)),
        # era 2 (ten cards: slots 6-14, one left in the draw pile)
        ("k1", 2, F.SOCIETE, ()),
        ("k2", 2, F.SOCIETE, ()),
        ("k3", 2, F.SOCIETE, ("k12",)),
        ("k4", 2, F.SOCIETE, ()),
        ("k5", 2, F.CULTURE, ()),
        ("k6", 2, F.CULTURE, ()),
        ("k7", 2, F.CULTURE, ()),
        ("k8", 2, F.CULTURE, ()),
        ("k9", 2, F.CULTURE, ("k12",)),
        ("k12", 2, F.CULTURE, ()),
        # era 3: none can be placed while seat 0 keeps k12
        *[(f"m{i}", 3, F.SCIENCE, ("k12",)) for i in range(1, 9)],
    ],
    jokers=1,
)


def two_seats(
    automaton_row: list[str],
    mode: str = "explore",
    jokers: int = 0,
    seat0: list[str] | None = None,
    reserve: list[str] | None = None,
) -> EvolutionState:
    """Seat 0 a person, seat 1 the automaton. A deal gives the automaton two era-1 cards
    then three era-2 cards, in that order."""
    state = new(mode, players=2, automata=1, jokers=jokers, deck=AUTO)
    deal(
        state,
        reserve or ["q1", "q2", "k4", "k5", "k6"],
        seat0 or ["q5", "qx", "k7", "k8", "k12"],
        automaton_row,
    )
    return state


def flip(state: EvolutionState, card: str) -> None:
    """The automaton's next step: a chance node with one outcome."""
    assert chance(state)
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [(f"flip {card}", 1.0)]
    act(state, f"flip {card}")


def test_the_automaton_never_decides_and_its_row_is_face_down() -> None:
    state = two_seats(["q3", "q4", "k1", "k2", "k3"])
    assert state.view(0)["hands"][1] == {"seat": 1, "count": 5, "cards": None, "known": []}
    act(state, "pass")
    assert chance(state)  # the automaton's turn is played by chance-like steps


def test_it_places_cards_in_the_order_dealt_while_it_can_then_discards_and_draws() -> None:
    state = two_seats(["q3", "qx", "k1", "k2", "k3"], seat0=["q5", "q4", "k7", "k8", "k12"])
    act(state, "pass")
    flip(state, "q3")  # no prerequisite: placed, and it turns over the next card
    flip(state, "qx")  # k12 is missing: discarded, and its turn ends by drawing
    assert state.view(0)["discards"][1] == ["qx"]
    act(state, "draw k9", "draw m1")  # back to five, at the end of its row
    assert state.hand(1) == ["k1", "k2", "k3", "k9", "m1"]
    assert state.current_player() == 0
    assert points(state) == [0, 1]


def test_a_special_action_turns_over_two_cards_and_it_replays_if_one_is_placed() -> None:
    state = two_seats(["q3", "q4", "k1", "k2", "k3"])
    act(state, "pass")
    flip(state, "q3")  # 1 point
    flip(state, "q4")  # 2
    flip(state, "k1")  # 3, and it opens era 2: a special action (+3)
    flip(state, "k2")  # the two next cards: k2 is placed (4)
    flip(state, "k3")  # k3 cannot be: discarded
    # one of the two was placed: it replays, but its hand is empty: the turn ends
    assert state.view(0)["discards"][1] == ["k3"]
    act(state, "draw k9", "draw m1", "draw m2", "draw m3", "draw m4")
    assert state.current_player() == 0
    assert points(state) == [0, 1 + 2 + 3 + 4 + 3]  # all its cards of a turn: one series


def test_if_neither_of_the_two_cards_is_placed_its_turn_ends() -> None:
    state = two_seats(["q3", "q4", "k1", "k3", "k9"])
    act(state, "pass")
    flip(state, "q3")
    flip(state, "q4")
    flip(state, "k1")  # special action
    flip(state, "k3")
    flip(state, "k9")  # neither placed
    assert state.view(0)["discards"][1] == ["k3", "k9"]
    assert chance(state)
    assert [str(a) for a, _ in state.chance_outcomes()] == ["draw k2"]  # it draws
    assert points(state) == [0, 1 + 2 + 3 + 3]


def test_a_joker_turned_over_is_a_special_action() -> None:
    state = two_seats(
        ["q3", "qx", "k1", "k2", "k4"],
        jokers=1,
        seat0=["q5", "q4", "k7", "k8", "k12"],
        reserve=["q1", "q2", "k3", "k5", "k6"],
    )
    act(state, "pass")
    flip(state, "q3")
    flip(state, "qx")  # ends its first turn
    act(state, "draw joker", "draw k9")  # the joker is at the end of its row
    assert state.hand(1) == ["k1", "k2", "k4", "joker", "k9"]
    act(state, "place hand k7", "end", "draw m1")  # seat 0 opens era 2 (no special for it)
    before = points(state)[1]
    flip(state, "k1")
    flip(state, "k2")
    flip(state, "k4")
    flip(state, "joker")  # a special action (+3): the joker leaves the game
    flip(state, "k9")  # the next two cards: only k9 is left, and it cannot be placed
    assert points(state)[1] - before == 1 + 2 + 3 + 3
    assert state.view(0)["jokers_out"] == 1
    assert chance(state)  # nothing placed among the two: it draws
    assert all(str(a).startswith("draw m") for a, _ in state.chance_outcomes())


def automaton_after_a_failed_first_turn() -> EvolutionState:
    """The automaton's first card qx cannot be placed: it keeps q4 k1 k2 k3, draws k9."""
    state = two_seats(["qx", "q4", "k1", "k2", "k3"], seat0=["q3", "q5", "k7", "k8", "k12"])
    act(state, "pass")
    flip(state, "qx")
    act(state, "draw k9")
    assert state.hand(1) == ["q4", "k1", "k2", "k3", "k9"]
    act(state, "place hand k7")  # seat 0 opens era 2: a special action
    return state


def test_it_answers_a_call_for_a_card_in_its_row() -> None:
    state = automaton_after_a_failed_first_turn()
    act(state, "call q4")  # nobody else has it: a player finds it in the automaton's row
    act(state, "draw m1")  # it replaces the card, at the end of its row
    assert state.hand(1) == ["k1", "k2", "k3", "k9", "m1"]
    assert legal(state) == ["place called q4"]


def test_robbing_it_always_takes_its_last_card() -> None:
    state = automaton_after_a_failed_first_turn()
    act(state, "steal 1")
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [("take k9", 1.0)]
    act(state, "take k9", "draw m1")
    assert state.hand(0)[-1] == "k9"
    assert state.hand(1) == ["q4", "k1", "k2", "k3", "m1"]


def test_an_exchange_gives_it_a_card_at_the_end_of_its_row() -> None:
    state = automaton_after_a_failed_first_turn()
    act(state, "exchange 1", "take k9", "give q5")
    assert state.hand(1) == ["q4", "k1", "k2", "k3", "q5"]


TRIO = make_deck([(f"c{i:02}", 1, F.OUTILS, ()) for i in range(20)], jokers=0)


def trio() -> EvolutionState:
    """Seats 0 and 1 people, seat 2 the automaton; the deck is all dealt (no draw pile),
    so every turn of Explore starts with a theft."""
    state = new(players=3, automata=1, deck=TRIO)
    deal(
        state,
        ["c00", "c01", "c02", "c03", "c04"],
        ["c05", "c06", "c07", "c08", "c09"],
        ["c10", "c11", "c12", "c13", "c14"],
        ["c15", "c16", "c17", "c18", "c19"],
    )
    return state


def test_it_robs_the_player_with_the_most_cards() -> None:
    state = trio()
    act(state, "steal 1", "take c10", "place hand c05", "end")  # seat 0: 5 cards
    act(state, "steal 0", "take c06", "place hand c06", "place hand c11")
    act(state, "end")  # seat 1: 3 cards
    assert chance(state)  # the automaton robs seat 0, who has more
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == [
        "take c07",
        "take c08",
        "take c09",
        "take c10",
    ]


def test_on_a_tie_it_robs_the_nearest_player_on_its_left() -> None:
    state = trio()
    act(state, "steal 1", "take c10", "place hand c05", "place hand c06", "end")  # 4
    act(state, "steal 2", "take c19", "place hand c19", "place hand c11", "end")  # 4
    # seats 0 and 1 both hold four cards: seat 0 plays right after seat 2
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == [
        "take c07",
        "take c08",
        "take c09",
        "take c10",
    ]


def test_in_bluff_it_announces_the_eras_it_opens() -> None:
    state = two_seats(["q3", "q4", "k1", "k2", "k3"], mode="bluff")
    act(state, "pass")
    flip(state, "q3")
    flip(state, "q4")
    flip(state, "k1")  # opens era 2: it announces it, and turns over two cards
    assert state.view(0)["eras"][1] == {"era": 2, "announced_open": True, "announced_closed": False}
    assert "announce open 2" not in [a for a in legal(state)]
    flip(state, "k2")
    flip(state, "k3")
    # its hand is empty before the draw pile is: everyone draws, starting with it
    act(state, "draw k9", "draw m1")
    assert state.hand(1) == ["k9"]
    flip(state, "k9")  # it replays: k9 cannot be placed (k12 is missing)
    assert state.view(0)["discards"][1] == ["k3", "k9"]
    act(state, "draw m2", "draw m3")  # empty again: everyone draws again
    assert state.current_player() == 0  # it placed cards: no draw at the end
    assert state.hand(1) == ["m2"]
    assert all(valid for _, valid in state.tree_validity())


def test_emptying_its_hand_by_placing_is_a_special_action() -> None:
    state = two_seats(["q3", "q4", "k1", "k2", "k4"], reserve=["q1", "q2", "k3", "k5", "k6"])
    act(state, "pass")
    flip(state, "q3")
    flip(state, "q4")
    flip(state, "k1")  # opens era 2: it turns over the next two cards
    flip(state, "k2")
    flip(state, "k4")  # its last card: a second special action, and back to five at once
    for card in ["k9", "m1", "m2", "m3", "m4"]:
        act(state, f"draw {card}")
    assert points(state) == [0, 1 + 2 + 3 + 4 + 5 + 2 * 3]
    flip(state, "k9")  # the pair of the second special action: neither can be placed...
    flip(state, "m1")
    flip(state, "m2")  # ...but it placed cards in the first pair: it replays, and stops
    assert state.view(0)["discards"][1] == ["k9", "m1", "m2"]
    act(state, "draw m5", "draw m6", "draw m7")  # the end of its turn: back to five
    assert state.hand(1) == ["m3", "m4", "m5", "m6", "m7"]
    assert state.current_player() == 0
