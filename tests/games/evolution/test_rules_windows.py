"""Response windows through the protocol (``EvolutionState.response_window()``, the views'
``window``) and Bluff's pile as a perfect memory knows it (``pile_memory()``)."""

from __future__ import annotations

from terranova.core.state import ResponseWindow
from terranova.games.evolution.actions import ACCEPT
from terranova.games.evolution.rules import EvolutionState
from tests.games.evolution.helpers import LAB, F, act, chance, deal, make_deck, new

# the laboratory deck but its last card, in deal order: reserve, seat 0, seat 1, seat 2
DEALT = [c.id for c in LAB.cards][:20]
THREE = (DEALT[0::4], DEALT[1::4], DEALT[2::4], DEALT[3::4])


def explore_with_a_joker_in_seat_1() -> EvolutionState:
    """Explore, three players, jokers: seat 1 draws one; seat 2 places s4, which opens a
    window for seat 1 only."""
    state = new(players=3, jokers=4)
    deal(state, *THREE)
    assert state.response_window() is None  # a turn starts: no window
    act(state, "place hand s2")
    assert state.response_window() is None  # nobody holds a joker: no window
    act(state, "end", "draw g1")
    act(state, "discard f1")
    assert chance(state) and state.response_window() is None
    act(state, "draw joker")
    act(state, "place hand s4")
    return state


def test_in_explore_only_the_seats_holding_a_joker_are_asked() -> None:
    state = explore_with_a_joker_in_seat_1()
    assert state.hand(1)[-1] == "joker" and "joker" not in state.hand(0)
    assert state.response_window() == ResponseWindow((1,), ACCEPT)
    assert state.current_player() == 1
    act(state, "accept")
    assert state.response_window() is None
    assert state.current_player() == 2  # the actor's turn goes on


def test_an_explore_window_names_its_seat_only_to_that_seat() -> None:
    state = explore_with_a_joker_in_seat_1()
    waiting = {seat: state.view(seat)["window"]["waiting"] for seat in (None, 0, 1, 2)}
    assert waiting == {None: [], 0: [], 1: [1], 2: []}
    assert state.view(0)["window"]["action"] == "place hand s4"
    assert state.view(0)["window"]["actor"] == 2


def test_in_bluff_every_person_after_the_actor_is_asked_in_turn_order() -> None:
    deck = make_deck([(f"c{i:02}", 1, F.OUTILS, ()) for i in range(30)], jokers=0)
    state = new("bluff", players=4, automata=1, deck=deck)  # seat 3 is the automaton
    cards = [c.id for c in deck.cards]
    deal(state, *(cards[k:25:5] for k in range(5)))
    assert state.response_window() is None
    act(state, "end", "draw c25", "place hand c02")  # seat 1 places a card
    assert state.response_window() == ResponseWindow((2, 0), ACCEPT)
    assert state.view(None)["window"]["waiting"] == [2, 0]  # Bluff asks everybody: public
    assert state.current_player() == 2
    act(state, "accept")
    assert state.response_window() == ResponseWindow((0,), ACCEPT)
    act(state, "accept")
    assert state.response_window() is None
    assert state.current_player() == 1


def test_a_stop_closes_the_window() -> None:
    state = new("bluff", players=3)
    deal(state, *THREE)
    act(state, "place hand t1")  # t1 needs s1, which is not placed
    assert state.response_window() == ResponseWindow((1, 2), ACCEPT)
    act(state, "stop")
    assert state.response_window() is None  # seat 0 now answers the Stop
    assert state.current_player() == 0
    assert state.view(None)["window"]["stopped_by"] == 1


def test_no_window_once_the_game_is_over() -> None:
    state = new(players=1)
    deal(state, ["s3", "s4", "s5", "t2", "u2"], ["s1", "s2", "t1", "u1", "t5"])
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
        assert state.response_window() is None  # solo: nobody to ask, ever
    assert state.response_window() is None


def test_the_pile_memory_is_the_whole_pile_bottom_first_jokers_marked() -> None:
    state = new("bluff", players=2, jokers=1)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    assert state.pile_memory() == []
    act(state, "place hand s1", "accept", "place hand t1", "accept", "end")
    act(state, "end", "draw joker")  # seat 1 places nothing: it draws the joker
    act(state, "place hand s2", "accept", "end")
    act(state, "joker as t5", "accept")  # t5 is in seat 1's own hand: a bluff
    assert state.pile_memory() == [("s1", False), ("t1", False), ("s2", False), ("t5", True)]
    assert state.view(0)["pile"] == {"size": 4, "top": {"card": "t5", "joker": True}}
    act(state, "place hand t4", "stop", "concede", "take u1", "draw e1")  # case 2: undone
    assert state.pile_memory() == [("s1", False), ("t1", False), ("s2", False), ("t5", True)]


def test_the_pile_memory_of_explore_is_the_tree() -> None:
    state = explore_with_a_joker_in_seat_1()
    act(state, "accept", "end", "draw joker")  # seat 2 draws a joker
    act(state, "discard g1", "draw joker")  # so does seat 0
    act(state, "joker as t2")  # seat 1 holds t2 itself
    tree = [(e["card"], e["joker"]) for e in state.view(None)["tree"]]
    assert state.pile_memory() == tree == [("s2", False), ("s4", False), ("t2", True)]
