"""The Discovery's moves in plain words, as a seat reads them (a log, a hint, a toast):
tiles by their terrains, turns in quarter turns; never more than
:meth:`~terranova.games.discovery.rules.DiscoveryState.describe_action` shows the seat
(another's private draw is "draw a tile"). Words to say in the reader's language: the
game's messages (:func:`~terranova.core.i18n.texts`).

>>> import terranova
>>> from terranova.games.discovery.actions import Place, Remove
>>> g = terranova.make("discovery", players=2)
>>> str(say(g, Remove(1, -2, 0), 0))
'take back the follower on region 1 of the tile at 1,-2 and score its territory'
>>> say(g, Remove(1, -2, 0), 0).render("fr")
'reprendre le partisan de la région 1 de la tuile en 1,-2 et décompter son territoire'
>>> str(terrain_words(0)), terrain_words(2).render("de")
('mountain', 'Meer')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from terranova.core.actions import Action
from terranova.core.i18n import Said, Text, texts
from terranova.core.words import listed, turned
from terranova.games.discovery import actions as a
from terranova.games.discovery.tiles import Terrain

if TYPE_CHECKING:
    from terranova.games.discovery.rules import DiscoveryState

_, _n = texts("terranova.games.discovery")

TERRAINS = {
    Terrain.MOUNTAIN: _("mountain"),
    Terrain.GRASSLAND: _("grassland"),
    Terrain.SEA: _("sea"),
}
"""Each terrain's name, as a player reads it."""


def terrain_words(terrain: int) -> Text:
    """A terrain's name (by its number), as a player reads it: "grassland"."""
    return TERRAINS[Terrain(terrain)]


def tile(g: DiscoveryState, design: str) -> Text:
    """A tile by its terrains: "the tile with mountain, grassland and sea"."""
    tileset = g.game.tileset
    try:
        found = tileset.designs[tileset.index(design)]
    except KeyError:
        return _("a tile")
    terrains = list(dict.fromkeys(r.terrain for r in found.regions))
    # TRANSLATORS: {terrains} lists a tile's terrains: "mountain, grassland and sea".
    return _("the tile with {terrains}", terrains=listed([terrain_words(t) for t in terrains]))


def say(g: DiscoveryState, action: Action, seat: int | None) -> Said | str | None:
    """``action`` in words for ``seat``, from the position before it."""
    seen = g.describe_action(action, seat)
    if seen is None:
        return None
    if seen != str(action):
        return _("draw a tile")
    match action:
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            # TRANSLATORS: {tile} is "the tile with mountain and sea"; {turned} is empty or
            # ", turned half a turn" (x,y are the square's coordinates).
            return _(
                "lay {tile} at {x},{y}{turned}",
                tile=tile(g, design),
                x=x,
                y=y,
                turned=turned(rotation),
            )
        case a.Deploy(region=region):
            return _("put a follower on region {region} of the tile just laid", region=region + 1)
        case a.Remove(x=x, y=y, region=region):
            return _(
                "take back the follower on region {region} of the tile at {x},{y} "
                "and score its territory",
                region=region + 1,
                x=x,
                y=y,
            )
        case a.Pass():
            return _("neither deploy nor take back a follower")
        case a.Draw(design=design):
            # TRANSLATORS: {tile} is "the tile with mountain and sea" (or "a tile").
            return _("draw {tile}", tile=tile(g, design))
        case a.SetAside(design=design):
            # TRANSLATORS: {tile} is "the tile with mountain and sea" (or "a tile").
            return _("{tile} is set aside face up", tile=tile(g, design))
    return seen
