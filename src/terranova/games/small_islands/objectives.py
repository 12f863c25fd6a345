"""Missions and rewards: whether an island fulfils a Mission, and what a Reward pays.

An island is summed up as :class:`Island` counts (resources with the bonus tokens on them,
temples, ports printed and placed, house symbols, tiles).

>>> from terranova.games.small_islands.components import Mission, Reward
>>> island = Island(tiles=4, flower=3, fruit=1, leaf=1, temple=1)
>>> fulfils(Mission("m", "more", "flower", "fruit"), island)
True
>>> fulfils(Mission("m", "equal", "fruit", "leaf"), island)
True
>>> fulfils(Mission("m", "symbols", need=(("flower", 2), ("temple", 2))), island)
False
>>> points(Reward("r", "per_symbol", "flower", points=1, bonus=2), island)
5
>>> points(Reward("r", "size", sizes=((3, 4), (6, 6), (9, 8), (12, 10))), island)
4
>>> points(Reward("r", "lowest", points=2, bonus=2), island)
4
"""

from __future__ import annotations

from dataclasses import dataclass

from terranova.games.small_islands.components import RESOURCES, Mission, Reward
from terranova.games.small_islands.record import Record


@dataclass(frozen=True, slots=True)
class Island:
    """What an island shows."""

    tiles: int
    flower: int = 0
    fruit: int = 0
    leaf: int = 0
    temple: int = 0
    port: int = 0
    house: int = 0

    def count(self, symbol: str) -> int:
        """How many of ``symbol`` (a resource, temple, port or house symbol)."""
        value: int = getattr(self, symbol)
        return value

    def resources(self) -> tuple[int, int, int]:
        return (self.flower, self.fruit, self.leaf)


def fulfils(mission: Mission, island: Island) -> bool:
    """Whether the island fulfils the mission."""
    if mission.kind == "more":
        assert mission.a is not None and mission.b is not None
        return island.count(mission.a) > island.count(mission.b)
    if mission.kind == "equal":
        assert mission.a is not None and mission.b is not None
        return island.count(mission.a) == island.count(mission.b) >= 1
    if mission.kind == "match":
        assert mission.a is not None
        mine = island.count(mission.a)
        return mine >= 1 and any(island.count(r) == mine for r in RESOURCES if r != mission.a)
    return all(island.count(symbol) >= n for symbol, n in mission.need)


def points(reward: Reward, island: Island) -> int:
    """The prestige points the reward pays for a house on the island (a ``discovery``
    reward pays in Discovery tokens instead: 0 here)."""
    kind = reward.kind
    if kind == "flat":
        return reward.points
    if kind == "per_symbol":
        assert reward.symbol is not None
        return reward.points * island.count(reward.symbol) + reward.bonus
    if kind == "lowest":
        return reward.points * min(island.resources()) + reward.bonus
    if kind == "chosen":
        # the player picks the resource: nobody picks a scarcer one than the most plentiful
        return reward.points * max(island.resources()) + reward.bonus
    if kind == "size":
        reached = [p for size, p in reward.sizes if island.tiles >= size]
        return reached[-1] if reached else 0
    return 0


def discoveries(reward: Reward, island: Island) -> int:
    """How many Discovery tokens the reward draws: one per temple of a ``discovery`` reward."""
    return island.temple if reward.kind == "discovery" else 0


def mission(g: Record, seat: int) -> Mission:
    """The Mission of the seat's objective this round."""
    now = g.now[seat]
    t = g.tables
    return t.objectives[now[0]].mission if len(now) == 1 else t.missions[now[0]]


def reward(g: Record, seat: int) -> Reward:
    """The Reward of the seat's objective this round."""
    now = g.now[seat]
    t = g.tables
    return t.objectives[now[0]].reward if len(now) == 1 else t.rewards[now[1]]
