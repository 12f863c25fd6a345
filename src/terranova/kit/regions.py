"""Territories as a union-find over region nodes, with totals each game chooses.

Every region of every laid tile is a *node*, numbered in the order added. Joining
two nodes (their edges meet) merges their territories; each territory's root holds
the game's totals, each merged by its kind: ``SUM`` (open edges, cities, followers),
``OR`` (a bit mask, e.g. of the tiles covered, so a tile counts once), ``JOIN``
(tuples concatenated, e.g. the grassland nodes a mountain touches) or ``KEEP`` (the
root keeps its own value, e.g. a terrain every node of the territory shares). The
root of two merged territories is the lower of the two roots.

>>> regions = Regions(("open", SUM), ("tiles", OR))
>>> regions.add(2, (3, 1), (1, 1))         # tile 0: two regions with 3 and 1 open edges
0
>>> regions.add(1, (4,), (2,))             # tile 1: one region with 4 open edges
2
>>> root = regions.union(0, 2)
>>> regions.total["open"][root] -= 2       # the two edges that met are closed
>>> root, regions.total["open"][root], regions.total["tiles"][root].bit_count()
(0, 5, 2)
>>> regions.find(2), regions.territories()
(0, {0: [0, 2], 1: [1]})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

SUM, OR, JOIN, KEEP = "sum", "or", "join", "keep"
"""How a total merges when two territories join."""


class Regions:
    """A union-find over region nodes with per-territory totals.

    ``totals`` are (name, kind) pairs. ``columns[i]`` holds total ``i`` per node (read
    it at a root for the territory's total); ``total[name]`` is the same list by name.
    :meth:`add` takes the new nodes' values of each total in that order.
    """

    __slots__ = ("_kinds", "columns", "names", "parent")

    def __init__(self, *totals: tuple[str, str]) -> None:
        for name, kind in totals:
            if kind not in (SUM, OR, JOIN, KEEP):
                raise ValueError(f"total {name!r}: unknown kind {kind!r}")
        self.names = tuple(name for name, _ in totals)
        self._kinds = tuple(  # the columns that sum, that or, that join
            tuple(i for i, (_, kind) in enumerate(totals) if kind == wanted)
            for wanted in (SUM, OR, JOIN)
        )
        self.parent: list[int] = []
        self.columns: list[list[Any]] = [[] for _ in totals]

    @property
    def total(self) -> dict[str, list[Any]]:
        """Each total's column by name."""
        return dict(zip(self.names, self.columns, strict=True))

    def copy(self) -> Self:
        """An independent copy."""
        other = object.__new__(type(self))
        other.names = self.names
        other._kinds = self._kinds
        other.parent = self.parent[:]
        other.columns = list(map(list.copy, self.columns))
        return other

    def __len__(self) -> int:
        return len(self.parent)

    def add(self, count: int, *values: Sequence[Any]) -> int:
        """Add ``count`` nodes, each its own territory, with one sequence of ``count``
        values per total; returns the first new node's number."""
        base = len(self.parent)
        self.parent.extend(range(base, base + count))
        columns = self.columns
        if len(values) != len(columns):
            raise ValueError(f"{len(columns)} totals, {len(values)} given")
        for column, new in zip(columns, values):  # noqa: B905 (checked above)
            column.extend(new)
        return base

    def find(self, node: int) -> int:
        """The root of a node's territory."""
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    def union(self, a: int, b: int) -> int:
        """Merge the territories of ``a`` and ``b``; returns the root (the lower one)."""
        parent = self.parent
        while parent[a] != a:  # find, inlined (this runs for every edge laid against another)
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a == b:
            return a
        if a > b:
            a, b = b, a
        parent[b] = a
        columns = self.columns
        sums, ors, joins = self._kinds
        for i in sums:
            column = columns[i]
            column[a] += column[b]
        for i in ors:
            column = columns[i]
            column[a] |= column[b]
        for i in joins:
            column = columns[i]
            if column[b]:
                column[a] = column[a] + column[b]
        return a

    def territories(self) -> dict[int, list[int]]:
        """Every territory as root -> its nodes."""
        out: dict[int, list[int]] = {}
        for node in range(len(self.parent)):
            out.setdefault(self.find(node), []).append(node)
        return out
