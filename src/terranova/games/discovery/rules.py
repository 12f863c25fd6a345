"""The Discovery's rules: a pure state machine over the core protocol (no I/O).

Built on the tile kit (:mod:`terranova.kit`): the map is a kit ``TileBoard`` (tiles,
and the frontier of empty squares with their edge constraints), legal placements come
from a kit ``Placements``, and territories (connected regions of one terrain across
tiles) are kept incrementally in a kit ``Regions`` union-find over *nodes*, one node
per region of each placed tile. Each root holds its territory's open-edge count, the
tiles it covers (a bit mask of placement indices, so a tile counts once), its port
cities, its followers, and for mountains the grassland nodes it touches. Step 2 of a
turn (followers) and the value of territories are in
:mod:`terranova.games.discovery.followers`.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.i18n import Said
from terranova.core.scoring import SCORING
from terranova.core.turns import AgendaState, Chance, Step
from terranova.games.discovery.actions import (
    Deploy,
    Draw,
    Pass,
    Place,
    Remove,
    SetAside,
    parse_action,
)
from terranova.games.discovery.followers import (
    MOUNTAIN,
    FollowerStep,
    Scored,
    score_line,
    worth,
)
from terranova.games.discovery.game import DiscoveryGame, game_of
from terranova.games.discovery.steps import (
    DEALING,
    DRAWING,
    FOLLOWING,
    PLACING,
    REFILLING,
    SETTING_ASIDE,
    STEP_NAMES,
    Dealing,
    Drawing,
    Following,
    Placing,
    Refilling,
    SettingAside,
)
from terranova.games.discovery.tables import GRID, LIMIT
from terranova.games.discovery.tiles import Terrain, TileSet
from terranova.games.discovery.words import say
from terranova.kit.board import TileBoard
from terranova.kit.grid import OPPOSITE
from terranova.kit.placements import Placements
from terranova.kit.regions import JOIN, KEEP, OR, SUM, Regions

__all__ = ["LIMIT", "DiscoveryState", "decode", "encode"]

FOLLOWERS_IN_SUPPLY = 4

encode = GRID.encode
"""The board position of (x, y)."""
decode = GRID.decode
"""(x, y) of a board position."""
ORIGIN = GRID.encode(0, 0)
OX, OY, STRIDE = GRID.ox, GRID.oy, GRID.stride
TERRAIN_WORDS = tuple((t.label, t.follower_role) for t in Terrain)
"""Per terrain, its name and what a follower on it is called, as views write them."""


_WAITING: dict[str, Callable[[int], Step]] = {
    "set-aside": lambda _seat: SETTING_ASIDE,
    "deal": DEALING.__getitem__,
    "draw": DRAWING.__getitem__,
    "refill": REFILLING.__getitem__,
    "follower": FOLLOWING.__getitem__,
}
"""The step a position record names, by its name and seat (:meth:`from_position`)."""


def _territories() -> Regions:
    """Region nodes and their territories' totals: the terrain, open edges, the tiles
    covered (a bit mask of placement indices), port cities, followers, and for
    mountains the grassland nodes touched."""
    return Regions(
        ("terrain", KEEP),
        ("open", SUM),
        ("mask", OR),
        ("cities", SUM),
        ("crowd", SUM),
        ("grass", JOIN),
    )


def new_game(game: DiscoveryGame) -> DiscoveryState:
    """A new game of ``game``'s configuration, before the first draw: a copy of its state
    set up once (cheaper than setting it up again)."""
    return _set_up(game).clone()


@lru_cache(maxsize=64)
def _set_up(game: DiscoveryGame) -> DiscoveryState:
    return DiscoveryState.set_up(game)


class DiscoveryState(FollowerStep, AgendaState):
    """A game of The Discovery for 2 to 5 players."""

    game_id = "discovery"

    def __init__(
        self,
        tileset: TileSet,
        players: int = 2,
        hand: int = 1,
        hand_visibility: str = "public",
        equal_turns: str = "off",
        tileset_param: str | None = None,
    ) -> None:
        """A new game with these parameters (their :class:`DiscoveryGame`, made once for
        them, shared)."""
        self._start(game_of(tileset, players, hand, hand_visibility, equal_turns, tileset_param))

    @classmethod
    def set_up(cls, game: DiscoveryGame) -> Self:
        """A new game of ``game``'s configuration, set up from scratch (:func:`new_game`
        copies one made once)."""
        state = object.__new__(cls)
        state._start(game)
        return state

    def _start(self, game: DiscoveryGame) -> None:
        self._blank(game)
        self._place_tile(game.tileset.start, ORIGIN, 0)
        self._last = -1
        self._pending = game.set_aside
        self._after_set_aside()
        self.advance()

    def _blank(self, game: DiscoveryGame) -> None:
        """Every part of a state, with no tile laid yet and nothing on the agenda."""
        self.game = game
        """The configuration: parameters and tables, shared by every state of it."""
        players = game.players
        self.start_flow()
        # territories (union-find over region nodes)
        self._regions = _territories()
        self._bind()
        # the map: tiles by position and in the order placed, the frontier of empty
        # squares next to them; each tile's first node; the legal placements per design
        self._map: TileBoard[Action] = TileBoard(game.tiles.board)
        self._frontier = self._map.frontier
        self._base: list[int] = []
        self._just = (0, 0, 0)  # the last tile placed: position, design, first node
        # the legal placements of the tiles in hands, kept while no tile is laid; listed
        # afresh after (patching the lists measured slower here: listing is cheap, with
        # each frontier square's row of actions kept next to its code)
        self._fits: Placements[Action] = Placements(self._map, keep=players * game.hand)
        # players and tiles
        self._followers: dict[int, int] = {}  # node -> seat
        # per seat, its followers' nodes -> the actions taking them back, in the order
        # deployed (as in _followers)
        self._removals: list[dict[int, Remove]] = [{} for _ in range(players)]
        self._supply = [FOLLOWERS_IN_SUPPLY] * players
        self._scores = [0] * players
        self._sheet: list[Scored] = []  # the score sheet, in the order scored
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._bag = list(game.stack)
        self._set_aside: list[int] = []
        self._discarded: list[int] = []
        self._to_move = 0  # whose turn it is
        self._pending = 0  # set-aside or deal draws still to come
        self._last = -1  # placement index of the tile just placed
        self._turns = 0
        self._placements: list[Action] = []  # legal placements, kept while at the place step

    # ----------------------------------------------------------------- position

    def position(self) -> dict[str, Any]:
        """The position as a plain record of numbers (designs by index, squares by board
        position, nodes by number): what another engine needs to go on from here, and
        :meth:`from_position` reads back. The native engine writes the same record."""
        top = self.agenda[-1] if self.agenda and not self.over else None
        bag = [0] * len(self.game.tiles.ids)
        for design in self._bag:
            bag[design] += 1
        return {
            "step": STEP_NAMES.index(self._step_name()),
            "step_seat": getattr(top, "seat", 0),
            "to_move": self._to_move,
            "pending": self._pending,
            "last": self._last,
            "turns": self._turns,
            "ply": self.ply,
            "just": self._just,
            "supply": self._supply[:],
            "scores": self._scores[:],
            "hands": [hand[:] for hand in self._hands],
            "bag": bag,
            "set_aside": self._set_aside[:],
            "discarded": self._discarded[:],
            "followers": list(self._followers.items()),
            "tiles": self._map.tiles[:],
            "sheet": [tuple(entry) for entry in self._sheet],
        }

    @classmethod
    def from_position(
        cls, game: DiscoveryGame, position: dict[str, Any], history: list[Action]
    ) -> Self:
        """The state of a :meth:`position` record of ``game``, reached by ``history``: its
        tiles laid again in order (which makes the same territories and frontier), then
        the rest as recorded."""
        state = object.__new__(cls)
        state._blank(game)
        for pos, design, rotation in position["tiles"]:
            state._place_tile(design, pos, rotation)
        t = game.tiles
        for node, seat in position["followers"]:
            state._followers[node] = seat
            pos, region = state._node_place(node)
            state._removals[seat][node] = t.remove(pos, region)
            state._crowd[state._find(node)] += 1
        state._to_move = position["to_move"]
        state._pending = position["pending"]
        state._last = position["last"]
        state._turns = position["turns"]
        state._just = tuple(position["just"])
        state._supply = list(position["supply"])
        state._scores = list(position["scores"])
        state._hands = [list(hand) for hand in position["hands"]]
        state._bag = [d for d, count in enumerate(position["bag"]) for _ in range(count)]
        state._set_aside = list(position["set_aside"])
        state._discarded = list(position["discarded"])
        state._sheet = [Scored(*entry) for entry in position["sheet"]]
        state._history = list(history)
        seat = position["step_seat"]
        step = STEP_NAMES[position["step"]]
        if step == "over":
            state.over = True
        elif step == "place":
            hand = sorted(set(state._hands[seat]))
            state._placements = state._fits.actions(hand)
            state.agenda.append(PLACING[seat])
        else:
            state.agenda.append(_WAITING[step](seat))
        return state

    # ----------------------------------------------------------------- protocol

    @property
    def num_seats(self) -> int:
        return self.game.players

    @property
    def tileset(self) -> TileSet:
        """The tile set this game is played with."""
        return self.game.tileset

    def options(self, step: Step) -> list[Action]:
        if type(step) is Placing:
            return self._placements  # listed at the turn's start; never changed
        return self._legal_follower_actions()

    def outcomes(self, step: Step) -> list[tuple[Action, float]]:
        t = self.game.tiles
        kinds = t.set_asides if type(step) is SettingAside else t.draws
        total = len(self._bag)
        return [(kinds[d], c / total) for d, c in sorted(Counter(self._bag).items())]

    def sample_chance(self, rng: random.Random) -> Action:
        bag = self._bag
        if self.over or not bag or not (top := self.agenda[-1]).chance:
            raise ValueError("not a chance node")
        design = bag[rng.randrange(len(bag))]
        t = self.game.tiles
        return (t.set_asides if type(top) is SettingAside else t.draws)[design]

    def is_legal(self, action: Action) -> bool:
        if self.over:
            return False
        # the legal actions that come most, without the hop through _refusal: a decision
        # chosen from those listed is one of those very objects, and a tile drawn is one left
        listed = self._legal
        if listed is not None:
            for legal in listed:
                if legal is action:
                    return True
        if type(action) is Draw:
            top = self.agenda[-1]
            if type(top) is Drawing or type(top) is Refilling:
                return self.game.tiles.index.get(action.design, -1) in self._bag
        return self._refusal(action) is None

    def why_illegal(self, action: Action) -> str:
        return self._refusal(action) or "it is legal"

    def _refusal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now, or ``None``: it is."""
        top = None if self.over else self.agenda[-1]
        if type(action) is Place:
            if type(top) is not Placing:
                return f"it is not the time to place a tile ({self._step_text()})"
            return self._place_refusal(action)
        if type(action) is Draw or type(action) is SetAside:
            if not isinstance(top, Chance):
                return f"no tile is drawn now ({self._step_text()})"
            setting_aside = type(top) is SettingAside
            if (type(action) is SetAside) != setting_aside:
                return f"the tile is {'set aside' if setting_aside else 'drawn'} now"
            if self.game.tiles.index.get(action.design, -1) not in self._bag:
                return f"no tile {action.design} is left in the stack"
            return None
        if type(action) is Pass:
            if type(top) is not Following:
                return f"there is nothing to pass ({self._step_text()})"
            return None
        if type(action) is Deploy:
            if type(top) is not Following:
                return f"followers move after a tile is placed ({self._step_text()})"
            return self._deploy_refusal(action)
        if type(action) is Remove:
            if type(top) is not Following:
                return f"followers move after a tile is placed ({self._step_text()})"
            return self._remove_refusal(action)
        return "not an action of The Discovery"

    def carry_out(self, step: Step, action: Action) -> None:
        agenda = self.agenda
        if type(action) is Place:  # step 1: the tile is placed (the action is legal)
            seat = self._to_move
            design = self.game.tiles.index[action.design]
            self._hands[seat].remove(design)
            self._place_tile(design, (action.y + OY) * STRIDE + action.x + OX, action.rotation)
            agenda[-1] = FOLLOWING[seat]
            self.offer(self._legal_follower_actions())
        elif type(action) is Draw or type(action) is SetAside:
            # chance drew a tile from the stack: drawn, drawn back, dealt or set aside
            design = self.game.tiles.index[action.design]
            self._bag.remove(design)
            agenda.pop()
            if type(step) is Drawing:
                self._hands[step.seat].append(design)
                self._start_turn(step.seat)
            elif type(step) is Refilling:  # drawn back at the end of its turn
                self._hands[step.seat].append(design)
                self._start_turn((step.seat + 1) % self.game.players)
            elif type(step) is Dealing:
                self._hands[step.seat].append(design)
                self._pending -= 1
                if self._pending and self._bag:
                    agenda.append(DEALING[(step.seat + 1) % self.game.players])
                else:
                    self._start_turn(0)
            else:
                self._set_aside.append(design)
                self._pending -= 1
                self._after_set_aside()
        else:  # step 2: a follower deployed, taken back, or none
            if type(action) is Deploy:
                self._deploy(action)
            elif type(action) is Remove:
                self._take_back(action)
            agenda.pop()
            self._end_turn(self._to_move)

    def proceed(self, step: Step) -> bool:
        # every step of The Discovery waits: a turn begins and ends as the action that
        # leads to it is carried out, so the engine never asks
        raise AssertionError(f"The Discovery has no automatic step ({step})")

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        regions = other._regions = self._regions.copy()
        other._find = regions.find
        (
            other._terrain,
            other._open,
            other._mask,
            other._cities,
            other._crowd,
            other._grass,
        ) = regions.columns
        board = other._map = self._map.copy()
        other._frontier = board.frontier
        other._base = self._base[:]
        other._fits = self._fits.copy(board)
        other._followers = self._followers.copy()
        other._removals = list(map(dict.copy, self._removals))
        other._supply = self._supply[:]
        other._scores = self._scores[:]
        other._sheet = self._sheet[:]
        other._hands = list(map(list.copy, self._hands))
        other._bag = self._bag[:]
        other._set_aside = self._set_aside[:]
        other._discarded = self._discarded[:]
        self.copy_flow(other)
        return other

    def _bind(self) -> None:
        """Name the territories' columns (after making or copying them): per node, and
        at a root for its territory, the terrain, the open edges, the tiles covered (a
        bit mask), the port cities, the followers and (mountains) the grassland nodes
        touched."""
        self._find = self._regions.find
        (
            self._terrain,
            self._open,
            self._mask,
            self._cities,
            self._crowd,
            self._grass,
        ) = self._regions.columns

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def scores(self) -> list[int]:
        return self._scores[:]

    def returns(self) -> list[int]:
        return self._scores[:]

    def params(self) -> dict[str, Any]:
        return self.game.params()

    def resample(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        if self.game.private:
            other.redraw_unseen(seat, rng)
        return other

    def redraw_unseen(self, seat: int, rng: random.Random) -> None:
        """Redraw what ``seat`` cannot see, the other hands and the stack, consistently
        with what it saw: a determinization (:meth:`resample`), which keeps no history."""
        true_hands = [hand[:] for hand in self._hands]
        true_bag = self._bag[:]
        pool = self._bag[:]
        for s in range(self.game.players):
            if s != seat:
                pool.extend(self._hands[s])
        pool.sort()  # what the seat cannot see must not steer the draw: start from one order
        rng.shuffle(pool)
        for s in range(self.game.players):
            if s != seat:
                size = len(self._hands[s])
                self._hands[s] = pool[:size]
                del pool[:size]
        self._bag = pool
        mover = self._to_move
        if not self.over and type(self.agenda[-1]) is Placing and mover != seat:
            # the seat to move kept only tiles it can place (the others were discarded at
            # the start of its turn), so its redrawn hand must be placeable too
            hand = self._hands[mover]
            can_place = self._fits.can_place
            for i, design in enumerate(hand):
                if can_place(design):
                    continue
                swaps = [j for j, d in enumerate(pool) if can_place(d)]
                if swaps:
                    j = swaps[rng.randrange(len(swaps))]
                    hand[i], pool[j] = pool[j], design
                else:  # nothing else fits: the true hand is the only consistent one
                    self._hands[mover] = true_hands[mover]
                    self._bag = self._redeal(true_hands, true_bag, (seat, mover), rng)
                    break
            self._placements = self._fits.actions(sorted(set(self._hands[mover])))
        self._bag.sort()
        # the true draws of other seats are what is hidden: a determinization keeps no history
        self._history = []
        self.changed()

    def _redeal(
        self,
        hands: list[list[int]],
        bag: list[int],
        seen: tuple[int, ...],
        rng: random.Random,
    ) -> list[int]:
        """Deal the hands of the seats not in ``seen`` again, from those hands and ``bag``
        (as they truly are), shuffled: what is left is the stack. With no such seat the
        stack is ``bag`` and the generator is not asked."""
        others = [s for s in range(self.game.players) if s not in seen]
        if not others:
            return bag[:]
        pool = bag[:]
        for s in others:
            pool.extend(hands[s])
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = len(hands[s])
            self._hands[s] = pool[:size]
            del pool[:size]
        return pool

    # ------------------------------------------------------------------ queries

    def estimate(self, seat: int) -> float:
        """Score, plus what this seat's followers are likely worth, plus the use of
        followers still in supply (worth more while many tiles remain)."""
        left = len(self._bag) + sum(len(h) for h in self._hands)
        worth = float(self._scores[seat]) + self._supply[seat] * (
            1.0 + left / self.game.tiles.stack_size
        )
        for node, owner in self._followers.items():
            if owner != seat:
                continue
            root = self._find(node)
            value = self.territory_value(root)
            if self._open[root]:
                worth += value + 0.5 * min(self._open[root], 6)
            else:
                worth += value
        return worth

    def placements(self) -> list[tuple[int, int, str, int]]:
        """Every tile on the map as (x, y, design id, rotation), in the order placed."""
        ids = self.game.tiles.ids
        return [(*decode(pos), ids[d], r) for pos, d, r in self._map.tiles]

    def view(self, seat: int | None) -> dict[str, Any]:
        ids = self.game.tiles.ids
        hands = []
        for s, held in enumerate(self._hands):
            visible = not self.game.private or s == seat
            hands.append(
                {
                    "seat": s,
                    "count": len(held),
                    "tiles": [ids[d] for d in held] if visible else None,
                }
            )
        followers = [self._follower_view(node, owner) for node, owner in self._followers.items()]
        last = None
        if self._last >= 0 and not self.over and type(self.agenda[-1]) is Following:
            lx, ly = decode(self._map.tiles[self._last][0])
            last = {"x": lx, "y": ly}
        out: dict[str, Any] = {
            "game": self.game_id,
            "seat": seat,
            "players": self.game.players,
            "phase": self._step_name(),
            "current_player": self.current_player(),
            "turn_of": self._to_move,
            "turns": self._turns,
            "scores": self._scores[:],
            SCORING: [score_line(entry).json() for entry in self._sheet],
            "supply": self._supply[:],
            "stack": len(self._bag),
            "hands": hands,
            "set_aside": [ids[d] for d in self._set_aside],
            "discarded": [ids[d] for d in self._discarded],
            "map": [
                {"x": pos % STRIDE - OX, "y": pos // STRIDE - OY, "design": ids[d], "rotation": r}
                for pos, d, r in self._map.tiles
            ],
            "just_placed": last,
            "followers": followers,
            "winners": self.winners(),
        }
        if seat is not None and seat == self.current_player():
            out["legal_actions"] = [str(a) for a in self.legal_actions()]
            if type(self.agenda[-1]) is Placing:
                out["closes"] = self._closes()
        return out

    def _closes(self) -> list[dict[str, Any]]:
        """The placements of the seat to move that complete a territory (of 3 tiles or
        more) of one of its incomplete followers: per follower (in the order deployed),
        per design in hand and rotation (in the order of the legal actions), the design,
        square and rotation, and the follower (x, y, region). A mountain counts only with
        a port city counted (closing one without doubles nothing). Only a territory
        reaching a single empty square can be closed by one tile, so only that square's
        placements are tried (the view is read by the encodings and bots too)."""
        seat = self._to_move
        find = self._find
        open_edges = self._open
        t = self.game.tiles
        out: list[dict[str, Any]] = []
        designs: list[int] | None = None
        for node in self._removals[seat]:
            root = find(node)
            # a square has 4 sides: a territory reaching one square has 1 to 4 open edges
            if not 0 < open_edges[root] <= 4:
                continue
            if self._terrain[root] == MOUNTAIN and not self._counted_cities(root):
                continue
            square = self._only_open_square(root)
            code = self._frontier.get(square)
            if code is None:
                continue
            if designs is None:
                designs = sorted(set(self._hands[seat]))
            follower: dict[str, int] | None = None
            sides = self._sides(square)
            for design in designs:
                for rotation in t.fits[design][code]:
                    if not self._completes(root, sides, design, rotation):
                        continue
                    if follower is None:
                        pos, region = self._node_place(node)
                        fx, fy = decode(pos)
                        follower = {"x": fx, "y": fy, "region": region}
                    x, y = decode(square)
                    out.append(
                        {
                            "x": x,
                            "y": y,
                            "design": t.ids[design],
                            "rotation": rotation,
                            "follower": dict(follower),
                        }
                    )
        return out

    def _only_open_square(self, root: int) -> int:
        """The empty square a territory's open edges all face, or -1 if they face more
        than one (its tiles are looked at until its open edges are all found)."""
        parent = self._regions.parent
        at = self._map.at
        tiles = self._map.tiles
        bases = self._base
        edge_region = self.game.tiles.edge_region
        step = GRID.step
        left = self._open[root]
        square = -1
        mask = self._mask[root]
        while mask:  # the newest tiles first: the open edges lie mostly on them
            index = mask.bit_length() - 1
            mask ^= 1 << index
            pos, design, rotation = tiles[index]
            base = bases[index]
            for offset, region in zip(step, edge_region[design][rotation], strict=True):
                there = pos + offset
                if there in at:
                    continue
                node = base + region
                while parent[node] != node:  # its territory's root (read only)
                    node = parent[node]
                if node != root:
                    continue
                if there != square:
                    if square >= 0:
                        return -1
                    square = there
                left -= 1
                if not left:
                    return square
        return square

    def _sides(self, pos: int) -> list[tuple[int, int]]:
        """Per side of the empty square ``pos`` with a tile across it: the side and the
        territory root of the region owning that tile's edge there."""
        edge_region = self.game.tiles.edge_region
        tiles = self._map.tiles
        at = self._map.at
        bases = self._base
        find = self._find
        out = []
        for direction, offset in enumerate(GRID.step):
            index = at.get(pos + offset)
            if index is not None:
                _, design, rotation = tiles[index]
                node = bases[index] + edge_region[design][rotation][OPPOSITE[direction]]
                out.append((direction, find(node)))
        return out

    def _completes(
        self, root: int, sides: list[tuple[int, int]], design: int, rotation: int
    ) -> bool:
        """Whether the tile ``design`` turned ``rotation``, laid on the empty square whose
        ``sides`` (:meth:`_sides`) these are, leaves the territory of ``root`` (which
        reaches that square) complete, of 3 tiles or more: the territories the new tile's
        regions join with it, their open edges less those the tile covers, plus the new
        regions' own edges less those joined."""
        t = self.game.tiles
        mine = t.edge_region[design][rotation]
        roots = [root]
        regions: list[int] = []
        grown = True
        while grown:  # the regions and territories joined to root through the new tile
            grown = False
            for direction, other in sides:
                region = mine[direction]
                if (region in regions) != (other in roots):  # a join half in: both are
                    if other in roots:
                        regions.append(region)
                    else:
                        roots.append(other)
                    grown = True
        open_edges = self._open
        counts = t.edge_counts[design]
        left = 0
        for other in roots:
            left += open_edges[other]
        for region in regions:
            left += counts[region]
        for direction, _ in sides:
            if mine[direction] in regions:
                left -= 2
        if left:
            return False
        mask = 0
        for other in roots:
            mask |= self._mask[other]
        return mask.bit_count() + 1 >= 3

    def _follower_view(self, node: int, owner: int) -> dict[str, Any]:
        """A follower as views show it: where it stands and what its territory is worth."""
        pos, region = self._node_place(node)
        root = self._find(node)
        terrain = self._terrain[node]
        label, role = TERRAIN_WORDS[terrain]
        tiles = self._mask[root].bit_count()
        open_edges = self._open[root]
        cities = self._counted_cities(root)
        return {
            "seat": owner,
            "x": pos % STRIDE - OX,
            "y": pos // STRIDE - OY,
            "region": region,
            "terrain": label,
            "role": role,
            "territory": root,
            "tiles": tiles,
            "open_edges": open_edges,
            "complete": open_edges == 0,
            "value_now": worth(terrain, tiles, cities, open_edges == 0),
            "value_final": worth(terrain, tiles, cities, False),
        }

    def describe_action(self, action: Action, seat: int | None) -> str | None:
        """Another seat's draw into a private hand shows as ``draw ?``."""
        top = self.agenda[-1] if self.agenda else None
        if (
            self.game.private
            and type(action) is Draw
            and isinstance(top, (Dealing, Drawing, Refilling))
            and top.seat != seat
        ):
            return "draw ?"
        return str(action)

    def decisions_public(self) -> bool:
        """Every decision is public (only a draw into a private hand is hidden): every seat
        sees it as its canonical text, which names it alone whatever the position
        (``parse_action`` reads it back)."""
        return True

    def say_action(self, action: Action, seat: int | None) -> Said | str | None:
        """Tiles by their terrains, regions from 1."""
        seen = self.describe_action(action, seat)
        return None if seen is None else say(self.game.tileset, action, seen)

    def components(self) -> dict[str, Any]:
        """The tile set: every design with its regions, touches and cities."""
        tileset = self.game.tileset
        return {
            "tileset": tileset.name,
            "start": tileset.designs[tileset.start].id,
            "designs": [
                {
                    "id": d.id,
                    "count": d.count,
                    "regions": [
                        {"terrain": r.terrain.label, "edges": "".join("NESW"[e] for e in r.edges)}
                        for r in d.regions
                    ],
                    "touches": [list(p) for p in d.touches],
                    "cities": [list(p) for p in d.cities],
                }
                for d in tileset.designs
            ],
        }

    # ------------------------------------------------------------ territories

    def _node_place(self, node: int) -> tuple[int, int]:
        """(pos, region) of a node."""
        index = bisect_right(self._base, node) - 1  # the last tile whose base node is <= node
        return self._map.tiles[index][0], node - self._base[index]

    def _place_tile(self, design: int, pos: int, rotation: int) -> None:
        t = self.game.tiles
        regions = self._regions
        index = len(self._base)
        base = len(regions.parent)
        count, terrains, edge_counts, cities, no_followers, no_grass = t.nodes[design]
        regions.add(
            count,
            terrains,
            edge_counts,
            (1 << index,) * count,
            cities,
            no_followers,
            [tuple(map(base.__add__, near)) for near in t.grassland_touches[design]]
            if t.has_grass[design]
            else no_grass,
        )
        self._base.append(base)
        self._last = index
        self._just = (pos, design, base)
        joins = self._map.place(pos, design, rotation)
        if joins:
            mine = t.edge_region[design][rotation]
            edge_region = t.edge_region
            tiles = self._map.tiles
            bases = self._base
            union = regions.union
            open_edges = self._open
            for direction, j in joins:
                _, qd, qr = tiles[j]
                root = union(
                    base + mine[direction], bases[j] + edge_region[qd][qr][OPPOSITE[direction]]
                )
                open_edges[root] -= 2

    # --------------------------------------------------------------- placing

    def _place_refusal(self, action: Place) -> str | None:
        """Why the seat to move may not place this tile there, or ``None``: it may."""
        t = self.game.tiles
        design = t.index.get(action.design)
        if design is None or design not in self._hands[self._to_move]:
            return f"tile {action.design} is not in your hand"
        x, y, rotation = action.x, action.y, action.rotation
        if not 0 <= rotation < 4:
            return "a rotation is 0, 90, 180 or 270"
        if not (-LIMIT < x < LIMIT and -LIMIT < y < LIMIT):
            return "that square is off the table"
        pos = (y + OY) * STRIDE + x + OX
        code = self._frontier.get(pos)
        if code is None:
            where = "is taken" if pos in self._map.at else "does not touch the map"
            return f"square {x},{y} {where}"
        if rotation not in t.fits[design][code]:
            same = t.same_as[design][rotation]
            if same != rotation:
                return (
                    f"this tile turned {rotation * 90} looks the same as turned "
                    f"{same * 90}; that is the one to play"
                )
            return "its edges do not match the tiles next to it"
        return None

    # ------------------------------------------------------------ turn order

    def _after_set_aside(self) -> None:
        """Set-up: set another tile aside, deal the hands, or begin the first turn."""
        if self._pending and self._bag:
            self.agenda.append(SETTING_ASIDE)
            return
        game = self.game
        if game.hand > 1:
            self._pending = game.hand * game.players
            if self._bag:
                self.agenda.append(DEALING[0])
                return
        self._start_turn(0)

    def _start_turn(self, seat: int) -> None:
        """Begin ``seat``'s turn: discard unplaceable tiles, draw, or skip an empty hand."""
        game = self.game
        for _ in range(game.players + 1):
            hand = self._hands[seat]
            self._to_move = seat
            if len(hand) == 1:
                placements = self._fits.of(hand[0])
                if not placements:
                    self._discarded.append(hand.pop())
            elif hand:
                placements = []
                for design in sorted(set(hand)):
                    mine = self._fits.of(design)
                    if mine:
                        placements.extend(mine)
                    else:
                        while design in hand:
                            hand.remove(design)
                            self._discarded.append(design)
            if len(hand) < game.hand and self._bag:
                self.agenda.append(DRAWING[seat])
                return
            if hand:
                self._placements = placements  # shared with the kept lists: never changed
                self.expect(PLACING[seat], placements)
                return
            if not any(self._hands):
                break
            seat = (seat + 1) % game.players
        self._finish()

    def _end_turn(self, seat: int) -> None:
        """``seat``'s turn is over: it draws a tile back, or the next seat's turn begins."""
        self._turns += 1
        game = self.game
        if game.hand > 1 and self._bag and len(self._hands[seat]) < game.hand:
            self.agenda.append(REFILLING[seat])
            return
        self._start_turn((seat + 1) % game.players)

    def _finish(self) -> None:
        """Final scoring: every follower left scores its territory as if incomplete."""
        for node, seat in self._followers.items():
            self._score(seat, node, final=True)
        self.over = True

    def _step_name(self) -> str:
        """What views call the step the game waits on (``over`` at the end)."""
        if self.over:
            return "over"
        return self.agenda[-1].name or ""

    def _step_text(self) -> str:
        return f"the game is at the {self._step_name()} step"

    # ------------------------------------------------------------ test helpers

    def territory_nodes(self) -> dict[int, list[int]]:
        """Every territory as root -> its nodes (for checks against a flood fill)."""
        return self._regions.territories()
