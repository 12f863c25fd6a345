"""A position as a plain record of numbers, and a state from one: what another engine (the
native one, ``native/small_islands.hpp``) needs to go on from here, and writes the same way.

Designs are their index, squares their board position, cards their place among their deck's
ids sorted (a deck is kept sorted), Discovery tokens and Expedition cards likewise; a step of
the agenda is (kind, seat, a, b) (:data:`STEP_KINDS`); the islands are not recorded: the
tiles laid again in order make them, with the tokens and houses on them. The score sheet's
lines are kept as they are (``sheet``), or as numbers (``sheet_lines``: the native engine's,
:func:`sheet_line`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from terranova.core.actions import Action
from terranova.core.scoring import ScoreLine
from terranova.core.turns import Step, TurnOver
from terranova.games.small_islands import exploring, sheet, words
from terranova.games.small_islands.components import RESOURCES, Mission, Reward
from terranova.games.small_islands.content import load_components
from terranova.games.small_islands.exploring import TOKEN_ORDER
from terranova.games.small_islands.islands import build
from terranova.games.small_islands.objectives import Island
from terranova.games.small_islands.record import ISLAND_TOTALS, PORT, Record
from terranova.games.small_islands.steps import (
    AlexisTurn,
    Bonus,
    Building,
    Choosing,
    Dealing,
    Discovering,
    Drawing,
    Drawn,
    Housing,
    HousingOver,
    Keeping,
    LayingStart,
    Placing,
    Reckoning,
    Revealing,
    RoundOver,
    RoundStart,
    Turn,
)
from terranova.games.small_islands.tables import Tables
from terranova.kit.board import TileBoard
from terranova.kit.placements import Placements
from terranova.kit.regions import Regions

STEP_KINDS: tuple[type[Step], ...] = (
    LayingStart, Revealing, Dealing, Drawing, Choosing, Turn, Placing, Bonus, AlexisTurn,
    RoundStart, Housing, Discovering, Keeping, Reckoning, HousingOver, RoundOver, Building,
    Drawn,
)  # fmt: skip
"""The steps by number (then the turn engine's ``TurnOver``: :data:`TURN_OVER`)."""
TURN_OVER = len(STEP_KINDS)
ENDINGS = (words.STACK_SHORT, words.SHIPS_LAID, words.NO_TILE)
"""Why a game ended by number; then ``words.stuck`` (:data:`STUCK`)."""
STUCK = len(ENDINGS)
DECKS = {"objective": 0, "mission": 0, "reward": 1}
"""Each deck's place in a round's objective."""


class Ids:
    """The ids of a set of components in the record's numbering: each kind's sorted."""

    def __init__(self, t: Tables) -> None:
        self.objectives = tuple(sorted(t.objectives))
        self.missions = tuple(sorted(t.missions))
        self.rewards = tuple(sorted(t.rewards))
        self.discoveries = tuple(sorted(t.discoveries))
        self.expeditions = tuple(sorted(t.expeditions))
        self.number = {
            "objective": {c: i for i, c in enumerate(self.objectives)},
            "mission": {c: i for i, c in enumerate(self.missions)},
            "reward": {c: i for i, c in enumerate(self.rewards)},
        }
        self.token = {c: i for i, c in enumerate(self.discoveries)}
        self.expedition = {c: i for i, c in enumerate(self.expeditions)}

    def deck(self, name: str) -> tuple[str, ...]:
        """A deck's cards, by number."""
        return {"objective": self.objectives, "mission": self.missions}.get(name, self.rewards)


@lru_cache(maxsize=16)
def ids_of(t: Tables) -> Ids:
    """The numbering of these tables (made once)."""
    return Ids(t)


def _step(step: Step, decks: list[str]) -> tuple[int, int, int, int]:
    kind = TURN_OVER if type(step) not in STEP_KINDS else STEP_KINDS.index(type(step))
    seat = getattr(step, "seat", 0)
    if isinstance(step, LayingStart):
        return kind, seat, sum(1 << i for i in step.left), int(step.ordered)
    if isinstance(step, Drawing):
        return kind, seat, decks.index(step.deck), 0
    if isinstance(step, Discovering | Reckoning):
        return kind, seat, step.left, 0
    return kind, seat, 0, 0


_SEATED: dict[type[Step], Callable[[int], Step]] = {
    Dealing: Dealing, Choosing: Choosing, Turn: Turn, Placing: Placing, Bonus: Bonus,
    Housing: Housing, Keeping: Keeping, HousingOver: HousingOver, Building: Building,
    Drawn: Drawn, TurnOver: TurnOver,
}  # fmt: skip
"""The steps of one field, a seat."""


def _made_step(row: Sequence[int], decks: list[str]) -> Step:
    kind, seat, a, b = row
    made = TurnOver if kind == TURN_OVER else STEP_KINDS[kind]
    if made is LayingStart:
        return LayingStart(seat, tuple(i for i in range(8) if a >> i & 1), bool(b))
    if made is Drawing:
        return Drawing(seat, decks[a])
    if made is Discovering:
        return Discovering(seat, a)
    if made is Reckoning:
        return Reckoning(seat, a)
    seated = _SEATED.get(made)
    return made() if seated is None else seated(seat)


def position(g: Record) -> dict[str, Any]:
    """The position of ``g`` as a record of numbers (the module says how)."""
    t = g.tables
    ids = ids_of(t)
    decks = list(g.decks)
    number = ids.number
    ended = -1
    if g.ended is not None:
        ended = ENDINGS.index(g.ended) if g.ended in ENDINGS else STUCK
    return {
        "agenda": [_step(step, decks) for step in g.agenda],
        "over": g.over,
        "tiles": g.board.tiles[:],
        "tokens_at": [
            (pos, seat, TOKEN_ORDER.index(kind), RESOURCES.index(over) + 1 if over else 0)
            for pos, placed in g.tokens_at.items()
            for seat, kind, over in placed
        ],
        "houses_at": [(pos, place) for pos, places in g.houses_at.items() for place in places],
        "ships": g.ships[:],
        "pool": g.pool[:],
        "reserve": g.reserve,
        "nav": g.nav,
        "row": g.row[:],
        "hands": [hand[:] for hand in g.hands],
        "tokens": [[TOKEN_ORDER.index(k) for k in held] for held in g.tokens],
        "supply": g.supply[:],
        "stock": g.stock[:],
        "built": g.built[:],
        "prestige": g.prestige[:],
        "discoveries": [[ids.token[k] for k in found] for found in g.discoveries],
        "disc_pool": sorted(ids.token[k] for k in g.disc_pool),
        "drawn": [ids.token[k] for k in g.drawn],
        "known_returned": [sorted(ids.token[k] for k in known) for known in g.known_returned],
        "decks": [sorted(number[d][c] for c in g.decks[d]) for d in decks],
        "held": [[[number[d][c] for c in h[d]] for d in decks] for h in g.held],
        "now": [[number[d][c] for d, c in zip(decks, now, strict=False)] for now in g.now],
        "later": [[number[d][c] for d, c in zip(decks, later, strict=False)] for later in g.later],
        "returned": [
            sorted(
                64 * k + number[d][c] for k, d in enumerate(decks) for c in back if c in number[d]
            )
            for back in g.returned
        ],
        "revealed": [
            (p, [number[d][c] for d, c in zip(decks, cards, strict=False)])
            for p, cards in g.revealed.items()
        ],
        "earned": g.earned[:],
        "houses_at_last": g.houses_at_last,
        "alexis_tiles": [(-1, -1, -1) if laid is None else laid for laid in g.alexis_tiles],
        "first": g.first,
        "round": g.round,
        "lander": g.lander,
        "clock": g.clock,
        "last_tile": g.last_tile[:],
        "expeditions": sorted(ids.expedition[e] for e in g.expeditions),
        "expedition_discards": [ids.expedition[e] for e in g.expedition_discards],
        "last_expedition": ids.expedition[g.last_expedition] if g.last_expedition else -1,
        "ended": ended,
        "ended_seat": -1 if g.ended_seat is None else g.ended_seat,
        "sheet": g.sheet[:],
        "sheet_lines": [],
    }


def sheet_line(t: Tables, advanced: bool, row: tuple[Any, ...]) -> ScoreLine:
    """A line of the score sheet from the native engine's numbers: (kind, seat, points, ply,
    round, a, b, island counts)."""
    kind, seat, points, ply, round_, a, b, counts = row
    ids = ids_of(t)
    if kind == 0:
        wanted: Mission
        paid: Reward
        if advanced:
            wanted, paid = t.missions[ids.missions[a]], t.rewards[ids.rewards[b]]
        else:
            card = t.objectives[ids.objectives[a]]
            wanted, paid = card.mission, card.reward
        return sheet.objective_line(seat, points, wanted, paid, round_, Island(*counts), ply)
    if kind == 1:
        return sheet.landed_line(seat, points, ply)
    if kind == 2:
        return sheet.ports_line(seat, points, bool(a), ply)
    return sheet.discovery_line(seat, points, ply)


def from_position(
    cls: type[Record], params: dict[str, Any], record: dict[str, Any], history: list[Action]
) -> Record:
    """The state of class ``cls`` (the game's) of a :func:`position` record of a game of
    ``params``, reached by ``history``."""
    components = load_components(params.get("tiles"), params.get("cards"))
    g = cls(components, **params)
    t = g.tables
    ids = ids_of(t)
    decks = list(g.decks)
    g.board = TileBoard(t.tiles)
    g.placements = Placements(g.board, keep=8)
    g.islands = Regions(*ISLAND_TOTALS)
    g.island_list = None
    g.token_spots = None
    for pos, design, rotation in record["tiles"]:
        exploring.join(g, pos, design, rotation)
    g.tokens_at = {}
    for pos, seat, kind, over in record["tokens_at"]:
        covered = RESOURCES[over - 1] if over else ""
        g.tokens_at.setdefault(pos, []).append((seat, TOKEN_ORDER[kind], covered))
        if TOKEN_ORDER[kind] == "port":
            g.bump(pos, PORT, 1)
        else:
            g.bump(pos, 1 + kind, 1)
            if over:
                g.bump(pos, over, -1)
    supply = list(record["supply"])
    built = list(record["built"])
    g.houses_at = {}
    for pos, place in record["houses_at"]:
        build(g, place, pos)
    g.supply = supply
    g.built = built
    g.houses_at_last = record["houses_at_last"]
    g.ships = [(pos, owner) for pos, owner in record["ships"]]
    g.pool = list(record["pool"])
    g.reserve = record["reserve"]
    g.nav = record["nav"]
    g.row = list(record["row"])
    g.hands = [list(hand) for hand in record["hands"]]
    g.tokens = [[TOKEN_ORDER[k] for k in held] for held in record["tokens"]]
    g.stock = list(record["stock"])
    g.prestige = list(record["prestige"])
    tokens = ids.discoveries
    g.discoveries = [[tokens[k] for k in found] for found in record["discoveries"]]
    g.disc_pool = [tokens[k] for k in record["disc_pool"]]
    g.drawn = [tokens[k] for k in record["drawn"]]
    g.known_returned = [{tokens[k] for k in known} for known in record["known_returned"]]
    g.decks = {
        d: [ids.deck(d)[c] for c in cards] for d, cards in zip(decks, record["decks"], strict=True)
    }
    g.held = [
        {d: [ids.deck(d)[c] for c in cards] for d, cards in zip(decks, h, strict=True)}
        for h in record["held"]
    ]

    def cards(numbers: list[int]) -> tuple[str, ...]:
        return tuple(ids.deck(d)[c] for d, c in zip(decks, numbers, strict=False))

    g.now = [cards(now) for now in record["now"]]
    g.later = [cards(later) for later in record["later"]]
    g.returned = [{ids.deck(decks[c // 64])[c % 64] for c in back} for back in record["returned"]]
    g.revealed = {p: cards(numbers) for p, numbers in record["revealed"]}
    g.earned = [(p, pos, gained, drawn) for p, pos, gained, drawn in record["earned"]]
    g.alexis_tiles = tuple(
        None if design < 0 else (design, pos, rotation)
        for design, pos, rotation in record["alexis_tiles"]
    )
    g.first = record["first"]
    g.round = record["round"]
    g.lander = record["lander"]
    g.clock = record["clock"]
    g.last_tile = list(record["last_tile"])
    g.expeditions = [ids.expeditions[e] for e in record["expeditions"]]
    g.expedition_discards = [ids.expeditions[e] for e in record["expedition_discards"]]
    last = record["last_expedition"]
    g.last_expedition = ids.expeditions[last] if last >= 0 else ""
    ended, seat = record["ended"], record["ended_seat"]
    g.ended_seat = None if seat < 0 else seat
    g.ended = None if ended < 0 else ENDINGS[ended] if ended < STUCK else words.stuck(seat)
    g.sheet = [
        *record["sheet"],
        *(sheet_line(t, g.advanced, tuple(row)) for row in record["sheet_lines"]),
    ]
    g.agenda = [_made_step(row, decks) for row in record["agenda"]]
    g.over = bool(record["over"])
    g.take_history(history)
    return g
