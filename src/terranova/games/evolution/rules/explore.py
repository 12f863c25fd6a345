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

Every point scored is a line of the score sheet (:mod:`terranova.core.scoring`; a team's
line credits all its players): kind ``card`` for a card placed (``Fire, card 3 of a
series``: 3 points) and kind ``special action`` for each special action earned (``opened
era 2, Homo erectus and fire``: 3 points), in the reader's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from terranova.core.actions import Action
from terranova.core.i18n import Said, texts
from terranova.core.scoring import ScoreLine
from terranova.games.evolution.actions import ACCEPT, END, INTERRUPT, PlaceCalled
from terranova.games.evolution.rules import jokers, placing, specials, teams, turns
from terranova.games.evolution.rules.steps import (
    CLOSED,
    OPENED,
    Deed,
    Placement,
    Reason,
    Reasons,
    Turn,
)
from terranova.games.evolution.rules.table import Table
from terranova.games.evolution.rules.variant import Variant

_, _n = texts("terranova.games.evolution")

SPECIAL_BONUS = 3
"""Points for each special action earned."""

ERA_SPECIALS: tuple[Reasons, ...] = ((), CLOSED, OPENED, OPENED + CLOSED)
"""The special actions earned by a placement, by ``2 * opened + closed``."""


def card_line(names: Sequence[Said], points: int, card: int, joker: bool) -> Said:
    """What the score sheet says of a card placed, the ``points``-th of its series, in the
    reader's language.

    >>> from terranova.core.i18n import Named
    >>> names = [Named({"fr": "Bipédie", "en": "Bipedalism", "de": "Aufrechter Gang"}),
    ...          Named({"fr": "Feu", "en": "Fire", "de": "Feuer"})]
    >>> line = card_line(names, 3, 1, False)
    >>> print(line, line.render("fr"), line.render("de"), sep=" | ")
    Fire, card 3 of a series | Feu, carte 3 d'une série | Feuer, Karte 3 einer Serie
    >>> str(card_line(names, 1, 0, True))
    'a joker as Bipedalism, card 1 of a series'
    """
    if joker:
        # TRANSLATORS: {card} is a card's name; {points} the card's place in its series
        # (1 for the first card), which is also the points it scores.
        return _("a joker as {card}, card {points} of a series", card=names[card], points=points)
    # TRANSLATORS: {card} is a card's name; {points} the card's place in its series (1 for
    # the first card), which is also the points it scores.
    return _("{card}, card {points} of a series", card=names[card], points=points)


def special_line(reason: Reason, era: int, era_name: Said | str) -> Said:
    """What the score sheet says of a special action earned, in the reader's language.

    >>> from terranova.core.i18n import Named
    >>> line = special_line("opened", 2, Named({"fr": "Homo erectus et le feu",
    ...                                        "en": "Homo erectus and fire",
    ...                                        "de": "Homo erectus und das Feuer"}))
    >>> for lang in ("en", "fr", "de"):
    ...     print(line.render(lang))
    opened era 2, Homo erectus and fire
    a ouvert l'ère 2, Homo erectus et le feu
    hat Epoche 2 geöffnet, Homo erectus und das Feuer
    >>> str(special_line("emptied", 0, ""))
    'emptied their hand'
    """
    if reason == "opened":
        # TRANSLATORS: a player (or team) earned a special action; {name} is the era's name.
        return _("opened era {era}, {name}", era=era, name=era_name)
    if reason == "closed":
        # TRANSLATORS: a player (or team) earned a special action; {name} is the era's name.
        return _("closed era {era}, {name}", era=era, name=era_name)
    if reason == "emptied":
        return _("emptied their hand")
    return _("a joker out of the tree")


CARD = _("card")
"""The kind ``card`` as a player reads it."""
SPECIAL_ACTION = _("special action")
"""The kind ``special action`` as a player reads it."""


def discard(g: Table, ctx: Turn, card: str) -> None:
    """Discard to end a turn: "si vous n'avez pas placé de cartes durant votre tour, vous
    devez vous défausser d'une carte avant de piocher et finir votre tour"."""
    seat = ctx.seat
    item = g.find(g.hands[seat], card)
    g.hand_remove(seat, item)
    g.to_discard(seat, item)
    turns.end_turn(g, ctx, draw=True)


class Explore(Variant[Table]):
    """Discovery Explore's side of the rules (see the module doc)."""

    mode: ClassVar[str] = "explore"
    interruption_closes_window: ClassVar[bool] = True
    shows_hands_at_end: ClassVar[bool] = False
    window_asks_joker_holders: ClassVar[bool] = True

    placements = staticmethod(placing.placeable)
    joker_cards = staticmethod(jokers.open_era_cards)

    def closing(self, g: Table, ctx: Turn) -> list[Action]:
        hand = g.hands[ctx.seat]
        if ctx.placed or not hand:
            return [END]
        return g.card_actions(hand, g.tables.discard)  # no card placed: end by discarding

    def window_answers(self, g: Table, seat: int, interrupter: int) -> list[Action]:
        return [ACCEPT, INTERRUPT]

    def called_answers(self, g: Table, ctx: Turn, card: int) -> list[Action]:
        card_id = g.tables.ids[card]
        out: list[Action] = [PlaceCalled(card_id, False)]
        if ctx.last >= 0 and placing.condition_2(g, ctx, card):
            out.append(PlaceCalled(card_id, True))
        return out

    def window_seats(self, g: Table, deed: Deed) -> tuple[int, ...]:
        if not isinstance(deed, Placement) or not g.config.jokers:
            return ()
        return tuple(s for s in g.config.persons_after[deed.actor] if g.has_joker(s))

    def score(self, g: Table, seat: int, points: int, card: int, joker: bool) -> None:
        g.seat_points[seat] += points
        what = card_line(g.tables.names, points, card, joker)
        seats = g.config.credited[seat]
        g.sheet.append(ScoreLine(seats, points, "card", what, g.ply, CARD))

    def score_specials(self, g: Table, seat: int, earned: Reasons, era: int) -> None:
        g.seat_points[seat] += SPECIAL_BONUS * len(earned)
        seats = g.config.credited[seat]
        era_name: Said | str = g.tables.era_names.get(era, "")
        ply = g.ply
        for reason in earned:
            what = special_line(reason, era, era_name)
            line = ScoreLine(seats, SPECIAL_BONUS, "special action", what, ply, SPECIAL_ACTION)
            g.sheet.append(line)

    def replace(self, g: Table, seat: int) -> None:
        g.agenda.append(g.config.drawing["one"][seat])

    def refill_hand(self, g: Table, seat: int) -> None:
        g.agenda.append(g.config.drawing["up to five"][seat])

    def call(self, g: Table, ctx: Turn, card: int, text: str) -> None:
        specials.answer_call(g, ctx, card, checked=True)

    def era_specials(self, opened: int, closed: int) -> Reasons:
        return ERA_SPECIALS[2 * opened + closed]

    def automaton_specials(self, g: Table, era: int, opened: int, closed: int) -> Reasons:
        return ERA_SPECIALS[2 * opened + closed]

    def open_turn(self, g: Table, ctx: Turn) -> None:
        seat = ctx.seat
        ag = g.agenda
        ag.append(g.config.markers[seat])
        pile = g.pile_size()
        if ctx.interruption and not g.hands[seat] and pile:
            ag.append(g.config.drawing["up to five"][seat])  # the joker was its last card
        elif not pile and g.victims(seat):
            ag.append(g.config.robbing[seat])  # the draw pile is empty: a theft starts the turn

    def closing_draw(self, g: Table, ctx: Turn) -> None:
        g.agenda.append(g.config.drawing["up to five"][ctx.seat])

    def turn_over(self, g: Table, ctx: Turn) -> bool:
        return False

    def round_over(self, g: Table) -> bool:
        if any(g.hands):
            return False
        turns.finish(g, [])  # "lorsque plus aucun joueur n'a de cartes en main"
        return True

    between_actions = None

    def scores(self, g: Table) -> list[int]:
        if not g.config.teams:
            return g.seat_points[:]
        return teams.pooled(g)

    def estimate(self, g: Table, seat: int) -> float:
        return float(self.scores(g)[seat])

    def table_view(self, g: Table, out: dict[str, Any]) -> None:
        c = g.tables
        ids, era, n = c.ids, c.era, c.n
        out["tree"] = [
            {"card": ids[card], "era": era[card], "joker": item >= n}
            for item, card in zip(g.tree, g.tree_card, strict=True)
        ]
        placed, size = g.era_count, c.era_size
        out["eras"] = [
            {
                "era": e,
                "placed": placed[e],
                "size": size[e],
                "open": placed[e] > 0,
                "closed": placed[e] == size[e],
            }
            for e in range(1, c.max_era + 1)
        ]

    def covered(self, g: Table) -> int:
        return 0  # the tree is in sight

    def waiting(self, seats: tuple[int, ...], seat: int | None) -> list[int]:
        return [s for s in seats if s == seat]  # only the seats holding a joker are asked


EXPLORE_RULES = Explore()
