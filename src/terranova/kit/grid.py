"""Square grids: positions as integers, orthogonal and diagonal neighbours.

A position packs (x, y) into one int, so that a neighbour is an addition and
positions are cheap dictionary keys. x grows to the east, y to the **south**.
Directions are numbered clockwise from north; corners likewise from the
north-east, corner ``c`` lying between edge ``c`` and edge ``c + 1``:

>>> [EDGE_NAMES[d] for d in range(4)], [CORNER_NAMES[c] for c in range(4)]
(['N', 'E', 'S', 'W'], ['NE', 'SE', 'SW', 'NW'])
>>> grid = Grid(0, 11, 0, 7)               # Entdecker's board: 12 x 8 squares
>>> pos = grid.encode(3, 0)
>>> grid.decode(pos), grid.decode(pos + grid.step[E])
((3, 0), (4, 0))
>>> [grid.decode(q) for q in grid.neighbours(pos)]   # N is off the board
[(4, 0), (3, 1), (2, 0)]
>>> [grid.decode(q) for q in grid.diagonal_neighbours(pos)]
[(4, 1), (2, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator

N, E, S, W = 0, 1, 2, 3
"""Edge (and orthogonal direction) numbers, clockwise from north."""
NE, SE, SW, NW = 0, 1, 2, 3
"""Corner (and diagonal direction) numbers, clockwise from north-east."""
EDGE_NAMES = ("N", "E", "S", "W")
CORNER_NAMES = ("NE", "SE", "SW", "NW")
OPPOSITE = (2, 3, 0, 1)
"""The opposite edge (or corner) of each edge (or corner)."""
EDGE_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""(dx, dy) of the orthogonal neighbour across each edge."""
CORNER_STEP = ((1, -1), (1, 1), (-1, 1), (-1, -1))
"""(dx, dy) of the diagonal neighbour beyond each corner."""


class Grid:
    """A rectangle of squares, ``min_x..max_x`` by ``min_y..max_y`` (bounds included).

    Positions are ``(y + oy) * stride + (x + ox)``; one ring of squares around the
    rectangle still encodes (so a neighbour of any square does), though it is not
    :meth:`on_grid`. ``step[d]`` and ``diagonal[c]`` are the position offsets of the
    neighbour across edge ``d`` and beyond corner ``c``.

    >>> table = Grid(-119, 119, -119, 119)     # The Discovery's table
    >>> table.decode(table.encode(-119, 5)), table.on_grid(table.encode(0, 120))
    ((-119, 5), False)
    """

    __slots__ = (
        "_xy",
        "cells",
        "diagonal",
        "max_x",
        "max_y",
        "min_x",
        "min_y",
        "ox",
        "oy",
        "step",
        "stride",
    )

    def __init__(self, min_x: int, max_x: int, min_y: int, max_y: int) -> None:
        if min_x > max_x or min_y > max_y:
            raise ValueError("an empty grid")
        self.min_x, self.max_x, self.min_y, self.max_y = min_x, max_x, min_y, max_y
        self.ox = 1 - min_x
        self.oy = 1 - min_y
        self.stride = max_x - min_x + 3
        self.step = tuple(dy * self.stride + dx for dx, dy in EDGE_STEP)
        self.diagonal = tuple(dy * self.stride + dx for dx, dy in CORNER_STEP)
        rows = max_y - min_y + 3
        self.cells = bytearray(rows * self.stride)
        """Per position: 0 off the grid, 1 on its border, 2 inside (all neighbours on it)."""
        for y in range(min_y, max_y + 1):
            for x in range(min_x, max_x + 1):
                inside = min_x < x < max_x and min_y < y < max_y
                self.cells[self.encode(x, y)] = 2 if inside else 1
        self._xy: tuple[tuple[int, int], ...] | None = None

    def encode(self, x: int, y: int) -> int:
        """The position of square (x, y) (on the grid or in the ring around it)."""
        return (y + self.oy) * self.stride + x + self.ox

    def decode(self, pos: int) -> tuple[int, int]:
        """The (x, y) of a position."""
        y, x = divmod(pos, self.stride)
        return x - self.ox, y - self.oy

    @property
    def xy(self) -> tuple[tuple[int, int], ...]:
        """The (x, y) of every position, by position: :meth:`decode` as a lookup, for code
        that decodes every tile of a map at each call (the views). Made on first use.

        >>> grid = Grid(0, 11, 0, 7)
        >>> grid.xy[grid.encode(3, 5)]
        (3, 5)
        """
        if self._xy is None:
            self._xy = tuple(self.decode(pos) for pos in range(len(self.cells)))
        return self._xy

    def contains(self, x: int, y: int) -> bool:
        """Whether square (x, y) is on the grid."""
        return self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y

    def on_grid(self, pos: int) -> bool:
        """Whether a position is on the grid (not in the ring around it)."""
        return 0 <= pos < len(self.cells) and self.cells[pos] > 0

    def inner(self, pos: int) -> bool:
        """Whether all eight neighbours of a square are on the grid (no bounds to check)."""
        return 0 <= pos < len(self.cells) and self.cells[pos] == 2

    def neighbours(self, pos: int) -> Iterator[int]:
        """The orthogonal neighbours on the grid, in the order N, E, S, W."""
        for delta in self.step:
            if self.on_grid(pos + delta):
                yield pos + delta

    def diagonal_neighbours(self, pos: int) -> Iterator[int]:
        """The diagonal neighbours on the grid, in the order NE, SE, SW, NW."""
        for delta in self.diagonal:
            if self.on_grid(pos + delta):
                yield pos + delta
