"""A game of Entdecker as a plain record of numbers, and back: what another engine (the
native one, ``native/entdecker.hpp``) needs to go on from a position, and writes the same.

The record holds the tiles in the order laid (laid again, they make the same islands,
frontier and sea lanes), the squares whose lanes were last kept apart for their forts and
settlements and the start points entering each sea region in the order the lanes keep them
(:mod:`.lanes`: the order a route search meets them), then the rest of the fields as they
are. What a view reads and no rule does, the log and the score sheet, is not in it:
:func:`from_position` takes them apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from terranova.core.actions import Action
from terranova.core.scoring import ScoreLine
from terranova.core.turns import Step
from terranova.games.entdecker import exploring
from terranova.games.entdecker.actions import StartEdge, StartTile
from terranova.games.entdecker.components import Components
from terranova.games.entdecker.scoring import END_REASONS
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import (
    Announcing,
    Exploring,
    Filling,
    Hut,
    Natives,
    Placing,
    Revealing,
    Rolling,
    Scoring,
    Searching,
    SettingUp,
    Starting,
    Trekking,
    Turn,
    TurnOver,
    Wheel,
)
from terranova.games.entdecker.tables import Tables

STEPS: tuple[type[Step], ...] = (
    SettingUp, Rolling, Wheel, Starting, Announcing, Exploring, Revealing, Placing, Natives,
    Filling, Searching, Scoring, Trekking, Hut, TurnOver,
)  # fmt: skip
"""The steps by their number in a record (entdecker.hpp's ``Kind``)."""


def _step(step: Step) -> tuple[int, int, int]:
    """A step as (its number, its seat, its design, square or path)."""
    arg = 0
    if type(step) is Placing:
        arg = step.design
    elif type(step) is Searching:
        arg = step.pos
    elif type(step) is Hut:
        arg = step.path
    return STEPS.index(type(step)), getattr(step, "seat", 0), arg


_BY_SEAT: dict[type[Step], Callable[[int], Step]] = {
    Rolling: Rolling, Wheel: Wheel, Starting: Starting, Announcing: Announcing,
    Exploring: Exploring, Revealing: Revealing, Natives: Natives, Filling: Filling,
    Scoring: Scoring, Trekking: Trekking, TurnOver: TurnOver,
}  # fmt: skip
"""The steps made from their seat alone."""


def _step_of(kind: int, seat: int, arg: int) -> Step:
    made = STEPS[kind]
    if made is SettingUp:
        return SettingUp()
    if made is Placing:
        return Placing(seat, arg)
    if made is Searching:
        return Searching(seat, arg)
    if made is Hut:
        return Hut(seat, arg)
    return _BY_SEAT[made](seat)


def _start(t: Tables, start: Action | None) -> tuple[Any, ...] | None:
    """A turn's start: ("edge", start point) or ("tile", square, heading, via, tolls)."""
    if type(start) is StartEdge:
        return ("edge", t.point_index[start.point])
    if type(start) is StartTile:
        tolls = tuple(int(s) for s in start.tolls.split(",")) if start.tolls else ()
        pos = t.grid.encode(start.x, start.y)
        return ("tile", pos, "NESW".index(start.heading), t.point_index[start.via], tolls)
    return None


def _start_of(t: Tables, start: Any) -> Action | None:
    if start is None:
        return None
    if start[0] == "edge":
        point: Action = t.edge_starts[int(start[1])]
        return point
    _x, pos, edge, via, tolls = start
    x, y = t.grid.decode(pos)
    return StartTile(x, y, "NESW"[edge], t.points[via].name, ",".join(map(str, tolls)))


def position(g: EntdeckerState) -> dict[str, Any]:
    """The position of ``g`` as a record of numbers (designs by index, squares by grid
    position, land pieces and sea lanes by node)."""
    t = g.tables
    turn = g.turn
    return {
        "agenda": [_step(step) for step in g.agenda],
        "over": g.over,
        "ending": -1 if g.ending is None else END_REASONS.index(g.ending),
        "tiles": list(g.map.tiles),
        "fortified": sorted(g.lanes.fortified),
        "launches": [(root, cost, via) for root, (cost, via) in g.lanes.launches.items()],
        "units": list(g.units),
        "scored": g.scored[:],
        "gold": g.gold[:],
        "bank": g.bank,
        "score": g.score[:],
        "supply": [kinds[:] for kinds in g.supply],
        "hidden": g.hidden[:],
        "open_stacks": g.open_stacks[:],
        "discards": g.discards[:],
        "box": g.box[:],
        "layout": g.layout,
        "paths": [spaces[:] for spaces in g.paths],
        "huts": g.huts[:],
        "known": g.known[:],
        "bag": g.bag[:],
        "turn": None
        if turn is None
        else {
            "seat": turn.seat,
            "kind": turn.kind,
            "left": turn.left,
            "exits": turn.exits[:],
            "ship": turn.ship,
            "laid": turn.laid[:],
            "storm": turn.storm,
            "completed": turn.completed[:],
            "start": _start(t, turn.start),
        },
        "passes": g.passes,
        "closing": g.closing,
        "turns": g.turns,
    }


class _Fields(EntdeckerState):
    """A game's fields set, its position not yet laid out (:func:`from_position` does)."""

    def begin(self) -> None:
        pass


def from_position(
    components: Components,
    params: dict[str, Any],
    record: dict[str, Any],
    history: list[Action],
    log: list[dict[str, Any]] | None = None,
    sheet: list[ScoreLine] | None = None,
) -> EntdeckerState:
    """The game of a :func:`position` record on ``components`` with ``params`` (a state's
    ``params()``), reached by ``history``, its log and score sheet ``log`` and ``sheet``."""
    g: EntdeckerState = _Fields(components, **params)
    g.__class__ = EntdeckerState
    t = g.tables
    for pos, design, rotation in record["tiles"]:
        g.lay(pos, design, rotation)
    fortified = frozenset(record["fortified"])
    if fortified:
        g.lanes.rebuild(t, g.map, fortified)
    g.lanes.launches = {root: (cost, via) for root, cost, via in record["launches"]}
    g.units = [(node, seat, kind) for node, seat, kind in record["units"]]
    g.scored = list(record["scored"])
    g.gold = list(record["gold"])
    g.bank = record["bank"]
    g.score = list(record["score"])
    g.supply = [list(kinds) for kinds in record["supply"]]
    g.hidden = list(record["hidden"])
    g.open_stacks = list(record["open_stacks"])
    g.discards = list(record["discards"])
    g.box = list(record["box"])
    g.layout = record["layout"]
    g.paths = [list(spaces) for spaces in record["paths"]]
    g.huts = list(record["huts"])
    g.known = list(record["known"])
    g.bag = list(record["bag"])
    recorded = record["turn"]
    if recorded is not None:
        turn = g.turn = Turn(recorded["seat"])
        turn.kind = recorded["kind"]
        turn.left = recorded["left"]
        turn.exits = [(q, e) for q, e in recorded["exits"]]
        turn.ship = recorded["ship"]
        turn.laid = list(recorded["laid"])
        turn.storm = recorded["storm"]
        turn.completed = list(recorded["completed"])
        turn.start = _start_of(t, recorded["start"])
    g.passes = record["passes"]
    g.closing = record["closing"]
    g.turns = record["turns"]
    g.over = record["over"]
    g.ending = None if record["ending"] < 0 else END_REASONS[record["ending"]]
    g.agenda = [_step_of(*step) for step in record["agenda"]]
    top = g.agenda[-1] if g.agenda and not g.over else None
    if type(top) is Placing:
        g.placements = exploring.placements(g, top.design)
    g.take_history(history)
    g.log = list(log or [])
    g.sheet = list(sheet or [])
    return g


__all__ = ["STEPS", "from_position", "position"]
