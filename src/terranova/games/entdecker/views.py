"""What each seat may see: everything but the produce tokens it has not looked at (the
hidden stacks' contents are public knowledge, every hidden tile drawn being shown; their
order does not exist until chance draws). Once the game is over every token is shown."""

from __future__ import annotations

from typing import Any

from terranova.core.i18n import as_data
from terranova.core.scoring import SCORING
from terranova.games.entdecker.actions import StartEdge, StartTile
from terranova.games.entdecker.components import UNITS
from terranova.games.entdecker.record import Record
from terranova.games.entdecker.routes import Walks, course
from terranova.games.entdecker.scoring import END_WORDS
from terranova.games.entdecker.steps import Placing, Starting


def view(g: Record, seat: int | None) -> dict[str, Any]:
    t = g.tables
    board = t.board
    xy, ids = t.grid.xy, t.ids
    tiles = []
    for pos, d, r in g.map.tiles:
        x, y = xy[pos]
        tiles.append({"x": x, "y": y, "design": ids[d], "rotation": r})
    units = []
    node_pos, first_node = g.node_pos, g.first_node
    for node, owner, kind in g.units:
        pos = node_pos[node]
        x, y = xy[pos]
        units.append({"seat": owner, "unit": UNITS[kind], "x": x, "y": y,
                      "piece": node - first_node[pos]})  # fmt: skip
    huts = []
    seats = range(g.players)
    for path, token in enumerate(g.huts):
        seen = g.known[path]
        known = g.over or (seat is not None and seen >> seat & 1)
        huts.append(
            {
                "path": board.paths[path].id,
                "spaces": g.paths[path][:],
                "token": None if token < 0 else (board.tokens[token].id if known else "?"),
                "value": board.tokens[token].value if token >= 0 and known else None,
                "seen_by": [s for s in seats if seen >> s & 1],
            }
        )
    turn = g.turn
    top = g.agenda[-1] if g.agenda and not g.over else None
    current = g.current_player()
    out: dict[str, Any] = {
        "game": g.game_id,
        "seat": seat,
        "players": g.players,
        "step": top.name if top is not None else "over",
        "current_player": current,
        "turns": g.turns,
        "points": g.score[:],
        "gold": g.gold[:],
        "bank": g.bank,
        "supply": [dict(zip(UNITS, s, strict=True)) for s in g.supply],
        "map": tiles,
        "units": units,
        "huts": huts,
        "bag": len(g.bag),
        "hidden": {design: c for design, c in zip(ids, g.hidden, strict=True) if c},
        "open": {name: g.open_stacks[k] for name, k in t.open_numbers},
        "discards": [ids[d] for d in g.discards],
        "layout": board.layouts[g.layout].id if g.layout >= 0 else None,
        "in_hand": ids[top.design] if isinstance(top, Placing) else None,
        "turn": None
        if turn is None
        else {
            "seat": turn.seat,
            "kind": turn.kind,
            "left": turn.left,
            "ship": t.where(turn.ship) if turn.ship >= 0 else None,
            "heading": [t.where(q) for q, _ in turn.exits],
            "laid": [t.where(p) for p in turn.laid],
            "storm": turn.storm,
            "route": _turn_route(g),
        },
        "routes": _routes(g, top),
        "log": g.log[-12:],
        SCORING: [line.json() for line in g.sheet],
        "winners": g.winners(),
        "end_reason": None if g.ending is None else as_data(END_WORDS[g.ending]),
    }
    if seat is not None and seat == current:
        out["legal_actions"] = [str(a) for a in g.legal_actions()]
    return out


def components(g: Record) -> dict[str, Any]:
    """The tile designs, the start points, the paths, the tokens' values and the prices."""
    t = g.tables
    board = t.board
    return {
        "board": {"width": board.width, "height": board.height},
        "costs": {
            **dict(zip(UNITS, board.unit_costs, strict=True)),
            "open_tile": board.open_tile,
            "hidden_tile": board.hidden_tile,
            "toll": board.toll,
            "mine": board.mine,
        },
        "designs": [
            {
                "id": d.id,
                "name": as_data(d.named),
                "count": d.count,
                "stack": d.stack,
                "number": d.number,
                "land": ["".join("NESW"[e] for e in p) for p in d.land],
                "lanes": ["".join("NESW"[e] for e in lane) for lane in d.lanes],
                "event": d.event,
                "bonus": d.bonus,
            }
            for d in t.designs
        ],
        "start_points": [
            {"name": p.name, "square": t.where(p.pos), "cost": g.edge_cost[k]}
            for k, p in enumerate(t.points)
        ],
        "paths": [{"id": p.id, "length": p.length} for p in board.paths],
        "tokens": sorted(tok.value for tok in board.tokens),
        "die": list(board.faces),
    }


def _routes(g: Record, top: object) -> dict[str, Any]:
    """While a seat chooses its start: each start it may take (by its text) -> its route
    (:func:`~terranova.games.entdecker.routes.course`), public as the map and the gold are."""
    if not isinstance(top, Starting):
        return {}
    out: dict[str, Any] = {}
    walks: dict[tuple[str, str], Walks] = {}
    for action in g.legal_actions():
        if isinstance(action, StartEdge | StartTile):
            route = course(g, top.seat, action, walks=walks)
            if route is not None:
                out[str(action)] = route
    return out


def _turn_route(g: Record) -> dict[str, Any] | None:
    """The route of the turn in progress: that of its start, on the map as it was then
    (without the tiles laid since). None for the turn that fills the squares left, which
    has no start."""
    turn = g.turn
    if turn is None or not isinstance(turn.start, StartEdge | StartTile):
        return None
    return course(g, turn.seat, turn.start, frozenset(turn.laid))
