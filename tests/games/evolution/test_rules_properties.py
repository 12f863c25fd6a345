"""Properties of both games over random games with random options (hypothesis picks the
games): every card is in exactly one place at all times, points never go down, Bluff has
one winner (one team) or none, views never show a hidden card, and random play is fast."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from terranova.core.state import CHANCE
from terranova.games.evolution.content import load_deck
from terranova.games.evolution.rules import EvolutionState

DECK = load_deck()
SETTINGS = settings(
    deadline=None,
    max_examples=30,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def games(draw: Any) -> dict[str, Any]:
    players = draw(st.integers(1, 9))
    automata = draw(st.integers(0, players - 1))
    humans = players - automata
    teams = draw(st.sampled_from([0, *range(2, humans + 1)])) if humans >= 2 else 0
    return {
        "mode": draw(st.sampled_from(["explore", "bluff"])),
        "players": players,
        "automata": automata,
        "teams": teams,
        "jokers": draw(st.integers(0, DECK.jokers)),
    }


def step(state: EvolutionState, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply(state.sample_chance(rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


@SETTINGS
@given(params=games(), seed=st.integers(0, 2**32 - 1))
def test_every_card_is_in_exactly_one_place(params: dict[str, Any], seed: int) -> None:
    state = EvolutionState(DECK, **params)
    everything = list(range(len(DECK.cards) + params["jokers"]))
    rng = random.Random(seed)
    while True:
        places = [x for zone in state.zones().values() for x in zone]
        assert sorted(places) == everything
        if state.is_terminal():
            break
        step(state, rng)


@SETTINGS
@given(params=games(), seed=st.integers(0, 2**32 - 1))
def test_points_never_go_down(params: dict[str, Any], seed: int) -> None:
    state = EvolutionState(DECK, **params)
    rng = random.Random(seed)
    last = list(state.scores())
    while not state.is_terminal():
        step(state, rng)
        now = list(state.scores())
        assert all(b >= a for a, b in zip(last, now, strict=True))
        last = now


def hidden_from(state: EvolutionState, seat: int) -> set[str]:
    """Ids of the cards ``seat`` may not see: in other hands (unless it knows they are
    there) and in the draw pile."""
    zones = state.zones()
    names = [c.id for c in DECK.cards]
    known = {
        card
        for s, entry in enumerate(state.view(seat)["hands"])
        if s != seat
        for card in entry.get("known", [])
    }
    out = {names[x] for x in zones["pile"] if x < len(names)}
    for other in range(state.num_seats):
        if other != seat:
            out |= {names[x] for x in zones[f"hand {other}"] if x < len(names)}
    return out - known


@SETTINGS
@given(params=games(), seed=st.integers(0, 2**32 - 1))
def test_views_never_show_a_hidden_card(params: dict[str, Any], seed: int) -> None:
    state = EvolutionState(DECK, **params)
    rng = random.Random(seed)
    ply = 0
    while not state.is_terminal():
        if ply % 7 == 0:
            for seat in range(state.num_seats):
                view = state.view(seat)
                for spoken in ("last_call", "last_stop", "window", "legal_actions"):
                    view.pop(spoken, None)  # what was said aloud (a call names a card)
                text = json.dumps(view)
                # a joker in the tree names the card it stands for, wherever that card is
                named = {e["card"] for e in view.get("tree", []) if e["joker"]}
                top = view.get("pile", {}).get("top")
                if top and top["joker"]:
                    named.add(top["card"])
                for card in hidden_from(state, seat) - named:
                    assert f'"{card}"' not in text, (seat, card)
            step_name = state.view(None)["step"]
            if step_name in ("deal", "draw", "take"):
                # a card dealt to the reserve is seen by all; one going into a hand only by
                # the player concerned (a theft: the thief and the victim)
                allowed = {"deal": (1, state.num_seats), "draw": (1,), "take": (1, 2)}
                for action, _ in state.chance_outcomes():
                    seen = [state.describe_action(action, s) for s in range(state.num_seats)]
                    assert sum(d == str(action) for d in seen) in allowed[step_name]
        step(state, rng)
        ply += 1


@SETTINGS
@given(params=games(), seed=st.integers(0, 2**32 - 1))
def test_bluff_has_one_winner_or_none(params: dict[str, Any], seed: int) -> None:
    """One player wins Bluff, or one team (every player of it), with empty hands; a stuck
    game has no winner (ruling 41)."""
    state = EvolutionState(DECK, **{**params, "mode": "bluff"})
    rng = random.Random(seed)
    while not state.is_terminal():
        step(state, rng)
    winners = [s for s, r in enumerate(state.returns()) if r]
    if not winners:
        return
    teams = state.view(None)["teams"]
    team = teams[winners[0]]
    if team is None:
        assert len(winners) == 1
    else:
        assert winners == [s for s, t in enumerate(teams) if t == team]
    assert all(not state.hand(s) for s in winners)


@SETTINGS
@given(params=games(), seed=st.integers(0, 2**32 - 1), stop=st.integers(30, 300))
def test_resample_depends_only_on_what_the_seat_sees(
    params: dict[str, Any], seed: int, stop: int
) -> None:
    state = EvolutionState(DECK, **params)
    rng = random.Random(seed)
    for _ in range(stop):
        if state.is_terminal():
            return
        step(state, rng)
    for seat in range(state.num_seats):
        other = state.resample(seat, random.Random(99))  # another truth, same view
        assert other.view(seat) == state.view(seat)
        a = state.resample(seat, random.Random(5))
        b = other.resample(seat, random.Random(5))
        for s in range(state.num_seats):
            assert sorted(a.hand(s)) == sorted(b.hand(s))
            if s in state.view(None)["automata"]:
                assert a.hand(s) == b.hand(s)  # a row's order matters
        assert sorted(a.zones()["pile"]) == sorted(b.zones()["pile"])
        # what the seat knows stays where it is
        for s, entry in enumerate(state.view(seat)["hands"]):
            for card in entry.get("known", []):
                assert card in a.hand(s)


@SETTINGS
@given(params=games(), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 200))
def test_resample_keeps_the_draw_pile_in_era_order(
    params: dict[str, Any], seed: int, stop: int
) -> None:
    """The draw pile is dealt lowest era first, so it holds every unseen card of the eras
    after its first one: a redeal keeps that (no card of a later era in a hand it cannot
    see while an earlier one is still in the draw pile)."""
    state = EvolutionState(DECK, **params)
    rng = random.Random(seed)
    for _ in range(stop):
        if state.is_terminal():
            return
        step(state, rng)
    era = {card.id: card.era for card in DECK.cards}
    n = len(DECK.cards)
    for seat in range(state.num_seats):
        for k in range(3):
            other = state.resample(seat, random.Random(k))
            assert other.view(seat) == state.view(seat)
            pile = [x for x in other.zones()["pile"] if x < n]
            if not pile:
                continue
            first = min(DECK.cards[x].era for x in pile)
            for s in range(state.num_seats):
                if s == seat:
                    continue
                seen = set(other.view(seat)["hands"][s].get("known", []))
                redealt = [x for x in other.hand(s) if x != "joker" and x not in seen]
                assert all(era[x] <= first for x in redealt), (s, redealt, first)
            assert len(other.zones()["pile"]) == len(state.zones()["pile"])


def test_resample_after_the_deal_gives_others_early_cards() -> None:
    """Right after the deal of four players every hand holds cards of the first eras; a
    redeal must not hand out cards of the last eras (found with the search bots)."""
    state = EvolutionState(DECK, players=4)
    rng = random.Random(1)
    while state.current_player() == CHANCE:
        step(state, rng)
    dealt = max(DECK.cards[DECK.index[x]].era for s in range(4) for x in state.hand(s))
    for k in range(20):
        other = state.resample(0, random.Random(k))
        for s in (1, 2, 3):
            assert max(DECK.cards[DECK.index[x]].era for x in other.hand(s)) <= dealt
