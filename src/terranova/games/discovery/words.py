"""The Discovery's moves in plain words, as a seat reads them (a log, a hint, a toast):
tiles by their terrains, turns in quarter turns; never more than
:meth:`~terranova.games.discovery.rules.DiscoveryState.describe_action` shows the seat
(another's private draw is "draw a tile"). Words to say in the reader's language: the
game's messages (:func:`~terranova.core.i18n.texts`).

>>> from terranova.games.discovery.actions import Remove
>>> from terranova.games.discovery.content import load_tileset
>>> took = Remove(1, -2, 0)
>>> str(say(load_tileset(), took, str(took)))
'take back the follower on region 1 of the tile at 1,-2 and score its territory'
>>> say(load_tileset(), took, str(took)).render("fr")
'reprendre le partisan de la région 1 de la tuile en 1,-2 et décompter son territoire'
>>> str(terrain_words(0)), terrain_words(2).render("de")
('mountain', 'Meer')
"""

from __future__ import annotations

from terranova.core.actions import Action
from terranova.core.i18n import Said, Text, texts
from terranova.core.words import listed, turned
from terranova.games.discovery import actions as a
from terranova.games.discovery.tiles import Terrain, TileSet

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


def tile(tileset: TileSet, design: str) -> Text:
    """A tile by its terrains: "the tile with mountain, grassland and sea"."""
    try:
        found = tileset.designs[tileset.index(design)]
    except KeyError:
        return _("a tile")
    terrains = list(dict.fromkeys(r.terrain for r in found.regions))
    # TRANSLATORS: {terrains} lists a tile's terrains: "mountain, grassland and sea".
    return _("the tile with {terrains}", terrains=listed([terrain_words(t) for t in terrains]))


def say(tileset: TileSet, action: Action, seen: str) -> Said | str:
    """``action`` in words, as a seat sees it (``seen``: its text, or what the seat sees
    of it), in a game of ``tileset``."""
    if seen != str(action):
        return _("draw a tile")
    match action:
        case a.Place(design=design, x=x, y=y, rotation=rotation):
            # TRANSLATORS: {tile} is "the tile with mountain and sea"; {turned} is empty or
            # ", turned half a turn" (x,y are the square's coordinates).
            return _(
                "lay {tile} at {x},{y}{turned}",
                tile=tile(tileset, design),
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
            return _("draw {tile}", tile=tile(tileset, design))
        case a.SetAside(design=design):
            # TRANSLATORS: {tile} is "the tile with mountain and sea" (or "a tile").
            return _("{tile} is set aside face up", tile=tile(tileset, design))
    return seen
