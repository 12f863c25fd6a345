"""The tiles on a square grid and the frontier of empty squares next to them.

:class:`TileBoard` keeps which tile lies where and, for every empty square sharing an
edge with a tile (the *frontier*), the constraint code of its neighbours
(:mod:`terranova.kit.matching`), updated as each tile is laid. Squares touching the
tiles only at a corner are *pending*: their code is kept (diagonal neighbours count
when corners match) but they are not playable until a tile lies next to them.

>>> from terranova.kit.grid import Grid
>>> from terranova.kit.matching import Matcher
>>> faces = [[(0, 0, 1, 1)]]          # one design (rotation 0 only): land N, E; sea S, W
>>> board = TileBoard(TileTables(Grid(-5, 5, -5, 5), Matcher(labels=2), faces, [(0,)]))
>>> board.place(board.grid.encode(0, 0), 0, 0)
[]
>>> [(board.grid.decode(q), code) for q, code in board.frontier.items()]
[((0, -1), 16), ((1, 0), 64), ((0, 1), 2), ((-1, 0), 8)]
>>> board.place(board.grid.encode(1, 0), 0, 0)     # it joins the first tile across W
[(3, 0)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Self, TypeVar

from terranova.kit.grid import Grid
from terranova.kit.matching import Contribution, Face, Matcher, Table

A = TypeVar("A")


class TileTables(Generic[A]):
    """What a board needs of a tile set, built once and shared by every game using it.

    - ``faces[design][rotation]``: the design's face turned ``rotation`` times;
    - ``rotations[design]``: its distinct rotations (default all four; see
      :func:`terranova.kit.matching.distinct_rotations`);
    - ``fits[design][code]``: the distinct rotations fitting a square with that
      constraint code, and ``masks[design][code]`` the same as a bit mask (rotation r
      is bit r; a ``bytes`` for edge codes);
    - what a laid tile asks of its neighbours (``contributions``);
    - with ``action(design, pos, rotation)``, the game's action objects for placements,
      made once each and shared (:meth:`row`, :meth:`action`).
    """

    __slots__ = (
        "_make",
        "adds",
        "contributions",
        "corners",
        "directions",
        "faces",
        "fits",
        "grid",
        "makes_actions",
        "masks",
        "matcher",
        "n",
        "rotations",
        "rows",
        "slots",
    )

    def __init__(
        self,
        grid: Grid,
        matcher: Matcher,
        faces: Sequence[Sequence[Face]],
        rotations: Sequence[tuple[int, ...]] | None = None,
        action: Callable[[int, int, int], A] | None = None,
    ) -> None:
        self.grid = grid
        self.matcher = matcher
        self.corners = matcher.corners
        self.directions = tuple(enumerate(grid.step))
        self.faces = [list(turned) for turned in faces]
        self.n = len(self.faces)
        self.rotations = list(rotations) if rotations is not None else [(0, 1, 2, 3)] * self.n
        self.fits = [
            matcher.fit_table(f, r) for f, r in zip(self.faces, self.rotations, strict=True)
        ]
        self.masks: list[Table[int]] = [
            bytes(_mask(fit) for fit in table) if isinstance(table, list) else _Masks(table)
            for table in self.fits
        ]
        self.contributions: list[list[tuple[Contribution, ...]]] = [
            [matcher.contributions(face) for face in turned] for turned in self.faces
        ]
        # edges only: each edge of a square hears from one neighbour, so demands add up
        self.adds: list[list[tuple[int, ...]]] = [
            [tuple(c[d][0][1] << c[d][0][0] for d in range(4)) for c in rows]
            for rows in self.contributions
        ]
        self.slots = [
            tuple(tuple(4 * d + r for r in range(4) if m >> r & 1) for m in range(16))
            for d in range(self.n)
        ]
        """``slots[design][mask]``: where in a row the actions of those rotations are."""
        self._make = action
        self.makes_actions = action is not None
        self.rows: dict[int, list[Any]] = {}
        """Per square ever next to a tile, its row: ``row[4 * design + rotation]`` is the
        action placing that design there turned that way (None until made), and the last
        item is the square's position."""

    def row(self, pos: int) -> list[Any]:
        """The row of a square (made empty the first time)."""
        row = self.rows.get(pos)
        if row is None:
            row = self.rows[pos] = [None] * (4 * self.n)
            row.append(pos)
        return row

    def action(self, design: int, pos: int, rotation: int) -> A:
        """The one (shared) action placing ``design`` on ``pos`` turned ``rotation``."""
        row = self.row(pos)
        found: A | None = row[4 * design + rotation]
        if found is None:
            if self._make is None:
                raise TypeError("these tables make no actions")
            found = row[4 * design + rotation] = self._make(design, pos, rotation)
        return found

    def fill(self, row: list[Any], slot: int) -> A:
        """Make the action of an empty ``slot`` of a square's ``row`` (a listing's way to
        :meth:`action`, the row in hand): ``slot`` is ``4 * design + rotation``."""
        if self._make is None:
            raise TypeError("these tables make no actions")
        design, rotation = divmod(slot, 4)
        action: A = self._make(design, row[-1], rotation)
        row[slot] = action
        return action


def _mask(rotations: tuple[int, ...]) -> int:
    return sum(1 << r for r in rotations)


class _Masks(dict[int, int]):
    """A fit table as rotation bit masks (rotation r is bit r), filled in on lookup."""

    def __init__(self, fits: Table[tuple[int, ...]]) -> None:
        super().__init__()
        self._fits = fits

    def __missing__(self, code: int) -> int:
        value = self[code] = _mask(self._fits[code])
        return value


class TileBoard(Generic[A]):
    """Tiles on a grid.

    - ``at``: position -> tile index; ``tiles``: (position, design, rotation) in the
      order laid;
    - ``frontier``: every empty square sharing an edge with a tile -> its constraint
      code, in the order the squares joined it;
    - ``squares``: the same squares in the same order -> their row of actions
      (:meth:`TileTables.row`), when the tables make actions;
    - ``pending``: squares touching tiles only at a corner -> their code (only when
      corners match).
    """

    __slots__ = ("at", "frontier", "grid", "pending", "squares", "tables", "tiles")

    def __init__(self, tables: TileTables[A]) -> None:
        self.tables = tables
        self.grid = tables.grid
        self.at: dict[int, int] = {}
        self.tiles: list[tuple[int, int, int]] = []
        self.frontier: dict[int, int] = {}
        self.squares: dict[int, list[Any]] = {}
        self.pending: dict[int, int] = {}

    def copy(self) -> Self:
        """An independent copy (the tables are shared)."""
        other = object.__new__(type(self))
        other.tables = self.tables
        other.grid = self.grid
        other.at = self.at.copy()
        other.tiles = self.tiles[:]
        other.frontier = self.frontier.copy()
        other.squares = self.squares.copy()
        # without corners nothing is ever pending: the empty dict can be shared
        other.pending = self.pending.copy() if self.tables.corners else self.pending
        return other

    def place(self, pos: int, design: int, rotation: int) -> list[tuple[int, int]]:
        """Lay a tile on the empty square ``pos`` (legality is the caller's to check) and
        update the frontier. Returns the tiles it now shares an edge with, as (edge of the
        new tile, index of the other tile), in the order N, E, S, W."""
        at = self.at
        at[pos] = len(self.tiles)
        self.tiles.append((pos, design, rotation))
        frontier = self.frontier
        squares = self.squares
        tables = self.tables
        rows = tables.rows if tables.makes_actions else None
        frontier.pop(pos, None)
        squares.pop(pos, None)
        grid = self.grid
        cells = grid.cells
        rim = cells[pos] != 2  # some neighbours may be off the grid
        joins: list[tuple[int, int]] = []
        if not tables.corners:
            adds = tables.adds[design][rotation]
            for direction, delta in tables.directions:
                q = pos + delta
                j = at.get(q)
                if j is not None:
                    joins.append((direction, j))
                elif not rim or cells[q]:
                    code = frontier.get(q)
                    if code is None:
                        frontier[q] = adds[direction]
                        if rows is not None:
                            squares[q] = rows.get(q) or tables.row(q)
                    else:
                        frontier[q] = code + adds[direction]
            return joins
        self.pending.pop(pos, None)
        add = tables.matcher.add
        contrib = tables.contributions[design][rotation]
        for direction, delta in enumerate(grid.step):
            q = pos + delta
            j = at.get(q)
            if j is not None:
                joins.append((direction, j))
            elif not rim or cells[q]:
                code = frontier.get(q)
                if code is None:
                    code = self.pending.pop(q, 0)
                    if rows is not None:
                        squares[q] = rows.get(q) or tables.row(q)
                frontier[q] = add(code, contrib[direction])
        for corner, delta in enumerate(grid.diagonal):
            q = pos + delta
            if q in at or (rim and not cells[q]):
                continue
            if q in frontier:
                frontier[q] = add(frontier[q], contrib[4 + corner])
            else:
                self.pending[q] = add(self.pending.get(q, 0), contrib[4 + corner])
        return joins

    def touched(self, index: int) -> list[int]:
        """The squares whose state the ``index``-th tile changed: its own, then its
        orthogonal neighbours N, E, S, W, then (corners) its diagonal ones."""
        pos = self.tiles[index][0]
        out = [pos]
        out.extend(pos + delta for delta in self.grid.step)
        if self.tables.matcher.corners:
            out.extend(pos + delta for delta in self.grid.diagonal)
        return out
