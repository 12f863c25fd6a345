"""Entdecker's own bots, declared to Terranova through ``GameInfo.bots``: how ``greedy``
plays it (:func:`greedy`), and how the search bots play on after their tree (greedily, for
:data:`ROLLOUT_DEPTH` decisions).

``greedy`` spends its gold where it expects island points for it. It starts where the
route is cheapest (the start point's coins and the tolls) unless a dearer start leads next
to an island it can still win or complete; it announces as many hidden tiles as leave gold
for a fort (a scout when it has no fort left or is short), open tiles only when no hidden
tile is left; it draws every tile it paid for, lays each where its islands gain most and
its opponents' least, and ends the exploration with the unit worth most for its price (on
an island completed this turn at once; otherwise once its tiles are used up). Its scouts
go to the path whose hut it can still win where one scout counts most.

It sees what its seat may see: the map, the gold and units (all public), its own tokens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from terranova.agents.registry import GreedyPolicy, Rollout
from terranova.core.actions import Action
from terranova.core.state import State
from terranova.games.entdecker import INFO, exploring, scoring
from terranova.games.entdecker.actions import (
    DRAW,
    STOP,
    Announce,
    Income,
    Place,
    Settle,
    StartEdge,
    StartTile,
    Take,
    Trek,
)
from terranova.games.entdecker.components import UNITS
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Placing

GOLD = 1 / 3
"""A gold's worth in points when weighing a price (about what a hidden tile brings)."""
RIVALS = 0.5
"""How much an opponent's expected island points count against the bot's own."""
SETTLE_NOW = 2.0
"""Expected points a unit must bring, net of its price, to end an exploration with tiles
still to draw."""


def greedy(state: State, rng: random.Random) -> Action:
    """The action ``greedy`` plays (ties broken by ``rng``): on the native engine, its own
    policy (native/greedy.hpp, the same choice and the same calls on ``rng`` as
    :func:`reference_greedy`)."""
    if isinstance(state, EntdeckerState):
        return reference_greedy(state, rng)
    action: Action = getattr(state, "greedy")(rng)  # noqa: B009 (the native state's)
    return action


def reference_greedy(g: EntdeckerState, rng: random.Random) -> Action:
    """The action ``greedy`` plays, in Python (the reference of the native policy)."""
    seat = g.current_player()
    legal = g.legal_actions()
    first = legal[0]
    if type(first) is Income:
        return legal[-1]  # the ship's wheel: the most gold
    if type(first) is StartEdge or type(first) is StartTile:
        return _best(legal, lambda a: _start_value(g, seat, a), rng)
    if type(first) is Announce:
        return _announce(g, seat, legal)
    if type(first) is Place:
        return _best(legal, lambda a: _place_value(g, seat, a), rng)
    if type(first) is Trek:
        return _best(legal, lambda a: _trek_value(g, seat, a), rng)
    return _explore(g, seat, legal, rng)


def _best(legal: list[Action], value: Callable[[Action], float], rng: random.Random) -> Action:
    values = [value(a) for a in legal]
    top = max(values)
    best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


# -------------------------------------------------------------------------- starts


def _start_value(g: EntdeckerState, seat: int, action: Action) -> float:
    """Minus the start's price in points, plus what the square it heads into promises."""
    t = g.tables
    grid = t.grid
    if type(action) is StartEdge:
        k = t.point_index[action.point]
        price = g.edge_cost[k]
        target = t.points[k].pos
    else:
        assert type(action) is StartTile
        price = g.edge_cost[t.point_index[action.via]]
        price += t.board.toll * (len(action.tolls.split(",")) if action.tolls else 0)
        edge = "NESW".index(action.heading)
        target = grid.encode(action.x, action.y) + grid.step[edge]
    return _promise(g, seat, target) - price * GOLD


def _promise(g: EntdeckerState, seat: int, target: int) -> float:
    """What a tile on the undiscovered square ``target`` may bring ``seat``: for each island
    whose open land edge faces it, a share of what ``seat`` gains by it (more if it is the
    island's last open edge)."""
    t = g.tables
    grid = t.grid
    find = g.regions.find
    at = g.map.at
    worth = 0.0
    seen: set[int] = set()
    for edge in range(4):
        n = target + grid.step[edge]
        index = at.get(n)
        if index is None:
            continue
        _, d, r = g.map.tiles[index]
        piece = t.piece[d][r][(edge + 2) % 4]
        if piece < 0:
            continue
        root = find(g.first_node[n] + piece)
        if root in seen or root in g.scored:
            continue
        seen.add(root)
        mine, best_other = _standing(g, seat, root)
        value = g.tile_mask[root].bit_count() + g.bonus[root]
        closing = 1.0 if g.open_edges[root] == 1 else 0.4
        if mine >= best_other:  # it leads, or nobody is there: it can take or keep it
            worth += closing * 0.5 * value
    return worth


def _standing(g: EntdeckerState, seat: int, root: int) -> tuple[int, int]:
    """The strength (kind * 100 + count, -1: none) of ``seat`` and of the best opponent on
    an island."""
    find = g.regions.find
    best: dict[int, tuple[int, int]] = {}
    for node, owner, kind in g.units:
        if find(node) != root:
            continue
        strongest, count = best.get(owner, (-1, 0))
        if kind > strongest:
            best[owner] = (kind, 1)
        elif kind == strongest:
            best[owner] = (kind, count + 1)
    strength = {s: k * 100 + c for s, (k, c) in best.items()}
    mine = strength.pop(seat, -1)
    return mine, max(strength.values(), default=-1)


# ----------------------------------------------------------------------- announcing


def _announce(g: EntdeckerState, seat: int, legal: list[Action]) -> Action:
    """As many hidden tiles as leave gold for the unit it can afford (a fort, else a scout),
    at least one; open tiles (one) only when no hidden tile is left."""
    gold = g.gold[seat]
    costs = g.tables.board.unit_costs
    supply = g.supply[seat]
    reserve = costs[1] if supply[1] and gold >= costs[1] + 2 else costs[0]
    want = max(1, min(4, gold - reserve))
    hidden = [a for a in legal if type(a) is Announce and a.kind == "hidden"]
    if hidden:
        return hidden[min(want, len(hidden)) - 1]
    return legal[0]


# ------------------------------------------------------------------------ exploring


def _explore(g: EntdeckerState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    turn = g.turn
    assert turn is not None
    units = [a for a in legal if type(a) is Settle]
    best_unit: Action | None = None
    best_value = 0.0
    complete = False
    if units:
        base = scoring.outlook(g, seat)[seat]
        values = [_settle_value(g, seat, a, base) for a in units]
        best_value = max(values)
        best_unit = units[values.index(best_value)]
        pos = turn.ship
        find = g.regions.find
        assert isinstance(best_unit, Settle)
        complete = g.open_edges[find(g.first_node[pos] + best_unit.piece)] == 0
    draws: list[Action] = [a for a in legal if a == DRAW or type(a) is Take]
    if best_unit is not None and (best_value >= SETTLE_NOW or (complete and best_value > 0)):
        return best_unit
    if draws:
        if type(draws[0]) is Take:
            return _take(g, draws, rng)
        return draws[0]
    if best_unit is not None and best_value > 0:
        return best_unit
    return STOP


def _settle_value(g: EntdeckerState, seat: int, action: Settle, base: float) -> float:
    """What the unit adds to the points its seat expects from islands (a scout half a point
    more: it goes on to a path), net of its price."""
    kind = UNITS.index(action.kind)
    pos = g.tables.grid.encode(action.x, action.y)
    g.units.append((g.first_node[pos] + action.piece, seat, kind))
    try:
        gain = scoring.outlook(g, seat)[seat] - base
    finally:
        g.units.pop()
    if action.source:
        gain -= 1.0  # a scout taken back from the board or a path
    elif kind == 0:
        gain += 0.5
    return gain - g.tables.board.unit_costs[kind] * GOLD


def _take(g: EntdeckerState, takes: Sequence[Action], rng: random.Random) -> Action:
    """An open stack whose tile can be laid where the ship sails (the first such)."""
    t = g.tables
    for action in takes:
        assert type(action) is Take
        if exploring.placements(g, t.open_design[action.number]):
            return action
    return takes[rng.randrange(len(takes))]


def _place_value(g: EntdeckerState, seat: int, action: Action) -> float:
    """The islands' outlook after laying the tile there (its own against its opponents'),
    and whether the ship can sail on from it."""
    top = g.agenda[-1]
    assert isinstance(top, Placing)
    if g.tables.event[top.design] == "storm":
        return 0.0
    child = g.clone()
    child.apply(action)
    if child.over or child.turn is None or child.turn.seat != seat:
        return 0.0  # the turn ended (no unit): every placement alike
    expected = scoring.outlook(child, seat)
    others = max((v for s, v in enumerate(expected) if s != seat), default=0.0)
    worth = expected[seat] - RIVALS * others
    turn = child.turn
    if turn.left and any(q not in child.map.at for q, _ in turn.exits):
        worth += 0.5
    pos = turn.ship
    _, design, _ = child.map.tiles[child.map.at[pos]]
    if child.tables.n_pieces[design]:
        worth += 0.3  # land to settle on
    return worth


# --------------------------------------------------------------------------- paths


def _trek_value(g: EntdeckerState, seat: int, action: Action) -> float:
    """The hut's token (its value if seen, else the mean) times how much a scout there
    changes its chance of winning the path."""
    assert type(action) is Trek
    t = g.tables
    path = t.path_index[action.path]
    spaces = g.paths[path]
    tokens = t.board.tokens
    token = g.huts[path]
    mean = sum(x.value for x in tokens) / len(tokens)
    value = tokens[token].value if token >= 0 and g.known[path] >> seat & 1 else mean
    before = _path_chance(g, seat, spaces)
    after_spaces = spaces[:]
    after_spaces[after_spaces.index(-1)] = seat
    return value * (_path_chance(g, seat, after_spaces) - before)


def _path_chance(g: EntdeckerState, seat: int, spaces: list[int]) -> float:
    """A rough chance that ``seat`` wins a path: 1 leading; otherwise less the more scouts
    it lacks, 0 if the free spaces cannot make up for them."""
    counts = [spaces.count(s) for s in range(g.players)]
    mine = counts[seat]
    best_other = max((c for s, c in enumerate(counts) if s != seat), default=0)
    if mine == 0 and best_other == 0:
        return 0.0
    if mine > best_other:
        return 1.0
    nearest = next((s for s in spaces if s >= 0 and counts[s] == max(counts)), -1)
    if mine == best_other and nearest == seat:
        return 1.0
    free = spaces.count(-1)
    lacking = best_other - mine + 1
    if lacking > free:
        return 0.0
    return 0.5 / lacking


GREEDY_POLICIES: Mapping[str, GreedyPolicy] = {INFO.id: greedy}
"""How ``greedy`` plays Entdecker."""

ROLLOUT_DEPTH = 6
"""Decisions the search bots play greedily after their tree (about the rest of a turn: a
start, an announcement, tiles drawn and laid, a unit) before the estimate scores the
position; docs/strength.md has the matches that chose it."""

ROLLOUTS: Mapping[str, Rollout] = {INFO.id: Rollout(greedy, ROLLOUT_DEPTH)}
"""How ``mcts`` and ``ismcts`` play on after their tree in Entdecker."""

__all__ = ["GREEDY_POLICIES", "ROLLOUTS", "greedy", "reference_greedy"]
