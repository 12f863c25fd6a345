"""The Discovery as numbers for research interfaces: action spaces and tensors
(docs/discovery/encoding.md describes them plane by plane).

Two encodings. In the ``standard`` one the map is a square of side ``2 * reach + 1``
centred on the start tile, where ``reach`` is the number of tiles in the stack: every tile
is laid next to one already on the map, so no tile lies farther than that from the start
tile, along either axis. Placements and removals are numbered by their square. The
``compact`` one lists the laid tiles in the order they were laid instead, and numbers
placements and removals by their place among the legal ones, which the observation of the
seat to move lists in the same order: a few thousand numbers rather than a few hundred
thousand, without the map's shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from terranova.core.action_space import IMPLIED, ActionSpace, Listed, Part, Ranked
from terranova.core.actions import Action
from terranova.core.encoding import Encoding, Plane, Planes, write_on_squares
from terranova.core.state import JSON
from terranova.games.discovery.actions import Deploy, Draw, Pass, Place, Remove, SetAside
from terranova.games.discovery.content import discovery_game
from terranova.games.discovery.rules import FOLLOWERS_IN_SUPPLY
from terranova.games.discovery.steps import STEP_NAMES
from terranova.games.discovery.tiles import Terrain

SHADES = {t.label: (t + 1) / 3 for t in Terrain}
"""A terrain's number in the planes, by its name in views: (terrain + 1) / 3."""


class _Parts:
    """What both encodings of one configuration share: its figures and its common planes."""

    def __init__(self, params: Mapping[str, Any]) -> None:
        game = discovery_game(
            int(params["players"]),
            int(params["hand"]),
            str(params["hand_visibility"]),
            str(params["equal_turns"]),
            params["tileset"],
        )
        self.game = game
        designs = game.tileset.designs
        self.players = game.players
        self.reach = len(game.stack)
        self.regions = max(len(d.regions) for d in designs)
        self.ids = [d.id for d in designs]
        self.index_of = {d: i for i, d in enumerate(self.ids)}
        most_cities = max(1, *(len(e.cities) for e in designs))
        # a laid tile's first five map channels, by (design, rotation): its edges, its cities
        self.looks = {
            (d.id, r): i for i, (d, r) in enumerate((d, r) for d in designs for r in range(4))
        }
        self.channels = np.array(
            [
                [*((int(t) + 1) / 3 for t in d.edge_terrains(r)), len(d.cities) / most_cities]
                for d in designs
                for r in range(4)
            ],
            dtype=np.float32,
        )
        self.share = {d.id: 1 / max(1, d.count) for d in designs}
        # the most a territory is worth: grassland 2 a tile, mountain and sea 2 a city at most
        tiles = sum(d.count for d in designs)
        self.worth = 2 * max(tiles, sum(d.count * len(d.cities) for d in designs))
        # the compact encoding's listed placements: every tile is laid next to the map, whose
        # n tiles have at most 2n + 2 empty squares beside them; the map holds at most the
        # start tile and the stack
        self.placements = (2 * (self.reach + 1) + 2) * 4 * game.hand
        self.chance = ActionSpace([Part(Draw, design=self.ids), Part(SetAside, design=self.ids)])

    def planes(self) -> tuple[Plane, ...]:
        """The planes after the map's, the same in both encodings."""
        players, ids = self.players, self.ids
        return (
            Plane(
                "hands",
                (players, len(ids)),
                "tiles seen in each hand by design / hand size, your seat first",
            ),
            Plane("hand_sizes", (players,), "tiles in each hand / hand size, your seat first"),
            Plane(
                "out",
                (2, len(ids)),
                "tiles set aside at setup, and discarded, by design / tiles of the design",
            ),
            Plane("scores", (players,), "each score / the highest return (below)"),
            Plane("supply", (players,), "followers in each supply / 4"),
            Plane("stack", (1,), "tiles left in the stack / tiles in it at the start"),
            Plane("phase", (len(STEP_NAMES),), "the step, one-hot: " + ", ".join(STEP_NAMES)),
            Plane("to_move", (players,), "the seat to move, one-hot, your seat first"),
        )

    def fill(self, view: JSON, planes: Planes) -> None:
        """Write the planes after the map's."""
        game, players, reach = self.game, self.players, self.reach
        me = view["seat"] if view["seat"] is not None else 0
        hands = planes["hands"]
        for hand in view["hands"]:
            row = (hand["seat"] - me) % players
            for design in hand["tiles"] or ():
                hands[row, self.index_of[design]] += 1 / game.hand
            planes["hand_sizes"][row] = hand["count"] / game.hand
        for design in view["set_aside"]:
            planes["out"][0, self.index_of[design]] += self.share[design]
        for design in view["discarded"]:
            planes["out"][1, self.index_of[design]] += self.share[design]
        for seat in range(players):
            row = (seat - me) % players
            planes["scores"][row] = view["scores"][seat] / (reach * self.worth)
            planes["supply"][row] = view["supply"][seat] / FOLLOWERS_IN_SUPPLY
        planes["stack"][0] = view["stack"] / max(1, reach)
        planes["phase"][STEP_NAMES.index(view["phase"])] = 1
        current = view["current_player"]
        if current >= 0:
            planes["to_move"][(current - me) % players] = 1

    def encoding(self, actions: ActionSpace, planes: tuple[Plane, ...], **more: Any) -> Encoding:
        """An encoding with these actions and planes, and the bounds both share."""
        reach = self.reach
        return Encoding(
            actions=actions,
            chance=self.chance,
            planes=planes,
            # each turn lays one tile of the stack and takes one follower step
            max_game_length=2 * reach,
            # a seat scores only when one of its followers is removed or counted at the end,
            # once for each follower it deployed, at most once a turn
            utility=(0.0, float(reach * self.worth)),
            notes=(
                "Each turn lays one tile of the stack (a tile that fits nowhere is discarded "
                "without a decision) and takes one follower step, so a game has at most two "
                "decisions per tile of the stack. A seat scores a territory when it removes a "
                "follower or at the end, once per follower deployed, one deployment a turn at "
                "most; a territory is worth at most twice the tiles (grassland) or twice the "
                "port cities (mountain, sea) of the set."
            ),
            **more,
        )


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The standard encoding of The Discovery with these (resolved) parameters: the map as
    a square around the start tile, actions numbered by their square."""
    parts = _Parts(params)
    game, reach, regions = parts.game, parts.reach, parts.regions
    looks, channels = parts.looks, parts.channels
    side = 2 * reach + 1
    squares = range(-reach, reach + 1)
    actions = ActionSpace(
        [
            # one tile in hand: the tile drawn; two: the lower design id of the two, or not
            Part(
                Place,
                design=IMPLIED if game.hand == 1 else Ranked(game.hand),
                x=squares,
                y=squares,
                rotation=range(4),
            ),
            Part(Deploy, region=range(regions)),
            Part(Remove, x=squares, y=squares, region=range(regions)),
            Part(Pass),
        ]
    )

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        board = planes["map"]
        laid = view["map"]
        if laid:
            laid_looks = channels[[looks[t["design"], t["rotation"]] for t in laid]]
            write_on_squares(board, laid_looks, laid, reach)
        just = view["just_placed"]
        if just is not None:
            board[5, just["y"] + reach, just["x"] + reach] = 1
        for follower in view["followers"]:
            channel = 6 if follower["seat"] == me else 7
            x, y = follower["x"] + reach, follower["y"] + reach
            board[channel, y, x] = SHADES[follower["terrain"]]
        parts.fill(view, planes)

    planes = (
        Plane(
            "map",
            (8, side, side),
            "by square (row y + reach, column x + reach): the terrains of the N, E, S, W "
            "edges ((terrain + 1) / 3: mountain 1/3, grassland 2/3, sea 1; 0 no tile), port "
            "cities / the most on one design, the tile just placed, your followers and the "
            "others' ((terrain + 1) / 3 of the region each stands on)",
        ),
        *parts.planes(),
    )
    return parts.encoding(actions, planes, fill=fill)


def compact(params: Mapping[str, Any]) -> Encoding:
    """The compact encoding of The Discovery with these (resolved) parameters: the laid
    tiles as a list, placements and removals numbered by their place among the legal ones,
    which the observation of the seat to move lists in that order."""
    parts = _Parts(params)
    game, players, reach = parts.game, parts.players, parts.reach
    looks, channels = parts.looks, parts.channels
    placements = parts.placements
    followers = players * FOLLOWERS_IN_SUPPLY
    actions = ActionSpace(
        [
            Listed(Place, placements),
            Part(Deploy, region=range(parts.regions)),
            Listed(Remove, FOLLOWERS_IN_SUPPLY),  # a seat takes back its own followers
            Part(Pass),
        ]
    )
    span = max(1, 2 * reach)

    def at(x: int, y: int) -> tuple[float, float]:
        return (x + reach) / span, (y + reach) / span

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        laid = view["map"]
        if laid:
            tiles = planes["tiles"]
            count = len(laid)
            tiles[:count, 0] = 1
            tiles[:count, 1] = [(t["x"] + reach) / span for t in laid]
            tiles[:count, 2] = [(t["y"] + reach) / span for t in laid]
            tiles[:count, 3:8] = channels[[looks[t["design"], t["rotation"]] for t in laid]]
            if view["just_placed"] is not None:  # the tile just placed is the last laid
                tiles[count - 1, 8] = 1
        shown = view["followers"]
        if shown:
            planes["followers"][: len(shown)] = [
                (1, f["seat"] == me, *at(f["x"], f["y"]), SHADES[f["terrain"]]) for f in shown
            ]
        parts.fill(view, planes)

    def listing(view: JSON, legal: Sequence[Action], planes: Planes) -> None:
        hand = sorted({*next(h["tiles"] for h in view["hands"] if h["seat"] == view["seat"])})
        rank = {design: i / max(1, game.hand - 1) for i, design in enumerate(hand)}
        terrain = {(f["x"], f["y"], f["region"]): SHADES[f["terrain"]] for f in view["followers"]}
        laying = [action for action in legal if type(action) is Place]
        if laying:
            rows = planes["placements"]
            count = len(laying)
            rows[:count, 0] = 1
            rows[:count, 1] = [(a.x + reach) / span for a in laying]
            rows[:count, 2] = [(a.y + reach) / span for a in laying]
            rows[:count, 3:8] = channels[[looks[a.design, a.rotation] for a in laying]]
            rows[:count, 8] = [rank[a.design] for a in laying]
        removals = [action for action in legal if type(action) is Remove]
        if removals:
            planes["removals"][: len(removals)] = [
                (1, *at(a.x, a.y), terrain[a.x, a.y, a.region]) for a in removals
            ]

    planes = (
        Plane(
            "tiles",
            (reach + 1, 9),
            "each laid tile in the order laid (the start tile first): 1, its x and y as "
            "(coordinate + reach) / (2 * reach), the terrains of its N, E, S, W edges "
            "((terrain + 1) / 3), port cities / the most on one design, 1 if it was just "
            "placed",
        ),
        Plane(
            "followers",
            (followers, 5),
            "each follower on the map: 1, 1 if yours, x and y as the tiles', (terrain + 1) / 3 "
            "of its region",
        ),
        Plane(
            "placements",
            (placements, 9),
            "for the seat to move, its legal placements in the order of their indices: 1, x "
            "and y as the tiles', the laid tile's edges and port cities as the tiles', the "
            "tile's place in your hand by design id / (hand size - 1)",
        ),
        Plane(
            "removals",
            (FOLLOWERS_IN_SUPPLY, 4),
            "for the seat to move, its legal removals in the order of their indices: 1, x and "
            "y as the tiles', (terrain + 1) / 3 of the follower's region",
        ),
        *parts.planes(),
    )
    return parts.encoding(actions, planes, fill=fill, listing=listing)


def native_figures(params: Mapping[str, Any], name: str) -> dict[str, Any]:
    """What the encoding ``name`` (``standard`` or ``compact``) of these (resolved)
    parameters scales by, for the native engine's writers of it (native_state.observer and
    native_state.batch): the same numbers as :func:`encoding` and :func:`compact` use."""
    parts = _Parts(params)
    game, reach = parts.game, parts.reach
    ids = parts.ids
    figures: dict[str, Any] = {
        "reach": reach,
        "stack_norm": max(1, reach),
        "hidden": game.private,
        "score_norm": float(reach * parts.worth),
        "channels": [float(x) for x in parts.channels.reshape(-1)],
        "share": [parts.share[i] for i in ids],
    }
    if name == "compact":
        ranked = sorted(ids)
        figures["span"] = max(1, 2 * reach)
        figures["placements"] = parts.placements
        figures["id_rank"] = [ranked.index(i) for i in ids]
    return figures


ENCODINGS = {"compact": compact}
"""The encodings besides ``standard``, by name."""
