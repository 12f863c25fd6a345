"""How a turn goes (rules 1.4, 2.1 and 2.4, "Déroulement d'un tour"): seat 0 starts,
then play goes round (ruling 3); passing while nothing is placed (ruling 4); a turn's end;
a turn interrupted by a joker resumes once the extra turn is over (rule 2.3)."""

from __future__ import annotations

from terranova.games.evolution.rules import teams
from terranova.games.evolution.rules.steps import AutomatonTurn, Playing, Reasons, Turn
from terranova.games.evolution.rules.table import Table

MARKERS = (Playing, AutomatonTurn)
"""The steps that stand for a turn in progress."""


def start_turn(g: Table, seat: int, interruption: bool) -> None:
    """The turn of ``seat`` begins (``interruption``: an extra turn, rule 2.3)."""
    ctx = Turn(seat, interruption)
    g.ctx.append(ctx)
    g.variant.open_turn(g, ctx)


def may_pass(g: Table, ctx: Turn) -> bool:
    """Passing: "en début de partie, tant qu'aucune carte n'a encore été placée" (at the
    start of a turn), until every seat has passed in a row (ruling 4)."""
    return not g.tree and not ctx.interruption and g.passes < g.players


def pass_turn(g: Table, ctx: Turn) -> None:
    """A pass discards nothing and draws nothing."""
    ctx.passed = True
    end_turn(g, ctx, draw=False)


def end_turn(g: Table, ctx: Turn, draw: bool) -> None:
    """End ``ctx`` (the turn on top): its marker becomes :class:`TurnOver`; a requested
    card still in hand is discarded; then the end-of-turn draw (unless a Stop or a pass
    ended it)."""
    ctx.ended = True
    ag = g.agenda
    seat = ctx.seat
    for i in range(len(ag) - 1, -1, -1):
        if isinstance(ag[i], MARKERS):
            ag[i] = g.config.turns_over[seat]
            break
    if ctx.requested >= 0:
        teams.discard_request(g, ctx)
    if draw:
        g.variant.closing_draw(g, ctx)


def next_turn(g: Table) -> None:
    """A turn is over: resume the turn it interrupted, or start the next player's."""
    g.agenda.pop()
    ctx = g.ctx.pop()
    if g.variant.turn_over(g, ctx):
        return
    if g.ctx:
        under = g.ctx[-1]
        series = g.last_series
        if not under.ended and not under.can_start and series is not None:
            # "il peut notamment continuer la série de la dernière carte placée avant
            # ou durant l'interruption"
            under.last, under.length, under.joker = series.last, series.length, series.joker
        return
    g.passes = g.passes + 1 if ctx.passed else 0
    if g.variant.round_over(g):
        return
    g.base = (g.base + 1) % g.players
    start_turn(g, g.base, False)


def earn(g: Table, ctx: Turn, earned: Reasons, era: int) -> None:
    """The seat whose turn it is earns special actions (rule 2.2), one for each reason, to
    use in this turn only (``era``: the era opened or closed)."""
    ctx.specials += len(earned)
    g.variant.score_specials(g, ctx.seat, earned, era)


def finish(g: Table, winners: list[int]) -> None:
    g.over = True
    g.winning_seats = winners
