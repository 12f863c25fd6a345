"""Entdecker's tables, built once per set of components on the tile kit.

The board is a kit :class:`~terranova.kit.grid.Grid` of 12 x 8 squares; tiles match on
edges only, each edge land (0) or water (1); a design's distinct rotations are those that
look different (land pieces and sea lanes). Start points lie on the outer side of every
square on the rim.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from terranova.core.actions import Action
from terranova.games.entdecker.actions import (
    Announce,
    Fill,
    Layout,
    Place,
    Reveal,
    Roll,
    StartEdge,
    Take,
    Token,
    Trek,
)
from terranova.games.entdecker.components import EDGE_NAMES, Components
from terranova.kit.board import TileTables
from terranova.kit.grid import E, Grid, N, S, W
from terranova.kit.matching import Matcher, distinct_rotations

LAND, WATER = 0, 1
MATCHER = Matcher(labels=2)


@dataclass(frozen=True)
class StartPoint:
    """A start point: its name (``N3``), the square inside it, the square's outer edge
    and what a route from it costs."""

    name: str
    pos: int
    edge: int
    cost: int


class Tables:
    """Per set of components: faces, rotations, land pieces and lanes per rotation, the kit's
    board tables, start points and shared action objects."""

    def __init__(self, components: Components) -> None:
        self.components = components
        tiles, board = components.tiles, components.board
        self.board = board
        self.grid = grid = Grid(0, board.width - 1, 0, board.height - 1)
        designs = tiles.designs
        self.designs = designs
        self.n = len(designs)
        self.ids = [d.id for d in designs]
        self.index = {d.id: i for i, d in enumerate(designs)}
        self.piece = [[d.edge_piece(r) for r in range(4)] for d in designs]
        """``piece[d][r][edge]``: the land piece on that edge (-1: water)."""
        self.lane = [[d.edge_lane(r) for r in range(4)] for d in designs]
        """``lane[d][r][edge]``: the lane on that edge (-1: none)."""
        self.lane_edges = [
            [tuple(tuple((e + r) % 4 for e in lane) for lane in d.lanes) for r in range(4)]
            for d in designs
        ]
        self.n_pieces = [len(d.land) for d in designs]
        self.piece_edges = [
            [tuple(tuple((e + r) % 4 for e in p) for p in d.land) for r in range(4)]
            for d in designs
        ]
        faces = [
            [tuple(LAND if p >= 0 else WATER for p in self.piece[i][r]) for r in range(4)]
            for i in range(self.n)
        ]
        self.rotations: list[tuple[int, ...]] = []
        self.same_as: list[tuple[int, ...]] = []
        for d in designs:
            rotations, same = distinct_rotations(d.signature)
            self.rotations.append(rotations)
            self.same_as.append(same)
        self.tiles: TileTables[Action] = TileTables(
            grid, MATCHER, faces, self.rotations, self._make_place
        )
        self.fits = self.tiles.fits
        self.bonus = [d.bonus for d in designs]
        self.event = [d.event for d in designs]
        self.hidden = [d.count if d.stack == "hidden" else 0 for d in designs]
        self.open_design = [-1] * 7
        self.open_count = [0] * 7
        for i, d in enumerate(designs):
            if d.stack == "open":
                self.open_design[d.number] = i
                self.open_count[d.number] = d.count
        self.open_numbers = tuple((str(k), k) for k in range(1, 7) if self.open_design[k] >= 0)
        """The open stacks' numbers, as the views name them and as they index them."""
        self.setup = [d.count if d.stack == "setup" else 0 for d in designs]
        # start points: N and S by column, E and W by row
        points = []
        for side, edge in (("N", N), ("E", E), ("S", S), ("W", W)):
            cost = board.edge_costs[side]
            span = board.width if side in "NS" else board.height
            for k in range(span):
                x = k if side in "NS" else (board.width - 1 if side == "E" else 0)
                y = k if side in "EW" else (0 if side == "N" else board.height - 1)
                points.append(StartPoint(f"{side}{k}", grid.encode(x, y), edge, cost))
        self.points = tuple(points)
        self.point_index = {p.name: i for i, p in enumerate(points)}
        xy = [grid.decode(p.pos) for p in points]
        self.nearest_points: dict[int, tuple[int, ...]] = {}
        """Square -> the start points, nearest first (by rows and columns, then in order)."""
        for y in range(board.height):
            for x in range(board.width):
                self.nearest_points[grid.encode(x, y)] = tuple(
                    sorted(
                        range(len(points)),
                        key=lambda k: (abs(xy[k][0] - x) + abs(xy[k][1] - y), k),
                    )
                )
        self.points_at: dict[int, list[tuple[int, StartPoint]]] = {}
        """Square -> its start points (index and point)."""
        for k, p in enumerate(points):
            self.points_at.setdefault(p.pos, []).append((k, p))
        self.squares = [grid.encode(x, y) for y in range(board.height) for x in range(board.width)]
        self.beside = {
            q: tuple((e, q + grid.step[e]) for e in range(4) if grid.on_grid(q + grid.step[e]))
            for q in self.squares
        }
        """Square -> its neighbours on the board, each (the edge towards it, its square)."""
        # shared actions
        self.reveals = [Reveal(i) for i in self.ids]
        self.fills = [Fill(i) for i in self.ids]
        self.takes = [Take(k) for k in range(7)]
        self.edge_starts = [StartEdge(p.name) for p in points]
        self.region_starts: dict[Any, list[tuple[tuple[int, int], Action]]] = {}
        """A region's exits and routes -> its starts, made when first met (:mod:`.routes`)."""
        self.rolls = {face: Roll(face) for face in board.faces}
        die = board.faces
        self.roll_outcomes: list[tuple[Action, float]] = [
            (self.rolls[f], die.count(f) / len(die)) for f in dict.fromkeys(die)
        ]
        """The die's outcomes with their probabilities, in the order of the faces."""
        self.announces = {
            kind: [Announce(count, kind) for count in range(1, sum(d.count for d in designs) + 1)]
            for kind in ("hidden", "open")
        }
        """Per kind, the announcements of 1, 2, ... tiles (made once)."""
        self.treks = [Trek(p.id) for p in board.paths]
        self.path_index = {p.id: i for i, p in enumerate(board.paths)}
        self.tokens = [Token(t.id) for t in board.tokens]
        self.token_mean = sum(t.value for t in board.tokens) / len(board.tokens)
        """The mean value of the produce tokens (a token not seen is worth as much)."""
        self.token_index = {t.id: i for i, t in enumerate(board.tokens)}
        self.layouts = [Layout(layout.id) for layout in board.layouts]
        self.layout_index = {layout.id: i for i, layout in enumerate(board.layouts)}

    def _make_place(self, design: int, pos: int, rotation: int) -> Place:
        x, y = self.grid.decode(pos)
        return Place(self.ids[design], x, y, rotation)

    def where(self, pos: int) -> str:
        """``x,y`` of a square."""
        x, y = self.grid.xy[pos]
        return f"{x},{y}"


_COMPILED: dict[int, tuple[Components, Tables]] = {}
"""The tables made so far, by the identity of their components (kept with them, so that
the identity stays theirs)."""


def compiled(components: Components) -> Tables:
    """The compiled tables of ``components``: made once, when first asked for, and shared by
    every game on them."""
    made = _COMPILED.get(id(components))
    if made is None:
        made = _COMPILED[id(components)] = (components, Tables(components))
    return made[1]


def heading(edge: int) -> str:
    """The letter of an edge."""
    return EDGE_NAMES[edge]
