"""The sea-lane network kept between turns, and the starts listed from it, checked over
random games against plain searches that follow the rules directly: the network equals one
made from scratch, and the starts offered are those a walk over every lane finds."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from terranova.core.state import CHANCE
from terranova.games.entdecker import new_game, routes
from terranova.games.entdecker.actions import StartEdge, StartTile
from terranova.games.entdecker.lanes import SeaLanes
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.steps import Starting

PARAMS: st.SearchStrategy[dict[str, object]] = st.sampled_from(
    [
        {"players": 2},
        {"players": 3, "setup": "variable"},
        {"players": 4, "edge_costs": "free", "tile_cap": 3},
    ]
)

Start = tuple[int, int, int, tuple[int, ...]]
"""A start from a tile: square, heading edge, start point's cost, seats paid (sorted)."""


def starting_positions(seed: int, params: dict[str, Any]) -> list[EntdeckerState]:
    """Every position of a random game where a player is to choose a start."""
    g = new_game(**params)
    rng = random.Random(seed)
    found = []
    while not g.is_terminal():
        if g.current_player() == CHANCE:
            g.apply(g.sample_chance(rng))
            continue
        if isinstance(g.agenda[-1], Starting):
            found.append(g.clone())
        g.apply(rng.choice(g.legal_actions()))
    return found


Region = tuple[frozenset[int], tuple[int, int] | None, tuple[int, ...]]
"""A region as its lane nodes, its cheapest start points (cost, bit mask) and its exits."""


def kept_regions(lanes: SeaLanes, nodes: list[int]) -> set[Region]:
    """The regions of the network kept by the game."""
    members: dict[int, set[int]] = {}
    for node in nodes:
        members.setdefault(lanes.find(node), set()).add(node)
    return {
        (frozenset(group), lanes.launches.get(root), tuple(sorted(lanes.exits.get(root, ()))))
        for root, group in members.items()
    }


def plain_regions(g: EntdeckerState, nodes: list[int], fortified: frozenset[int]) -> set[Region]:
    """The regions found by walking the lines from every lane node, never into or out of a
    fortified square; each region's start points and exits read off its tiles."""
    t = g.tables
    at, tiles = g.map.at, g.map.tiles
    out: set[Region] = set()
    done: set[int] = set()
    for start in nodes:
        if start in done:
            continue
        group = {start}
        todo = [start]
        while todo:
            pos, lane = divmod(todo.pop(), 4)
            if pos in fortified:
                continue
            _, d, r = tiles[at[pos]]
            for edge in t.lane_edges[d][r][lane]:
                q = pos + t.grid.step[edge]
                if q not in at or q in fortified:
                    continue
                _, qd, qr = tiles[at[q]]
                other = t.lane[qd][qr][(edge + 2) % 4]
                if other >= 0 and q * 4 + other not in group:
                    group.add(q * 4 + other)
                    todo.append(q * 4 + other)
        done |= group
        points = []
        for k, sp in enumerate(t.points):
            if sp.pos in at:
                _, d, r = tiles[at[sp.pos]]
                if sp.pos * 4 + t.lane[d][r][sp.edge] in group:
                    points.append(k)
        launch = None
        if points:
            cheapest = min(g.edge_cost[k] for k in points)
            launch = (cheapest, sum(1 << k for k in points if g.edge_cost[k] == cheapest))
        exits = []
        for node in group:
            pos, lane = divmod(node, 4)
            _, d, r = tiles[at[pos]]
            for edge in t.lane_edges[d][r][lane]:
                q = pos + t.grid.step[edge]
                if q not in at and t.grid.on_grid(q):
                    exits.append((pos * 4 + edge) * 4 + lane)
        out.add((frozenset(group), launch, tuple(sorted(exits))))
    return out


def check_network(g: EntdeckerState) -> None:
    """The network kept between turns equals a plain walk's."""
    lanes = routes.network(g)
    t = g.tables
    nodes = [pos * 4 + k for pos, d, r in g.map.tiles for k in range(len(t.lane_edges[d][r]))]
    fortified = frozenset(g.node_pos[node] for node, _, kind in g.units if kind >= routes.FORT)
    assert lanes.fortified == fortified
    kept, plain = kept_regions(lanes, nodes), plain_regions(g, nodes, fortified)
    wrong = sorted(kept - plain, key=lambda region: min(region[0]))
    missing = sorted(plain - kept, key=lambda region: min(region[0]))
    assert not wrong and not missing, (
        f"after {len(g.history())} actions: kept {wrong[:1]}, plain {missing[:1]}"
    )
    unexplored = sum(1 << k for k, p in enumerate(t.points) if p.pos not in g.map.at)
    assert lanes.unexplored == unexplored


def plain_routes(g: EntdeckerState, seat: int) -> dict[Start, set[int]]:
    """Every start from a tile with each (cost, tolls) some route has, and the start points
    such routes come from: a walk over every lane node from every start point, remembering
    each set of tolls paid on the way."""
    t = g.tables
    at, tiles = g.map.at, g.map.tiles
    toll_at, owners = routes.tolls(g, seat)
    found: dict[Start, set[int]] = {}
    for k, sp in enumerate(t.points):
        index = at.get(sp.pos)
        if index is None:
            continue
        _, d, r = tiles[index]
        lane = t.lane[d][r][sp.edge]
        if lane < 0:
            continue
        first = (sp.pos * 4 + lane, toll_at.get(sp.pos, 0))
        seen = {first}
        todo = [first]
        while todo:
            node, mask = todo.pop()
            pos, lane = divmod(node, 4)
            _, d, r = tiles[at[pos]]
            for edge in t.lane_edges[d][r][lane]:
                q = pos + t.grid.step[edge]
                index = at.get(q)
                if index is None:
                    if t.grid.on_grid(q):
                        paid = tuple(sorted(owners[b] for b in range(len(owners)) if mask >> b & 1))
                        found.setdefault((pos, edge, g.edge_cost[k], paid), set()).add(k)
                    continue
                _, qd, qr = tiles[index]
                other = t.lane[qd][qr][(edge + 2) % 4]
                if other >= 0:
                    state = (q * 4 + other, mask | toll_at.get(q, 0))
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
    return found


def offered(found: dict[Start, set[int]]) -> set[Start]:
    """The starts no other route to the same start beats: one costing no more at its start
    point and paying no one more often (ruling 4)."""
    out = set()
    for pos, edge, cost, paid in found:
        beaten = any(
            (p, e) == (pos, edge)
            and c <= cost
            and (c, q) != (cost, paid)
            and not Counter(q) - Counter(paid)
            for p, e, c, q in found
        )
        if not beaten:
            out.add((pos, edge, cost, paid))
    return out


def check_starts(g: EntdeckerState) -> None:
    """The starts listed for each seat are those a walk over every lane finds."""
    t = g.tables
    price = routes.cheapest_tile(g)
    assert price is not None
    for seat in range(g.num_seats):
        listed = routes.start_actions(g, seat)
        gold = g.gold[seat] - price
        edges = [
            a.point for a in listed if type(a) is StartEdge
        ]  # start points with an undiscovered square, in order, that the seat can pay
        assert edges == [
            p.name
            for k, p in enumerate(t.points)
            if p.pos not in g.map.at and g.edge_cost[k] <= gold
        ]
        found = plain_routes(g, seat)
        expected = {
            start for start in offered(found) if start[2] + t.board.toll * len(start[3]) <= gold
        }
        starts: list[Start] = []
        for a in listed:
            if type(a) is not StartTile:
                continue
            k = t.point_index[a.via]
            paid = tuple(int(s) for s in a.tolls.split(",")) if a.tolls else ()
            start = (t.grid.encode(a.x, a.y), "NESW".index(a.heading), g.edge_cost[k], paid)
            assert k in found[start], a  # a route from that start point pays just so
            starts.append(start)
        assert starts == sorted(starts)
        assert set(starts) == expected
        assert len(starts) == len(expected)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), params=PARAMS)
def test_the_network_and_the_starts_match_plain_walks(seed: int, params: dict[str, Any]) -> None:
    for g in starting_positions(seed, params):
        check_network(g)
        check_starts(g)
