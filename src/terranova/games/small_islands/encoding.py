"""Small Islands as numbers for research interfaces: action spaces and tensors
(docs/small-islands/encoding.md describes them part by part and plane by plane).

Everything is derived from the loaded components (``tiles=`` and ``cards=`` may name other
files) and the other parameters.

Two encodings. In the ``standard`` one the map is a square of side ``2 * reach + 1``,
centred on the first starting tile, laid on (0, 0). Every other tile is laid next to one
already on the table, so no tile lies farther from it along either axis than the number of
tiles that can be laid after it; the table itself stops at :data:`~.tables.SPAN`.
``reach`` is the smaller of the two. Placements, landings, bonus tokens and houses are
numbered by their square. The ``compact`` one lists the laid tiles in the order they were
laid instead, and numbers those four kinds by their place among the legal ones, which the
observation of the seat to move lists in the same order: far fewer numbers and actions,
without the map's shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from terranova.core.action_space import Listed, Part, Ranked
from terranova.core.actions import Action
from terranova.core.encoding import Encoding, Plane, Planes
from terranova.core.state import JSON
from terranova.games.small_islands.actions import House, Land, Place, Token
from terranova.games.small_islands.components import RESOURCES
from terranova.games.small_islands.encoding_parts import IN_HAND, Parts
from terranova.games.small_islands.exploring import TOKEN_ORDER


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The standard encoding of Small Islands with these (resolved) parameters: the table as
    a square around the first starting tile, actions on squares numbered by their square."""
    parts = Parts(params)
    r = parts.reach
    side = 2 * r + 1
    squares = range(-r, r + 1)
    if parts.cover:
        token: list[Part | Listed] = [
            Part(Token, kind=(k,), x=squares, y=squares, over=[o for o in RESOURCES if o != k])
            for k in parts.kinds
            if k != "port"
        ]
        if "port" in parts.kinds:
            token.append(Part(Token, kind=("port",), x=squares, y=squares))
    else:
        token = [Part(Token, kind=parts.kinds, x=squares, y=squares)]
    actions = parts.actions(
        # a starting tile's side (two), or a tile from hand (three at most): by rank
        Part(Place, design=Ranked(IN_HAND), x=squares, y=squares, rotation=range(4)),
        Part(Land, ship=("own", "grey"), x=squares, y=squares),
        token,
        Part(House, x=squares, y=squares),
    )

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        board = planes["map"]
        for tile in view["tiles"]:
            parts.write_tile(board[:, tile["y"] + r, tile["x"] + r], tile, me)
        parts.fill(view, planes)

    channels = parts.channels
    the_map = Plane(
        "map",
        (len(channels), side, side),
        "by square (row y + reach, column x + reach), channels: "
        + ", ".join(channels)
        + " (a place is a seat counted from yours, Alexis last; see the docs for scales)",
    )
    return parts.encoding(actions, [the_map], fill=fill)


def compact(params: Mapping[str, Any]) -> Encoding:
    """The compact encoding of Small Islands with these (resolved) parameters: the laid
    tiles as a list, placements, landings, bonus tokens and houses numbered by their place
    among the legal ones, which the observation of the seat to move lists in that order."""
    parts = Parts(params)
    r, laid, cover = parts.reach, parts.laid, parts.cover
    # the tiles on the table always touch across edges, and n such tiles have at most
    # 2n + 2 empty squares beside them; a tile is laid while at most laid - 1 lie there
    beside = 2 * laid
    per_tile = sum(1 if k == "port" or not cover else len(RESOURCES) - 1 for k in parts.kinds)
    sizes = {
        "placements": beside * 4 * IN_HAND,  # square, rotation, and a design of the hand
        "landings": beside * 2,  # the seat's own ship or a grey one
        "token_spots": laid * per_tile,  # per tile, per kind (and resource covered)
        "house_spots": laid,  # a tile holds one house of a player's
    }
    actions = parts.actions(
        Listed(Place, sizes["placements"]),
        Listed(Land, sizes["landings"]),
        [Listed(Token, sizes["token_spots"])] if parts.kinds else [],
        Listed(House, sizes["house_spots"]),
    )
    span = max(1, 2 * r)
    faces, design_index = parts.faces, parts.design_index
    face_channels = parts.face_channels
    # the columns of a token spot's row after 1, x, y: its kind, then the resource covered
    kind_column = {k: 3 + i for i, k in enumerate(TOKEN_ORDER)}
    over_column = {k: 3 + len(TOKEN_ORDER) + i for i, k in enumerate(RESOURCES)}

    def at(x: int, y: int) -> tuple[float, float]:
        return (x + r) / span, (y + r) / span

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        laid_now = view["tiles"]
        for row, tile in zip(planes["tiles"][: len(laid_now)], laid_now, strict=True):
            row[0:2] = at(tile["x"], tile["y"])
            parts.write_tile(row[2:], tile, me)
        parts.fill(view, planes)

    def listing(view: JSON, legal: Sequence[Action], planes: Planes) -> None:
        designs = sorted({a.design for a in legal if isinstance(a, Place)})
        rank = {design: i / (IN_HAND - 1) for i, design in enumerate(designs)}
        placed, landed = planes["placements"], planes["landings"]
        spots, houses = planes["token_spots"], planes["house_spots"]
        p = n = k = h = 0
        for action in legal:
            if isinstance(action, Place):
                row = placed[p]
                row[0:2] = at(action.x, action.y)
                row[2 : 2 + face_channels] = faces[design_index[action.design], action.rotation]
                row[2 + face_channels] = rank[action.design]
                p += 1
            elif isinstance(action, Land):
                landed[n] = (1, *at(action.x, action.y), action.ship == "grey")
                n += 1
            elif isinstance(action, Token):
                row = spots[k]
                row[0:3] = (1, *at(action.x, action.y))
                row[kind_column[action.kind]] = 1
                if action.over:
                    row[over_column[action.over]] = 1
                k += 1
            elif isinstance(action, House):
                houses[h] = (1, *at(action.x, action.y))
                h += 1

    xy = "x and y as (coordinate + reach) / (2 * reach)"
    planes = [
        Plane(
            "tiles",
            (laid, 2 + len(parts.channels)),
            f"each laid tile in the order laid: {xy}, then the map's channels of the standard "
            "encoding: " + ", ".join(parts.channels),
        ),
        Plane(
            "placements",
            (sizes["placements"], 3 + face_channels),
            f"for the seat to move, its legal placements in the order of their indices: {xy}, "
            "the tile as it would lie (the first "
            f"{face_channels} channels of a laid tile), the design's rank among those the "
            f"placements lay, by id, / {IN_HAND - 1}",
        ),
        Plane(
            "landings",
            (sizes["landings"], 4),
            f"for the seat to move, its legal landings in the order of their indices: 1, {xy}, "
            "1 for a grey ship",
        ),
        Plane(
            "token_spots",
            (sizes["token_spots"], 3 + len(TOKEN_ORDER) + (len(RESOURCES) if cover else 0)),
            "for the seat to move, where its bonus tokens may go, in the order of their "
            f"indices: 1, {xy}, the kind one-hot (flower, fruit, leaf, port)"
            + (", the resource covered one-hot (flower, fruit, leaf)" if cover else ""),
        ),
        Plane(
            "house_spots",
            (sizes["house_spots"], 3),
            f"for the seat to move, the tiles it may build on, in the order of their indices: "
            f"1, {xy}",
        ),
    ]
    return parts.encoding(actions, planes, fill=fill, listing=listing)


ENCODINGS = {"compact": compact}
"""The encodings besides ``standard``, by name."""
