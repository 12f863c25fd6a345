"""The sea lanes of the laid tiles, kept up to date as tiles are laid.

A *lane node* is a laid tile's square and one of its white lines (``square * 4 + lane``);
two lane nodes meet where their lines cross the edge between their squares. Listing the
starts of a turn (:mod:`.routes`) needs, from every start point, the lane nodes a ship
reaches and the tolls it pays on the way. Tiles are only ever added, so the lanes that
meet are kept in a union-find as tiles are laid, and the lines that lead out of a laid tile
into an undiscovered square (the *exits*) in a set; a turn's search then walks a graph of
a few nodes instead of every lane on the board.

Tolls are paid per square, so the lanes of a *fortified* square (a fort or a settlement of
anyone on it) are not joined to their neighbours: each stays a node of its own, between
the toll-free regions around it. Units come and go, so the network remembers the squares
it was built for and is rebuilt when they change (:func:`.routes.network`).
"""

from __future__ import annotations

from typing import Any, Self

from terranova.games.entdecker.tables import Tables
from terranova.kit.board import TileBoard
from terranova.kit.regions import Regions


class SeaLanes:
    """Regions of lane nodes joined by unbroken white lines, outside the fortified squares
    (a kit :class:`~terranova.kit.regions.Regions` with no totals: :meth:`find` gives a
    node's region, named by its root), and per region:

    - ``launches``: the cheapest of the start points whose line from the board's edge
      enters it: their cost and the start points (a bit mask);
    - ``exits``: the lines leaving it into an undiscovered square of the board, each
      ``(square * 4 + edge) * 4 + lane`` (so that sorting puts them in square and edge
      order).

    The values are immutable (ints and tuples): a copy shares them.
    """

    __slots__ = ("costs", "exits", "find", "fortified", "launches", "nodes", "unexplored")

    def __init__(self, positions: int, costs: list[int]) -> None:
        self.costs = costs
        """Each start point's cost."""
        self.unexplored = (1 << len(costs)) - 1
        """The start points whose square is undiscovered (a bit mask)."""
        self.nodes = Regions()
        self.nodes.add(positions * 4)
        self.find = self.nodes.find
        """The region of a lane node (its root; a fortified square's lane is its own)."""
        self.launches: dict[int, tuple[int, int]] = {}
        self.exits: dict[int, tuple[int, ...]] = {}
        self.fortified: frozenset[int] = frozenset()
        """The squares whose lanes are kept apart (the fortified squares when last built)."""

    def copy(self) -> Self:
        """An independent copy."""
        other = object.__new__(type(self))
        other.unexplored = self.unexplored
        other.nodes = self.nodes.copy()
        other.find = other.nodes.find
        other.costs = self.costs
        other.launches = self.launches.copy()
        other.exits = self.exits.copy()
        other.fortified = self.fortified
        return other

    def _union(self, a: int, b: int) -> None:
        a, b = self.find(a), self.find(b)
        if a == b:
            return
        if self.nodes.union(a, b) == b:
            a, b = b, a
        launch = self.launches.pop(b, None)
        if launch is not None:
            self._launch(a, *launch)
        exits = self.exits.pop(b, ())
        if exits:
            self.exits[a] = self.exits.get(a, ()) + exits

    def _launch(self, region: int, cost: int, points: int) -> None:
        """Start points of ``cost`` enter ``region``: keep the cheapest."""
        known = self.launches.get(region)
        if known is None or cost < known[0]:
            self.launches[region] = (cost, points)
        elif cost == known[0]:
            self.launches[region] = (cost, known[1] | points)

    def lay(self, t: Tables, board: TileBoard[Any], pos: int) -> None:
        """The tile just laid on ``pos`` closes the exits into it and joins its lanes to
        the lanes they meet (unless either square is fortified)."""
        at, tiles = board.at, board.tiles
        step = t.grid.step
        lane = t.lane
        exits = self.exits
        for edge in range(4):
            index = at.get(pos + step[edge])
            if index is not None:
                p, d, r = tiles[index]
                back = (edge + 2) % 4
                other = lane[d][r][back]
                if other >= 0:
                    root = self.find(p * 4 + other)
                    gone = (p * 4 + back) * 4 + other
                    left = tuple(e for e in exits[root] if e != gone)
                    if left:
                        exits[root] = left
                    else:
                        del exits[root]
        self._record(t, board, pos)
        self._join(t, board, pos)

    def refortify(self, t: Tables, board: TileBoard[Any], fortified: frozenset[int]) -> None:
        """Keep the lanes of the ``fortified`` squares apart from now on: squares no longer
        fortified join their neighbours; if a square is newly fortified, the regions are
        made anew."""
        if fortified - self.fortified:
            self.rebuild(t, board, fortified)
            return
        freed = self.fortified - fortified
        self.fortified = fortified
        for pos in sorted(freed):
            self._join(t, board, pos)

    def rebuild(self, t: Tables, board: TileBoard[Any], fortified: frozenset[int]) -> None:
        """Make the regions anew, keeping the lanes of the ``fortified`` squares apart."""
        size = len(self.nodes)
        nodes = self.nodes = Regions()
        nodes.add(size)
        find = self.find = nodes.find
        self.fortified = fortified
        at, tiles = board.at, board.tiles
        step = t.grid.step
        lane = t.lane
        for pos, d, r in tiles:
            if pos in fortified:
                continue
            for k, edges in enumerate(t.lane_edges[d][r]):
                for edge in edges:
                    q = pos + step[edge]
                    if q < pos:
                        continue  # joined from the other side
                    index = at.get(q)
                    if index is None or q in fortified:
                        continue
                    _, qd, qr = tiles[index]
                    other = lane[qd][qr][(edge + 2) % 4]
                    if other >= 0:
                        nodes.union(pos * 4 + k, q * 4 + other)
        exits: dict[int, tuple[int, ...]] = {}
        for exit in sorted(e for leaving in self.exits.values() for e in leaving):
            root = find((exit >> 4) * 4 + (exit & 3))
            exits[root] = (*exits.get(root, ()), exit)
        self.exits = exits
        self.launches = {}
        for k, sp in enumerate(t.points):
            index = at.get(sp.pos)
            if index is not None:
                _, d, r = tiles[index]
                other = lane[d][r][sp.edge]
                if other >= 0:
                    self._launch(find(sp.pos * 4 + other), self.costs[k], 1 << k)

    def _record(self, t: Tables, board: TileBoard[Any], pos: int) -> None:
        """Note a tile just laid: its start points and exits, on its lane nodes."""
        at = board.at
        grid = t.grid
        step = grid.step
        lane = t.lane
        _, d, r = board.tiles[at[pos]]
        for k, sp in t.points_at.get(pos, ()):
            self.unexplored &= ~(1 << k)
            other = lane[d][r][sp.edge]
            if other >= 0:
                node = pos * 4 + other
                self._launch(node, self.costs[k], 1 << k)
        exits = self.exits
        for k, edges in enumerate(t.lane_edges[d][r]):
            node = pos * 4 + k
            for edge in edges:
                q = pos + step[edge]
                if q not in at and grid.on_grid(q):
                    exits[node] = (*exits.get(node, ()), (pos * 4 + edge) * 4 + k)

    def _join(self, t: Tables, board: TileBoard[Any], pos: int) -> None:
        at, tiles = board.at, board.tiles
        step = t.grid.step
        lane = t.lane
        _, d, r = tiles[at[pos]]
        if pos in self.fortified:
            return
        for k, edges in enumerate(t.lane_edges[d][r]):
            node = pos * 4 + k
            for edge in edges:
                q = pos + step[edge]
                index = at.get(q)
                if index is None or q in self.fortified:
                    continue
                _, qd, qr = tiles[index]
                other = lane[qd][qr][(edge + 2) % 4]
                if other >= 0:
                    self._union(node, q * 4 + other)
