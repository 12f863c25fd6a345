"""Discovery Explore (rule 2.1): the most points at the end.

Place cards (one series), use special actions, then end your turn; if you placed no card,
you end it by discarding one. The k-th card of a series scores k, each special action
earned 3 more (the automaton's cards of a turn are one series, ruling 28; a team pools its
points, ruling 10). While the draw pile has cards you draw back to five at the end of a
turn and as soon as your hand is empty, and one card at once when someone steals, calls or
asks a card from you (ruling 6). Once it is empty, nobody draws: every turn starts with a
forced theft, and an emptied hand earns no special action (rulings 8, 9). The game ends
when no player has a card left. Only the seats holding a joker are asked in a response
window (to interrupt), and a view names a waiting seat only to itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

from terranova.core.actions import Action
from terranova.games.evolution.actions import ACCEPT, END, INTERRUPT, PlaceCalled
from terranova.games.evolution.rules import jokers, placing, specials, teams, turns
from terranova.games.evolution.rules.steps import (
    Deed,
    Placement,
    Turn,
)
from terranova.games.evolution.rules.table import Table
from terranova.games.evolution.rules.variant import Variant

SPECIAL_BONUS = 3
"""Points for each special action earned."""


def discard(g: Table, ctx: Turn, card: str) -> None:
    """Discard to end a turn: "si vous n'avez pas placé de cartes durant votre tour, vous
    devez vous défausser d'une carte avant de piocher et finir votre tour"."""
    seat = ctx.seat
    item = g._find(g._hands[seat], card)
    g._hand_remove(seat, item)
    g._to_discard(seat, item)
    turns.end_turn(g, ctx, draw=True)


class Explore(Variant):
    """Discovery Explore's side of the rules (see the module doc)."""

    mode: ClassVar[str] = "explore"
    interruption_closes_window: ClassVar[bool] = True
    shows_hands_at_end: ClassVar[bool] = False

    placements = staticmethod(placing.placeable)
    joker_cards = staticmethod(jokers.open_era_cards)

    def closing(self, g: Table, ctx: Turn) -> list[Action]:
        hand = g._hands[ctx.seat]
        if ctx.placed or not hand:
            return [END]
        return g._card_actions(hand, g._c.discard)  # no card placed: end by discarding

    def window_answers(self, g: Table, seat: int, interrupter: int) -> list[Action]:
        return [ACCEPT, INTERRUPT]

    def called_answers(self, g: Table, ctx: Turn, card: int) -> list[Action]:
        card_id = g._c.ids[card]
        out: list[Action] = [PlaceCalled(card_id, False)]
        if ctx.last >= 0 and placing.condition_2(g, ctx, card):
            out.append(PlaceCalled(card_id, True))
        return out

    def window_seats(self, g: Table, deed: Deed) -> tuple[int, ...]:
        if not isinstance(deed, Placement) or not g._cfg.jokers:
            return ()
        return tuple(s for s in g._cfg.persons_after[deed.actor] if g._has_joker(s))

    def score(self, g: Table, seat: int, points: int) -> None:
        g._points[seat] += points

    def score_specials(self, g: Table, seat: int, count: int) -> None:
        g._points[seat] += SPECIAL_BONUS * count

    def replace(self, g: Table, seat: int) -> None:
        g._agenda.append(g._cfg.drawing["one"][seat])

    def refill_hand(self, g: Table, seat: int) -> None:
        g._agenda.append(g._cfg.drawing["up to five"][seat])

    def call(self, g: Table, ctx: Turn, card: int, text: str) -> None:
        specials.answer_call(g, ctx, card, checked=True)

    def era_specials(self, opened: int, closed: int) -> int:
        return opened + closed

    def automaton_specials(self, g: Table, era: int, opened: int, closed: int) -> int:
        return opened + closed

    def open_turn(self, g: Table, ctx: Turn) -> None:
        seat = ctx.seat
        ag = g._agenda
        ag.append(g._cfg.markers[seat])
        pile = g._pile_size()
        if ctx.interruption and not g._hands[seat] and pile:
            ag.append(g._cfg.drawing["up to five"][seat])  # the joker was its last card
        elif not pile and g._victims(seat):
            ag.append(g._cfg.robbing[seat])  # the draw pile is empty: a theft starts the turn

    def closing_draw(self, g: Table, ctx: Turn) -> None:
        g._agenda.append(g._cfg.drawing["up to five"][ctx.seat])

    def turn_over(self, g: Table, ctx: Turn) -> bool:
        return False

    def round_over(self, g: Table) -> bool:
        if any(g._hands):
            return False
        turns.finish(g, [])  # "lorsque plus aucun joueur n'a de cartes en main"
        return True

    between_actions = None

    def scores(self, g: Table) -> list[int]:
        if not g._cfg.teams:
            return g._points[:]
        return teams.pooled(g)

    def estimate(self, g: Table, seat: int) -> float:
        return float(self.scores(g)[seat])

    def table_view(self, g: Table, out: dict[str, Any]) -> None:
        c = g._c
        out["tree"] = [
            {"card": c.ids[card], "era": c.era[card], "joker": item >= c.n}
            for item, card in zip(g._tree, g._tree_card, strict=True)
        ]
        out["eras"] = [
            {
                "era": e,
                "placed": g._era_count[e],
                "size": c.era_size[e],
                "open": g._era_count[e] > 0,
                "closed": g._era_count[e] == c.era_size[e],
            }
            for e in range(1, c.max_era + 1)
        ]

    def covered(self, g: Table) -> int:
        return 0  # the tree is in sight

    def waiting(self, seats: tuple[int, ...], seat: int | None) -> list[int]:
        return [s for s in seats if s == seat]  # only the seats holding a joker are asked


EXPLORE_RULES = Explore()
