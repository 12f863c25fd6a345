"""Steps 1 and 4 to 6 of a turn: income, announcing and paying, exploring tile by tile,
events, and the one unit that ends an exploration.

1. A player holding fewer than 4 gold rolls the income die: the roller takes the number,
   every other player one more; on the ship's wheel the roller chooses 2 to 6.
4. The player announces how many tiles, all of one kind, and pays at once: 4 gold each
   from the open stacks, 1 gold each from the hidden stacks (no refund).
5. Tile by tile: a hidden tile is drawn, or an open stack chosen by its number. If the tile
   can be laid on a square the ship's white line leads into, land against land and water
   against water on every side and its own white line going on from where the ship enters,
   it must be laid (the player chooses the square and the rotation); otherwise it is
   discarded. The ship sails onto it. The player may stop at any time.
6. On the land of the tile where the ship stands, if it was laid this turn: at most one
   unit (scout 1 gold, fort 3, settlement 6). Placing it ends the exploration.

Events happen when their tile is laid: mine (+3 gold from the bank), pirates (half the
player's gold, rounded down, to the bank), storm (the exploration ends at once, no unit),
friendly natives (variant ``path``: a free scout onto a jungle path; ``scout``: a free
scout on the natives' land).
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.core.i18n import as_data, texts
from terranova.games.entdecker.actions import (
    DRAW,
    STOP,
    Announce,
    Place,
    Roll,
    Settle,
)
from terranova.games.entdecker.components import UNITS
from terranova.games.entdecker.record import Record
from terranova.games.entdecker.steps import (
    Exploring,
    Filling,
    Natives,
    Placing,
    Revealing,
    Rolling,
    Scoring,
    Starting,
    TurnOver,
    Wheel,
)

_, _n = texts("terranova.games.entdecker")

__all__ = ["STOP"]

SCOUT, FORT, SETTLEMENT = 0, 1, 2


# ------------------------------------------------------------------------- income


def begin_turn(g: Record, seat: int) -> None:
    """1. The die if ``seat`` holds too little gold, then the choice of a start."""
    g.turn = None
    g.agenda.append(Starting(seat))
    if g.gold[seat] < g.tables.board.income_below:
        g.agenda.append(Rolling(seat))


def roll(g: Record, seat: int, action: Action) -> None:
    assert type(action) is Roll
    if action.face == "wheel":
        g.agenda.append(Wheel(seat))
    else:
        pay_income(g, seat, int(action.face))


def pay_income(g: Record, seat: int, value: int) -> None:
    """The roller takes ``value`` from the bank, every other player ``value + 1``."""
    for s in range(g.players):
        amount = value if s == seat else value + 1
        g.gold[s] += amount
        g.bank -= amount


def cannot_pay(g: Record, seat: int) -> None:
    """No start ``seat`` can pay for: its turn ends at once."""
    g.passes += 1
    g.log.append(
        {
            "seat": seat,
            "what": as_data(_("cannot pay for a start: the turn ends")),
            "event": "cannot_pay",
        }
    )
    g.agenda.append(TurnOver(seat))


# --------------------------------------------------------------------- announcing


def announcements(g: Record, seat: int) -> list[Action]:
    """Every count of hidden tiles, then of open tiles, that ``seat`` can pay for (at least
    one; at most the tiles left of that kind, and the cap of the variant ``tile_cap``)."""
    t = g.tables
    board = t.board
    gold = g.gold[seat]
    cap = g.tile_cap or 10**6
    out: list[Action] = []
    for kind, price, left in (
        ("hidden", board.hidden_tile, sum(g.hidden)),
        ("open", board.open_tile, sum(g.open_stacks)),
    ):
        out += t.announces[kind][: min(gold // price, left, cap)]
    return out


def announce(g: Record, seat: int, action: Announce) -> None:
    board = g.tables.board
    price = board.hidden_tile if action.kind == "hidden" else board.open_tile
    g.gold[seat] -= price * action.count
    g.bank += price * action.count
    turn = g.turn
    assert turn is not None
    turn.kind = action.kind
    turn.left = action.count
    g.agenda[-1] = Exploring(seat)


# ---------------------------------------------------------------------- exploring


def exits(g: Record) -> list[tuple[int, int]]:
    """The undiscovered squares the ship's white line leads into, with the edge it crosses."""
    turn = g.turn
    assert turn is not None
    at = g.map.at
    return [(q, e) for q, e in turn.exits if q not in at]


def explore_actions(g: Record, seat: int) -> list[Action]:
    """Draw (or take an open stack's tile) while tiles are announced and the ship can sail
    on; a unit on the tile where the ship stands if it was laid this turn; stop."""
    turn = g.turn
    assert turn is not None
    t = g.tables
    out: list[Action] = []
    if turn.left and exits(g):
        if turn.kind == "hidden":
            if any(g.hidden):
                out.append(DRAW)
        else:
            out.extend(t.takes[k] for k in range(1, 7) if g.open_stacks[k])
    if turn.laid and turn.ship == turn.laid[-1]:
        out.extend(unit_actions(g, seat, turn.ship))
    out.append(STOP)
    return out


def unit_actions(g: Record, seat: int, pos: int) -> list[Settle]:
    """The units ``seat`` can pay for and has, on each piece of land of the tile at ``pos``;
    out of scouts, a scout taken back from the board or a path."""
    t = g.tables
    x, y = t.grid.decode(pos)
    _x, design, _x = g.map.tiles[g.map.at[pos]]
    pieces = t.n_pieces[design]
    supply = g.supply[seat]
    gold = g.gold[seat]
    costs = t.board.unit_costs
    out: list[Settle] = []
    for piece in range(pieces):
        for kind in (SCOUT, FORT, SETTLEMENT):
            if costs[kind] > gold:
                continue
            if supply[kind]:
                out.append(Settle(UNITS[kind], x, y, piece, ""))
            elif kind == SCOUT:
                out.extend(Settle("scout", x, y, piece, s) for s in scout_sources(g, seat))
    return out


def scout_sources(g: Record, seat: int) -> list[str]:
    """Where ``seat`` may take one of its scouts back from: a tile's land piece (islands not
    yet scored), then a path's space."""
    t = g.tables
    out = []
    for node, owner, kind in sorted(g.units):
        if owner == seat and kind == SCOUT:
            pos = g.node_pos[node]
            where = f"{t.where(pos)}/{node - g.first_node[pos]}"
            if where not in out:
                out.append(where)
    for p, spaces in enumerate(g.paths):
        for k, owner in enumerate(spaces):
            if owner == seat:
                out.append(f"{t.board.paths[p].id}/{k + 1}")
    return out


def draw(g: Record, seat: int) -> None:
    turn = g.turn
    assert turn is not None
    turn.left -= 1
    g.agenda.append(Revealing(seat))


def take(g: Record, seat: int, number: int) -> None:
    turn = g.turn
    assert turn is not None
    turn.left -= 1
    g.open_stacks[number] -= 1
    drawn(g, seat, g.tables.open_design[number])


def revealed(g: Record, seat: int, design: int) -> None:
    g.hidden[design] -= 1
    drawn(g, seat, design)


def drawn(g: Record, seat: int, design: int) -> None:
    """The tile drawn must be laid if it fits; if not, it is discarded."""
    found = placements(g, design)
    if found:
        g.placements = found
        g.agenda.append(Placing(seat, design))
    else:
        g.discards.append(design)
        g.log.append(
            {
                "seat": seat,
                "what": as_data(
                    _("{tile} does not fit: discarded", tile=g.tables.designs[design].named)
                ),
                "event": "discarded",
                "design": g.tables.ids[design],
            }
        )


def placements(g: Record, design: int) -> list[Action]:
    """Every square the ship may sail into where the tile fits, with every distinct
    rotation matching the neighbours and carrying a white line where the ship enters."""
    t = g.tables
    frontier = g.map.frontier
    lanes = t.lane[design]
    fits = t.fits[design]
    out: list[Action] = []
    for q, entry in exits(g):
        for r in fits[frontier.get(q, 0)]:
            if lanes[r][entry] >= 0:
                out.append(t.tiles.action(design, q, r))
    return out


def place(g: Record, seat: int, action: Place) -> None:
    """Lay the tile; the ship sails onto it; its event happens."""
    t = g.tables
    grid = t.grid
    turn = g.turn
    assert turn is not None
    design = t.index[action.design]
    pos = grid.encode(action.x, action.y)
    entry = next(e for q, e in turn.exits if q == pos)
    roots = g.lay(pos, design, action.rotation)
    note_completed(g, roots)
    turn.laid.append(pos)
    turn.ship = pos
    lanes = t.lane[design][action.rotation]
    lane_edges = t.lane_edges[design][action.rotation][lanes[entry]]
    turn.exits = [(pos + grid.step[e], (e + 2) % 4) for e in lane_edges if e != entry]
    turn.exits = [(q, e) for q, e in turn.exits if grid.on_grid(q)]
    event = t.event[design]
    if event is not None:
        happen(g, seat, event, pos)


def note_completed(g: Record, roots: list[int]) -> None:
    """Remember the islands a tile just completed (scored at the end of the turn)."""
    turn = g.turn
    assert turn is not None
    for root in roots:
        if g.open_edges[root] == 0 and root not in turn.completed:
            turn.completed.append(root)


def happen(g: Record, seat: int, event: str, pos: int) -> None:
    board = g.tables.board
    g.log.append({"seat": seat, "what": event, "event": event, "at": g.tables.where(pos)})
    if event == "mine":
        g.gold[seat] += board.mine
        g.bank -= board.mine
    elif event == "pirates":
        lost = g.gold[seat] // 2
        g.gold[seat] -= lost
        g.bank += lost
    elif event == "storm":
        turn = g.turn
        assert turn is not None
        turn.storm = True
        end_exploration(g, seat)
    elif g.supply[seat][SCOUT]:  # friendly natives
        if g.natives_to_path:
            g.agenda.append(Natives(seat))
        else:
            g.supply[seat][SCOUT] -= 1
            g.units.append((g.first_node[pos], seat, SCOUT))


def settle(g: Record, seat: int, action: Settle) -> None:
    """Pay for the unit and place it: the exploration ends."""
    t = g.tables
    kind = UNITS.index(action.kind)
    pos = t.grid.encode(action.x, action.y)
    if action.source:
        take_back(g, seat, action.source)
    g.supply[seat][kind] -= 1
    g.gold[seat] -= t.board.unit_costs[kind]
    g.bank += t.board.unit_costs[kind]
    g.units.append((g.first_node[pos] + action.piece, seat, kind))
    end_exploration(g, seat)


def take_back(g: Record, seat: int, source: str) -> None:
    """A scout back to the supply from a tile (``x,y/piece``) or a path (``p3/2``), leaving
    a gap on the path that anyone may fill later."""
    t = g.tables
    where, _x, index = source.partition("/")
    if where in t.path_index:
        g.paths[t.path_index[where]][int(index) - 1] = -1
    else:
        x, y = map(int, where.split(","))
        g.units.remove((g.first_node[t.grid.encode(x, y)] + int(index), seat, SCOUT))
    g.supply[seat][SCOUT] += 1


def stop(g: Record, seat: int) -> None:
    end_exploration(g, seat)


def end_exploration(g: Record, seat: int) -> None:
    """The exploration is over: enclosed spaces are filled, then islands scored."""
    ag = g.agenda
    while ag and isinstance(ag[-1], (Exploring, Natives)):
        ag.pop()
    ag.extend([TurnOver(seat), Scoring(seat), Filling(seat)])
