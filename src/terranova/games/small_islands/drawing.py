"""Drawing Small Islands as SVG: the table with its pieces and a side panel, and the
catalogue of tiles (``terranova render small-islands --tiles``), with the kit's SVG helpers.
The land cells of each tile (:func:`~terranova.games.small_islands.look.cells`) are joined
into rounded shapes with a beach; the symbols stand on the land (ports on the coast) and
the pieces on their symbols."""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape

from terranova.core.i18n import SOURCE, Said, from_data, texts
from terranova.core.state import CHANCE, TERMINAL, State
from terranova.games.small_islands.look import (
    ALEXIS_COLOUR,
    CORNER_CELLS,
    CUTS,
    FONT,
    GREY_SHIP,
    LAND_COLOUR,
    RESOURCES,
    SAND,
    SEA_COLOUR,
    SEAT_COLOURS,
    SYMBOL_COLOURS,
    cells,
    designs_by_id,
    laid_labels,
)
from terranova.games.small_islands.sheet import NAMES
from terranova.games.small_islands.views import tile_name
from terranova.kit.svg import board_frame, document, num, text

_, _n = texts("terranova.games.small_islands")

COLOURS: tuple[Said, ...] = (_("red"), _("blue"), _("yellow"), _("green"))
"""The seats' colours by name, as the panel says them."""

MODES: dict[str, Said] = {
    # TRANSLATORS: the game's mode, in the picture's heading "Small Islands · normal · round 1".
    "normal": _("normal"),
    "advanced": _("advanced"),
}

STEPS: dict[str, Said] = {
    # TRANSLATORS: the step a round is at, in the picture's line "step: {step}, seat 0 to
    # act; ...", as are the next ones.
    "starting tiles": _("starting tiles"),
    "reveal": _("reveal"),
    "deal": _("deal"),
    "draw": _("draw"),
    "objectives": _("objectives"),
    "turn": _("turn"),
    "place": _("place"),
    "bonus": _("bonus"),
    "alexis": _("alexis"),
    "houses": _("houses"),
    "discovery": _("discovery"),
    "keep token": _("keep token"),
    "over": _("over"),
}
"""The steps of a round by name (the view's ``step``)."""


def _seat(seat: int) -> Said:
    """A seat as the drawings number it (from 0, as the text map does)."""
    return _("seat {n}", n=seat)


def _place(place: int, players: int, solo: bool) -> Said | str:
    """A place in turn order: a seat, or Alexis (the place after the seats in a solo
    game)."""
    return "Alexis" if solo and place >= players else _seat(place)


def _status(view: dict[str, Any], lang: str) -> str:
    """The step and who acts: ``step: turn, seat 1 to act; first player seat 0``."""
    player = view["current_player"]
    players, solo = view["players"], "alexis" in view
    acting: Said
    if player == TERMINAL:
        acting = _("game over")
    elif player == CHANCE:
        acting = _("chance to act")
    else:
        # TRANSLATORS: {player} is "seat 1" or "Alexis".
        acting = _("{player} to act", player=_place(player, players, solo))
    step = view["step"]
    # TRANSLATORS: {acting} is "seat 1 to act", "chance to act" or "game over".
    return _(
        "step: {step}, {acting}; first player {first}",
        step=STEPS.get(step, step),
        acting=acting,
        first=_place(view["first_player"], players, solo),
    ).render(lang)


def _winners(view: dict[str, Any], lang: str) -> str:
    """Who won: seats, or in a solo game Alexis when the player did not beat him."""
    won = ", ".join(_seat(s).render(lang) for s in view["winners"])
    return won or ("Alexis" if "alexis" in view else _("nobody").render(lang))


# ------------------------------------------------------------------------------- svg

_BEACH = 0.1
"""The width of the beach stroke around the land, in tiles (half of it shows)."""
_MARK = 0.065
"""The radius of a symbol, in tiles."""

BOLD_RED = 'font-weight="bold" fill="#8b1a1a"'


def _rect(x0: float, y0: float, x1: float, y1: float, ox: float, oy: float, size: float) -> str:
    return (
        f'<rect x="{num(ox + x0 * size)}" y="{num(oy + y0 * size)}" '
        f'width="{num((x1 - x0) * size)}" height="{num((y1 - y0) * size)}"'
    )


def land_shapes(grid: list[list[bool]], ox: float, oy: float, size: float) -> list[str]:
    """The land of a tile at pixel (ox, oy), unfilled SVG elements: each land cell a
    rounded square, squared where it meets the tile's border or a land cell beside it,
    and the inner corners of the sea rounded too (the caller paints them)."""
    out: list[str] = []
    radius = 0.12 * size
    mid = [(CUTS[k] + CUTS[k + 1]) / 2 for k in range(3)]
    for j in range(3):
        for i in range(3):
            if not grid[j][i]:
                continue
            x0, x1, y0, y1 = CUTS[i], CUTS[i + 1], CUTS[j], CUTS[j + 1]
            out.append(_rect(x0, y0, x1, y1, ox, oy, size) + f' rx="{num(radius)}"/>')
            if j == 0:
                out.append(_rect(x0, y0, x1, mid[j], ox, oy, size) + "/>")
            if j == 2:
                out.append(_rect(x0, mid[j], x1, y1, ox, oy, size) + "/>")
            if i == 0:
                out.append(_rect(x0, y0, mid[i], y1, ox, oy, size) + "/>")
            if i == 2:
                out.append(_rect(mid[i], y0, x1, y1, ox, oy, size) + "/>")
            if i < 2 and grid[j][i + 1]:
                out.append(_rect(mid[i], y0, mid[i + 1], y1, ox, oy, size) + "/>")
            if j < 2 and grid[j + 1][i]:
                out.append(_rect(x0, mid[j], x1, mid[j + 1], ox, oy, size) + "/>")
    # a sea cell between two land cells at right angles: round the corner of the bay
    for j in range(3):
        for i in range(3):
            if grid[j][i]:
                continue
            for sx in (-1, 1):
                for sy in (-1, 1):
                    ni, nj = i + sx, j + sy
                    if not (0 <= ni < 3 and 0 <= nj < 3):
                        continue
                    if grid[j][ni] and grid[nj][i] and grid[nj][ni]:
                        px = CUTS[i + 1] if sx > 0 else CUTS[i]
                        py = CUTS[j + 1] if sy > 0 else CUTS[j]
                        out.append(_fillet(ox + px * size, oy + py * size, sx, sy, radius))
    return out


def _fillet(px: float, py: float, sx: int, sy: int, r: float) -> str:
    """The land filling the corner (px, py) of a sea cell whose land lies towards
    (sx, sy): a square of side ``r`` less a quarter disc (reaching a little into the land
    around, so that no seam shows)."""
    ax, ay = px - sx * r, py
    bx, by = px, py - sy * r
    e = r / 4
    sweep = 1 if sx * sy < 0 else 0
    return (
        f'<path d="M{num(ax)},{num(ay)} L{num(ax)},{num(ay + sy * e)} '
        f"L{num(px + sx * e)},{num(py + sy * e)} L{num(bx + sx * e)},{num(by)} "
        f'L{num(bx)},{num(by)} A{num(r)},{num(r)} 0 0 {sweep} {num(ax)},{num(ay)} Z"/>'
    )


def _mark_points(grid: list[list[bool]], n: int) -> list[tuple[float, float]]:
    """Where ``n`` symbols stand on a tile's land, in unit coordinates: a small cluster on
    the centre, or on the first land corner when the centre is sea."""
    if n == 0:
        return []
    if grid[1][1]:
        cx, cy = 0.5, 0.5
    else:
        i, j = next(((i, j) for i, j in CORNER_CELLS if grid[j][i]), (1, 1))
        cx, cy = (CUTS[i] + CUTS[i + 1]) / 2, (CUTS[j] + CUTS[j + 1]) / 2
    columns = max(1, math.ceil(math.sqrt(n)))
    rows = math.ceil(n / columns)
    step = min(0.2, 0.5 / columns)
    out = []
    for k in range(n):
        row, col = divmod(k, columns)
        across = min(columns, n - row * columns)
        x = cx + (col - (across - 1) / 2) * step
        y = cy + (row - (rows - 1) / 2) * step
        out.append((min(max(x, 0.08), 0.92), min(max(y, 0.08), 0.92)))
    return out


def _coast_points(grid: list[list[bool]], n: int) -> list[tuple[float, float]]:
    """Where ``n`` ports stand: on the coast between a land cell and a sea cell beside it,
    a little out to sea; the coasts around the centre first, the first two far apart."""
    mid = [(CUTS[k] + CUTS[k + 1]) / 2 for k in range(3)]
    found: list[tuple[int, tuple[float, float]]] = []
    for j in range(3):
        for i in range(3):
            if not grid[j][i]:
                continue
            for di, dj in ((0, -1), (1, 0), (0, 1), (-1, 0)):
                si, sj = i + di, j + dj
                if not (0 <= si < 3 and 0 <= sj < 3) or grid[sj][si]:
                    continue
                if di:
                    x = CUTS[max(i, si)] + 0.06 * di
                    y = mid[j]
                else:
                    x = mid[i]
                    y = CUTS[max(j, sj)] + 0.06 * dj
                rank = 0 if (i, j) == (1, 1) or (si, sj) == (1, 1) else 1
                found.append((rank, (x, y)))
    found.sort(key=lambda f: f[0])
    spots = [p for _, p in found] or [(0.5, 0.5)]
    out = [spots[0]]
    while len(out) < n:
        left = [p for p in spots if p not in out]
        if not left:
            out.append(out[-1])
            continue
        out.append(max(left, key=lambda p: min(math.dist(p, q) for q in out)))
    return out[:n]


def _circle(cx: float, cy: float, r: float, attrs: str) -> str:
    return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" {attrs}/>'


def symbol_svg(kind: str, cx: float, cy: float, r: float) -> str:
    """One symbol centred on pixel (cx, cy), ``r`` pixels across half its width."""
    colour = SYMBOL_COLOURS[kind]
    line = f'stroke="#222" stroke-width="{num(max(0.5, r * 0.18))}"'
    if kind == "flower":
        petals = "".join(
            _circle(
                cx + 0.55 * r * math.cos(a * math.pi / 2.5),
                cy + 0.55 * r * math.sin(a * math.pi / 2.5),
                0.5 * r,
                f'fill="{colour}"',
            )
            for a in range(5)
        )
        return petals + _circle(cx, cy, 0.35 * r, 'fill="#ffe14d"')
    if kind == "fruit":
        return _circle(cx, cy + 0.1 * r, 0.85 * r, f'fill="{colour}" {line}') + (
            f'<path d="M{num(cx)},{num(cy - 0.7 * r)} q{num(0.4 * r)},{num(-0.5 * r)} '
            f'{num(0.8 * r)},{num(-0.3 * r)}" fill="none" stroke="#2d6b1f" '
            f'stroke-width="{num(max(0.6, r * 0.25))}"/>'
        )
    if kind == "leaf":
        return (
            f'<path d="M{num(cx - r)},{num(cy + r)} Q{num(cx - r)},{num(cy - r)} '
            f"{num(cx + r)},{num(cy - r)} Q{num(cx + r)},{num(cy + r)} {num(cx - r)},"
            f'{num(cy + r)} Z" fill="{colour}" {line}/>'
            f'<path d="M{num(cx - 0.8 * r)},{num(cy + 0.8 * r)} L{num(cx + 0.5 * r)},'
            f'{num(cy - 0.5 * r)}" stroke="#cfe8c0" stroke-width="{num(max(0.4, r * 0.12))}"/>'
        )
    if kind == "temple":
        w = r
        return (
            f'<path d="M{num(cx - w)},{num(cy - 0.3 * r)} L{num(cx)},{num(cy - r)} '
            f"L{num(cx + w)},{num(cy - 0.3 * r)} Z M{num(cx - 0.8 * w)},{num(cy - 0.2 * r)} "
            f"h{num(0.35 * w)} v{num(0.9 * r)} h{num(-0.35 * w)} Z "
            f"M{num(cx - 0.17 * w)},{num(cy - 0.2 * r)} h{num(0.35 * w)} v{num(0.9 * r)} "
            f"h{num(-0.35 * w)} Z M{num(cx + 0.45 * w)},{num(cy - 0.2 * r)} h{num(0.35 * w)} "
            f"v{num(0.9 * r)} h{num(-0.35 * w)} Z M{num(cx - w)},{num(cy + 0.7 * r)} "
            f'h{num(2 * w)} v{num(0.3 * r)} h{num(-2 * w)} Z" fill="{colour}" '
            f'stroke="#333" stroke-width="{num(max(0.3, r * 0.08))}"/>'
        )
    if kind == "port":
        ink = f'stroke="#fff" stroke-width="{num(max(0.5, r * 0.16))}" fill="none"'
        return (
            _circle(cx, cy, r, f'fill="{colour}"')
            + f'<path d="M{num(cx)},{num(cy - 0.6 * r)} V{num(cy + 0.6 * r)} '
            f"M{num(cx - 0.35 * r)},{num(cy - 0.3 * r)} H{num(cx + 0.35 * r)} "
            f"M{num(cx - 0.55 * r)},{num(cy + 0.15 * r)} Q{num(cx - 0.5 * r)},"
            f"{num(cy + 0.65 * r)} {num(cx)},{num(cy + 0.6 * r)} Q{num(cx + 0.5 * r)},"
            f'{num(cy + 0.65 * r)} {num(cx + 0.55 * r)},{num(cy + 0.15 * r)}" {ink}/>'
            + _circle(cx, cy - 0.72 * r, 0.16 * r, ink)
        )
    return house_svg(cx, cy, r, colour, "#333")


def house_svg(cx: float, cy: float, r: float, fill: str, stroke: str) -> str:
    """A house: the printed symbol (pale, outlined) or a player's house (their colour)."""
    return (
        f'<path d="M{num(cx - 0.8 * r)},{num(cy - 0.1 * r)} L{num(cx)},{num(cy - r)} '
        f"L{num(cx + 0.8 * r)},{num(cy - 0.1 * r)} L{num(cx + 0.8 * r)},{num(cy + 0.85 * r)} "
        f'L{num(cx - 0.8 * r)},{num(cy + 0.85 * r)} Z" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{num(max(0.6, r * 0.2))}" stroke-linejoin="round"/>'
    )


def ship_svg(cx: float, cy: float, size: float, colour: str) -> str:
    """A ship in ``colour``, ``size`` pixels long."""
    h = size / 2
    return (
        f'<path d="M{num(cx - h)},{num(cy + 0.1 * size)} L{num(cx + h)},{num(cy + 0.1 * size)} '
        f"L{num(cx + 0.3 * size)},{num(cy + 0.3 * size)} L{num(cx - 0.3 * size)},"
        f'{num(cy + 0.3 * size)} Z" fill="{colour}" stroke="#222" '
        f'stroke-width="{num(max(0.6, size * 0.03))}" stroke-linejoin="round"/>'
        f'<path d="M{num(cx)},{num(cy + 0.08 * size)} V{num(cy - 0.45 * size)} '
        f'L{num(cx + 0.32 * size)},{num(cy)} Z" fill="#fdfdf7" stroke="#222" '
        f'stroke-width="{num(max(0.5, size * 0.02))}" stroke-linejoin="round"/>'
        f'<path d="M{num(cx - 0.04 * size)},{num(cy - 0.38 * size)} L{num(cx - 0.3 * size)},'
        f'{num(cy)} H{num(cx - 0.04 * size)} Z" fill="{colour}" stroke="#222" '
        f'stroke-width="{num(max(0.5, size * 0.02))}" stroke-linejoin="round"/>'
    )


def _owner_colour(place: int, players: int, solo: bool) -> str:
    if solo and place >= players:
        return ALEXIS_COLOUR
    return SEAT_COLOURS[place % len(SEAT_COLOURS)]


class Layers:
    """The drawing of a table (or of a catalogue), layer by layer: the sea under
    everything, then the beaches, the land, the symbols and the pieces, so that no tile
    covers its neighbour's beach."""

    def __init__(self) -> None:
        self.sea: list[str] = []
        self.land: list[str] = []
        self.marks: list[str] = []
        self.outlines: list[str] = []
        self.clip: list[str] = []

    def body(self, clip_id: str, size: float) -> list[str]:
        """The layers in order, for tiles of ``size`` pixels; the land clipped to the
        tiles."""
        land = "".join(self.land)
        clip = f'clip-path="url(#{clip_id})"'
        return [
            f'<clipPath id="{clip_id}">{"".join(self.clip)}</clipPath>',
            *self.sea,
            f'<g {clip} fill="{SAND}" stroke="{SAND}" stroke-width="{num(_BEACH * size)}" '
            f'stroke-linejoin="round">{land}</g>',
            f'<g {clip} fill="{LAND_COLOUR}" stroke="none">{land}</g>',
            *self.outlines,
            *self.marks,
        ]


def tile_svg(
    layers: Layers,
    design: dict[str, Any],
    rotation: int,
    x: float,
    y: float,
    size: float,
    tile: dict[str, Any] | None = None,
    players: int = 0,
    solo: bool = False,
    lang: str = SOURCE,
) -> None:
    """Add one tile at pixel (x, y), turned ``rotation`` quarter turns clockwise, to
    ``layers``; ``tile`` is its entry in a view (the pieces on it)."""
    tile = tile or {}
    grid = cells(laid_labels(design, rotation))
    degrees = rotation % 4 * 90
    if "x" in tile:
        # TRANSLATORS: a tile's tooltip: {tile} is its id ("L12"); {degrees} a number.
        at = _(
            "{tile} at {x},{y}, turned {degrees}°",
            tile=design["id"],
            x=tile["x"],
            y=tile["y"],
            degrees=degrees,
        )
    else:
        at = _("{tile}, turned {degrees}°", tile=design["id"], degrees=degrees)
    layers.clip.append(_rect(0, 0, 1, 1, x, y, size) + "/>")
    layers.sea.append(
        _rect(0, 0, 1, 1, x, y, size)
        + f' fill="{SEA_COLOUR}"><title>{escape(at.render(lang))}</title></rect>'
    )
    layers.land.extend(land_shapes(grid, x, y, size))
    layers.outlines.append(
        _rect(0, 0, 1, 1, x, y, size) + ' fill="none" stroke="#2c4a63" stroke-opacity="0.35" '
        'stroke-width="0.6"/>'
    )
    symbols = design["symbols"]
    r = _MARK * size
    kinds = ["house"] * symbols["house"] + ["temple"] * symbols["temple"]
    for resource in RESOURCES:
        kinds += [resource] * symbols[resource]
    # a resource token lies on a printed resource: of its kind, or the one it covers
    on: list[dict[str, Any] | None] = [None] * len(kinds)
    astray: list[dict[str, Any]] = []
    port_tokens: list[dict[str, Any]] = []
    for token in tile.get("tokens", ()):
        if token["kind"] == "port":
            port_tokens.append(token)
            continue
        under = token.get("over", token["kind"])
        k = next((k for k, kind in enumerate(kinds) if kind == under and on[k] is None), None)
        if k is None:
            astray.append(token)  # on no printed symbol (another tile file): beside them
        else:
            on[k] = token
    points = _mark_points(grid, len(kinds) + len(astray))
    coast = _coast_points(grid, symbols["port"] + len(port_tokens))
    marks = layers.marks
    ring = f'fill="none" stroke-width="{num(max(1.2, size * 0.035))}"'

    def token_mark(token: dict[str, Any], px: float, py: float) -> None:
        marks.append(symbol_svg(token["kind"], px, py, r))
        colour = _owner_colour(token["seat"], players, solo)
        marks.append(_circle(px, py, r * 1.35, f'{ring} stroke="{colour}"'))

    for k, (cx, cy) in enumerate(coast):
        px, py = x + cx * size, y + cy * size
        if k < symbols["port"]:
            marks.append(symbol_svg("port", px, py, r))
        else:
            token_mark(port_tokens[k - symbols["port"]], px, py)
    houses = list(tile.get("houses", ()))
    for k, (cx, cy) in enumerate(points):
        px, py = x + cx * size, y + cy * size
        kind = kinds[k] if k < len(kinds) else ""
        token = on[k] if k < len(kinds) else astray[k - len(kinds)]
        if kind == "house" and houses:
            colour = _owner_colour(houses.pop(0), players, solo)
            marks.append(house_svg(px, py, r * 1.25, colour, "#111"))
        elif token is not None:
            token_mark(token, px, py)
        else:
            marks.append(symbol_svg(kind, px, py, r))
    if "ship" in tile or design["id"] == "ship":
        owner = tile.get("ship", -1)
        colour = GREY_SHIP if owner < 0 else _owner_colour(owner, players, solo)
        marks.append(ship_svg(x + size / 2, y + size / 2, size * 0.6, colour))


_PER_FONT_PIXEL = 0.56
"""About how wide a character is, for each pixel of font size (the labels' estimates)."""

_TEXT = re.compile(r'<text x="([-\d.]+)" y="[-\d.]+" font-size="([\d.]+)"([^>]*)>([^<]*)</text>')


def _wide(words: str, size: float) -> float:
    """About how wide ``words`` are drawn at a font of ``size`` pixels."""
    return _PER_FONT_PIXEL * size * len(words)


def _reach(parts: Iterable[str]) -> float:
    """About how far right the texts among ``parts`` reach (the widest of them, as
    estimated from their font size and length), so that a picture is wide enough for
    them in every language."""
    reach = 0.0
    for part in parts:
        for x, size, extra, words in _TEXT.findall(part):
            wide = _wide(html.unescape(words), float(size))
            start = float(x) - (wide / 2 if 'text-anchor="middle"' in extra else 0)
            reach = max(reach, start + wide)
    return reach


def _style() -> str:
    return f"<style>text{{font-family:{FONT};}}</style>"


def _legend(
    x: float, y: float, scale: float = 1.0, two_rows: bool = False, lang: str = SOURCE
) -> list[str]:
    """Swatches of the symbols and pieces, left to right from (x, y) (``scale`` times the
    usual size; with ``two_rows``, the pieces on a row of their own under the symbols)."""
    left = x
    out: list[str] = []
    r = 6.0 * scale
    font = round(11 * scale)
    per_char = 6.2 * scale
    for kind in ("flower", "fruit", "leaf", "temple", "port", "house"):
        label = NAMES[kind].render(lang)
        out.append(symbol_svg(kind, x + r, y - 4 * scale, r))
        out.append(text(x + 2 * r + 5, y, label, font, 'fill="#222"'))
        x += 2 * r + 14 + per_char * len(label)
    if two_rows:
        x, y = left, y + 26 * scale
    out.append(house_svg(x + r, y - 4 * scale, r * 1.25, SEAT_COLOURS[0], "#111"))
    built = _("house built").render(lang)
    out.append(text(x + 2 * r + 5, y, built, font, 'fill="#222"'))
    x += 2 * r + 14 + per_char * len(built)
    out.append(symbol_svg("leaf", x + r, y - 4 * scale, r))
    out.append(
        _circle(
            x + r,
            y - 4 * scale,
            r * 1.35,
            f'fill="none" stroke="{SEAT_COLOURS[0]}" stroke-width="2"',
        )
    )
    bonus = _("bonus token").render(lang)
    out.append(text(x + 2 * r + 7, y, bonus, font, 'fill="#222"'))
    x += 2 * r + 16 + per_char * len(bonus)
    out.append(ship_svg(x + 10 * scale, y - 4 * scale, 20 * scale, GREY_SHIP))
    ship = _("ship (grey: nobody's)").render(lang)
    out.append(text(x + 24 * scale, y, ship, font, 'fill="#222"'))
    return out


def _token_icons(kinds: Iterable[str], x: float, y: float, r: float) -> list[str]:
    out = []
    for kind in kinds:
        out.append(symbol_svg(kind, x + r, y, r))
        x += 2 * r + 4
    return out


def _points(n: int) -> Said:
    return _n("{n} point", "{n} points", n)


_SMALL = 48
"""The size of a tile drawn in the panel (the face-up row, a hand)."""


def _tile_row(
    design_ids: Sequence[str],
    designs: dict[str, dict[str, Any]],
    x: float,
    y: float,
    name: str,
    lang: str = SOURCE,
) -> list[str]:
    """Tiles side by side from pixel (x, y), unturned, each labelled by its id."""
    layers = Layers()
    labels = []
    for k, design_id in enumerate(design_ids):
        tx = x + k * (_SMALL + 12)
        tile_svg(layers, designs[design_id], 0, tx, y, _SMALL, lang=lang)
        labels.append(
            text(
                tx + _SMALL / 2, y + _SMALL + 12, design_id, 10, 'text-anchor="middle" fill="#444"'
            )
        )
    return layers.body(name, _SMALL) + labels


def _panel(
    view: dict[str, Any],
    designs: dict[str, dict[str, Any]],
    x: float,
    y: float,
    lang: str = SOURCE,
) -> tuple[list[str], float]:
    """The side panel from pixel (x, y): the stacks, the face-up row, each player (their
    hand too when the view shows it), Alexis, the end; and the height reached."""
    body = [
        text(
            x,
            y,
            _(
                "Navigation stack {navigation} · main stack {stack} · grey ships {grey}",
                navigation=view["navigation"],
                stack=view["stack"],
                grey=view["grey_ships"],
            ).render(lang),
            12,
            'fill="#222"',
        ),
        text(x, y + 20, _("face-up tiles").render(lang), 12, 'fill="#222" font-weight="bold"'),
    ]
    body += _tile_row(view["row"], designs, x, y + 28, "row", lang)
    y += 28 + _SMALL + 36
    grey = 'fill="#333"'
    for player in view["seats"]:
        s = player["seat"]
        winner = " ★" if s in view["winners"] else ""
        body.append(house_svg(x + 8, y - 5, 8, SEAT_COLOURS[s % len(SEAT_COLOURS)], "#111"))
        body.append(
            text(
                x + 22,
                y,
                _(
                    "seat {n} ({colour}): {points}",
                    n=s,
                    colour=COLOURS[s % 4],
                    points=_points(player["score"]),
                ).render(lang)
                + winner,
                13,
                'font-weight="bold" fill="#222"',
            )
        )
        y += 17
        body.append(
            text(
                x + 22,
                y,
                # TRANSLATORS: PP: prestige points.
                _(
                    "{prestige} PP · houses {houses} + {reserve} in reserve · {built} built",
                    prestige=player["prestige"],
                    houses=player["houses"],
                    reserve=player["reserve"],
                    built=player["built"],
                ).render(lang),
                11,
                grey,
            )
        )
        y += 16
        label = _("bonus tokens:").render(lang)
        body.append(text(x + 22, y, label, 11, grey))
        after = max(104.0, 20 + 6.4 * len(label))  # a longer label pushes the icons on
        icons = _token_icons(player["tokens"], x + after, y - 4, 6)
        body += icons or [text(x + after + 2, y, "-", 11, grey)]
        drawn = player["discoveries"]
        found: Said | str
        if isinstance(drawn, list):
            found = " ".join(f"{d['token']}={d['value']}" for d in drawn) or "-"
        else:
            # TRANSLATORS: Discovery tokens drawn, their values hidden.
            found = _n("{n} hidden", "{n} hidden", drawn) if drawn else "-"
        # TRANSLATORS: {found} is "3 hidden", "-" or the tokens and values "D4=2 D7=0".
        said = _("discoveries: {found}", found=found)
        body.append(text(x + 170, y, said.render(lang), 11, grey))
        y += 16
        hand = player["hand"]
        if isinstance(hand, list):
            said = _("hand:") if hand else _("hand: empty")
            body.append(text(x + 22, y, said.render(lang), 11, grey))
            if hand:
                body += _tile_row(hand, designs, x + 60, y - 10, f"hand{s}", lang)
                y += _SMALL + 10
        else:
            said = _n("hand: {n} tile", "hand: {n} tiles", hand)
            body.append(text(x + 22, y, said.render(lang), 11, grey))
        y += 26
    alexis = view.get("alexis")
    if alexis is not None:
        body.append(house_svg(x + 8, y - 5, 8, ALEXIS_COLOUR, "#111"))
        body.append(
            text(
                x + 22,
                y,
                _(
                    "Alexis ({card}): {points}",
                    card=alexis["card"],
                    points=_points(alexis["score"]),
                ).render(lang),
                13,
                'font-weight="bold" fill="#222"',
            )
        )
        y += 17
        body.append(
            text(
                x + 22,
                y,
                _(
                    "houses {houses} · {built} built · expedition deck {deck}, last {last}",
                    houses=alexis["houses"],
                    built=alexis["built"],
                    deck=alexis["deck"],
                    last=alexis["last_card"] or "-",
                ).render(lang),
                11,
                grey,
            )
        )
        y += 26
    if view["ended"]:
        won = _winners(view, lang)
        over = _("Game over: {reason}", reason=from_data(view["ended"]))
        body.append(text(x, y, over.render(lang), 12, BOLD_RED))
        # TRANSLATORS: {winners} is "seat 0", "seat 0, seat 2", "Alexis" or "nobody".
        body.append(
            text(x, y + 17, _("winners: {winners}", winners=won).render(lang), 12, BOLD_RED)
        )
        y += 37
    return body, y


def render_svg(state: State, seat: int | None = None, size: int = 72, lang: str = SOURCE) -> str:
    """The table as ``seat`` sees it (None: a spectator): the map (``size`` pixels a
    tile) with its symbols and pieces, and beside it the round, the stacks, the face-up
    row, each player (and Alexis) and, for ``seat``, its hand."""
    view = state.view(seat)
    designs = designs_by_id(state)
    tiles: list[dict[str, Any]] = view["tiles"]
    players: int = view["players"]
    solo = "alexis" in view
    if tiles:
        xs = [t["x"] for t in tiles]
        ys = [t["y"] for t in tiles]
        min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    else:
        min_x = max_x = min_y = max_y = 0
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    left, top = 40.0, 70.0
    map_width = cols * size
    panel_x = left + map_width + 50
    panel_w = 370.0
    body: list[str] = []
    body.append(
        text(
            16,
            26,
            _(
                "Small Islands · {mode} · round {round}",
                mode=MODES.get(view["mode"], view["mode"]),
                round=view["round"],
            ).render(lang),
            18,
            'font-weight="bold" fill="#1d2b36"',
        )
    )
    body.append(text(16, 46, _status(view, lang), 12, 'fill="#333"'))
    body.extend(board_frame(left, top, cols, rows, size, min_x, min_y))
    if not tiles:
        body.append(
            text(
                left + size / 2,
                top + size / 2 + 4,
                _("no tile yet").render(lang),
                10,
                'text-anchor="middle" fill="#777"',
            )
        )
    layers = Layers()
    for tile in tiles:
        design = designs[tile["design"]]
        px, py = left + (tile["x"] - min_x) * size, top + (tile["y"] - min_y) * size
        tile_svg(layers, design, tile["rotation"], px, py, size, tile, players, solo, lang)
    body += layers.body("laid", size)

    panel, y = _panel(view, designs, panel_x, top + 4, lang)
    body += panel
    height = max(top + rows * size + 70, y + 20)
    legend_y = height - 18
    body.extend(_legend(16, legend_y, lang=lang))
    width = max(panel_x + panel_w, 760, math.ceil(_reach(body) + 8))
    title = (
        _("Small Islands: the table")
        if seat is None
        else _("Small Islands: the table as seat {n} sees it", n=seat)
    )
    return document(width, height, title.render(lang), _style(), body, "#fbf8f1")


def _two_lines(words: str, most: int = 22) -> list[str]:
    """``words`` on one line if it holds ``most`` characters or fewer, else on two: split
    at the comma nearest the middle when both halves hold, or else at the space that
    leaves the shortest longest line (a comma's first, never between a number and its
    word)."""
    if len(words) <= most:
        return [words]
    commas = [k + 1 for k, c in enumerate(words) if c == ","]
    if commas:
        k = min(commas, key=lambda k: abs(k - len(words) / 2))
        if max(k, len(words) - k - 1) <= most:
            return [words[:k], words[k + 1 :]]
    spaces = [k for k, c in enumerate(words) if c == " " and k and not words[k - 1].isdigit()]
    if not spaces:
        return [words]
    k = min(spaces, key=lambda k: (max(k, len(words) - k - 1), words[k - 1] != ","))
    return [words[:k], words[k + 1 :]]


def render_components_svg(
    state: State, size: int = 112, columns: int = 6, lang: str = SOURCE
) -> str:
    """The catalogue: every landscape tile, both sides of each starting tile, then the
    ship tile, unturned, each labelled by its id (and count) and what it shows, large
    enough to read at the width of the rules page, with the key to the symbols above and
    below."""
    designs: list[dict[str, Any]] = state.components()["designs"]
    landscape = [d for d in designs if "start" not in d and d["id"] != "ship"]
    starts = [d for d in designs if "start" in d]
    ships = [d for d in designs if d["id"] == "ship"]
    cell_w, cell_h = size + 24, size + 60
    sections = [
        (_("Landscape tiles ({n})", n=sum(d["count"] for d in landscape)), landscape),
        (_("Starting tiles, side a and side b"), starts),
        # TRANSLATORS: {n} is how many ship tiles the box holds ("Ship tile (x3)").
        (_("Ship tile (x{n})", n=ships[0]["count"] if ships else 0), ships),
    ]
    body: list[str] = [
        text(
            16,
            28,
            _("Small Islands: the tiles (unturned, north up)").render(lang),
            18,
            'font-weight="bold" fill="#1d2b36"',
        ),
    ]
    body.extend(_legend(16, 58, 1.3, two_rows=True, lang=lang))
    layers = Layers()
    y = 104.0
    for heading, group in sections:
        if not group:
            continue
        body.append(text(16, y + 14, heading.render(lang), 14, 'font-weight="bold" fill="#333"'))
        y += 26
        for k, design in enumerate(group):
            col, row = k % columns, k // columns
            x = 16 + col * cell_w + (cell_w - size) / 2
            ty = y + row * cell_h
            tile_svg(layers, design, 0, x, ty, size, lang=lang)
            count = f" x{design['count']}" if design["count"] != 1 else ""
            # the ship tile is labelled by its name, the others by their ids
            label = _("ship").render(lang) if design["id"] == "ship" else design["id"]
            body.append(
                text(
                    x + size / 2,
                    ty + size + 15,
                    f"{label}{count}",
                    13,
                    'text-anchor="middle" font-weight="bold" fill="#222"',
                )
            )
            name = tile_name(design["id"], design["symbols"], all(design["labels"]))
            room = cell_w - 6  # a name's lines keep clear of the next cell's
            lines = _two_lines(name.render(lang), int(room / _wide("x", 11)))
            font = min(11.0, round(room / _wide(max(lines, key=len), 1), 1))
            for line, words in enumerate(lines):
                body.append(
                    text(
                        x + size / 2,
                        ty + size + 30 + 13 * line,
                        words,
                        font,
                        'text-anchor="middle" fill="#444"',
                    )
                )
        y += -(-len(group) // columns) * cell_h + 8
    body += layers.body("catalogue", size)
    body.extend(_legend(16, y + 20, 1.3, two_rows=True, lang=lang))
    width = max(32 + columns * cell_w, 760, math.ceil(_reach(body) + 8))
    title = _("Small Islands: the tiles").render(lang)
    return document(width, y + 74, title, _style(), body, "#fbf8f1")
