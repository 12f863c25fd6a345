"""Drawing square tiles as SVG: shapes in unit coordinates, region anchors, documents.

Pure functions, standard library only. A tile is drawn in *unit coordinates* (x east,
y south, 0..1, north up) from :class:`Shape` polygons and discs, each painted for one
region; a game decides the shapes (:func:`wedge` for a region owning a run of edges,
:func:`band` across the middle, :func:`corner_patch` for a corner), then places marks
with :func:`sample`, :func:`anchor` (the point of a region farthest from its borders)
and :func:`border_marks` (points on the border of two regions).

>>> shapes = [Shape(0, wedge([0, 1])), Shape(1, wedge([2, 3]))]  # NE half, SW half
>>> grid = sample(shapes, 8)
>>> region_at(shapes, 0.9, 0.1), region_at(shapes, 0.1, 0.9)
(0, 1)
>>> anchor(grid, 0), anchor(grid, 1)
((0.6875, 0.3125), (0.3125, 0.6875))
>>> shapes[0].svg(10, 20, 100, 'fill="red"')
'<polygon points="60,70 10,20 110,20 110,120" fill="red"/>'
>>> num(2.0), num(1 / 3), num(-0.001)
('2', '0.33', '0')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

Point = tuple[float, float]

CENTRE: Point = (0.5, 0.5)
CORNERS: tuple[Point, ...] = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
"""NW, NE, SE, SW: edge ``e`` runs from ``CORNERS[e]`` to ``CORNERS[e + 1]`` (clockwise)."""
BAND = 0.17
"""Half the width of a band across the tile."""


@dataclass(frozen=True)
class Shape:
    """One filled shape of a tile, in unit coordinates (x east, y south, 0..1).

    A polygon (``points``) or a disc (``disc`` = centre x, centre y, radius), painted for
    region ``region``.
    """

    region: int
    points: tuple[Point, ...] = ()
    disc: tuple[float, float, float] | None = None

    def contains(self, u: float, v: float) -> bool:
        """Whether the point (u, v) is inside the shape."""
        if self.disc is not None:
            cx, cy, r = self.disc
            return (u - cx) ** 2 + (v - cy) ** 2 <= r * r
        inside = False
        pts = self.points
        j = len(pts) - 1
        for i in range(len(pts)):
            xi, yi = pts[i]
            xj, yj = pts[j]
            if (yi > v) != (yj > v) and u < (xj - xi) * (v - yi) / (yj - yi) + xi:
                inside = not inside
            j = i
        return inside

    def svg(self, x: float, y: float, size: float, attrs: str) -> str:
        """The shape as an SVG element at pixel (x, y) for a tile of ``size`` pixels."""
        if self.disc is not None:
            cx, cy, r = self.disc
            return (
                f'<circle cx="{num(x + cx * size)}" cy="{num(y + cy * size)}" '
                f'r="{num(r * size)}" {attrs}/>'
            )
        pts = " ".join(f"{num(x + u * size)},{num(y + v * size)}" for u, v in self.points)
        return f'<polygon points="{pts}" {attrs}/>'


def edge_runs(edges: Iterable[int]) -> list[list[int]]:
    """The edges as runs of consecutive edges in clockwise order.

    >>> edge_runs({3, 0, 2})
    [[2, 3, 0]]
    """
    owned = frozenset(edges)
    if len(owned) == 4:
        return [[0, 1, 2, 3]]
    runs = []
    for edge in sorted(owned):
        if (edge - 1) % 4 not in owned:
            run = [edge]
            while (run[-1] + 1) % 4 in owned:
                run.append((run[-1] + 1) % 4)
            runs.append(run)
    return runs


def wedge(run: Sequence[int]) -> tuple[Point, ...]:
    """The polygon of a run of consecutive edges: the triangles from each edge to the
    centre (the whole square for all four edges)."""
    if len(run) == 4:
        return CORNERS
    points = [CENTRE, CORNERS[run[0]]]
    points.extend(CORNERS[(e + 1) % 4] for e in run)
    return tuple(points)


def band(horizontal: bool, start: float, end: float) -> tuple[Point, ...]:
    """A band across the tile (or part of it, from ``start`` to ``end`` along it)."""
    lo, hi = 0.5 - BAND, 0.5 + BAND
    if horizontal:
        return ((start, lo), (end, lo), (end, hi), (start, hi))
    return ((lo, start), (hi, start), (hi, end), (lo, end))


def corner_patch(corner: int, size: float = 0.3) -> tuple[Point, ...]:
    """A triangle cutting off corner ``corner`` (0 NE, 1 SE, 2 SW, 3 NW), ``size`` along
    each edge: for tiles whose corners have their own terrain.

    >>> corner_patch(0)
    ((1.0, 0.0), (1.0, 0.3), (0.7, 0.0))
    """
    x, y = CORNERS[(corner + 1) % 4]
    sx, sy = (-1 if x else 1), (-1 if y else 1)
    return ((x, y), (x, y + sy * size), (x + sx * size, y))


def region_at(shapes: Sequence[Shape], u: float, v: float) -> int:
    """The region drawn at (u, v): the last shape painted there (-1 if none)."""
    for shape in reversed(shapes):
        if shape.contains(u, v):
            return shape.region
    return -1


def sample(shapes: Sequence[Shape], size: int) -> list[list[int]]:
    """The region at the centre of each cell of a ``size`` x ``size`` grid (rows of y)."""
    return [
        [region_at(shapes, (i + 0.5) / size, (j + 0.5) / size) for i in range(size)]
        for j in range(size)
    ]


def anchor(grid: list[list[int]], region: int) -> Point:
    """The point of ``region`` farthest from its borders and the tile's (chamfer distance
    on a :func:`sample` grid; ties go to the point nearest the region's mean)."""
    size = len(grid)
    big = float(size * 4)
    dist = [[big if grid[j][i] == region else 0.0 for i in range(size)] for j in range(size)]
    diagonal = math.sqrt(2)

    def at(i: int, j: int) -> float:
        return dist[j][i] if 0 <= i < size and 0 <= j < size else 0.0

    for j in range(size):
        for i in range(size):
            if dist[j][i]:
                dist[j][i] = min(
                    dist[j][i],
                    at(i - 1, j) + 1,
                    at(i, j - 1) + 1,
                    at(i - 1, j - 1) + diagonal,
                    at(i + 1, j - 1) + diagonal,
                )
    for j in reversed(range(size)):
        for i in reversed(range(size)):
            if dist[j][i]:
                dist[j][i] = min(
                    dist[j][i],
                    at(i + 1, j) + 1,
                    at(i, j + 1) + 1,
                    at(i + 1, j + 1) + diagonal,
                    at(i - 1, j + 1) + diagonal,
                )
    cells = [(i, j) for j in range(size) for i in range(size) if grid[j][i] == region]
    if not cells:
        return CENTRE
    mean_i = sum(i for i, _ in cells) / len(cells)
    mean_j = sum(j for _, j in cells) / len(cells)
    best = max(
        cells,
        key=lambda c: (round(dist[c[1]][c[0]], 6), -((c[0] - mean_i) ** 2 + (c[1] - mean_j) ** 2)),
    )
    return ((best[0] + 0.5) / size, (best[1] + 0.5) / size)


def border_marks(
    grid: list[list[int]], pairs: Iterable[tuple[int, int]], anchors: Sequence[Point]
) -> tuple[Point, ...]:
    """A point on the border between regions ``a`` and ``b`` for each pair (a port on a
    shore): near the middle of that border, clear of the tile's edge, of the regions'
    anchors and of the marks placed before (the midpoint of the anchors if the two
    regions share no border)."""
    size = len(grid)
    out: list[Point] = []
    for land, sea in pairs:
        shore: list[Point] = []
        for j in range(size):
            for i in range(size):
                if grid[j][i] not in (land, sea):
                    continue
                other = sea if grid[j][i] == land else land
                if i + 1 < size and grid[j][i + 1] == other:
                    shore.append(((i + 1) / size, (j + 0.5) / size))
                if j + 1 < size and grid[j + 1][i] == other:
                    shore.append(((i + 0.5) / size, (j + 1) / size))
        inland = [p for p in shore if min(p[0], p[1], 1 - p[0], 1 - p[1]) >= 0.1]
        shore = inland or shore
        if not shore:
            (ax, ay), (bx, by) = anchors[land], anchors[sea]
            out.append(((ax + bx) / 2, (ay + by) / 2))
            continue
        mx = sum(p[0] for p in shore) / len(shore)
        my = sum(p[1] for p in shore) / len(shore)
        avoid = [*anchors, *out]

        def key(p: Point, avoid: list[Point] = avoid, mx: float = mx, my: float = my) -> Any:
            clear = min(min(math.dist(p, q) for q in avoid), 0.3)
            return (round(clear, 3), -math.dist(p, (mx, my)))

        out.append(max(shore, key=key))
    return tuple(out)


# ------------------------------------------------------------------- documents


def num(value: float) -> str:
    """A number for SVG: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text(x: float, y: float, content: str, size: float, extra: str = "") -> str:
    """A ``<text>`` element (``content`` escaped)."""
    return (
        f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" {extra}>{escape(content)}</text>'
    )


def document(
    width: float, height: float, title: str, head: str, body: Iterable[str], background: str
) -> str:
    """A standalone SVG document: ``head`` (style, defs) then ``body`` on a background."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}">'
        f"<title>{escape(title)}</title>{head}"
        f'<rect width="100%" height="100%" fill="{background}"/>' + "".join(body) + "</svg>\n"
    )


def board_frame(
    left: float, top: float, cols: int, rows: int, size: int, min_x: int, min_y: int
) -> list[str]:
    """The table under a map of ``cols`` x ``rows`` squares of ``size`` pixels from
    pixel (left, top), with x labelled along the top and bottom and y along the sides."""
    body = [
        f'<rect x="{num(left)}" y="{num(top)}" width="{cols * size}" height="{rows * size}" '
        'fill="#ebe5d6" stroke="#c9c0aa" stroke-width="0.8"/>'
    ]
    axis = 'text-anchor="middle" fill="#555"'
    for k in range(cols):
        cx = left + (k + 0.5) * size
        body.append(text(cx, top - 6, str(min_x + k), 11, f'class="axis-x" {axis}'))
        body.append(text(cx, top + rows * size + 15, str(min_x + k), 11, axis))
    for k in range(rows):
        cy = top + (k + 0.5) * size + 4
        body.append(text(left - 14, cy, str(min_y + k), 11, f'class="axis-y" {axis}'))
        body.append(text(left + cols * size + 14, cy, str(min_y + k), 11, axis))
    return body
