"""``greedy`` in Discovery Explore.

At its turn it searches its own consecutive decisions on a
determinization, depth first and within :data:`SEARCH_NODES` decisions, for the line that
scores most points now (1, 2, 3... per card of a series, 3 per special action earned):
placements, replays, jokers, and calls whose success is certain from what everyone sees.
Chance on the way (the reserve refilled, a draw) is drawn from the determinization, but a
card that arrived by chance is never played in the line, so a line's points do not rest on
luck; other seats' response windows are let pass; a line stops at the end of the turn or
at another seat's decision. It plays the first action of the best line. With no scoring
line it asks a teammate, passes, uses its special actions (exchange with, or steal from,
the leading opponent; special discard) and ends its turn, discarding the card furthest
from being placeable when it placed nothing. Out of turn: it gives its least useful card
(its most useful to a teammate who asked), robs the leading opponent, and interrupts with a
joker only when the extra turn would score at least :data:`INTERRUPT_POINTS`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from terranova.agents.mcts import decision_actions
from terranova.core.actions import Action
from terranova.core.state import CHANCE, State
from terranova.games.evolution import EXPLORE_INFO
from terranova.games.evolution.actions import (
    ACCEPT,
    END,
    INTERRUPT,
    JOKER,
    JOKER_SPECIAL,
    PASS,
    REPLAY,
    Ask,
    Call,
    Discard,
    Exchange,
    JokerAs,
    PlaceCalled,
    PlaceDiscard,
    PlaceHand,
    PlaceReserve,
    SpecialDiscard,
    Steal,
)
from terranova.games.evolution.bots.judgement import as_game, mates, rank_gives
from terranova.games.evolution.rules import CompiledDeck, EvolutionState

SEARCH_NODES = 400
"""Explore: decisions the greedy search may try per move (a move takes about 1 ms on
average, at most a few tens of ms; ten times as many nodes played no measurably better)."""
INTERRUPT_POINTS = 6
"""Explore: the points an extra turn must score for greedy to spend a joker on it (a joker
out of the tree in its own turn already scores 3)."""


def _leading_opponent(
    view: dict[str, Any], seat: int, options: Sequence[Steal | Exchange]
) -> Action:
    """Of steals or exchanges, the one aimed at the opponent with the most points (the
    first in turn order on a tie); a teammate only when nobody else can be robbed."""
    scores = view["scores"]

    def key(action: Steal | Exchange) -> tuple[bool, float]:
        victim = action.seat
        return (not mates(view, seat, victim), scores[victim])

    return max(options, key=key)


# ------------------------------------------------------------------------ Explore


def explore_greedy(state: State, rng: random.Random) -> Action:
    """``greedy`` in Discovery Explore (see the module doc)."""
    game = as_game(state, EXPLORE_INFO.id, "greedy")
    actions = decision_actions(game)
    if len(actions) == 1:
        return actions[0]
    seat = game.current_player()
    view = game.view(seat)
    cards = game.tables
    placed = cards.mask(card for card, _ in game.pile_memory())
    step = view["step"]
    if step == "window":
        return _explore_window(game, view, seat, rng, actions, cards, placed)
    if step == "give":
        hand = view["hands"][seat]["cards"]
        ranked = rank_gives(cards, actions, hand, placed)
        receiver = view["turn"]["seat"] if view["turn"] else seat
        return ranked[0] if mates(view, seat, receiver) else ranked[-1]
    if step == "steal":
        return _leading_opponent(view, seat, [a for a in actions if isinstance(a, Steal)])
    return _explore_turn(game, view, seat, rng, actions, cards, placed)


def _explore_turn(
    game: EvolutionState,
    view: dict[str, Any],
    seat: int,
    rng: random.Random,
    actions: list[Action],
    cards: CompiledDeck,
    placed: int,
) -> Action:
    asks = [a for a in actions if isinstance(a, Ask)]
    if asks:  # a card from a teammate costs the team nothing: they draw another
        return max(asks, key=lambda a: view["hands"][a.seat]["count"])
    lines = _Lines.from_view(view, seat, rng, cards, placed)
    _, line = lines.best(game.resample(seat, rng))
    if line:
        return line[0]
    if PASS in actions:
        return PASS
    exchanges = [a for a in actions if isinstance(a, Exchange)]
    if exchanges:  # a card of the leader's for my least useful one
        return _leading_opponent(view, seat, exchanges)
    steals = [a for a in actions if isinstance(a, Steal)]
    if steals:
        return _leading_opponent(view, seat, steals)
    hand = view["hands"][seat]["cards"]
    special = [a for a in actions if isinstance(a, SpecialDiscard)]
    if special:
        return rank_gives(cards, special, hand, placed)[-1]
    if END in actions:
        return END
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        return rank_gives(cards, discards, hand, placed)[-1]
    return actions[0]


def _explore_window(
    game: EvolutionState,
    view: dict[str, Any],
    seat: int,
    rng: random.Random,
    actions: list[Action],
    cards: CompiledDeck,
    placed: int,
) -> Action:
    if INTERRUPT not in actions:
        return ACCEPT
    trial = game.resample(seat, rng)
    trial.apply(INTERRUPT)
    lines = _Lines.from_view(view, seat, rng, cards, placed)
    if not lines.settle(trial):
        return ACCEPT
    value, _ = lines.best(trial)
    return INTERRUPT if value >= INTERRUPT_POINTS else ACCEPT


class _Lines:
    """A bounded depth-first search over one seat's own consecutive decisions in its turn,
    on a determinization: the line that scores most points now (module doc)."""

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        cards: CompiledDeck,
        known: frozenset[str],
        calls: frozenset[str],
        targets: frozenset[str],
        budget: int = SEARCH_NODES,
    ) -> None:
        self.seat = seat
        self.rng = rng
        self.cards = cards
        self.known = known
        """Cards the seat may play: those it holds, the reserve and the discards now."""
        self.calls = calls
        """Cards whose call cannot fail, from what everyone sees."""
        self.targets = targets
        """Cards worth a joker: the only missing prerequisite of a card it may play."""
        self.budget = budget

    @classmethod
    def from_view(
        cls, view: dict[str, Any], seat: int, rng: random.Random, cards: CompiledDeck, placed: int
    ) -> _Lines:
        hand = [c for c in view["hands"][seat]["cards"] if c != JOKER]
        reserve = view["reserve"]
        discards = [d for s, d in enumerate(view["discards"]) if s != seat]
        known = frozenset(hand).union(reserve, *discards)
        seen = cards.mask(hand) | cards.mask(reserve)
        for d in view["discards"]:
            seen |= cards.mask(d)
        real = cards.mask(t["card"] for t in view["tree"] if not t["joker"])
        calls = []
        for x in range(cards.n):
            era = cards.era[x]
            if (
                era < cards.max_era
                and placed & cards.era_mask[era + 1]
                and not (real | seen) >> x & 1
                and not cards.prereq[x] & ~placed
            ):
                # the era after x's is open, so every card of x's era has left the draw
                # pile (it is ordered by era): someone holds x and must give it
                calls.append(cards.ids[x])
        targets = set()
        for name in known:
            y = cards.index[name]
            missing = cards.prereq[y] & ~placed
            if missing and not missing & (missing - 1):
                targets.add(cards.ids[missing.bit_length() - 1])
        return cls(seat, rng, cards, known, frozenset(calls), frozenset(targets))

    def best(self, root: EvolutionState) -> tuple[float, tuple[Action, ...]]:
        """The best line from ``root`` (the seat to move): its points and its actions; no
        action when nothing scores."""
        if root.current_player() != self.seat:
            return 0.0, ()
        value, line, _ = self._search(root, self.budget)
        return value, line

    def settle(self, state: EvolutionState) -> bool:
        """Play chance (drawn from the determinization) and let other seats' response
        windows pass; whether the seat is then to move."""
        seat = self.seat
        while True:
            actor = state.current_player()
            if actor == CHANCE:
                state.apply(state.sample_chance(self.rng))
                continue
            if actor == seat:
                return True
            window = state.response_window() if actor >= 0 else None
            if window is None:
                return False
            state.apply(window.let_pass)

    def _options(self, node: EvolutionState) -> list[Action]:
        known = self.known
        out: list[Action] = []
        later: list[Action] = []
        for action in node.legal_actions():
            if isinstance(action, PlaceHand | PlaceReserve | PlaceDiscard):
                if action.card in known:
                    out.append(action)
            elif isinstance(action, PlaceCalled):
                out.append(action)
            elif action in (REPLAY, JOKER_SPECIAL):
                later.append(action)
            elif isinstance(action, JokerAs):
                if action.card in self.targets:
                    later.append(action)
            elif isinstance(action, Call) and action.card in self.calls:
                later.append(action)
        return out + later

    def _search(self, node: EvolutionState, budget: int) -> tuple[float, tuple[Action, ...], int]:
        seat = self.seat
        options = self._options(node)
        base = node.scores()[seat]
        best_value = 0.0
        best_line: tuple[Action, ...] = ()
        spent = 0
        for i, action in enumerate(options):
            left = budget - spent
            if left < 1:
                break
            share = max(1, left // (len(options) - i))
            child = node.clone()
            child.apply(action)
            spent += 1
            more = self.settle(child)
            value = float(child.scores()[seat] - base)
            line: tuple[Action, ...] = (action,)
            if more and share > 1:
                sub_value, sub_line, used = self._search(child, share - 1)
                spent += used
                value += sub_value
                line += sub_line
            if value > best_value + 1e-9:
                best_value = value
                best_line = line
        return best_value, best_line, spent
