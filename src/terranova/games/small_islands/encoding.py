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
from terranova.core.encoding import Encoding, Plane, Planes, write_on_squares
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
    near = range(-parts.start_reach, parts.start_reach + 1)
    # a starting tile's side, by its id, near the first one (a tile file may have none)
    starting = [Part(Place, design=parts.start_sides, x=near, y=near, rotation=range(4))]
    actions = parts.actions(
        [
            *(starting if parts.start_sides else []),
            # a tile from hand (three at most): by rank
            Part(Place, design=Ranked(IN_HAND), x=squares, y=squares, rotation=range(4)),
        ],
        Part(Land, ship=("own", "grey"), x=squares, y=squares),
        token,
        Part(House, x=squares, y=squares),
    )

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        board = planes["map"]
        laid = view["tiles"]
        if laid:
            write_on_squares(board, parts.faces_of(laid), laid, r)
            for tile in laid:
                if parts.has_pieces(tile):
                    parts.write_pieces(board[:, tile["y"] + r, tile["x"] + r], tile, me)
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
    # at the set-up, k starting tiles laid leave 2k + 2 squares beside them (one before the
    # first) for both sides of each of the others
    starts = len(parts.start_sides) // 2
    set_up = max((((2 * k + 2) if k else 1) * 2 * (starts - k) * 4 for k in range(starts)),
                 default=0)  # fmt: skip
    per_tile = sum(1 if k == "port" or not cover else len(RESOURCES) - 1 for k in parts.kinds)
    sizes = {
        # square, rotation, and a design of the hand (or a starting tile's side)
        "placements": max(beside * 4 * IN_HAND, set_up),
        "landings": beside * 2,  # the seat's own ship or a grey one
        "token_spots": laid * per_tile,  # per tile, per kind (and resource covered)
        "house_spots": laid,  # a tile holds one house of a player's
    }
    actions = parts.actions(
        [Listed(Place, sizes["placements"])],
        Listed(Land, sizes["landings"]),
        [Listed(Token, sizes["token_spots"])] if parts.kinds else [],
        Listed(House, sizes["house_spots"]),
    )
    span = max(1, 2 * r)
    faces, design_index, laying = parts.faces, parts.design_index, parts.laying
    face_channels = parts.face_channels
    # the columns of a token spot's row after 1, x, y: its kind, then the resource covered
    kind_column = {k: 3 + i for i, k in enumerate(TOKEN_ORDER)}
    over_column = {k: 3 + len(TOKEN_ORDER) + i for i, k in enumerate(RESOURCES)}

    def at(x: int, y: int) -> tuple[float, float]:
        return (x + r) / span, (y + r) / span

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        laid_now = view["tiles"]
        if laid_now:
            rows = planes["tiles"][: len(laid_now)]
            if len(rows) < len(laid_now):
                raise ValueError(f"{len(laid_now)} tiles laid: the tiles plane holds {len(rows)}")
            rows[:, 0] = [(tile["x"] + r) / span for tile in laid_now]
            rows[:, 1] = [(tile["y"] + r) / span for tile in laid_now]
            rows[:, 2 : 2 + face_channels] = parts.faces_of(laid_now)
            for row, tile in zip(rows, laid_now, strict=True):
                if parts.has_pieces(tile):
                    parts.write_pieces(row[2:], tile, me)
        parts.fill(view, planes)

    def listing(view: JSON, legal: Sequence[Action], planes: Planes) -> None:
        placements = [a for a in legal if type(a) is Place]
        if placements:
            designs = sorted({a.design for a in placements})
            rows = planes["placements"][: len(placements)]
            rows[:, 0] = [(a.x + r) / span for a in placements]
            rows[:, 1] = [(a.y + r) / span for a in placements]
            turned = [a.rotation for a in placements]
            rows[:, 2 : 2 + face_channels] = faces[
                [design_index[a.design] for a in placements], turned
            ]
            rows[:, 2 + face_channels] = [
                designs.index(a.design) / (laying - 1) for a in placements
            ]
        landings = [a for a in legal if type(a) is Land]
        if landings:
            planes["landings"][: len(landings)] = [
                (1, *at(a.x, a.y), a.ship == "grey") for a in landings
            ]
        spots = planes["token_spots"]
        for k, token in enumerate(a for a in legal if type(a) is Token):
            spots[k, 0:3] = (1, *at(token.x, token.y))
            spots[k, kind_column[token.kind]] = 1
            if token.over:
                spots[k, over_column[token.over]] = 1
        houses = [a for a in legal if type(a) is House]
        if houses:
            planes["house_spots"][: len(houses)] = [(1, *at(a.x, a.y)) for a in houses]

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
            f"placements lay, by id, / {parts.laying - 1}",
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
