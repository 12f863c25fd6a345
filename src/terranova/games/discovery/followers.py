"""The Discovery's step 2 and scoring: a follower deployed on the tile just placed, or
taken back (scoring its territory), and what a territory is worth.

A part of :class:`~terranova.games.discovery.rules.DiscoveryState`, which sets up the
state named below (the territories are a kit ``Regions``, each column named per node and,
at a root, for its territory); ending the turn after step 2 is the state's.
"""

from __future__ import annotations

from collections.abc import Callable

from terranova.core.actions import Action
from terranova.core.errors import IllegalActionError
from terranova.games.discovery.actions import PASS, Deploy, Remove
from terranova.games.discovery.game import DiscoveryGame
from terranova.games.discovery.tables import GRID, LIMIT
from terranova.games.discovery.tiles import Terrain
from terranova.kit.board import TileBoard
from terranova.kit.regions import Regions

MOUNTAIN, GRASSLAND, SEA = int(Terrain.MOUNTAIN), int(Terrain.GRASSLAND), int(Terrain.SEA)

encode = GRID.encode


class FollowerStep:
    """Step 2 of a turn and the value of territories."""

    game: DiscoveryGame
    _to_move: int
    _supply: list[int]  # followers in supply, per seat
    _scores: list[int]
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
        n_tiles = self._mask[root].bit_count()
        complete = not final and self._open[root] == 0
        terrain = self._terrain[root]
        if terrain == GRASSLAND:
            if complete:
                return n_tiles if n_tiles < 3 else 2 * n_tiles
            return n_tiles
        cities = self._cities[root]
        if terrain == SEA:
            return cities + n_tiles if complete and n_tiles >= 3 else cities
        grass = self._grass[root]
        if grass:
            counted = set()
            for g in grass:
                rg = self._find(g)
                if rg not in counted:
                    counted.add(rg)
                    cities += self._cities[rg]
        return 2 * cities if complete and n_tiles >= 3 else cities

    def _legal_follower_actions(self) -> list[Action]:
        seat = self._to_move
        out: list[Action] = []
        if self._supply[seat]:
            _, design, base = self._just
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

    def _apply_deploy(self, action: Deploy) -> None:
        seat = self._to_move
        pos, design, base = self._just
        if not self._supply[seat]:
            raise IllegalActionError(action, "you have no follower in supply")
        if not 0 <= action.region < self.game.tiles.n_regions[design]:
            raise IllegalActionError(action, f"the tile just placed has no region {action.region}")
        root = self._find(base + action.region)
        if self._crowd[root]:
            raise IllegalActionError(action, "that territory already has a follower")
        self._followers[base + action.region] = seat
        self._removals[seat][base + action.region] = self.game.tiles.remove(pos, action.region)
        self._crowd[root] += 1
        self._supply[seat] -= 1

    def _apply_remove(self, action: Remove) -> None:
        seat = self._to_move
        pos = encode(action.x, action.y) if abs(action.x) < LIMIT and abs(action.y) < LIMIT else -1
        index = self._map.at.get(pos)
        node = -1
        if index is not None:
            design = self._map.tiles[index][1]
            if 0 <= action.region < self.game.tiles.n_regions[design]:
                node = self._base[index] + action.region
        if self._followers.get(node) != seat:
            raise IllegalActionError(action, "you have no follower there")
        root = self._find(node)
        self._scores[seat] += self.territory_value(root)
        del self._followers[node]
        del self._removals[seat][node]
        self._crowd[root] -= 1
        self._supply[seat] += 1
