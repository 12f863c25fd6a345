"""The Discovery's moves in plain words, as a seat reads them (a log, a hint, a toast):
tiles by their terrains, turns in quarter turns; never more than
:meth:`~terranova.games.discovery.rules.DiscoveryState.describe_action` shows the seat
(another's private draw is "draw a tile").

>>> import terranova
>>> from terranova.games.discovery.actions import Remove
>>> say(terranova.make("discovery", players=2), Remove(1, -2, 0), 0)
'take back the follower on region 1 of the tile at 1,-2 and score its territory'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terranova.core.actions import Action
from terranova.core.words import listed, turned
from terranova.games.discovery import actions as a

if TYPE_CHECKING:
    from terranova.games.discovery.rules import DiscoveryState


def tile(g: DiscoveryState, design: str) -> str:
    """A tile by its terrains: "the tile with mountain, grassland and sea"."""
    tileset = g.game.tileset
    try:
        found = tileset.designs[tileset.index(design)]
    except KeyError:
        return "a tile"
    terrains = list(dict.fromkeys(r.terrain.label for r in found.regions))
    return f"the tile with {listed(terrains)}"


def say(g: DiscoveryState, action: Action, seat: int | None) -> str | None:
    """``action`` in words for ``seat``, from the position before it."""
    seen = g.describe_action(action, seat)
    if seen is None:
        return None
    if seen != str(action):
        return "draw a tile"
    match action:
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            return f"lay {tile(g, design)} at {x},{y}{turned(rotation)}"
        case a.Deploy(region=region):
            return f"put a follower on region {region + 1} of the tile just laid"
        case a.Remove(x=x, y=y, region=region):
            return (
                f"take back the follower on region {region + 1} of the tile at {x},{y} "
                "and score its territory"
            )
        case a.Pass():
            return "neither deploy nor take back a follower"
        case a.Draw(design=design):
            return f"draw {tile(g, design)}"
        case a.SetAside(design=design):
            return f"{tile(g, design)} is set aside face up"
    return seen
