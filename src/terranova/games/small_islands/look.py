"""What Small Islands' drawings share: colours, the 3x3 cells a tile is drawn on, the
status and winners lines. Everything comes from the state's public protocol:
``state.view(seat)`` and ``state.components()``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from terranova.core.state import CHANCE, TERMINAL, State
from terranova.kit.matching import turn

LAND = 0
"""The label of land (sea is 1)."""
RESOURCES = ("flower", "fruit", "leaf")
SEAT_COLOURS = ("#d1362f", "#2f6fd1", "#f0c419", "#3a9d4a")
"""Red, blue, yellow, green: the seats' houses, ships and bonus tokens."""
SEAT_NAMES = ("red", "blue", "yellow", "green")
ALEXIS_COLOUR = "#7b4ea3"
GREY_SHIP = "#9a9a9a"
SEA_COLOUR = "#5aa5d8"
LAND_COLOUR = "#93c560"
SAND = "#ecd9a0"
SYMBOL_COLOURS = {
    "flower": "#e8559a",
    "fruit": "#f28c1c",
    "leaf": "#1f7a38",
    "temple": "#8a8a8a",
    "port": "#1b3a6b",
    "house": "#fffaf0",
}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

# ------------------------------------------------------------------------ the tiles

TEXT_LAND, TEXT_SEA = "#", "~"
MARK_LETTERS = {"flower": "f", "fruit": "r", "leaf": "l"}
LEGEND = (
    "legend: # land, ~ sea; centre: S ship, h house, b bonus token, t temple, p port, "
    "^ free house symbol, f flower, r fruit, l leaf; x east, y south"
)

CUTS = (0.0, 0.3, 0.7, 1.0)
"""Where the cells of a tile's 3x3 grid begin and end, in unit coordinates."""
CORNER_CELLS = ((2, 0), (2, 2), (0, 2), (0, 0))
"""The cell (column, row) of each corner NE, SE, SW, NW."""
EDGE_CELLS = ((1, 0), (2, 1), (1, 2), (0, 1))
"""The cell (column, row) of each edge N, E, S, W."""


def cells(labels: Sequence[int]) -> list[list[bool]]:
    """Which cells of a tile's 3x3 grid are land (rows north to south, columns west to
    east) for its labels as laid (turned).

    >>> ["".join("#" if land else "~" for land in row) for row in cells((0, 1, 1, 1, 1, 1, 1, 0))]
    ['##~', '~#~', '~~~']
    """
    grid = [[False] * 3 for _ in range(3)]
    for edge, (i, j) in enumerate(EDGE_CELLS):
        grid[j][i] = labels[edge] == LAND
    for corner, (i, j) in enumerate(CORNER_CELLS):
        grid[j][i] = labels[4 + corner] == LAND
    grid[1][1] = any(labels[e] == LAND for e in range(4))
    return grid


def designs_by_id(state: State) -> dict[str, dict[str, Any]]:
    """The designs of ``state.components()`` by id."""
    return {d["id"]: d for d in state.components()["designs"]}


def laid_labels(design: dict[str, Any], rotation: int) -> tuple[int, ...]:
    return turn(design["labels"], rotation)


def marker(tile: dict[str, Any], design: dict[str, Any], land_centre: bool) -> str:
    """The letter at the centre of a tile in the text map: its most notable thing."""
    symbols = design["symbols"]
    if "ship" in tile:
        return "S"
    if tile.get("houses"):
        return "h"
    if tile.get("tokens"):
        return "b"
    if symbols["temple"]:
        return "t"
    if symbols["port"]:
        return "p"
    if symbols["house"]:
        return "^"
    most = max(RESOURCES, key=lambda r: symbols[r])
    if symbols[most]:
        return MARK_LETTERS[most]
    return TEXT_LAND if land_centre else TEXT_SEA


def status_line(view: dict[str, Any]) -> str:
    player = view["current_player"]
    solo = "alexis" in view
    if player == TERMINAL:
        acting = "game over"
    elif player == CHANCE:
        acting = "chance to act"
    else:
        acting = f"{place_name(player, view['players'], solo)} to act"
    return (
        f"Small Islands ({view['mode']}), round {view['round']}, step: {view['step']}, "
        f"{acting}; first player {place_name(view['first_player'], view['players'], solo)}"
    )


def winners_line(view: dict[str, Any]) -> str:
    """Who won: seats, or in a solo game Alexis when the player did not beat him."""
    won = ", ".join(who(s) for s in view["winners"])
    return won or ("Alexis" if "alexis" in view else "nobody")


def who(seat: int) -> str:
    return f"seat {seat}"


def place_name(place: int, players: int, solo: bool) -> str:
    """A place in turn order: a seat, or Alexis (the place after the seats in a solo
    game)."""
    return "Alexis" if solo and place >= players else who(place)
