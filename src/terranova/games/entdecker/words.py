"""Entdecker's moves in plain words, as a seat reads them (a log, a hint, a toast): start
points by the board's edge and their column or row, headings by the compass, seats from 1;
never more than :meth:`~terranova.games.entdecker.state.EntdeckerState.describe_action`
shows the seat (a produce token drawn into another's hut is "a produce token").

>>> import terranova
>>> from terranova.games.entdecker.actions import StartTile
>>> g = terranova.make("entdecker", players=3)
>>> from terranova.games.entdecker.words import point, _tolls
>>> point("S4"), _tolls(g, "1,1,2")
('the bottom edge, column 4', ', paying a toll of 2 gold to seat 2 twice and seat 3')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terranova.core.actions import Action
from terranova.core.words import listed, turned
from terranova.games.entdecker import actions as a

if TYPE_CHECKING:
    from terranova.games.entdecker.state import EntdeckerState

EDGES = {"N": ("the top edge", "column"), "S": ("the bottom edge", "column"),
         "E": ("the right edge", "row"), "W": ("the left edge", "row")}  # fmt: skip
HEADINGS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def point(name: str) -> str:
    """A start point in words: ``S4`` is "the bottom edge, column 4"."""
    edge, line = EDGES[name[0]]
    return f"{edge}, {line} {name[1:]}"


def say(g: EntdeckerState, action: Action, seat: int | None) -> str | None:
    """``action`` in words for ``seat``, from the position before it."""
    seen = g.describe_action(action, seat)
    if seen is None:
        return None
    if seen != str(action):
        return "a produce token goes into a hut"
    match action:
        case a.Layout(layout=layout):
            return f"the set-up {layout} is drawn"
        case a.Roll(face=face):
            if face == "wheel":
                return "the income die shows the ship's wheel"
            return f"the income die shows {face} (the others take {int(face) + 1})"
        case a.Income(value=value):
            return f"take {value} gold on the ship's wheel (the others take {value + 1})"
        case a.StartEdge(point=p):
            return f"start at {point(p)}"
        case a.StartTile(x=x, y=y, heading=heading, via=via, tolls=tolls):
            words = (
                f"start from the tile at {x},{y} sailing {HEADINGS[heading]}, coming from "
                f"start point {via} ({point(via)})"
            )
            return words + _tolls(g, tolls)
        case a.Announce(count=count, kind=kind):
            return f"announce {count} {kind} tile{'s' if count != 1 else ''} and pay for them"
        case a.Draw():
            return "draw a hidden tile"
        case a.Take(number=number):
            return f"take the top tile of open stack {number}"
        case a.Reveal(design=design):
            return f"the hidden tile drawn is tile {design}"
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            return f"lay tile {design} at {x},{y}{turned(rotation)}"
        case a.Settle(kind=kind, x=x, y=y, piece=piece, source=source):
            back = f", taking a scout back from {source}" if source else ""
            return f"place a {kind} on land piece {piece + 1} of the tile at {x},{y}{back}"
        case a.Stop():
            return "end the exploration without a unit"
        case a.Trek(path=path):
            return f"send a scout onto jungle path {path}"
        case a.Token(token=token):
            return f"produce token {token} goes into a hut"
        case a.Fill(design=design):
            return f"tile {design} fills a space no ship can reach"
    return seen


def _tolls(g: EntdeckerState, tolls: str) -> str:
    """The tolls a route pays, in words (none: nothing)."""
    if not tolls:
        return ""
    paid: dict[int, int] = {}
    for s in tolls.split(","):
        paid[int(s)] = paid.get(int(s), 0) + 1
    toll = g._t.board.toll
    times = {1: "", 2: " twice"}
    parts = [f"seat {s + 1}{times.get(n, f' {n} times')}" for s, n in sorted(paid.items())]
    return f", paying a toll of {toll} gold to {listed(parts)}"
