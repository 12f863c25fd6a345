"""Legal placements, kept from turn to turn.

The legal placements of a design are, in the frontier's order, every square whose
constraint code some distinct rotation of the design fits, with those rotations in
increasing order. :class:`Placements` keeps them per design and, when asked again
after more tiles were laid, looks again only at the squares those tiles touched (each
one's own square and its neighbours) instead of going over the whole frontier. Laid
tiles never leave, so a square's demands only grow: a design that did not fit a
square never fits it later, which is what keeps the patched list in the frontier's
order.

The first time a design is asked about it goes over the frontier once, touching for
each square only its code and, where the design fits, the square's row of shared
action objects (:meth:`TileTables.row`), which the board keeps next to the frontier.

>>> from terranova.kit.board import TileBoard, TileTables
>>> from terranova.kit.grid import Grid
>>> from terranova.kit.matching import Matcher, turn
>>> land_north = (0, 1, 1, 1)                      # land N, sea E, S, W
>>> grid = Grid(-9, 9, -9, 9)
>>> tables = TileTables(grid, Matcher(labels=2), [[turn(land_north, r) for r in range(4)]],
...                     action=lambda design, pos, r: (grid.decode(pos), r))
>>> board = TileBoard(tables)
>>> legal = Placements(board)
>>> board.place(grid.encode(0, 0), 0, 0)
[]
>>> legal.actions([0])[:3]           # north of the start tile: land on its S edge
[((0, -1), 2), ((1, 0), 0), ((1, 0), 1)]
>>> len(legal.actions([0])), legal.can_place(0)
(10, True)
>>> board.place(grid.encode(0, -1), 0, 2)
[(2, 0)]
>>> len(legal.actions([0]))          # patched: only the squares around (0, -1) changed
18
>>> fitting = {grid.decode(pos): r for pos, r in legal.fitting(0).items()}
>>> {square: fitting[square] for square in [(0, -2), (1, -1), (-1, -1)]}   # the new squares
{(0, -2): (0, 1, 3), (1, -1): (0, 1, 2), (-1, -1): (0, 2, 3)}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Generic, Self, TypeVar

from terranova.kit.board import TileBoard

A = TypeVar("A")

REBUILD_AFTER = 6
"""Tiles laid since a design's placements were listed beyond which listing them afresh
is cheaper than looking at the squares each of those tiles touched."""
KEPT_DESIGNS = 16
"""How many designs' placements are kept at most by default (the least recently listed go
first). A list kept is a list that holds its actions: keep no more than the game may ask
about again (say, the tiles in hands)."""

ROTATIONS = tuple(tuple(r for r in range(4) if m >> r & 1) for m in range(16))
"""The rotations in each rotation mask (rotation r is bit r)."""

Kept = tuple[int, "dict[int, tuple[int, list[Any]]] | None", list[A]]
"""A design's placements: tiles laid when listed, square -> (mask of the rotations that
fit there, the square's row of actions) when patching, and the actions in order."""


class Placements(Generic[A]):
    """The legal placements of designs on ``board``, kept from one call to the next
    for the ``keep`` designs listed last (or until :meth:`keep_only` drops them): asked
    again while no tile was laid, a design's list is the one kept.

    With ``patch``, a listing also notes where the design fits, so that the next one,
    after more tiles were laid, looks only at the squares those tiles touched (and at the
    squares where the design fitted) instead of the whole frontier. Whether that pays
    depends on the game: it saves going over the squares where the design does not fit,
    at the price of keeping the notes; The Discovery lists afresh (its first listing is
    cheap, see :meth:`_make`). A copy shares what is kept (nothing kept is changed in
    place)."""

    __slots__ = ("_board", "_keep", "_kept", "_patching")

    def __init__(self, board: TileBoard[A], keep: int = KEPT_DESIGNS, patch: bool = False) -> None:
        self._board = board
        self._keep = keep
        self._patching = patch
        self._kept: dict[int, Kept[A]] = {}

    def copy(self, board: TileBoard[A]) -> Self:
        """The same placements on ``board`` (a copy of this one's board)."""
        other = object.__new__(type(self))
        other._board = board
        other._keep = self._keep
        other._patching = self._patching
        other._kept = self._kept.copy()
        return other

    def __len__(self) -> int:
        """How many designs' placements are kept."""
        return len(self._kept)

    def actions(self, designs: Iterable[int]) -> list[A]:
        """Every legal placement of each design in turn (a new list)."""
        out: list[A] = []
        for design in designs:
            out.extend(self._current(design)[2])
        return out

    def of(self, design: int) -> list[A]:
        """The legal placements of one design: the kept list itself (do not change it)."""
        kept = self._kept
        if design in kept or self._patching:
            return self._current(design)[2]
        made = self._make(design)  # the common case, in short: a design not kept
        if len(kept) >= self._keep:
            del kept[next(iter(kept))]
        kept[design] = made
        return made[2]

    def fitting(self, design: int) -> dict[int, tuple[int, ...]]:
        """Square -> the distinct rotations of ``design`` fitting there, in the frontier's
        order."""
        kept = self._current(design)
        if kept[1] is None:
            kept = self._kept[design] = self._make_table(design)
        assert kept[1] is not None
        return {pos: ROTATIONS[m] for pos, (m, _) in kept[1].items()}

    def can_place(self, design: int) -> bool:
        """Whether ``design`` fits anywhere (without listing where)."""
        board = self._board
        kept = self._kept.get(design)
        if kept is not None and kept[0] == len(board.tiles):
            return bool(kept[2])
        return any(map(board.tables.masks[design].__getitem__, board.frontier.values()))

    def keep_only(self, designs: Iterable[int]) -> None:
        """Forget the placements of every design not in ``designs``."""
        wanted = set(designs)
        for design in [d for d in self._kept if d not in wanted]:
            del self._kept[design]

    def _current(self, design: int) -> Kept[A]:
        kept = self._kept
        found = kept.get(design)
        laid = len(self._board.tiles)
        if found is None:
            made = self._make_table(design) if self._patching else self._make(design)
            if len(kept) >= self._keep:
                del kept[next(iter(kept))]
        elif found[0] == laid:
            return found
        else:
            del kept[design]
            if found[1] is None:
                made = self._make(design)
            elif laid - found[0] > REBUILD_AFTER:
                made = self._make_table(design)
            else:
                made = self._patch(design, found[0], found[1])
        kept[design] = made
        return made

    def _make(self, design: int) -> Kept[A]:
        """Over the whole frontier, without the square -> rotations table (the first time
        a design is asked about may well be the last), touching for each square only its
        code and, where the design fits, its row of actions."""
        board = self._board
        tables = board.tables
        masks = tables.masks[design]
        slots = tables.slots[design]
        fill = tables.fill
        out: list[A] = []
        append = out.append
        squares = board.squares
        for pos, code in board.frontier.items():
            m = masks[code]
            if m:
                row = squares[pos]
                for i in slots[m]:
                    action = row[i]
                    append(action if action is not None else fill(row, i))
        return len(board.tiles), None, out

    def _make_table(self, design: int) -> Kept[A]:
        """Over the whole frontier, noting where the design fits."""
        board = self._board
        tables = board.tables
        masks = tables.masks[design]
        slots = tables.slots[design]
        fill = tables.fill
        table: dict[int, tuple[int, list[Any]]] = {}
        out: list[A] = []
        append = out.append
        for (pos, code), row in zip(board.frontier.items(), board.squares.values(), strict=True):
            m = masks[code]
            if m:
                table[pos] = (m, row)
                for i in slots[m]:
                    action = row[i]
                    append(action if action is not None else fill(row, i))
        return len(board.tiles), table, out

    def _patch(self, design: int, made: int, old: dict[int, tuple[int, list[Any]]]) -> Kept[A]:
        """Only the squares touched by the tiles laid since, in the order laid. A square
        joins the frontier when a tile is laid across one of its edges, so only those
        squares may be new here; a diagonal neighbour (corners) may have joined only later
        (it is added then) and is only updated."""
        board = self._board
        frontier = board.frontier
        squares = board.squares
        tables = board.tables
        masks = tables.masks[design]
        table = old.copy()
        for index in range(made, len(board.tiles)):
            for k, pos in enumerate(board.touched(index)):
                code = frontier.get(pos)
                m = masks[code] if code is not None else 0
                if m and (k < 5 or pos in table):
                    table[pos] = (m, squares[pos])
                else:
                    table.pop(pos, None)
        slots = tables.slots[design]
        fill = tables.fill
        out: list[A] = []
        append = out.append
        for m, row in table.values():
            for i in slots[m]:
                action = row[i]
                append(action if action is not None else fill(row, i))
        return len(board.tiles), table, out
