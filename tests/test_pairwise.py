"""The pairwise cover the whole-game tests use (tests/pairwise.py): every pair of values of
two dimensions meets in some row, the rows are far fewer than the product, and the same
dimensions give the same rows."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from tests.pairwise import pairwise

SHAPES = [
    [2],
    [3, 1],
    [2, 2],
    [2, 2, 2],
    [4, 3, 2, 2],
    [19, 4, 2, 2, 3],
    [19, 9],
    [5, 5, 5, 5],
    [3, 2, 2, 2, 2, 2, 2, 2],
]


def dimensions(sizes: list[int]) -> list[list[str]]:
    return [[f"d{d}v{v}" for v in range(size)] for d, size in enumerate(sizes)]


def unmet(dims: list[list[str]], rows: list[tuple[str, ...]]) -> list[tuple[str, str]]:
    """The pairs of values of two dimensions that no row meets."""
    seen = {(row[i], row[j]) for row in rows for i, j in combinations(range(len(dims)), 2)}
    return [
        (a, b)
        for i, j in combinations(range(len(dims)), 2)
        for a, b in product(dims[i], dims[j])
        if (a, b) not in seen
    ]


@pytest.mark.parametrize("sizes", SHAPES, ids=["x".join(map(str, s)) for s in SHAPES])
def test_every_pair_of_values_meets(sizes: list[int]) -> None:
    dims = dimensions(sizes)
    rows = pairwise(dims)
    assert all(len(row) == len(dims) for row in rows)
    assert all(row[d] in dims[d] for row in rows for d in range(len(dims)))
    assert unmet(dims, rows) == []
    assert {row[d] for row in rows for d in range(len(dims))} == {v for d in dims for v in d}


def test_random_shapes_are_covered() -> None:
    rng = random.Random(33)
    for _ in range(40):
        sizes = [rng.randint(1, 6) for _ in range(rng.randint(2, 6))]
        dims = dimensions(sizes)
        assert unmet(dims, pairwise(dims)) == []


def test_the_cover_is_small() -> None:
    # the two largest dimensions bound it from below; the greedy rows stay close to that
    assert len(pairwise(dimensions([5, 5, 5, 5]))) <= 35  # of 625 (25 at best)
    assert len(pairwise(dimensions([19, 4, 2, 2, 3]))) <= 19 * 4 + 8  # of 912
    assert len(pairwise(dimensions([19, 9]))) == 19 * 9  # two dimensions: the product


def test_the_rows_are_the_same_every_time() -> None:
    dims = dimensions([4, 3, 2, 2])
    assert pairwise(dims) == pairwise(dims)
    assert pairwise([]) == [()]
    assert pairwise([[1, 2, 3]]) == [(1,), (2,), (3,)]
    with pytest.raises(ValueError):
        pairwise([[1], []])
