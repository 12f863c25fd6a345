"""The Discovery's step 2 and scoring: a follower deployed on the tile just placed, or
taken back (scoring its territory), what a territory is worth, and the score sheet's line
for it.

A part of :class:`~terranova.games.discovery.rules.DiscoveryState`, which sets up the
state named below (the territories are a kit ``Regions``, each column named per node and,
at a root, for its territory); ending the turn after step 2 is the state's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

from terranova.core.actions import Action
from terranova.core.i18n import Text, texts
from terranova.core.scoring import ScoreLine
from terranova.games.discovery.actions import PASS, Deploy, Remove
from terranova.games.discovery.game import DiscoveryGame
from terranova.games.discovery.tables import GRID, LIMIT
from terranova.games.discovery.tiles import Terrain
from terranova.games.discovery.words import terrain_words
from terranova.kit.board import TileBoard
from terranova.kit.regions import Regions

MOUNTAIN, GRASSLAND, SEA = int(Terrain.MOUNTAIN), int(Terrain.GRASSLAND), int(Terrain.SEA)

encode = GRID.encode

_, _n = texts("terranova.games.discovery")


class Scored(NamedTuple):
    """A line of the score sheet as the state keeps it (cheap to make and copy; its text is
    written only when a view asks, by :func:`score_line`)."""

    seat: int
    points: int
    terrain: int
    tiles: int
    complete: bool
    cities: int
    """The territory's port cities."""
    near: int
    """A mountain's: the port cities in the grasslands it touches."""
    final: bool
    """Scored at final scoring (else taken back)."""
    ply: int


@lru_cache(maxsize=4096)  # every view writes the whole sheet: each line once, not per view
def score_line(entry: Scored) -> ScoreLine:
    """The sheet's line for ``entry``, naming the territory by what its value counts: ``a
    complete grassland of 5 tiles, taken back``, ``a mountain of 2 tiles with 1 port city
    and 2 in the grasslands it touches, at the end``. At final scoring, where every
    territory counts as incomplete, none is called complete."""
    terrain, cities, near = entry.terrain, entry.cities, entry.near
    text = territory(terrain, entry.tiles, entry.complete)
    if terrain != GRASSLAND and (cities or near):  # a grassland's cities count nothing
        text = with_cities(text, cities, near)
    if entry.final:
        # TRANSLATORS: {territory} is "a grassland of 5 tiles" (and its port cities).
        what = _("{territory}, at the end", territory=text)
    else:
        # TRANSLATORS: {territory} is "a grassland of 5 tiles" (and its port cities).
        what = _("{territory}, taken back", territory=text)
    label = Terrain(terrain).label
    return ScoreLine(
        (entry.seat,), entry.points, label, what, entry.ply, kind_says=terrain_words(terrain)
    )


def territory(terrain: int, tiles: int, complete: bool) -> Text:
    """A territory by its terrain and size: "a complete grassland of 5 tiles"."""
    if terrain == MOUNTAIN:
        if complete:
            return _n("a complete mountain of {n} tile", "a complete mountain of {n} tiles", tiles)
        return _n("a mountain of {n} tile", "a mountain of {n} tiles", tiles)
    if terrain == GRASSLAND:
        if complete:
            return _n(
                "a complete grassland of {n} tile", "a complete grassland of {n} tiles", tiles
            )
        return _n("a grassland of {n} tile", "a grassland of {n} tiles", tiles)
    if complete:
        return _n("a complete sea of {n} tile", "a complete sea of {n} tiles", tiles)
    return _n("a sea of {n} tile", "a sea of {n} tiles", tiles)


def with_cities(text: Text, cities: int, near: int) -> Text:
    """A territory with the port cities its value counts: its own (``cities``) and a
    mountain's in the grasslands it touches (``near``)."""
    if not near:
        # TRANSLATORS: {territory} is "a mountain of 2 tiles"; {n} counts port cities.
        return _n(
            "{territory} with {n} port city",
            "{territory} with {n} port cities",
            cities,
            territory=text,
        )
    if not cities:
        # TRANSLATORS: {territory} is "a mountain of 2 tiles"; {n} counts port cities.
        return _n(
            "{territory} with {n} port city in the grasslands it touches",
            "{territory} with {n} port cities in the grasslands it touches",
            near,
            territory=text,
        )
    # TRANSLATORS: {territory} is "a mountain of 2 tiles"; {n} counts its own port
    # cities, {near} those in the grasslands it touches.
    return _n(
        "{territory} with {n} port city and {near} in the grasslands it touches",
        "{territory} with {n} port cities and {near} in the grasslands it touches",
        cities,
        territory=text,
        near=near,
    )


def worth(terrain: int, tiles: int, cities: int, complete: bool) -> int:
    """The points of a territory of ``tiles`` tiles counting ``cities`` port cities: a
    grassland its tiles, a sea and a mountain their cities; complete (3 tiles at least),
    a grassland and a mountain count double, a sea adds its tiles."""
    if terrain == GRASSLAND:
        return 2 * tiles if complete and tiles >= 3 else tiles
    if terrain == SEA:
        return cities + tiles if complete and tiles >= 3 else cities
    return 2 * cities if complete and tiles >= 3 else cities


class FollowerStep:
    """Step 2 of a turn and the value of territories."""

    game: DiscoveryGame
    _to_move: int
    _supply: list[int]  # followers in supply, per seat
    _scores: list[int]
    _sheet: list[Scored]  # the score sheet, one line per scoring event
    ply: int
    _just: tuple[int, int, int]  # the last tile placed: position, design, first node
    _followers: dict[int, int]  # node -> seat
    _removals: list[dict[int, Remove]]  # per seat, node -> the action taking it back
    _map: TileBoard[Action]
    _base: list[int]  # each tile's first node
    _regions: Regions
    _find: Callable[[int], int]
    _terrain: list[int]
    _open: list[int]
    _mask: list[int]
    _cities: list[int]
    _crowd: list[int]
    _grass: list[tuple[int, ...]]

    def territory_value(self, node: int, final: bool = False) -> int:
        """Points a follower on ``node`` scores: now (``final=False``) or at final scoring,
        where every territory counts as incomplete."""
        root = self._find(node)
        complete = not final and self._open[root] == 0
        return worth(
            self._terrain[root], self._mask[root].bit_count(), self._counted_cities(root), complete
        )

    def _counted_cities(self, root: int) -> int:
        """The port cities a territory's value counts: its own, and a mountain's also those
        in the grasslands it touches."""
        cities = self._cities[root]
        if self._grass[root]:
            cities += self._grassland_cities(root)
        return cities

    def _grassland_cities(self, root: int) -> int:
        """A mountain's: the port cities in the grasslands it touches, each grassland once."""
        seen = set()
        cities = 0
        for g in self._grass[root]:
            rg = self._find(g)
            if rg not in seen:
                seen.add(rg)
                cities += self._cities[rg]
        return cities

    def _score(self, seat: int, node: int, final: bool) -> None:
        """``seat``'s follower on ``node`` scores its territory, taken back now or at final
        scoring, and the score sheet gets its line (for the action being applied, not yet
        in the history; a territory worth nothing makes no line)."""
        points = self.territory_value(node, final)
        if points:
            self._scores[seat] += points
            root = self._find(node)
            terrain = self._terrain[root]
            near = self._grassland_cities(root) if terrain == MOUNTAIN else 0
            self._sheet.append(
                Scored(
                    seat,
                    points,
                    terrain,
                    tiles=self._mask[root].bit_count(),
                    complete=not final and self._open[root] == 0,
                    cities=self._cities[root],
                    near=near,
                    final=final,
                    ply=self.ply,
                )
            )

    def _legal_follower_actions(self) -> list[Action]:
        seat = self._to_move
        out: list[Action] = []
        if self._supply[seat]:
            _pos, design, base = self._just
            crowd = self._crowd
            parent = self._regions.parent
            t = self.game.tiles
            deploys = t.deploys
            for region in range(t.n_regions[design]):
                root = base + region
                while parent[root] != root:  # the territory's root (read only)
                    root = parent[root]
                if not crowd[root]:
                    out.append(deploys[region])
        mine = self._removals[seat]
        if mine:
            out.extend(mine.values())
        out.append(PASS)
        return out

    def _deploy_refusal(self, action: Deploy) -> str | None:
        """Why the seat to move may not deploy a follower there, or ``None``: it may."""
        _pos, design, base = self._just
        if not self._supply[self._to_move]:
            return "you have no follower in supply"
        if not 0 <= action.region < self.game.tiles.n_regions[design]:
            return f"the tile just placed has no region {action.region}"
        if self._crowd[self._find(base + action.region)]:
            return "that territory already has a follower"
        return None

    def _deploy(self, action: Deploy) -> None:
        """The seat to move deploys a follower on a region of the tile just placed."""
        seat = self._to_move
        pos, _design, base = self._just
        root = self._find(base + action.region)
        self._followers[base + action.region] = seat
        self._removals[seat][base + action.region] = self.game.tiles.remove(pos, action.region)
        self._crowd[root] += 1
        self._supply[seat] -= 1

    def _follower_node(self, action: Remove) -> int:
        """The node a take-back names, or -1 (no such region on the map)."""
        pos = encode(action.x, action.y) if abs(action.x) < LIMIT and abs(action.y) < LIMIT else -1
        index = self._map.at.get(pos)
        if index is not None:
            design = self._map.tiles[index][1]
            if 0 <= action.region < self.game.tiles.n_regions[design]:
                return self._base[index] + action.region
        return -1

    def _remove_refusal(self, action: Remove) -> str | None:
        """Why the seat to move may not take back a follower there, or ``None``: it may."""
        if self._followers.get(self._follower_node(action)) != self._to_move:
            return "you have no follower there"
        return None

    def _take_back(self, action: Remove) -> None:
        """The seat to move takes back a follower: its territory scores now."""
        seat = self._to_move
        node = self._follower_node(action)
        root = self._find(node)
        self._score(seat, root, final=False)
        del self._followers[node]
        del self._removals[seat][node]
        self._crowd[root] -= 1
        self._supply[seat] += 1
