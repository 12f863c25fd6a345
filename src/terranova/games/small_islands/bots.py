"""Small Islands' own bots, declared to Terranova through ``GameInfo.bots``: how ``greedy``
plays it (:func:`greedy`).

``greedy`` plays towards its objectives. It keeps for this round the objective its islands
pay most for now, and for the next the one they pay second most for. It lays each tile where
its objectives gain most (an island that comes to fulfil the Mission with a free house
symbol is worth the Reward; joining two islands it could build on separately loses one),
takes the face-up tile that can be laid best, places a bonus token where it makes an island
fulfil its Mission or, a port, next to its ship, builds every house it can (the best
reward first), keeps the Discovery token worth most, and lands its own ship where two ports
or more lie around it (a grey ship once its own is laid, when its objective pays now). At
the set-up, before anyone holds an objective, it lays the starting tiles (in any order the
variant allows) so as to make the most islands of two tiles or more with a house symbol:
places every player can build on, whatever their objectives.

It sees what its seat may see: the table, its hand, its objectives and tokens.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from terranova.agents.registry import GreedyPolicy, Rollout
from terranova.core.actions import Action
from terranova.core.state import State
from terranova.games.small_islands import INFO, alexis, exploring, rounds
from terranova.games.small_islands.actions import (
    PASS,
    Build,
    Choose,
    Done,
    House,
    Keep,
    Land,
    Place,
    Take,
    Token,
)
from terranova.games.small_islands.components import LAND, RESOURCES, Mission, Reward
from terranova.games.small_islands.islands import free_house_symbols, island
from terranova.games.small_islands.objectives import Island, fulfils, mission, points, reward
from terranova.games.small_islands.record import OWNERS
from terranova.games.small_islands.state import SmallIslandsState
from terranova.games.small_islands.steps import LayingStart

DISCOVERY_WORTH = 3.0
"""What a Discovery token is expected to be worth (the authored values average 3)."""
NEXT = 0.5
"""How much the objective kept for the next round counts next to this round's."""
LAND_PORTS = 2
"""Ports around a landing spot that make ``greedy`` land its own ship."""
PAYS_TO_LAND = 8
"""Points its objective would pay now that make ``greedy`` land its own ship anyway."""


class _Seen:
    """What one decision looks at, gathered once: the seat's objectives, and per island its
    free house symbols and whether the seat has a house there."""

    def __init__(self, g: SmallIslandsState, seat: int) -> None:
        self.g = g
        self.seat = seat
        self.objectives = _objectives(g, seat)
        find = g.islands.find
        ship = g.tables.ship
        self.free: dict[int, int] = {}
        for index, (pos, design, _) in enumerate(g.board.tiles):
            if design != ship:
                root = find(index)
                self.free[root] = self.free.get(root, 0) + free_house_symbols(g, pos)
        owners = g.islands.columns[OWNERS]
        self.mine = {root for root in self.free if owners[root] >> seat & 1}

    def worth(self, shown: Island, free: int, mine: bool) -> float:
        """An island's worth to the seat: what its objectives would pay for a house there
        (none if it holds the seat's house or no free house symbol)."""
        if free <= 0 or mine:
            return 0.0
        return sum(w * _pays(self.g, m, r, shown) for m, r, w in self.objectives)


def greedy(state: State, rng: random.Random) -> Action:
    """The action ``greedy`` plays (ties broken by ``rng``): on the native engine, its own
    policy (native/small_islands.hpp, the same choice and the same calls on ``rng`` as
    :func:`reference_greedy`)."""
    if isinstance(state, SmallIslandsState):
        return reference_greedy(state, rng)
    action: Action = getattr(state, "greedy")(rng)  # noqa: B009 (the native state's)
    return action


def reference_greedy(g: SmallIslandsState, rng: random.Random) -> Action:
    """The action ``greedy`` plays, in Python (the reference of the native policy)."""
    seat = g.current_player()
    legal = list(g.legal_actions())
    first = legal[0]
    if isinstance(first, Keep | Build):
        return _best(legal, lambda a: _keep_value(g, seat, a), rng)
    if isinstance(first, Place):
        seen = _Seen(g, seat)
        value = _start_value if isinstance(g.agenda[-1], LayingStart) else _place_value
        return _best(legal, lambda a: value(seen, a), rng)
    if isinstance(first, Take | Land):
        return _turn(g, seat, legal, rng)
    if first is PASS:
        seen = _Seen(g, seat)
        return _best(legal, lambda a: _token_value(seen, a), rng)
    if isinstance(first, House | Done):
        return _best(legal, lambda a: _house_value(g, seat, a), rng)
    if isinstance(first, Choose):
        values = g.tables.discoveries
        return _best(legal, lambda a: values[a.token] if isinstance(a, Choose) else 0, rng)
    return legal[rng.randrange(len(legal))]


def _best(legal: Sequence[Action], value: Callable[[Action], float], rng: random.Random) -> Action:
    values = [value(a) for a in legal]
    top = max(values)
    best = [a for a, v in zip(legal, values, strict=True) if v >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


# ------------------------------------------------------------------ objectives


def _pays(g: SmallIslandsState, mission: Mission, reward: Reward, shown: Island) -> float:
    """What a house on an island showing ``shown`` would earn with this objective."""
    if shown.tiles < 2 or not fulfils(mission, shown):
        return 0.0
    if reward.kind == "discovery":
        return DISCOVERY_WORTH * min(shown.temple, len(g.disc_pool)) / max(shown.temple, 1)
    return float(points(reward, shown))


def _objectives(g: SmallIslandsState, seat: int) -> list[tuple[Mission, Reward, float]]:
    """The seat's objectives with their weights: this round's, then the next's."""
    t = g.tables
    out = []
    for held, weight in ((g.now[seat], 1.0), (g.later[seat], NEXT)):
        if len(held) == 1:
            objective = t.objectives[held[0]]
            out.append((objective.mission, objective.reward, weight))
        elif len(held) == 2:
            out.append((t.missions[held[0]], t.rewards[held[1]], weight))
    return out


def _keep_value(g: SmallIslandsState, seat: int, action: Action) -> float:
    t = g.tables
    if isinstance(action, Keep):
        pairs = [(t.objectives[action.now], 1.0), (t.objectives[action.later], NEXT)]
        objectives = [(o.mission, o.reward, w) for o, w in pairs]
    else:
        assert isinstance(action, Build)
        objectives = [
            (t.missions[action.mission], t.rewards[action.reward], 1.0),
            (t.missions[action.later_mission], t.rewards[action.later_reward], NEXT),
        ]
    total = 0.0
    for root, _ in _islands(g):
        shown = island(g, root)
        total += sum(w * _pays(g, m, r, shown) for m, r, w in objectives)
    return total


def _islands(g: SmallIslandsState) -> list[tuple[int, int]]:
    """Every island's root with its tiles."""
    columns = g.islands.columns
    find = g.islands.find
    roots = {find(i) for i, (_, d, _) in enumerate(g.board.tiles) if d != g.tables.ship}
    return [(root, columns[0][root]) for root in sorted(roots)]


# ------------------------------------------------------------------ laying tiles


def _joining(g: SmallIslandsState, action: Place) -> tuple[int, int, set[int]]:
    """A placement's design and square, and the islands (roots) its land edges join."""
    t = g.tables
    design = t.index[action.design]
    pos = t.grid.encode(action.x, action.y)
    face = t.tiles.faces[design][action.rotation]
    at = g.board.at
    find = g.islands.find
    roots = set()
    for edge, step in enumerate(t.grid.step):
        q = pos + step
        if q in at and face[edge] == LAND:
            roots.add(find(at[q]))
    return design, pos, roots


def _start_value(seen: _Seen, action: Action) -> float:
    """A starting tile's placement, before anyone holds an objective: the islands of two
    tiles or more with a free house symbol that it makes (each is a house for every player,
    whatever their objective), then its house symbols, then the tiles it touches."""
    assert isinstance(action, Place)
    g = seen.g
    design, pos, roots = _joining(g, action)
    tiles = 1 + sum(island(g, root).tiles for root in roots)
    houses = g.tables.symbols[design][5]
    free = houses + sum(seen.free.get(root, 0) for root in roots)
    before = sum(1 for root in roots if island(g, root).tiles >= 2 and seen.free.get(root, 0))
    after = 1 if tiles >= 2 and free else 0
    return after - before + 0.1 * houses + 0.01 * alexis.neighbours(g, pos)


def _place_value(seen: _Seen, action: Action) -> float:
    assert isinstance(action, Place)
    g = seen.g
    design, pos, roots = _joining(g, action)
    symbols = g.tables.symbols[design]
    counts = [1, *symbols]
    free = symbols[5]
    before = 0.0
    for root in roots:
        shown = island(g, root)
        root_free = seen.free.get(root, 0)
        before += seen.worth(shown, root_free, root in seen.mine)
        counts = [a + b for a, b in zip(counts, _counts(shown), strict=True)]
        free += root_free
    after = seen.worth(Island(*counts), free, bool(roots & seen.mine))
    return after - before + 0.05 * alexis.neighbours(g, pos)


def _counts(shown: Island) -> list[int]:
    return [shown.tiles, shown.flower, shown.fruit, shown.leaf, shown.temple, shown.port,
            shown.house]  # fmt: skip


def _best_placement(seen: _Seen, design: int) -> float:
    placements = seen.g.placements.of(design)
    if not placements:
        return float("-inf")
    return max(_place_value(seen, p) for p in placements)


def _turn(g: SmallIslandsState, seat: int, legal: list[Action], rng: random.Random) -> Action:
    takes = [a for a in legal if isinstance(a, Take)]
    lands: list[Action] = [a for a in legal if isinstance(a, Land)]
    if lands:
        pick = _landing(g, seat, lands, bool(takes), rng)
        if pick is not None:
            return pick
    if not takes:
        return lands[rng.randrange(len(lands))]
    t = g.tables
    seen = _Seen(g, seat)
    hand = max((_best_placement(seen, d) for d in set(g.hands[seat])), default=float("-inf"))
    return _best(takes, lambda a: max(hand, _best_placement(seen, t.index[a.design]))
                 if isinstance(a, Take) else 0.0, rng)  # fmt: skip


def _landing(
    g: SmallIslandsState, seat: int, lands: list[Action], can_explore: bool, rng: random.Random
) -> Action | None:
    encode = g.tables.grid.encode

    def ports(a: Action) -> float:
        assert isinstance(a, Land)
        return exploring.ports_around(g, encode(a.x, a.y))

    own = [a for a in lands if isinstance(a, Land) and a.ship == "own"]
    # the tiles the rounds still to come need: wait longer and the game ends short of them
    ships_left = g.tables.components.ships - len(g.ships)
    short = g.reserve < rounds.NAVIGATION * ships_left
    if own:
        best = _best(own, ports, rng)
        pays = _pays_now(g, seat)
        if ports(best) >= LAND_PORTS or not can_explore or short or pays >= PAYS_TO_LAND:
            return best
        return None
    if not can_explore or _pays_now(g, seat) > 0:
        return lands[rng.randrange(len(lands))]
    return None


def _pays_now(g: SmallIslandsState, seat: int) -> float:
    return float(rounds.prospect(g, seat))


# ------------------------------------------------------------------ tokens and houses


def _token_value(seen: _Seen, action: Action) -> float:
    if not isinstance(action, Token):
        return 0.0
    g, seat = seen.g, seen.seat
    pos = g.tables.grid.encode(action.x, action.y)
    root = g.island_root(pos)
    shown = island(g, root)
    free = seen.free.get(root, 0)
    mine = root in seen.mine
    before = seen.worth(shown, free, mine)
    counts = _counts(shown)
    if action.kind == "port":
        counts[5] += 1
        ship = [p for p, owner in g.ships if owner == seat]
        near = bool(ship) and _adjacent(g, ship[0], pos)
        bonus = 1.0 if near else 0.0
    else:
        counts[1 + RESOURCES.index(action.kind)] += 1
        if action.over:
            counts[1 + RESOURCES.index(action.over)] -= 1
        bonus = 0.0
    after = seen.worth(Island(*counts), free, mine)
    return after - before + bonus - 0.01


def _adjacent(g: SmallIslandsState, a: int, b: int) -> bool:
    grid = g.tables.grid
    return b - a in (*grid.step, *grid.diagonal)


def _house_value(g: SmallIslandsState, seat: int, action: Action) -> float:
    if not isinstance(action, House):
        return 0.0
    root = g.island_root(g.tables.grid.encode(action.x, action.y))
    shown = island(g, root)
    return 1.0 + _pays(g, mission(g, seat), reward(g, seat), shown)


GREEDY_POLICIES: Mapping[str, GreedyPolicy] = {INFO.id: greedy}
"""How ``greedy`` plays Small Islands."""

ROLLOUT_DEPTH = 4
"""Decisions the search bots play greedily after their tree before the estimate scores the
position (about a turn of each player at 3 players); docs/strength.md has the matches that
chose it."""

ROLLOUTS: Mapping[str, Rollout] = {INFO.id: Rollout(greedy, ROLLOUT_DEPTH)}
"""How ``mcts`` and ``ismcts`` play on after their tree in Small Islands."""

__all__ = ["GREEDY_POLICIES", "ROLLOUTS", "greedy", "reference_greedy"]
