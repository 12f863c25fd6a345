"""Helpers for the rules tests: a small laboratory deck, scripted deals and moves.

Positions are built only through the protocol: every card dealt or drawn is an explicit
chance action (``deal x``, ``draw x``), every move a text action.
"""

from __future__ import annotations

from terranova.core.state import CHANCE
from terranova.games.evolution.cards import Card, Deck, Era, Family
from terranova.games.evolution.rules import EvolutionState

F = Family
LAB_CARDS = [
    # era 1: fifteen cards, so that a deal for one or two players holds only era-1 cards
    ("s1", 1, F.OUTILS, ()),
    ("s2", 1, F.OUTILS, ()),
    ("s3", 1, F.SOCIETE, ()),
    ("s4", 1, F.ALIMENTATION, ()),
    ("s5", 1, F.MOUVEMENT, ()),
    ("t1", 1, F.OUTILS, ("s1",)),
    ("t2", 1, F.SOCIETE, ("s1", "s3")),
    ("t3", 1, F.ALIMENTATION, ("s4",)),
    ("t4", 1, F.MOUVEMENT, ("s5",)),
    ("t5", 1, F.OUTILS, ("t1",)),
    ("u1", 1, F.OUTILS, ("s2",)),
    ("u2", 1, F.CULTURE, ("s3",)),
    ("u3", 1, F.ALIMENTATION, ("t3",)),
    ("u4", 1, F.MOUVEMENT, ("s4", "s5")),
    ("u5", 1, F.SCIENCE, ("u1",)),
    # era 2
    ("e1", 2, F.OUTILS, ("t1",)),
    ("e2", 2, F.TECHNIQUES, ("e1",)),
    ("e3", 2, F.CULTURE, ("s3",)),
    # era 3
    ("f1", 3, F.SCIENCE, ("e1",)),
    ("f2", 3, F.SCIENCE, ("f1",)),
    # era 4: a single card, which opens and closes it at once
    ("g1", 4, F.CULTURE, ("f2",)),
]


def make_deck(cards: list[tuple[str, int, Family, tuple[str, ...]]], jokers: int = 4) -> Deck:
    """A deck from (id, era, family, prerequisites); the constructor trusts its input, so
    it may be smaller than a printed deck."""
    numbers: dict[int, int] = {}
    built = []
    for card_id, era, family, pre in cards:
        numbers[era] = numbers.get(era, 0) + 1
        built.append(
            Card(card_id, card_id, card_id, card_id, era, numbers[era], family, pre, "-", "-")
        )
    eras = tuple(
        Era(e, f"era {e}", f"era {e}", f"era {e}", "-", "#000000") for e in sorted(numbers)
    )
    ordered = tuple(sorted(built, key=lambda c: (c.era, c.number)))
    return Deck("lab", ordered, eras, jokers, (1,))


LAB = make_deck(LAB_CARDS)


def new(
    mode: str = "explore",
    players: int = 1,
    automata: int = 0,
    teams: int = 0,
    jokers: int = 0,
    deck: Deck = LAB,
) -> EvolutionState:
    return EvolutionState(
        deck, mode=mode, players=players, automata=automata, teams=teams, jokers=jokers
    )


def deal(state: EvolutionState, reserve: list[str], *hands: list[str]) -> None:
    """Deal the reserve and each seat's hand in the order of rule 1.4: one card to the
    reserve, one to each player, five times."""
    assert len(hands) == state.num_seats
    for r in range(5):
        for cards in (reserve, *hands):
            act(state, f"deal {cards[r]}")
    assert state.view(None)["reserve"] == reserve
    for seat, cards in enumerate(hands):
        assert state.hand(seat) == cards


def act(state: EvolutionState, *texts: str) -> None:
    """Apply each action, failing with the list of legal actions if one is not legal."""
    for text in texts:
        action = state.parse_action(text)
        legal = [str(a) for a in state.legal_actions()]
        assert text in legal, f"{text!r} is not legal for {state.current_player()}; legal: {legal}"
        state.apply(action)


def legal(state: EvolutionState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def chance(state: EvolutionState) -> bool:
    return state.current_player() == CHANCE


def points(state: EvolutionState) -> list[int]:
    return list(state.scores())


def scenario_a() -> EvolutionState:
    """Two players; seat 0 opens era 2 with e1 on its second turn (one special action).

    Seat 0 then holds s2 u1 t2 e3; seat 1 holds t5 t4 u3 u4 f1; the reserve is
    s3 s5 u2 u5 e2; the draw pile f2 g1; placed: s1 t1 s4 t3 e1."""
    state = new(players=2)
    deal(
        state,
        ["s3", "s4", "s5", "u2", "u5"],
        ["s1", "t1", "s2", "u1", "t2"],
        ["t5", "t3", "t4", "u3", "u4"],
    )
    act(state, "place hand s1", "place hand t1", "end", "draw e1", "draw e3")
    act(state, "place reserve s4", "draw e2", "place hand t3", "end", "draw f1")
    act(state, "place hand e1")
    return state
