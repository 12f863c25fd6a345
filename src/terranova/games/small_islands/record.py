"""Small Islands' record: the game's data as plain public fields, which the rulebook's
chapters (:mod:`.exploring`, :mod:`.rounds`, :mod:`.alexis`, :mod:`.sheet`, :mod:`.views`,
:mod:`.words`) read and write by name, and the bots read. The record runs on the core turn
engine (:class:`~terranova.core.turns.AgendaState`: its agenda, ply and end); the rules that
give each step its meaning are the state's (:class:`.state.SmallIslandsState`), which
imports the chapters, as they import this record and never the state.

The table is a kit :class:`~terranova.kit.board.TileBoard` matching edges and corners;
islands are a kit :class:`~terranova.kit.regions.Regions` with one node per laid tile
(tile index), joined across land edges, whose roots hold each island's counts
(:data:`ISLAND_TOTALS`).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, Self

from terranova.core.errors import InvalidParameterError
from terranova.core.i18n import Said
from terranova.core.scoring import ScoreLine
from terranova.core.turns import AgendaState
from terranova.games.small_islands.actions import Token
from terranova.games.small_islands.components import Components
from terranova.games.small_islands.tables import Tables, tables_of
from terranova.kit.board import TileBoard
from terranova.kit.placements import Placements
from terranova.kit.regions import OR, SUM, Regions

VARIANTS: dict[str, tuple[str | int, ...]] = {
    "mode": ("normal", "advanced"),
    "alexis": (2, 1, 3),
    "tokens": ("add", "cover"),
    "start": ("free", "ordered"),
}
"""Each variant's choices, the default first (docs/small-islands/rulings.md says why)."""


ISLAND_TOTALS = (
    ("tiles", SUM),
    ("flower", SUM),
    ("fruit", SUM),
    ("leaf", SUM),
    ("temple", SUM),
    ("port", SUM),
    ("house", SUM),
    ("owners", OR),
)
"""An island's root holds its tiles, resources (bonus tokens counted), temples, ports
(printed and placed), house symbols, and a bit mask of who has a house on it."""
TILES, FLOWER, FRUIT, LEAF, TEMPLE, PORT, HOUSE, OWNERS = range(8)


class Record(AgendaState):
    """The data of a game of Small Islands for 1 to 4 players (1: the solo game against
    Alexis), on the turn engine; :class:`.state.SmallIslandsState` gives it its rules."""

    game_id = "small-islands"

    def __init__(
        self,
        components: Components,
        players: int = 2,
        mode: str = "normal",
        alexis: int = 2,
        tokens: str = "add",
        start: str = "free",
        tiles: str | None = None,
        cards: str | None = None,
    ) -> None:
        self.start_flow()
        self._params: dict[str, Any] = {
            "players": players,
            "mode": mode,
            "alexis": alexis,
            "tokens": tokens,
            "start": start,
            "tiles": tiles,
            "cards": cards,
        }
        for name, choices in VARIANTS.items():
            if self._params[name] not in choices:
                raise InvalidParameterError(
                    f"{name} is one of {choices}, not {self._params[name]!r}"
                )
        if not 1 <= players <= 4:
            raise InvalidParameterError(f"Small Islands takes 1 to 4 players, not {players}")
        if players > components.ships:
            raise InvalidParameterError(f"{components.ships} ship tiles: at most that many players")
        t: Tables = tables_of(components)
        self.tables = t
        self.players = players
        self.solo = players == 1
        self.advanced = mode == "advanced"
        self.cover = tokens == "cover"
        self.ordered = start == "ordered"
        """Variant ``start=ordered``: the starting tiles are laid in number order."""
        self.clean_spots: list[list[tuple[str, str]]] = []
        """Per design, where a bonus token may go on a tile with none on it yet (listed at
        set-up: :func:`.exploring.clean_spots`)."""
        self.token_spots: dict[str, list[Token]] | None = None
        """Per kind, where a bonus token may go now, once listed (:func:`.exploring.all_spots`;
        shared by clones: replaced, never changed)."""
        card = next((a for a in components.alexis if a.stars == alexis), None)
        if self.solo and card is None:
            raise InvalidParameterError(f"no Alexis card of {alexis} stars in the card file")
        if not self.solo:
            card = None
        self.alexis_card = card
        seats = players + (1 if self.solo else 0)
        self.places = seats
        """Places in turn order: the seats, and Alexis last in the solo game."""
        self.board: TileBoard[Any] = TileBoard(t.tiles)
        self.placements: Placements[Any] = Placements(self.board, keep=8)
        self.islands = Regions(*ISLAND_TOTALS)
        self.island_list: tuple[int, dict[int, list[int]]] | None = None
        """The islands as listed after that many tiles (shared by clones: never changed)."""
        self.houses_at: dict[int, list[int]] = {}
        """Square -> the places (seats, Alexis) with a house on its tile."""
        self.tokens_at: dict[int, list[tuple[int, str, str]]] = {}
        """Square -> the bonus tokens on its tile: (seat, kind, resource covered or '')."""
        self.ships: list[tuple[int, int]] = []
        """Ship tiles laid: (square, owner seat, or -1 for a grey one)."""
        self.pool = [d.count for d in components.landscape]
        """Landscape tiles nobody has seen, per design (the main stack and the Navigation
        stack: both were shuffled alike)."""
        self.reserve = components.landscape_total
        self.nav = 0
        self.row: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.tokens: list[list[str]] = [list(components.tokens) for _ in range(players)]
        self.supply = [components.houses] * seats
        self.stock = [components.reserve] * seats
        if card is not None:
            self.supply[players] = components.houses + components.reserve
            self.stock[players] = 0
        self.built = [0] * seats
        self.prestige = [0] * players
        self.discoveries: list[list[str]] = [[] for _ in range(players)]
        self.disc_pool = sorted(t.discoveries)
        self.drawn: list[str] = []
        self.known_returned: list[set[str]] = [set() for _ in range(players)]
        """Per seat, the Discovery tokens it drew and put back that nobody has drawn since."""
        decks: list[tuple[str, list[str]]] = (
            [("mission", sorted(t.missions)), ("reward", sorted(t.rewards))]
            if self.advanced
            else [("objective", sorted(t.objectives))]
        )
        self.decks = dict(decks)
        self.held: list[dict[str, list[str]]] = [
            {name: [] for name in self.decks} for _ in range(players)
        ]
        """Per seat and deck, the cards in hand not yet set for a round."""
        self.now: list[tuple[str, ...]] = [() for _ in range(players)]
        self.later: list[tuple[str, ...]] = [() for _ in range(players)]
        self.returned: list[set[str]] = [set() for _ in range(players)]
        """Per seat, the cards it put back this round (they stay in the deck until the next
        draws)."""
        self.revealed: dict[int, tuple[str, ...]] = {}
        """The objectives revealed at the last round's end, by seat (until the next round)."""
        self.earned: list[tuple[int, int, int, int]] = []
        """The houses built at the last round's end: (place, square, points, Discovery
        tokens drawn), Alexis's too (until the next round)."""
        self.houses_at_last = -1
        self.alexis_tiles: tuple[tuple[int, int, int] | None, ...] = ()
        """What each Expedition card Alexis turned over laid, in the order turned: (design,
        square, rotation), or None for a card that laid nothing (a tuple: copies share it)."""
        self.first = 0
        self.round = 0
        self.lander = -1
        self.clock = 0
        self.last_tile = [-1] * players
        self.expeditions: list[str] = []
        self.expedition_discards: list[str] = []
        self.last_expedition = ""
        if card is not None:
            explore = [e.id for e in components.expeditions if e.kind == "explore"][: card.explore]
            land = [e.id for e in components.expeditions if e.kind == "land"][: card.land]
            self.expeditions = sorted(explore + land)
        self.ended: Said | None = None
        """Why the game ended (:mod:`.words`), once it has."""
        self.ended_seat: int | None = None
        """The place of the player who could neither explore nor land, if that ended it."""
        self.sheet: list[ScoreLine] = []
        """The score sheet: the lines scored so far, in order (:mod:`.sheet`)."""
        self.set_up()

    @abstractmethod
    def set_up(self) -> None:
        """Lay out the game (the rules' set-up) and run its flow to the first decision."""

    def copy_record(self) -> Self:
        """An independent copy of the record, its flow still to give (shared for now: see
        :meth:`~terranova.core.turns.AgendaState.copy_flow`)."""
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        other.board = self.board.copy()
        other.placements = self.placements.copy(other.board)
        other.islands = self.islands.copy()
        other.houses_at = {k: v[:] for k, v in self.houses_at.items()}
        other.tokens_at = {k: v[:] for k, v in self.tokens_at.items()}
        other.ships = self.ships[:]
        other.pool = self.pool[:]
        other.row = self.row[:]
        other.hands = list(map(list.copy, self.hands))
        other.tokens = list(map(list.copy, self.tokens))
        other.supply = self.supply[:]
        other.stock = self.stock[:]
        other.built = self.built[:]
        other.prestige = self.prestige[:]
        other.discoveries = list(map(list.copy, self.discoveries))
        other.disc_pool = self.disc_pool[:]
        other.drawn = self.drawn[:]
        other.known_returned = list(map(set.copy, self.known_returned))
        other.decks = {k: v[:] for k, v in self.decks.items()}
        other.held = [{k: v[:] for k, v in h.items()} for h in self.held]
        other.now = self.now[:]
        other.later = self.later[:]
        other.returned = list(map(set.copy, self.returned))
        other.revealed = dict(self.revealed)
        other.earned = self.earned[:]
        other.last_tile = self.last_tile[:]
        other.expeditions = self.expeditions[:]
        other.expedition_discards = self.expedition_discards[:]
        other.sheet = self.sheet[:]
        return other

    def island_root(self, pos: int) -> int:
        """The root node of the island of the tile on ``pos``."""
        return self.islands.find(self.board.at[pos])

    def island_count(self, root: int, column: int) -> int:
        value: int = self.islands.columns[column][root]
        return value

    def bump(self, pos: int, column: int, delta: int) -> None:
        """Change one count of the island of the tile on ``pos``."""
        root = self.island_root(pos)
        self.islands.columns[column][root] += delta
