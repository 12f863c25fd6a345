"""Discovery Bluff (rules 2.4 and 2.6): be the first to empty your hand once the draw
pile is empty.

Cards go on one pile, of which only the top card is shown: players must remember the rest,
and nothing shown names a covered card again (ruling 48). Any card of your hand, the
reserve or another player's discard may be placed, valid or not; an action nobody stops
stands (rulings 34, 35; Stop is :mod:`.stop`). Whether an era is open or closed is never
shown, only what was announced: opening and closing earn their special action only when
announced (ruling 44); the automaton announces its own (ruling 32). A turn in which you
placed no card ends by drawing one card; being robbed, called or asked draws nothing; once
the draw pile is empty a draw is a theft; if a hand empties before the draw pile does,
everybody draws one card (ruling 40). The first hand emptied once the draw pile is empty
wins (ruling 41; a team, when all its hands are empty); a game where nothing stays on the
pile for ten rounds once the draw pile is empty ends with no winner (ruling 43), and so
does any game once 200 turns per seat and 200 more have been played (ruling 49). There
are no points: the score sheet (:mod:`terranova.core.scoring`) has one line, at the end,
kind ``win``, worth 1 to each winner.
"""

from __future__ import annotations

from typing import Any, ClassVar

from terranova.core.actions import Action
from terranova.core.i18n import Said, texts
from terranova.core.scoring import ScoreLine
from terranova.games.evolution.actions import (
    ABANDON,
    ACCEPT,
    END,
    INTERRUPT,
    STOP,
    PlaceCalled,
)
from terranova.games.evolution.rules import specials, teams, turns, windows
from terranova.games.evolution.rules.steps import (
    CLOSED,
    OPENED,
    Abandon,
    Announcement,
    Calling,
    Deed,
    Reasons,
    Turn,
)
from terranova.games.evolution.rules.table import Table
from terranova.games.evolution.rules.variant import Variant

_, _n = texts("terranova.games.evolution")

STALEMATE_ROUNDS = 10
"""Once the draw pile is empty, the game ends with no winner after this many rounds of
turns in which no card stayed on the pile (ruling 43: a game must end)."""

TURN_LIMIT_PER_SEAT = 200
"""The game ends with no winner once ``TURN_LIMIT_PER_SEAT * (seats + 1)`` turns have been
played, whatever happened in them (ruling 49; :func:`turn_limit`)."""


def any_placement(g: Table, ctx: Turn) -> list[Action]:
    """Any card of your hand, the reserve or another player's discard (a bluff is allowed)."""
    c = g.tables
    n = c.n
    seat = ctx.seat
    out: list[Action] = [c.place_hand[x] for x in sorted(g.hands[seat]) if x < n]
    out += [c.place_reserve[x] for x in sorted(g.reserve)]
    for s, discard in enumerate(g.discards):
        if s != seat:
            out += [c.place_discard(s, x) for x in sorted(discard)]
    return out


# ------------------------------------------------------------ announcing


def announcements(g: Table) -> list[Action]:
    """The announcements not made yet: an era open (not era 1), an era closed."""
    c = g.tables
    out: list[Action] = []
    for e in range(1, c.max_era + 1):
        announced = g.announced[e]
        if e > 1 and not announced[0]:
            out.append(c.announce["open", e])
        if not announced[1]:
            out.append(c.announce["close", e])
    return out


def announce(g: Table, ctx: Turn, era: int, close: bool, text: str) -> None:
    """Announce that an era is open or closed: "Annoncer : dire, pendant votre tour,
    qu'une ère est ouverte ou fermée" (valid if it is so)."""
    count = g.era_count[era]
    valid = count == g.tables.era_size[era] if close else count > 0
    windows.open_window(g, Announcement(ctx.seat, valid, text, era, close))


def announced(g: Table, ctx: Turn, deed: Announcement) -> None:
    """An announcement that stands earns the special action (whoever makes it first)."""
    g.announced[deed.era][deed.close] = True
    turns.earn(g, ctx, CLOSED if deed.close else OPENED, deed.era)


def abandon(g: Table, seat: int, card: int, text: str) -> None:
    """The caller gives up the called card, declaring the call failed: it is discarded
    (valid if a prerequisite is indeed missing); the turn ends with its draw."""
    g.to_discard(seat, card)
    valid = bool(g.tables.prereq[card] & ~g.placed)
    windows.open_window(g, Abandon(seat, valid, text, card))


# ------------------------------------------------------- the end, what is seen

WON_ALONE = _("first to empty their hand once the draw pile is empty")
WON_AS_A_TEAM = _("first team to empty all its hands once the draw pile is empty")
WIN = _("win")
"""The kind ``win`` as a player reads it."""


def win(g: Table, winners: list[int], what: Said) -> None:
    """The game is over: ``winners`` have won, the one line of Bluff's score sheet (a
    winner's score is 1)."""
    turns.finish(g, winners)
    g.sheet.append(ScoreLine(tuple(winners), 1, "win", what, g.ply, WIN))


def settle_hands(g: Table) -> bool:
    """Between actions: everyone draws when a hand is empty before the draw pile is; once
    it is empty, the player (the team) whose hand emptied first among those with no card
    left has won (ruling 41). Whether something happened."""
    hands = g.hands
    if g.pile_size():
        if all(hands):
            return False
        start = g.ctx[-1].seat if g.ctx else 0
        draws = g.config.drawing["one or steal"]
        for k in range(g.players - 1, -1, -1):
            g.agenda.append(draws[(start + k) % g.players])
        return True
    emptied = g.emptied
    if not emptied:
        return False
    if not g.config.teams:
        win(g, [emptied[0]], WON_ALONE)  # "le premier joueur à vider sa main a gagné"
        return True
    winners = teams.first_team_out(g, emptied)
    if winners is None:
        return False
    win(g, winners, WON_AS_A_TEAM if g.team[winners[0]] >= 0 else WON_ALONE)
    return True


def stalemate(g: Table, ctx: Turn) -> bool:
    """Ruling 43: whether, with the draw pile empty, ``ctx`` (just over) is the last of ten
    rounds of turns in which no card stayed on the pile; any other turn resets the count."""
    if g.pile_size() or ctx.placed:
        g.idle = 0
        return False
    g.idle += 1
    return g.idle >= STALEMATE_ROUNDS * g.players


def turn_limit(seats: int) -> int:
    """Ruling 49: the turns a game of ``seats`` seats may last, 200 per seat and 200 more
    (600 for two seats, 2000 for nine): over three times the longest games seen."""
    return TURN_LIMIT_PER_SEAT * (seats + 1)


def out_of_turns(g: Table) -> bool:
    """Ruling 49: whether the turn just over (every turn counts: a pass, an automaton's,
    an interruption's extra turn) is the last one the game may last."""
    return g.turns_done >= turn_limit(g.players)


def ended_by_the_limit(g: Table) -> bool:
    """Whether the game ended with no winner at the turn limit (ruling 49), not by a
    stalemate (ruling 43) on the same turn."""
    return g.over and out_of_turns(g) and g.idle < STALEMATE_ROUNDS * g.players


def covered(g: Table) -> int:
    """The mask of the cards that the entries under the pile's top are or stand for: what
    the players must remember, and no view nor log names any more. The top's card is among
    them only if an entry under it stands for it too (a joker on top as a card lying under
    it)."""
    tree_card = g.tree_card
    if not tree_card:
        return 0
    top = tree_card[-1]
    if g.rep[top] > 1:
        return g.placed
    return g.placed & ~(1 << top)


class Bluff(Variant[Table]):
    """Discovery Bluff's side of the rules (see the module doc)."""

    mode: ClassVar[str] = "bluff"
    interruption_closes_window: ClassVar[bool] = False
    shows_hands_at_end: ClassVar[bool] = True
    window_asks_joker_holders: ClassVar[bool] = False

    def __init__(self) -> None:
        self.between_actions = settle_hands

    placements = staticmethod(any_placement)

    def joker_cards(self, g: Table, seen: int) -> list[Action]:
        c = g.tables  # any card not in sight: a joker may bluff too
        return [c.joker_as[x] for x in range(c.n) if not seen >> x & 1]

    def closing(self, g: Table, ctx: Turn) -> list[Action]:
        return [*announcements(g), END]

    def window_answers(self, g: Table, seat: int, interrupter: int) -> list[Action]:
        if interrupter < 0 and g.has_joker(seat):
            return [ACCEPT, STOP, INTERRUPT]
        return [ACCEPT, STOP]

    def called_answers(self, g: Table, ctx: Turn, card: int) -> list[Action]:
        card_id = g.tables.ids[card]
        out: list[Action] = [PlaceCalled(card_id, False)]
        if ctx.last >= 0:  # linked or not: a Stop may catch it
            out.append(PlaceCalled(card_id, True))
        out.append(ABANDON)  # the caller declares the call failed
        return out

    def window_seats(self, g: Table, deed: Deed) -> tuple[int, ...]:
        return g.config.persons_after[deed.actor]  # every other person

    def score(self, g: Table, seat: int, points: int, card: int, joker: bool) -> None:
        pass  # no points

    def score_specials(self, g: Table, seat: int, earned: Reasons, era: int) -> None:
        pass

    def replace(self, g: Table, seat: int) -> None:
        pass  # "vous ne piochez pas de carte pour la remplacer"

    def refill_hand(self, g: Table, seat: int) -> None:
        pass  # everybody draws one card (settle_hands)

    def call(self, g: Table, ctx: Turn, card: int, text: str) -> None:
        seat = ctx.seat
        valid = specials.call_fails(g, card) is None and card not in g.hands[seat]
        windows.open_window(g, Calling(seat, valid, text, card))

    def era_specials(self, opened: int, closed: int) -> Reasons:
        return ()  # earned by announcing

    def automaton_specials(self, g: Table, era: int, opened: int, closed: int) -> Reasons:
        earned: Reasons = ()
        for what, happened, reason in ((0, opened, OPENED), (1, closed, CLOSED)):
            if happened and not g.announced[era][what]:
                g.announced[era][what] = True  # it announces its own
                earned += reason
        return earned

    def open_turn(self, g: Table, ctx: Turn) -> None:
        seat = ctx.seat
        if not g.pile_size() and not g.hands[seat]:
            # a team player who has emptied their hand waits for their teammates
            g.agenda.append(g.config.turns_over[seat])
        else:
            g.agenda.append(g.config.markers[seat])

    def closing_draw(self, g: Table, ctx: Turn) -> None:
        if not ctx.placed:
            g.agenda.append(g.config.drawing["one or steal"][ctx.seat])

    def turn_over(self, g: Table, ctx: Turn) -> bool:
        g.turns_done += 1
        if stalemate(g, ctx) or out_of_turns(g):
            turns.finish(g, [])  # no winner (rulings 43, 49)
            return True
        return False

    def round_over(self, g: Table) -> bool:
        return False

    def scores(self, g: Table) -> list[int]:
        if not g.over:
            return [0] * g.players
        return [int(s in g.winning_seats) for s in range(g.players)]

    def estimate(self, g: Table, seat: int) -> float:
        if g.over:
            return float(seat in g.winning_seats)
        return -len(g.hands[seat]) / 10

    def table_view(self, g: Table, out: dict[str, Any]) -> None:
        c = g.tables
        top = None
        if g.tree:
            top = {"card": c.ids[g.tree_card[-1]], "joker": g.tree[-1] >= c.n}
        out["pile"] = {"size": len(g.tree), "top": top}
        out["eras"] = [
            {"era": e, "announced_open": a[0], "announced_closed": a[1]}
            for e, a in enumerate(g.announced)
            if 1 <= e <= c.max_era
        ]
        if g.over:
            # the end: who emptied their hand, in what order, and the hands shown
            out["finish"] = {
                "won": g.winning_seats[:],
                "emptied": g.emptied[:],
                "hands": [[c.item_names[x] for x in hand] for hand in g.hands],
            }
            if ended_by_the_limit(g):
                out["finish"]["limit"] = turn_limit(g.players)  # the turns played (ruling 49)

    covered = staticmethod(covered)

    def waiting(self, seats: tuple[int, ...], seat: int | None) -> list[int]:
        return list(seats)


BLUFF_RULES = Bluff()
