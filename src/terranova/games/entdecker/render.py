"""Drawing Entdecker: the board as text and as SVG, and the catalogue of components
(``terranova render entdecker --tiles``), with the kit's SVG helpers."""

from __future__ import annotations

import math
from typing import Any

from terranova.core.i18n import SOURCE, Text, from_data, texts
from terranova.games.entdecker.components import Design
from terranova.games.entdecker.state import EntdeckerState
from terranova.games.entdecker.words import token_name
from terranova.kit.svg import Shape, document, edge_runs, num, text, wedge

LABEL_CHAR = 6.72
"""About how wide a character of a hut's label (12 pixels) is drawn."""
SEAT_COLOURS = ("#c0392b", "#f4f4f4", "#e1b12c", "#8e44ad")
"""Red, white, yellow, purple (the rule's order of colours)."""
SEAT_NAMES = ("red", "white", "yellow", "purple")
WATER = "#4a90c2"
LAND = "#7fb069"
EMPTY = "#e8e1cc"
EVENT_MARKS = {"mine": "M", "pirates": "P", "storm": "S", "natives": "N"}
UNIT_LETTERS = {"scout": "s", "fort": "f", "settlement": "S"}

_, _n = texts("terranova.games.entdecker")

SEAT_COLOUR_NAMES = (
    # TRANSLATORS: a player's colour, naming the seat in the board's picture ("red: 3 points").
    _("red"),
    # TRANSLATORS: a player's colour, naming the seat in the board's picture.
    _("white"),
    # TRANSLATORS: a player's colour, naming the seat in the board's picture.
    _("yellow"),
    # TRANSLATORS: a player's colour, naming the seat in the board's picture.
    _("purple"),
)
"""The seats' colours as the pictures' reader says them (the order of SEAT_COLOURS)."""
STACK_LABELS = {
    # TRANSLATORS: under a tile in the catalogue: it goes on open stack {number}.
    "open": lambda number: _("open {number}", number=number),
    # TRANSLATORS: under a tile in the catalogue: a hidden tile, {number} on its back.
    "hidden": lambda number: _("hidden {number}", number=number),
    # TRANSLATORS: under a tile in the catalogue: laid on the board at the set-up,
    # {number} its edge type.
    "setup": lambda number: _("setup {number}", number=number),
}
"""The stack a tile starts in, with its number, as the catalogue labels it."""


# ------------------------------------------------------------------------------ text


def render_text(state: EntdeckerState, seat: int | None = None) -> str:
    """The board (each square: its tile's number and event, then a unit), the players,
    the paths and what happened last, as ``seat`` sees it."""
    view = state.view(seat)
    t = state.tables
    width, height = t.board.width, t.board.height
    cells: dict[tuple[int, int], str] = {}
    for tile in view["map"]:
        design = t.designs[t.index[tile["design"]]]
        mark = EVENT_MARKS.get(design.event or "", "w" if design.bonus else " ")
        cells[(tile["x"], tile["y"])] = f"{design.number}{mark}"
    units: dict[tuple[int, int], str] = {}
    for unit in view["units"]:
        units[(unit["x"], unit["y"])] = f"{unit['seat']}{UNIT_LETTERS[unit['unit']]}"
    lines = ["    " + "".join(f"{x:<5}" for x in range(width))]
    for y in range(height):
        row = "".join(
            f"{cells.get((x, y), ' .'):>2}{units.get((x, y), '  '):<2} " for x in range(width)
        )
        lines.append(f"{y:>2}  {row}")
    lines.append("")
    for s in range(view["players"]):
        supply = view["supply"][s]
        lines.append(
            f"seat {s} ({SEAT_NAMES[s]}): {view['points'][s]} points, {view['gold'][s]} gold, "
            f"{supply['scout']} scouts {supply['fort']} forts {supply['settlement']} settlements"
        )
    for hut in view["huts"]:
        spaces = " ".join("." if s < 0 else str(s) for s in hut["spaces"])
        token = hut["token"] or "-"
        lines.append(f"path {hut['path']}: hut [{token}] {spaces}")
    lines.append(
        f"hidden {sum(view['hidden'].values())}, open "
        + " ".join(f"{k}:{c}" for k, c in view["open"].items())
        + f", discards {len(view['discards'])}"
    )
    turn = view["turn"]
    if turn is not None:
        lines.append(
            f"turn of seat {turn['seat']}: {turn['left']} {turn['kind'] or '-'} tiles left, "
            f"ship at {turn['ship'] or 'the edge'}, heading {', '.join(turn['heading']) or '-'}"
        )
    lines.append(f"step: {view['step']}")
    for entry in view["log"][-3:]:
        lines.append("  " + _log_line(entry))
    return "\n".join(lines) + "\n"


def _log_line(entry: dict[str, Any]) -> str:
    if entry.get("what") == "island":
        ranks = ", ".join(
            f"seat {r['seat']} {r['points']} ({r['count']} {r['unit']})" for r in entry["ranks"]
        )
        return f"island of {len(entry['tiles'])} tiles worth {entry['value']}: {ranks}"
    if entry.get("what") == "hut":
        return f"hut {entry['path']}: {entry['token']} ({entry['points']}) to seat {entry['seat']}"
    where = f" at {entry['at']}" if "at" in entry else ""
    return f"seat {entry['seat']}: {from_data(entry['what'])}{where}"


# ------------------------------------------------------------------------------- svg


def tile_svg(design: Design, rotation: int, x: float, y: float, size: float) -> list[str]:
    """One tile: water, its land pieces, islets, white lanes, event and waterfall marks."""
    out = [
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(size)}" height="{num(size)}" '
        f'fill="{WATER}" stroke="#2c3e50" stroke-width="0.5"/>'
    ]
    land = 'fill="' + LAND + '"'
    for piece in design.land:
        turned = [(e + rotation) % 4 for e in piece]
        if not turned:
            out.append(Shape(0, disc=(0.5, 0.5, 0.2)).svg(x, y, size, land))
            continue
        for run in edge_runs(turned):
            out.append(Shape(0, wedge(run)).svg(x, y, size, land))
    mids = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
    for lane in design.lanes:
        for e in lane:
            ex, ey = mids[(e + rotation) % 4]
            end = (0.5, 0.5) if len(lane) > 1 else (0.5 + (ex - 0.5) * 0.4, 0.5 + (ey - 0.5) * 0.4)
            out.append(
                f'<line x1="{num(x + ex * size)}" y1="{num(y + ey * size)}" '
                f'x2="{num(x + end[0] * size)}" y2="{num(y + end[1] * size)}" stroke="white" '
                'stroke-width="1.5" stroke-dasharray="3 2"/>'
            )
    mark = EVENT_MARKS.get(design.event or "")
    if mark:
        out.append(text(x + size * 0.78, y + size * 0.92, mark, size * 0.25,
                        'fill="#111" font-weight="bold"'))  # fmt: skip
    if design.bonus:
        out.append(text(x + size * 0.3, y + size * 0.58, f"+{design.bonus}", size * 0.3,
                        'fill="#fff" font-weight="bold"'))  # fmt: skip
    return out


def render_svg(
    state: EntdeckerState, seat: int | None = None, size: int = 56, lang: str = SOURCE
) -> str:
    """The board with its start points and their costs, the tiles, the units, the paths
    and huts, and each player's gold and points."""
    view = state.view(seat)
    t = state.tables
    width, height = t.board.width, t.board.height
    left, top = 40.0, 40.0
    body: list[str] = [
        f'<rect x="{num(left)}" y="{num(top)}" width="{width * size}" height="{height * size}" '
        f'fill="{EMPTY}" stroke="#999"/>'
    ]
    for tile in view["map"]:
        design = t.designs[t.index[tile["design"]]]
        body += tile_svg(design, tile["rotation"], left + tile["x"] * size,
                         top + tile["y"] * size, size)  # fmt: skip
    for px, py, cost in view_points(state, size):
        body.append(text(px, py, str(cost), 11, 'text-anchor="middle" fill="#333"'))
    for unit in view["units"]:
        cx = left + (unit["x"] + 0.3 + 0.4 * unit["piece"]) * size
        cy = top + (unit["y"] + 0.3) * size
        radius = {"scout": 0.09, "fort": 0.13, "settlement": 0.17}[unit["unit"]] * size
        body.append(
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(radius)}" '
            f'fill="{SEAT_COLOURS[unit["seat"]]}" stroke="#000" stroke-width="1"/>'
        )
    side = left + width * size + 50
    reach = 0  # how far right of ``side`` the huts' spaces go
    for p, hut in enumerate(view["huts"]):
        y = top + p * 26
        token = hut["token"] or " "
        if token != "?" and token.strip():
            token = say_token(token, lang)
        label = f"{hut['path']} [{token}]"
        body.append(text(side, y + 12, label, 12))
        # the spaces follow the label: 90 pixels on, or after a longer one (a plant's name)
        first = max(90, math.ceil(LABEL_CHAR * len(label)) + 9)
        reach = max(reach, first + 18 * len(hut["spaces"]))
        for k, owner in enumerate(hut["spaces"]):
            fill = "#fff" if owner < 0 else SEAT_COLOURS[owner]
            body.append(
                f'<circle cx="{num(side + first + k * 18)}" cy="{num(y + 8)}" r="6" fill="{fill}" '
                'stroke="#333"/>'
            )
    y = top + len(view["huts"]) * 26 + 20
    for s in range(view["players"]):
        body.append(text(side, y + s * 18, seat_line(s, view["points"][s], view["gold"][s])
                         .render(lang), 13))  # fmt: skip
    total_width = side + max(260, reach + 10)
    total_height = max(top + height * size + 40, y + 80)
    return document(total_width, total_height, "Entdecker", "", body, "#fdfaf2")


def seat_line(seat: int, points: int, gold: int) -> Text:
    """A seat's score and gold under the paths: "red: 3 points, 7 gold"."""
    # TRANSLATORS: {colour} is a seat's colour (red...); {points} "3 points"; {gold} "7 gold".
    return _(
        "{colour}: {points}, {gold}",
        colour=SEAT_COLOUR_NAMES[seat],
        points=_n("{n} point", "{n} points", points),
        gold=_n("{n} gold", "{n} gold", gold),
    )


def say_token(token: str, lang: str = SOURCE) -> str:
    """A produce token in a hut, by its plant in ``lang``."""
    name = token_name(token)
    return name if isinstance(name, str) else name.render(lang)


def view_points(state: EntdeckerState, size: int = 56) -> list[tuple[float, float, int]]:
    """Where each start point's cost is written: outside the board drawn from (40, 40)."""
    t = state.tables
    left = top = 40.0
    right = left + t.board.width * size
    bottom = top + t.board.height * size
    out = []
    for k, point in enumerate(t.points):
        x, y = t.grid.decode(point.pos)
        cx, cy = left + (x + 0.5) * size, top + (y + 0.5) * size + 4
        cx, cy = ((cx, top - 8), (right + 12, cy), (cx, bottom + 16), (left - 12, cy))[point.edge]
        out.append((cx, cy, state.edge_cost[k]))
    return out


def render_components_svg(
    state: EntdeckerState, size: int = 70, columns: int = 9, lang: str = SOURCE
) -> str:
    """The catalogue: every design by its name in ``lang`` with its count, stack, number and
    event."""
    designs = state.tables.designs
    body: list[str] = []
    cell = size + 40
    for k, design in enumerate(designs):
        x = 20 + (k % columns) * cell
        y = 30 + (k // columns) * (cell + 10)
        body += tile_svg(design, 0, x, y, size)
        label = f"{design.named.render(lang)} x{design.count}"
        body.append(text(x, y + size + 14, label, 10 if len(label) <= 20 else 8,
                         f'data-design="{design.id}"'))  # fmt: skip
        stack = STACK_LABELS[design.stack](design.number).render(lang)
        body.append(text(x, y + size + 26, stack, 10, 'fill="#555"'))
    rows = -(-len(designs) // columns)
    return document(
        20 + columns * cell,
        40 + rows * (cell + 10),
        _("Entdecker: the tiles").render(lang),
        "",
        body,
        "#fdfaf2",
    )
