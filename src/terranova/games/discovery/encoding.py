"""The Discovery as numbers for research interfaces: action spaces and tensors
(docs/discovery/encoding.md describes them plane by plane).

The map is a square of side ``2 * reach + 1`` centred on the start tile, where ``reach`` is
the number of tiles in the stack: every tile is laid next to one already on the map, so no
tile lies farther than that from the start tile, along either axis.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from terranova.core.action_space import IMPLIED, ActionSpace, Part, Ranked
from terranova.core.encoding import Encoding, Plane, Planes
from terranova.core.state import JSON
from terranova.games.discovery.actions import Deploy, Draw, Pass, Place, Remove, SetAside
from terranova.games.discovery.content import discovery_game
from terranova.games.discovery.rules import FOLLOWERS_IN_SUPPLY, PHASE_NAMES
from terranova.games.discovery.tiles import Terrain

TERRAINS = {t.label: t for t in Terrain}


def encoding(params: Mapping[str, Any]) -> Encoding:
    """The encoding of The Discovery with these (resolved) parameters."""
    game = discovery_game(
        int(params["players"]),
        int(params["hand"]),
        str(params["hand_visibility"]),
        str(params["equal_turns"]),
        params["tileset"],
    )
    tileset = game.tileset
    designs = tileset.designs
    players = game.players
    reach = len(game.stack)
    side = 2 * reach + 1
    squares = range(-reach, reach + 1)
    regions = max(len(d.regions) for d in designs)
    ids = [d.id for d in designs]
    index_of = {d: i for i, d in enumerate(ids)}
    most_cities = max(1, *(len(e.cities) for e in designs))
    # a laid tile's first five map channels, by (design, rotation): its edges, its cities
    looks = {(d.id, r): i for i, (d, r) in enumerate((d, r) for d in designs for r in range(4))}
    channels = np.array(
        [
            [*((int(t) + 1) / 3 for t in d.edge_terrains(r)), len(d.cities) / most_cities]
            for d in designs
            for r in range(4)
        ],
        dtype=np.float32,
    )
    share = {d.id: 1 / max(1, d.count) for d in designs}
    # the most a territory is worth: grassland 2 a tile, mountain and sea 2 a city at most
    tiles = sum(d.count for d in designs)
    worth = 2 * max(tiles, sum(d.count * len(d.cities) for d in designs))
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
    chance = ActionSpace([Part(Draw, design=ids), Part(SetAside, design=ids)])

    def fill(view: JSON, planes: Planes) -> None:
        me = view["seat"] if view["seat"] is not None else 0
        board = planes["map"]
        laid = view["map"]
        if laid:
            xs = [tile["x"] + reach for tile in laid]
            ys = [tile["y"] + reach for tile in laid]
            board[0:5, ys, xs] = channels[[looks[t["design"], t["rotation"]] for t in laid]].T
        just = view["just_placed"]
        if just is not None:
            board[5, just["y"] + reach, just["x"] + reach] = 1
        for follower in view["followers"]:
            channel = 6 if follower["seat"] == me else 7
            x, y = follower["x"] + reach, follower["y"] + reach
            board[channel, y, x] = (TERRAINS[follower["terrain"]] + 1) / 3
        hands = planes["hands"]
        for hand in view["hands"]:
            row = (hand["seat"] - me) % players
            for design in hand["tiles"] or ():
                hands[row, index_of[design]] += 1 / game.hand
            planes["hand_sizes"][row] = hand["count"] / game.hand
        for design in view["set_aside"]:
            planes["out"][0, index_of[design]] += share[design]
        for design in view["discarded"]:
            planes["out"][1, index_of[design]] += share[design]
        for seat in range(players):
            row = (seat - me) % players
            planes["scores"][row] = view["scores"][seat] / (reach * worth)
            planes["supply"][row] = view["supply"][seat] / FOLLOWERS_IN_SUPPLY
        planes["stack"][0] = view["stack"] / max(1, reach)
        planes["phase"][PHASE_NAMES.index(view["phase"])] = 1
        current = view["current_player"]
        if current >= 0:
            planes["to_move"][(current - me) % players] = 1

    planes = (
        Plane(
            "map",
            (8, side, side),
            "by square (row y + reach, column x + reach): the terrains of the N, E, S, W "
            "edges ((terrain + 1) / 3: mountain 1/3, grassland 2/3, sea 1; 0 no tile), port "
            "cities / the most on one design, the tile just placed, your followers and the "
            "others' ((terrain + 1) / 3 of the region each stands on)",
        ),
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
        Plane("phase", (len(PHASE_NAMES),), "the step, one-hot: " + ", ".join(PHASE_NAMES)),
        Plane("to_move", (players,), "the seat to move, one-hot, your seat first"),
    )
    return Encoding(
        actions=actions,
        chance=chance,
        planes=planes,
        fill=fill,
        # each turn lays one tile of the stack and takes one follower step
        max_game_length=2 * reach,
        # a seat scores only when one of its followers is removed or counted at the end,
        # once for each follower it deployed, at most once a turn
        utility=(0.0, float(reach * worth)),
        notes=(
            "Each turn lays one tile of the stack (a tile that fits nowhere is discarded "
            "without a decision) and takes one follower step, so a game has at most two "
            "decisions per tile of the stack. A seat scores a territory when it removes a "
            "follower or at the end, once per follower deployed, one deployment a turn at "
            "most; a territory is worth at most twice the tiles (grassland) or twice the "
            "port cities (mountain, sea) of the set."
        ),
    )
