"""Entdecker's game as a public record: the map and its islands, the players' gold, points
and units, the stacks of tiles, the jungle paths and their huts, the turn in progress and
the flow's agenda (the core turn engine's). The chapters (:mod:`.routes`, :mod:`.exploring`,
:mod:`.scoring`, :mod:`.views`) read and write its fields by name; :mod:`.state` gives the
record its rules.

The map is a kit :class:`~terranova.kit.board.TileBoard`; islands are a kit
:class:`~terranova.kit.regions.Regions` over *nodes*, one per land piece of each laid tile,
whose roots hold the island's open land edges, the tiles it covers (a bit mask of tile
indices) and its waterfall bonus.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any, Self

from terranova.core.actions import Action
from terranova.core.errors import InvalidParameterError
from terranova.core.scoring import ScoreLine
from terranova.core.state import CHANCE
from terranova.core.turns import AgendaState
from terranova.games.entdecker.components import Components
from terranova.games.entdecker.lanes import SeaLanes
from terranova.games.entdecker.steps import Turn
from terranova.games.entdecker.tables import Tables, compiled
from terranova.kit.board import TileBoard
from terranova.kit.regions import OR, SUM, Regions

VARIANTS: dict[str, tuple[str | int, ...]] = {
    "setup": ("beginner", "variable"),
    "natives": ("path", "scout"),
    "edge_costs": ("printed", "free"),
    "tile_cap": (0, 3),
    "island_tie": ("active", "share"),
    "tiebreak": ("gold", "shared"),
    "frame": ("closed", "open"),
}
"""Each variant's choices, the default first (docs/entdecker/rulings.md says why)."""


class Record(AgendaState):
    """A game of Entdecker as its fields: what :class:`~.state.EntdeckerState` plays on."""

    def __init__(
        self,
        components: Components,
        players: int = 3,
        setup: str = "beginner",
        natives: str = "path",
        edge_costs: str = "printed",
        tile_cap: int = 0,
        island_tie: str = "active",
        tiebreak: str = "gold",
        frame: str = "closed",
        tiles: str | None = None,
        board: str | None = None,
    ) -> None:
        self.start_flow()
        self.tables: Tables = compiled(components)
        t = self.tables
        self._params: dict[str, Any] = {
            "players": players,
            "setup": setup,
            "natives": natives,
            "edge_costs": edge_costs,
            "tile_cap": tile_cap,
            "island_tie": island_tie,
            "tiebreak": tiebreak,
            "frame": frame,
            "tiles": tiles,
            "board": board,
        }
        for name, choices in VARIANTS.items():
            if self._params[name] not in choices:
                raise InvalidParameterError(
                    f"{name} is one of {choices}, not {self._params[name]!r}"
                )
        spec = t.board
        if not 2 <= players <= 1 + len(spec.scouts):
            raise InvalidParameterError(f"Entdecker takes 2 to {1 + len(spec.scouts)} players")
        self.players = players
        self.natives_to_path = natives == "path"
        self.tie_active = island_tie == "active"
        self.tile_cap = tile_cap
        self.frame_open = frame == "open"  # a square on the board's edge is never enclosed
        self.edge_cost = [p.cost if edge_costs == "printed" else 0 for p in t.points]
        self.cost_classes = [
            (cost, sum(1 << k for k, c in enumerate(self.edge_cost) if c == cost))
            for cost in sorted(set(self.edge_cost))
        ]
        """Each start point cost, cheapest first, with its start points (a bit mask)."""
        # the map and its islands
        self.map: TileBoard[Action] = TileBoard(t.tiles)
        self.lanes = SeaLanes(len(t.grid.cells), self.edge_cost)
        self.enclosed: set[int] = set()  # undiscovered squares with no undiscovered neighbour
        self.regions = Regions(("open", SUM), ("tiles", OR), ("bonus", SUM))
        self.open_edges: list[int] = self.regions.columns[0]
        self.tile_mask: list[int] = self.regions.columns[1]
        self.bonus: list[int] = self.regions.columns[2]
        self.node_pos: list[int] = []  # node -> square
        self.first_node: dict[int, int] = {}  # square -> its tile's first node
        self.board_shared = False  # the board above may be a clone's too (own_board)
        self.units: list[tuple[int, int, int]] = []  # (node, seat, kind) in the order placed
        self.scored: list[int] = []  # roots of islands scored
        # the players and the bank
        self.gold = [spec.start_gold] * players
        self.bank = 0  # gold the players paid to the bank minus what it paid them
        self.score = [0] * players
        self.sheet: list[ScoreLine] = []  # the score sheet: a line per change of score
        self.supply = [[spec.scouts[players - 2] - 1, spec.forts, spec.settlements]
                        for _ in range(players)]  # fmt: skip
        # the tiles
        self.hidden = t.hidden[:]
        self.open_stacks = t.open_count[:]
        self.discards: list[int] = []
        self.box = t.setup[:]  # set-up tiles not on the board
        self.layout = -1
        # the paths, huts and produce tokens
        self.paths = [[-1] * p.length for p in spec.paths]
        self.huts = [-1] * len(spec.paths)
        self.known = [0] * len(spec.paths)  # per hut, the seats that looked at its token
        self.bag = list(range(len(spec.tokens)))
        # the flow (the agenda is the turn engine's)
        self.turn: Turn | None = None
        self.ending: str | None = None  # why the game ended (scoring.END_REASONS)
        self.reach_cache: tuple[tuple[int, int, int], frozenset[int]] | None = None
        """The squares no ship can reach (scoring.out_of_reach) and the counts it is for."""
        self.passes = 0
        self.closing = False  # no player could pay for a start: the squares left are filled
        self.turns = 0
        self.placements: list[Action] = []
        self.log: list[dict[str, Any]] = []
        """What happened that a view reports: events, island scorings, hut scorings."""
        self.begin()

    @abstractmethod
    def begin(self) -> None:
        """The game's first steps, the fields set: the rules' (:mod:`.state`)."""

    @property
    def num_seats(self) -> int:
        return self.players

    def clone(self) -> Self:
        return self._copy(history=True)

    def _copy(self, history: bool) -> Self:
        """An independent copy, with a copy of the history or (``history=False``) none; the
        board both share until one changes it (:meth:`own_board`)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        self.copy_flow(other, history)  # the agenda's steps are frozen: shared
        self.board_shared = other.board_shared = True
        other.units = self.units[:]
        other.scored = self.scored[:]
        other.gold = self.gold[:]
        other.score = self.score[:]
        other.sheet = self.sheet[:]
        other.supply = list(map(list.copy, self.supply))
        other.hidden = self.hidden[:]
        other.open_stacks = self.open_stacks[:]
        other.discards = self.discards[:]
        other.box = self.box[:]
        other.paths = list(map(list.copy, self.paths))
        other.huts = self.huts[:]
        other.known = self.known[:]
        other.bag = self.bag[:]
        other.turn = self.turn.copy() if self.turn is not None else None
        other.log = self.log[:]  # entries are never changed
        return other

    def scores(self) -> list[float]:
        if self.over:
            return self.returns()
        return [float(p) for p in self.score]

    def points(self) -> list[int]:
        """The points, without the gold that :meth:`returns` adds as the tie-break."""
        return [int(p) for p in self.score]

    def returns(self) -> list[float]:
        if self.over and self._params["tiebreak"] == "gold":
            return [p + g / 1000 for p, g in zip(self.score, self.gold, strict=True)]
        return [float(p) for p in self.score]

    def params(self) -> dict[str, Any]:
        return dict(self._params)

    def resample(self, seat: int, rng: random.Random) -> Self:
        """The produce tokens ``seat`` has not looked at are redrawn (in the huts and the
        bag); nothing else is hidden (the hidden stacks are drawn by chance when drawn)."""
        other = self._copy(history=False)
        if self.current_player() == CHANCE:  # a token drawn from the bag may now differ
            other.changed()  # (a decision's choices do not)
        if self.over:
            return other
        unseen = [h for h, k in enumerate(self.huts) if k >= 0 and not self.known[h] >> seat & 1]
        pool = sorted([self.huts[h] for h in unseen] + self.bag)
        rng.shuffle(pool)
        for h in unseen:
            other.huts[h] = pool.pop()
        other.bag = sorted(pool)
        return other

    # ================================================================= the board

    def lay_out(self, layout: int) -> None:
        """Lay the tiles of a set-up."""
        self.layout = layout
        for design, x, y, rotation in self.tables.board.layouts[layout].tiles:
            self.box[design] -= 1
            self.lay(self.tables.grid.encode(x, y), design, rotation)

    def _note_enclosed(self, pos: int) -> None:
        """The square just laid is no longer enclosed; its neighbours may now be."""
        at = self.map.at
        t = self.tables
        grid = t.grid
        on_grid = grid.on_grid
        step = grid.step
        self.enclosed.discard(pos)
        for a in step:
            q = pos + a
            if q not in at and on_grid(q) and not (self.frame_open and q in t.points_at):
                for b in step:
                    n = q + b
                    if n not in at and on_grid(n):
                        break
                else:
                    self.enclosed.add(q)

    def own_board(self) -> None:
        """Copy the board (the map, its islands and sea lanes) before changing it if a clone
        shares it: most clones a search makes lay no tile, so clones share it until then."""
        if not self.board_shared:
            return
        self.board_shared = False
        self.map = self.map.copy()
        self.lanes = self.lanes.copy()
        self.enclosed = self.enclosed.copy()
        regions = self.regions = self.regions.copy()
        self.open_edges, self.tile_mask, self.bonus = regions.columns
        self.node_pos = self.node_pos[:]
        self.first_node = self.first_node.copy()

    def lay(self, pos: int, design: int, rotation: int) -> list[int]:
        """Lay a tile (legality is the caller's): its land pieces join the islands they
        touch. Returns the roots of the islands of its pieces."""
        self.own_board()
        t = self.tables
        regions = self.regions
        grid = t.grid
        index = len(self.map.tiles)
        base = len(regions.parent)
        pieces = t.piece_edges[design][rotation]
        count = len(pieces)
        open_edges = [sum(1 for e in p if grid.on_grid(pos + grid.step[e])) for p in pieces]
        bonus = [t.bonus[design] if k == 0 else 0 for k in range(count)]
        regions.add(count, open_edges, [1 << index] * count, bonus)
        self.node_pos.extend([pos] * count)
        self.first_node[pos] = base
        joins = self.map.place(pos, design, rotation)
        self.lanes.lay(t, self.map, pos)
        self._note_enclosed(pos)
        mine = t.piece[design][rotation]
        for edge, j in joins:
            if mine[edge] < 0:
                continue
            qpos, qd, qr = self.map.tiles[j]
            theirs = t.piece[qd][qr][(edge + 2) % 4]
            root = regions.union(base + mine[edge], self.first_node[qpos] + theirs)
            self.open_edges[root] -= 2
        return [regions.find(base + k) for k in range(count)]
