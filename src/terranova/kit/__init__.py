"""The tile kit: what tile-laying games on a square grid share (no I/O in the rules parts).

- :mod:`~terranova.kit.grid`: positions as ints, orthogonal and diagonal neighbours,
  bounded grids (a table of any size, Entdecker's 12 x 8 board);
- :mod:`~terranova.kit.matching`: tile faces (labels on edges, and on corners when they
  count), rotations, constraint codes of empty squares and per-design tables of the
  distinct rotations fitting each code;
- :mod:`~terranova.kit.board`: the tiles laid and the frontier of empty squares next to
  them with their codes (:class:`TileBoard`), on tables built once per tile set
  (:class:`TileTables`);
- :mod:`~terranova.kit.placements`: legal placements kept from turn to turn;
- :mod:`~terranova.kit.regions`: territories as a union-find with per-territory totals;
- :mod:`~terranova.kit.schema`: tile files (and other lists of named items) checked with
  pydantic;
- :mod:`~terranova.kit.svg`: drawing tiles as SVG.

The browser's side is ``server/static/kit/`` (the board layer and the tile shapes).
docs/architecture.md, "The tile kit", says how a game uses them.

>>> from terranova.kit import Grid, Matcher, Placements, TileBoard, TileTables, turn
>>> grid = Grid(-5, 5, -5, 5)
>>> crossing = (0, 1, 0, 1)                  # land N and S, sea E and W
>>> tables = TileTables(grid, Matcher(labels=2), [[turn(crossing, r) for r in range(4)]],
...                     [(0, 1)], action=lambda design, pos, r: (grid.decode(pos), r))
>>> board = TileBoard(tables)
>>> board.place(grid.encode(0, 0), 0, 0)
[]
>>> Placements(board).actions([0])
[((0, -1), 0), ((1, 0), 0), ((0, 1), 0), ((-1, 0), 0)]
"""

from terranova.kit.board import TileBoard, TileTables
from terranova.kit.grid import Grid
from terranova.kit.matching import Matcher, distinct_rotations, turn
from terranova.kit.placements import Placements
from terranova.kit.regions import JOIN, KEEP, OR, SUM, Regions

__all__ = [
    "JOIN",
    "KEEP",
    "OR",
    "SUM",
    "Grid",
    "Matcher",
    "Placements",
    "Regions",
    "TileBoard",
    "TileTables",
    "distinct_rotations",
    "turn",
]
