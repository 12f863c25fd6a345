"""Drawings of The Discovery: the map as text or SVG, and the tile catalogue as SVG.

Pure functions of a state (no I/O); the SVG is standalone text built with the
standard library only. Seats are numbered from 0, as in actions and views.

How a tile is drawn from its design (see :func:`tile_geometry`): each edge of
the square gives a triangle from that edge to the centre, and a region takes
the triangles of the edges it owns. A region owning two opposite edges (a
strait, a ridge, the land around a bay) also gets a band across the middle, as
do two single-edge regions on opposite sides that the file says touch (a land
bridge: the band is split between them). Regions owning no edge are discs in
the middle. Port cities sit on the shore between their land and sea region;
followers stand on the point of their region farthest from its borders.

>>> import terranova
>>> state = terranova.make("discovery")
>>> print(render_text(state))
   0
   S
0 G.M
  GG
legend: M mountain, G grassland, S sea; centre: follower's seat (0-4) or . ; x east, y south
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from terranova.core.i18n import SOURCE, Said, Text, say, texts
from terranova.games.discovery.rules import DiscoveryState
from terranova.games.discovery.tiles import Design, Terrain
from terranova.games.discovery.words import terrain_words
from terranova.kit.svg import (
    Point,
    Shape,
    anchor,
    band,
    board_frame,
    border_marks,
    document,
    edge_runs,
    num,
    region_at,
    sample,
    text,
    wedge,
)

__all__ = [
    "SEAT_COLOURS",
    "TERRAIN_COLOURS",
    "TileGeometry",
    "render_components_svg",
    "render_svg",
    "render_text",
    "tile_geometry",
    "tile_svg",
]

_, _n = texts("terranova.games.discovery")

TERRAIN_LETTERS = {Terrain.MOUNTAIN: "M", Terrain.GRASSLAND: "G", Terrain.SEA: "S"}
TERRAIN_COLOURS = {
    Terrain.MOUNTAIN: "#9c8670",
    Terrain.GRASSLAND: "#97c65f",
    Terrain.SEA: "#4c8fd6",
}
"""Fill colour of each terrain."""
_TERRAIN_INK = {
    Terrain.MOUNTAIN: "#5f4c3a",
    Terrain.GRASSLAND: "#5f8f33",
    Terrain.SEA: "#b9dcfa",
}
SEAT_COLOURS = ("#d62828", "#1f4fd1", "#f2c200", "#1e9e3e", "#262626")
"""Follower colours of seats 0 to 4 (red, blue, yellow, green, black)."""
_SEAT_NAMES = (_("red"), _("blue"), _("yellow"), _("green"), _("black"))
"""Each seat's colour, as a player reads it."""
_ROLES = {
    "brigand": _("brigand"),
    "explorer": _("explorer"),
    "navigator": _("navigator"),
}
"""What a follower is called on each terrain, as a player reads it."""
# TRANSLATORS: the one-letter abbreviations of the terrains in the tile catalogue's captions.
_TERRAIN_INITIALS = {Terrain.MOUNTAIN: _("M"), Terrain.GRASSLAND: _("G"), Terrain.SEA: _("S")}
_SEAT_TEXT = ("#ffffff", "#ffffff", "#000000", "#ffffff", "#ffffff")
_LAST_COLOUR = "#ff2fb4"
_START_COLOUR = "#e00000"
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# ------------------------------------------------------------------ geometry

_GRID = 24
"""Sampling grid (cells per side) used to place cities and followers."""


@dataclass(frozen=True)
class TileGeometry:
    """How one design turned ``rotation`` quarter turns is drawn, in unit coordinates.

    ``shapes`` are painted in order (later ones cover earlier ones); ``anchors``
    gives, per region, the point where its follower or label stands; ``cities``
    gives, per entry of ``design.cities``, the point of that port on the shore.
    """

    edge_regions: tuple[int, ...]
    shapes: tuple[Shape, ...]
    anchors: tuple[Point, ...]
    cities: tuple[Point, ...]

    def region_at(self, u: float, v: float) -> int:
        """The region drawn at the point (u, v) of the tile (-1 if none)."""
        return region_at(self.shapes, u, v)


@lru_cache(maxsize=1024)
def tile_geometry(design: Design, rotation: int = 0) -> TileGeometry:
    """The drawing of ``design`` turned ``rotation`` quarter turns clockwise (N to E)."""
    n_regions = len(design.regions)
    edges = [frozenset((e + rotation) % 4 for e in r.edges) for r in design.regions]
    owner = [0, 0, 0, 0]
    for index, owned in enumerate(edges):
        for edge in owned:
            owner[edge] = index
    touching = {frozenset(pair) for pair in design.touches}

    shapes: list[Shape] = []
    for index, owned in enumerate(edges):
        for run in edge_runs(owned):
            shapes.append(Shape(index, wedge(run)))

    def side_by_side(a: int, b: int) -> bool:
        """Whether regions a and b already share a border in the triangles."""
        return any({owner[e], owner[(e + 1) % 4]} == {a, b} for e in range(4))

    bands = 0
    for first, second, horizontal in ((3, 1, True), (0, 2, False)):  # W-E, N-S
        a, b = owner[first], owner[second]
        if a == b and len(edges[a]) < 4:
            shapes.append(Shape(a, band(horizontal, 0.0, 1.0)))
            bands += 1
        elif a != b and frozenset((a, b)) in touching and not side_by_side(a, b):
            shapes.append(Shape(a, band(horizontal, 0.0, 0.5)))
            shapes.append(Shape(b, band(horizontal, 0.5, 1.0)))
            bands += 1

    # regions owning no edge: discs in the middle; one touching only such discs sits inside
    centre = [i for i in range(n_regions) if not edges[i]]
    outer = [
        i
        for i in centre
        if any(frozenset((i, j)) in touching for j in range(n_regions) if edges[j])
    ]
    radius = 0.14 if bands else 0.21
    discs: dict[int, tuple[float, float, float]] = {}

    def place_discs(group: list[int], cx: float, cy: float, r: float) -> None:
        """Put ``group`` side by side around (cx, cy), each of radius ``r`` at most."""
        r = min(r, 0.42 / len(group)) if not discs else r / len(group)
        for k, index in enumerate(group):
            discs[index] = (cx + (k - (len(group) - 1) / 2) * 2.1 * r, cy, r)

    if outer:
        nested = any(i not in outer for i in centre)
        place_discs(outer, 0.5, 0.5, min(radius * 1.5, 0.32) if nested else radius)
    pending = [i for i in centre if i not in discs]
    while pending:
        children: dict[int, list[int]] = {}
        for index in pending:
            parent = next((j for j in discs if frozenset((index, j)) in touching), None)
            if parent is not None:
                children.setdefault(parent, []).append(index)
        if not children:  # nothing to nest in: put them in the middle anyway
            place_discs(pending, 0.5, 0.5, radius)
            break
        for parent, group in children.items():
            cx, cy, r = discs[parent]
            place_discs(group, cx, cy, 0.42 * r)
        pending = [i for i in pending if i not in discs]
    for index in sorted(discs, key=lambda i: -discs[i][2]):
        shapes.append(Shape(index, disc=discs[index]))

    grid = sample(shapes, _GRID)
    anchors = tuple(anchor(grid, index) for index in range(n_regions))
    cities = border_marks(grid, design.cities, anchors)
    return TileGeometry(tuple(owner), tuple(shapes), anchors, cities)


# ------------------------------------------------------------------- helpers


def _defs() -> str:
    """Terrain textures (pattern fills laid over the flat colours) and the city symbol."""
    m, g, s = (_TERRAIN_INK[t] for t in (Terrain.MOUNTAIN, Terrain.GRASSLAND, Terrain.SEA))
    return (
        "<defs>"
        '<pattern id="tex-mountain" width="18" height="16" patternUnits="userSpaceOnUse">'
        f'<path d="M1 9 L5 3 L9 9 M10 16 L14 10 L18 16" fill="none" stroke="{m}" '
        'stroke-width="1.1" stroke-linejoin="round"/></pattern>'
        '<pattern id="tex-grassland" width="14" height="14" patternUnits="userSpaceOnUse">'
        f'<path d="M2 6 l1 -3 M4 6 l0 -4 M6 6 l-1 -3 M9 13 l1 -3 M11 13 l0 -4 M13 13 l-1 -3" '
        f'fill="none" stroke="{g}" stroke-width="0.9"/></pattern>'
        '<pattern id="tex-sea" width="16" height="10" patternUnits="userSpaceOnUse">'
        f'<path d="M0 4 q2 -2 4 0 t4 0 M8 9 q2 -2 4 0 t4 0" fill="none" stroke="{s}" '
        'stroke-width="0.9"/></pattern>'
        "</defs>"
    )


def _style() -> str:
    return (
        f"<style>text{{font-family:{_FONT};}}"
        ".tile-edge{fill:none;stroke:#2b2b2b;stroke-width:0.8;}</style>"
    )


def _city_svg(cx: float, cy: float, size: float, title: str) -> str:
    """A port city: a small house on the shore."""
    w = size * 0.075
    body = (
        f"M{num(cx - w)},{num(cy - w * 0.2)} L{num(cx)},{num(cy - w * 1.25)} "
        f"L{num(cx + w)},{num(cy - w * 0.2)} L{num(cx + w)},{num(cy + w)} "
        f"L{num(cx - w)},{num(cy + w)} Z"
    )
    return (
        f'<path class="city" d="{body}" fill="#fff4dc" stroke="#3a2412" '
        f'stroke-width="{num(max(0.8, size * 0.018))}" stroke-linejoin="round">'
        f"<title>{escape(title)}</title></path>"
    )


def tile_svg(
    design: Design,
    rotation: int,
    x: float,
    y: float,
    size: float,
    *,
    title: Said | str | None = None,
    region_labels: bool = False,
    attrs: dict[str, str] | None = None,
    lang: str = SOURCE,
) -> str:
    """One tile as an SVG group ``<g class="tile">`` with its top-left corner at pixel (x, y).

    ``rotation`` is in quarter turns clockwise (N to E). ``title`` is the tooltip (by
    default the design id and rotation); ``region_labels`` writes each region's index
    (the number a ``deploy`` action names); ``attrs`` are extra attributes of the group.
    Texture fills refer to the patterns of the document the group is put in. The
    words are in ``lang``.
    """
    geometry = tile_geometry(design, rotation % 4)
    extra = {"data-design": design.id, "data-rotation": str(rotation % 4), **(attrs or {})}
    head = " ".join(f"{k}={quoteattr(v)}" for k, v in extra.items())
    if title is None:
        title = _("tile {id}, turned {degrees}°", id=design.id, degrees=rotation % 4 * 90)
    parts = [f'<g class="tile" {head}><title>{escape(say(title, lang))}</title>']
    for shape in geometry.shapes:
        terrain = design.regions[shape.region].terrain
        colour = TERRAIN_COLOURS[terrain]
        parts.append(shape.svg(x, y, size, f'fill="{colour}" stroke="{colour}" stroke-width="0.6"'))
        parts.append(shape.svg(x, y, size, f'fill="url(#tex-{terrain.label})" stroke="none"'))
    for (land, sea), (cx, cy) in zip(design.cities, geometry.cities, strict=True):
        # TRANSLATORS: {terrain} is "mountain" or "grassland"; {land}, {sea} are region numbers.
        city = _(
            "port city: {terrain} region {land}, sea region {sea}",
            terrain=terrain_words(design.regions[land].terrain),
            land=land,
            sea=sea,
        )
        parts.append(_city_svg(x + cx * size, y + cy * size, size, city.render(lang)))
    if region_labels:
        for index, (u, v) in enumerate(geometry.anchors):
            px, py = x + u * size, y + v * size
            parts.append(
                f'<circle cx="{num(px)}" cy="{num(py)}" r="{num(size * 0.075)}" '
                'fill="#ffffff" fill-opacity="0.8" stroke="#333" stroke-width="0.5"/>'
            )
            parts.append(
                text(
                    px,
                    py + size * 0.037,
                    str(index),
                    size * 0.105,
                    'text-anchor="middle" fill="#222"',
                )
            )
    parts.append(
        f'<rect class="tile-edge" x="{num(x)}" y="{num(y)}" '
        f'width="{num(size)}" height="{num(size)}"/>'
    )
    parts.append("</g>")
    return "".join(parts)


def _document(width: float, height: float, title: str, body: list[str]) -> str:
    return document(width, height, title, _style() + _defs(), body, "#f5f1e8")


def _follower_svg(cx: float, cy: float, size: float, seat: int, title: str) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    ink = _SEAT_TEXT[seat % len(SEAT_COLOURS)]
    r = size * 0.15
    return (
        f'<g class="follower" data-seat="{seat}"><title>{escape(title)}</title>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{colour}" '
        f'stroke="#ffffff" stroke-width="{num(size * 0.035)}"/>'
        f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r + size * 0.0175)}" fill="none" '
        f'stroke="#111" stroke-width="0.8"/>'
        + text(
            cx,
            cy + r * 0.42,
            str(seat),
            r * 1.25,
            f'text-anchor="middle" font-weight="bold" fill="{ink}"',
        )
        + "</g>"
    )


def _legend(x: float, y: float, lang: str = SOURCE) -> list[str]:
    """Swatches for the terrains, port cities and followers, left to right from (x, y)."""
    out: list[str] = []
    for terrain in Terrain:
        label = terrain_words(terrain).render(lang)
        out.append(
            f'<rect x="{num(x)}" y="{num(y - 10)}" width="14" height="14" '
            f'fill="{TERRAIN_COLOURS[terrain]}" stroke="#333" stroke-width="0.6"/>'
            f'<rect x="{num(x)}" y="{num(y - 10)}" width="14" height="14" '
            f'fill="url(#tex-{terrain.label})"/>'
        )
        out.append(text(x + 18, y + 1, label, 11, 'fill="#222"'))
        x += 30 + 7 * len(label)
    city = _("port city").render(lang)
    out.append(_city_svg(x + 7, y - 3, 80, city))
    out.append(text(x + 16, y + 1, city, 11, 'fill="#222"'))
    return out


# ------------------------------------------------------------------ renderers


def _map_data(
    state: DiscoveryState,
) -> tuple[list[tuple[int, int, Design, int]], dict[tuple[int, int], list[dict[str, Any]]]]:
    designs = {d.id: d for d in state.tileset.designs}
    tiles = [(x, y, designs[i], r) for x, y, i, r in state.placements()]
    followers: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for follower in state.view(None)["followers"]:
        followers.setdefault((follower["x"], follower["y"]), []).append(follower)
    return tiles, followers


def render_text(state: DiscoveryState) -> str:
    """The map as text: each tile a 3x3 block of characters.

    The edge letters give the terrain of each side (M mountain, G grassland,
    S sea); a corner repeats the terrain when one region runs along both its
    edges; the centre is the seat number of a follower on the tile, else a dot.
    Columns are labelled with x above, rows with y on the left; a legend line
    (and the last tile placed, if any) follows.
    """
    tiles, followers = _map_data(state)
    xs = [t[0] for t in tiles]
    ys = [t[1] for t in tiles]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    width = (max_x - min_x + 1) * 3
    rows = [[" "] * width for _row in range((max_y - min_y + 1) * 3)]
    for x, y, design, rotation in tiles:
        owner = design.edge_regions(rotation)
        letters = [TERRAIN_LETTERS[design.regions[r].terrain] for r in owner]
        left, top = (x - min_x) * 3, (y - min_y) * 3
        seats = followers.get((x, y))
        block = [
            [" ", letters[0], " "],
            [letters[3], str(seats[0]["seat"]) if seats else ".", letters[1]],
            [" ", letters[2], " "],
        ]
        for corner, (row, col) in enumerate(((0, 2), (2, 2), (2, 0), (0, 0))):  # NE SE SW NW
            if owner[corner] == owner[(corner + 1) % 4]:
                block[row][col] = letters[corner]
        for dy in range(3):
            rows[top + dy][left : left + 3] = block[dy]
    labels = [str(y) for y in range(min_y, max_y + 1)]
    gutter = max(len(label) for label in labels) + 1
    out = []
    x_labels = [str(x) for x in range(min_x, max_x + 1)]
    if max(len(label) for label in x_labels) <= 2:
        out.append(" " * gutter + "".join(label.center(3) for label in x_labels).rstrip())
    else:  # staggered on two lines so long numbers do not run together
        for parity in (0, 1):
            line = [" "] * (width + 4)
            for k, label in enumerate(x_labels):
                if k % 2 == parity:
                    start = k * 3 + 1 - len(label) // 2
                    line[max(0, start) : max(0, start) + len(label)] = label
            out.append((" " * gutter + "".join(line)).rstrip())
    for k, chars in enumerate(rows):
        label = labels[k // 3] if k % 3 == 1 else ""
        out.append((label.rjust(gutter - 1) + " " + "".join(chars)).rstrip())
    out.append(
        "legend: M mountain, G grassland, S sea; centre: follower's seat (0-4) or . ; "
        "x east, y south"
    )
    if len(tiles) > 1:
        x, y, design, rotation = tiles[-1]
        out.append(f"last placed: {design.id} at {x},{y} turned {rotation * 90}")
    return "\n".join(out)


def render_svg(state: DiscoveryState, size: int = 64, lang: str = SOURCE) -> str:
    """The map as a standalone SVG document (``size`` pixels per tile).

    Every placed tile is a ``<g class="tile">`` with ``data-x``/``data-y`` and a
    tooltip; followers are ``<g class="follower">`` markers in seat colours with
    the seat number; the last placed tile is outlined; x is labelled along the
    top and bottom, y along the sides.
    """
    tiles, followers = _map_data(state)
    view = state.view(None)
    xs = [t[0] for t in tiles]
    ys = [t[1] for t in tiles]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    margin, header, footer = 34, 64, 52
    winners = set(view["winners"])
    seat_labels = [
        (
            _("seat {seat}: {score} ★ ({n} in supply)", seat=seat, score=score, n=supply)
            if seat in winners
            else _("seat {seat}: {score} ({n} in supply)", seat=seat, score=score, n=supply)
        ).render(lang)
        for seat, (score, supply) in enumerate(zip(view["scores"], view["supply"], strict=True))
    ]
    header_width = 24 + sum(24 + 7.0 * len(label) for label in seat_labels)
    width = max(cols * size + 2 * margin, 560, header_width)
    height = header + rows * size + 2 * 20 + footer
    left = (width - cols * size) / 2
    top = header + 20
    body: list[str] = []

    # header: title, scores, state of play
    status = (
        _("game over")
        if state.is_terminal()
        else _n("{n} tile in the stack", "{n} tiles in the stack", view["stack"])
    )
    # TRANSLATORS: the map's heading; {status} is "game over" or "40 tiles in the stack".
    heading = _n(
        "The Discovery · {n} tile placed · {status}",
        "The Discovery · {n} tiles placed · {status}",
        len(tiles),
        status=status,
    )
    body.append(
        text(
            12,
            22,
            heading.render(lang),
            16,
            'font-weight="bold" fill="#222"',
        )
    )
    sx = 12.0
    for seat, label in enumerate(seat_labels):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        body.append(
            f'<circle cx="{num(sx + 7)}" cy="43" r="7" fill="{colour}" stroke="#111" '
            'stroke-width="0.8"/>'
        )
        body.append(text(sx + 18, 47, label, 12, 'fill="#222"'))
        sx += 24 + 7.0 * len(label)

    # grid and axis labels
    body.extend(board_frame(left, top, cols, rows, size, min_x, min_y))

    # tiles, then followers (so no later tile covers a marker), then the last tile's outline
    for x, y, design, rotation in tiles:
        px, py = left + (x - min_x) * size, top + (y - min_y) * size
        where = {"id": design.id, "x": x, "y": y, "degrees": rotation * 90}
        title = (
            _("{id} at {x},{y}, turned {degrees}° (start tile)", **where)
            if (x, y) == (0, 0)
            else _("{id} at {x},{y}, turned {degrees}°", **where)
        )
        body.append(
            tile_svg(
                design,
                rotation,
                px,
                py,
                size,
                title=title,
                attrs={"data-x": str(x), "data-y": str(y)},
                lang=lang,
            )
        )
    by_square = {(x, y): (design, rotation) for x, y, design, rotation in tiles}
    for (x, y), here in followers.items():
        design, rotation = by_square[(x, y)]
        geometry = tile_geometry(design, rotation)
        for follower in here:
            u, v = geometry.anchors[follower["region"]]
            seat = follower["seat"]
            about: dict[str, Any] = {
                "seat": seat,
                "colour": _SEAT_NAMES[seat % 5],
                "role": _ROLES[follower["role"]],
                "region": follower["region"],
                "x": x,
                "y": y,
                "value": follower["value_now"],
            }
            # TRANSLATORS: a follower's tooltip; {colour} is "red", {role} is "brigand",
            # "explorer" or "navigator"; {n} counts the tiles of its territory.
            said = (
                _n(
                    "seat {seat} ({colour}): {role} on region {region} of {x},{y}; "
                    "territory of {n} tile, complete, worth {value} now",
                    "seat {seat} ({colour}): {role} on region {region} of {x},{y}; "
                    "territory of {n} tiles, complete, worth {value} now",
                    follower["tiles"],
                    **about,
                )
                if follower["complete"]
                else _n(
                    "seat {seat} ({colour}): {role} on region {region} of {x},{y}; "
                    "territory of {n} tile, open, worth {value} now",
                    "seat {seat} ({colour}): {role} on region {region} of {x},{y}; "
                    "territory of {n} tiles, open, worth {value} now",
                    follower["tiles"],
                    **about,
                )
            )
            tip = said.render(lang)
            body.append(
                _follower_svg(
                    left + (x - min_x + u) * size, top + (y - min_y + v) * size, size, seat, tip
                )
            )
    if len(tiles) > 1:
        x, y, last, _turns = tiles[-1]
        said = _("last placed: {id} at {x},{y}", id=last.id, x=x, y=y)
        body.append(
            f'<rect class="last-placed" x="{num(left + (x - min_x) * size + 1.5)}" '
            f'y="{num(top + (y - min_y) * size + 1.5)}" width="{size - 3}" height="{size - 3}" '
            f'fill="none" stroke="{_LAST_COLOUR}" stroke-width="3"><title>'
            f"{escape(said.render(lang))}</title></rect>"
        )

    # legend
    ly = height - 18
    body.extend(_legend(12, ly, lang))
    note = _("last placed · x east, y south").render(lang)
    note_x = width - max(176, 12 + 5.6 * len(note))  # room for a longer translation
    body.append(
        f'<rect x="{num(note_x - 20)}" y="{num(ly - 10)}" width="14" height="14" fill="none" '
        f'stroke="{_LAST_COLOUR}" stroke-width="3"/>'
    )
    body.append(text(note_x, ly + 1, note, 11, 'fill="#222"'))
    return _document(width, height, _("The Discovery: map").render(lang), body)


def render_components_svg(
    state: DiscoveryState, size: int = 84, columns: int = 11, lang: str = SOURCE
) -> str:
    """The state's tile set as an SVG catalogue: every design in file order.

    Each design is a ``<g class="tile">`` (``data-design``, ``data-count``) drawn
    unturned with its region numbers, captioned with its id, count and port
    cities; the start tile is outlined in red; a header gives the totals.
    """
    tileset = state.tileset
    designs = tileset.designs
    cell_w, cell_h = size + 22, size + 40
    rows = (len(designs) + columns - 1) // columns
    header = 74
    width = max(columns * cell_w + 20, 680)
    height = header + rows * cell_h + 16
    # TRANSLATORS: the catalogue's heading; {name} is the tile set's name (from its file),
    # {designs} is "66 designs", {tiles} is "84 tiles".
    heading = _(
        "{name}: {designs}, {tiles}",
        name=tileset.said_name,
        designs=_n("{n} design", "{n} designs", len(designs)),
        tiles=_n("{n} tile", "{n} tiles", tileset.total),
    )
    note = _(
        "Drawn unturned (north up); small numbers are region indices (deploy N); "
        "the start tile is outlined in red."
    )
    body: list[str] = [
        text(12, 24, heading.render(lang), 17, 'font-weight="bold" fill="#222"'),
        text(12, 44, note.render(lang), 12, 'fill="#333"'),
    ]
    body.extend(_legend(14, 64, lang))
    for k, design in enumerate(designs):
        col, row = k % columns, k // columns
        x = 10 + col * cell_w + (cell_w - size) / 2
        y = header + row * cell_h
        n_cities = len(design.cities)
        ports: Text
        if n_cities:
            kinds = ",".join(
                _TERRAIN_INITIALS[design.regions[land].terrain].render(lang)
                for land, _sea in design.cities
            )
            # TRANSLATORS: {kinds} lists the ports' land terrains by initial: "M,G".
            ports = _n("{n} port ({kinds})", "{n} ports ({kinds})", n_cities, kinds=kinds)
        else:
            ports = _("no port")
        is_start = k == tileset.start
        # TRANSLATORS: a tile's tooltip in the catalogue: its id, how many copies, its ports.
        title = (
            _("{id} x{count}: {ports} (start tile)", id=design.id, count=design.count, ports=ports)
            if is_start
            else _("{id} x{count}: {ports}", id=design.id, count=design.count, ports=ports)
        )
        body.append(
            tile_svg(
                design,
                0,
                x,
                y,
                size,
                title=title,
                region_labels=True,
                attrs={"data-count": str(design.count), "data-cities": str(n_cities)},
                lang=lang,
            )
        )
        if is_start:
            body.append(
                f'<rect class="start-tile" x="{num(x - 2.5)}" y="{num(y - 2.5)}" '
                f'width="{size + 5}" height="{size + 5}" fill="none" stroke="{_START_COLOUR}" '
                'stroke-width="3"/>'
            )
        cx = x + size / 2
        body.append(
            text(
                cx,
                y + size + 15,
                # TRANSLATORS: a tile's caption in the catalogue: its id, how many copies.
                _("{id}  x{count}", id=design.id, count=design.count).render(lang),
                12,
                'text-anchor="middle" font-weight="bold" fill="#222"',
            )
        )
        caption = ports.render(lang)
        body.append(text(cx, y + size + 29, caption, 10, 'text-anchor="middle" fill="#444"'))
    catalogue = _("{name}: tile catalogue", name=tileset.said_name).render(lang)
    return _document(width, height, catalogue, body)
