"""The tile kit against brute force: random tiles laid at random on a grid.

Legal placements come from the kit's incremental frontier (asked about at irregular
intervals, so that kept lists are patched as well as made afresh) and from a brute force
written from the rules alone: every empty square sharing an edge with a tile, every
distinct rotation, every edge (and, when corners count, every corner) shared with a
neighbour of the same label. Territories come from the union-find and from a flood fill.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from terranova.kit.board import TileBoard, TileTables
from terranova.kit.grid import CORNER_STEP, EDGE_STEP, OPPOSITE, Grid
from terranova.kit.matching import Face, Matcher, distinct_rotations, turn
from terranova.kit.placements import KEPT_DESIGNS, Placements
from terranova.kit.regions import JOIN, KEEP, OR, SUM, Regions

Action = tuple[int, int, int, int]  # design, x, y, rotation


def random_faces(rng: random.Random, designs: int, labels: int, corners: bool) -> list[Face]:
    faces = []
    for _ in range(designs):
        edges = [rng.randrange(labels) for _ in range(4)]
        if corners:  # a corner takes the label of one of its two edges, as islands do
            corner_labels = [rng.choice((edges[c], edges[(c + 1) % 4])) for c in range(4)]
            faces.append((*edges, *corner_labels))
        else:
            faces.append(tuple(edges))
    # a few symmetric designs, so that rotations get de-duplicated
    faces[0] = (0,) * len(faces[0])
    faces[1] = (0, 1, 0, 1, 0, 0, 0, 0)[: len(faces[1])]
    return faces


def shared_slots(offset: tuple[int, int], corners: bool) -> list[tuple[int, int]]:
    """(my slot, its slot) pairs that must match with the tile at ``offset``."""
    pairs = []
    if offset in EDGE_STEP:
        e = EDGE_STEP.index(offset)
        pairs.append((e, OPPOSITE[e]))
    if corners:
        for c, (sx, sy) in enumerate(CORNER_STEP):
            theirs = (sx - 2 * offset[0], sy - 2 * offset[1])
            if theirs in CORNER_STEP:
                pairs.append((4 + c, 4 + CORNER_STEP.index(theirs)))
    return pairs


def brute_force(
    grid: Grid,
    faces: Sequence[Face],
    rotations: Sequence[Sequence[int]],
    tiles: dict[tuple[int, int], Face],
    design: int,
    corners: bool,
) -> set[Action]:
    squares = set()
    for x, y in tiles:
        for dx, dy in EDGE_STEP:
            q = (x + dx, y + dy)
            if q not in tiles and grid.contains(*q):
                squares.add(q)
    out = set()
    offsets = [*EDGE_STEP, *CORNER_STEP]
    for x, y in squares:
        for r in rotations[design]:
            mine = turn(faces[design], r)
            ok = True
            for dx, dy in offsets:
                other = tiles.get((x + dx, y + dy))
                if other is None:
                    continue
                for my_slot, its_slot in shared_slots((dx, dy), corners):
                    if mine[my_slot] != other[its_slot]:
                        ok = False
            if ok:
                out.add((design, x, y, r))
    return out


@pytest.mark.parametrize("corners", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_placements_match_brute_force(corners: bool, seed: int) -> None:
    rng = random.Random(seed)
    labels = 3 if not corners else 2
    faces = random_faces(rng, 12, labels, corners)
    rotations = [distinct_rotations(lambda r, f=f: turn(f, r))[0] for f in faces]
    grid = Grid(-4, 4, -3, 3) if seed % 2 else Grid(0, 11, 0, 7)  # small, or Entdecker's
    tables = TileTables(
        grid, Matcher(labels, corners), [[turn(f, r) for r in range(4)] for f in faces],
        rotations, lambda d, pos, r: (d, *grid.decode(pos), r),
    )  # fmt: skip
    board = TileBoard(tables)
    legal = Placements(board, keep=6 + seed, patch=seed % 2 == 0)
    start = grid.encode(grid.min_x + 4, grid.min_y + 3)
    board.place(start, 0, 0)
    tiles = {grid.decode(start): turn(faces[0], 0)}
    copies: list[tuple[TileBoard[Action], Placements[Action], int, set[Action]]] = []
    for step in range(60):
        asked = rng.sample(range(len(faces)), 3)
        for design in asked:
            expected = brute_force(grid, faces, rotations, tiles, design, corners)
            listed = legal.actions([design])
            assert len(listed) == len(set(listed)) and set(listed) == expected, (step, design)
            assert legal.can_place(design) == bool(expected)
            # in the frontier's order, rotations in increasing order
            order = {pos: k for k, pos in enumerate(board.frontier)}
            keys = [(order[grid.encode(x, y)], r) for _, x, y, r in listed]
            assert keys == sorted(keys)
        assert list(board.frontier) == list(board.squares)
        if step % 10 == 3:  # a copy keeps what it had, whatever happens to the original
            copy_board = board.copy()
            copy_legal = legal.copy(copy_board)
            copies.append((copy_board, copy_legal, asked[0], set(legal.actions([asked[0]]))))
        options = [a for d in asked for a in legal.actions([d])]
        if not options:
            continue
        design, x, y, r = rng.choice(options)
        board.place(grid.encode(x, y), design, r)
        tiles[(x, y)] = turn(faces[design], r)
    for _, copy_legal, design, listed in copies:
        assert set(copy_legal.actions([design])) == listed
    assert len(legal) <= 6 + seed < KEPT_DESIGNS


def test_a_conflict_at_a_corner_leaves_the_square_unplayable() -> None:
    matcher = Matcher(labels=2, corners=True)
    land = (0,) * 8
    sea = (1,) * 8
    code = matcher.require(0, 4, land)  # land beyond the NE corner
    code = matcher.require(code, 0, sea)  # sea across the N edge: the NE corner clashes
    assert code == matcher.conflict
    assert not matcher.fits(land, code) and not matcher.fits(sea, code)


def test_regions_match_a_flood_fill() -> None:
    rng = random.Random(7)
    regions = Regions(("kind", KEEP), ("size", SUM), ("bits", OR), ("names", JOIN))
    n = 300
    for node in range(n):
        regions.add(1, [node % 3], [1], [1 << (node % 20)], [(node,)])
    links: list[tuple[int, int]] = []
    for _ in range(250):
        a = rng.randrange(n)
        b = rng.choice([m for m in range(a % 3, n, 3)])  # only nodes of one kind join
        root = regions.union(a, b)
        assert root == min(regions.find(a), regions.find(b))
        links.append((a, b))
    groups: dict[int, set[int]] = {m: {m} for m in range(n)}
    for a, b in links:  # naive merging
        merged = groups[a] | groups[b]
        for m in merged:
            groups[m] = merged
    territories = regions.territories()
    assert {frozenset(v) for v in territories.values()} == {frozenset(g) for g in groups.values()}
    total = regions.total
    for root, nodes in territories.items():
        assert root == min(nodes)
        assert total["size"][root] == len(nodes)
        assert total["kind"][root] == nodes[0] % 3
        assert sorted(total["names"][root]) == sorted(nodes)
        expected_bits = 0
        for m in nodes:
            expected_bits |= 1 << (m % 20)
        assert total["bits"][root] == expected_bits
    copy = regions.copy()
    copy.union(0, 3)
    assert regions.find(3) == regions.find(3) and copy.columns is not regions.columns


def test_grid_positions_and_rim() -> None:
    grid = Grid(0, 11, 0, 7)
    seen = set()
    for y in range(-1, 9):
        for x in range(-1, 13):
            pos = grid.encode(x, y)
            assert grid.decode(pos) == (x, y)
            assert grid.on_grid(pos) == grid.contains(x, y)
            seen.add(pos)
    assert len(seen) == 14 * 10
    corner = grid.encode(0, 0)
    assert not grid.inner(corner) and grid.inner(grid.encode(5, 5))
    assert [grid.decode(q) for q in grid.neighbours(corner)] == [(1, 0), (0, 1)]
    assert [grid.decode(q) for q in grid.diagonal_neighbours(corner)] == [(1, 1)]
