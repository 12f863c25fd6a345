"""Steps 2 and 3 of a turn: choosing a start and paying for it.

A start is a start point on the board's edge whose square is undiscovered, or a discovered
tile that a ship reaches from a start point along an unbroken white line and from which a
white line leads on into an undiscovered square. The route costs the start point's coins
(to the bank) and 2 gold to the owner of each opponent fort or settlement on a tile of the
route, the start tile included. When several routes lead to one start the player chooses;
the routes offered are those no other route beats on every count (a route that costs as
much or more and pays the same tolls and more is never offered: ruling 4).

The search: a route is a walk over the sea-lane network (:mod:`.lanes`), kept between
turns, whose regions are joined by the lanes of the fortified squares. From the cheapest
start points entering each region, every region is reached with the set of tolls paid so
far (a bit mask over the opponents' forts and settlements) and the start point's cost, and
a region keeps only the (cost, tolls) pairs no other pair there beats, with the start
points they come from; each exit of a region is a start with those routes. A route is
named by the start point nearest to its start (by rows and columns; then the first).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from terranova.core.actions import Action
from terranova.games.entdecker.actions import StartEdge, StartTile
from terranova.games.entdecker.lanes import SeaLanes
from terranova.games.entdecker.record import Record
from terranova.games.entdecker.steps import Announcing, Turn
from terranova.games.entdecker.tables import StartPoint, Tables, heading

FORT = 1
"""Units of this kind and stronger take tolls."""


def tolls(g: Record, seat: int) -> tuple[dict[int, int], list[int]]:
    """Per square, the bit mask of opponents' forts and settlements on it; each bit's owner."""
    by_square: dict[int, int] = {}
    owners: list[int] = []
    for node, owner, kind in g.units:
        if kind >= FORT and owner != seat:
            pos = g.node_pos[node]
            by_square[pos] = by_square.get(pos, 0) | 1 << len(owners)
            owners.append(owner)
    return by_square, owners


def network(g: Record) -> SeaLanes:
    """The sea-lane network, rebuilt first if forts or settlements came or went since."""
    pos = g.node_pos
    fortified = frozenset(pos[node] for node, _, kind in g.units if kind >= FORT)
    if fortified != g.lanes.fortified:
        g.own_board()
        g.lanes.refortify(g.tables, g.map, fortified)
    return g.lanes


def _links(g: Record, lanes: SeaLanes) -> dict[int, list[int]]:
    """The graph between regions: each lane of a fortified square -> the regions (or other
    fortified lanes) its line meets, and each of those back to it."""
    t = g.tables
    at = g.map.at
    tiles = g.map.tiles
    step = t.grid.step
    lane = t.lane
    find = lanes.find
    links: dict[int, list[int]] = {}
    for pos in sorted(lanes.fortified):
        _, d, r = tiles[at[pos]]
        for k, edges in enumerate(t.lane_edges[d][r]):
            node = pos * 4 + k
            for edge in edges:
                q = pos + step[edge]
                index = at.get(q)
                if index is None:
                    continue
                _, qd, qr = tiles[index]
                other = lane[qd][qr][(edge + 2) % 4]
                if other >= 0:
                    region = find(q * 4 + other)
                    links.setdefault(node, []).append(region)
                    links.setdefault(region, []).append(node)
    return links


Routes = dict[tuple[int, int], int]
"""A region's routes: (start point's cost, tolls) -> the start points they come from (a bit
mask over the start points)."""


def _search(g: Record, toll_at: dict[int, int], budget: int) -> dict[int, Routes]:
    """Region -> its routes that no other route beats (cheaper or as cheap, paying a subset
    of the tolls ``toll_at`` gives per square) and that cost no more than ``budget`` gold
    with their tolls."""
    lanes = network(g)
    toll = g.tables.board.toll
    links = _links(g, lanes)
    best: dict[int, Routes] = {}
    queue = []
    exits = lanes.exits
    for region, (cost, via) in lanes.launches.items():
        onward = region in links
        if not onward and region not in exits:
            continue  # no start there, and no further
        mask = toll_at.get(region >> 2, 0) if toll_at else 0
        if cost + toll * mask.bit_count() <= budget:
            best[region] = {(cost, mask): via}
            if onward:
                queue.append((region, cost, mask, via))
    head = 0
    while head < len(queue):  # on along the lanes of the fortified squares
        node, cost, mask, via = queue[head]
        head += 1
        for other in links[node]:
            # a region's root is never on a fortified square: only the lanes of one pay
            more = mask | toll_at.get(other >> 2, 0)
            if more != mask and cost + toll * more.bit_count() > budget:
                continue
            kept = best.get(other)
            if kept is None:
                best[other] = {(cost, more): via}
                new = via
            else:
                new = _keep(kept, cost, more, via)
            if new and other in links:
                queue.append((other, cost, more, new))
    return best


def _keep(kept: Routes, cost: int, mask: int, via: int) -> int:
    """Add a route to a region's unless one there beats it; returns its start points that
    are new there (0: none)."""
    known = kept.get((cost, mask))
    if known is not None:
        via &= ~known
        kept[cost, mask] = known | via
        return via
    beaten = []
    for c, m in kept:
        if c <= cost and m & ~mask == 0:
            return 0
        if cost <= c and mask & ~m == 0:
            beaten.append((c, m))
    for key in beaten:
        del kept[key]
    kept[cost, mask] = via
    return via


def _paid(owners: list[int], mask: int) -> tuple[int, ...]:
    """The seats a route pays, one per toll in ``mask`` (sorted)."""
    return tuple(sorted(owner for b, owner in enumerate(owners) if mask >> b & 1))


def _nearest(order: tuple[int, ...], via: int) -> int:
    """The start point in ``via`` (a bit mask) that comes first in ``order``."""
    if via & (via - 1) == 0:
        return via.bit_length() - 1
    return next(k for k in order if via >> k & 1)


def _dominated(routes: list[tuple[int, tuple[int, ...]]], cost: int, paid: tuple[int, ...]) -> bool:
    """Whether another of a start's routes costs no more at its start point and pays no
    one more often (ruling 4: nobody chooses to pay more for the same start)."""
    mine = Counter(paid)
    return any(
        other_cost <= cost
        and (other_cost, other_paid) != (cost, paid)
        and Counter(other_paid) <= mine
        for other_cost, other_paid in routes
    )


def cheapest_tile(g: Record) -> int | None:
    """The price of the cheapest tile there is still to explore with (None: none left)."""
    board = g.tables.board
    if any(g.hidden):
        return board.hidden_tile
    if any(g.open_stacks):
        return board.open_tile
    return None


def start_actions(g: Record, seat: int) -> list[Action]:
    """The starts ``seat`` can pay for with at least one tile after: from the edge first
    (start points in order), then from tiles (by square, heading, cost, tolls). A route
    is named by the start point nearest its start (then the first)."""
    price = cheapest_tile(g)
    if price is None:
        return []
    t = g.tables
    budget = g.gold[seat] - price
    if budget < 0:
        return []
    affordable = 0
    for cost, among in g.cost_classes:
        if cost <= budget:
            affordable |= among
    out: list[Action] = []
    edges = g.lanes.unexplored & affordable
    while edges:
        low = edges & -edges
        out.append(t.edge_starts[low.bit_length() - 1])
        edges ^= low
    toll_at, owners = tolls(g, seat)
    best = _search(g, toll_at, budget)
    if not best:
        return out
    exits = g.lanes.exits
    made = t.region_starts
    if len(made) > REGION_STARTS:
        made.clear()
    listed: list[tuple[tuple[int, int], Action]] = []
    for region, kept in best.items():
        leaving = exits.get(region)
        if not leaving:
            continue
        routes: tuple[tuple[tuple[int, tuple[int, ...]], int], ...]
        if len(kept) == 1:
            (((cost, mask), via),) = kept.items()
            routes = (((cost, _paid(owners, mask) if mask else ()), via),)
        else:
            found: dict[tuple[int, tuple[int, ...]], int] = {}
            for (cost, mask), via in kept.items():
                key = (cost, _paid(owners, mask))
                found[key] = found.get(key, 0) | via
            routes = tuple(sorted(found.items()))
        starts = made.get((leaving, routes))
        if starts is None:
            starts = made[leaving, routes] = _region_starts(t, leaving, routes)
        listed += starts
    listed.sort()
    out += [action for _, action in listed]
    return out


REGION_STARTS = 4096
"""The most lists of a region's starts kept made per set of components (then all are
dropped): a region's starts change only when its exits or routes do, so most turns reuse
the lists of every region but the one just explored."""


def _region_starts(
    t: Tables, leaving: tuple[int, ...], routes: tuple[tuple[tuple[int, tuple[int, ...]], int], ...]
) -> list[tuple[tuple[int, int], Action]]:
    """The starts from a region's exits along its routes ((cost, tolls), start points),
    each with a key that sorts them by square, heading, cost and tolls."""
    offered = [
        (k, cost, paid, via)
        for k, ((cost, paid), via) in enumerate(routes)
        if len(routes) == 1 or not _dominated([r for r, _ in routes], cost, paid)
    ]
    out: list[tuple[tuple[int, int], Action]] = []
    for exit in leaving:
        pos, edge = divmod(exit >> 2, 4)
        order = t.nearest_points[pos]
        for k, _cost, paid, via in offered:
            action = _start_tile(t, pos, edge, _nearest(order, via), paid)
            out.append(((exit >> 2, k), action))
    return out


def _start_tile(t: Tables, pos: int, edge: int, point: int, paid: tuple[int, ...]) -> StartTile:
    x, y = t.grid.decode(pos)
    return StartTile(x, y, heading(edge), t.points[point].name, ",".join(map(str, paid)))


def reachable(g: Record) -> bool:
    """Whether some undiscovered square can still be reached by a ship (gold aside): a
    start point's square is undiscovered, or a region reached from one has an exit."""
    if g.lanes.unexplored:  # the forts do not matter: no need to bring the lanes up to date
        return True
    lanes = network(g)
    exits = lanes.exits
    if not lanes.launches.keys().isdisjoint(exits):
        return True
    links = _links(g, lanes)
    todo = list(lanes.launches)
    seen = set(todo)
    while todo:
        for other in links.get(todo.pop(), ()):
            if other in exits:
                return True
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return False


def start(g: Record, seat: int, action: StartEdge | StartTile) -> None:
    """Pay for the start (the edge's coins to the bank, tolls to their owners) and put the
    ship there: the next tile goes on the square it heads into."""
    t = g.tables
    grid = t.grid
    turn = g.turn = Turn(seat)
    turn.start = action
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
    g.gold[seat] -= cost
    g.bank += cost
    for owner in paid:
        g.gold[seat] -= t.board.toll
        g.gold[owner] += t.board.toll
    g.agenda[-1] = Announcing(seat)


def course(
    g: Record,
    seat: int,
    action: StartEdge | StartTile,
    skip: frozenset[int] = frozenset(),
    walks: dict[tuple[str, str], Walks] | None = None,
) -> dict[str, Any] | None:
    """The route of a start of ``seat``, square by square, as the board draws it: the start
    point (``point``) and what it costs (``cost``: its coins and the tolls), each square
    sailed through from it (``squares``: the square ``x,y`` and the side ``from`` it is
    entered by), the side the ship heads out by (``leave``) into square ``into``, and the
    tolls (``tolls``: the ``seat`` paid and the ``square`` of its fort or settlement, one
    per toll). From the edge the one square is the undiscovered square sailed into. A
    shortest walk along the white lines that pays exactly the start's tolls, on no square
    of ``skip`` (the tiles laid since the start); None if there is none (a unit paid has
    gone since). ``walks`` keeps the walks found from a start point with some tolls for
    the next start from there with the same tolls (one position, one seat)."""
    t = g.tables
    toll = t.board.toll
    if isinstance(action, StartEdge):
        k = t.point_index[action.point]
        p = t.points[k]
        return {
            "point": p.name,
            "cost": g.edge_cost[k],
            "squares": [{"square": t.where(p.pos), "from": heading(p.edge)}],
            "leave": None,
            "into": None,
            "tolls": [],
        }
    k = t.point_index[action.via]
    p = t.points[k]
    toll_at, owners = tolls(g, seat)
    found = None if walks is None else walks.get((action.via, action.tolls))
    if found is None:
        want = Counter(int(s) for s in action.tolls.split(",")) if action.tolls else Counter()
        found = _walks(g, p, toll_at, owners, want, skip)
        if walks is not None:
            walks[action.via, action.tolls] = found
    ends, back = found
    edge = "NESW".index(action.heading)
    end = ends.get((t.grid.encode(action.x, action.y), edge))
    if end is None:
        return None
    squares: list[tuple[int, int]] = []
    node: _Node | None = end
    while node is not None:
        before, side = back[node]
        squares.append((node[0], side))
        node = before
    squares.reverse()
    mask = end[2]
    paid: list[dict[str, Any]] = []
    for pos, _ in squares:  # in the order the route passes them
        bits = toll_at.get(pos, 0) & mask
        mask &= ~bits
        paid += [{"seat": owner, "square": t.where(pos)}
                 for b, owner in enumerate(owners) if bits >> b & 1]  # fmt: skip
    last = squares[-1][0]
    return {
        "point": p.name,
        "cost": g.edge_cost[k] + toll * len(paid),
        "squares": [{"square": t.where(pos), "from": heading(side)} for pos, side in squares],
        "leave": action.heading,
        "into": t.where(last + t.grid.step[edge]),
        "tolls": paid,
    }


_Node = tuple[int, int, int]
"""A state of the walk: a square, a lane of its tile, the units paid so far (a bit mask)."""

Walks = tuple[dict[tuple[int, int], _Node], dict[_Node, tuple[_Node | None, int]]]
"""The walks from a start point: (square, edge) -> the first state reaching a lane that
leads out across that edge with the tolls wanted; each state -> the one before it and the
edge its square is entered by."""


def _walks(
    g: Record,
    p: StartPoint,
    toll_at: dict[int, int],
    owners: list[int],
    want: Counter[int],
    skip: frozenset[int],
) -> Walks:
    """The shortest walks along white lines from start point ``p`` passing forts and
    settlements whose owners are paid as often as ``want`` says, breadth first, on no
    square of ``skip``."""
    t = g.tables
    at, tiles = g.map.at, g.map.tiles
    step, on_grid = t.grid.step, t.grid.on_grid
    ends: dict[tuple[int, int], _Node] = {}
    back: dict[_Node, tuple[_Node | None, int]] = {}

    def lane_at(pos: int, edge: int) -> int:
        index = at.get(pos)
        if index is None or pos in skip:
            return -1
        _, d, r = tiles[index]
        return t.lane[d][r][edge]

    def paid(mask: int) -> Counter[int]:
        return Counter(owner for b, owner in enumerate(owners) if mask >> b & 1)

    def within(mask: int) -> bool:
        return all(n <= want[owner] for owner, n in paid(mask).items())

    lane = lane_at(p.pos, p.edge)
    mask = toll_at.get(p.pos, 0)
    if lane < 0 or not within(mask):
        return ends, back
    first: _Node = (p.pos, lane, mask)
    back[first] = (None, p.edge)
    queue = [first]
    for node in queue:
        pos, lane, mask = node
        _, d, r = tiles[at[pos]]
        edges = t.lane_edges[d][r][lane]
        if paid(mask) == want:
            for edge in edges:
                ends.setdefault((pos, edge), node)
        for edge in edges:
            q = pos + step[edge]
            entry = (edge + 2) % 4
            other = lane_at(q, entry) if on_grid(q) else -1
            if other < 0:
                continue
            more = mask | toll_at.get(q, 0)
            nxt = (q, other, more)
            if nxt in back or (more != mask and not within(more)):
                continue
            back[nxt] = (node, entry)
            queue.append(nxt)
    return ends, back
