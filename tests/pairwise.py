"""Pairwise cover: a few rows of values, one a dimension, in which every pair of values of
two dimensions meets at least once. The whole-game tests run their combinations this way
in ``make test`` (a product of four dimensions of 5 values each is 625 rows; a pairwise
cover of them takes about 30); the full product is their ``slow`` tier.

Greedy and deterministic (the same dimensions give the same rows, in the same order, in
every process: pytest-xdist's workers must collect the same tests): each row starts from the
first pair not met yet, then takes, dimension by dimension, the value that meets the most
pairs not met yet (the first such value on a tie).

>>> rows = pairwise([[1, 2], ["a", "b"], [True, False]])
>>> len(rows), rows[0]
(4, (1, 'a', True))
>>> pairwise([[1, 2, 3]])
[(1,), (2,), (3,)]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

Pair = tuple[int, int, int, int]
"""Two dimensions and a value's index in each (the first dimension the lower)."""


def pairs_of(sizes: Sequence[int]) -> set[Pair]:
    """Every pair of values of two dimensions, as indices."""
    return {
        (i, a, j, b)
        for i, j in combinations(range(len(sizes)), 2)
        for a in range(sizes[i])
        for b in range(sizes[j])
    }


def met(row: Sequence[int]) -> set[Pair]:
    """The pairs a row of value indices meets."""
    return {(i, row[i], j, row[j]) for i, j in combinations(range(len(row)), 2)}


def gain(left: set[Pair], row: Sequence[int | None], d: int, value: int) -> int:
    """How many pairs not met yet ``value`` in dimension ``d`` meets with ``row``'s values."""
    return sum(
        (min(d, e), value if d < e else x, max(d, e), x if d < e else value) in left
        for e, x in enumerate(row)
        if x is not None and e != d
    )


def pairwise(dimensions: Sequence[Sequence[Any]]) -> list[tuple[Any, ...]]:
    """Rows (one value of each dimension, in order) that meet every pair of values of any
    two dimensions; with one dimension, each of its values once; with none, one empty row.
    Every dimension needs at least one value."""
    sizes = [len(values) for values in dimensions]
    if any(size == 0 for size in sizes):
        raise ValueError("a dimension without values")
    if len(sizes) < 2:
        return [tuple(values[k] for values in dimensions) for k in range(max(sizes, default=1))]
    left = pairs_of(sizes)
    rows: list[list[int]] = []
    while left:
        i, a, j, b = min(left)
        row: list[int | None] = [None] * len(sizes)
        row[i], row[j] = a, b
        for d in range(len(sizes)):
            if row[d] is None:
                row[d] = max(range(sizes[d]), key=lambda v, d=d: (gain(left, row, d, v), -v))
        done = [int(x) for x in row if x is not None]
        left -= met(done)
        rows.append(done)
    return [tuple(dimensions[d][k] for d, k in enumerate(row)) for row in rows]
