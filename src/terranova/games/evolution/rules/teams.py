"""Teams (rule 2.3, "Équipes"): the people sit alternately, seat *s* in team *s* mod
*teams* (ruling 23). A turn may start by asking a teammate for a card, which must be
placed in that turn or is discarded at its end (ruling 24). Explore pools a team's
points; in Bluff a team wins when the draw pile is empty and all its players have emptied
their hands (ruling 25)."""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.games.evolution.rules.steps import Giving, Turn
from terranova.games.evolution.rules.table import Table


def asks(g: Table, seat: int) -> list[Action]:
    """Asking: "vous pouvez débuter votre tour en demandant une carte à un coéquipier"
    (once, a teammate who has cards)."""
    c = g.tables
    return [c.ask[m] for m in g.mates[seat] if g.hands[m]]


def ask(g: Table, ctx: Turn, mate: int) -> None:
    """The teammate chooses the card it gives."""
    ctx.asked = True
    g.agenda.append(Giving(mate, ctx.seat, "request", -1))


def given_on_request(g: Table, giver: int, item: int) -> None:
    g.ctx[-1].requested = item
    g.variant.replace(g, giver)


def discard_request(g: Table, ctx: Turn) -> None:
    """The card asked for in this turn: "vous devez placer cette carte durant ce tour,
    sinon vous vous en défaussez à la fin de votre tour"."""
    seat = ctx.seat
    if ctx.requested in g.hands[seat]:
        g.hand_remove(seat, ctx.requested)
        g.to_discard(seat, ctx.requested)


def pooled(g: Table) -> list[int]:
    """Explore: every member's score is the team's total (ruling 10)."""
    team_of = g.team
    pool = [0] * g.config.teams
    for s, team in enumerate(team_of):
        if team >= 0:
            pool[team] += g.seat_points[s]
    return [pool[t] if t >= 0 else g.seat_points[s] for s, t in enumerate(team_of)]


def first_team_out(g: Table, emptied: list[int]) -> list[int] | None:
    """Bluff: the players of the first team all of whose hands are empty (``emptied``:
    the seats with empty hands, in the order they emptied them), or ``None``. A team has
    emptied its hands when its last player has; a player outside the teams (the
    automaton) counts as a team of one."""
    hands = g.hands
    n = g.players
    done: dict[int, int] = {}  # team (or -1 - seat) -> when its last hand emptied
    for when, seat in enumerate(emptied):
        team = g.team[seat]
        done[team if team >= 0 else -1 - seat] = when
    complete = [
        (when, key)
        for key, when in done.items()
        if key < 0 or all(not hands[s] for s in range(n) if g.team[s] == key)
    ]
    if not complete:
        return None
    key = min(complete)[1]
    return [-1 - key] if key < 0 else [s for s in range(n) if g.team[s] == key]
