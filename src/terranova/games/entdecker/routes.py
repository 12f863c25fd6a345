"""Steps 2 and 3 of a turn: choosing a start and paying for it.

A start is a start point on the board's edge whose square is undiscovered, or a discovered
tile that a ship reaches from a start point along an unbroken white line and from which a
white line leads on into an undiscovered square. The route costs the start point's coins
(to the bank) and 2 gold to the owner of each opponent fort or settlement on a tile of the
route, the start tile included. When several routes lead to one start the player chooses;
the routes offered are those no other route beats on every count (a route that costs as
much or more and pays the same tolls and more is never offered: ruling 4).

The search: a route is a walk over *lane nodes* (a tile's square and one of its lanes);
from each start point, every node is reached with the set of tolls paid so far (a bit
mask over the opponents' forts and settlements) and the start point's cost, and a node
keeps only the (cost, tolls) pairs no other pair there beats.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from terranova.core.actions import Action
from terranova.games.entdecker.actions import StartEdge, StartTile
from terranova.games.entdecker.steps import Announcing, Turn
from terranova.games.entdecker.tables import heading

if TYPE_CHECKING:
    from terranova.games.entdecker.state import EntdeckerState

FORT = 1
"""Units of this kind and stronger take tolls."""

Option = tuple[int, int, int, tuple[int, ...], int]
"""A start from a tile: square, heading edge, start point's cost, seats paid, start point."""


def tolls(g: EntdeckerState, seat: int) -> tuple[dict[int, int], list[int]]:
    """Per square, the bit mask of opponents' forts and settlements on it; each bit's owner."""
    by_square: dict[int, int] = {}
    owners: list[int] = []
    for node, owner, kind in g._units:
        if kind >= FORT and owner != seat:
            pos = g._node_pos[node]
            by_square[pos] = by_square.get(pos, 0) | 1 << len(owners)
            owners.append(owner)
    return by_square, owners


def _search(
    g: EntdeckerState, seat: int
) -> tuple[dict[int, list[tuple[int, int, int]]], dict[int, list[int]]]:
    """Lane node (square * 4 + lane) -> the (cost, tolls, start point) pairs no other
    route to it beats; and lane node -> the edges its line leaves by into an undiscovered
    square of the board."""
    t = g._t
    at = g._map.at
    tiles = g._map.tiles
    grid = t.grid
    step = grid.step
    toll_at, _ = tolls(g, seat)
    best: dict[int, list[tuple[int, int, int]]] = {}
    queue: list[tuple[int, int, int, int]] = []  # node, cost, mask, point
    for k, sp in enumerate(t.points):
        index = at.get(sp.pos)
        if index is None:
            continue
        _, d, r = tiles[index]
        lane = t.lane[d][r][sp.edge]
        if lane >= 0:
            queue.append((sp.pos * 4 + lane, g.edge_cost[k], toll_at.get(sp.pos, 0), k))
    lane_edges = t.lane_edges
    lanes = t.lane
    succ: dict[int, list[int]] = {}  # lane node -> the lane nodes its line leads into
    outs: dict[int, list[int]] = {}
    on_grid = grid.on_grid

    def successors(node: int) -> list[int]:
        pos, lane = divmod(node, 4)
        _, d, r = tiles[at[pos]]
        out = []
        leave = outs[node] = []
        for edge in lane_edges[d][r][lane]:
            q = pos + step[edge]
            index = at.get(q)
            if index is None:
                if on_grid(q):
                    leave.append(edge)
                continue
            _, qd, qr = tiles[index]
            other = lanes[qd][qr][(edge + 2) % 4]
            if other >= 0:
                out.append(q * 4 + other)
        succ[node] = out
        return out

    head = 0
    if not toll_at:  # no toll anywhere: one (cost, start point) per node, the first cheapest
        cheapest: dict[int, int] = {}
        while head < len(queue):
            node, cost, _, point = queue[head]
            head += 1
            known = cheapest.get(node)
            if known is not None and known <= cost:
                continue
            cheapest[node] = cost
            best[node] = [(cost, 0, point)]
            nexts = succ.get(node)
            for other in successors(node) if nexts is None else nexts:
                queue.append((other, cost, 0, point))
        return best, outs
    while head < len(queue):
        node, cost, mask, point = queue[head]
        head += 1
        kept = best.setdefault(node, [])
        if any(c <= cost and m & ~mask == 0 for c, m, _ in kept):
            continue
        kept[:] = [e for e in kept if not (cost <= e[0] and mask & ~e[1] == 0)]
        kept.append((cost, mask, point))
        nexts = succ.get(node)
        for other in successors(node) if nexts is None else nexts:
            queue.append((other, cost, mask | toll_at.get(other >> 2, 0), point))
    return best, outs


def options(g: EntdeckerState, seat: int) -> tuple[list[int], list[Option]]:
    """Every start regardless of gold: the start points whose square is undiscovered (their
    indices), and the starts from tiles with their costs, sorted."""
    t = g._t
    at = g._map.at
    edges = [k for k, p in enumerate(t.points) if p.pos not in at]
    _, owners = tolls(g, seat)
    found: dict[tuple[int, int, int, tuple[int, ...]], int] = {}
    best, outs = _search(g, seat)
    payees: dict[int, tuple[int, ...]] = {}
    for node, kept in best.items():
        leave = outs[node]
        if not leave:
            continue
        pos = node >> 2
        for edge in leave:
            for cost, mask, point in kept:
                paid = payees.get(mask)
                if paid is None:
                    bits = range(len(owners))
                    paid = payees[mask] = tuple(sorted(owners[b] for b in bits if mask >> b & 1))
                key = (pos, edge, cost, paid)
                if key not in found or point < found[key]:
                    found[key] = point
    by_start: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
    for pos, edge, cost, paid in found:
        by_start.setdefault((pos, edge), []).append((cost, paid))
    starts = sorted(
        (pos, edge, cost, paid, point)
        for (pos, edge, cost, paid), point in found.items()
        if not _dominated(by_start[pos, edge], cost, paid)
    )
    return edges, starts


def _dominated(routes: list[tuple[int, tuple[int, ...]]], cost: int, paid: tuple[int, ...]) -> bool:
    """Whether another of a start's routes costs no more at its start point and pays no
    one more often (ruling 4: nobody chooses to pay more for the same start)."""
    if len(routes) == 1:
        return False
    mine = Counter(paid)
    return any(
        other_cost <= cost
        and (other_cost, other_paid) != (cost, paid)
        and Counter(other_paid) <= mine
        for other_cost, other_paid in routes
    )


def cheapest_tile(g: EntdeckerState) -> int | None:
    """The price of the cheapest tile there is still to explore with (None: none left)."""
    board = g._t.board
    if any(g._hidden):
        return board.hidden_tile
    if any(g._open_stacks):
        return board.open_tile
    return None


def start_actions(g: EntdeckerState, seat: int) -> list[Action]:
    """The starts ``seat`` can pay for, with at least one tile after: from the edge first
    (start points in order), then from tiles (by square, heading, cost, tolls)."""
    price = cheapest_tile(g)
    if price is None:
        return []
    t = g._t
    gold = g._gold[seat]
    toll = t.board.toll
    edges, starts = options(g, seat)
    out: list[Action] = [t.edge_starts[k] for k in edges if g.edge_cost[k] + price <= gold]
    for pos, edge, cost, paid, point in starts:
        if cost + toll * len(paid) + price <= gold:
            x, y = t.grid.decode(pos)
            payees = ",".join(map(str, paid))
            out.append(StartTile(x, y, heading(edge), t.points[point].name, payees))
    return out


def reachable(g: EntdeckerState) -> bool:
    """Whether some undiscovered square can still be reached by a ship (gold aside): a flood
    over the lane nodes from the start points, stopping at the first line leading out."""
    t = g._t
    at = g._map.at
    tiles = g._map.tiles
    grid = t.grid
    step = grid.step
    todo: list[int] = []
    for sp in t.points:
        index = at.get(sp.pos)
        if index is None:
            return True
        _, d, r = tiles[index]
        lane = t.lane[d][r][sp.edge]
        if lane >= 0:
            todo.append(sp.pos * 4 + lane)
    seen = set(todo)
    while todo:
        pos, lane = divmod(todo.pop(), 4)
        _, d, r = tiles[at[pos]]
        for edge in t.lane_edges[d][r][lane]:
            q = pos + step[edge]
            index = at.get(q)
            if index is None:
                if grid.on_grid(q):
                    return True
                continue
            _, qd, qr = tiles[index]
            other = t.lane[qd][qr][(edge + 2) % 4]
            if other >= 0 and q * 4 + other not in seen:
                seen.add(q * 4 + other)
                todo.append(q * 4 + other)
    return False


def start(g: EntdeckerState, seat: int, action: StartEdge | StartTile) -> None:
    """Pay for the start (the edge's coins to the bank, tolls to their owners) and put the
    ship there: the next tile goes on the square it heads into."""
    t = g._t
    grid = t.grid
    turn = g._turn = Turn(seat)
    if type(action) is StartEdge:
        point = t.points[t.point_index[action.point]]
        cost = g.edge_cost[t.point_index[action.point]]
        turn.exits = [(point.pos, point.edge)]
        paid: list[int] = []
    else:
        assert type(action) is StartTile
        pos = grid.encode(action.x, action.y)
        edge = "NESW".index(action.heading)
        cost = g.edge_cost[t.point_index[action.via]]
        turn.ship = pos
        turn.exits = [(pos + grid.step[edge], (edge + 2) % 4)]
        paid = [int(s) for s in action.tolls.split(",")] if action.tolls else []
    g._gold[seat] -= cost
    g._bank += cost
    for owner in paid:
        g._gold[seat] -= t.board.toll
        g._gold[owner] += t.board.toll
    g._agenda[-1] = Announcing(seat)
